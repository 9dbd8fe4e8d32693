"""The Sabacc Project's words: its own events, views and controls still carry the words the
engine writes; the two-pot family's shared facts are worded by :mod:`bot.words.twopot`, with
the Project's names for the Main Pot's layers."""

from __future__ import annotations

from typing import ClassVar

from bot.words.twopot import WordedTwoPot


class ProjectWords(WordedTwoPot):
    """The renderer of the Sabacc Project."""

    variant: ClassVar[str] = "project"

    def pot_name(self, index: int, count: int) -> str:
        """``Main Pot`` for a single layer, else ``base layer`` / ``side layer N``."""
        if count == 1:
            return "Main Pot"
        return "Main Pot base layer" if index == 0 else f"Main Pot side layer {index}"


WORDS = ProjectWords()
