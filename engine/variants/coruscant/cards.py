"""Coruscant Shift cards, dice, hand evaluation and ante schedule (coruscant-shift.md §1, §2.3, §5).

Pure functions only; the game state lives in :mod:`engine.variants.coruscant.game`.

>>> c = Card.parse("circle:+7")
>>> c.notation, c.display
('circle:+7', '● +7')
>>> evaluate(["circle:+7", "square:-2"], 5, "circle")
{'total': 5, 'distance': 0, 'suit_count': 1, 'rank_key': [0, -1]}
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import combinations
from typing import Any

from engine.core.deck import CardDeck
from engine.core.facts import Fact
from engine.core.notation import Notated


class Suit(StrEnum):
    """The three card families (and the silver die's faces)."""

    CIRCLE = "circle"
    TRIANGLE = "triangle"
    SQUARE = "square"

    @property
    def glyph(self) -> str:
        """UI glyph: ● ▲ ■."""
        return _GLYPHS[self]


_GLYPHS = {Suit.CIRCLE: "●", Suit.TRIANGLE: "▲", Suit.SQUARE: "■"}
CARD_RE = re.compile(r"^(?:(circle|triangle|square):([+-])(10|[1-9])|sylop)$")
GOLD_FACES: tuple[int, ...] = (0, 0, 5, -5, 10, -10)
SILVER_FACES: tuple[Suit, ...] = (
    Suit.CIRCLE,
    Suit.CIRCLE,
    Suit.TRIANGLE,
    Suit.TRIANGLE,
    Suit.SQUARE,
    Suit.SQUARE,
)
TARGETS = frozenset(GOLD_FACES)
SYLOP_ALIAS_SEP = "#"  # a select's second Sylop option is "sylop#2" (option values are unique)


@dataclass(frozen=True, slots=True)
class Card(Notated):
    """One card: a suited card (``suit`` set, value ±1…±10) or a Sylop (``suit`` None, value 0)."""

    suit: Suit | None
    value: int
    notation: str = field(init=False, repr=False, compare=False)
    """The §1.2 notation, e.g. ``circle:+7`` or ``sylop``."""
    display: str = field(init=False, repr=False, compare=False)
    """A short UI label, e.g. ``● +7`` or ``Ø Sylop``."""

    def __post_init__(self) -> None:
        # worked out once: cards are read far more often than made (decks share instances)
        if self.suit is None:
            notation, display = "sylop", "Ø Sylop"
        else:
            notation = f"{self.suit}:{self.value:+d}"
            display = f"{self.suit.glyph} {self.value:+d}"
        object.__setattr__(self, "notation", notation)
        object.__setattr__(self, "display", display)

    @classmethod
    def read(cls, text: str) -> Card:
        """Parse the §1.2 notation; raises ValueError on anything else."""
        m = CARD_RE.match(text)
        if m is None:
            raise ValueError(f"not a Coruscant Shift card: {text!r}")
        if m.group(1) is None:
            return SYLOP
        value = int(m.group(3))
        return cls(Suit(m.group(1)), value if m.group(2) == "+" else -value)

    @property
    def is_sylop(self) -> bool:
        """True for the two wild zero cards."""
        return self.suit is None


SYLOP = Card(None, 0)
_DECK = Card.catalogue(
    (
        *(Card(suit, sign * value) for suit in Suit for sign in (1, -1) for value in range(1, 11)),
        SYLOP,
        SYLOP,
    )
)


def full_deck() -> list[Card]:
    """The 62 cards in a fixed order (three suits ±1…±10, then two Sylops)."""
    return list(_DECK)


parse_cards = Card.parse_all


def check_unique(cards: Iterable[Card]) -> None:
    """Raise ValueError unless every suited card appears once and at most two Sylops appear."""
    counts = Counter(cards)
    for card, n in counts.items():
        if n > (2 if card.is_sylop else 1):
            raise ValueError(f"{card.notation} appears {n} times")


def format_target(target: int) -> str:
    """``+5``, ``-10``, ``0``."""
    return f"{target:+d}" if target else "0"


def roll_dice(rng: random.Random) -> tuple[int, Suit]:
    """Roll the gold (target) and silver (suit) dice with ``rng`` (§1.3)."""
    return rng.choice(GOLD_FACES), rng.choice(SILVER_FACES)


@dataclass(frozen=True, slots=True)
class Evaluation:
    """A selection's value against a target and suit; ``rank_key`` lower is better (§5.2)."""

    total: int
    distance: int
    suit_count: int

    @property
    def rank_key(self) -> tuple[int, int]:
        """``(distance, -suit_count)``."""
        return (self.distance, -self.suit_count)

    def as_dict(self) -> dict[str, Any]:
        """The test-vector ``eval`` object."""
        return {
            "total": self.total,
            "distance": self.distance,
            "suit_count": self.suit_count,
            "rank_key": list(self.rank_key),
        }

    @property
    def score(self) -> int:
        """Higher is better (for statistics): ``1000 − 10·distance + suit_count``."""
        return 1000 - 10 * self.distance + self.suit_count


@dataclass(frozen=True, slots=True)
class Rank(Fact):
    """A selection's rank as players read it: its ``total`` against the ``target``, and how many
    of its cards count for the ``suit`` (the bot's words name it). A seat's records keep it as
    its :attr:`key` (``"3:5:circle:1"``).

    >>> Rank(3, 5, Suit.CIRCLE, 1).distance, Rank(3, 5, Suit.CIRCLE, 1).key
    (2, '3:5:circle:1')
    >>> Rank.from_key("3:5:circle:1") == Rank(3, 5, Suit.CIRCLE, 1), Rank.from_key("+3 exact")
    (True, None)
    """

    total: int
    target: int
    suit: Suit
    suit_count: int

    @property
    def distance(self) -> int:
        """How far the total is from the target."""
        return abs(self.total - self.target)

    @property
    def key(self) -> str:
        """The typed key a seat's records keep: ``total:target:suit:suit_count``."""
        return f"{self.total}:{self.target}:{self.suit}:{self.suit_count}"

    @classmethod
    def from_key(cls, key: str) -> Rank | None:
        """The rank of a :attr:`key`; ``None`` for any other text (a name stored before)."""
        parts = key.split(":")
        if len(parts) != 4 or parts[2] not in _SUITS:
            return None
        try:
            return cls(int(parts[0]), int(parts[1]), Suit(parts[2]), int(parts[3]))
        except ValueError:
            return None


_SUITS = frozenset(Suit)


def evaluate_cards(
    cards: Sequence[Card], target: int, suit: Suit, *, sylop_wild: bool = True
) -> Evaluation:
    """Evaluate a final selection (§5.1, §5.2; Sylops count for the suit when ``sylop_wild``)."""
    total = sum(c.value for c in cards)
    matches = sum(1 for c in cards if c.suit is suit or (sylop_wild and c.is_sylop))
    return Evaluation(total, abs(total - target), matches)


def evaluate(
    cards: Sequence[str], target: int, suit: str, *, sylop_wild: bool = True
) -> dict[str, Any]:
    """The judge's pure API: notations in, ``{total, distance, suit_count, rank_key}`` out.

    >>> evaluate(["sylop", "triangle:+1"], 0, "square")["rank_key"]
    [1, -1]
    >>> evaluate(["sylop", "triangle:+1"], 0, "square", sylop_wild=False)["rank_key"]
    [1, 0]
    """
    if isinstance(target, bool) or target not in TARGETS:
        raise ValueError(f"target {target!r} is not a gold die face")
    if isinstance(cards, str) or not isinstance(cards, Sequence):
        raise ValueError(f"a selection is a list of cards, not {cards!r}")
    if not all(isinstance(c, str) for c in cards):
        raise ValueError(f"cards are written as strings: {list(cards)!r}")
    parsed = parse_cards(cards)
    if not 1 <= len(parsed) <= 5:
        raise ValueError("a selection has 1 to 5 cards")
    return evaluate_cards(parsed, int(target), Suit(suit), sylop_wild=sylop_wild).as_dict()


def best_selection(
    hand: Sequence[Card], target: int, suit: Suit, *, sylop_wild: bool = True
) -> list[Card]:
    """The subset minimising ``rank_key``; ties → fewer cards, then notation order (§3 timeout)."""

    def key(subset: Sequence[Card]) -> tuple[tuple[int, int], int, tuple[str, ...]]:
        ev = evaluate_cards(subset, target, suit, sylop_wild=sylop_wild)
        return ev.rank_key, len(subset), tuple(sorted(c.notation for c in subset))

    subsets: list[tuple[Card, ...]] = [
        s for n in range(1, len(hand) + 1) for s in combinations(hand, n)
    ]
    _, best = min((key(subset), i) for i, subset in enumerate(subsets))
    return list(subsets[best])


def ante_increment(players_in_game: int) -> int:
    """inc(2)=5, inc(3)=3, inc(4)=2, inc(n≥5)=1 (§2.3, CS-10)."""
    return {2: 5, 3: 3, 4: 2}.get(players_in_game, 1 if players_in_game >= 5 else 0)


def next_ante(previous: int, players_in_game: int) -> int:
    """``ante(h) = ante(h−1) + inc(n_h)`` for a hand h ≥ 2."""
    return previous + ante_increment(players_in_game)


def ante_schedule(
    base_ante: int, players_in_game_per_hand: Sequence[int], *, escalation: bool = True
) -> list[int]:
    """The ante of every hand, given how many players are in the game at each hand's start
    (option ``ante_escalation`` off: ``escalation=False``, the ante stays ``base_ante``).

    >>> ante_schedule(2, [5, 5, 4, 4, 2, 2])
    [2, 3, 5, 7, 12, 17]
    >>> ante_schedule(2, [4, 4, 4], escalation=False)
    [2, 2, 2]
    """
    antes: list[int] = []
    for n in players_in_game_per_hand:
        if not antes:
            antes.append(base_ante)
        else:
            antes.append(next_ante(antes[-1], n) if escalation else antes[-1])
    return antes


DECK = CardDeck(
    "coruscant",
    faces=lambda: tuple(dict.fromkeys(full_deck())),
    face_key=lambda text: Card.parse(text.split(SYLOP_ALIAS_SEP)[0]).notation,
)
"""Three suits ±1…±10 and the Sylop: 61 faces (``sylop#2`` is the second Sylop)."""
