"""Facts about one player that every variant emits alike: a hand turned face up at the reveal
(:class:`Shown`, the base of each variant's reveal with its own ``HandEval``), a player with
nothing left to play with (:class:`PlayerOut`) and one who leaves the table with their credits
(:class:`PlayerLeft`).

Each variant's events module re-exports the ones it emits, and its renderer in
``bot/words/<variant>.py`` writes their words (Kessel says "eliminated" and "chips", Coruscant
Shift "out of credits"): one fact, read in each variant's own words.

>>> PlayerLeft("Ann", 40).credits_taken()
40
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from engine.core.facts import Fact
from engine.core.game import ShownHand

__all__ = ["PlayerLeft", "PlayerOut", "Shown"]

E = TypeVar("E", bound=Fact)


@dataclass(frozen=True, slots=True)
class Shown(Fact, Generic[E]):
    """The base of each variant's reveal (the two-pot family's ``Revealed``, Kessel's
    ``HandRevealed``): one live player's hand turned face up at the reveal (``cards``: notations)
    and its evaluation (``hand``: the variant's ``HandEval``)."""

    player: str
    cards: tuple[str, ...]
    hand: E

    def shown_hands(self) -> tuple[ShownHand, ...]:
        """The revealed hand and its evaluation (pictures of the showdown)."""
        return (ShownHand(self.player, self.cards, self.hand),)


@dataclass(frozen=True, slots=True)
class PlayerOut(Fact):
    """A player has no credits (chips) left and is out of the game: found at the start of a hand
    (Centran, Coruscant Shift) or at the end of a reveal (Kessel)."""

    player: str


@dataclass(frozen=True, slots=True)
class PlayerLeft(Fact):
    """A player left the table for good, taking ``credits`` with them (their stack). ``folded``:
    the leaving folded the player's live hand and this event says so (a variant that announces
    that fold as a betting event of its own, as Coruscant Shift does, leaves it false)."""

    player: str
    credits: int
    folded: bool = False

    def credits_taken(self) -> int:
        """The credits the player took with them (:class:`~engine.core.game.Leaves`)."""
        return self.credits
