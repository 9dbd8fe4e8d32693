"""Events the two-pot variants (Classic, Centran, Project) announce alike, written once.

:mod:`engine.variants.classic.events`, :mod:`engine.variants.centran.events` and
:mod:`engine.variants.project.events` re-export them, so each variant still has its full event
set in one place.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.core.game import ShownHand

__all__ = ["PlayerLeft", "Reshuffled", "StasisMoved", "shown_draws"]

NO_CARD = "no card"


def shown_draws(draws: Iterable[tuple[str, str, str]]) -> tuple[ShownHand, ...]:
    """Sudden-Demise cards dealt face up, ``(player, card notation or "no card", hand label)``,
    as shown hands that add one card each (Classic, Project)."""
    return tuple(
        ShownHand(player, (card,) if card != NO_CARD else (), label)
        for player, card, label in draws
    )


@dataclass(frozen=True, slots=True)
class PlayerLeft:
    """A player left the table (folding any live hand first)."""

    player: str
    credits: int
    folded: bool

    def public_text(self) -> str:
        """Log line."""
        fold = " folds and" if self.folded else ""
        return f"{self.player}{fold} leaves the table with {self.credits} credits."


@dataclass(frozen=True, slots=True)
class StasisMoved:
    """A card goes into (or comes back from) the player's stasis field (Classic, Centran); it is
    face up."""

    player: str
    card: str  # notation
    into_field: bool
    card_name: str = ""

    def public_text(self) -> str:
        """Log line (stasis cards are public)."""
        shown = self.card_name or self.card
        if self.into_field:
            return f"{self.player} puts {shown} into the stasis field."
        return f"{self.player} takes {shown} back from the stasis field."


@dataclass(frozen=True, slots=True)
class Reshuffled:
    """The empty draw pile was rebuilt from the shuffled discard pile (Classic CL-25, Centran
    §3.7)."""

    cards: int

    def public_text(self) -> str:
        """Log line."""
        return f"The draw pile is empty: {self.cards} discarded cards are shuffled into it."
