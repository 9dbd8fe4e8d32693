"""A draw pile built from an injected ``random.Random``, or stacked in a given order for tests."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Generic, TypeVar

T = TypeVar("T")


class EmptyDeck(Exception):
    """Raised when a draw is asked of an empty pile (a rules bug, never a player's fault)."""


class Deck(Generic[T]):
    """An ordered pile of cards; the top of the pile is the end of the list.

    >>> d = Deck.stacked(["a", "b", "c"])
    >>> d.draw_one(), d.draw(2)
    ('a', ['b', 'c'])
    """

    __slots__ = ("cards",)

    def __init__(self, cards: Iterable[T] = ()) -> None:
        self.cards: list[T] = list(cards)

    @classmethod
    def shuffled(cls, cards: Iterable[T], rng: random.Random) -> Deck[T]:
        """A deck of ``cards`` shuffled with ``rng`` (the only source of randomness)."""
        pile = list(cards)
        rng.shuffle(pile)
        return cls(pile)

    @classmethod
    def stacked(cls, top_first: Iterable[T]) -> Deck[T]:
        """A deck that deals ``top_first`` in exactly that order (tests script deals with it)."""
        return cls(reversed(list(top_first)))

    def __len__(self) -> int:
        return len(self.cards)

    def top_first(self) -> list[T]:
        """The cards in the order they would be drawn."""
        return list(reversed(self.cards))

    def draw(self, n: int) -> list[T]:
        """Draw ``n`` cards from the top, in drawing order."""
        if n > len(self.cards):
            raise EmptyDeck(f"cannot draw {n} from a deck of {len(self.cards)}")
        return [self.cards.pop() for _ in range(n)]

    def draw_one(self) -> T:
        """Draw exactly one card (typed helper)."""
        if not self.cards:
            raise EmptyDeck("the deck is empty")
        return self.cards.pop()

    def put_bottom(self, cards: Iterable[T]) -> None:
        """Return cards under the pile."""
        self.cards[:0] = list(cards)

    def shuffle_in(self, cards: Iterable[T], rng: random.Random) -> None:
        """Add cards and reshuffle the whole pile with ``rng``."""
        self.cards.extend(cards)
        rng.shuffle(self.cards)
