"""The interactive demo's page as its browser uses it: a click shows the player's own move at
once (bots follow at their pace), and actions sent while the clock publishes bot moves go
through instead of being refused as stale."""

from __future__ import annotations

import asyncio
import dataclasses
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from bot.demo.interactive import Session, _instructions, interactive_session, preview_missing
from bot.demo.page import browser_action, buttons, embed_text, slash_fields
from bot.sim_driver import bots_support

pytestmark = pytest.mark.skipif(
    bool(preview_missing()) or not bots_support("coruscant-shift"),
    reason="simcord[preview] or bot opponents unavailable",
)


# How long an action may wait for the bot's own work (painting, the database) in these tests:
# the demo's half second is too short on a loaded machine (the bots' thinking is virtual time,
# never waited for either way).
LOADED = 60.0


def _demo(tmp_path: Path, **options: Any) -> Any:
    """The demo these tests open: Coruscant Shift, two bots, seeded, started, :data:`LOADED`."""
    defaults = {"players": 2, "start": True, "seed": 1, "settle": LOADED}
    return interactive_session("coruscant-shift", db=tmp_path / "d.db", **{**defaults, **options})


def _settled(receipt: dict[str, object]) -> bool:
    return not receipt.get("rejected") and receipt.get("settlement") == "settled"


async def _your_quick_turn(session: Session, limit: float = 600.0) -> tuple[int, str]:
    """Let the table run (pickers answered by an engine policy) until You may check/stand
    (``limit``: real seconds, a bound for a stuck table, not a timing check)."""
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
    async with _demo(tmp_path, bot_delay=0.0) as session:
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
    async with _demo(tmp_path, bot_delay=1.5) as session:
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
    async with _demo(tmp_path, players=1, bot_delay=1.5, start=False, seed=None) as session:
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
        # The page reads "auto-play in 10 minutes" for the demo's 600 s timer, as Discord does.
        assert table.turn_timeout - 1 <= left <= table.turn_timeout


def _tokens(value: object) -> list[dict[str, object]]:
    """Every token of a published token tree."""
    found: list[dict[str, object]] = []
    if isinstance(value, dict):
        found.append(value)
        for child in value.values():
            found += _tokens(child)
    elif isinstance(value, list):
        for child in value:
            found += _tokens(child)
    return found


async def test_embeds_show_names_and_the_demo_timer_is_long(tmp_path: Path) -> None:
    """Issue 25 point 17: the table embed shows "@You", not "<@1456…>" (Discord renders
    mentions in embeds; the demo's Preview layer does too), while the message the bot sent keeps
    the mention; each decision gets 10 minutes in the demo, and the page says so."""
    async with _demo(tmp_path, bot_delay=0.0) as session:
        table = session.driver.table()
        you = session.driver.members[0]
        async with session.clock.lock:
            await session.preview.refresh()
        snapshot = session.preview._python.snapshot
        (embed, *_) = snapshot["messages"][str(table.message_id)]["embeds"]
        tokens = _tokens(
            [embed["description_tokens"], [f["value_tokens"] for f in embed["fields"]]]
        )
        labels = {t.get("label") for t in tokens if t.get("type") == "mention"}
        texts = "".join(str(t.get("content", "")) for t in tokens if t.get("type") == "text")
        assert "@You" in labels and "<@" not in texts
        sent = session.env.backend.get_message(table.channel_id, table.message_id)
        assert f"<@{you.id}>" in "".join(str(e.get("description")) for e in sent.embeds)
        assert table.turn_timeout == 600
        topic = session.env.backend.get_channel(table.channel_id).topic
        assert "10 minutes" in str(topic)
        assert "10 minutes in this demo" in _instructions(session, "coruscant-shift")
    # outside the demo the Preview's own policy is back (other pages are left as they are)
    from simcord.preview import _markdown

    assert _markdown._FIELD_POLICIES["embed_description"]["mentions"] is False
