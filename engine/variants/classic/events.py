"""Classic Sabacc events: frozen dataclasses, each with a public log line.

No event's public text ever names a hidden card: only stasis-field cards (face up), revealed hands
and Sudden-Demise cards (drawn face up) appear in them. :class:`PlayerLeft`, :class:`Reshuffled`,
:class:`StasisMoved`, :class:`PotAwarded`, :class:`PenaltyPaid`, :class:`SabaccPotResult`,
:class:`HandWon` and :class:`GameOver` are the two-pot family's
(:mod:`engine.variants.twopot.events`), re-exported here.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.game import ShownHand
from engine.variants.classic.cards import Card, CardError
from engine.variants.twopot.events import GameOver as GameOver  # re-exported
from engine.variants.twopot.events import HandWon as HandWon  # re-exported
from engine.variants.twopot.events import PenaltyPaid as PenaltyPaid  # re-exported
from engine.variants.twopot.events import PlayerLeft as PlayerLeft  # re-exported
from engine.variants.twopot.events import PotAwarded as PotAwarded  # re-exported
from engine.variants.twopot.events import Reshuffled as Reshuffled  # re-exported
from engine.variants.twopot.events import SabaccPotResult as SabaccPotResult  # re-exported
from engine.variants.twopot.events import StasisMoved as StasisMoved  # re-exported
from engine.variants.twopot.events import shown_draws


def _shown(card: str) -> str:
    """A card's notation as players read it: its readable name (``queen#2`` → ``Queen of Air and
    Darkness (−2)``); anything else (``no card``) as it is. Events keep the notation."""
    try:
        return Card.parse(card).name
    except CardError:
        return card


@dataclass(frozen=True, slots=True)
class HandStarted:
    """A new hand: who starts, and the antes paid into both pots."""

    hand_no: int
    starter: str
    players: int
    hand_ante: int
    sabacc_ante: int
    hand_pot: int
    sabacc_pot: int

    def public_text(self) -> str:
        """Log line."""
        return (
            f"Hand {self.hand_no}: {self.starter} starts. {self.players} players ante "
            f"{self.hand_ante} + {self.sabacc_ante} (hand pot {self.hand_pot}, "
            f"Sabacc pot {self.sabacc_pot}). Two cards dealt to each player."
        )


@dataclass(frozen=True, slots=True)
class CashedOut:
    """A player could not pay both antes (or has nothing left) and leaves with the rest."""

    player: str
    credits: int

    def public_text(self) -> str:
        """Log line."""
        return f"{self.player} cannot cover the antes and cashes out with {self.credits} credits."


@dataclass(frozen=True, slots=True)
class PhaseStarted:
    """A betting or trade phase opens (or is skipped)."""

    round_no: int
    phase: str  # "betting", "trade", "final turns"
    note: str = ""

    def public_text(self) -> str:
        """Log line."""
        extra = f" {self.note}" if self.note else ""
        return f"Round {self.round_no} — {self.phase}.{extra}"


@dataclass(frozen=True, slots=True)
class Traded:
    """A trade action: ``gain``, ``change`` (a face-down discard and a draw) or ``stand``."""

    player: str
    action: str
    cards_held: int

    def public_text(self) -> str:
        """Log line (the drawn card stays private)."""
        if self.action == "gain":
            return f"{self.player} gains a card ({self.cards_held} cards)."
        if self.action == "change":
            return f"{self.player} changes a card ({self.cards_held} cards)."
        return f"{self.player} stands ({self.cards_held} cards)."


@dataclass(frozen=True, slots=True)
class HandCalled:
    """A player Calls the hand (§3.2); the others get their final turns."""

    player: str
    final_turns: int

    def public_text(self) -> str:
        """Log line."""
        turns = "turn" if self.final_turns == 1 else "turns"
        return (
            f"{self.player} CALLS THE HAND. {self.final_turns} final trade {turns}, then the "
            "reveal. (A caller who does not win bombs out.)"
        )


@dataclass(frozen=True, slots=True)
class DiceRolled:
    """The Dice phase roll; doubles trigger a Sabacc Shift."""

    round_no: int
    die1: int
    die2: int

    @property
    def shift(self) -> bool:
        """Doubles."""
        return self.die1 == self.die2

    def public_text(self) -> str:
        """Log line."""
        tail = " — doubles: SABACC SHIFT!" if self.shift else " — no shift."
        return f"Dice (round {self.round_no}): {self.die1} and {self.die2}{tail}"


@dataclass(frozen=True, slots=True)
class ShiftDone:
    """The Sabacc Shift: each live player's non-stasis cards replaced by as many new ones."""

    counts: tuple[tuple[str, int], ...]

    def public_text(self) -> str:
        """Log line."""
        parts = ", ".join(f"{p} {k}" for p, k in self.counts)
        return f"Sabacc Shift: non-stasis cards discarded and redealt ({parts})."


@dataclass(frozen=True, slots=True)
class Revealed:
    """One live player's revealed hand (stasis cards included) and its evaluation."""

    player: str
    cards: tuple[str, ...]
    total: int
    label: str
    caller: bool = False

    def public_text(self) -> str:
        """Log line."""
        who = f"{self.player} (caller)" if self.caller else self.player
        cards = ", ".join(map(_shown, self.cards))
        return f"{who} reveals {cards} — total {self.total}: {self.label}."

    def shown_hands(self) -> tuple[ShownHand, ...]:
        """The revealed hand (notations) and its label."""
        return (ShownHand(self.player, self.cards, self.label),)


@dataclass(frozen=True, slots=True)
class SuddenDemiseDrew:
    """One Sudden-Demise step: the tied players' face-up draws and new hand values."""

    pot: str
    draws: tuple[tuple[str, str, str], ...]  # (player, card or "no card", new hand label)

    def public_text(self) -> str:
        """Log line."""
        parts = "; ".join(f"{p} draws {_shown(c)} → {label}" for p, c, label in self.draws)
        return f"Sudden Demise for the {self.pot}: {parts}."

    def shown_hands(self) -> tuple[ShownHand, ...]:
        """Each face-up draw adds a card to that player's shown hand."""
        return shown_draws(self.draws)
