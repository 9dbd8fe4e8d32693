"""What the tournament runtime is given from outside: a :class:`Herald` that shows tournaments
(implemented in Discord by :class:`bot.tournaments.present.Herald`). No Discord here."""

from __future__ import annotations

from typing import Protocol

from bot.tournaments.models import Entry, Seating, Tournament


class Herald(Protocol):
    """Shows tournaments (:class:`bot.tournaments.present.Herald`)."""

    def changed(self, tournament: Tournament) -> None:
        """Registrations or the stage changed: draw the tournament message again."""

    def placed(self, tournament: Tournament, entries: list[Entry]) -> None:
        """``entries`` went out: tell them their finishing place."""

    def ended(self, tournament: Tournament) -> None:
        """The tournament finished (results, prizes) or was cancelled (refunds)."""

    def say(self, tournament: Tournament, text: str) -> None:
        """Post ``text`` in the tournament's channel."""

    def check_seating(self, tournament: Tournament) -> object:
        """A :class:`~bot.errors.TableError` saying why its tables can't be opened now."""

    def regrouped(
        self, tournament: Tournament, plan: Seating, moving: list[int], channels: list[int]
    ) -> None:
        """The tables are regrouped: tell its channel, the closing tables and who moves."""
        ...

    async def table_channel(self, tournament: Tournament, label: str) -> int:
        """Where a table of the tournament plays: its channel, or a new thread of it for a
        multi-table tournament; a :class:`~bot.errors.TableError` saying why it can't."""
