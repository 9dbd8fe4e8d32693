"""State pieces shared by the two-pot family (Classic, Centran, Project).

The variants keep stacks and hand-pot contributions in
:class:`~engine.core.betting.Betting`, a Sabacc pot of their own, a :class:`Seat` status and a
:class:`SeatRecord` per seat. Their states are different dataclasses, but the seat queries
(:class:`TwoPotSeats`) and the stored shapes of the common fields (:data:`RECORDS`,
:data:`PAYOUTS`: field metadata for :mod:`engine.core.codec`) are written once here.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from engine.core.betting import Betting
from engine.core.codec import PAIRS, ROWS, meta

__all__ = ["PAYOUTS", "RECORDS", "Seat", "SeatRecord", "TwoPotSeats"]


class Seat(StrEnum):
    """A seat's place in the game."""

    IN = "in"  # in the game (may be folded in the current hand)
    OUT = "out"  # cashed out: could not pay both antes, or 0 credits (§2.1, CL-28)
    LEFT = "left"  # left the table through leave(); its credits went home then


class _Scored(Protocol):
    @property
    def label(self) -> str: ...

    @property
    def score(self) -> int: ...


@dataclass(slots=True)
class SeatRecord:
    """Per-seat statistics (see :class:`~engine.core.game.SeatStats`)."""

    hands_played: int = 0
    hands_won: int = 0
    best_hand: str = ""
    best_score: int = 0
    biggest_pot: int = 0

    def note_hand(self, evaluation: _Scored) -> None:
        """Remember a revealed hand if it is the best so far."""
        if not self.best_hand or evaluation.score > self.best_score:
            self.best_hand, self.best_score = evaluation.label, evaluation.score


class TwoPotSeats:
    """Seat queries of a two-pot state (a mixin of the state dataclasses)."""

    __slots__ = ()

    players: tuple[str, ...]
    betting: Betting
    status: list[Seat]

    @property
    def n(self) -> int:
        """Number of seats."""
        return len(self.players)

    @property
    def stacks(self) -> list[int]:
        """Credits behind per seat (owned by the betting module)."""
        return self.betting.stacks

    def in_game(self) -> list[int]:
        """Seats still in the game (not out of credits, not left), in seat order."""
        return [s for s in range(self.n) if self.status[s] is Seat.IN]

    def live(self) -> list[int]:
        """Seats dealt into this hand and not folded (all-in players included)."""
        return list(self.betting.live_seats())


RECORDS = meta(shape=ROWS)
"""Field metadata of ``stats``: one row per seat (``hands_played, hands_won, best_hand,
best_score, biggest_pot``)."""
PAYOUTS = meta(shape=PAIRS)
"""Field metadata of ``final_payouts``: ``[[seat, credits], ...]`` in seat order, or null."""
