"""In-memory tournament records (rows of ``tournaments`` and ``tournament_entries``)."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from bot.bank import HOUSE
from bot.storage import Row
from bot.tables.models import Seat
from bot.tournaments.blinds import Schedule
from bot.tournaments.payouts import default_structure, prizes
from engine.core.game import VariantInfo
from engine.variants import get_variant


class Stage(StrEnum):
    """Life cycle of a tournament."""

    REGISTERING = "registering"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


@dataclass(slots=True)
class Entry:
    """One registration: a member, or a bot opponent (``bot_style`` set, ``user_id`` < 0,
    its buy-in paid by the house). ``place`` once out (1 = the winner)."""

    user_id: int
    name: str
    bot_style: str | None = None
    joined: int = 0
    place: int | None = None
    prize: int = 0
    points: int = 0

    @property
    def account(self) -> int:
        """The account that paid the buy-in and is paid the prize."""
        return HOUSE if self.bot_style is not None else self.user_id

    @property
    def seat(self) -> Seat:
        """The entry's seat at the tournament's table."""
        return Seat(self.user_id, self.name, self.bot_style)

    @property
    def shown(self) -> str:
        """A mention of the member (or the bot's name)."""
        return self.seat.mention

    @classmethod
    def from_row(cls, row: Row) -> Entry:
        """An entry from its ``tournament_entries`` row."""
        return cls(
            int(row["user_id"]),
            str(row["name"]),
            row["bot_style"],
            int(row["joined"]),
            None if row["place"] is None else int(row["place"]),
            int(row["prize"]),
            int(row["points"]),
        )


@dataclass(frozen=True, slots=True)
class Seating:
    """A seating plan (``round``: its number, 1 at the start): the user ids of each of its
    tables, written before any table closes or opens for it, so a restart carries it on
    (:mod:`bot.tournaments.balance`)."""

    round: int
    tables: tuple[tuple[int, ...], ...]

    def to_text(self) -> str:
        """The ``tournaments.seating`` column."""
        return json.dumps({"round": self.round, "tables": [list(t) for t in self.tables]})

    @classmethod
    def from_text(cls, text: str) -> Seating:
        """A plan from its column."""
        data = json.loads(text)
        return cls(int(data["round"]), tuple(tuple(int(u) for u in t) for t in data["tables"]))


def split(players: list[int], size: int) -> list[list[int]]:
    """``players`` (already shuffled) dealt round-robin onto as few tables of at most ``size``
    seats as hold them: table sizes differ by one at most.

    >>> split([1, 2, 3, 4, 5, 6, 7], 4)
    [[1, 3, 5, 7], [2, 4, 6]]
    """
    count = -(-len(players) // size)
    return [players[i::count] for i in range(count)]


@dataclass(slots=True, eq=False)
class Tournament:
    """A tournament: its settings, registrations and stage. Changed only under :attr:`lock`
    and only after its write committed."""

    id: int
    guild_id: int
    channel_id: int
    organizer_id: int
    variant: VariantInfo
    buy_in: int
    seats: int
    chips: int
    season: int
    structure: tuple[int, ...] | None = None  # percentages by place; None: by field size
    table_size: int | None = None  # multi-table: seats per table (tables in threads)
    seating: Seating | None = None  # the current round's plan
    allow_bots: bool = False
    start_at: float | None = None
    blinds: Schedule | None = None  # rising antes; None: the variant's antes throughout
    level: int = 0  # the highest level of antes any of its tables reached
    started_at: float | None = None
    stage: Stage = Stage.REGISTERING
    message_id: int | None = None
    event_id: int | None = None
    entries: list[Entry] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)

    @property
    def pool_id(self) -> int:
        """The escrow id its prize pool is held under."""
        return -self.id

    @property
    def pool(self) -> int:
        """Credits in the prize pool (every buy-in)."""
        return self.buy_in * len(self.entries)

    @property
    def open(self) -> bool:
        """Registering or running."""
        return self.stage in (Stage.REGISTERING, Stage.RUNNING)

    def payout_structure(self) -> tuple[int, ...]:
        """The percentages by place for the field registered now."""
        return self.structure or default_structure(len(self.entries))

    def prizes(self) -> list[int]:
        """Whole-credit prizes by place for the field registered now."""
        return prizes(self.pool, self.payout_structure(), len(self.entries))

    @property
    def multi_table(self) -> bool:
        """More players than one table seats: tables in threads, balanced as players bust
        (:mod:`bot.tournaments.balance`)."""
        return self.table_size is not None and self.seats > self.table_size

    def base_stakes(self) -> dict[str, int]:
        """The variant's own antes (level 0) that a schedule raises (none: it can't)."""
        return {name: int(self.variant.options[name]) for name in self.variant.stakes}

    def stakes(self, level: int | None = None) -> dict[str, int]:
        """The table options of the antes at ``level`` (the tournament's level by default)."""
        if self.blinds is None:
            return {}
        base = self.base_stakes()
        top = self.blinds.top_level(base, self.chips)
        return self.blinds.stakes(base, min(self.level if level is None else level, top))

    def entry(self, user_id: int) -> Entry | None:
        """A member's (or bot's) registration."""
        return next((e for e in self.entries if e.user_id == user_id), None)

    def members(self) -> list[Entry]:
        """Registered members (not bots)."""
        return [e for e in self.entries if e.bot_style is None]

    @classmethod
    def from_rows(cls, row: Row, entries: list[Row]) -> Tournament:
        """A tournament from its row and its entries' rows."""
        structure = json.loads(row["payouts"]) if row["payouts"] else None
        return cls(
            id=int(row["id"]),
            guild_id=int(row["guild_id"]),
            channel_id=int(row["channel_id"]),
            organizer_id=int(row["organizer_id"]),
            variant=get_variant(row["variant"]),
            buy_in=int(row["buy_in"]),
            seats=int(row["seats"]),
            chips=int(row["chips"]),
            season=int(row["season"]),
            structure=tuple(structure) if structure else None,
            table_size=None if row["table_size"] is None else int(row["table_size"]),
            seating=Seating.from_text(row["seating"]) if row["seating"] else None,
            allow_bots=bool(row["allow_bots"]),
            start_at=None if row["start_at"] is None else float(row["start_at"]),
            blinds=Schedule.from_text(row["blinds"]) if row["blinds"] else None,
            level=int(row["level"]),
            started_at=None if row["started_at"] is None else float(row["started_at"]),
            stage=Stage(row["status"]),
            message_id=row["message_id"],
            event_id=row["event_id"],
            entries=sorted((Entry.from_row(e) for e in entries), key=lambda e: e.joined),
        )

    def to_insert(self, now: float) -> tuple[Any, ...]:
        """The values of a new ``tournaments`` row (see :func:`bot.tournaments.store.insert`)."""
        return (
            self.guild_id,
            self.channel_id,
            self.organizer_id,
            self.variant.id,
            self.stage.value,
            self.buy_in,
            self.seats,
            self.table_size,
            self.chips,
            json.dumps(list(self.structure)) if self.structure else "",
            int(self.allow_bots),
            self.start_at,
            self.season,
            self.blinds.to_text() if self.blinds is not None else "",
            now,
            now,
        )
