"""The facts of Coruscant Shift's views, controls and previews (the events are in
:mod:`.events`).

Cards are notations, the dice a target and a :class:`~.cards.Suit`, a selection's value a
:class:`~.cards.Rank`; the bot writes the words (``bot/words/coruscant.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.core.betting_specs import StakePreview as StakePreview  # re-exported: a bet's cost
from engine.core.facts import Fact
from engine.variants.coruscant.cards import Rank, Suit
from engine.variants.coruscant.state import Phase


class Place(StrEnum):
    """Where a seat stands in the hand."""

    LIVE = "live"
    FOLDED = "folded"
    OUT = "out"  # not dealt in (no credits)
    LEFT = "left"


@dataclass(frozen=True, slots=True)
class SeatFacts(Fact):
    """What everyone sees of one seat: its place, whether it is all-in, whether it has chosen
    (``None`` outside a selection phase), how many cards it kept and its bet in this betting
    phase."""

    place: Place
    all_in: bool
    chosen: bool | None
    kept: int
    commit: int


@dataclass(frozen=True, slots=True)
class TableFacts(Fact):
    """The public table beyond seats and pots: the phase, the hand, the dice, the ante, who
    starts and the current bet. The pots of the view are keyed by their index (``"0"`` is the
    main pot)."""

    phase: Phase
    hand_no: int
    target: int
    suit: Suit
    ante: int
    starter: str
    current_bet: int
    seats: tuple[SeatFacts, ...]


@dataclass(frozen=True, slots=True)
class HandFacts(Fact):
    """One seat's private facts: its cards (notations), which of them are marked as its
    selection, and the selection's rank (``None`` when nothing is marked or the game is over);
    ``open`` is false once the game is over."""

    cards: tuple[str, ...]
    marked: tuple[bool, ...]
    selection: Rank | None
    open: bool


@dataclass(frozen=True, slots=True)
class CardOption(Fact):
    """A card of a selection (a notation), and whether it was kept in round 1."""

    card: str
    kept: bool


@dataclass(frozen=True, slots=True)
class SelectFacts(Fact):
    """The card select: how many cards there are to choose from, the dice, and whether the
    round-1 cards are locked in."""

    cards: int
    target: int
    suit: Suit
    locked: bool
