"""Corellian Spike's words: its own events, views and controls still carry the words the engine
writes; the two-pot family's shared facts are worded by :mod:`bot.words.twopot`."""

from __future__ import annotations

from typing import ClassVar

from bot.words.twopot import WordedTwoPot


class SpikeWords(WordedTwoPot):
    """The renderer of Corellian Spike."""

    variant: ClassVar[str] = "corellian-spike"


WORDS = SpikeWords()
