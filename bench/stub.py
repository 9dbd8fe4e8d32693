"""The table runtime without Discord, for the benchmarks: a real :class:`TableManager` over a
real database (a SQLite file, or PostgreSQL given its URL), with only the Discord HTTP side
stubbed out (the one thing that cannot run here). What is stubbed, and nothing else:

* channels: ``send`` returns a message id at once, ``get_partial_message(id).edit`` records the
  edit (channel, time) and returns at once: the table message and result posts are still built
  (embeds, buttons) exactly as for Discord;
* DMs: opening a member's DM channel and ``send`` (hands by DM) record and return at once;
* ``wait_until_ready`` returns at once.

Everything else is the production code: the manager, its locks and timers, the render loop with
its coalescing interval, the bank, the table leases and the database transactions.
"""

from __future__ import annotations

import asyncio
import itertools
import random
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import discord

from bench.limits import most_within
from bot.bank import Bank
from bot.settings import Settings
from bot.storage import Database, open_database
from bot.tables.manager import TableManager
from bot.tables.models import Seat, Table
from engine.bots.random_legal import random_for_spec
from engine.core.game import Action
from engine.variants import get_variant

VARIANTS = ("kessel", "coruscant-shift", "classic", "centran", "project")
BUY_INS = {"kessel": 90, "coruscant-shift": 500, "classic": 500, "centran": 500, "project": 500}
SEATS = 4
_ids = itertools.count(10_000_000)


@dataclass
class Traffic:
    """What the stubbed Discord received."""

    edits: dict[int, list[float]] = field(default_factory=lambda: defaultdict(list))
    sends: list[float] = field(default_factory=list)  # when each DM, DM opened or post was made
    posts: int = 0
    dms: int = 0

    def clear(self) -> None:
        """Forget everything recorded so far (the set-up's traffic)."""
        self.edits.clear()
        self.sends.clear()
        self.posts = self.dms = 0

    def max_edits_per_5s(self) -> int:
        """The most table-message edits one channel got within any 5-second window."""
        return max((most_within(times, 5.0) for times in self.edits.values()), default=0)

    def max_sends_per_1s(self) -> int:
        """The most DMs and channel posts in any 1-second window."""
        return most_within(self.sends, 1.0)

    def max_requests_per_1s(self) -> int:
        """The most requests counted against Discord's global limit (DMs, posts and edits)
        in any 1-second window."""
        edits = [moment for times in self.edits.values() for moment in times]
        return most_within(self.sends + edits, 1.0)


class _Message:
    def __init__(self, channel: StubChannel, message_id: int) -> None:
        self.channel, self.id = channel, message_id
        self.jump_url = f"https://discord.com/channels/1/{channel.id}/{message_id}"

    async def edit(self, **_: Any) -> None:
        self.channel.traffic.edits[self.channel.id].append(time.perf_counter())


class StubChannel(discord.abc.GuildChannel, discord.abc.Messageable):
    """A text channel whose HTTP calls return at once."""

    def __init__(self, channel_id: int, traffic: Traffic) -> None:
        self.id, self.traffic = channel_id, traffic

    async def _get_channel(self) -> StubChannel:
        return self

    async def send(self, *_: Any, **__: Any) -> _Message:  # type: ignore[override]
        self.traffic.posts += 1
        self.traffic.sends.append(time.perf_counter())
        return _Message(self, next(_ids))

    def get_partial_message(self, message_id: int) -> _Message:
        return _Message(self, message_id)


class StubDM:
    """A member's DM channel: messages are accepted at once."""

    def __init__(self, user_id: int, traffic: Traffic) -> None:
        self.recipient, self.traffic = discord.Object(id=user_id), traffic

    async def send(self, *_: Any, **__: Any) -> None:
        self.traffic.dms += 1
        self.traffic.sends.append(time.perf_counter())


