"""Centran Sabacc cards: the 78-card Oracle deck, the compact notation (spec §1.2) and scoring
(§5: automatic Ace and Wild-Five values, categories, Nulhrek distance, tie-breakers, rank_key).

Everything here is a pure function of its arguments; the game and the judge both use it.

>>> evaluate(parse_hand(["coins:10", "flasks:10"]), 0).rank_key
(6, 3, 1, 0, -2, -1, -1, 0, -10)
>>> evaluate(parse_hand(["coins:14", "sabers:9"]), 1).label
'pure_sabacc:23'
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from engine.core.deck import CardDeck
from engine.core.facts import Fact
from engine.core.notation import Notated
from engine.variants.twopot.cards import describe as describe  # re-exported
from engine.variants.twopot.cards import signed as signed  # re-exported

SUITS: tuple[str, ...] = ("coins", "flasks", "sabers", "staves")
MAJOR = "major"
ACE = 1  # the Ace's rank; it is worth 1 or 15 at scoring (CE-2)
TARGET = 23
CARD_RE = re.compile(
    r"^(?:(coins|flasks|sabers|staves):(ace|1[0-4]|[2-9])|major:(0|-(?:[1-9]|1[0-9]|2[01])))$"
)
RANK_NAMES: dict[int, str] = {11: "Legate", 12: "Commander", 13: "Mistress", 14: "Master"}
MAJOR_NAMES: tuple[str, ...] = (  # index = -value (CE-3, cosmetic)
    "The Idiot",
    "The Magician",
    "The Queen of Air and Darkness",
    "The Mother",
    "The Father",
    "The Fifth Aspect",
    "The Lovers",
    "The Chariot",
    "Endurance",
    "The Hermit",
    "The Wheel",
    "Balance",
    "The Hanged Man",
    "Demise",
    "Moderation",
    "The Evil One",
    "The Tower",
    "The Star",
    "The Moon",
    "The Sun",
    "Judgement",
    "The World",
)


class CardError(ValueError):
    """A string that is not a card of the §1.2 notation, or an impossible set of cards."""


@dataclass(frozen=True, slots=True, order=True)
class Card(Notated):
    """One card: ``suit`` is a main suit or ``"major"``; ``rank`` is 1 (Ace) or 2..14 for main
    suits and the value 0..−21 for the Major Suit.

    >>> Card.parse("sabers:ace").notation, Card.parse("major:-5").is_five
    ('sabers:ace', True)
    """

    suit: str
    rank: int
    notation: str = field(init=False, repr=False, compare=False)
    """The canonical compact notation."""
    name: str = field(init=False, repr=False, compare=False)
    """A readable name: ``7 of Coins``, ``Master of Staves (14)``, ``The Star (−17)``."""

    def __post_init__(self) -> None:
        # worked out once: cards are read far more often than made (decks share instances)
        if self.suit == MAJOR:
            notation = f"major:{self.rank}"
            name = f"{MAJOR_NAMES[-self.rank]} ({signed(self.rank)})"
        else:
            suit = self.suit.title()
            if self.rank == ACE:
                notation, name = f"{self.suit}:ace", f"Ace of {suit} (1/15)"
            elif self.rank in RANK_NAMES:
                notation = f"{self.suit}:{self.rank}"
                name = f"{RANK_NAMES[self.rank]} of {suit} ({self.rank})"
            else:
                notation, name = f"{self.suit}:{self.rank}", f"{self.rank} of {suit}"
        object.__setattr__(self, "notation", notation)
        object.__setattr__(self, "name", name)

    @classmethod
    def read(cls, text: str) -> Card:
        """Parse one card of the exact notation (lower case, no spaces, §1.2)."""
        match = CARD_RE.match(text) if isinstance(text, str) else None
        if match is None:
            raise CardError(f"not a Centran Sabacc card: {text!r}")
        suit, rank, major = match.groups()
        if major is not None:
            return cls(MAJOR, int(major))
        return cls(suit, ACE if rank == "ace" else int(rank))

    @property
    def is_major(self) -> bool:
        """A Major Suit (Aspect) card, the Idiot included."""
        return self.suit == MAJOR

    @property
    def is_ace(self) -> bool:
        """A main-suit Ace (worth 1 or 15)."""
        return self.suit != MAJOR and self.rank == ACE

    @property
    def is_five(self) -> bool:
        """One of the five Wild Fives (the four main-suit 5s and The Fifth Aspect, CE-4)."""
        return self.rank == (-5 if self.is_major else 5)

    @property
    def negative_family(self) -> bool:
        """The Shift Array family (CE-25): every Major card is negative, every main card not."""
        return self.is_major

    @property
    def value(self) -> int:
        """Face value; an Ace counts 1 here (its 15 is chosen at scoring)."""
        return self.rank


_DECK = Card.catalogue(
    (
        *(Card(suit, rank) for suit in SUITS for rank in range(1, 15)),
        *(Card(MAJOR, -v) for v in range(22)),
    )
)


def full_deck() -> list[Card]:
    """All 78 cards in a fixed order: the four main suits (Ace, 2..14), then the Major Suit."""
    return list(_DECK)


parse_hand = Card.parse_all


def check_unique(cards: Iterable[Card]) -> None:
    """Raise :class:`CardError` when a card appears twice (every card is unique, §1.1)."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CardError(f"{card.notation} appears twice (every card is unique)")
        seen.add(card)


