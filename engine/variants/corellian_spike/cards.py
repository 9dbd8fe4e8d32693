"""Corellian Spike hands, spike dice and the blind-draw card order (corellian-spike.md §1, §5).

The deck and its notation are Coruscant Shift's (§1.2: the same physical 62-card deck), imported
from :mod:`engine.variants.coruscant.cards`; this module adds what Corellian Spike scores.

>>> ev = evaluate_cards(parse_cards(["circle:+5", "square:-5", "sylop"]))
>>> ev.category.value, ev.name, ev.total, ev.rank_key
('yee_haa', 'Yee-Haa', 0, (4, 5, 0, -3, -5, -5))
>>> ev.label
'yee_haa:0:5:0'
>>> evaluate(["circle:+4", "circle:-5"])
{'category': 'nulrhek', 'name': 'Nulrhek', 'total': -1, 'rank_key': [13, 1, 1, -2, -4, -4]}
>>> draw_key(SYLOP) < draw_key(Card.parse("circle:+1")) < draw_key(Card.parse("circle:-1"))
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.core.facts import Fact
from engine.variants.coruscant.cards import (
    SYLOP,
    Card,
    Suit,
    check_unique,
    full_deck,
    parse_cards,
)

__all__ = [
    "CATEGORIES",
    "MAX_HAND",
    "MIN_HAND",
    "SYLOP",
    "Card",
    "Category",
    "HandEval",
    "Suit",
    "check_unique",
    "draw_key",
    "evaluate",
    "evaluate_cards",
    "full_deck",
    "hand_key",
    "is_shift",
    "parse_cards",
    "roll_dice",
]

MIN_HAND, MAX_HAND = 2, 5  # SPK-6


class Category(StrEnum):
    """The §5.2 hand categories, best first (their ids)."""

    PURE_SABACC = "pure_sabacc"
    FULL_SABACC = "full_sabacc"
    FLEET = "fleet"
    YEE_HAA = "yee_haa"
    RHYLET = "rhylet"
    SQUADRON = "squadron"
    GEE_WHIZ = "gee_whiz"
    STRAIGHT_KHYRON = "straight_khyron"
    BANTHAS_WILD = "banthas_wild"
    RULE_OF_TWO = "rule_of_two"
    SABACC_PAIR = "sabacc_pair"
    SABACC = "sabacc"
    NULRHEK = "nulrhek"


#: §5.2 categories, best first: (category, the rules' name for it); ``cat`` = index + 1. The
#: names are the spec's data (the judge's ``eval`` objects carry them).
CATEGORIES: tuple[tuple[Category, str], ...] = (
    (Category.PURE_SABACC, "Pure Sabacc"),
    (Category.FULL_SABACC, "Full Sabacc"),
    (Category.FLEET, "Fleet"),
    (Category.YEE_HAA, "Yee-Haa"),
    (Category.RHYLET, "Rhylet"),
    (Category.SQUADRON, "Squadron"),
    (Category.GEE_WHIZ, "Gee Whiz"),
    (Category.STRAIGHT_KHYRON, "Straight Khyron"),
    (Category.BANTHAS_WILD, "Banthas Wild"),
    (Category.RULE_OF_TWO, "Rule of Two"),
    (Category.SABACC_PAIR, "Sabacc Pair"),
    (Category.SABACC, "Sabacc"),
    (Category.NULRHEK, "Nulrhek"),
)
_CAT = {cid: i + 1 for i, (cid, _) in enumerate(CATEGORIES)}
_NAME = dict(CATEGORIES)
_GEE_WHIZ = ([-10, 1, 2, 3, 4], [-4, -3, -2, -1, 10])


@dataclass(frozen=True, slots=True)
class HandEval(Fact):
    """A hand's category and ``rank_key`` (§5.3: lexicographic, lower is better): a hand rank
    fact, named by the bot's words from ``category`` and the key's :attr:`detail` (the set, the
    run start, the pairs)."""

    category: Category
    total: int
    rank_key: tuple[int, ...]

    @property
    def name(self) -> str:
        """The rules' name of the category (``Sabacc Pair``)."""
        return _NAME[self.category]

    @property
    def cat(self) -> int:
        """1 (Pure Sabacc) … 13 (Nulrhek)."""
        return self.rank_key[0]

    @property
    def detail(self) -> tuple[int, int]:
        """The key's two details ``a, b``: the set's or run's value (a Nulrhek: its distance to
        0), then a Rhylet's pair or Rule of Two's higher pair."""
        return self.rank_key[1], self.rank_key[2]

    @property
    def is_sabacc(self) -> bool:
        """A revealed total of 0 (categories 1–12): the hand can take the Sabacc pot."""
        return self.total == 0

    @property
    def label(self) -> str:
        """The typed key the seat records keep for a best hand (:func:`hand_key`)."""
        a, b = self.detail
        return f"{self.category.value}:{self.total}:{a}:{b}"

    @property
    def score(self) -> int:
        """Higher is better, for statistics only (category first, then closeness to zero)."""
        cat, a, b = self.rank_key[:3]
        return (14 - cat) * 1000 - 20 * a - b

    def as_dict(self) -> dict[str, Any]:
        """The vector ``eval`` object: category, name, total, rank_key."""
        return {
            "category": self.category.value,
            "name": self.name,
            "total": self.total,
            "rank_key": list(self.rank_key),
        }


