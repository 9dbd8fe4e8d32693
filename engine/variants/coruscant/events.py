"""Coruscant Shift events: frozen records of what happened, each with a public log line.

Player fields hold player ids (``Game.players``). No event ever carries a hidden card: selections
are reported by count only, and only the final selections of a showdown are shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.betting_events import BetMade
from engine.core.game import ShownHand
from engine.variants.coruscant.cards import Card, Suit, format_target


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def pot_names(count: int) -> list[str]:
    """``["Pot"]`` for one pot, else ``["Main pot", "Side pot 1", ...]``."""
    if count == 1:
        return ["Pot"]
    return ["Main pot", *(f"Side pot {i}" for i in range(1, count))]


@dataclass(frozen=True, slots=True)
class HandStarted:
    """A new hand: its number, starting player and ante."""

    hand_no: int
    starting_player: str
    ante: int

    def public_text(self) -> str:
        """Log line."""
        return f"Hand {self.hand_no} — {self.starting_player} starts, ante {self.ante}."


@dataclass(frozen=True, slots=True)
class AntePosted:
    """A player's ante (all-in when it took their whole stack)."""

    player: str
    amount: int
    all_in: bool

    def public_text(self) -> str:
        """Log line."""
        tail = " (all-in)" if self.all_in else ""
        return f"{self.player} antes {self.amount}{tail}."


@dataclass(frozen=True, slots=True)
class DiceRolled:
    """The gold (target) and silver (suit) dice for the whole hand."""

    target: int
    suit: Suit

    def public_text(self) -> str:
        """Log line."""
        return f"🎲 Target {format_target(self.target)} · {self.suit.glyph} {self.suit.title()}."


@dataclass(frozen=True, slots=True)
class CardsDealt:
    """How many cards each player received in a round (never which)."""

    round_no: int
    counts: tuple[tuple[str, int], ...]

    def public_text(self) -> str:
        """Log line."""
        parts = ", ".join(f"{p} {n}" for p, n in self.counts if n)
        return (
            f"Round {self.round_no} deal: {parts}."
            if parts
            else f"Round {self.round_no}: no cards dealt."
        )


@dataclass(frozen=True, slots=True)
class SelectionConfirmed:
    """One player locked in a selection (its size stays secret until everyone has chosen)."""

    player: str
    round_no: int

    def public_text(self) -> str:
        """Log line."""
        return f"{self.player} has chosen."


@dataclass(frozen=True, slots=True)
class SelectionsMade:
    """Everyone chose: how many cards each player kept (the rest are discarded face down)."""

    round_no: int
    kept: tuple[tuple[str, int], ...]

    def public_text(self) -> str:
        """Log line."""
        parts = ", ".join(f"{p} kept {_cards(n)}" for p, n in self.kept)
        return f"Round {self.round_no} selections: {parts}."


@dataclass(frozen=True, slots=True)
class BettingSkipped:
    """A betting phase with fewer than two players able to bet."""

    round_no: int

    def public_text(self) -> str:
        """Log line."""
        return f"Round {self.round_no} betting skipped (not enough players with credits behind)."


@dataclass(frozen=True, slots=True)
class HandRevealed:
    """A live player's final selection at the showdown."""

    player: str
    cards: tuple[Card, ...]
    total: int
    distance: int
    suit_count: int
    suit: Suit

    def public_text(self) -> str:
        """Log line."""
        shown = " ".join(c.display for c in self.cards)
        return (
            f"{self.player} reveals {shown} → total {format_target(self.total)}, "
            f"distance {self.distance}, {self.suit_count} {self.suit.glyph}"
        )

    def shown_hands(self) -> tuple[ShownHand, ...]:
        """The selection (notations), named by its total and distance."""
        name = f"total {format_target(self.total)}, distance {self.distance}"
        return (ShownHand(self.player, tuple(c.notation for c in self.cards), name),)


@dataclass(frozen=True, slots=True)
class PotAwarded:
    """One pot paid at the showdown (split pots list every winner with their share)."""

    name: str
    amount: int
    shares: tuple[tuple[str, int], ...]

    def public_text(self) -> str:
        """Log line."""
        if len(self.shares) == 1:
            return f"{self.shares[0][0]} wins the {self.name.lower()} of {self.amount}."
        split = ", ".join(f"{p} {n}" for p, n in self.shares)
        return f"{self.name} of {self.amount} split: {split}."

    def won_by(self) -> tuple[str, ...]:
        """Everyone with a share of the pot."""
        return tuple(p for p, _ in self.shares)

    def pot_paid(self) -> int:
        """The pot paid out."""
        return self.amount


@dataclass(frozen=True, slots=True)
class UncontestedWin:
    """Everyone else folded: the last player takes the pot and shows nothing."""

    player: str
    amount: int

    def public_text(self) -> str:
        """Log line."""
        return f"{self.player} wins {self.amount} uncontested."

    def pot_paid(self) -> int:
        """The pot the last player takes."""
        return self.amount


@dataclass(frozen=True, slots=True)
class PlayerOut:
    """A player has no credits left."""

    player: str

    def public_text(self) -> str:
        """Log line."""
        return f"{self.player} is out of credits."


@dataclass(frozen=True, slots=True)
class PlayerLeft:
    """A player left the table for good, taking ``took`` credits."""

    player: str
    took: int

    def public_text(self) -> str:
        """Log line."""
        return f"{self.player} leaves the table with {self.took} credits."


@dataclass(frozen=True, slots=True)
class GameOver:
    """The game ended; final stacks per player (0 for a seat that left: what it took then is
    not part of the game's end, so no winner is named from these)."""

    stacks: tuple[tuple[str, int], ...]

    def public_text(self) -> str:
        """Log line: the credits still at the table, most first. It names no winner: a player
        who left earlier may have taken home more than anyone still seated.

        >>> GameOver((("Rey", 0), ("Finn", 0), ("Poe", 475))).public_text()
        'Game over. Final credits at the table: Poe 475.'
        """
        held = sorted(((p, n) for p, n in self.stacks if n > 0), key=lambda pn: -pn[1])
        if not held:
            return "Game over. No credits are left at the table."
        return f"Game over. Final credits at the table: {', '.join(f'{p} {n}' for p, n in held)}."


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
