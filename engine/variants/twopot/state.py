"""The state the two-pot family (Classic, Centran, the Sabacc Project, Corellian Spike) shares.

Every variant's state is a dataclass subclass of :class:`TwoPotState`: stacks and hand-pot
contributions in :class:`~engine.core.betting.Betting`, the Sabacc pot, a :class:`Seat` status
and a :class:`SeatRecord` per seat, the hands, the draw pile, the turn queue and the counters,
with the seat queries, are declared once here; each variant adds its own fields. Its options
extend :class:`TwoPotOptions`. The JSON of the common fields (:func:`head_to_json`,
:func:`tail_to_json`, :func:`head_from_json`, :func:`tail_from_json`) is written once here too;
the JSON field names and their order are those the variants always used.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Generic, Protocol, TypeVar

from engine.core.betting import Betting
from engine.core.deck import Deck
from engine.core.rng import rng_from_json, rng_to_json

__all__ = [
    "AnyTwoPot",
    "Scored",
    "Seat",
    "SeatRecord",
    "StasisState",
    "TwoPotOptions",
    "TwoPotState",
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


class Scored(Protocol):
    """A hand evaluation as the seat records read it: its name and its statistics score."""

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

    def note_hand(self, evaluation: Scored) -> None:
        """Remember a revealed hand if it is the best so far."""
        if not self.best_hand or evaluation.score > self.best_score:
            self.best_hand, self.best_score = evaluation.label, evaluation.score


class TwoPotOptions:
    """What every two-pot variant's table options have (a mixin of the variant's frozen options
    dataclass, which declares the fields): the smallest bet, the hand limit and the lobby form."""

    __slots__ = ()

    min_bet: int
    max_hands: int | None

    def to_json(self) -> dict[str, Any]:
        """The options in lobby form."""
        raise NotImplementedError


Opt = TypeVar("Opt", bound=TwoPotOptions)
C = TypeVar("C")


@dataclass(slots=True, kw_only=True)
class TwoPotState(Generic[Opt, C]):
    """The state every two-pot variant's state extends: seats, credits and records, the two pots,
    the hands and the draw pile, the hand and round counters, the turn queue, the last hand's
    result and the game's counters. Stacks and hand-pot contributions live in ``betting``.

    A variant's state is a dataclass subclass that adds its own fields (and redeclares ``phase``
    with its own :class:`~enum.StrEnum` and first phase); its options class extends
    :class:`TwoPotOptions` (``Opt``) and ``C`` is its card class. The JSON of the common fields is
    :func:`head_to_json` / :func:`tail_to_json` (each variant places its own fields between).
    """

    players: tuple[str, ...]
    buy_in: int
    options: Opt
    rng: random.Random
    betting: Betting
    status: list[Seat]
    phase: Any = None  # the variant's Phase (each state redeclares it with its first phase)
    sabacc_pot: int = 0
    hand_no: int = 0
    start_seat: int = 0  # the hand's first seat to act (Centran: see its first_to_act)
    round_no: int = 0
    hands: list[list[C]] = field(default_factory=list)  # the cards each seat holds
    draw: Deck[C] = field(default_factory=Deck)
    queue: list[int] = field(default_factory=list)  # card turns still to take; [0] = current
    dealt: list[bool] = field(default_factory=list)  # dealt into the current / last hand
    last_result: list[str] = field(default_factory=list)  # public lines of the last settlement
    final_payouts: dict[int, int] | None = None
    stats: list[SeatRecord] = field(default_factory=list)
    seq: int = 0
    turn: int = 0

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

    def first_to_act(self) -> int:
        """The seat the hand's order starts from (:attr:`start_seat`)."""
        return self.start_seat

    def hand_order(self) -> list[int]:
        """Every seat dealt into the hand, clockwise from :meth:`first_to_act`."""
        first = self.first_to_act()
        ring = [(first + i) % self.n for i in range(self.n)]
        return [s for s in ring if self.dealt[s]]

    def live_order(self) -> list[int]:
        """Live seats, clockwise from :meth:`first_to_act`."""
        return [s for s in self.hand_order() if self.betting.is_live(s)]

    def to_json(self) -> dict[str, Any]:
        """The whole state, RNG included: each variant's state writes its own fields between
        :func:`head_to_json` and :func:`tail_to_json`."""
        raise NotImplementedError


AnyTwoPot = TwoPotState[Any, Any]
"""Any two-pot state (what the family's shared helpers take)."""


@dataclass(slots=True, kw_only=True)
class StasisState(TwoPotState[Opt, C]):
    """A two-pot state with stasis fields and a discard pile (Classic, Centran): a seat may move
    one card a turn face up into its field (``stasis_used``), folded hands go face down to the
    discard pile, and the discard pile is shuffled into an empty draw pile."""

    stasis: list[list[C]] = field(default_factory=list)  # stasis field per seat (face up)
    discard: list[C] = field(default_factory=list)
    stasis_used: bool = False

    def available(self) -> int:
        """Cards that can still be drawn (draw pile + discards to reshuffle)."""
        return len(self.draw) + len(self.discard)


def stats_to_json(stats: list[SeatRecord]) -> list[list[Any]]:
    """Per-seat records as rows (``hands_played, hands_won, best_hand, best_score, pot``)."""
    return [[r.hands_played, r.hands_won, r.best_hand, r.best_score, r.biggest_pot] for r in stats]


def stats_from_json(rows: Any) -> list[SeatRecord]:
    """Inverse of :func:`stats_to_json`."""
    return [SeatRecord(int(a), int(b), str(c), int(d), int(e)) for a, b, c, d, e in rows]


def head_to_json(st: AnyTwoPot) -> dict[str, Any]:
    """The leading common fields: players, buy-in, options, RNG, betting, seat status."""
    return {
        "players": list(st.players),
        "buy_in": st.buy_in,
        "options": st.options.to_json(),
        "rng": rng_to_json(st.rng),
        "betting": st.betting.to_json(),
        "status": [s.value for s in st.status],
    }


def tail_to_json(st: AnyTwoPot, *, stats: bool = True) -> dict[str, Any]:
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
