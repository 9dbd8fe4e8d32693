"""Side pots by layering total contributions, and settlement (coruscant-shift.md §4.4, §5.3).

Pure functions over any hashable player key (seat numbers in the engine, ``"A"``/``"B"`` in test
vectors). Stable public API::

    build_pots(contributions, live, order) -> list[Pot]
    split_evenly(amount, winners_in_order) -> dict[K, int]
    settle(pots, keys, order) -> Settlement
    distribute(contributions, live, order, keys) -> Settlement      # build_pots + settle
    showdown_pots(contributions, live, order) -> list[Pot]          # build_pots, no orphan layer
    layer_amounts(contributions, levels) -> list[int]               # mid-hand display layers

``order`` is the clockwise seat order beginning with the hand's starting player: pot ``eligible``
and ``winners`` are listed in it, so the odd credits of a split go one each to the first winners.
``keys`` maps each live player to an orderable rank key, **lower is better**, or ``None`` for a
hand that cannot win (a pot with no possible winner is left ``unawarded`` for the variant to route,
e.g. to a Sabacc pot).

>>> pots = build_pots({"A": 5, "B": 20, "C": 20}, live={"A", "B", "C"}, order=["A", "B", "C"])
>>> [(p.amount, p.eligible) for p in pots]
[(15, ('A', 'B', 'C')), (30, ('B', 'C'))]
>>> settle(pots, {"A": (0, -1), "B": (1, -1), "C": (2, 0)}, ["A", "B", "C"]).payouts
{'A': 15, 'B': 30, 'C': 0}
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Pot(Generic[K]):
    """One layer of the hand pot: its credits and the live players who may win it (in order)."""

    amount: int
    eligible: tuple[K, ...]


@dataclass(frozen=True, slots=True)
class PotResult(Generic[K]):
    """A settled pot: winners in odd-credit order and what each received."""

    amount: int
    eligible: tuple[K, ...]
    winners: tuple[K, ...]
    shares: Mapping[K, int]


@dataclass(frozen=True, slots=True)
class Settlement(Generic[K]):
    """All pots settled: per-pot results, credits per player, and credits nobody could win."""

    pots: tuple[PotResult[K], ...]
    payouts: dict[K, int] = field(default_factory=dict)
    unawarded: int = 0


def build_pots(
    contributions: Mapping[K, int], live: Collection[K], order: Sequence[K]
) -> list[Pot[K]]:
    """Layer total per-hand contributions into a main pot and side pots (§4.4).

    Folded players' money is included in every layer they reached; a layer nobody live reached
    goes to the previous (lower) pot; a layer with the same eligible players as the previous pot
    merges into it. Every contributor and every live player must appear in ``order``.
    """
    position = {p: i for i, p in enumerate(order)}
    missing = [p for p in [*contributions, *live] if p not in position]
    if missing:
        raise ValueError(f"players missing from the seat order: {missing!r}")
    if any(c < 0 for c in contributions.values()):
        raise ValueError("contributions cannot be negative")
    levels = sorted({c for c in contributions.values() if c > 0})
    pots: list[Pot[K]] = []
    carry = 0  # money of a bottom layer nobody live reached (no previous pot yet)
    prev = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, prev) for c in contributions.values())
        eligible = tuple(
            sorted(
                (p for p in live if contributions.get(p, 0) >= level),
                key=position.__getitem__,
            )
        )
        if not eligible:
            if pots:
                pots[-1] = Pot(pots[-1].amount + amount, pots[-1].eligible)
            else:
                carry += amount
        elif pots and set(eligible) == set(pots[-1].eligible):
            pots[-1] = Pot(pots[-1].amount + amount, pots[-1].eligible)
        else:
            pots.append(Pot(amount + carry, eligible))
            carry = 0
        prev = level
    if carry:
        pots.append(Pot(carry, ()))
    return pots


def split_evenly(amount: int, winners_in_order: Sequence[K]) -> dict[K, int]:
    """Equal integer shares; the ``amount mod k`` odd credits go one each to the first winners.

    >>> split_evenly(33, ["B", "A"])
    {'B': 17, 'A': 16}
    """
    if not winners_in_order:
        raise ValueError("nobody to split between")
    share, odd = divmod(amount, len(winners_in_order))
    return {w: share + (1 if i < odd else 0) for i, w in enumerate(winners_in_order)}


def settle(pots: Sequence[Pot[K]], keys: Mapping[K, Any], order: Sequence[K]) -> Settlement[K]:
    """Pay every pot to its eligible players with the lowest rank key (ties split, §5.3).

    ``keys[p]`` is ``None`` for a hand that cannot win. Every eligible player gets an entry in
    ``payouts`` (0 if nothing); players of ``order`` too.
    """
    position = {p: i for i, p in enumerate(order)}
    payouts: dict[K, int] = {p: 0 for p in order}
    results: list[PotResult[K]] = []
    unawarded = 0
    for pot in pots:
        candidates = [p for p in pot.eligible if keys.get(p) is not None]
        if not candidates:
            results.append(PotResult(pot.amount, pot.eligible, (), {}))
            unawarded += pot.amount
            continue
        best = min(keys[p] for p in candidates)
        winners = tuple(
            sorted((p for p in candidates if keys[p] == best), key=position.__getitem__)
        )
        shares = split_evenly(pot.amount, winners)
        for p, amount in shares.items():
            payouts[p] = payouts.get(p, 0) + amount
        results.append(PotResult(pot.amount, pot.eligible, winners, shares))
    return Settlement(tuple(results), payouts, unawarded)


def distribute(
    contributions: Mapping[K, int],
    live: Collection[K],
    order: Sequence[K],
    keys: Mapping[K, Any],
    *,
    showdown: bool = False,
) -> Settlement[K]:
    """:func:`build_pots` (or :func:`showdown_pots` where ``showdown`` is set) then
    :func:`settle`: the whole showdown payout of one hand.

    >>> distribute({"A": 0, "B": 0, "C": 5}, ["A", "B"], ["A", "B", "C"],
    ...            {"A": (0, -1), "B": (1, 0)}, showdown=True).payouts
    {'A': 5, 'B': 0, 'C': 0}
    """
    pots = (showdown_pots if showdown else build_pots)(contributions, live, order)
    return settle(pots, keys, order)


def showdown_pots(
    contributions: Mapping[K, int], live: Collection[K], order: Sequence[K]
) -> list[Pot[K]]:
    """:func:`build_pots` for a showdown where no credit may be left unclaimed: a top layer no
    live player reached (only folded or junked money is in it) goes to every live player, in
    ``order`` (Corellian Spike §5.6; Coruscant Shift §4.4 sends a layer nobody live reached to
    the lower pot, and when there is none, every live player having put in 0, that lowest pot is
    the one every live player reached, so credits stay conserved, §2.4).

    >>> [(p.amount, p.eligible) for p in showdown_pots({"A": 0, "B": 5}, ["A"], ["A", "B"])]
    [(5, ('A',))]
    """
    pots = build_pots(contributions, live, order)
    if live and pots and not pots[-1].eligible:
        pots[-1] = Pot(pots[-1].amount, tuple(p for p in order if p in live))
    return pots


def layer_amounts(contributions: Iterable[int], levels: Iterable[int]) -> list[int]:
    """The credits in each layer cut at ``levels`` (e.g. the all-in amounts during a hand), the
    money above the highest level added to the top layer; one layer when ``levels`` is empty.

    For the table display while bets are still open: unmatched bets are not side pots yet.

    >>> layer_amounts([5, 20, 12], [5])
    [37]
    >>> layer_amounts([5, 20, 20, 3], [5, 20])
    [18, 30]
    """
    amounts = list(contributions)
    total = sum(amounts)
    out: list[int] = []
    prev = 0
    for level in sorted({lv for lv in levels if lv > 0}):
        out.append(sum(min(c, level) - min(c, prev) for c in amounts))
        prev = level
    if not out:
        return [total]
    out[-1] += total - sum(out)
    return out


def rotate_to(order: Sequence[K], start: K) -> list[K]:
    """``order`` rotated so that it begins with ``start`` (clockwise from the starting player).

    >>> rotate_to(["A", "B", "C"], "B")
    ['B', 'C', 'A']
    """
    i = list(order).index(start)
    return [*order[i:], *order[:i]]
