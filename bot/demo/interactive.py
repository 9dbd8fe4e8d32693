"""The interactive demo: simcord's Preview serves a Discord-like page on loopback with a lobby of
the chosen variant open in #sabacc and bot opponents seated; the simulated clock follows real
time, so turn timers and bot delays work.

Two things differ from a real server, in the demo only: each decision gets
:data:`DEMO_TURN_SECONDS` (time to read the rules and explore; real tables default to
``TURN_TIMEOUT``, 90 s), and the page shows members' names where embeds mention them (Discord
does; simcord's Preview only in plain message content, :func:`mentions_in_embeds`). What the bot
sends is the same as in production.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import logging
import random
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.demo.common import (
    BOT_STYLES,
    close_leftover_tables,
    database_path,
    demo_settings,
    demo_variants,
    running_bot,
)
from bot.sim_driver import SimDriver, VirtualSleep, bots_support

log = logging.getLogger(__name__)

TICK_SECONDS = 0.5
# How long a page action waits for the bot to go idle. Shorter than a bot opponent's delay, so
# a click returns (and the page shows the player's own move) without waiting for the bots.
SETTLE_SECONDS = 0.5
# The page is republished at least this often (real seconds), so that the turn countdown it
# draws relative to the last publication stays true while nobody moves.
COUNTDOWN_SECONDS = 5.0
# Each decision's time in the demo: long enough to read the rules and look around.
DEMO_TURN_SECONDS = 600.0
# Where Discord renders a user mention (<@id>) as the member's name inside an embed, while
# simcord 3.2.1's Preview (pinned) leaves it as raw text: its per-field markdown policies.
EMBED_MENTION_FIELDS = ("embed_description", "embed_field_value")


def preview_missing() -> str | None:
    """Why simcord's Preview cannot run here (its ``preview`` extra is missing), else None."""
    try:
        from simcord.preview import _require_preview_runtime

        _require_preview_runtime()
    except Exception as error:
        return str(error) or type(error).__name__
    return None


@contextlib.contextmanager
def mentions_in_embeds() -> Iterator[None]:
    """While inside, the Preview page renders ``<@id>`` in embed descriptions and field values
    as the member's name, as Discord does (simcord resolves the names of every mention of a
    message, embeds included, but its policy renders them only in plain content). Only the
    page changes: messages are stored and checked exactly as the bot sent them."""
    from simcord.preview import _markdown  # simcord 3.2.1 (pinned)

    policies = _markdown._FIELD_POLICIES
    saved = {field: policies[field]["mentions"] for field in EMBED_MENTION_FIELDS}
    for field in EMBED_MENTION_FIELDS:
        policies[field]["mentions"] = True
    try:
        yield
    finally:
        for field, value in saved.items():
            policies[field]["mentions"] = value


class RealTimeClock:
    """Moves the simulated clock with real time and republishes the page after bot activity.

    * Browser actions and clock ticks never overlap: simcord refuses overlapping operations, so
      the preview's action entry point is wrapped to take :attr:`lock`, which ticks hold too
      (a click waits a few milliseconds instead of failing).
    * The page is refreshed only when the bot made REST calls outside a browser action (a
      bot's move, a timer): refreshing on every tick bumps the page revision constantly.
      simcord checks the page revision of every browser action; an action that only missed
      the clock's own republishing is brought up to date (:func:`_current_revision`) instead
      of being refused as ``stale-revision``.
    * The page's clock (its "presentation time", against which "<t:…:R>" countdowns are drawn)
      is moved to the simulated now before every action and at least every
      :data:`COUNTDOWN_SECONDS`, so "auto-play in …" shows the real time left.
    * The bot's waits (bot delays, turn timers) are virtual (:class:`bot.sim_driver.VirtualSleep`)
      and this clock moves them with real time, so the player's own move is on the page at once
      and the bots' moves follow on later ticks; the simulated Discord waits at most
      :data:`SETTLE_SECONDS` for any other work of the bot after an action.
    """

    def __init__(self, env: Any, preview: Any, every: float) -> None:
        self.env, self.preview, self.every = env, preview, every
        self.lock = asyncio.Lock()
        self._seen = len(env.http_requests)
        loop = asyncio.get_running_loop()
        self._published = loop.time()
        self._task: asyncio.Task[None] | None = None
        browser_action = preview._action  # simcord 3.2.1 (pinned): the page's action endpoint

        async def serialised(context_id: str | None, body: Any) -> Any:
            page = preview._pages.get(context_id)
            arrived = _page_state(page, body)
            async with self.lock:
                body = _current_revision(page, body, arrived)
                # The page draws "<t:…:R>" countdowns relative to this time: keep it current.
                preview._advance_presentation_time()
                try:
                    return await browser_action(context_id, body)
                finally:
                    self._seen = len(env.http_requests)  # simcord published its result
                    self._published = loop.time()

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
                    if (
                        len(self.env.http_requests) != self._seen
                        or now - self._published >= COUNTDOWN_SECONDS
                    ):
                        await self.preview.refresh()
                        self._seen = len(self.env.http_requests)
                        self._published = now
                except Exception as error:  # e.g. the bot was slow to settle: next tick
                    log.warning("demo clock tick failed: %s", error)
                last = now


