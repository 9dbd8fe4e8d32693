"""A draw pile built from an injected ``random.Random``, or stacked in a given order for tests;
and :class:`CardDeck`, a physical deck's catalogue of faces as the platform sees it."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

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

    @classmethod
    def stacked_over(cls, top_first: Sequence[T], whole: Iterable[T]) -> Deck[T]:
        """A deck that deals ``top_first`` first, then the rest of ``whole`` (a full deck,
        copies counted) in ``whole``'s order; raises ``ValueError`` when ``top_first`` holds a
        card that ``whole`` has not, or more copies of it.

        >>> Deck.stacked_over(["c", "a"], ["a", "b", "c", "d"]).top_first()
        ['c', 'a', 'b', 'd']
        """
        rest = list(whole)
        for card in top_first:
            if card not in rest:
                raise ValueError(f"stacked card {card} is not in the deck (or is stacked twice)")
            rest.remove(card)
        return cls.stacked([*top_first, *rest])

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

    def shuffle_in(self, cards: Iterable[T], rng: random.Random) -> None:
        """Add cards and reshuffle the whole pile with ``rng``."""
        self.cards.extend(cards)
        rng.shuffle(self.cards)


def stacker(
    parse: Callable[[str], T], whole: Callable[[], Sequence[T]]
) -> Callable[[Sequence[str]], Deck[T]]:
    """A variant's stacked-deck test hook: ``stacked_deck(top_first)`` parses the notations with
    ``parse`` and deals them first, then the rest of the full deck ``whole()`` in its order
    (:meth:`Deck.stacked_over`, which refuses a card the deck has not, or has fewer copies of).

    >>> stacked = stacker(str.lower, lambda: ["a", "b", "c"])
    >>> stacked(["C"]).top_first()
    ['c', 'a', 'b']
    """

    def stacked_deck(top_first: Sequence[str]) -> Deck[T]:
        return Deck.stacked_over([parse(text) for text in top_first], whole())

    return stacked_deck


@dataclass(frozen=True, slots=True)
class CardDeck:
    """A physical deck, registered with each variant that plays with it (its card art).

    ``id`` names the deck (variants sharing a deck share it: Corellian Spike plays with Coruscant
    Shift's); ``faces()`` gives one card of every distinct face, in deck order (copies that look
    alike appear once); ``face_key(notation)`` is the face a card notation shows, whatever the
    engine wrote (``queen#2``, ``sylop#2``, ``blood:imposter``), and raises ``ValueError`` when
    it is no card of the deck. The engine carries no art: the bot maps the faces to pictures.
    """

    id: str
    faces: Callable[[], tuple[Any, ...]]
    face_key: Callable[[str], str]
