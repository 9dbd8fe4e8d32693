"""Start-up in bulk (a real SQLite file and PostgreSQL): the tables of a dead process are
claimed a few hundred at a time, never by two processes starting together; their running
hands are read at their next step (none kept in memory meanwhile), every hand still verifies;
the recovered tables are redrawn paced, in turn."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Awaitable
from pathlib import Path
from typing import Any

import pytest

from bench.stub import open_runtime, open_tables, pending_moves
from bot.tables import leases as leases_module
from bot.tables.watch import RECOVERY_RATE
from tests.helpers import BOTH_BACKENDS, assert_hands_verify

pytestmark = BOTH_BACKENDS

TABLES = 12


async def _dead_process(target: str | Path) -> dict[int, str]:
    """A process opens fair tables, plays a round and dies holding their leases."""
    bot, manager = await open_runtime(target, edit_interval=0.0, instance_id="first")
    try:
        tables = await open_tables(manager, TABLES)
        for table, seat, action, turn in pending_moves(tables, random.Random(4)):
            await manager.act(table, seat, action, turn=turn)
        assert all(t.fair_master is not None and t.game is not None for t in tables)
        return {t.id: json.dumps(t.game.to_json()) for t in tables if t.game is not None}
    finally:
        await manager.close()
        await bot.db.close()


async def test_processes_starting_together_split_the_tables_and_finish_them(
    database_target: str | Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(leases_module, "CHUNK", 5)  # several bulk statements per claim
    states = await _dead_process(database_target)
    runtimes = [
        await open_runtime(database_target, edit_interval=0.0, instance_id=name)
        for name in ("second", "third")
    ]
    try:
        for _bot, manager in runtimes:  # the dead process's leases ran out
            manager.leases.clock = lambda ttl=manager.leases.ttl: time.time() + ttl + 1
        claimed = await asyncio.gather(*(m.leases.claim() for _b, m in runtimes))
        assert sorted(claimed[0] + claimed[1]) == sorted(states)
        assert not set(claimed[0]) & set(claimed[1])
        bot = runtimes[0][0]
        rows = await bot.db.fetchall("SELECT table_id, owner FROM table_leases ORDER BY 1")
        owners = {int(r[0]): str(r[1]) for r in rows}
        for (_bot, manager), taken in zip(runtimes, claimed, strict=True):
            assert sorted(manager.index.tables) == sorted(taken)
            assert {owners[t] for t in taken} <= {manager.leases.owner}
            assert [t[0] for t in manager.leases.takeovers] == sorted(taken)
            assert not manager.history.running  # running hands are read at the next step
            for table in manager.index.tables.values():
                assert table.game is not None and table.fair_master is not None
                assert json.dumps(table.game.to_json()) == states[table.id]
        rng = random.Random(5)
        while True:  # both processes play their tables to the end
            moves = {}
            for _bot, manager in runtimes:
                for table, seat, action, turn in pending_moves(
                    list(manager.index.tables.values()), rng
                ):
                    moves.setdefault(table.id, (manager, table, seat, action, turn))
            if not moves:
                break
            await asyncio.gather(*(m.act(t, s, a, turn=n) for m, t, s, a, n in moves.values()))
        await assert_hands_verify(bot.db, TABLES)
    finally:
        for bot, manager in runtimes:
            await manager.close()
            await bot.db.close()


async def test_recovered_tables_are_redrawn_paced_in_turn(database_target: str | Path) -> None:
    await _dead_process(database_target)
    bot, manager = await open_runtime(database_target, instance_id="first")  # paced edits
    pauses: list[float] = []

    class Sleeper:
        """Virtual time: the recovery's pauses pass at once; timers never come."""

        async def __call__(self, seconds: float) -> None:
            pauses.append(seconds)
            if seconds != 1.0 / RECOVERY_RATE:
                await asyncio.Event().wait()

        def now(self) -> float:
            return asyncio.get_running_loop().time()

        async def wait(self, event: Awaitable[Any]) -> Any:
            return await event

    bot.sleeper = Sleeper()
    try:
        await manager.leases.claim()  # the same INSTANCE_ID takes its tables back at once
        assert len(manager.index.tables) == TABLES
        assert not bot.traffic.edits  # nothing drawn yet: the redraws wait their turn
        for _ in range(1000):
            if sum(len(e) for e in bot.traffic.edits.values()) == TABLES:
                break
            await asyncio.sleep(0.01)
        drawn = sorted(bot.traffic.edits, key=lambda c: bot.traffic.edits[c][0])
        assert drawn == [
            t.channel_id for t in sorted(manager.index.tables.values(), key=lambda t: t.id)
        ]
        assert pauses.count(1.0 / RECOVERY_RATE) == TABLES
        assert all(t.tasks.visible.is_set() for t in manager.index.tables.values())
    finally:
        await manager.close()
        await bot.db.close()
