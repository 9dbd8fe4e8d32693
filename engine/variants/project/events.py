"""Sabacc Project events: typed, frozen facts (:class:`~engine.core.facts.Fact`); the bot's
renderer (``bot/words/project.py``) writes their lines.

Events the Project shares with the two-pot family (phase headers, cashing out, calling the hand,
a pot paid, a penalty, the Sabacc pot, leaving, game over) are
:mod:`engine.variants.twopot.events`', re-exported here. No event names a hidden card: only
Interference-Field cards (face up), revealed hands and Sudden-Demise cards (dealt face up)
appear, as notations.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.core.facts import Fact
from engine.core.game import ShownHand
from engine.variants.project.cards import HandEval
from engine.variants.twopot import events as twopot
from engine.variants.twopot.events import (
    CashedOut,
    Drew,
    GameOver,
    HandCalled,
    PenaltyPaid,
    PhaseNote,
    PhaseStarted,
    PlayerLeft,
    PotAwarded,
    SabaccPotResult,
    Worded,
)

__all__ = [
    "CardsDealt",
    "CashedOut",
    "Decided",
    "DemiseCard",
    "DrawTaken",
    "Drew",
    "FieldPlaced",
    "GameOver",
    "HandCalled",
    "HandStarted",
    "Note",
    "PenaltyPaid",
    "PhaseNote",
    "PhaseStarted",
    "PlayerLeft",
    "PotAwarded",
    "Revealed",
    "SabaccPotResult",
    "ShiftChanged",
    "ShiftHappened",
    "SuddenDemiseDealt",
    "Why",
    "Worded",
]


@dataclass(frozen=True, slots=True)
class Revealed(twopot.Shown[HandEval]):
    """One live player's revealed hand (notations) and its evaluation; ``caller``: the player
    called the hand."""

    caller: bool = False


@dataclass(frozen=True, slots=True)
class HandStarted(Fact):
    """A new hand: dealer, starting player, and the antes paid into both pots."""

    hand_no: int
    dealer: str
    starter: str
    players: int
    ante: int
    main_pot: int
    sabacc_pot: int


@dataclass(frozen=True, slots=True)
class CardsDealt(Fact):
    """DEAL: two face-down cards to every live player."""

    players: int


@dataclass(frozen=True, slots=True)
class DrawTaken(Fact):
    """A draw turn: the player drew the top card (kept hidden) or stood."""

    player: str
    drew: bool
    cards_held: int
    idle: int  # consecutive stands after this turn
    idle_limit: int | None


@dataclass(frozen=True, slots=True)
class FieldPlaced(Fact):
    """Cards (notations) moved face up into a player's Interference Field (§6.3)."""

    player: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ShiftHappened(Fact):
    """A Sabacc Shift at a Shift check: how many cards changed, per player (no card named)."""

    changed: tuple[tuple[str, int], ...]  # (player, cards changed) for affected players

    @property
    def total(self) -> int:
        """Cards changed in all."""
        return sum(k for _, k in self.changed)


@dataclass(frozen=True, slots=True)
class DemiseCard(twopot.DemiseCard[HandEval]):
    """One tied player's extra face-up card (a plain notation, ``no card`` when none was
    left) and the hand it makes."""


@dataclass(frozen=True, slots=True)
class SuddenDemiseDealt(Fact):
    """One Sudden-Demise dealing event: the extra face-up card of each tied player."""

    depth: int
    draws: tuple[DemiseCard, ...]

    def shown_hands(self) -> tuple[ShownHand, ...]:
        """Each extra face-up card adds to that player's shown hand."""
        return tuple(d.shown() for d in self.draws)


class Why(StrEnum):
    """What decided the Main Pot's base layer."""

    UNCONTESTED = "uncontested"
    NO_POT = "no_pot"
    ALL_BOMBED = "all_bombed"
    TIED_BOMBED = "tied_bombed"  # every tied player bombed out in Sudden Demise
    TIE_SPLIT = "tie_split"  # tied, no card left for Sudden Demise
    STAY_TIED = "stay_tied"  # still tied after Sudden Demise, no card left
    SUDDEN_DEMISE = "sudden_demise"
    BETTER_BOMBED = "better_bombed"  # the better tied hands bombed out in Sudden Demise
    ONLY_VALID = "only_valid"
    BEATS = "beats"
    CLOSER = "closer"
    POSITIVE = "positive"  # equal distance: the positive total wins


@dataclass(frozen=True, slots=True)
class Decided(Fact):
    """Why the Main Pot's base layer went where it did: its ``winners``, their hand ``best``,
    the best other valid hand ``runner``, the players ``tied`` before Sudden Demise, its
    ``depth`` (extra cards) and the winner's ``final`` hand after it."""

    why: Why
    winners: tuple[str, ...]
    best: HandEval | None = None
    runner: HandEval | None = None
    tied: tuple[str, ...] = ()
    depth: int = 0
    final: HandEval | None = None


@dataclass(frozen=True, slots=True)
class ShiftChanged(Fact):
    """Private note: the last Sabacc Shift changed the seat's cards, ``(old, new)`` notations."""

    swaps: tuple[tuple[str, str], ...]


Note = Drew | ShiftChanged | Worded
"""A seat's last private note (a line stored by an earlier version is :class:`Worded`)."""
