"""Classic Sabacc settlement (spec §5.4–§5.7): Sudden Demise, the caller rule, pot layers,
penalties and the Sabacc pot. Pure functions over plain mappings, used by the game and the judge.

Players are any hashable ids (seat numbers in the game, letters in test vectors); ``order`` is the
clockwise seat order beginning with the hand's starting player, which is also the odd-credit order.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from engine.core.pots import build_pots, split_evenly
from engine.variants.classic.cards import Card, HandEval, evaluate
from engine.variants.classic.events import HandDecided, Why
from engine.variants.twopot.settle import Conceded, Drawer, hand_pot, rank_tiers
from engine.variants.twopot.settle import ListDrawer as ListDrawer  # re-exported (vectors, tests)

P = TypeVar("P", bound=Hashable)

HAND_POT_PENALTY = "hand_pot"
Penalty = str | int  # "hand_pot" or a fixed amount (the ``{"fixed": N}`` option)


@dataclass(slots=True)
class SuddenDemiseStep(Generic[P]):
    """One Sudden-Demise draw step: who drew what (``None`` = no card available) and the result."""

    pot: int
    players: list[P]
    draws: dict[P, Card | None]
    evals: dict[P, HandEval]
    busted: list[P]


@dataclass(slots=True)
class PotResult(Generic[P]):
    """One hand-pot layer after settlement; no winners means it went to the Sabacc pot."""

    amount: int
    eligible: list[P]
    winners: list[P] = field(default_factory=list)


@dataclass(slots=True)
class Settlement(Generic[P]):
    """Everything settlement decided, in the shapes of the spec's vector ``expected`` object."""

    order: list[P]
    evals: dict[P, HandEval]
    hands: dict[P, list[Card]]  # final hands, Sudden-Demise cards included
    winners: list[P]
    bombed_out: list[P]
    sudden_demise: list[SuddenDemiseStep[P]]
    busted_in_sudden_demise: list[P]
    pots: list[PotResult[P]]
    penalties: dict[P, int]
    sabacc_winners: list[P]
    payouts: dict[P, int]
    sabacc_payouts: dict[P, int]
    stock_after: dict[P, int]
    sabacc_pot_before: int
    sabacc_pot_after: int
    caller: P | None
    conceded: bool = False


class _Resolver(Generic[P]):
    """Runs :func:`resolve_pot` (§5.4) with the hands, draw source and step log it mutates."""

    def __init__(self, hands: dict[P, list[Card]], drawer: Drawer[Card]) -> None:
        self.hands = hands
        self.evals: dict[P, HandEval] = {p: evaluate(h) for p, h in hands.items()}
        self.drawer = drawer
        self.steps: list[SuddenDemiseStep[P]] = []
        self.busted: list[P] = []

    def resolve(self, pot: int, cands: Sequence[P]) -> list[P]:
        for tier in rank_tiers(cands, lambda p: self.evals[p].rank_key):
            if len(tier) == 1:
                return tier
            if self.drawer.available() < len(tier):
                self.steps.append(SuddenDemiseStep(pot, tier, dict.fromkeys(tier), {}, []))
                return tier  # CL-22: the tie stands
            draws: dict[P, Card | None] = {}
            for p in tier:
                card = self.drawer.draw()
                draws[p] = card
                self.hands[p].append(card)
                self.evals[p] = evaluate(self.hands[p])
            busted = [p for p in tier if self.evals[p].bombed]
            self.busted += busted
            step_evals = {p: self.evals[p] for p in tier}
            self.steps.append(SuddenDemiseStep(pot, tier, draws, step_evals, busted))
            survivors = [p for p in tier if not self.evals[p].bombed]
            if survivors:
                return self.resolve(pot, survivors)
        return []


def penalty_amount(penalty: Penalty, hand_pot: int) -> int:
    """The penalty before the stock cap: the whole hand pot, or the fixed amount (CL-9)."""
    return hand_pot if penalty == HAND_POT_PENALTY else int(penalty)