def hand_key(label: str) -> tuple[Category, int, int, int] | None:
    """The parts of a :attr:`HandEval.label` key (category, total, a, b); ``None`` for any other
    text (a best hand's name stored by an earlier version).

    >>> hand_key("yee_haa:0:5:0"), hand_key("Yee-Haa (pair of 5s)")
    ((<Category.YEE_HAA: 'yee_haa'>, 0, 5, 0), None)
    """
    parts = label.split(":")
    if len(parts) != 4 or parts[0] not in _CAT:
        return None
    try:
        total, a, b = (int(p) for p in parts[1:])
    except ValueError:
        return None
    return Category(parts[0]), total, a, b


def evaluate_cards(hand: Sequence[Card], *, extras: bool = True) -> HandEval:
    """Evaluate a 2–5 card hand (§5.4); ``extras`` is option ``named_hand_extras`` (SPK-8).

    Raises ValueError for another hand size.
    """
    if not MIN_HAND <= len(hand) <= MAX_HAND:
        raise ValueError(f"a hand has {MIN_HAND} to {MAX_HAND} cards, not {len(hand)}")
    vals = [c.value for c in hand]
    total, n = sum(vals), len(vals)
    syl = vals.count(0)
    nz = [v for v in vals if v != 0]
    mcount = Counter(abs(v) for v in nz)
    scount = Counter(nz)
    pairs = sorted(m for m, k in mcount.items() if k >= 2)
    trips = sorted(m for m, k in mcount.items() if k >= 3)
    quads = sorted(m for m, k in mcount.items() if k >= 4)
    runs = [m for m in range(1, 8) if all(mcount[m + i] >= 1 for i in range(4))]
    positives = [v for v in vals if v > 0]
    tail = (-n, -sum(positives), -max(positives, default=0))

    def key(cat: Category, a: int = 0, b: int = 0) -> HandEval:
        return HandEval(cat, total, (_CAT[cat], a, b, *tail))

    ordered = sorted(vals)
    if total != 0:
        return key(Category.NULRHEK, abs(total), 0 if total > 0 else 1)
    if ordered == [0, 0]:
        return key(Category.PURE_SABACC)
    if ordered == [-10, -10, 0, 10, 10]:
        return key(Category.FULL_SABACC)
    if syl and quads and quads[0] != 10:
        return key(Category.FLEET, quads[0])
    if syl and pairs and (extras or n == 3):
        return key(Category.YEE_HAA, pairs[0])
    rhylets = sorted(
        (abs(v), abs(w))
        for v, k in scount.items()
        if k >= 3
        for w, j in scount.items()
        if j >= 2 and v * w < 0
    )
    if rhylets:
        return key(Category.RHYLET, *rhylets[0])
    if quads and (extras or n == 4):
        return key(Category.SQUADRON, quads[0])
    if ordered in _GEE_WHIZ:
        return key(Category.GEE_WHIZ)
    if runs and (extras or n == 4):
        return key(Category.STRAIGHT_KHYRON, runs[0])
    if trips:
        return key(Category.BANTHAS_WILD, trips[0])
    if len(pairs) >= 2:
        return key(Category.RULE_OF_TWO, pairs[0], pairs[1])
    if pairs:
        return key(Category.SABACC_PAIR, pairs[0])
    return key(Category.SABACC)


def evaluate(cards: Sequence[str], *, extras: bool = True) -> dict[str, Any]:
    """The judge's pure API: notations in, the ``eval`` object out (§0.1)."""
    if isinstance(cards, str) or not isinstance(cards, Sequence):
        raise ValueError(f"a hand is a list of cards, not {cards!r}")
    if not all(isinstance(c, str) for c in cards):
        raise ValueError(f"cards are written as strings: {list(cards)!r}")
    parsed = parse_cards(cards)
    check_unique(parsed)
    return evaluate_cards(parsed, extras=extras).as_dict()


def draw_key(card: Card) -> tuple[int, int]:
    """A blind-draw card's key, lower is better (§5.5): closest to zero, then positive; a Sylop
    is ``(0, 0)`` and beats everything."""
    return abs(card.value), 0 if card.value >= 0 else 1


def is_shift(die1: int, die2: int) -> bool:
    """Doubles (double spikes included, SPK-14) cause a Sabacc Shift (§1.3).

    >>> is_shift(4, 4), is_shift(1, 1), is_shift(2, 5)
    (True, True, False)
    """
    for die in (die1, die2):
        if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= 6:
            raise ValueError(f"a spike die shows 1 to 6, not {die!r}")
    return die1 == die2


def roll_dice(rng: random.Random) -> tuple[int, int]:
    """The two spike dice: ``rng.randint(1, 6)`` twice, first die first (§1.3)."""
    return rng.randint(1, 6), rng.randint(1, 6)