# --------------------------------------------------------------------------- scoring


class Category(StrEnum):
    """Hand categories of §5.2 (values are the spec's ``eval.category`` strings)."""

    DESPERADO = "desperado"
    IDIOTS_ARRAY = "idiots_array"
    PURE_SABACC = "pure_sabacc"
    WILD_SABACC = "wild_sabacc"
    NULHREK = "nulhrek"
    BOMBED_OUT = "bombed_out"


SABACC_CLASS_MAX = 5  # categories 0..5 may take the Sabacc pot
BOMBED_KEY = (9, 0, 0, 0, 0, 0, 0, 0, 0)


@dataclass(frozen=True, slots=True)
class HandEval(Fact):
    """One player's evaluation: category, total (``None`` outside Pure/Nulhrek), the §5.5
    ``rank_key`` (lower is better), and the engine's chosen values of the held Aces
    (``aces_high`` of them count 15) and of each table five (``fives``, e.g. ``(5, 5, 0)``)."""

    category: Category
    total: int | None
    rank_key: tuple[int, ...]
    aces_high: int = 0
    fives: tuple[int, ...] = ()

    @property
    def bombed(self) -> bool:
        """Bombed out: no total within ±23 (never wins, pays a penalty)."""
        return self.category is Category.BOMBED_OUT

    @property
    def sabacc_class(self) -> bool:
        """Desperado, Idiot's Array, Pure Sabacc or Wild Sabacc (may win the Sabacc pot)."""
        return self.rank_key[0] <= SABACC_CLASS_MAX

    @property
    def label(self) -> str:
        """The hand's typed key ``category:total`` (``pure_sabacc:-23``, ``wild_sabacc:``): what
        the seat records keep; the bot's renderer names it (``Pure Sabacc −23``)."""
        return f"{self.category.value}:{'' if self.total is None else self.total}"

    @property
    def score(self) -> int:
        """Higher is better (statistics only): 0 for a bomb-out, up to 900."""
        cat, distance, sign, anchor = self.rank_key[:4]
        return 0 if self.bombed else (9 - cat) * 100 - 4 * distance - 2 * sign - anchor

    def to_json(self) -> dict[str, object]:
        """The vector schema's ``eval`` entry."""
        return {
            "category": self.category.value,
            "total": self.total,
            "rank_key": list(self.rank_key),
        }


