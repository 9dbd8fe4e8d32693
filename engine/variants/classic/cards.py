"""Classic Sabacc cards: the 76-card deck, the compact notation (spec §1.2) and scoring (§5.2).

Everything here is a pure function of its arguments; the game state and the judge both use it.

>>> evaluate(parse_hand(["coins:11", "flasks:11"])).rank_key
(3, 1, 1)
>>> evaluate(parse_hand(["idiot", "coins:2", "staves:3"])).category.value
'idiots_array'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar

from engine.core.deck import CardDeck
from engine.core.notation import Notated
from engine.variants.twopot.cards import RankedEval, signed
from engine.variants.twopot.cards import describe as describe  # re-exported

SUITS: tuple[str, ...] = ("coins", "flasks", "sabers", "staves")
SPECIAL_VALUES: dict[str, int] = {
    "idiot": 0,
    "queen": -2,
    "endurance": -8,
    "balance": -11,
    "demise": -13,
    "moderation": -14,
    "evil_one": -15,
    "star": -17,
}
SPECIAL_NAMES: dict[str, str] = {
    "idiot": "The Idiot",
    "queen": "The Queen of Air and Darkness",
    "endurance": "Endurance",
    "balance": "Balance",
    "demise": "Demise",
    "moderation": "Moderation",
    "evil_one": "The Evil One",
    "star": "The Star",
}
RANK_NAMES: dict[int, str] = {12: "Commander", 13: "Mistress", 14: "Master", 15: "Ace"}
_RANK_INPUT: dict[str, int] = {name.lower(): value for value, name in RANK_NAMES.items()}

CARD_RE = re.compile(
    r"^(?:(coins|flasks|sabers|staves):(1[0-5]|[1-9])"
    r"|(idiot|queen|endurance|balance|demise|moderation|evil_one|star)(?:#([12]))?)$"
)
TARGET = 23


class CardError(ValueError):
    """A string that is not a card of the §1.2 notation, or an impossible set of cards."""


@dataclass(frozen=True, slots=True, order=True)
class Card(Notated):
    """One physical card. ``suit`` is ``None`` for the special cards; ``copy`` (1 or 2) tells the
    two physical copies of a special card apart and is ``0`` when unknown (vectors omit it).

    >>> Card.parse("sabers:commander").notation, Card.parse("queen#2").value
    ('sabers:12', -2)
    """

    suit: str | None
    rank: int  # 1..15 for suited cards, 0 for specials
    special: str | None = None
    copy: int = 0
    notation: str = field(init=False, repr=False, compare=False)
    """The canonical compact notation (``coins:7``, ``queen#2``; copy index only if known)."""
    value: int = field(init=False, repr=False, compare=False)
    """The card's value (face value for suited cards, §1.1 table for specials)."""
    name: str = field(init=False, repr=False, compare=False)
    """A readable name: ``7 of Coins``, ``Ace of Staves (15)``, ``The Star (−17)``."""

    def __post_init__(self) -> None:
        # worked out once: cards are read far more often than made (decks share instances)
        if self.special is not None:
            value = SPECIAL_VALUES[self.special]
            notation = f"{self.special}#{self.copy}" if self.copy else self.special
            name = f"{SPECIAL_NAMES[self.special]} ({signed(value)})"
        else:
            assert self.suit is not None
            value = self.rank
            notation = f"{self.suit}:{self.rank}"
            if self.rank in RANK_NAMES:
                name = f"{RANK_NAMES[self.rank]} of {self.suit.title()} ({self.rank})"
            else:
                name = f"{self.rank} of {self.suit.title()}"
        object.__setattr__(self, "notation", notation)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "name", name)

    @classmethod
    def read(cls, text: str) -> Card:
        """Parse one card of the notation; rank names (``coins:ace``) are accepted, normalised."""
        raw = text  # strict: lower case, no spaces (§1.2)
        if ":" in raw:
            suit, _, value = raw.partition(":")
            if value in _RANK_INPUT:
                raw = f"{suit}:{_RANK_INPUT[value]}"
        match = CARD_RE.match(raw)
        if match is None:
            raise CardError(f"not a Classic Sabacc card: {text!r}")
        suit, value, special, copy = match.groups()
        if special is not None:
            return cls(None, 0, special, int(copy) if copy else 0)
        return cls(suit, int(value))

    @property
    def plain(self) -> str:
        """The notation without the copy index (vectors and scoring ignore it)."""
        return self.special if self.special is not None else f"{self.suit}:{self.rank}"


