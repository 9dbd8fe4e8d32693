"""Coruscant Shift events: frozen facts of what happened (the bot writes their log lines,
``bot/words/coruscant.py``).

Player fields hold player ids (``Game.players``), cards their notation. No event ever carries a
hidden card: selections are reported by count only, and only the final selections of a showdown
are shown. The betting actions are the shared :class:`~engine.core.betting_events.BetMade`.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.betting_events import BetMade
from engine.core.betting_events import PotAwarded as PotAwarded  # re-exported
from engine.core.facts import Fact
from engine.core.game import ShownHand
from engine.core.seat_events import PlayerLeft as PlayerLeft  # re-exported
from engine.core.seat_events import PlayerOut as PlayerOut  # re-exported
from engine.variants.coruscant.cards import Suit


@dataclass(frozen=True, slots=True)
class HandStarted(Fact):
    """A new hand: its number, starting player and ante."""

    hand_no: int
    starting_player: str
    ante: int


@dataclass(frozen=True, slots=True)
class AntePosted(Fact):
    """A player's ante (all-in when it took their whole stack)."""

    player: str
    amount: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class DiceRolled(Fact):
    """The gold (target) and silver (suit) dice for the whole hand."""

    target: int
    suit: Suit


@dataclass(frozen=True, slots=True)
class CardsDealt(Fact):
    """How many cards each player received in a round (never which)."""

    round_no: int
    counts: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class SelectionConfirmed(Fact):
    """One player locked in a selection (its size stays secret until everyone has chosen)."""

    player: str
    round_no: int


@dataclass(frozen=True, slots=True)
class SelectionsMade(Fact):
    """Everyone chose: how many cards each player kept (the rest are discarded face down)."""

    round_no: int
    kept: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class BettingSkipped(Fact):
    """A betting phase with fewer than two players able to bet."""

    round_no: int


@dataclass(frozen=True, slots=True)
class HandRevealed(Fact):
    """A live player's final selection at the showdown (``cards``: notations): its total, its
    distance from the target and how many of its cards count for the hand's ``suit``."""

    player: str
    cards: tuple[str, ...]
    total: int
    distance: int
    suit_count: int
    suit: Suit

    def shown_hands(self) -> tuple[ShownHand, ...]:
        """The selection; this reveal is its rank (the variant names a hand by its total and
        distance)."""
        return (ShownHand(self.player, self.cards, self),)


@dataclass(frozen=True, slots=True)
class UncontestedWin(Fact):
    """Everyone else folded: the last player takes the pot and shows nothing."""

    player: str
    amount: int

    def pot_paid(self) -> int:
        """The pot the last player takes."""
        return self.amount


@dataclass(frozen=True, slots=True)
class GameOver(Fact):
    """The game ended; final stacks per player (0 for a seat that left: what it took then is
    not part of the game's end, so no winner is named from these)."""

    stacks: tuple[tuple[str, int], ...]


CoruscantEvent = (
    HandStarted
    | AntePosted
    | DiceRolled
    | CardsDealt
    | SelectionConfirmed
    | SelectionsMade
    | BettingSkipped
    | BetMade
    | HandRevealed
    | PotAwarded
    | UncontestedWin
    | PlayerOut
    | PlayerLeft
    | GameOver
)