def nulhrek_key(total: int) -> tuple[int, int, int]:
    """(distance, sign, anchor) of a Nulhrek total 1 ≤ |t| ≤ 22 (§5.3, CE-12, CE-13).

    >>> sorted([-3, -20, 12, 11], key=nulhrek_key)
    [-20, -3, 12, 11]
    """
    distance = min(abs(total), TARGET - abs(total))
    return distance, 0 if total < 0 else 1, 0 if abs(total) >= 12 else 1


def tiebreak(held: Sequence[Card], ace_value: int) -> tuple[int, int, int, int, int]:
    """The five tie-breaker fields of §5.4 over held cards, negated so that lower is better."""
    ranks = Counter(c.rank for c in held if not c.is_major)
    pairs = sum(n // 2 for n in ranks.values())
    suited = max(Counter(c.suit for c in held).values(), default=0)
    negatives = sum(1 for c in held if c.value < 0)
    positives = [ace_value if c.is_ace else c.value for c in held if not c.is_major]
    high = max((v for v in positives if v > 0), default=0)
    return -len(held), -pairs, -suited, -negatives, -high


def is_desperado(held: Sequence[Card]) -> bool:
    """Exactly the Idiot, the Major −2 and the Major −3 (CE-7)."""
    return sorted(held) == [Card(MAJOR, -3), Card(MAJOR, -2), Card(MAJOR, 0)]


def is_idiots_array(held: Sequence[Card]) -> bool:
    """Exactly the Idiot, one main-suit 2 and one main-suit 3 (CE-7)."""
    if len(held) != 3 or Card(MAJOR, 0) not in held:
        return False
    return sorted(c.rank for c in held if not c.is_major) == [2, 3]


def _five_values(net: int, n_fives: int) -> tuple[int, ...]:
    """One assignment of ``n_fives`` five values (+5/−5/0) summing to ``5 * net``."""
    sign = 5 if net >= 0 else -5
    return tuple(sign if i < abs(net) else 0 for i in range(n_fives))


def evaluate(held: Sequence[Card], n_fives: int, wild_claimant: bool = False) -> HandEval:
    """The best evaluation of ``held`` cards with ``n_fives`` table fives (§5.1).

    Each Ace is 1 or 15 and each table five +5, −5 or 0, chosen to give the best ``rank_key``;
    ``wild_claimant`` adds Wild Sabacc (the player credited with the fifth five, CE-9).
    """
    cands: list[HandEval] = []
    zeros = (0,) * n_fives
    special = tiebreak(held, 15)
    if is_desperado(held):
        cands.append(HandEval(Category.DESPERADO, None, (0, 0, 0, 0, *special), 0, zeros))
    if is_idiots_array(held):
        cands.append(HandEval(Category.IDIOTS_ARRAY, None, (1, 0, 0, 0, *special), 0, zeros))
    aces = sum(1 for c in held if c.is_ace)
    if wild_claimant:
        cands.append(HandEval(Category.WILD_SABACC, None, (4, 0, 0, 0, *special), aces, zeros))
    base = sum(c.value for c in held if not c.is_ace)
    for high in range(aces + 1):
        ties = tiebreak(held, 15 if high else 1)
        for net in range(-n_fives, n_fives + 1):
            total = base + 15 * high + (aces - high) + 5 * net
            if abs(total) > TARGET:
                continue
            if abs(total) == TARGET or total == 0:
                cat = 2 if total == -TARGET else (3 if total == TARGET else 5)
                key: tuple[int, ...] = (cat, 0, 0, 0, *ties)
                category = Category.PURE_SABACC
            else:
                key = (6, *nulhrek_key(total), *ties)
                category = Category.NULHREK
            cands.append(HandEval(category, total, key, high, _five_values(net, n_fives)))
    if not cands:
        return HandEval(Category.BOMBED_OUT, None, BOMBED_KEY)
    return min(cands, key=lambda e: e.rank_key)


DECK = CardDeck(
    "centran",
    faces=lambda: tuple(full_deck()),
    face_key=lambda text: Card.parse(text).notation,
)
"""Four suits Ace–14 and the 22 Major cards: 78 faces."""
