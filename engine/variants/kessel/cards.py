"""Kessel Sabacc cards, notation, hand evaluation and settlement (``kessel.md`` §1, §5, §9).

Everything here is a pure function of its arguments; the game (:mod:`engine.variants.kessel`) and
the judge (:mod:`engine.variants.kessel.judge`) both call it.

Implementation decisions (spec silent):

* K-impl-1: the optional ``#copy`` index of the notation is accepted on input and dropped: copies
  of a card are indistinguishable, so the engine tracks cards as a multiset (always 44 cards).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Generic, TypeVar

from engine.core.deck import CardDeck
from engine.core.facts import Fact
from engine.core.notation import Notated
from engine.variants.kessel.rank import Fix, sabacc_name, sabacc_order

K = TypeVar("K", bound=Hashable)

CARD_RE = re.compile(r"^(sand|blood):([1-6]|impostor|sylop)(#[1-3])?$")
"""The normative card regex (§1.2)."""


class Family(StrEnum):
    """The two families (suits), told apart by the colour of the card backs."""

    SAND = "sand"
    BLOOD = "blood"


FAMILIES: tuple[Family, Family] = (Family.SAND, Family.BLOOD)


class Face(StrEnum):
    """What a card shows: a number 1–6, an Impostor or a Sylop."""

    ONE = "1"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    IMPOSTOR = "impostor"
    SYLOP = "sylop"

    def __init__(self, value: str) -> None:
        self.number = int(value) if value.isdigit() else None
        """The face value of a number card, ``None`` for Impostor and Sylop."""


COPIES: Mapping[Face, int] = {face: (1 if face is Face.SYLOP else 3) for face in Face}


@dataclass(frozen=True, slots=True, order=True)
class Card(Notated):
    """One Kessel card.

    >>> parse_card("blood:imposter").notation
    'blood:impostor'
    """

    family: Family
    face: Face
    notation: str = field(init=False, repr=False, compare=False)
    """The compact notation ``family:face`` (§1.2)."""

    def __post_init__(self) -> None:
        # worked out once: cards are read far more often than made (decks share instances)
        object.__setattr__(self, "notation", f"{self.family}:{self.face}")

    @classmethod
    def read(cls, text: str) -> Card:
        """Parse the notation (also the seed spelling ``imposter``); raise ``ValueError``
        otherwise."""
        norm = str(text).strip().lower().replace("imposter", "impostor")
        match = CARD_RE.match(norm)
        if match is None:
            raise ValueError(f"not a Kessel card: {text!r}")
        if match.group(2) == "sylop" and match.group(3):
            raise ValueError(f"a Sylop has no copy index: {text!r}")
        return CARDS[Family(match.group(1)), Face(match.group(2))]


CARDS: Mapping[tuple[Family, Face], Card] = {
    (card.family, card.face): card
    for card in Card.catalogue(Card(family, face) for family in Family for face in Face)
}
"""One instance of every distinct card (copies are indistinguishable and cards immutable)."""

parse_card = Card.parse


def family_cards(family: Family) -> list[Card]:
    """The 22 cards of one family: 3 of each number, 3 Impostors, 1 Sylop."""
    return [CARDS[family, face] for face in Face for _ in range(COPIES[face])]


FULL_DECK: tuple[Card, ...] = tuple(family_cards(Family.SAND) + family_cards(Family.BLOOD))


def check_counts(cards: Iterable[Card]) -> None:
    """Raise ``ValueError`` if ``cards`` holds more copies of a card than the deck has."""
    for card, n in Counter(cards).items():
        if n > COPIES[card.face]:
            raise ValueError(
                f"{card.notation} appears {n} times (the deck has {COPIES[card.face]})"
            )


def parse_hand(cards: Sequence[str]) -> tuple[Card, Card]:
    """A hand in canonical order (Sand first); exactly one card of each family."""
    parsed = [parse_card(c) for c in cards]
    if len(parsed) != 2 or {c.family for c in parsed} != set(FAMILIES):
        raise ValueError(f"a hand is one Sand and one Blood card, got {list(cards)}")
    parsed.sort(key=lambda c: FAMILIES.index(c.family))
    return parsed[0], parsed[1]


# --- Evaluation ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HandEval(Fact):
    """A resolved and ranked hand; ``rank_key`` is lower-is-better (§0, §5.4). ``name`` is the
    rules' name for it (``ROYAL SABACC``, ``NULHREK``: data, as in the vectors)."""

    values: tuple[int, int]
    name: str
    rank_key: tuple[int, int, int]

    @property
    def is_sabacc(self) -> bool:
        """A pair (any Sabacc)."""
        return self.rank_key[0] == 0

    @property
    def difference(self) -> int:
        """``|sand - blood|``."""
        return abs(self.values[0] - self.values[1])

    @property
    def tax(self) -> int:
        """Nominal tax if this hand loses: 1 for a Sabacc, else the difference (§5.5)."""
        return 1 if self.is_sabacc else self.difference

    @property
    def score(self) -> int:
        """Higher is better; comparable only under the same tokens (used for statistics)."""
        cat, a, b = self.rank_key
        return 1000 - cat * 500 - a * 20 - b

    @property
    def key(self) -> str:
        """The hand in the rules' notation, e.g. ``3/3 ROYAL SABACC`` or ``2/5 NULHREK
        (difference 3)``: the key a player's best hand is stored under (statistics, hand
        records); the bot names it from there."""
        s, b = self.values
        if self.is_sabacc:
            return f"{s}/{b} {self.name}"
        return f"{s}/{b} {self.name} (difference {self.difference})"

    def to_json(self) -> dict[str, Any]:
        """The vector's ``eval`` object."""
        s, b = self.values
        out: dict[str, Any] = {"category": "sabacc" if self.is_sabacc else "nulhrek"}
        out["values"] = [s, b]
        if self.is_sabacc:
            out |= {"pair": s, "position": self.rank_key[1]}
        else:
            out |= {"difference": self.difference, "sum": s + b}
        out |= {"name": self.name, "rank_key": list(self.rank_key)}
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HandEval:
        """A hand from its :meth:`to_json` form (``values``, ``name`` and ``rank_key`` are read).

        >>> h = evaluate(parse_hand(["sand:3", "blood:3"]), Fix())
        >>> HandEval.from_json(h.to_json()) == h
        True
        """
        s, b = data["values"]
        a, c, d = data["rank_key"]
        return cls((int(s), int(b)), str(data["name"]), (int(a), int(c), int(d)))


