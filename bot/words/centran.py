"""Centran Sabacc's words: its own events, views and controls still carry the words the engine
writes; the two-pot family's shared facts are worded by :mod:`bot.words.twopot`."""

from __future__ import annotations

from typing import ClassVar

from bot.words.twopot import WordedTwoPot
from engine.variants.centran.cards import Card


class CentranWords(WordedTwoPot):
    """The renderer of Centran Sabacc."""

    variant: ClassVar[str] = "centran"

    def card_name(self, notation: str) -> str:
        """A Centran card's readable name."""
        return Card.parse(notation).name


WORDS = CentranWords()
