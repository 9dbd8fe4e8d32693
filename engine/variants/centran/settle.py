"""Centran Sabacc rules as pure functions shared by the game and the judge: antes (§2.3), the
Shift trigger (§3.5), and settlement (§5.5, §5.6): pots, the Sabacc pot, bomb-out penalties,
dead pots, conceded hands, and why the winner won
(:class:`~engine.variants.centran.events.Decided`).

Players are any hashable ids (seat numbers in the game, letters in test vectors); ``order`` is the
clockwise seat order beginning with the player on the dealer's left (the odd-credit order).

>>> ante_amounts(10, 12), ante_amounts(10, 4), ante_amounts(20, 30)
((10, 2), (4, 0), (20, 10))
>>> shift_trigger([Card.parse("coins:7"), Card.parse("major:0")], Card.parse("sabers:ace"))
(True, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Generic, TypeVar

from engine.core.pots import build_pots, settle, split_evenly
from engine.variants.centran.cards import Card, HandEval, evaluate
from engine.variants.centran.events import Decided, Why
from engine.variants.twopot.settle import Conceded, hand_pot

P = TypeVar("P", bound=Hashable)

ENDS = ("all_checked", "round_limit", "five_brothers", "uncontested")
FIXED, HAND_POT = "fixed", "hand_pot"


def ante_amounts(hand_ante: int, stock: int) -> tuple[int, int]:
    """(hand-pot ante, Sabacc-pot ante) a player with ``stock`` credits pays (§2.3, CE-19):
    the hand part first, then up to half the hand ante from what is left."""
    paid = min(hand_ante, stock)
    return paid, min(hand_ante // 2, stock - paid)


def shift_trigger(array_before: Sequence[Card], trigger: Card) -> tuple[bool, int]:
    """(Sabacc Shift?, nominal discard count) for the Array rule (§3.5, CE-25, CE-26): a Shift
    iff the trigger's family differs from the last Array card's. An empty Array never shifts."""
    if not array_before:
        return False, 0
    shift = array_before[-1].negative_family != trigger.negative_family
    return shift, len(array_before) if shift else 0


@dataclass(frozen=True, slots=True)
class PenaltyRule:
    """The bomb-out penalty (§5.5, CE-15): ``fixed`` ``amount`` or the whole hand pot."""

    mode: str = FIXED
    amount: int = 10

    def nominal(self, hand_pot: int) -> int:
        """The penalty before the stock cap."""
        return hand_pot if self.mode == HAND_POT else self.amount


@dataclass(frozen=True, slots=True)
class PotShare(Generic[P]):
    """One settled hand-pot layer (no winners = dead: it goes to the Sabacc pot)."""

    amount: int
    eligible: tuple[P, ...]
    winners: tuple[P, ...]


@dataclass(frozen=True, slots=True)
class Settlement(Generic[P]):
    """Everything SETTLE decided, in the shapes of the vector schema's ``expected`` (§0.1)."""

    order: tuple[P, ...]
    evals: dict[P, HandEval]
    winners: tuple[P, ...]
    pots: tuple[PotShare[P], ...]
    payouts: dict[P, int]
    penalties: dict[P, int]
    sabacc_award: dict[P, int]
    sabacc_pot_before: int
    sabacc_pot_after: int
    stock_after: dict[P, int]
    end: str
    reason: Decided | None = None

    @property
    def dead(self) -> int:
        """Hand-pot credits nobody could win (sent to the Sabacc pot)."""
        return sum(p.amount for p in self.pots if not p.winners)


