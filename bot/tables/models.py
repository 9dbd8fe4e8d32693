"""In-memory table records: seats, status and the running game, with their SQLite row mapping."""

from __future__ import annotations

import asyncio
import functools
import json
import re
from collections import deque
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from bot import words
from bot.i18n import locale_code
from bot.tables.record import TableTasks
from bot.tables.rowstate import dump_state, load_state
from engine.core.game import ActionSpec, Game, PublicView, VariantInfo
from engine.variants import get_variant

_DIGIT = re.compile(r"[0-9]")
LOG_LINES = 400  # public log lines of the hand in play (bot.tables.handlog); newest shown


@functools.lru_cache(maxsize=4096)
def _ids_pattern(ids: tuple[str, ...]) -> re.Pattern[str]:
    """Any of the engine player ids ``ids`` (longest first) as a whole word, not inside a
    mention; compiled once per seating (``re``'s own cache holds 512 patterns, fewer than the
    tables of a busy process)."""
    alternatives = "|".join(re.escape(i) for i in ids)
    return re.compile(rf"(?<![<@\w])(?:{alternatives})(?!\w)")


@functools.lru_cache(maxsize=4096)
def _naming(
    seats: tuple[tuple[int, str, str | None], ...], plain: bool
) -> tuple[re.Pattern[str], dict[str, str]]:
    """For :meth:`Table.names`: the pattern of a seating's engine player ids and what each is
    replaced by, built once per seating (a table message names its players in every line)."""
    shown: dict[str, str] = {}
    for user_id, name, bot_style in seats:
        seat = Seat(user_id, name, bot_style)
        shown[seat.player_id] = seat.display if plain else seat.mention
    return _ids_pattern(tuple(sorted(shown, key=len, reverse=True))), shown


def hand_of(game: Game, seat: int) -> tuple[str, ...]:
    """``game.view_for(seat).hand``, without building the whole view where the engine can."""
    quick = getattr(game, "hand", None)
    return quick(seat) if callable(quick) else game.view_for(seat).hand


class Status(StrEnum):
    """Life cycle of a table."""

    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"
    CANCELLED = "cancelled"


BOT_STYLES = ("cautious", "balanced", "bold")
BOT_NAMES = ("IG-88", "Lando", "Dengar", "Bossk", "Zuckuss", "Greedo", "4-LOM", "Aurra")


def bot_seat(taken: set[str], bots: int, style: str, spare: int) -> Seat:
    """The seat of a new bot opponent of ``style`` beside ``bots`` bots already there: id
    ``-(bots + 1)``, named with the first of :data:`BOT_NAMES` not in ``taken``, else
    ``Droid {spare}``."""
    name = next((n for n in BOT_NAMES if n not in taken), f"Droid {spare}")
    return Seat(-(bots + 1), name, style)


@dataclass(slots=True)
class Seat:
    """One seat: a Discord member, or a bot opponent (``bot_style`` set, ``user_id`` < 0)."""

    user_id: int
    name: str
    bot_style: str | None = None

    @property
    def is_bot(self) -> bool:
        return self.bot_style is not None

    @property
    def player_id(self) -> str:
        """The id the engine knows this seat by."""
        return f"bot{-self.user_id}" if self.is_bot else str(self.user_id)

    @property
    def mention(self) -> str:
        return f"🤖 {self.name}" if self.is_bot else f"<@{self.user_id}>"

    @property
    def display(self) -> str:
        """The name as plain text (where mentions do not render)."""
        return f"🤖 {self.name}" if self.is_bot else self.name

    def to_json(self) -> dict[str, Any]:
        return {"user_id": self.user_id, "name": self.name, "bot_style": self.bot_style}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        return cls(int(data["user_id"]), str(data["name"]), data.get("bot_style"))


STACKS = "stacks"
"""The key of :attr:`Table.options` holding a tournament table's starting stacks (seat order)."""