def settle(
    order: Sequence[P],
    hands: Mapping[P, Sequence[Card]],
    contributions: Mapping[P, int],
    stock: Mapping[P, int],
    sabacc_pot: int,
    caller: P | None,
    drawer: Drawer[Card],
    penalty: Penalty = HAND_POT_PENALTY,
) -> Settlement[P]:
    """Settle a revealed hand in the normative order of §5.5 (reference pseudocode §5.7).

    ``hands`` holds every live (non-folded) player's whole hand, stasis cards included.
    """
    seat = list(order)
    final = {p: list(hands[p]) for p in seat if p in hands}
    res: _Resolver[P] = _Resolver(final, drawer)
    ev0 = dict(res.evals)
    penalised = [p for p in seat if p in final and ev0[p].bombed]
    layers = build_pots(contributions, [p for p in seat if p in final], seat)
    pots = [PotResult(layer.amount, list(layer.eligible)) for layer in layers]
    whole_pot = hand_pot(contributions, seat)
    payouts = dict.fromkeys(seat, 0)
    sabacc_after = sabacc_pot
    hand_winners: list[P] = []
    for index, pot in enumerate(pots):
        cands = [p for p in pot.eligible if p not in penalised and not res.evals[p].bombed]
        pot.winners = res.resolve(index, cands)
        if index == 0:
            hand_winners = list(pot.winners)
            if caller is not None and caller not in hand_winners and caller not in penalised:
                penalised.append(caller)  # §5.5 step 4, the caller rule (CL-8)
        if pot.winners:
            for p, share in split_evenly(pot.amount, pot.winners).items():
                payouts[p] += share
        else:
            sabacc_after += pot.amount  # CL-23
    stock_after = {p: stock.get(p, 0) + payouts[p] for p in seat}
    penalties: dict[P, int] = {}
    for p in [p for p in seat if p in penalised]:
        paid = max(0, min(penalty_amount(penalty, whole_pot), stock.get(p, 0)))
        penalties[p] = paid
        stock_after[p] -= paid
        sabacc_after += paid
    sabacc_winners = [p for p in seat if p in hand_winners and ev0[p].takes_sabacc_pot]
    sabacc_payouts = dict.fromkeys(seat, 0)
    if sabacc_winners:
        for p, share in split_evenly(sabacc_after, sabacc_winners).items():
            sabacc_payouts[p] += share
            stock_after[p] += share
        sabacc_after = 0
    result = Settlement(
        order=seat,
        evals=ev0,
        hands=final,
        winners=hand_winners,
        bombed_out=[p for p in seat if p in penalised],
        sudden_demise=res.steps,
        busted_in_sudden_demise=[p for p in seat if p in res.busted],
        pots=pots,
        penalties=penalties,
        sabacc_winners=sabacc_winners,
        payouts=payouts,
        sabacc_payouts=sabacc_payouts,
        stock_after=stock_after,
        sabacc_pot_before=sabacc_pot,
        sabacc_pot_after=sabacc_after,
        caller=caller,
    )
    return result


def settle_conceded(hand: Conceded[P]) -> Settlement[P]:
    """Everyone else folded (§5.6, CL-24): all layers to the winner, no reveal, no penalty,
    the Sabacc pot untouched."""
    seat, winner = list(hand.order), hand.winner
    return Settlement(
        order=seat,
        evals={},
        hands={},
        winners=[winner],
        bombed_out=[],
        sudden_demise=[],
        busted_in_sudden_demise=[],
        pots=[PotResult(layer.amount, list(layer.eligible), [winner]) for layer in hand.layers],
        penalties={},
        sabacc_winners=[],
        payouts=hand.payouts,
        sabacc_payouts=dict.fromkeys(seat, 0),
        stock_after=hand.stock_after,
        sabacc_pot_before=hand.sabacc_pot,
        sabacc_pot_after=hand.sabacc_pot,
        caller=None,
        conceded=True,
    )


def explain(result: Settlement[P], name: Callable[[P], str]) -> HandDecided:
    """Why the hand's winner(s) won: which comparison or tie-break decided (players named by
    ``name``)."""
    winners = tuple(name(p) for p in result.winners)
    if result.conceded:
        return HandDecided(Why.UNCONTESTED, winners)
    main_steps = [s for s in result.sudden_demise if s.pot == 0]
    if not winners:
        why = Why.ALL_BOMBED_IN_DEMISE if main_steps else Why.NO_VALID_HAND
        return HandDecided(why, winners)
    if main_steps:
        first, last = main_steps[0], main_steps[-1]
        tied = tuple(name(p) for p in first.players)
        tied_at = result.evals[first.players[0]]
        if not set(result.winners) & set(first.players):
            return HandDecided(Why.TIED_BOMBED, winners, tied, tied_at)
        if not last.evals:
            return HandDecided(Why.TIE_STANDS, winners, tied, tied_at)
        return HandDecided(Why.SUDDEN_DEMISE, winners, tied, tied_at, steps=len(main_steps))
    if len(winners) > 1:
        return HandDecided(Why.EXACT_TIE, winners)
    best = result.evals[result.winners[0]]
    others = [
        result.evals[p]
        for p in result.pots[0].eligible
        if p not in result.winners and not result.evals[p].bombed
    ]
    if not others:
        return HandDecided(Why.ONLY_VALID, winners, best=best)
    runner = min(others, key=lambda e: e.rank_key or (9, 0, 0))
    assert best.rank_key is not None and runner.rank_key is not None
    if best.rank_key[0] != runner.rank_key[0]:
        why = Why.OUTRANKS
    elif best.rank_key[1] != runner.rank_key[1]:
        why = Why.CLOSER
    else:
        why = Why.NEGATIVE
    return HandDecided(why, winners, best=best, runner=runner)