def settle_hand(
    order: Sequence[P],
    hands: Mapping[P, Sequence[Card]],
    n_fives: int,
    end: str,
    last_five_by: P | None,
    contributions: Mapping[P, int],
    stock: Mapping[P, int],
    sabacc_pot: int,
    penalty: PenaltyRule,
) -> Settlement[P]:
    """REVEAL and SETTLE in the normative order of §5.6.

    ``hands`` holds the held cards (hand + own Stasis Field) of every live player; ``n_fives``
    the number of table fives. The Sabacc pot is awarded as it stood at REVEAL; penalties and dead
    pots are added after it (they carry into the next hand).
    """
    seat = tuple(order)
    live = [p for p in seat if p in hands]
    claimant = last_five_by if end == "five_brothers" else None
    evals = {p: evaluate(hands[p], n_fives, p == claimant) for p in live}
    keys = {p: (None if evals[p].bombed else evals[p].rank_key) for p in live}
    result = settle(build_pots(contributions, live, seat), keys, seat)
    pots = tuple(PotShare(p.amount, p.eligible, p.winners) for p in result.pots)
    contenders = [p for p in live if keys[p] is not None]
    best = min((evals[p].rank_key for p in contenders), default=None)
    winners = tuple(p for p in contenders if evals[p].rank_key == best)
    payouts = {p: result.payouts.get(p, 0) for p in seat}
    award: dict[P, int] = {}
    after = sabacc_pot
    if winners and evals[winners[0]].sabacc_class and sabacc_pot:
        award = split_evenly(sabacc_pot, winners)
        after = 0
    nominal = penalty.nominal(hand_pot(contributions, seat))
    bombed = {p for p in live if evals[p].bombed}
    penalties = {p: (min(nominal, stock.get(p, 0)) if p in bombed else 0) for p in seat}
    after += sum(penalties.values()) + result.unawarded
    stock_after = {p: stock.get(p, 0) - penalties[p] + payouts[p] + award.get(p, 0) for p in seat}
    settled = Settlement(
        seat, evals, winners, pots, payouts, penalties, award, sabacc_pot, after, stock_after, end
    )
    return replace(settled, reason=explain(settled, str))


def settle_uncontested(hand: Conceded[P]) -> Settlement[P]:
    """AWARD_UNCONTESTED (CE-32): the whole hand pot to the winner, one pot; no reveal, no
    penalties, the Sabacc pot untouched."""
    winner = hand.winner
    return Settlement(
        order=hand.order,
        evals={},
        winners=(winner,),
        pots=(PotShare(hand.pot, (winner,), (winner,)),),
        payouts=hand.payouts,
        penalties=dict.fromkeys(hand.order, 0),
        sabacc_award={},
        sabacc_pot_before=hand.sabacc_pot,
        sabacc_pot_after=hand.sabacc_pot,
        stock_after=hand.stock_after,
        end="uncontested",
        reason=Decided(Why.UNCONTESTED, (str(winner),)),
    )


def explain(result: Settlement[P], name: Callable[[P], str]) -> Decided:
    """Why the winner(s) won: the comparison or tie-breaker that decided (§5.3-§5.4)."""
    who = tuple(name(p) for p in result.winners)
    if result.end == "uncontested":
        return Decided(Why.UNCONTESTED, who)
    if not result.winners:
        return Decided(Why.ALL_BOMBED, who)
    best = result.evals[result.winners[0]]
    if len(result.winners) > 1:
        return Decided(Why.EXACT_TIE, who, best)
    others = [e for p, e in result.evals.items() if p not in result.winners and not e.bombed]
    if not others:
        return Decided(Why.ONLY_VALID, who, best)
    runner = min(others, key=lambda e: e.rank_key)
    a, b = best.rank_key, runner.rank_key
    for index, why in enumerate((Why.OUTRANKS, Why.NEARER, Why.NEGATIVE, Why.PURE_OVER_ZERO)):
        if a[index] != b[index]:
            return Decided(why, who, best, runner)
    for index in range(4, len(a)):
        if a[index] != b[index]:
            return Decided(Why.TIE_BREAK, who, best, runner, index - 3)
    return Decided(Why.WINS, who, best, runner)  # pragma: no cover - distinct keys differ
