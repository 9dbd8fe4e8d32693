"""The interactive demo's page as its browser uses it: a click shows the player's own move at
once (bots follow at their pace), and actions sent while the clock publishes bot moves go
through instead of being refused as stale."""

from __future__ import annotations

import asyncio
import dataclasses
from datetime import datetime
from pathlib import Path

import pytest

from bot.demo.interactive import Session, interactive_session, preview_missing
from bot.demo.page import browser_action, buttons, embed_text, slash_fields
from bot.sim_driver import bots_support

pytestmark = pytest.mark.skipif(
    bool(preview_missing()) or not bots_support("coruscant-shift"),
    reason="simcord[preview] or bot opponents unavailable",
)


def _settled(receipt: dict[str, object]) -> bool:
    return not receipt.get("rejected") and receipt.get("settlement") == "settled"


async def _your_quick_turn(session: Session, limit: float = 20.0) -> tuple[int, str]:
    """Let the table run (pickers answered by an engine policy) until You may check/stand."""
    from bot.sim_driver import engine_policy

    policy = engine_policy("cautious")
    driver = session.driver
    you = driver.members[0]
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while loop.time() < end:
        table = driver.table()
        game = table.game
        assert game is not None and not game.finished
        seat = table.seat_of(you.id)
        if seat in game.pending_seats():
            quick = [s.kind for s in game.legal_actions(seat) if s.kind in ("check", "stand")]
            async with session.clock.lock:
                await session.preview.refresh()
                shown = buttons(session.preview._python.snapshot)
                if quick and f"sabacc:{table.id}:{game.turn}:{quick[0]}" in shown:
                    return game.turn, quick[0]
                kind, value = policy(table, seat, game.legal_actions(seat))
                custom_id = f"sabacc:{table.id}:{game.turn}:{kind}"
                if not quick and custom_id in shown:
                    await driver.do(seat, kind, value)
        await asyncio.sleep(0.02)
    raise AssertionError("You never got a check/stand turn")


async def test_a_click_shows_your_move_before_the_bots_think(tmp_path: Path) -> None:
    async with interactive_session(
        "coruscant-shift", players=2, db=tmp_path / "d.db", bot_delay=0.0, start=True, seed=1
    ) as session:
        table = session.driver.table()
        turn, kind = await _your_quick_turn(session)
        # From now on each bot thinks 2 s: longer than a page action may wait for the bot.
        bot = session.env.bot
        bot.settings = dataclasses.replace(bot.settings, bot_delay=2.0)
        custom_id = f"sabacc:{table.id}:{turn}:{kind}"
        before = embed_text(session.preview._python.snapshot, table.message_id)
        message_id, control_key = buttons(session.preview._python.snapshot)[custom_id]
        receipt = await browser_action(
            session.preview,
            session.env,
            {"kind": "click", "target_id": message_id, "control_key": control_key},
        )
        assert _settled(receipt), receipt
        # The page published with the click's result already shows the move...
        shown = embed_text(session.preview._python.snapshot, table.message_id)
        new = set(shown.splitlines()) - set(before.splitlines())
        you = f"<@{session.driver.members[0].id}>"
        assert any(line.startswith(you) for line in new), new
        game = table.game
        assert game is not None and game.turn != turn
        # ...and the click did not wait for the bots.
        assert any(table.seats[s].is_bot for s in game.pending_seats())


async def test_commands_go_through_while_the_clock_publishes_bot_moves(tmp_path: Path) -> None:
    async with interactive_session(
        "coruscant-shift", players=2, db=tmp_path / "d.db", bot_delay=1.5, start=True, seed=1
    ) as session:
        preview = session.preview
        seen = preview._python.revision
        async with session.clock.lock:  # a tick is running...
            command = asyncio.create_task(
                browser_action(
                    preview, session.env, slash_fields(preview, "balance"), revision=seen
                )
            )
            await asyncio.sleep(0.05)  # ...while the typed command arrives
            await preview.refresh()  # the tick republishes the page (bot moves)
            assert preview._python.revision != seen
        receipt = await command
        assert _settled(receipt), receipt
        # A command sent before the page caught up with the bots' moves goes through too.
        seen = preview._python.revision
        await preview.refresh()
        receipt = await browser_action(
            preview, session.env, slash_fields(preview, "leaderboard"), revision=seen
        )
        assert _settled(receipt), receipt


async def test_the_turn_countdown_is_drawn_against_the_current_time(tmp_path: Path) -> None:
    async with interactive_session(
        "coruscant-shift", players=1, db=tmp_path / "d.db", bot_delay=1.5
    ) as session:
        preview, driver = session.preview, session.driver
        async with session.clock.lock:  # a minute passes in the lobby; nothing to republish
            await session.env.advance_time(60)
        table = driver.table()
        message_id, control_key = buttons(preview._python.snapshot)[f"sabacct:{table.id}:start"]
        receipt = await browser_action(
            preview,
            session.env,
            {"kind": "click", "target_id": message_id, "control_key": control_key},
        )
        assert _settled(receipt), receipt
        assert table.deadline is not None
        shown = preview._python.snapshot["profile"]["presentationTime"]
        left = table.deadline - datetime.fromisoformat(shown).timestamp()
        # The page reads "auto-play in 2 minutes" for a 90 s timer, as Discord does (not 3).
        assert table.turn_timeout - 1 <= left <= table.turn_timeout
