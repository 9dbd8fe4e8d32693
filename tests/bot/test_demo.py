"""The offline demo: the headless run for every variant with a cog, and the interactive preview."""

from __future__ import annotations

import asyncio
import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from bot.demo.cli import main, parse_args
from bot.demo.common import demo_variants
from bot.demo.headless import MEMBER_NAMES, run_headless
from bot.demo.interactive import interactive_session, preview_missing
from bot.sim_driver import SimDriver, bots_support
from bot.storage import open_database
from bot.storage.embedded import EmbeddedPostgres
from tests.helpers import text_of

VARIANTS = sorted(demo_variants())


MENTION = re.compile(r"<@!?\d+>")
MEMBER = re.compile(r"\b(?:" + "|".join(MEMBER_NAMES) + r")\b")


class PublicOnly:
    """Checks, step by step, that every transcript line is something a spectator sees in the
    channel at that moment (public messages never carry a hidden card: the table tests check
    that), and records what members saw privately (to show that hands were dealt)."""

    def __init__(self) -> None:
        self.steps = 0
        self.private: set[str] = set()
        self.unseen: list[str] = []

    def __call__(self, driver: SimDriver, lines: list[str]) -> None:
        self.steps += 1
        public = driver.channel.history()
        visible = MENTION.sub("@", "\n".join(text_of(m) for m in public)).replace("**", "")
        for line in lines:
            core = MEMBER.sub("@", line.strip().removeprefix("· ").strip("─ "))
            if core not in visible:
                self.unseen.append(line)
        public_ids = {m.id for m in public}
        for member in driver.members:
            seen = [m for m in driver.channel.history(viewer=member) if m.id not in public_ids]
            seen += member.user.dm_channel.history()
            self.private.update(text_of(m) for m in seen)


def test_every_variant_with_a_cog_is_offered() -> None:
    assert "coruscant-shift" in VARIANTS
    assert parse_args(["--variant", "coruscant-shift"]).variant == "coruscant-shift"
    with pytest.raises(SystemExit):
        parse_args(["--variant", "no-such-variant"])


@pytest.mark.parametrize("variant", VARIANTS)
async def test_headless_demo_conserves_credits_and_shows_no_hidden_card(
    variant: str, tmp_path: Path
) -> None:
    check = PublicOnly()
    printed: list[str] = []
    result = await run_headless(
        variant,
        hands=2,
        players=2,
        bots=1,
        seed=11,
        db=tmp_path / "demo.db",
        out=printed.append,
        observer=check,
    )
    assert result.ok, (result.money_before, result.money_after, result.escrow_left, result.errors)
    assert result.hands >= 1 and check.steps > 3
    assert printed == result.transcript
    text = "\n".join(result.transcript)
    assert "conserved: OK" in text.splitlines()[-1]
    assert text.splitlines()[-1].endswith("settled: OK")
    assert ("seats (1 Add-bot)" in text) == bots_support(variant)
    assert any("Your hand" in text for text in check.private), "no private hand was shown"
    assert not check.unseen, "transcript lines that no spectator saw"
    # provably fair: the commitment before the deal, the seed after, /verify at the end
    assert "🔒 hand 1 " in text  # the table message footer, before the deal
    assert re.search(r"🔓 (Hand|Round) 1 seed: `[0-9a-f]{64}`", text)
    assert "✅ Verified." in text and "Verification failed" not in text


async def test_headless_demo_survives_all_members_leaving_a_bot_table(tmp_path: Path) -> None:
    variant = "coruscant-shift"
    if not bots_support(variant):
        pytest.skip("no bot opponents yet")
    result = await run_headless(
        variant, hands=1, players=1, bots=2, seed=5, db=tmp_path / "d.db", out=lambda _l: None
    )
    assert result.ok and "Final standings" in "\n".join(result.transcript)