def impostor_families(hand: Sequence[Card]) -> list[Family]:
    """Families of the Impostors in ``hand``, Sand first."""
    return [c.family for c in hand if c.face is Face.IMPOSTOR]


def resolve(
    hand: Sequence[Card], fix: Fix, choices: Mapping[Family, int] | None = None
) -> tuple[int, int]:
    """Resolved ``(sand, blood)`` values (§5.1): Impostors first, then Sylops."""
    sand, blood = hand
    picked = choices or {}
    vals: dict[Family, int | None] = {}
    for card in (sand, blood):
        if card.face is Face.IMPOSTOR:
            if fix.major_fraud:
                vals[card.family] = 6
            elif card.family in picked:
                die = int(picked[card.family])
                if not 1 <= die <= 6:
                    raise ValueError(f"a die value is 1..6, got {die}")
                vals[card.family] = die
            else:
                raise ValueError(f"no die value chosen for the {card.family.value} Impostor")
        else:
            vals[card.family] = card.face.number
    s, b = vals[Family.SAND], vals[Family.BLOOD]
    if fix.markdown:
        s, b = (0 if s is None else s), (0 if b is None else b)
    elif s is None and b is None:
        s, b = 0, 0
    elif s is None:
        s = b
    elif b is None:
        b = s
    assert s is not None and b is not None
    return s, b


def evaluate(
    hand: Sequence[Card], fix: Fix, choices: Mapping[Family, int] | None = None
) -> HandEval:
    """Resolve and rank a hand (§5.2–§5.4)."""
    s, b = resolve(hand, fix, choices)
    if s == b:
        position = sabacc_order(fix).index(s) + 1
        return HandEval((s, b), sabacc_name(s, fix), (0, position, 0))
    return HandEval((s, b), "NULHREK", (1, abs(s - b), s + b))


def impostor_options(
    hand: Sequence[Card], rolls: Mapping[Family, tuple[int, int]]
) -> list[dict[Family, int]]:
    """Every combination of one die per rolled Impostor (at most 4)."""
    combos: list[dict[Family, int]] = [{}]
    for fam in FAMILIES:
        if fam in rolls:
            dice = sorted(set(rolls[fam]))
            combos = [{**c, fam: d} for c in combos for d in dice]
    return combos


def best_impostor_choice(
    hand: Sequence[Card],
    fix: Fix,
    rolls: Mapping[Family, tuple[int, int]],
    chosen: Mapping[Family, int] | None = None,
) -> dict[Family, int]:
    """The dice choice giving the best rank under ``fix``; ties → lower values (§3.5).

    ``chosen`` holds Impostors already resolved (a double needs no choice).
    """
    done = dict(chosen or {})
    options = impostor_options(hand, rolls)
    return min(
        options,
        key=lambda c: (
            evaluate(hand, fix, {**done, **c}).rank_key,
            [c[f] for f in FAMILIES if f in c],
        ),
    )


# --- Settlement ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Settlement(Generic[K]):
    """The outcome of one reveal (§3.6, §9), keyed like its inputs."""

    winners: tuple[K, ...]
    tax: dict[K, int]  # nominal tax (0 for winners)
    taken: dict[K, int]  # chips actually removed from Stock
    pot_lost: dict[K, int]  # Hand Pot chips put out of play
    stock_after: dict[K, int]
    eliminated: tuple[K, ...]


def settle(
    evals: Mapping[K, HandEval], stock: Mapping[K, int], hand_pot: Mapping[K, int]
) -> Settlement[K]:
    """Winners recover their Hand Pot; losers lose it plus ``min(tax, stock)``; Stock 0 is out."""
    if not evals:
        raise ValueError("nobody to settle")
    best = min(e.rank_key for e in evals.values())
    winners = tuple(p for p, e in evals.items() if e.rank_key == best)
    tax: dict[K, int] = {}
    taken: dict[K, int] = {}
    lost: dict[K, int] = {}
    after: dict[K, int] = {}
    for p, e in evals.items():
        pot, st = hand_pot.get(p, 0), stock.get(p, 0)
        if p in winners:
            tax[p], taken[p], lost[p], after[p] = 0, 0, 0, st + pot
        else:
            tax[p] = e.tax
            taken[p] = min(e.tax, st)
            lost[p] = pot
            after[p] = st - taken[p]
    eliminated = tuple(p for p in evals if after[p] == 0)
    return Settlement(winners, tax, taken, lost, after, eliminated)


DECK = CardDeck(
    "kessel",
    faces=lambda: tuple(CARDS[family, face] for family in FAMILIES for face in Face),
    face_key=lambda text: parse_card(text).notation,
)
"""Sand and Blood 1–6, Impostor and Sylop: 16 faces (the three copies of a card look alike)."""