_DECK = Card.catalogue(
    (
        *(Card(suit, rank) for suit in SUITS for rank in range(1, 16)),
        *(Card(None, 0, special, copy) for special in SPECIAL_VALUES for copy in (1, 2)),
    )
)


def full_deck() -> list[Card]:
    """All 76 cards in a fixed order: 60 suited cards, then both copies of each special card."""
    return list(_DECK)


parse_hand = Card.parse_all


def check_card_counts(cards: Iterable[Card]) -> None:
    """Raise :class:`CardError` when a suited card appears twice, a special card three times, or
    one physical copy of a special card (``queen#2``) twice.

    >>> check_card_counts(parse_hand(["queen#2", "queen#2"]))
    Traceback (most recent call last):
    ...
    engine.variants.classic.cards.CardError: queen#2 appears twice (one physical card)
    """
    seen: dict[str, int] = {}
    copies: set[str] = set()
    for card in cards:
        seen[card.plain] = seen.get(card.plain, 0) + 1
        limit = 2 if card.special is not None else 1
        if seen[card.plain] > limit:
            raise CardError(f"{card.plain} appears {seen[card.plain]} times (at most {limit})")
        if card.copy:
            if card.notation in copies:
                raise CardError(f"{card.notation} appears twice (one physical card)")
            copies.add(card.notation)


class Category(StrEnum):
    """Hand categories of §5.2 (the values are the spec's ``category`` strings)."""

    IDIOTS_ARRAY = "idiots_array"
    PURE_SABACC = "pure_sabacc"
    FAIRY_EMPRESS = "fairy_empress"
    NULHREK = "nulhrek"
    BOMB_OUT = "bomb_out"


@dataclass(frozen=True, slots=True)
class HandEval(RankedEval[Category]):
    """One hand's evaluation. ``rank_key`` is ``None`` for a bomb-out (total 0, over 23 or under
    −23); lower keys are better. Idiot's Array and Pure Sabacc may take the Sabacc pot (§5.2,
    CL-11); the statistics score goes up to 400."""

    TOP: ClassVar[int] = 400

    def to_json(self) -> dict[str, object]:
        """The vector schema's ``eval`` object."""
        return {
            "total": self.total,
            "category": self.category.value,
            "bombed": self.bombed,
            "rank_key": list(self.rank_key) if self.rank_key is not None else None,
        }


def hand_total(cards: Iterable[Card]) -> int:
    """Σ values of all cards (stasis cards included, §5.1)."""
    return sum(card.value for card in cards)


def is_idiots_array(cards: Sequence[Card]) -> bool:
    """Exactly three cards: one Idiot, one suited 2 and one suited 3, any suits (CL-16)."""
    if len(cards) != 3:
        return False
    idiots = sum(1 for c in cards if c.special == "idiot")
    twos = sum(1 for c in cards if c.suit is not None and c.rank == 2)
    threes = sum(1 for c in cards if c.suit is not None and c.rank == 3)
    return idiots == 1 and twos == 1 and threes == 1


def is_fairy_empress(cards: Sequence[Card]) -> bool:
    """Exactly two cards, both Queens of Air and Darkness (CL-18)."""
    return len(cards) == 2 and all(c.special == "queen" for c in cards)


def evaluate(cards: Sequence[Card]) -> HandEval:
    """Evaluate a hand per §5.2, testing the categories in the table's order.

    >>> [evaluate(parse_hand(h)).rank_key for h in (["star", "moderation", "coins:8"],
    ...     ["queen", "queen"], ["balance", "coins:1"], ["queen", "coins:2"])]
    [(1, 0, 0), (2, 0, 0), (3, 13, 0), None]
    """
    total = hand_total(cards)
    if is_idiots_array(cards):
        return HandEval(total, Category.IDIOTS_ARRAY, (0, 0, 0))
    if abs(total) == TARGET:
        return HandEval(total, Category.PURE_SABACC, (1, 0, 0 if total < 0 else 1))
    if is_fairy_empress(cards):
        return HandEval(total, Category.FAIRY_EMPRESS, (2, 0, 0))
    if 1 <= abs(total) < TARGET:
        return HandEval(total, Category.NULHREK, (3, TARGET - abs(total), 0 if total < 0 else 1))
    return HandEval(total, Category.BOMB_OUT, None)


DECK = CardDeck(
    "classic",
    faces=lambda: tuple(c for c in full_deck() if c.special is None or c.copy == 1),
    face_key=lambda text: Card.parse(text).plain,
)
"""Four suits 1–15 and the eight special cards: 68 faces (``queen#2`` shows ``queen``)."""