@dataclass(slots=True, eq=False)
class Table:
    """A lobby or a running game in one channel: the one record the runtime keeps of it (its
    game, lock, lease, deadline, DM state here; its tasks, render and post state in
    :attr:`tasks`). Mutated only under :attr:`lock`."""

    id: int
    guild_id: int
    channel_id: int
    variant: VariantInfo
    host_id: int
    buy_in: int
    turn_timeout: int
    options: dict[str, Any] = field(default_factory=dict)
    status: Status = Status.LOBBY
    seats: list[Seat] = field(default_factory=list)
    game: Game | None = None
    strikes: dict[int, int] = field(default_factory=dict)
    sitting_out: set[int] = field(default_factory=set)
    left_seats: dict[int, int] = field(default_factory=dict)  # seat -> credits taken
    log: deque[str] = field(default_factory=lambda: deque(maxlen=LOG_LINES))
    message_id: int | None = None
    message_posted_at: float | None = None
    # runtime only
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    hands_sent: dict[int, tuple[str, ...]] = field(default_factory=dict)
    dm_closed_told: set[int] = field(default_factory=set)
    deadline: float | None = None
    saved_row: dict[str, Any] | None = None  # digests of the columns a group commit last wrote
    view_version: int = 0  # grows when the game changes without a new action (leave, undo)
    _public: tuple[tuple[int, int, int, int, str], PublicView] | None = field(
        default=None, init=False, repr=False
    )
    _legal: tuple[tuple[int, int, int, int], dict[int, tuple[ActionSpec, ...]]] | None = field(
        default=None, init=False, repr=False
    )
    lease: str | None = None  # token of this process's lease (bot.tables.leases); None: unchecked
    fair_master: bytes | None = field(default=None, repr=False)  # hand seeds derive from it
    tasks: TableTasks = field(default_factory=TableTasks, repr=False)  # bot.tables.record
    unshown: list[float] = field(default_factory=list, repr=False)  # clicks not on screen yet
    # the tournament this table belongs to (bot.tournaments): its seats play with tournament
    # chips, and no credits move at it
    tournament_id: int | None = None

    @property
    def open(self) -> bool:
        return self.status in (Status.LOBBY, Status.PLAYING)

    def seat_of(self, user_id: int) -> int | None:
        """The seat index of a member, or None when they are not seated."""
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id and not seat.is_bot:
                return index
        return None

    def names(self, text: str, *, plain: bool = False) -> str:
        """``text`` with engine player ids replaced by mentions (embeds do not ping), or by
        display names where mentions do not render (``plain``: buttons, menus, modal titles)."""
        if not self.seats or _DIGIT.search(text) is None:
            return text  # every engine player id has a digit (a user id, or "bot" and one)
        pattern, shown = _naming(tuple((s.user_id, s.name, s.bot_style) for s in self.seats), plain)
        # One pass over the original text: a name put in is never read again as an id (a
        # nickname may be another member's user id).
        return pattern.sub(lambda m: shown[m.group(0)], text)

    def public_view(self) -> PublicView:
        """``game.public_view()`` with its words written (:func:`bot.words.table_text`) in the
        current reader's language, built once per change of the game and of language (every action
        grows ``seq``; the runtime grows :attr:`view_version` for the other changes)."""
        game = self.game
        assert game is not None
        key = (id(game), game.seq, game.turn, self.view_version, locale_code())
        if self._public is None or self._public[0] != key:
            self._public = (key, words.table_text(self.variant.id, game.public_view()))
        return self._public[1]

    def legal_actions(self, seat: int) -> tuple[ActionSpec, ...]:
        """``game.legal_actions(seat)``, asked of the engine once per seat and change of the
        game (the same key as :meth:`public_view`'s, without the language): a redraw lists
        every seat's, and the click on what it drew checks the clicker's again."""
        game = self.game
        assert game is not None
        key = (id(game), game.seq, game.turn, self.view_version)
        if self._legal is None or self._legal[0] != key:
            self._legal = (key, {})
        known = self._legal[1]
        specs = known.get(seat)
        if specs is None:
            specs = known[seat] = game.legal_actions(seat)
        return specs

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_bot]

    def game_params(self) -> tuple[dict[str, Any], list[int] | None]:
        """What the table's game is created with besides its players and buy-in: the
        variant's options with the table's own, and the seats' starting stacks when a
        tournament carries chips over (kept with the options, under :data:`STACKS`)."""
        options = {**self.variant.options, **self.options}
        stacks = options.pop(STACKS, None)
        return options, None if stacks is None else [int(c) for c in stacks]

    def still_in(self, seat: int) -> bool:
        """Whether ``seat`` still takes part in the running game (has not left)."""
        if self.game is None:
            return True
        view = self.public_view()
        return view.seats[seat].active if seat < len(view.seats) else False

    def to_row(self) -> dict[str, Any]:
        """The mutable columns of ``game_tables``."""
        return {
            "status": self.status.value,
            "options": json.dumps(self.options),
            "seats": json.dumps([s.to_json() for s in self.seats]),
            "state": dump_state(self.game) if self.game is not None else None,
            "seq": self.game.seq if self.game is not None else 0,
            "strikes": json.dumps({str(k): v for k, v in self.strikes.items()}),
            "sitting_out": json.dumps(sorted(self.sitting_out)),
            "left_seats": json.dumps({str(k): v for k, v in self.left_seats.items()}),
            "log": json.dumps(list(self.log)),
            "message_id": self.message_id,
            "message_posted_at": self.message_posted_at,
        }

    @classmethod
    def from_row(cls, row: Any) -> Table:
        """Rebuild a table (and its game) from a ``game_tables`` row."""
        info = get_variant(row["variant"])
        table = cls(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            variant=info,
            host_id=row["host_id"],
            buy_in=row["buy_in"],
            turn_timeout=row["turn_timeout"],
            options=json.loads(row["options"]),
            status=Status(row["status"]),
            seats=[Seat.from_json(s) for s in json.loads(row["seats"])],
            strikes={int(k): int(v) for k, v in json.loads(row["strikes"]).items()},
            sitting_out=set(json.loads(row["sitting_out"])),
            left_seats={int(k): int(v) for k, v in json.loads(row["left_seats"]).items()},
            message_id=row["message_id"],
            message_posted_at=row["message_posted_at"],
            tournament_id=row["tournament_id"],
        )
        table.log.extend(json.loads(row["log"]))
        if row["state"]:
            table.game = info.restore(load_state(row["state"]))
            table.hands_sent = {i: hand_of(table.game, i) for i in range(len(table.seats))}
        return table