# Page actions that do not depend on what the page showed: a slash command, a form's answer (the
# bot checks that the turn is still current). Clicks and selects do (a control is found by its
# place in the message).
_VIEW_FREE = frozenset({"run_command", "autocomplete_command", "modal_submit", "send_message"})


def _page_state(page: Any, body: Any) -> tuple[int, Any] | None:
    """The page revision and the target message's controls when an action arrives."""
    if page is None or not isinstance(body, dict):
        return None
    message = page.snapshot.get("messages", {}).get(str(body.get("target_id")), {})
    return page.revision, message.get("components")


def _current_revision(page: Any, body: Any, arrived: tuple[int, Any] | None) -> Any:
    """The action with the page's current revision when only the clock republished the page
    since the browser read it, so that simcord does not refuse it as ``stale-revision``.

    The clock republishes the page whenever a bot moves; an action the player sent meanwhile
    (a slash command typed while the bots act, a click that waited for a tick) would otherwise
    be refused with "Action was not completed". A click or select keeps its revision check
    unless the message it targets still shows the same controls.
    """
    if arrived is None or page is None or "published_revision" not in body:
        return body
    revision, controls = arrived
    if page.revision == body["published_revision"]:
        return body
    if body.get("kind") in _VIEW_FREE or (
        body["published_revision"] == revision
        and _page_state(page, body) == (page.revision, controls)
    ):
        return {**body, "published_revision": page.revision}
    return body


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
    settle: float = SETTLE_SECONDS,
    seed: int | None = None,
) -> AsyncIterator[Session]:
    """Seed the demo world, open the lobby, seat the bots, serve the preview; close on exit.
    ``seed``: repeatable deals (tests); fresh secret ones without it. ``settle``: how long
    (real seconds) an action waits for the bot's own work (tests on a loaded machine give it
    more; the bots' thinking is virtual time and is never waited for)."""
    import simcord

    group = demo_variants()[variant]
    settings = dataclasses.replace(
        demo_settings(db, bot_delay=bot_delay, edit_interval=0.0), turn_timeout=DEMO_TURN_SECONDS
    )
    for line in await close_leftover_tables(db):
        print(line, flush=True)
    async with running_bot(settings) as bot:
        bot.sleeper = VirtualSleep()  # type: ignore[attr-defined]  # bots' delays, timers: virtual
        async with simcord.run(bot, check_errors=False, settle_timeout=settle) as env:
            bot.sleeper.env = env  # type: ignore[attr-defined]
            if seed is not None:
                bot.tables.seeds = random.Random(seed)  # type: ignore[attr-defined]
            guild = env.create_guild("Sabacc Demo")
            channel = guild.create_text_channel(
                "sabacc", topic=f"Offline demo table · {_turn_note()}"
            )
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
            with mentions_in_embeds():
                async with env.preview(
                    channel,
                    viewers=[you, friend],
                    layout="channel",
                    width=1280,
                    height=900,
                    port=port,
                ) as preview:
                    clock = RealTimeClock(env, preview, tick)
                    clock.start()
                    try:
                        yield Session(env, preview, driver, group, seated, clock)
                    finally:
                        await clock.stop()


def _turn_note() -> str:
    """What the demo says about its turn timer."""
    return f"each decision may take up to {int(DEMO_TURN_SECONDS // 60)} minutes in this demo"


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
            f"  4. Take your time: {_turn_note()} (a real server's turn timer is 90 s",
            "     unless the host sets turn_timer); then the table plays the safest move for you.",
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
