"""Sabacc Project cards: the strict notation of spec §1.2 and hand evaluation (§5.1).

The 76-card deck, the card values and display names are exactly Classic Sabacc's (same deck,
spec §1.1), so :class:`~engine.variants.classic.cards.Card` and
:func:`~engine.variants.classic.cards.full_deck` are reused; inside the game each special card
keeps its copy index (``queen#2``) so every physical card is distinct. What differs is the
notation accepted from outside (the exact regex of §1.2: no rank names, no copy index) and the
ranking: here +23 beats −23, ordinary hands rank by distance from zero with the positive total
first, and there is no Fairy Empress.

>>> evaluate(parse_hand(["coins:15", "sabers:8"])).rank_key
(1, 0, 0)
>>> evaluate(parse_hand(["moderation", "endurance"])).rank_key
(2, 1, 1)
>>> evaluate(parse_hand(["idiot", "idiot"])).category.value
'bomb'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from engine.variants.classic.cards import (
    TARGET,
    Card,
    CardError,
    check_card_counts,
    full_deck,
    hand_total,
    is_idiots_array,
)
from engine.variants.twopot.cards import RankedEval
from engine.variants.twopot.cards import describe as describe  # re-exported

__all__ = [
    "CARD_RE",
    "TARGET",
    "Card",
    "CardError",
    "Category",
    "HandEval",
    "check_card_counts",
    "describe",
    "evaluate",
    "full_deck",
    "hand_total",
    "parse",
    "parse_hand",
]

CARD_RE = re.compile(
    r"^(?:(sabers|flasks|coins|staves):(1[0-5]|[1-9])"
    r"|(star|evil_one|moderation|demise|balance|endurance|queen|idiot))$"
)


def parse(text: str) -> Card:
    """Parse one card of the §1.2 notation (strict: the spec's regex, nothing else).

    >>> parse("coins:15").name, parse("evil_one").value
    ('Ace of Coins (15)', -15)
    >>> parse("coins:ace")
    Traceback (most recent call last):
    ...
    engine.variants.classic.cards.CardError: not a Sabacc Project card: 'coins:ace'
    """
    if not isinstance(text, str) or CARD_RE.match(text) is None:
        raise CardError(f"not a Sabacc Project card: {text!r}")
    return Card.parse(text)


def parse_hand(texts: Iterable[str]) -> list[Card]:
    """Parse a list of notations (order irrelevant for scoring)."""
    return [parse(t) for t in texts]


class Category(StrEnum):
    """Hand categories of §5.1 (values are the vectors' ``category`` strings)."""

    IDIOTS_ARRAY = "idiots_array"
    PURE_SABACC = "pure_sabacc"
    HAND = "hand"
    BOMB = "bomb"


@dataclass(frozen=True, slots=True)
class HandEval(RankedEval[Category]):
    """One hand's evaluation; ``rank_key`` is ``None`` for a bomb (total 0, over +23 or under
    −23, and not an Idiot's Array), lower keys are better. An Idiot's Array or a Pure Sabacc may
    collect the Sabacc pot (§5.5); the statistics score goes up to 300."""

    TOP: ClassVar[int] = 300

    def to_json(self) -> dict[str, object]:
        """The vector schema's ``eval`` object."""
        key = list(self.rank_key) if self.rank_key is not None else None
        return {"category": self.category.value, "total": self.total, "rank_key": key}


def evaluate(cards: Sequence[Card]) -> HandEval:
    """Evaluate a whole hand (Interference-Field and Sudden-Demise cards included), §5.1.

    >>> [evaluate(parse_hand(h)).rank_key for h in (["idiot", "coins:2", "staves:3"],
    ...     ["demise", "balance", "coins:1"], ["sabers:9", "coins:12"], ["demise", "endurance"])]
    [(0, 0, 0), (1, 0, 1), (2, 2, 0), (2, 2, 1)]
    """
    total = hand_total(cards)
    if is_idiots_array(cards):  # exactly three cards valued 0, 2, 3 (SP-10)
        return HandEval(total, Category.IDIOTS_ARRAY, (0, 0, 0))
    if total == 0 or abs(total) > TARGET:
        return HandEval(total, Category.BOMB, None)
    if abs(total) == TARGET:  # +23 beats −23 (SP-9)
        return HandEval(total, Category.PURE_SABACC, (1, 0, 0 if total > 0 else 1))
    return HandEval(total, Category.HAND, (2, TARGET - abs(total), 0 if total > 0 else 1))
