"""Cards named by a notation: the reading scaffold every deck's card class would otherwise copy.

A variant's card class subclasses :class:`Notated`, writes its own grammar in :meth:`~Notated.read`
(the spellings a notation table does not hold: rank names, copy indexes, …) and registers its
deck once with :meth:`~Notated.catalogue`. :meth:`~Notated.parse` then answers each text once
(cached: cards are values, one instance each) from the table first, the grammar second.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Pip(Notated):
...     notation: str
...     @classmethod
...     def read(cls, text: str) -> "Pip":
...         raise ValueError(f"not a pip: {text!r}")
>>> deck = Pip.catalogue([Pip("one"), Pip("two")])
>>> Pip.parse("two") is deck[1], str(Pip.parse("one")), Pip.parse_all(["one", "two"]) == list(deck)
(True, 'one', True)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any, ClassVar, Self

__all__ = ["Notated"]


class Notated:
    """Base of a card class whose cards are read from, and printed as, their ``notation``."""

    __slots__ = ()

    notation: str
    _by_notation: ClassVar[dict[str, Any]] = {}

    @classmethod
    def catalogue(cls, deck: Iterable[Self]) -> tuple[Self, ...]:
        """Register the deck's cards (copies that share a notation once) for :meth:`parse`, and
        return them in order."""
        cards = tuple(deck)
        cls._by_notation = {card.notation: card for card in cards}
        return cards

    @classmethod
    @functools.lru_cache(maxsize=1024)  # cards are values: one instance each (memory)
    def parse(cls, text: str) -> Self:
        """The card of ``text``: the deck's own card for its exact notation, otherwise what the
        variant's grammar (:meth:`read`) makes of it (or the error it raises)."""
        card = cls._by_notation.get(text)
        return card if card is not None else cls.read(text)

    @classmethod
    def read(cls, text: str) -> Self:
        """The variant's grammar for a text that is not a deck card's exact notation."""
        raise NotImplementedError

    @classmethod
    def parse_all(cls, texts: Iterable[str]) -> list[Self]:
        """Parse a list of notations (order kept)."""
        return [cls.parse(text) for text in texts]

    def __str__(self) -> str:
        return self.notation
