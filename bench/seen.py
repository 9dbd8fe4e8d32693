"""Click → visible under Discord's limits: ``bench/seen.py [--tables 50 200 1000]``.

What a player feels is not click → committed but click → the table message shows it (for
everyone at the table) and → my new hand reaches me. This bench measures those with the
production settings (``EDIT_INTERVAL=1``, ``REQUEST_RATE=40``, pacing on, a picture worker
process, SQLite) on the production bot (:func:`bench.minidiscord.start_bot`: its cogs, runtime
and discord.py's own HTTP client) talking to a Discord that enforces the global limit and
per-route limits and answers 429 (:mod:`bench.limits`, through discord.py's own rate-limit
handling).

N tables of four humans (the five variants in turn). A human's turn starts when the table
message edit that shows it has gone out (Discord answered it); they think 2–8 s (uniform),
then click a random legal action that needs no amount (pickers answered by a second click, a
multi-card pick confirmed by a third), as an ``INTERACTION_CREATE`` through discord.py. Time is
virtual (:mod:`bench.warp`): waiting is skipped, work counts in full, so minutes of play take
seconds to a few minutes. After ``--warmup`` seconds (the first table posts, then play),
clicks made during ``--seconds`` are measured; then nobody clicks and ``--drain`` seconds let
what is queued go out.

Prints, per N: click → committed (the action stored), click → visible (the first table message
edit built after the commit went out), click → the clicker's hand shown (the follow-up or picker
edit carrying it, when the action changed their hand), change → hand DM (from a hand change to
the DM carrying it), each p50/p99/max, with what never arrived; requests counted against the
global limit (most in any 1 s, and the mean), 429s by limit, and actions per second.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import re
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import warp
from bench.limits import LimitedSession, Limiter, Limits
from bench.minidiscord import DM_BASE, GUILD_ID, MiniDiscord, start_bot
from bench.stub import BUY_INS, SEATS, VARIANTS
from bot.settings import Settings
from bot.tables.models import Seat, Table
from bot.ui import controls
from engine.bots.random_legal import random_for_spec
from engine.core.game import Action, ActionSpec, ParamKind
from engine.variants import get_variant

CHANNELS = 600_000_000_000_000_000
USERS = 500_000_000_000_000_000
THINK = (2.0, 8.0)
REPLY_TIMEOUT = 120.0  # virtual seconds a human waits for a picker before giving up
ACTION = re.compile(r"sabacc:(?P<table>[0-9]+):(?P<turn>[0-9]+):")


@dataclass
class Click:
    """One human decision, from the click that commits it."""

    table: int
    seat: int
    start: float
    token: str = ""
    committed: float | None = None
    seq: int = 0  # the table's commit count once it was committed
    visible: float | None = None
    hand: float | None = None


def quantiles(values: list[float]) -> str:
    """``p50 / p99 / max`` in seconds."""
    if not values:
        return "—"
    ordered = sorted(values)
    p50 = ordered[len(ordered) // 2]
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"{p50:6.2f} /{p99:6.2f} /{ordered[-1]:6.2f} s"


class Bench:
    """One run over ``count`` tables (see the module docstring)."""

    def __init__(self, count: int, seed: int) -> None:
        self.count, self.rng = count, random.Random(seed)
        self.loop = asyncio.get_running_loop()
        self.limiter = Limiter(Limits())
        self.discord = MiniDiscord(bot_user_id=0, seen=self.seen)
        self.session = LimitedSession(self.limiter, self.discord)
        self.by_channel: dict[int, Table] = {}
        self.commits: Counter[int] = Counter()  # table -> actions committed
        self.drawn: dict[int, int] = {}  # table -> commits shown by the message being drawn
        self.clicks: list[Click] = []
        self.pending: dict[tuple[int, int], Click] = {}  # (table, seat) -> click not committed
        self.unseen: dict[int, list[Click]] = defaultdict(list)  # table -> committed, unseen
        self.by_token: dict[str, Click] = {}
        self.asked: set[tuple[int, int, int]] = set()  # (table, seat, turn) a human thinks on
        self.dm_due: dict[int, float] = {}  # user -> first hand change not DMed yet
        self.dms: list[tuple[float, float]] = []  # (change, DM) times
        self.autos: Counter[str] = Counter()
        self.skipped = 0  # turns whose buttons were gone when the human clicked
        self.humans: set[asyncio.Task[Any]] = set()
        self.clicking = True

    # ------------------------------------------------------------------ what players see

    def seen(self, kind: str, channel: int, message: dict[str, Any], token: str | None) -> None:
        """A message went out (:class:`MiniDiscord` calls this when it answered)."""
        now = self.loop.time()
        if kind == "dm":
            changed = self.dm_due.pop(channel - DM_BASE, None)
            if changed is not None:
                self.dms.append((changed, now))
            return
        table = self.by_channel.get(channel)
        components = str(message.get("components"))
        # The table message: edited by the channel route or through an interaction (its
        # clicked message updated, or the original response of a deferred update edited).
        drawn = table is not None and (
            int(message["id"]) == table.message_id
            or (kind == "post" and f"sabacct:{table.id}:" in components)
        )
        if not drawn:  # a result post, a notice, an old message's "moved" stub, a reply
            click = self.by_token.get(token or "")
            replied = kind in ("followup", "followup_edit")
            if replied and click is not None and click.hand is None and click.committed:
                click.hand = now  # the reply that carries the clicker's hand
            return
        assert table is not None
        shown = self.drawn.get(table.id, 0)
        waiting = self.unseen.get(table.id, [])
        for click in waiting:
            if click.seq <= shown and click.visible is None:
                click.visible = now
        self.unseen[table.id] = [c for c in waiting if c.visible is None]
        turns = [int(m["turn"]) for m in ACTION.finditer(components) if int(m["table"]) == table.id]
        game = table.game
        if turns and game is not None and not game.finished and game.turn == max(turns):
            for seat in sorted(game.pending_seats()):
                key = (table.id, seat, game.turn)
                if key not in self.asked and self.clicking:
                    self.asked.add(key)
                    task = self.loop.create_task(self.human(table, seat, game.turn, message))
                    self.humans.add(task)
                    task.add_done_callback(self.humans.discard)

    def drawing(self, table: Table) -> Any:
        """Wraps ``build_table_message``: what the message being drawn shows."""
        self.drawn[table.id] = self.commits[table.id]
        return self._build(table)

    def hands_changed(self, table: Table, reply: Any = None, *, deal: bool = False) -> None:
        """Wraps the runtime's ``deal_hands``: when each human's hand changed and a DM of it
        became due (none for a clicker whose reply shows it)."""
        before = dict(table.hands_sent)
        self._deal(table, reply, deal=deal)
        now = self.loop.time()
        for index, hand in table.hands_sent.items():
            if (
                hand
                and before.get(index) != hand
                and not table.seats[index].is_bot
                and index in table.tasks.dms_due
            ):
                self.dm_due.setdefault(table.seats[index].user_id, now)

    async def act(
        self, table: Table, seat: int, action: Action, *, turn: int, source: str = "player"
    ) -> Any:
        """Wraps ``TableService.act``: when each click's action was committed."""
        events = await self._act(table, seat, action, turn=turn, source=source)
        self.commits[table.id] += 1
        click = self.pending.pop((table.id, seat), None) if source == "player" else None
        if click is not None:
            click.committed, click.seq = self.loop.time(), self.commits[table.id]
            self.unseen[table.id].append(click)
        elif source != "player":
            self.autos[source] += 1
        return events

    # ------------------------------------------------------------------ humans

    async def human(self, table: Table, seat: int, turn: int, message: dict[str, Any]) -> None:
        """Think, then click what the visible table message offers."""
        await asyncio.sleep(self.rng.uniform(*THINK))
        game = table.game
        if not self.clicking or game is None or game.finished or game.turn != turn:
            return
        if seat not in game.pending_seats():
            return
        specs = [s for s in game.legal_actions(seat) if s.param is not ParamKind.AMOUNT]
        shown = self.discord.messages.get(table.message_id or 0, message)
        if not specs:
            self.skipped += 1
            return
        spec = self.rng.choice(specs)
        custom_id = f"sabacc:{table.id}:{turn}:{spec.kind}"
        if custom_id not in str(shown.get("components")):
            self.skipped += 1
            return
        user = table.seats[seat].user_id
        button = {"custom_id": custom_id, "component_type": 2}
        if spec.param is not ParamKind.CHOICE:
            self._click(table, seat, user, shown, button)
            return
        await self._pick(table, seat, user, shown, button, spec)

    def _click(
        self, table: Table, seat: int, user: int, message: dict[str, Any], data: dict[str, Any]
    ) -> None:
        """The click that commits an action: its clock starts now."""
        click = Click(table.id, seat, self.loop.time())
        self.pending[(table.id, seat)] = click
        self.clicks.append(click)
        _iid, click.token = self.discord.click(self.bot, user, table.channel_id, message, data)
        self.by_token[click.token] = click

    async def _pick(
        self,
        table: Table,
        seat: int,
        user: int,
        message: dict[str, Any],
        button: dict[str, Any],
        spec: ActionSpec,
    ) -> None:
        """A card picker: open it, pick (and confirm a multi-card pick)."""
        picker = await self._reply(user, table.channel_id, message, button, follow=True)
        if picker is None:
            return
        action = random_for_spec(spec, self.rng)
        values = [o.value for o in spec.options]
        chosen = list(action.choices) or values[:1]
        if spec.max_choices == 1 and len(values) <= 5:
            pick = {"custom_id": f"pick:{values.index(chosen[0])}", "component_type": 2}
            self._click(table, seat, user, picker, pick)
            return
        select = {"custom_id": "pick:select", "component_type": 3, "values": chosen}
        if spec.max_choices == 1:
            self._click(table, seat, user, picker, select)
            return
        updated = await self._reply(user, table.channel_id, picker, select)
        if updated is not None:
            confirm = {"custom_id": "pick:confirm", "component_type": 2}
            self._click(table, seat, user, updated, confirm)

    async def _reply(
        self,
        user: int,
        channel: int,
        message: dict[str, Any],
        data: dict[str, Any],
        *,
        follow: bool = False,
    ) -> dict[str, Any] | None:
        """Click and wait for the ephemeral message it opens or updates (``follow``: opens as
        a follow-up, the click being a deferred update of the table message)."""
        iid, token = self.discord.click(self.bot, user, channel, message, data)
        try:
            if follow:
                return await asyncio.wait_for(self.discord.followed[token], REPLY_TIMEOUT)
            reply = await asyncio.wait_for(self.discord.answered[iid], REPLY_TIMEOUT)
        except TimeoutError:
            return None
        original = reply.get("original")
        return self.discord.messages.get(original) if original is not None else None

    # ------------------------------------------------------------------ the run

    async def open(self, tmp: str, processes: int = 1) -> None:
        """The bot (painting in ``processes`` worker processes, 0: threads), and ``count``
        started tables of four humans."""
        channels = [CHANNELS + index for index in range(self.count)]
        settings = Settings(
            token=None,
            database_path=Path(tmp) / "seen.db",
            starting_balance=10**9,
            shard_count=1,
            lease_ttl=Settings.SIMULATED_LEASE_TTL,  # one process: no lease renewals
            card_emojis=False,
            picture_processes=processes,
        )
        self.bot = bot = await start_bot(settings, self.session, channels)
        manager = bot.tables
        manager.seeds = random.Random(self.rng.random())
        self._act, manager.act = manager.act, self.act
        outbox = bot.presenter.outbox
        self._deal, outbox.deal_hands = outbox.deal_hands, self.hands_changed
        self._build, controls.build_table_message = controls.build_table_message, self.drawing
        for index, channel in enumerate(channels):
            variant = VARIANTS[index % len(VARIANTS)]
            users = [USERS + index * SEATS + k for k in range(SEATS)]
            table = await manager.create(
                guild_id=GUILD_ID,
                channel_id=channel,
                host=Seat(users[0], f"u{users[0]}"),
                info=get_variant(variant),
                buy_in=BUY_INS[variant],
                turn_timeout=90,
            )
            for user in users[1:]:
                await manager.join(table, Seat(user, f"u{user}"))
            await manager.start(table, users[0])
            self.by_channel[channel] = table

    async def close(self) -> None:
        controls.build_table_message = self._build
        for task in list(self.humans):
            task.cancel()
        await asyncio.gather(*self.humans, return_exceptions=True)
        await self.bot.close()

    async def play(self, warmup: float, seconds: float, drain: float) -> dict[str, Any]:
        """Play; the figures of the clicks made in the measured window."""
        began = self.loop.time()
        await asyncio.sleep(warmup)
        start, refused = self.loop.time(), Counter(self.limiter.refused)
        routes = Counter(self.limiter.routes)
        await asyncio.sleep(seconds)
        end = self.loop.time()
        refused = Counter(self.limiter.refused) - refused
        routes = Counter(self.limiter.routes) - routes
        self.clicking = False
        await asyncio.sleep(drain)
        measured = [c for c in self.clicks if start <= c.start < end]
        done = [c for c in measured if c.committed is not None]
        commits_in = [
            c for c in self.clicks if c.committed is not None and start <= c.committed < end
        ]
        dms = [(c, d) for c, d in self.dms if start <= c < end]
        unsent = [t for t in self.dm_due.values() if start <= t < end]
        return {
            "virtual": (began, start, end),
            "committed": [c.committed - c.start for c in done if c.committed is not None],
            "visible": [c.visible - c.start for c in done if c.visible is not None],
            "never_visible": sum(1 for c in done if c.visible is None),
            "hand": [c.hand - c.start for c in done if c.hand is not None],
            "dm": [d - c for c, d in dms],
            "never_dm": len(unsent),
            "most_per_s": self.limiter.most_in_window(1.0, since=start),
            "mean_per_s": sum(1 for t in self.limiter.counted if start <= t < end) / seconds,
            "refused": dict(refused),
            "routes": dict(routes.most_common()),
            "actions_per_s": len(commits_in) / seconds,
            "uncommitted": len(measured) - len(done),
            "autos": dict(self.autos),
            "skipped": self.skipped,
            "unknown": dict(self.discord.unknown),
            "finished": sum(1 for t in self.by_channel.values() if t.game and t.game.finished),
        }