def test_main_lists_variants(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--list-variants"]) == 0
    assert capsys.readouterr().out.split() == VARIANTS


def _fetch(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=10) as response:  # loopback only
        return response.status, response.read().decode("utf-8", "replace")


async def test_interactive_demo_serves_the_preview(tmp_path: Path) -> None:
    missing = preview_missing()
    if missing:
        pytest.skip(f"simcord[preview] unavailable: {missing}")
    async with interactive_session(
        "coruscant-shift", players=1, db=tmp_path / "i.db", bot_delay=0.0, tick=0.05
    ) as session:
        assert session.url.startswith("http://127.0.0.1:")
        status, page = await asyncio.to_thread(_fetch, session.url.split("#")[0])
        assert status == 200 and "SimCord Preview" in page
        table: Any = session.driver.table()
        assert len(table.seats) == 2 and table.status == "lobby"
        assert table.seats[1].is_bot == bots_support("coruscant-shift")
        await asyncio.sleep(0.2)  # a few clock ticks run without disturbing anything
        async with session.clock.lock:  # like a browser click: never during a tick
            await session.driver.control(session.driver.members[0], "start")
        assert session.driver.table().game is not None
        await asyncio.sleep(0.2)  # the bots move as the clock runs
        table = session.driver.table()
        assert table.game is not None and not table.game.finished
        assert table.game.pending_seats() == {0} or not bots_support("coruscant-shift")


async def test_headless_transcript_is_in_order_and_says_why_it_ended(tmp_path: Path) -> None:
    kessel = await run_headless(
        "kessel", hands=3, players=3, seed=1, db=tmp_path / "k.db", out=lambda _l: None
    )
    lines = kessel.transcript
    header = lines.index("── Round 1 ──")
    next_round = next(i for i, line in enumerate(lines) if "Round 2 begins" in line)
    assert header < next_round  # a round's result comes before the next round's first lines
    assert (
        "The game ended after 2 of the 3 hands asked: Rey won every credit at the table." in lines
    )
    assert kessel.ok


async def test_headless_transcript_opens_with_the_first_hand(tmp_path: Path) -> None:
    if not bots_support("coruscant-shift"):
        pytest.skip("no bot opponents yet")
    result = await run_headless(
        "coruscant-shift", hands=3, players=1, bots=2, seed=26, db=tmp_path / "c.db", out=len
    )
    assert result.transcript[1].startswith("  🔒 hand 1 ")  # the commitment, before the deal
    opening = result.transcript[2:7]
    assert opening[0].startswith("  · Hand 1 — ") and "starts, ante" in opening[0]
    assert any("antes" in line for line in opening)
    assert any("🎲 Target" in line for line in opening)
    ended = next(line for line in result.transcript if line.startswith("The game ended"))
    assert "every member was out of credits or gone, so the table closed" in ended
    assert result.ok


class Crash(Exception):
    """The demo process dies mid-game."""


async def test_a_rerun_on_the_same_database_after_a_crash(tmp_path: Path) -> None:
    db = tmp_path / "kept.db"

    def crash_mid_game(driver: SimDriver, _lines: list[str]) -> None:
        game = driver.table().game
        if game is not None and game.seq > 3:
            raise Crash

    with pytest.raises(Crash):
        await run_headless(
            "coruscant-shift", hands=2, seed=4, db=db, out=lambda _l: None, observer=crash_mid_game
        )
    rerun = await run_headless("coruscant-shift", hands=2, seed=4, db=db, out=lambda _l: None)
    assert rerun.transcript[0].startswith("An earlier run left table #1 (coruscant-shift, playing)")
    assert rerun.ok, (rerun.failure, rerun.escrow_left, rerun.errors)
    assert rerun.hands >= 1
    # Every buy-in the crashed table held is back: the three members own every credit again.
    assert sum(rerun.balances.values()) == rerun.money_after == 3 * 1000


def test_headless_demo_runs_on_postgresql_when_database_url_is_set(
    pg_server: EmbeddedPostgres, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    url = asyncio.run(pg_server.create_database())
    monkeypatch.setenv("DATABASE_URL", url)
    args = ["--headless", "--variant", "coruscant-shift", "--hands", "1", "--seed", "1"]
    assert main(args) == 0
    assert (
        capsys.readouterr()
        .out.splitlines()[-1]
        .endswith("conserved: OK; left at the table: none — settled: OK")
    )

    async def tables() -> int:
        db = await open_database(url)
        try:
            return int(await db.fetchval("SELECT COUNT(*) FROM game_tables"))
        finally:
            await db.close()

    assert asyncio.run(tables()) >= 1  # the game was stored in PostgreSQL
