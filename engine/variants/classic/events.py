"""Classic Sabacc events: typed facts (:class:`~engine.core.facts.Fact`), worded by the bot's
renderer (``bot/words/classic.py``).

No event ever names a hidden card: only stasis-field cards (face up), revealed hands and
Sudden-Demise cards (drawn face up) appear in them. :class:`PlayerLeft`, :class:`Reshuffled`,
:class:`StasisMoved`, :class:`PotAwarded`, :class:`PenaltyPaid`, :class:`SabaccPotResult`,
:class:`CashedOut`, :class:`HandStarted`, :class:`HandCalled`, :class:`PhaseStarted`,
:class:`DiceRolled`, :class:`ShiftDone`, :class:`GameOver` and the private notes :class:`Drew` and
:class:`ShiftDealt` are the two-pot family's (:mod:`engine.variants.twopot.events`), re-exported
here.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.core.facts import Fact
from engine.core.game import ShownHand
from engine.variants.classic.cards import HandEval
from engine.variants.twopot import events as twopot
from engine.variants.twopot.events import CashedOut as CashedOut  # re-exported
from engine.variants.twopot.events import DiceRolled as DiceRolled  # re-exported
from engine.variants.twopot.events import Drew as Drew  # re-exported
from engine.variants.twopot.events import GameOver as GameOver  # re-exported
from engine.variants.twopot.events import HandCalled as HandCalled  # re-exported
from engine.variants.twopot.events import HandStarted as HandStarted  # re-exported
from engine.variants.twopot.events import PenaltyPaid as PenaltyPaid  # re-exported
from engine.variants.twopot.events import PhaseNote as PhaseNote  # re-exported
from engine.variants.twopot.events import PhaseStarted as PhaseStarted  # re-exported
from engine.variants.twopot.events import PlayerLeft as PlayerLeft  # re-exported
from engine.variants.twopot.events import PotAwarded as PotAwarded  # re-exported
from engine.variants.twopot.events import Reshuffled as Reshuffled  # re-exported
from engine.variants.twopot.events import SabaccPotResult as SabaccPotResult  # re-exported
from engine.variants.twopot.events import ShiftDealt as ShiftDealt  # re-exported
from engine.variants.twopot.events import ShiftDone as ShiftDone  # re-exported
from engine.variants.twopot.events import StasisMoved as StasisMoved  # re-exported


@dataclass(frozen=True, slots=True)
class Traded(twopot.CardTurn):
    """A trade action: ``gain``, ``change`` (a face-down discard and a draw) or ``stand``; the
    drawn card stays private."""


@dataclass(frozen=True, slots=True)
class Revealed(twopot.Shown[HandEval]):
    """One live player's revealed hand (notations, stasis cards included) and its evaluation;
    ``caller``: the player called the hand."""

    caller: bool = False


@dataclass(frozen=True, slots=True)
class TieStands(Fact):
    """A Sudden-Demise step left this player's hand as it was (no card was left to draw)."""


@dataclass(frozen=True, slots=True)
class DemiseDraw(twopot.DemiseCard[HandEval | TieStands]):
    """One tied player's face-up Sudden-Demise draw (``card`` notation, ``""`` for none) and the
    hand it makes."""


@dataclass(frozen=True, slots=True)
class SuddenDemiseDrew(Fact):
    """One Sudden-Demise step for the hand-pot layer ``pot`` (of ``pots`` layers)."""

    pot: int
    pots: int
    draws: tuple[DemiseDraw, ...]

    def shown_hands(self) -> tuple[ShownHand, ...]:
        """Each face-up draw adds a card to that player's shown hand."""
        return tuple(d.shown() for d in self.draws)


class Why(StrEnum):
    """Which comparison or tie-break decided a hand (:class:`HandDecided`)."""

    UNCONTESTED = "uncontested"  # everyone else folded
    ALL_BOMBED_IN_DEMISE = "all_bombed_in_demise"  # no winner: every tied player bombed
    NO_VALID_HAND = "no_valid_hand"  # no winner: nobody holds a valid hand
    TIED_BOMBED = "tied_bombed"  # the tied players all bombed in Sudden Demise: next best wins
    TIE_STANDS = "tie_stands"  # no card left for Sudden Demise: the tied players split
    SUDDEN_DEMISE = "sudden_demise"  # Sudden Demise broke the tie (``steps`` draw steps)
    EXACT_TIE = "exact_tie"  # equal hands split the pot
    ONLY_VALID = "only_valid"  # the winner's hand is the only one that did not bomb
    OUTRANKS = "outranks"  # a better category
    CLOSER = "closer"  # the same category, closer to ±23
    NEGATIVE = "negative"  # at equal distance the negative total wins


@dataclass(frozen=True, slots=True)
class HandDecided(Fact):
    """Why the hand went the way it did: ``why`` (a :class:`Why`), its ``winners``, the hand the
    tied players had (``tied``/``tied_at``), the number of Sudden-Demise ``steps``, and the
    winning and runner-up hands (``best``/``runner``) where the comparison names them."""

    why: Why
    winners: tuple[str, ...]
    tied: tuple[str, ...] = ()
    tied_at: HandEval | None = None
    steps: int = 0
    best: HandEval | None = None
    runner: HandEval | None = None
