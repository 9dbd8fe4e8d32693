"""Centran Sabacc events: frozen dataclasses, each with a public log line.

No public text ever names a hidden card: only Array cards, table fives, Stasis-Field cards (all
face up), the card a player gives into the Array, and revealed hands appear in them. Events that
Centran shares with Classic Sabacc (phase headers, pot awards, penalties, the Sabacc pot, the
reason line, game over) are imported from :mod:`engine.variants.classic.events`; leaving, stasis
moves and reshuffles are the two-pot family's (:mod:`engine.variants.twopot.events`).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.game import ShownHand
from engine.variants.twopot.events import (
    GameOver,
    HandWon,
    PenaltyPaid,
    PhaseNote,
    PhaseStarted,
    PlayerLeft,
    PotAwarded,
    Reshuffled,
    SabaccPotResult,
    StasisMoved,
)

__all__ = [
    "ArrayStarted",
    "CardAction",
    "FiveBrothers",
    "FiveTabled",
    "GameOver",
    "HandStarted",
    "HandWon",
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
    "ShiftTurned",
    "StasisMoved",
]


@dataclass(frozen=True, slots=True)
class HandStarted:
    """A new hand: dealer, first to act, and the antes paid into both pots (§2.3)."""

    hand_no: int
    dealer: str
    first: str
    players: int
    hand_pot: int
    sabacc_pot: int

    def public_text(self) -> str:
        """Log line."""
        return (
            f"Hand {self.hand_no}: {self.dealer} deals, {self.first} acts first. "
            f"{self.players} players ante (hand pot {self.hand_pot}, Sabacc pot "
            f"{self.sabacc_pot}); two cards each."
        )


@dataclass(frozen=True, slots=True)
class PlayerOut:
    """A player with no credits left at the start of a hand is out of the game (§2.1)."""

    player: str

    def public_text(self) -> str:
        """Log line."""
        return f"{self.player} has no credits left and is out of the game."


@dataclass(frozen=True, slots=True)
class FiveTabled:
    """A Wild Five left the deck and went face up to the table (§3.4)."""

    card: str  # readable name
    player: str  # credited player; "" = turned up for the Array (credited to nobody)
    count: int  # table fives now

    def public_text(self) -> str:
        """Log line."""
        who = f"{self.player} draws" if self.player else "The Array turns up"
        return f"{who} {self.card}: a Wild Five goes face up to the table ({self.count}/5)."


@dataclass(frozen=True, slots=True)
class ArrayStarted:
    """The start card of the Shift Array (CE-42)."""

    card: str

    def public_text(self) -> str:
        """Log line."""
        return f"The Array starts with {self.card}."


@dataclass(frozen=True, slots=True)
class CardAction:
    """A Card-Phase main action (§3.2, §6); ``given`` / ``taken`` are public Array cards."""

    player: str
    action: str  # gain, stand, trade, draw_to_array, discard_to_array, array_draw
    cards_held: int
    given: str = ""
    taken: str = ""
    position: int = 0  # 1-based Array position

    def public_text(self) -> str:
        """Log line (a drawn card stays private)."""
        who, held = self.player, f"({self.cards_held} cards)"
        if self.action == "gain":
            return f"{who} gains a card {held}."
        if self.action == "trade":
            return (
                f"{who} trades for {self.taken} (Array #{self.position}); {self.given} takes its "
                f"place in the Array {held}."
            )
        if self.action == "draw_to_array":
            return f"{who} draws {self.given or 'a five'} to the end of the Array {held}."
        if self.action == "discard_to_array":
            return f"{who} discards {self.given} to the end of the Array {held}."
        if self.action == "array_draw":
            return f"{who} takes {self.taken} from Array #{self.position}; it is refilled {held}."
        return f"{who} stands {held}."


@dataclass(frozen=True, slots=True)
class ShiftTurned:
    """The Shift Phase card joins the Array (§3.5): a Sabacc Shift or not."""

    round_no: int
    trigger: str
    prev: str
    shift: bool
    discards: int
    random_mode: bool = False

    def public_text(self) -> str:
        """Log line."""
        head = f"Shift Phase (round {self.round_no}): {self.trigger} joins the Array"
        if self.random_mode:
            why = "the random shift"
            head += "."
        else:
            why = "opposite families" if self.shift else "same family"
            head += f" after {self.prev} — {why}."
        if not self.shift:
            return f"{head} No shift."
        cards = "card" if self.discards == 1 else "cards"
        return (
            f"{head} SABACC SHIFT! Everyone discards up to {self.discards} non-stasis {cards} "
            "at random and is dealt as many."
        )


@dataclass(frozen=True, slots=True)
class ShiftDone:
    """How many cards each live player discarded and was dealt in the Shift (never which)."""

    counts: tuple[tuple[str, int], ...]

    def public_text(self) -> str:
        """Log line."""
        parts = ", ".join(f"{p} {k}" for p, k in self.counts)
        return f"Sabacc Shift done: cards replaced ({parts})."


@dataclass(frozen=True, slots=True)
class FiveBrothers:
    """The fifth five reached the table: the hand ends at once (CE-8)."""

    player: str  # the claimant of Wild Sabacc; "" when the Array turned it up

    def public_text(self) -> str:
        """Log line."""
        who = (
            f"{self.player} may score Wild Sabacc"
            if self.player
            else "it came from the Array, so nobody may claim Wild Sabacc"
        )
        return f"FIVE BROTHERS! All five Wild Fives are on the table: play stops; {who}."


@dataclass(frozen=True, slots=True)
class Revealed:
    """One live player's held cards at the reveal, the evaluation and the chosen values."""

    player: str
    cards: tuple[str, ...]  # readable names
    label: str
    chosen: str = ""  # "Ace 15; fives +5, 0"
    notations: tuple[str, ...] = ()  # the same cards in notation (for pictures)

    def public_text(self) -> str:
        """Log line."""
        extra = f" ({self.chosen})" if self.chosen else ""
        return f"{self.player} reveals {', '.join(self.cards)} — {self.label}{extra}."

    def shown_hands(self) -> tuple[ShownHand, ...]:
        """The revealed hand (notations) and its label."""
        return (ShownHand(self.player, self.notations, self.label),)
