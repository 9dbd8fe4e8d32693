"""Settlement pieces the two-pot variants (Classic, Centran, Project) decide alike, written once.

Pure functions over plain mappings, like the ``<variant>_settle`` modules that use them:

* :func:`hand_pot`: the hand pot is every contribution of the hand, folded players' included;
* :func:`uncontested_payouts` and :func:`concede`: when everyone else folded, the last
  live player takes the whole hand pot unseen, nobody pays a penalty and the Sabacc pot stays
  (Classic §5.6 / CL-24, Centran CE-32, Project §5.6 / SP-21, Corellian Spike §5.7); each
  variant words the :class:`Conceded` hand in its own settlement shape;
* :func:`rank_tiers`: tied candidates grouped by equal rank key, best first (Classic §5.4 and
  Project §5.4 resolve a pot tier by tier, Sudden Demise breaking a tie).

What differs by spec stays in each variant: Sudden Demise itself, the caller rule, when penalties
reach the Sabacc pot, the pot layers of a conceded hand, and why a hand went as it did (each
variant's ``Decided`` fact; the bot words it).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from engine.core.pots import Pot, build_pots

__all__ = [
    "Conceded",
    "Drawer",
    "ListDrawer",
    "concede",
    "hand_pot",
    "rank_tiers",
    "uncontested_payouts",
]

P = TypeVar("P", bound=Hashable)
C = TypeVar("C")
C_co = TypeVar("C_co", covariant=True)
K = TypeVar("K", bound=tuple[Any, ...])


def hand_pot(contributions: Mapping[P, int], order: Iterable[P]) -> int:
    """The whole hand pot: every contribution of the players of ``order`` (0 when absent).

    >>> hand_pot({"A": 5, "B": 3}, ["A", "B", "C"])
    8
    """
    return sum(contributions.get(p, 0) for p in order)


def uncontested_payouts(
    order: Sequence[P], winner: P, contributions: Mapping[P, int], stock: Mapping[P, int]
) -> tuple[dict[P, int], dict[P, int]]:
    """(payouts, credits after) of a conceded hand: ``winner`` takes the whole hand pot.

    >>> uncontested_payouts(["A", "B"], "B", {"A": 6, "B": 6}, {"A": 50, "B": 50})
    ({'A': 0, 'B': 12}, {'A': 50, 'B': 62})
    """
    total = hand_pot(contributions, order)
    payouts = {p: (total if p == winner else 0) for p in order}
    return payouts, {p: stock.get(p, 0) + payouts[p] for p in order}


@dataclass(frozen=True, slots=True)
class Conceded(Generic[P]):
    """A hand everyone else folded: ``winner`` takes the whole hand ``pot`` unseen (every one of
    its ``layers``, the pots layered as if the winner were the only live player), nobody pays a
    penalty and the ``sabacc_pot`` stays. ``payouts`` and ``stock_after`` (credits behind after
    it, from the ``stock`` given to :func:`concede`) name every player of ``order``."""

    order: tuple[P, ...]
    winner: P
    pot: int
    layers: tuple[Pot[P], ...]
    payouts: dict[P, int]
    stock_after: dict[P, int]
    sabacc_pot: int


def concede(
    order: Sequence[P],
    winner: P,
    contributions: Mapping[P, int],
    stock: Mapping[P, int],
    sabacc_pot: int,
) -> Conceded[P]:
    """The :class:`Conceded` hand of ``order`` (clockwise from the hand's first player) won by
    ``winner``.

    >>> hand = concede(["A", "B"], "B", {"A": 9, "B": 6}, {"A": 50, "B": 50}, 7)
    >>> hand.pot, [(p.amount, p.eligible) for p in hand.layers], hand.stock_after
    (15, [(15, ('B',))], {'A': 50, 'B': 65})
    """
    seat = tuple(order)
    payouts, stock_after = uncontested_payouts(seat, winner, contributions, stock)
    layers = tuple(build_pots(contributions, [winner], seat))
    return Conceded(
        seat, winner, hand_pot(contributions, seat), layers, payouts, stock_after, sabacc_pot
    )


def rank_tiers(cands: Sequence[P], rank_key: Callable[[P], K | None]) -> list[list[P]]:
    """``cands`` grouped by equal rank key (lower is better), best tier first, in ``cands``
    order inside each tier; candidates without a key (bombed out) are left out.

    >>> rank_tiers(["A", "B", "C", "D"], {"A": (2,), "B": (1,), "C": None, "D": (2,)}.get)
    [['B'], ['A', 'D']]
    """
    keys = sorted({k for p in cands if (k := rank_key(p)) is not None})
    return [[p for p in cands if rank_key(p) == key] for key in keys]


class Drawer(Protocol[C_co]):
    """Where tie-break cards come from (Classic's Sudden Demise, Corellian Spike's blind draws):
    the game's draw pile, or a vector's list."""

    def available(self) -> int:
        """How many cards can still be drawn."""
        ...

    def draw(self) -> C_co:
        """The next card (only called when :meth:`available` is positive)."""
        ...


class ListDrawer(Generic[C]):
    """A :class:`Drawer` over a fixed list of cards, in draw order (test vectors); exhausted
    means no card."""

    def __init__(self, cards: Sequence[C]) -> None:
        self._cards = list(cards)

    def available(self) -> int:
        """Cards left in the list."""
        return len(self._cards)

    def draw(self) -> C:
        """The next card of the list."""
        return self._cards.pop(0)
