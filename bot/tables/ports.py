"""What the table service tells its collaborators after a commit, as the public methods it
calls on them (the presenter and the scheduler implement these; :mod:`bot.tables.runtime` wires
them). The service never learns how a table is shown or timed, and they never write a table."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from bot.storage import Tx
from bot.tables.models import Table
from engine.core.game import Event


@dataclass(frozen=True, slots=True)
class Outcome:
    """A committed step of a game: its ``events``; whether a hand (or the game) ended with
    it, and then the whole ``hand``'s public lines; a seat that ``left`` with its credits."""

    events: tuple[Event, ...]
    hand_ended: bool = False
    left: tuple[int, int] | None = None
    hand: Sequence[str] = ()


class Display(Protocol):
    """Shows tables (:class:`bot.tables.presenter.Presenter`)."""

    def link(self, table: Table) -> str:
        """A link to the table message."""

    def lobby_changed(self, table: Table) -> None:
        """Seats, status or sitting-out changed: draw the table message again."""

    def started(self, table: Table) -> None:
        """The first hand was dealt."""

    def acted(self, table: Table, outcome: Outcome) -> None:
        """A step of the game was committed: show it (and a result, when a hand ended)."""

    def resumed(self, table: Table) -> None:
        """A table read from the database is driven here now: draw it again."""


class Timers(Protocol):
    """Times tables (:class:`bot.tables.scheduler.Scheduler`)."""

    def watch_lobby(self, table: Table) -> None:
        """(Re)start a lobby's expiry; stop it once the lobby is gone."""

    def schedule(self, table: Table) -> None:
        """(Re)start the turn timer of a new decision and the moves of bots and absentees."""

    def close_unattended(self, table: Table) -> None:
        """Close a game nobody plays at any more, in the background."""


class Tournaments(Protocol):
    """The tournaments tables belong to (:class:`bot.tournaments.results.Results`):
    told of every write of a tournament's table, inside it and once it is committed."""

    async def record_in(self, conn: Tx, table: Table) -> None:
        """In the table's write: the places of the players who went out, and when the game
        ended, the prizes paid from the pool."""

    def committed(self, table: Table) -> None:
        """That write is committed: keep and announce what it recorded."""

    def between_hands(self, table: Table) -> tuple[Event, ...]:
        """A new hand just started at ``table`` (before its write): change what the next hand
        takes (rising antes); the events to log."""
