"""Fairness of the shuffles and dice: ``.venv/bin/python bench/fairness.py [--shuffles N]``.

Every shuffle and every roll comes from a fresh hand seed, exactly as at a table:
``HMAC-SHA256(master, "hand:k")`` from a random master, then the engine's own code path
(:meth:`engine.core.deck.Deck.shuffled` over each variant's deck, the variants' dice rolls).

* Card position: for each deck, how often every card lands at every position over N shuffles
  (a cards × positions table); Pearson's chi-square against the uniform expectation, with
  ``(n - 1)²`` degrees of freedom.
* Dice: how often each face comes up over N rolls of each die; chi-square against the die's
  faces (Coruscant's gold and silver dice carry repeated faces: the expectation counts them).

p-values come from the regularised upper incomplete gamma function (:func:`chi2_sf`, no SciPy).
A fair generator gives p-values spread uniformly over (0, 1): one below 0.01 now and then is
expected, a p-value near 0 on every run is not. Prints the figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import secrets
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.deck import Deck
from engine.core.fair import derive_hand_seed, rng_for
from engine.variants.centran.cards import full_deck as centran_deck
from engine.variants.classic.cards import full_deck as classic_deck
from engine.variants.coruscant.cards import GOLD_FACES, SILVER_FACES, roll_dice
from engine.variants.coruscant.cards import full_deck as coruscant_deck
from engine.variants.kessel.cards import FAMILIES, family_cards
from engine.variants.project.cards import full_deck as project_deck

EPS = 1e-14
MAX_ITERATIONS = 100_000


def _lower_series(a: float, x: float) -> float:
    """The regularised lower incomplete gamma P(a, x) by its series (x < a + 1)."""
    term = total = 1.0 / a
    ap = a
    for _ in range(MAX_ITERATIONS):
        ap += 1.0
        term *= x / ap
        total += term
        if abs(term) < abs(total) * EPS:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))


def _upper_fraction(a: float, x: float) -> float:
    """The regularised upper incomplete gamma Q(a, x) by its continued fraction (x ≥ a + 1),
    evaluated with Lentz's method."""
    tiny = 1e-300
    b = x + 1.0 - a
    c = 1.0 / tiny
    d = 1.0 / b
    h = d
    for i in range(1, MAX_ITERATIONS):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < EPS:
            break
    return math.exp(-x + a * math.log(x) - math.lgamma(a)) * h


def gamma_q(a: float, x: float) -> float:
    """The regularised upper incomplete gamma function Q(a, x) = Γ(a, x) / Γ(a).

    >>> round(gamma_q(1.0, 2.0), 6) == round(math.exp(-2.0), 6)
    True
    """
    if x <= 0.0:
        return 1.0
    if x < a + 1.0:
        return 1.0 - _lower_series(a, x)
    return _upper_fraction(a, x)


def chi2_sf(statistic: float, df: int) -> float:
    """P(χ² with ``df`` degrees of freedom ≥ ``statistic``): the test's p-value.

    >>> round(chi2_sf(3.841458820694124, 1), 4)
    0.05
    >>> round(chi2_sf(18.307038053275146, 10), 4)
    0.05
    """
    return gamma_q(df / 2.0, statistic / 2.0)


def chi_square(observed: Sequence[int], expected: Sequence[float]) -> float:
    """Pearson's statistic Σ (O − E)² / E."""
    return sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True))


def fresh_rngs(count: int, master: bytes | None = None) -> Any:
    """``count`` generators, one per fresh hand seed of ``master`` (a random one by default;
    tests give a fixed one so that their verdict cannot change from run to run)."""
    master = secrets.token_bytes(32) if master is None else master
    for hand in range(1, count + 1):
        yield rng_for(derive_hand_seed(master, hand))


def position_test(size: int, shuffles: int) -> tuple[float, int, float]:
    """Shuffle a deck of ``size`` cards ``shuffles`` times: (χ², df, p) of card × position."""
    counts = [[0] * size for _ in range(size)]
    for rng in fresh_rngs(shuffles):
        deck = Deck.shuffled(range(size), rng)
        for position, card in enumerate(deck.cards):
            counts[card][position] += 1
    expected = [shuffles / size] * size
    statistic = sum(chi_square(row, expected) for row in counts)
    df = (size - 1) ** 2
    return statistic, df, chi2_sf(statistic, df)


def dice_test(
    roll: Callable[[Any], Any], faces: Sequence[Any], rolls: int, master: bytes | None = None
) -> tuple[float, int, float]:
    """Roll a die ``rolls`` times from fresh seeds of ``master`` (random by default): (χ², df,
    p) of its faces (a face printed twice is expected twice as often)."""
    seen = Counter(roll(rng) for rng in fresh_rngs(rolls, master))
    weight = Counter(faces)
    values = sorted(weight, key=str)
    observed = [seen[v] for v in values]
    expected = [rolls * weight[v] / len(faces) for v in values]
    statistic = chi_square(observed, expected)
    df = len(values) - 1
    return statistic, df, chi2_sf(statistic, df)


DECKS: dict[str, Callable[[], Sequence[Any]]] = {
    "Classic (76 cards)": classic_deck,
    "Centran (78 cards)": centran_deck,
    "Sabacc Project (76 cards)": project_deck,
    "Coruscant Shift (62 cards)": coruscant_deck,
    **{
        f"Kessel {family.value} family ({len(family_cards(family))} cards)": (
            lambda family=family: family_cards(family)
        )
        for family in FAMILIES
    },
}

D6 = (1, 2, 3, 4, 5, 6)
DICE: dict[str, tuple[Callable[[Any], Any], Sequence[Any]]] = {
    "Classic / Kessel d6 (randint 1–6)": (lambda rng: rng.randint(1, 6), D6),
    "Coruscant gold die": (lambda rng: roll_dice(rng)[0], GOLD_FACES),
    "Coruscant silver die": (lambda rng: roll_dice(rng)[1], SILVER_FACES),
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run every test and print a table of statistics and p-values."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shuffles", type=int, default=100_000, help="shuffles per deck")
    parser.add_argument("--rolls", type=int, default=100_000, help="rolls per die")
    args = parser.parse_args(argv)
    print(f"{'test':<44} {'chi2':>12} {'df':>6} {'p-value':>8} {'seconds':>8}")
    for name, deck in DECKS.items():
        started = time.perf_counter()
        statistic, df, p = position_test(len(deck()), args.shuffles)
        took = time.perf_counter() - started
        print(f"{'position: ' + name:<44} {statistic:12.1f} {df:6d} {p:8.4f} {took:8.1f}")
    for name, (roll, faces) in DICE.items():
        started = time.perf_counter()
        statistic, df, p = dice_test(roll, faces, args.rolls)
        took = time.perf_counter() - started
        print(f"{'faces: ' + name:<44} {statistic:12.1f} {df:6d} {p:8.4f} {took:8.1f}")
    print(f"{args.shuffles} shuffles per deck, {args.rolls} rolls per die, each from a fresh seed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
