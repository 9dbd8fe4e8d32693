"""Sabacc Project events: frozen dataclasses, each with a public log line.

Events that read the same as Classic Sabacc's (a revealed hand, a pot paid, a penalty, the
Sabacc pot, the reason line, cashing out, game over) are Classic's own classes, and leaving is
the two-pot family's (:mod:`engine.variants.twopot.events`), all re-exported here. No public
text ever names a hidden card: only Interference-Field cards (face up), revealed hands and
Sudden-Demise cards (dealt face up) appear.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.game import ShownHand
from engine.variants.classic.cards import Card as ClassicCard
from engine.variants.classic.cards import CardError
from engine.variants.project.cards import parse
from engine.variants.twopot.events import (
    CashedOut,
    GameOver,
    HandWon,
    PenaltyPaid,
    PlayerLeft,
    PotAwarded,
    SabaccPotResult,
    shown_draws,
)

__all__ = [
    "CardsDealt",
    "CashedOut",
    "DrawTaken",
    "FieldPlaced",
    "GameOver",
    "HandCalled",
    "HandStarted",
    "HandWon",
    "PenaltyPaid",
    "PhaseStarted",
    "PlayerLeft",
    "PotAwarded",
    "Revealed",
    "SabaccPotResult",
    "ShiftHappened",
    "SuddenDemiseDealt",
]


def _shown(card: str) -> str:
    """A card's notation as players read it (its readable name); anything else as it is."""
    try:
        return ClassicCard.parse(card).name
    except CardError:
        return card


@dataclass(frozen=True, slots=True)
class Revealed:
    """One live player's revealed hand and its evaluation (total and name)."""

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
class HandStarted:
    """A new hand: dealer, starting player, and the antes paid into both pots."""

    hand_no: int
    dealer: str
    starter: str
    players: int
    ante: int
    main_pot: int
    sabacc_pot: int

    def public_text(self) -> str:
        """Log line."""
        return (
            f"Hand {self.hand_no}: {self.dealer} deals, {self.starter} starts. {self.players} "
            f"players ante {self.ante} + {self.ante} (Main Pot {self.main_pot}, Sabacc pot "
            f"{self.sabacc_pot})."
        )


@dataclass(frozen=True, slots=True)
class PhaseStarted:
    """A betting phase or a draw phase opens (or a betting phase is skipped)."""

    title: str  # "Opening betting", "Round 2 — draw", "Final betting", ...
    note: str = ""

    def public_text(self) -> str:
        """Log line."""
        return f"{self.title}.{' ' + self.note if self.note else ''}"


@dataclass(frozen=True, slots=True)
class CardsDealt:
    """DEAL: two face-down cards to every live player."""

    players: int

    def public_text(self) -> str:
        """Log line."""
        return f"Two cards dealt to each of the {self.players} players."


@dataclass(frozen=True, slots=True)
class DrawTaken:
    """A draw turn: the player drew the top card (kept hidden) or stood."""

    player: str
    drew: bool
    cards_held: int
    idle: int  # consecutive stands after this turn
    idle_limit: int | None

    def public_text(self) -> str:
        """Log line."""
        if self.drew:
            return f"{self.player} draws a card ({self.cards_held} cards)."
        tail = f" Stands in a row: {self.idle}/{self.idle_limit}." if self.idle_limit else ""
        return f"{self.player} stands ({self.cards_held} cards).{tail}"


@dataclass(frozen=True, slots=True)
class HandCalled:
    """A player calls the hand (or the idle rule calls it for them, SP-5)."""

    player: str
    forced: bool = False

    def public_text(self) -> str:
        """Log line."""
        if self.forced:
            return (
                f"Too many stands in a row: the hand is called for {self.player}. Final "
                "betting, then the reveal."
            )
        return f"{self.player} CALLS THE HAND. Final betting starts with them, then the reveal."


@dataclass(frozen=True, slots=True)
class FieldPlaced:
    """Cards moved face up into a player's Interference Field (§6.3)."""

    player: str
    cards: tuple[str, ...]  # names

    def public_text(self) -> str:
        """Log line (field cards are public)."""
        return f"{self.player} puts {', '.join(self.cards)} face up into the Interference Field."


@dataclass(frozen=True, slots=True)
class ShiftHappened:
    """A Sabacc Shift at a Shift check: how many cards changed, per player (no card named)."""

    changed: tuple[tuple[str, int], ...]  # (player, cards changed) for affected players

    @property
    def total(self) -> int:
        """Cards changed in all."""
        return sum(k for _, k in self.changed)

    def public_text(self) -> str:
        """Log line."""
        if not self.total:
            return "SABACC SHIFT! A Sabacc Shift occurred, but no card could change."
        parts = ", ".join(f"{p} {k}" for p, k in self.changed)
        plural = "card" if self.total == 1 else "cards"
        return f"SABACC SHIFT! A Sabacc Shift occurred: {self.total} {plural} changed ({parts})."


@dataclass(frozen=True, slots=True)
class SuddenDemiseDealt:
    """One Sudden-Demise dealing event: the extra face-up card of each tied player."""

    depth: int
    draws: tuple[tuple[str, str, str], ...]  # (player, card notation, new hand label)

    def public_text(self) -> str:
        """Log line."""
        parts = "; ".join(f"{p} gets {parse(c).name} → {label}" for p, c, label in self.draws)
        return f"Sudden Demise (extra card {self.depth}): {parts}."

    def shown_hands(self) -> tuple[ShownHand, ...]:
        """Each extra face-up card adds to that player's shown hand."""
        return shown_draws(self.draws)
