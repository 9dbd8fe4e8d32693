"""Events the two-pot variants (Classic, Centran, Project, Corellian Spike) announce alike,
written once.

:mod:`engine.variants.classic.events`, :mod:`engine.variants.centran.events` and
:mod:`engine.variants.project.events` re-export them, so each variant still has its full event
set in one place.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.core.game import ShownHand

__all__ = [
    "GameOver",
    "HandWon",
    "PenaltyPaid",
    "PlayerLeft",
    "PotAwarded",
    "Reshuffled",
    "SabaccPotResult",
    "StasisMoved",
    "shown_draws",
]

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


@dataclass(frozen=True, slots=True)
class PotAwarded:
    """One hand-pot layer paid out (or sent to the Sabacc pot when nobody can win it)."""

    pot: str
    amount: int
    winners: tuple[str, ...]

    def public_text(self) -> str:
        """Log line."""
        if not self.winners:
            return f"Nobody can win the {self.pot} ({self.amount}): it goes to the Sabacc pot."
        if len(self.winners) == 1:
            return f"{self.winners[0]} wins the {self.pot} ({self.amount})."
        return f"{' and '.join(self.winners)} split the {self.pot} ({self.amount})."

    def won_by(self) -> tuple[str, ...]:
        """The pot's winners."""
        return self.winners

    def pot_paid(self) -> int:
        """The hand-pot layer settled (to its winners, or to the Sabacc pot)."""
        return self.amount


@dataclass(frozen=True, slots=True)
class PenaltyPaid:
    """A bombed-out player (or a caller who lost) pays into the Sabacc pot."""

    player: str
    amount: int
    why: str

    def public_text(self) -> str:
        """Log line."""
        if not self.amount:
            return (
                f"{self.player} bombs out ({self.why}) but has no credits left to pay the penalty."
            )
        return f"{self.player} bombs out ({self.why}) and pays {self.amount} to the Sabacc pot."


@dataclass(frozen=True, slots=True)
class SabaccPotResult:
    """The Sabacc pot is won (Pure Sabacc / Idiot's Array) or carries over."""

    winners: tuple[str, ...]
    amount: int

    def public_text(self) -> str:
        """Log line."""
        if not self.winners:
            return f"The Sabacc pot ({self.amount}) carries over."
        if len(self.winners) == 1:
            return f"{self.winners[0]} takes the Sabacc pot ({self.amount})!"
        return f"{' and '.join(self.winners)} split the Sabacc pot ({self.amount})!"

    def won_by(self) -> tuple[str, ...]:
        """Who takes the Sabacc pot (nobody when it carries over)."""
        return self.winners

    def pot_paid(self) -> int:
        """The Sabacc pot when it is won (nothing when it carries over)."""
        return self.amount if self.winners else 0


@dataclass(frozen=True, slots=True)
class HandWon:
    """Why the hand went the way it did (which comparison or tie-break decided)."""

    text: str

    def public_text(self) -> str:
        """Log line."""
        return self.text


@dataclass(frozen=True, slots=True)
class GameOver:
    """The game ended; leftover Sabacc pot shared out (CL-30)."""

    standings: tuple[tuple[str, int], ...]
    sabacc_shared: int

    def public_text(self) -> str:
        """Log line."""
        table = ", ".join(f"{p} {c}" for p, c in self.standings)
        extra = (
            f" The Sabacc pot ({self.sabacc_shared}) is shared out." if self.sabacc_shared else ""
        )
        return f"Game over.{extra} Final credits: {table}."
