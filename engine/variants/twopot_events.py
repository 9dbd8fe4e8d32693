"""Events the two-pot variants (Classic, Centran, Project) announce alike, written once.

:mod:`engine.variants.classic_events`, :mod:`engine.variants.centran_events` and
:mod:`engine.variants.project_events` re-export them, so each variant still has its full event
set in one place.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["PlayerLeft"]


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
