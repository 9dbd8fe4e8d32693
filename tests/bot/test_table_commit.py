"""A task cancelled while its transaction commits: memory and database never disagree."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.tables.guard import uncancelled
from bot.tables.rowstate import load_state
from tests.bot.test_table_guards import at_timed_betting
from tests.helpers import World


async def cancel_timer_at_commit(world: World, table_id: int) -> list[str]:
    """Cancel the table's turn timer task the moment SQLite starts its next COMMIT (the real
    commit still runs in aiosqlite's thread, as when a task is cancelled mid-commit)."""
    loop = asyncio.get_running_loop()
    db = world.bot.db
    table = world.bot.tables.index.get(table_id)
    assert table is not None
    cancelled: list[str] = []

    def trace(statement: str) -> None:
        task = table.tasks.timer
        if statement.strip().upper() == "COMMIT" and not cancelled and task is not None:
            cancelled.append(task.get_name())
            loop.call_soon_threadsafe(task.cancel)

    await db._conn.set_trace_callback(trace)
    return cancelled


async def saved_state(world: World, table_id: int) -> dict[str, Any]:
    row = await world.bot.db.fetchone("SELECT state FROM game_tables WHERE id = ?", (table_id,))
    assert row is not None
    return load_state(row["state"])


async def test_a_timer_cancelled_while_committing_keeps_memory_and_database_together(
    world: World,
) -> None:
    table, turn = await at_timed_betting(world)
    assert table.game is not None
    cancelled = await cancel_timer_at_commit(world, table.id)
    await world.env.advance_time(61)  # the turn timer plays for the betting seat
    await world.bot.db._conn.set_trace_callback(None)
    assert cancelled == [f"timer-{table.id}"]
    assert table.game.to_json() == await saved_state(world, table.id)
    assert table.game.turn != turn  # the move was stored, so it stays made
    # The table goes on: the next timeout is played and saved too.
    await world.env.advance_time(61)
    assert table.game.to_json() == await saved_state(world, table.id)


async def test_uncancelled_finishes_the_write_then_delivers_the_cancellation() -> None:
    written: list[str] = []
    after: list[str] = []
    started, release = asyncio.Event(), asyncio.Event()

    async def write() -> str:
        started.set()
        await release.wait()  # the commit is running
        written.append("row")
        return "done"

    async def caller() -> None:
        result = await uncancelled(write())
        after.append(result)  # memory follows the stored write
        await asyncio.sleep(0)  # the held-back cancellation arrives here
        after.append("not reached")

    task = asyncio.ensure_future(caller())
    await started.wait()
    task.cancel()
    await asyncio.sleep(0)
    assert not task.done()  # held until the write is over
    release.set()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert written == ["row"] and after == ["done"]