class BenchBot:
    """The few attributes of :class:`bot.client.SabaccBot` the table runtime uses."""

    def __init__(self, db: Database, settings: Settings) -> None:
        self.db, self.settings = db, settings
        self.shard_count: int | None = None  # every guild is served (bot.tables.leases)
        self.bank = Bank(db, starting_balance=10**9)
        self.traffic = Traffic()
        self._channels: dict[int, StubChannel] = {}
        self._dms: dict[int, StubDM] = {}

    def add_cleanup(self, _hook: Any) -> None:
        """The bench closes the runtime and the database itself."""

    def get_channel(self, channel_id: int) -> StubChannel:
        channel = self._channels.get(channel_id)
        if channel is None:
            channel = self._channels[channel_id] = StubChannel(channel_id, self.traffic)
        return channel

    async def fetch_channel(self, channel_id: int) -> StubChannel:
        return self.get_channel(channel_id)

    def get_guild(self, _guild_id: int) -> None:
        return None

    @property
    def private_channels(self) -> list[StubDM]:
        """The open DM channels (discord.py keeps the latest 128)."""
        return list(self._dms.values())[-128:]

    async def create_dm(self, user: discord.abc.Snowflake) -> StubDM:
        """Open a member's DM channel (a request, like posting)."""
        channel = self._dms.get(user.id)
        if channel is None:
            channel = self._dms[user.id] = StubDM(user.id, self.traffic)
            self.traffic.sends.append(time.perf_counter())
        return channel

    def get_user(self, user_id: int) -> StubDM:
        """A member: a DM sent to them is recorded and returns at once."""
        return StubDM(user_id, self.traffic)

    async def wait_until_ready(self) -> None:
        return None


async def open_runtime(target: Path | str, **settings: Any) -> tuple[BenchBot, TableManager]:
    """A manager over a (new or existing) database — a SQLite file or a ``postgresql://`` URL —
    with production settings by default."""
    db = await open_database(target)
    if isinstance(target, str):
        settings = {"database_url": target, **settings}
    else:
        settings = {"database_path": target, **settings}
    bot = BenchBot(db, Settings(token=None, **settings))
    manager = TableManager(bot)  # type: ignore[arg-type]
    manager.seeds = random.Random(1)
    return bot, manager


async def open_tables(manager: TableManager, count: int, *, first: int = 0) -> list[Table]:
    """``count`` started games of four members each, variants in turn."""
    tables = []
    for index in range(first, first + count):
        variant = VARIANTS[index % len(VARIANTS)]
        info = get_variant(variant)
        users = [index * SEATS + k + 1 for k in range(SEATS)]
        table = await manager.create(
            guild_id=1,
            channel_id=100_000 + index,
            host=Seat(users[0], f"u{users[0]}"),
            info=info,
            buy_in=BUY_INS[variant],
            turn_timeout=90,
        )
        for user in users[1:]:
            await manager.join(table, Seat(user, f"u{user}"))
        await manager.start(table, users[0])
        tables.append(table)
    return tables


def pending_moves(tables: list[Table], rng: random.Random) -> list[tuple[Table, int, Action, int]]:
    """A random legal action for every pending seat of every running table."""
    moves = []
    for table in tables:
        game = table.game
        if game is None or game.finished:
            continue
        for seat in sorted(game.pending_seats()):
            specs = game.legal_actions(seat)
            action = random_for_spec(rng.choice(specs), rng) if specs else game.default_action(seat)
            moves.append((table, seat, action, game.turn))
    return moves


class StallMonitor:
    """The event loop's longest stall: how late a 1 ms sleep wakes up, at worst."""

    def __init__(self) -> None:
        self.worst = 0.0
        self._task: asyncio.Task[None] | None = None

    async def _watch(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            before = loop.time()
            await asyncio.sleep(0.001)
            self.worst = max(self.worst, loop.time() - before - 0.001)

    def __enter__(self) -> StallMonitor:
        self._task = asyncio.get_running_loop().create_task(self._watch())
        return self

    def __exit__(self, *_: object) -> None:
        assert self._task is not None
        self._task.cancel()
