"""The state the two-pot family (Classic, Centran, the Sabacc Project, Corellian Spike) shares.

Every variant's state is a dataclass subclass of :class:`TwoPotState`: stacks and hand-pot
contributions in :class:`~engine.core.betting.Betting`, the Sabacc pot, a :class:`Seat` status
and a :class:`SeatRecord` per seat, the hands, the draw pile, the turn queue and the counters,
with the seat queries, are declared once here; each variant adds its own fields. Its options
extend :class:`TwoPotOptions`. The stored shapes of the common fields (:data:`RECORDS`,
:data:`PAYOUTS`: field metadata for :mod:`engine.core.codec`) are declared once here; each
variant's state gives its JSON field order with :func:`engine.core.codec.stored` (the order the
variants always used).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Generic, Protocol, TypeVar

from engine.core.betting import Betting
from engine.core.codec import PAIRS, ROWS, meta
from engine.core.deck import Deck
from engine.core.fair import begin_hand
from engine.variants.twopot.events import HandStarted
from engine.variants.twopot.stored import NOTE as NOTE  # re-exported
from engine.variants.twopot.stored import NOTES as NOTES  # re-exported
from engine.variants.twopot.stored import Note as Note  # re-exported
from engine.variants.twopot.stored import last_decision as last_decision  # re-exported

__all__ = [
    "NOTE",
    "NOTES",
    "PAYOUTS",
    "RECORDS",
    "AnyTwoPot",
    "Note",
    "Scored",
    "Seat",
    "SeatRecord",
    "StasisState",
    "TwoPotOptions",
    "TwoPotState",
    "last_decision",
    "whole_option",
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


RECORDS = meta(shape=ROWS)
"""Field metadata of ``stats``: one row per seat (``hands_played, hands_won, best_hand,
best_score, biggest_pot``)."""
PAYOUTS = meta(shape=PAIRS)
"""Field metadata of ``final_payouts``: ``[[seat, credits], ...]`` in seat order, or null."""


class TwoPotOptions:
    """What every two-pot variant's table options have (a mixin of the variant's frozen options
    dataclass, which declares the fields): the smallest bet and the hand limit."""

    __slots__ = ()

    min_bet: int
    max_hands: int | None


class TwoAntes(TwoPotOptions):
    """The options of a variant whose every hand takes two antes from each player dealt in, a
    hand ante into the hand pot and a Sabacc ante into the Sabacc pot (Classic CL-28, Corellian
    Spike §2.3): a mixin like :class:`TwoPotOptions`."""

    __slots__ = ()

    hand_ante: int
    sabacc_ante: int

    @property
    def total_ante(self) -> int:
        """What a player must be able to pay to be dealt in: both antes."""
        return self.hand_ante + self.sabacc_ante


def whole_option(
    raw: Mapping[str, Any], name: str, low: int, default: int | None, nullable: bool = False
) -> int | None:
    """Lobby option ``name`` of ``raw`` (``default`` when it is missing): an integer of at least
    ``low``, or ``None`` where the option is ``nullable``; raises ``ValueError`` otherwise.

    >>> whole_option({"ante": 3}, "ante", 1, 5), whole_option({}, "max_hands", 1, None, True)
    (3, None)
    """
    value = raw.get(name, default)
    if value is None and nullable:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise ValueError(f"option {name} must be an integer ≥ {low}")
    return value


Opt = TypeVar("Opt", bound=TwoPotOptions)
C = TypeVar("C")


@dataclass(slots=True, kw_only=True)
class TwoPotState(Generic[Opt, C]):
    """The state every two-pot variant's state extends: seats, credits and records, the two pots,
    the hands and the draw pile, the hand and round counters, the turn queue, the last hand's
    result and the game's counters. Stacks and hand-pot contributions live in ``betting``.

    A variant's state is a dataclass subclass that adds its own fields (and redeclares ``phase``
    with its own :class:`~enum.StrEnum` and first phase); its options class extends
    :class:`TwoPotOptions` (``Opt``) and ``C`` is its card class. Its JSON is its variant's
    :class:`~engine.core.codec.Codec` (the field order given by :func:`~engine.core.codec.stored`).
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
    final_payouts: dict[int, int] | None = field(default=None, metadata=PAYOUTS)
    stats: list[SeatRecord] = field(default_factory=list, metadata=RECORDS)
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

    def open_hand(
        self, players: Sequence[int], deck: Deck[C] | None, cards: Callable[[], Iterable[C]]
    ) -> None:
        """HAND_START: the next hand number (a fair generator switches to its seed, before any
        random event of the hand), the draw pile (``deck``, else ``cards()`` shuffled with the
        game's RNG), no card in any hand, ``players`` dealt in and the hand's betting opened."""
        self.hand_no += 1
        begin_hand(self.rng, self.hand_no)
        self.draw = deck if deck is not None else Deck.shuffled(cards(), self.rng)
        self.hands = [[] for _ in range(self.n)]
        self.dealt = [s in players for s in range(self.n)]
        self.betting.start_hand(players)

    def take_antes(self, order: Sequence[int], hand_ante: int, sabacc_ante: int) -> None:
        """ANTE: every seat of ``order`` posts ``hand_ante`` into the hand pot and
        ``sabacc_ante`` into the Sabacc pot (the variant has checked it can), and has played one
        more hand."""
        betting, stats = self.betting, self.stats
        for s in order:
            betting.post(s, hand_ante)
            self.sabacc_pot += betting.withdraw(s, sabacc_ante)
            stats[s].hands_played += 1

    def hand_started(
        self, order: Sequence[int], hand_ante: int, sabacc_ante: int, discard: str = ""
    ) -> HandStarted:
        """The :class:`~engine.variants.twopot.events.HandStarted` of Classic and Corellian Spike
        once ``order`` (the seats dealt in) paid their antes: the hand, its starting player,
        both pots, and the card that starts the discard pile face up (``discard``)."""
        return HandStarted(
            self.hand_no,
            self.players[self.start_seat],
            len(order),
            hand_ante,
            sabacc_ante,
            self.betting.pot_total,
            self.sabacc_pot,
            discard,
        )


AnyTwoPot = TwoPotState[Any, Any]
"""Any two-pot state (what the family's shared helpers take)."""

St = TypeVar("St", bound=AnyTwoPot)
"""A variant's own two-pot state, where a shared helper hands it back to the variant's rules."""


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