async def run(
    count: int, warmup: float, seconds: float, drain: float, seed: int, processes: int = 1
) -> dict[str, Any]:
    """One bench over ``count`` tables (on a :class:`bench.warp.WarpLoop`)."""
    bench = Bench(count, seed)
    with tempfile.TemporaryDirectory() as tmp:
        await bench.open(tmp, processes)
        try:
            return await bench.play(warmup, seconds, drain)
        finally:
            await bench.close()


def report(count: int, result: dict[str, Any], wall: float) -> None:
    """One block of figures."""
    began, start, end = result["virtual"]
    print(f"seen · {count} tables · {end - start:.0f} s measured after {start - began:.0f} s"
          f" (virtual time; {wall:.0f} s of wall time)")  # fmt: skip
    print(f"  click → committed        p50/p99/max {quantiles(result['committed'])}")
    print(f"  click → visible (table)  p50/p99/max {quantiles(result['visible'])}"
          f"  ({result['never_visible']} never shown)")  # fmt: skip
    print(f"  click → own hand shown   p50/p99/max {quantiles(result['hand'])}")
    print(f"  hand change → hand DM    p50/p99/max {quantiles(result['dm'])}"
          f"  ({result['never_dm']} never sent)")  # fmt: skip
    refused = ", ".join(f"{k} {v}" for k, v in sorted(result["refused"].items())) or "none"
    print(f"  against the global limit: most in 1 s {result['most_per_s']} (Discord: 50),"
          f" mean {result['mean_per_s']:.1f}/s · 429s: {refused}")  # fmt: skip
    routes = ", ".join(f"{k} {v}" for k, v in result["routes"].items())
    print(f"  counted requests by route: {routes}")
    line = f"  {result['actions_per_s']:.1f} player actions/s · {len(result['committed'])} clicks"
    line += f" committed ({result['uncommitted']} not)"
    if result["autos"]:
        line += " · automatic: " + ", ".join(f"{k} {v}" for k, v in result["autos"].items())
    if result["finished"]:
        line += f" · {result['finished']} games over by the end"
    if result["skipped"]:
        line += f" · {result['skipped']} turns without their button"
    print(line)
    if result["unknown"]:
        print(f"  routes the double does not know: {result['unknown']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[50, 200, 1000])
    parser.add_argument(
        "--warmup",
        type=float,
        default=None,
        help="virtual seconds first (default 30 + N/20: every table message posted at the"
        " edits' share of the budget, then 30 s of play)",
    )
    parser.add_argument("--seconds", type=float, default=120.0, help="virtual seconds measured")
    parser.add_argument("--drain", type=float, default=60.0, help="virtual seconds after")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)
    for count in args.tables:
        began = time.perf_counter()
        warmup = 30.0 + count / 20 if args.warmup is None else args.warmup
        result = warp.run(run(count, warmup, args.seconds, args.drain, args.seed))
        report(count, result, time.perf_counter() - began)


if __name__ == "__main__":
    main()
