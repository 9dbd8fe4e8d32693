"""The Sabacc Shift (spec §6.1–§6.2): the Shift check and the normative RNG sequence.

Pure over plain lists so the exact sequence can be tested with a scripted generator:

>>> import random
>>> from engine.variants.project.cards import parse_hand
>>> hands = {0: parse_hand(["coins:7", "star", "flasks:10"]), 1: parse_hand(["sabers:3", "idiot"])}
>>> pile = parse_hand(["staves:2", "moderation", "flasks:13", "coins:1", "endurance"])
>>> swaps = shift([0, 1], hands, {0: [1]}, pile, random.Random(4), 1, 5)
>>> swaps = [(s.seat, s.old.plain, s.new.plain) for s in swaps]
>>> [c.plain for c in hands[0]][1], len(pile), all(old != new for _, old, new in swaps)
('star', 5, True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, MutableSequence, Sequence
from dataclasses import dataclass

from engine.variants.project.cards import Card


@dataclass(frozen=True, slots=True)
class Swap:
    """One exchanged card: ``seat``'s card at hand index ``index`` went to pile index ``pile_index``
    (0 = top) and ``new`` took its place."""

    seat: int
    index: int
    old: Card
    new: Card
    pile_index: int


def shift_happens(rng: random.Random, probability: float) -> bool:
    """One Shift check (§6.1): ``rng.random() < probability`` (one draw, even at 0)."""
    return rng.random() < probability


def shift(
    order: Sequence[int],
    hands: Mapping[int, MutableSequence[Card]],
    fields: Mapping[int, Sequence[int]],
    pile: MutableSequence[Card],
    rng: random.Random,
    cards_min: int,
    cards_max: int,
) -> list[Swap]:
    """Perform one Sabacc Shift with the exact RNG sequence of §6.2 (SP-23).

    ``order``: live seats clockwise from the starting player; ``hands[s]`` in received order;
    ``fields[s]``: protected hand indices; ``pile``: the draw pile, **top first** (index 0 = top).
    Mutates ``hands`` and ``pile`` in place and returns the swaps in the order processed (empty
    when nothing is exposed or the pile is empty: the Shift is announced, nothing changes).
    """
    exposed = [
        (p, i) for p in order for i in range(len(hands[p])) if i not in set(fields.get(p, ()))
    ]
    if not exposed or not pile:
        return []
    k = rng.randint(cards_min, cards_max)
    k = min(k, len(exposed), len(pile))
    chosen = rng.sample(exposed, k)
    swaps: list[Swap] = []
    for p, i in chosen:
        j = rng.randrange(len(pile))
        old, new = hands[p][i], pile[j]
        hands[p][i], pile[j] = new, old
        swaps.append(Swap(p, i, old, new, j))
    return swaps
