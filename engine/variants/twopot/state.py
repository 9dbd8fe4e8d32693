"""State pieces shared by the two-pot family (Classic, Centran, Project).

The three variants keep stacks and hand-pot contributions in
:class:`~engine.core.betting.Betting`, a Sabacc pot of their own, a :class:`Seat` status and a
:class:`SeatRecord` per seat. Their states are different dataclasses, but the seat queries
(:class:`TwoPotSeats`) and the JSON of the common fields (:func:`head_to_json`,
:func:`tail_to_json`, :func:`head_from_json`, :func:`tail_from_json`) are written once here.
The JSON field names and their order are those the variants always used.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from engine.core.betting import Betting
from engine.core.rng import rng_from_json, rng_to_json

__all__ = [
    "Seat",
    "SeatRecord",
    "TwoPotSeats",
    "head_from_json",
    "head_to_json",
    "tail_from_json",
    "tail_to_json",
]


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


class _Options(Protocol):
    def to_json(self) -> dict[str, Any]: ...


class TwoPotFields(Protocol):
    """The fields every two-pot state has (what the JSON helpers read)."""

    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def buy_in(self) -> int: ...
    @property
    def options(self) -> _Options: ...
    @property
    def rng(self) -> random.Random: ...
    @property
    def betting(self) -> Betting: ...
    @property
    def status(self) -> list[Seat]: ...
    @property
    def last_result(self) -> list[str]: ...
    @property
    def final_payouts(self) -> dict[int, int] | None: ...
    @property
    def stats(self) -> list[SeatRecord]: ...
    @property
    def seq(self) -> int: ...
    @property
    def turn(self) -> int: ...


def stats_to_json(stats: list[SeatRecord]) -> list[list[Any]]:
    """Per-seat records as rows (``hands_played, hands_won, best_hand, best_score, pot``)."""
    return [[r.hands_played, r.hands_won, r.best_hand, r.best_score, r.biggest_pot] for r in stats]


def stats_from_json(rows: Any) -> list[SeatRecord]:
    """Inverse of :func:`stats_to_json`."""
    return [SeatRecord(int(a), int(b), str(c), int(d), int(e)) for a, b, c, d, e in rows]


def head_to_json(st: TwoPotFields) -> dict[str, Any]:
    """The leading common fields: players, buy-in, options, RNG, betting, seat status."""
    return {
        "players": list(st.players),
        "buy_in": st.buy_in,
        "options": st.options.to_json(),
        "rng": rng_to_json(st.rng),
        "betting": st.betting.to_json(),
        "status": [s.value for s in st.status],
    }


def tail_to_json(st: TwoPotFields, *, stats: bool = True) -> dict[str, Any]:
    """The trailing common fields: last result, final payouts, (stats,) counters."""
    payouts = st.final_payouts
    data: dict[str, Any] = {
        "last_result": list(st.last_result),
        "final_payouts": (
            None if payouts is None else [[k, v] for k, v in sorted(payouts.items())]
        ),
    }
    if stats:
        data["stats"] = stats_to_json(st.stats)
    data["seq"] = st.seq
    data["turn"] = st.turn
    return data


def head_from_json(data: Mapping[str, Any], options: Callable[[Any], Any]) -> dict[str, Any]:
    """Constructor arguments for the fields of :func:`head_to_json`; ``options`` parses the
    options mapping (the variant's ``Options.from_mapping``)."""
    return {
        "players": tuple(data["players"]),
        "buy_in": int(data["buy_in"]),
        "options": options(data["options"]),
        "rng": rng_from_json(data["rng"]),
        "betting": Betting.from_json(data["betting"]),
        "status": [Seat(s) for s in data["status"]],
    }


def tail_from_json(data: Mapping[str, Any], *, stats: bool = True) -> dict[str, Any]:
    """Constructor arguments for the fields of :func:`tail_to_json`."""
    payouts = data.get("final_payouts")
    kwargs: dict[str, Any] = {
        "last_result": [str(x) for x in data["last_result"]],
        "final_payouts": None if payouts is None else {int(k): int(v) for k, v in payouts},
    }
    if stats:
        kwargs["stats"] = stats_from_json(data["stats"])
    kwargs["seq"] = int(data["seq"])
    kwargs["turn"] = int(data["turn"])
    return kwargs
