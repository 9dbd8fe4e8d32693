"""The interactive demo: simcord's Preview serves a Discord-like page on loopback with a lobby of
the chosen variant open in #sabacc and bot opponents seated; the simulated clock follows real
time, so turn timers and bot delays work."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.demo.common import BOT_STYLES, database_path, demo_settings, demo_variants, running_bot
from bot.sim_driver import SimDriver, bots_support

log = logging.getLogger(__name__)

TICK_SECONDS = 0.5


def preview_missing() -> str | None:
    """Why simcord's Preview cannot run here (its ``preview`` extra is missing), else None."""
    try:
        from simcord.preview import _require_preview_runtime

        _require_preview_runtime()
    except Exception as error:
        return str(error) or type(error).__name__
    return None


class RealTimeClock:
    """Moves the simulated clock with real time and republishes the page after bot activity.

    * Browser actions and clock ticks never overlap: simcord refuses overlapping operations, so
      the preview's action entry point is wrapped to take :attr:`lock`, which ticks hold too
      (a click waits a few milliseconds instead of failing).
    * The page is refreshed only when the bot made REST calls outside a browser action (a
      bot's move, a timer): refreshing on every tick bumps the page revision constantly and
      the browser's clicks are refused as ``stale-revision``
      (simcord checks the page revision of every browser action).
    """

    def __init__(self, env: Any, preview: Any, every: float) -> None:
        self.env, self.preview, self.every = env, preview, every
        self.lock = asyncio.Lock()
        self._seen = len(env.http_requests)
        self._task: asyncio.Task[None] | None = None
        browser_action = preview._action  # simcord 3.2.1 (pinned): the page's action endpoint

        async def serialised(*args: Any, **kwargs: Any) -> Any:
            async with self.lock:
                try:
                    return await browser_action(*args, **kwargs)
                finally:
                    self._seen = len(env.http_requests)  # simcord published its result

        preview._action = serialised

    def start(self) -> None:
        """Start ticking in the background."""
        self._task = asyncio.create_task(self._run(), name="demo-clock")

    async def stop(self) -> None:
        """Stop ticking."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        last = loop.time()
        while True:
            await asyncio.sleep(self.every)
            async with self.lock:
                now = loop.time()
                try:
                    await self.env.advance_time(now - last)
                    if len(self.env.http_requests) != self._seen:
                        await self.preview.refresh()
                        self._seen = len(self.env.http_requests)
                except Exception as error:  # e.g. the bot was slow to settle: next tick
                    log.warning("demo clock tick failed: %s", error)
                last = now


@dataclass
class Session:
    """A running interactive demo: the simulated world, its preview page and its clock."""

    env: Any  # simcord.Env
    preview: Any  # simcord Preview
    driver: SimDriver
    group: str
    bots_seated: int
    clock: RealTimeClock

    @property
    def url(self) -> str:
        """The preview address (a capability URL: treat it as a secret)."""
        return str(self.preview.url)


@contextlib.asynccontextmanager
async def interactive_session(
    variant: str,
    *,
    players: int,
    db: Path | str,
    bot_delay: float,
    port: int | None = None,
    start: bool = False,
    tick: float = TICK_SECONDS,
) -> AsyncIterator[Session]:
    """Seed the demo world, open the lobby, seat the bots, serve the preview; close on exit."""
    import simcord

    group = demo_variants()[variant]
    settings = demo_settings(db, bot_delay=bot_delay, edit_interval=0.5)
    async with running_bot(settings) as bot, simcord.run(bot, check_errors=False) as env:
        guild = env.create_guild("Sabacc Demo")
        channel = guild.create_text_channel("sabacc", topic="Offline demo table")
        you = guild.add_member(env.create_user("you", global_name="You"))
        friend = guild.add_member(env.create_user("friend", global_name="Friend"))
        driver = SimDriver(env, channel, (you, friend))
        await driver.open_lobby(you, group)
        seated = 0
        if bots_support(variant):
            limit = driver.table().variant.max_players - 1
            for index in range(min(players, limit)):
                await driver.add_bot(you, BOT_STYLES[index % len(BOT_STYLES)])
                seated += 1
        else:  # no bot opponents for this variant yet: Friend sits down for a hot-seat game
            await driver.control(friend, "join")
        if start:
            await driver.control(you, "start")
        async with env.preview(
            channel, viewers=[you, friend], layout="channel", width=1280, height=900, port=port
        ) as preview:
            clock = RealTimeClock(env, preview, tick)
            clock.start()
            try:
                yield Session(env, preview, driver, group, seated, clock)
            finally:
                await clock.stop()


def _instructions(session: Session, variant: str) -> str:
    table = session.driver.table()
    name = table.variant.name
    first = (
        "1. The first hand is dealt: pick your cards when the table asks you."
        if table.game is not None
        else "1. Click Start on the lobby message to deal the first hand."
    )
    bots = (
        f"{session.bots_seated} bot opponent(s) are seated"
        if session.bots_seated
        else "bots do not play this variant yet, so Friend is seated (switch 'Viewing as')"
    )
    return "\n".join(
        [
            f"Sabacc offline demo — {name} ({variant}). No Discord, no network, no token.",
            "",
            f"  Open this in a browser on this machine:  {session.url}",
            "  (the address is a secret capability URL, served on 127.0.0.1 only)",
            "",
            f"  You host the lobby in #sabacc; {bots}.",
            f"  {first}",
            "  2. Use the buttons on the table message when it is your turn; choices open a",
            "     picker and amounts open a form. Your cards: click '🂠 My hand' (only you see it).",
            f"  3. Type /{session.group} in the message box for the commands (rules, leave, …),",
            "     /balance, /leaderboard and the other economy commands.",
            "  'Viewing as' switches between You and Friend. End: 'End preview session' or Ctrl-C.",
        ]
    )


async def run_interactive(args: argparse.Namespace) -> int:
    """Serve the demo until the page ends the session or the process is interrupted."""
    with database_path(args.db) as db:
        async with interactive_session(
            args.variant,
            players=args.players,
            db=db,
            bot_delay=args.bot_delay,
            port=args.port,
            start=args.start,
        ) as session:
            print(_instructions(session, args.variant), flush=True)
            if args.url_file is not None:
                args.url_file.write_text(session.url + "\n", encoding="utf-8")
            if args.seconds is not None:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(session.preview.wait_closed(), args.seconds)
            else:
                await session.preview.wait_closed()
    print("Demo session closed.")
    return 0
