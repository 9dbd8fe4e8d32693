"""Corellian Spike pure rules over plain mappings: antes (§2.3), the Sabacc Shift (§3.3),
the single blind draw (§5.5) and the settlement of a hand (§5.6, §5.7).

The game (:mod:`engine.variants.corellian_spike.payout`) and the judge call the same functions,
with seat numbers or with the vectors' player ids.

>>> a = ante_up({"A": 50, "B": 3, "C": 2}, ["A", "B", "C"], 2, 1, 4)
>>> a.dealt_in, a.out, a.hand_pot, a.sabacc_pot, a.stock_after
(['A', 'B'], ['C'], 4, 6, {'A': 47, 'B': 0, 'C': 2})
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from engine.core.pots import PotResult, showdown_pots, split_evenly
from engine.variants.corellian_spike.cards import Card, HandEval, draw_key, evaluate_cards
from engine.variants.twopot.settle import Conceded, Drawer

P = TypeVar("P", bound=Hashable)

BLIND_DRAW, SPLIT = "blind_draw", "split"


@dataclass(frozen=True, slots=True)
class Antes(Generic[P]):
    """Who is dealt in at ANTE and where the credits went (§2.3, vectors §0.3)."""

    dealt_in: list[P]
    out: list[P]
    hand_pot: int
    sabacc_pot: int
    stock_after: dict[P, int]


def ante_up(
    stock: Mapping[P, int], order: Sequence[P], hand_ante: int, sabacc_ante: int, sabacc_pot: int
) -> Antes[P]:
    """Players of ``order`` with at least ``hand_ante + sabacc_ante`` pay both antes; the others
    are out of the game and keep their stock."""
    need = hand_ante + sabacc_ante
    dealt = [p for p in order if stock[p] >= need]
    after = {p: stock[p] - (need if p in dealt else 0) for p in order}
    return Antes(
        dealt,
        [p for p in order if p not in dealt],
        hand_ante * len(dealt),
        sabacc_pot + sabacc_ante * len(dealt),
        after,
    )


def sabacc_shift(
    order: Sequence[P],
    hands: Mapping[P, Sequence[Card]],
    discard: list[Card],
    draw: Callable[[], Card],
) -> dict[P, list[Card]]:
    """A Sabacc Shift (§3.3): every hand of ``order`` (the live players clockwise from the
    starting player) goes onto ``discard`` in hand order, then as many cards are dealt back one
    at a time clockwise, skipping players who have theirs. Returns the new hands.

    >>> pile = iter(Card.parse(t) for t in ("circle:+1", "circle:+2", "circle:+3"))
    >>> old = {"A": [Card.parse("square:+5"), Card.parse("sylop")], "B": [Card.parse("square:-2")]}
    >>> discard: list[Card] = []
    >>> new = sabacc_shift(["B", "A"], old, discard, lambda: next(pile))
    >>> {p: [c.notation for c in cards] for p, cards in new.items()}, discard[-1].notation
    ({'B': ['circle:+1'], 'A': ['circle:+2', 'circle:+3']}, 'sylop')
    """
    for p in order:
        discard.extend(hands[p])
    wanted = {p: len(hands[p]) for p in order}
    new: dict[P, list[Card]] = {p: [] for p in order}
    while any(len(new[p]) < wanted[p] for p in order):
        for p in order:
            if len(new[p]) < wanted[p]:
                new[p].append(draw())
    return new


@dataclass(frozen=True, slots=True)
class BlindRound(Generic[P]):
    """One single-blind-draw round (§5.5): its level, the players in seat order, their cards."""

    level: int
    players: tuple[P, ...]
    draws: dict[P, Card]


def resolve(tied: Sequence[P], rounds: list[BlindRound[P]], drawer: Drawer[Card]) -> list[P]:
    """Break a tie among ``tied`` (seat order) with single blind draws, reusing an earlier round
    of the same level that covered them all; too few cards → the tie stands (§5.5)."""
    group, level = list(tied), 0
    while len(group) > 1:
        held = next((r for r in rounds if r.level == level and set(group) <= set(r.players)), None)
        if held is None:
            if drawer.available() < len(group):
                return group
            held = BlindRound(level, tuple(group), {p: drawer.draw() for p in group})
            rounds.append(held)
        best = min(draw_key(held.draws[p]) for p in group)
        group = [p for p in group if draw_key(held.draws[p]) == best]
        level += 1
    return group


@dataclass(frozen=True, slots=True)
class HandResult(Generic[P]):
    """A settled hand: every number the vectors of §0.1 name, plus the evaluations."""

    order: list[P]
    evals: dict[P, HandEval]
    pots: tuple[PotResult[P], ...]
    payouts: dict[P, int]
    winners: list[P]  # of the main pot: "the winners of the hand"
    sabacc_winners: list[P]
    sabacc_payouts: dict[P, int]
    sabacc_pot_after: int
    blind_rounds: list[BlindRound[P]] = field(default_factory=list)
    conceded: bool = False

    @property
    def sabacc_won(self) -> int:
        """Credits of the Sabacc pot paid out this hand."""
        return sum(self.sabacc_payouts.values())


def settle_hand(
    order: Sequence[P],
    hands: Mapping[P, Sequence[Card]],
    contributions: Mapping[P, int],
    sabacc_pot: int,
    drawer: Drawer[Card],
    *,
    tie_break: str = BLIND_DRAW,
    extras: bool = True,
) -> HandResult[P]:
    """SETTLE (§5.6): evaluate, layer the pots, resolve each pot (blind draws unless
    ``tie_break`` is ``split``), split with odd credits in seat order, then the Sabacc pot.

    ``order`` is every player dealt in, clockwise from the starting player; ``hands`` the live
    (revealed) players'.
    """
    order = list(order)
    evals = {p: evaluate_cards(hands[p], extras=extras) for p in order if p in hands}
    live = [p for p in order if p in evals]
    pots = showdown_pots({p: contributions.get(p, 0) for p in order}, live, order)
    rounds: list[BlindRound[P]] = []
    payouts = dict.fromkeys(order, 0)
    results: list[PotResult[P]] = []
    for pot in pots:
        best = min(evals[p].rank_key for p in pot.eligible)
        tied = [p for p in pot.eligible if evals[p].rank_key == best]
        won = resolve(tied, rounds, drawer) if tie_break == BLIND_DRAW else tied
        shares = split_evenly(pot.amount, won)
        for p, amount in shares.items():
            payouts[p] += amount
        results.append(PotResult(pot.amount, pot.eligible, tuple(won), shares))
    winners = list(results[0].winners) if results else []
    sabacc_pay = dict.fromkeys(order, 0)
    sabacc_winners: list[P] = []
    if winners and evals[winners[0]].is_sabacc:
        sabacc_winners = winners
        if sabacc_pot:
            for p, amount in split_evenly(sabacc_pot, winners).items():
                sabacc_pay[p] += amount
        sabacc_pot = 0
    return HandResult(
        order,
        evals,
        tuple(results),
        payouts,
        winners,
        sabacc_winners,
        sabacc_pay,
        sabacc_pot,
        rounds,
    )


def settle_conceded(hand: Conceded[P]) -> HandResult[P]:
    """AWARD_UNCONTESTED (§5.7): the last live player takes the whole hand pot unseen, one pot;
    the Sabacc pot stays."""
    order, winner, total = list(hand.order), hand.winner, hand.pot
    pot = PotResult(total, (winner,), (winner,), {winner: total})
    nothing = dict.fromkeys(order, 0)
    return HandResult(
        order, {}, (pot,), hand.payouts, [winner], [], nothing, hand.sabacc_pot, [], True
    )
