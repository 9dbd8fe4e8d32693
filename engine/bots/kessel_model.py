"""Kessel Sabacc odds for the bot: exact distributions instead of sampling.

A hand is described by its two faces (Sand, Blood). :func:`outcomes` gives the distribution of
its rank key at the reveal, Impostors set to the better of two dice (the owner's choice, §3.5).
An opponent is modelled as a random Sand and Blood card among the cards this seat has not seen;
:class:`Field` holds that distribution and answers "how likely does one opponent beat this key".
Everything is computed with the variant's own :func:`~engine.variants.kessel.cards.evaluate`.

>>> fix = Fix()
>>> outcomes(Face.SYLOP, Face.SYLOP, fix)
(((0, 1, 0), 1.0),)
>>> field = Field.build(unseen_faces([]), unseen_faces([]), fix)
>>> round(field.beats(((0, 1, 0))), 3)
0.0
"""

from __future__ import annotations

import bisect
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from engine.variants.kessel.cards import (
    COPIES,
    Card,
    Face,
    Family,
    best_impostor_choice,
    evaluate,
    impostor_families,
)
from engine.variants.kessel.rank import Fix

Key = tuple[int, int, int]  # the variant's rank_key: lower is better
Dist = tuple[tuple[Key, float], ...]

# unordered rolls of two dice with their probabilities (a double: 1/36, otherwise 2/36)
ROLLS: tuple[tuple[tuple[int, int], float], ...] = tuple(
    ((a, b), (1 if a == b else 2) / 36) for a in range(1, 7) for b in range(a, 7)
)


@lru_cache(maxsize=512)
def outcomes(sand: Face, blood: Face, fix: Fix) -> Dist:
    """The rank-key distribution of the hand ``sand``/``blood`` at the reveal under ``fix``."""
    hand = (Card(Family.SAND, sand), Card(Family.BLOOD, blood))
    fams = [] if fix.major_fraud else impostor_families(hand)
    if not fams:
        return ((evaluate(hand, fix).rank_key, 1.0),)
    dist: dict[Key, float] = {}
    for combo in product(ROLLS, repeat=len(fams)):
        rolls = {fam: dice for fam, (dice, _) in zip(fams, combo, strict=True)}
        p = 1.0
        for _, q in combo:
            p *= q
        choice = best_impostor_choice(hand, fix, rolls)
        key = evaluate(hand, fix, choice).rank_key
        dist[key] = dist.get(key, 0.0) + p
    return tuple(sorted(dist.items()))


def tax(key: Key) -> int:
    """Chips a loser with this key pays from Stock: 1 for a Sabacc, else the difference."""
    return 1 if key[0] == 0 else key[1]


def unseen_faces(seen: Iterable[Face]) -> Counter[Face]:
    """Faces of one family not among ``seen`` (own card, visible discard top, drawn card)."""
    pool = Counter({face: COPIES[face] for face in Face})
    for face in seen:
        if pool[face] > 0:
            pool[face] -= 1
    return pool


@dataclass(frozen=True, slots=True)
class Field:
    """The distribution of one random opponent's key, sorted, with cumulative probabilities."""

    keys: tuple[Key, ...]
    below: tuple[float, ...]  # below[i] = P(key < keys[i])

    @classmethod
    def build(cls, sand: Counter[Face], blood: Counter[Face], fix: Fix) -> Field:
        """An opponent holding a random unseen Sand card and a random unseen Blood card."""
        ns, nb = sum(sand.values()), sum(blood.values())
        dist: dict[Key, float] = {}
        for sf, ws in sand.items():
            for bf, wb in blood.items():
                if ws and wb:
                    weight = ws * wb / (ns * nb)
                    for key, p in outcomes(sf, bf, fix):
                        dist[key] = dist.get(key, 0.0) + weight * p
        keys = tuple(sorted(dist))
        below: list[float] = []
        acc = 0.0
        for key in keys:
            below.append(acc)
            acc += dist[key]
        return cls(keys, tuple(below))

    def beats(self, key: Key) -> float:
        """Chance that one opponent's key is strictly better (lower) than ``key``."""
        i = bisect.bisect_left(self.keys, key)
        return self.below[i] if i < len(self.keys) else 1.0


@dataclass(frozen=True, slots=True)
class Outlook:
    """What a round's end means for this seat: opponents, chips at risk, elimination cost."""

    field: Field
    rivals: float  # effective number of independent opponent hands (draws still to come)
    stock: int
    elimination: float  # chips-equivalent cost of being eliminated


def win_chance(dist: Dist, outlook: Outlook) -> float:
    """Chance to be among the round's winners with a hand of distribution ``dist``."""
    total = 0.0
    for key, p in dist:
        total += p * (1.0 - outlook.field.beats(key)) ** outlook.rivals
    return total


def expected_loss(dist: Dist, hand_pot: int, outlook: Outlook) -> float:
    """Expected chips lost at the reveal: Hand Pot plus tax when beaten, plus elimination."""
    total = 0.0
    for key, p in dist:
        lose = 1.0 - (1.0 - outlook.field.beats(key)) ** outlook.rivals
        paid = min(tax(key), outlook.stock)
        ruin = outlook.elimination if outlook.stock - paid <= 0 else 0.0
        total += p * lose * (hand_pot + paid + ruin)
    return total


def draw_loss(
    hand: Sequence[Face],
    family: Family,
    faces: Counter[Face],
    cost: int,
    hand_pot: int,
    outlook: Outlook,
    fix: Fix,
) -> float:
    """Expected loss of drawing one card of ``family`` from ``faces`` and keeping the better."""
    n = sum(faces.values())
    if n == 0:
        return float("inf")
    idx = 0 if family is Family.SAND else 1
    keep_old = expected_loss(outcomes(hand[0], hand[1], fix), hand_pot + cost, outlook)
    total = 0.0
    for face, w in faces.items():
        if not w:
            continue
        new = list(hand)
        new[idx] = face
        take = expected_loss(outcomes(new[0], new[1], fix), hand_pot + cost, outlook)
        total += w / n * min(take, keep_old)
    return total
