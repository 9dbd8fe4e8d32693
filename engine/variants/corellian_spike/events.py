"""Corellian Spike events: typed facts (:class:`~engine.core.facts.Fact`), worded by the bot's
renderer (``bot/words/corellian_spike.py``).

No event names a hidden card: gained cards are reported by count only; cards put on or taken
from the face-up discard pile, junked hands, revealed hands and blind draws are public (§3.5).
:class:`HandStarted`, :class:`CashedOut`, :class:`DiceRolled`, :class:`PlayerLeft`,
:class:`Reshuffled`, :class:`GameOver`, :class:`SabaccPotResult`, :class:`PhaseNote` and the
private notes :class:`Drew` and :class:`ShiftDealt` are the two-pot family's
(:mod:`engine.variants.twopot.events`), re-exported.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.core.betting_events import PotAwarded as PotAwarded  # re-exported
from engine.core.facts import Fact
from engine.variants.corellian_spike.cards import HandEval
from engine.variants.twopot import events as twopot
from engine.variants.twopot.events import CashedOut as CashedOut  # re-exported
from engine.variants.twopot.events import DiceRolled as DiceRolled  # re-exported
from engine.variants.twopot.events import Drew as Drew  # re-exported
from engine.variants.twopot.events import GameOver as GameOver  # re-exported
from engine.variants.twopot.events import HandStarted as HandStarted  # re-exported
from engine.variants.twopot.events import PhaseNote as PhaseNote  # re-exported
from engine.variants.twopot.events import PlayerLeft as PlayerLeft  # re-exported
from engine.variants.twopot.events import Reshuffled as Reshuffled  # re-exported
from engine.variants.twopot.events import SabaccPotResult as SabaccPotResult  # re-exported
from engine.variants.twopot.events import ShiftDealt as ShiftDealt  # re-exported


class Stage(StrEnum):
    """The two phases of a round (§3)."""

    CARDS = "card phase"
    BETTING = "betting"


@dataclass(frozen=True, slots=True)
class PhaseStarted(Fact):
    """A card or betting phase of round ``round_no`` of ``rounds`` begins (``note``: skipped)."""

    round_no: int
    rounds: int
    phase: Stage
    note: PhaseNote = PhaseNote.NONE


class Move(StrEnum):
    """A card-phase action as the log reports it."""

    STAND = "stand"
    GAIN = "gain"
    KEEP = "keep"
    DISCARD = "discard"
    SWAP = "swap"


@dataclass(frozen=True, slots=True)
class CardAction(Fact):
    """A card-phase action (§3.1). ``put`` is the card put face up on the discard pile,
    ``took`` the discard taken by a swap; a gained card stays secret."""

    player: str
    kind: Move
    cards: int  # hand size afterwards
    put: str = ""
    took: str = ""
    fee: int = 0


@dataclass(frozen=True, slots=True)
class Junked(Fact):
    """A player junks (card action or betting fold): the cards go face up to the discard pile."""

    player: str
    cards: tuple[str, ...]
    folded: bool = False


@dataclass(frozen=True, slots=True)
class ShiftDone(Fact):
    """Every live hand went face up to the discard pile (public, §3.5) and was redealt with as
    many cards (§3.3)."""

    discarded: tuple[tuple[str, tuple[str, ...]], ...]  # (player, cards in hand order)


@dataclass(frozen=True, slots=True)
class Revealed(twopot.Shown[HandEval]):
    """A live player's hand at REVEAL (notations) with its evaluation."""


@dataclass(frozen=True, slots=True)
class BlindDrew(Fact):
    """A single-blind-draw round among tied players (§5.5) for the hand-pot layer ``pot`` of
    ``pots`` layers; ``level`` 0 is the first draw, higher ones redraws."""

    pot: int
    pots: int
    level: int
    draws: tuple[tuple[str, str], ...]  # (player, card notation)


class Why(StrEnum):
    """How the hand was decided (:class:`HandDecided`)."""

    CONCEDED = "conceded"  # everyone else junked: no reveal
    SPLIT_RULE = "split_rule"  # a tie on every tie-break, split by the house rule
    NO_CARD = "no_card"  # a tie on every tie-break, split: no card left for a blind draw
    BLIND_DRAW = "blind_draw"  # a tie on every tie-break, won by the single blind draw
    BEATS = "beats"  # the best hand beats the runner-up's at ``step``


class Step(StrEnum):
    """The §5.3 comparison that put the winning hand ahead of the runner-up's."""

    SABACC = "sabacc"  # a Sabacc beats every Nulrhek
    CATEGORY = "category"  # a better hand category
    CLOSER = "closer"  # a Nulrhek closer to zero
    POSITIVE = "positive"  # a positive total beats a negative one
    SET_CLOSER = "set_closer"  # the set is closer to zero
    RUN_CLOSER = "run_closer"  # the run starts closer to zero
    MORE_CARDS = "more_cards"
    POSITIVE_TOTAL = "positive_total"  # a higher positive card total
    POSITIVE_CARD = "positive_card"  # a higher single positive card


@dataclass(frozen=True, slots=True)
class HandDecided(Fact):
    """Who won hand ``hand_no`` (the main pot) and why: ``winners``, their hand ``best`` (none
    when conceded), the other players ``tied`` with them on every tie-break, and for
    :attr:`Why.BEATS` the ``runner`` up, the runner's hand and the deciding ``step`` with the
    two hands' numbers it compared (``mine``/``theirs``, for the card-count steps)."""

    hand_no: int
    why: Why
    winners: tuple[str, ...]
    best: HandEval | None = None
    tied: tuple[str, ...] = ()
    runner: str = ""
    runner_hand: HandEval | None = None
    step: Step | None = None
    mine: int = 0
    theirs: int = 0
