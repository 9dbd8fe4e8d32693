"""The offline demo: ``python -m bot demo [options]`` — the real bot in a simulated Discord.

* **Interactive** (default): simcord's Preview serves a Discord-like page on loopback. A lobby
  of the chosen variant is open in #sabacc with bot opponents seated (through the real
  ``/<variant> start`` and **Add bot** clicks); you click **Start** and play with the real
  buttons, pickers, modals and ephemeral hands. The simulated clock follows real time, so turn
  timers and bot delays work.
* **Headless** (``--headless``): simulated members play N hands by clicking the real buttons,
  each deciding like the engine's bot opponents; prints the public transcript and checks that
  every credit is conserved (see :mod:`bot.demo_headless`).

No Discord token and no network: everything runs in-process (the preview binds 127.0.0.1).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib
import inspect
import logging
import pkgutil
import sys
import tempfile
from collections.abc import AsyncIterator, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cogs
from bot.client import SabaccBot, create_bot
from bot.settings import Settings
from bot.sim_driver import SimDriver, bots_support
from bot.tables.cog import VariantCog

__all__ = [
    "DEFAULT_VARIANT",
    "RealTimeClock",
    "Session",
    "demo_settings",
    "demo_variants",
    "interactive_session",
    "main",
    "parse_args",
    "preview_missing",
]

log = logging.getLogger(__name__)

DEFAULT_VARIANT = "coruscant-shift"
BOT_STYLES = ("balanced", "bold", "cautious")
TICK_SECONDS = 0.5


def demo_variants() -> dict[str, str]:
    """Variant id -> slash command group, for every variant that has a cog (sorted by id)."""
    found: dict[str, str] = {}
    for module_info in pkgutil.iter_modules(cogs.__path__):
        if module_info.name.startswith("_"):
            continue
        try:
            module = importlib.import_module(f"{cogs.__name__}.{module_info.name}")
        except Exception:  # the bot skips a broken cog too
            log.exception("cog %s cannot be imported", module_info.name)
            continue
        for _name, cls in inspect.getmembers(module, inspect.isclass):
            if (
                issubclass(cls, VariantCog)
                and cls is not VariantCog
                and cls.__module__ == module.__name__
            ):
                found[cls.variant_id] = str(cls.__cog_group_name__)
    return dict(sorted(found.items()))


@contextlib.contextmanager
def database_path(chosen: Path | None) -> Iterator[Path]:
    """The chosen database file (it persists), or one in a temporary directory (deleted)."""
    if chosen is not None:
        chosen.parent.mkdir(parents=True, exist_ok=True)
        yield chosen
        return
    with tempfile.TemporaryDirectory(prefix="sabacc-demo-") as tmp:
        yield Path(tmp) / "demo.db"


def demo_settings(db: Path, *, bot_delay: float, edit_interval: float) -> Settings:
    """Settings for a demo bot: no token, the given database, demo pacing."""
    return Settings(token=None, database_path=db, bot_delay=bot_delay, edit_interval=edit_interval)


@contextlib.asynccontextmanager
async def running_bot(settings: Settings) -> AsyncIterator[SabaccBot]:
    """A bot built like production; its resources are released afterwards (simcord G4)."""
    bot = create_bot(settings)
    try:
        yield bot
    finally:
        await bot.release_resources()


# ---------------------------------------------------------------------- interactive


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
      the browser's clicks are refused as ``stale-revision`` (research/simcord.md §6).
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
    db: Path,
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


# ---------------------------------------------------------------------- command line


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """Parse the demo's options (``python -m bot demo --help``)."""
    variants = demo_variants()
    parser = argparse.ArgumentParser(
        prog="python -m bot demo",
        description="Play Sabacc against bots in a simulated Discord: offline, no token.",
    )
    parser.add_argument("--variant", default=DEFAULT_VARIANT, help="variant id (with a cog)")
    parser.add_argument("--list-variants", action="store_true", help="print the variant ids")
    parser.add_argument("--players", type=int, default=None, help="bot opponents / members")
    parser.add_argument("--db", type=Path, default=None, help="database file (kept); default temp")
    parser.add_argument("--bot-delay", type=float, default=1.5, help="seconds a bot thinks")
    parser.add_argument("--port", type=int, default=None, help="preview port on 127.0.0.1")
    parser.add_argument("--start", action="store_true", help="also click Start (interactive)")
    parser.add_argument("--seconds", type=float, default=None, help="close after this long")
    parser.add_argument("--url-file", type=Path, default=None, help="write the URL to this file")
    headless = parser.add_argument_group("headless mode")
    headless.add_argument("--headless", action="store_true", help="simulated members play")
    headless.add_argument("--hands", type=int, default=3, help="hands to play (headless)")
    headless.add_argument("--bots", type=int, default=0, help="extra Add-bot seats (headless)")
    headless.add_argument("--seed", type=int, default=None, help="seed the deals and policies")
    argv = list(argv)
    if argv[:1] == ["--"]:  # ``python -m bot demo -- --headless ...``
        argv = argv[1:]
    args = parser.parse_args(argv)
    if not args.list_variants and args.variant not in variants:
        known = ", ".join(variants) or "none"
        parser.error(f"no cog plays variant {args.variant!r} (choose from: {known})")
    if args.players is not None and args.players < 0:
        parser.error("--players must be ≥ 0")
    if args.hands < 1 or args.bots < 0 or args.bot_delay < 0:
        parser.error("--hands must be ≥ 1, --bots and --bot-delay ≥ 0")
    return args


def main(argv: Sequence[str]) -> int:
    """Run the demo; return the process exit status."""
    args = parse_args(argv)
    if args.list_variants:
        print("\n".join(demo_variants()))
        return 0
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        if args.headless:
            from bot.demo_headless import run_headless_cli

            return run_headless_cli(args)
        missing = preview_missing()
        if missing:
            print(
                f"The interactive demo needs simcord[preview] ({missing}): make demo",
                file=sys.stderr,
            )
            return 2
        if args.players is None:
            args.players = 2
        return asyncio.run(run_interactive(args))
    except KeyboardInterrupt:
        print("\nDemo stopped.")
        return 0


if __name__ == "__main__":  # ``python -m bot.demo ...`` (same as ``python -m bot demo ...``)
    sys.exit(main(sys.argv[1:]))
