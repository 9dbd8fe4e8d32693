"""Which renderer writes each variant's words. A variant names its renderer once, in its engine
registration (``VariantInfo.vocabulary``): the module ``bot.words.<vocabulary>`` (dashes as
underscores) and its ``WORDS``. A variant without such a module (or an unknown id) is rendered
from the words its engine still writes (:class:`bot.words.base.Words`)."""

from __future__ import annotations

import importlib
import importlib.util
from functools import cache

from bot.words.base import Words
from engine.variants import get_variant, variant_ids


def module_of(variant: str) -> str | None:
    """The module holding ``variant``'s renderer, or ``None`` when it has none yet."""
    try:
        vocabulary = get_variant(variant).vocabulary
    except KeyError:
        return None
    path = f"{__package__}.{vocabulary.replace('-', '_')}"
    return path if importlib.util.find_spec(path) is not None else None


@cache
def words_for(variant: str) -> Words:
    """The renderer of ``variant``."""
    path = module_of(variant)
    if path is None:
        return Words()
    words = importlib.import_module(path).WORDS
    assert isinstance(words, Words)
    return words


def load_all() -> None:
    """Import every renderer (their reason sentences are registered on import)."""
    for variant in variant_ids():
        words_for(variant)
