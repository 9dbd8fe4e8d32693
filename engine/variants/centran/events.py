"""Centran Sabacc events: typed, frozen facts (:class:`~engine.core.facts.Fact`); the bot's
renderer (``bot/words/centran.py``) writes their lines.

No event names a hidden card: only Array cards, table fives, Stasis-Field cards (all face up), the
card a player gives into the Array, and revealed hands appear in them (as notations). Events that
Centran shares with the two-pot family (phase headers, pot awards, penalties, the Sabacc pot,
leaving, stasis moves, reshuffles, the Sabacc Shift's counts, game over) are
:mod:`engine.variants.twopot.events`'.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.core.facts import Fact
from engine.core.seat_events import PlayerOut
from engine.variants.centran.cards import HandEval
from engine.variants.twopot import events as twopot
from engine.variants.twopot.events import (
    Drew,
    GameOver,
    PenaltyPaid,
    PhaseNote,
    PhaseStarted,
    PlayerLeft,
    PotAwarded,
    Reshuffled,
    SabaccPotResult,
    ShiftDone,
    StasisMoved,
    Worded,
)

__all__ = [
    "ArrayStarted",
    "CardAction",
    "Decided",
    "Drew",
    "FiveBrothers",
    "FiveDrawn",
    "FiveTabled",
    "GameOver",
    "HandStarted",
    "Note",
    "PenaltyPaid",
    "PhaseNote",
    "PhaseStarted",
    "PlayerLeft",
    "PlayerOut",
    "PotAwarded",
    "Reshuffled",
    "Revealed",
    "SabaccPotResult",
    "ShiftDone",
    "ShiftSwapped",
    "ShiftTurned",
    "StasisMoved",
    "Why",
    "Worded",
]


@dataclass(frozen=True, slots=True)
class HandStarted(Fact):
    """A new hand: dealer, first to act, and the antes paid into both pots (§2.3)."""

    hand_no: int
    dealer: str
    first: str
    players: int
    hand_pot: int
    sabacc_pot: int


@dataclass(frozen=True, slots=True)
class FiveTabled(Fact):
    """A Wild Five left the deck and went face up to the table (§3.4)."""

    card: str  # notation
    player: str  # credited player; "" = turned up for the Array (credited to nobody)
    count: int  # table fives now


@dataclass(frozen=True, slots=True)
class ArrayStarted(Fact):
    """The start card of the Shift Array (CE-42), a notation."""

    card: str


@dataclass(frozen=True, slots=True)
class CardAction(twopot.CardTurn):
    """A Card-Phase main action (§3.2, §6: ``action`` is ``gain``, ``stand``, ``trade``,
    ``draw_to_array``, ``discard_to_array`` or ``array_draw``); ``given`` / ``taken`` are public
    Array cards (notations; ``given`` is ``""`` when a drawn card went to the table as a five)."""

    given: str = ""
    taken: str = ""
    position: int = 0  # 1-based Array position


@dataclass(frozen=True, slots=True)
class ShiftTurned(Fact):
    """The Shift Phase card (``trigger``) joins the Array after ``prev`` (notations; ``prev`` is
    ``""`` for an empty Array) (§3.5): a Sabacc Shift or not."""

    round_no: int
    trigger: str
    prev: str
    shift: bool
    discards: int
    random_mode: bool = False


@dataclass(frozen=True, slots=True)
class FiveBrothers(Fact):
    """The fifth five reached the table: the hand ends at once (CE-8)."""

    player: str  # the claimant of Wild Sabacc; "" when the Array turned it up


@dataclass(frozen=True, slots=True)
class Revealed(twopot.Shown[HandEval]):
    """One live player's held cards at the reveal (notations) and their evaluation, with the
    values the engine chose for the Aces and table fives."""


class Why(StrEnum):
    """Which comparison decided a hand (§5.3, §5.4)."""

    UNCONTESTED = "uncontested"
    ALL_BOMBED = "all_bombed"
    EXACT_TIE = "exact_tie"
    ONLY_VALID = "only_valid"
    OUTRANKS = "outranks"
    NEARER = "nearer"
    NEGATIVE = "negative"
    PURE_OVER_ZERO = "pure_over_zero"
    TIE_BREAK = "tie_break"
    WINS = "wins"


@dataclass(frozen=True, slots=True)
class Decided(Fact):
    """Why the hand went the way it did: the ``winners``, their hand (``best``), the best
    other hand that did not bomb out (``runner``) and, for :attr:`Why.TIE_BREAK`, which of the
    five tie-breakers of §5.4 decided (1-based; the counts are in the hands' rank keys)."""

    why: Why
    winners: tuple[str, ...]
    best: HandEval | None = None
    runner: HandEval | None = None
    tie_break: int = 0


@dataclass(frozen=True, slots=True)
class FiveDrawn(Fact):
    """Private note: the seat drew the five ``card``; it went to the table."""

    card: str


@dataclass(frozen=True, slots=True)
class ShiftSwapped(Fact):
    """Private note: the Sabacc Shift took ``lost`` from the seat and dealt it ``got``."""

    lost: tuple[str, ...]
    got: tuple[str, ...]


Note = Drew | FiveDrawn | ShiftSwapped | Worded
"""A seat's last private note (a line stored by an earlier version is :class:`Worded`)."""
