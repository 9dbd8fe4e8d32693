"""Which renderer writes each variant's words, keyed by variant id; a variant without one is
rendered from the words its engine still writes (:class:`bot.words.base.Words`)."""

from __future__ import annotations

import importlib
from functools import cache

from bot.words.base import Words

# variant id -> the module whose ``WORDS`` renders it
_MODULES: dict[str, str] = {
    "kessel": "bot.words.kessel",
    "classic": "bot.words.classic",
    "centran": "bot.words.centran",
    "project": "bot.words.project",
    "corellian-spike": "bot.words.corellian_spike",
}


@cache
def words_for(variant: str) -> Words:
    """The renderer of ``variant``."""
    path = _MODULES.get(variant)
    if path is None:
        return Words()
    words = importlib.import_module(path).WORDS
    assert isinstance(words, Words)
    return words


def load_all() -> None:
    """Import every renderer (their reason sentences are registered on import)."""
    for variant in _MODULES:
        words_for(variant)
