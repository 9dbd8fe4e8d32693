"""Sabacc Project settlement (spec §5.2–§5.6): bomb-out penalties, layer winners with Sudden
Demise, payment order and the Sabacc pot. Pure functions over plain mappings: the game calls
:func:`settle` at every reveal and the judge calls the very same function for a test vector.

Players are any hashable ids (seat numbers in the game, letters in vectors); ``order`` is the
clockwise seat order beginning with the hand's starting player (also the odd-credit order).

Decisions where the spec is silent:

* P-impl-1: a vector whose listed draw pile is too short for a Sudden-Demise round is read as if
  the pile ended there (the tie stands, SP-18), whether or not ``draw_pile_complete`` is set.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from engine.core.pots import build_pots, split_evenly
from engine.variants.project.cards import Card, HandEval, evaluate
from engine.variants.project.events import Decided, Why
from engine.variants.twopot.settle import Conceded, hand_pot, rank_tiers

P = TypeVar("P", bound=Hashable)


class Pile(Protocol):
    """Where Sudden-Demise cards come from (the game's draw pile, or a vector's list)."""

    def can_deal(self, count: int) -> bool:
        """Whether ``count`` more cards can be dealt."""
        ...

    def deal(self) -> Card:
        """The top card (only called after :meth:`can_deal` said yes)."""
        ...


class ListPile:
    """A :class:`Pile` over a list of cards, top first (test vectors; P-impl-1)."""

    def __init__(self, cards: Sequence[Card]) -> None:
        self._cards = list(cards)

    def can_deal(self, count: int) -> bool:
        """Enough listed cards left."""
        return count <= len(self._cards)

    def deal(self) -> Card:
        """The next listed card."""
        return self._cards.pop(0)


@dataclass(frozen=True, slots=True)
class DemiseDeal(Generic[P]):
    """One Sudden-Demise dealing event: the extra card of depth ``depth`` per player (§5.4)."""

    depth: int
    cards: dict[P, Card]


@dataclass(slots=True)
class Layer(Generic[P]):
    """One layer of the Main Pot: eligible players (bombed ones included), winners in seat
    order (empty = unwon) and the Sudden-Demise depth at which it was decided."""

    amount: int
    eligible: list[P]
    winners: list[P] = field(default_factory=list)
    depth: int = 0


@dataclass(slots=True)
class Settlement(Generic[P]):
    """Everything a settlement decided, in the shapes of the vector schema's ``expected``."""

    order: list[P]
    hands: dict[P, list[Card]]  # revealed hands (as at the call)
    evals: dict[P, HandEval]  # revealed hands' evaluations
    extra: dict[P, list[Card]]  # Sudden-Demise cards per player
    bombed: list[P]
    penalties: dict[P, int]
    sudden_demise: list[DemiseDeal[P]]
    pots: list[Layer[P]]
    winners: list[P]  # base-layer winners
    winning: dict[P, HandEval]  # base-layer winners' winning (modified) hands
    sabacc_winners: list[P]
    payouts: dict[P, int]
    sabacc_award: dict[P, int]
    to_sabacc_pot: int
    sabacc_pot_before: int
    sabacc_pot_after: int
    stacks_final: dict[P, int]
    uncontested: bool = False
    reason: Decided | None = None

    def hand_at(self, player: P, depth: int) -> list[Card]:
        """``hand(p, d)`` of §5.4: the revealed hand plus the first ``depth`` extra cards."""
        return self.hands[player] + self.extra[player][:depth]


class _Resolver(Generic[P]):
    """The ``resolve`` / ``sudden_demise`` procedure of §5.4, sharing extra cards between layers."""

    def __init__(self, hands: Mapping[P, list[Card]], pile: Pile) -> None:
        self.hands = hands
        self.extra: dict[P, list[Card]] = {p: [] for p in hands}
        self.pile = pile
        self.deals: list[DemiseDeal[P]] = []
        self.excluded: set[P] = set()  # players of an all-bombed Sudden Demise (SP-29)
        self._cache: dict[tuple[P, int], HandEval] = {}

    def eval_at(self, player: P, depth: int) -> HandEval:
        key = (player, depth)
        if key not in self._cache:
            self._cache[key] = evaluate(self.hands[player] + self.extra[player][:depth])
        return self._cache[key]

    def resolve(self, cands: Sequence[P], depth: int) -> tuple[list[P], int] | None:
        for tier in rank_tiers(cands, lambda p: self.eval_at(p, depth).rank_key):
            if len(tier) == 1:
                return tier, depth
            result = self.sudden_demise(tier, depth + 1)
            if result is not None:
                return result
        return None

    def sudden_demise(self, tied: list[P], depth: int) -> tuple[list[P], int] | None:
        need = [p for p in tied if len(self.extra[p]) < depth]
        if not self.pile.can_deal(len(need)):
            return tied, depth - 1  # SP-18: the tie stands
        dealt: dict[P, Card] = {}
        for p in need:
            card = self.pile.deal()
            self.extra[p].append(card)
            dealt[p] = card
        if dealt:
            self.deals.append(DemiseDeal(depth, dealt))
        survivors = [p for p in tied if not self.eval_at(p, depth).bombed]  # no penalty (SP-15)
        if not survivors:
            self.excluded.update(tied)
            return None
        return self.resolve(survivors, depth)


def settle(
    order: Sequence[P],
    hands: Mapping[P, Sequence[Card]],
    contributions: Mapping[P, int],
    stacks: Mapping[P, int],
    sabacc_pot: int,
    pile: Pile,
) -> Settlement[P]:
    """Settle a revealed hand in the order of §3 SETTLE / §5.5.

    ``hands`` holds every live player's whole hand (Interference-Field cards included);
    ``stacks`` the credits behind at the reveal; ``pile`` deals Sudden-Demise cards.
    """
    seat = list(order)
    revealed = {p: list(hands[p]) for p in seat if p in hands}
    res: _Resolver[P] = _Resolver(revealed, pile)
    evals = {p: res.eval_at(p, 0) for p in revealed}
    bombed = [p for p in revealed if evals[p].bombed]
    main_pot = hand_pot(contributions, seat)
    penalties = {p: max(0, min(main_pot, stacks.get(p, 0))) for p in bombed}  # SP-12, SP-13
    layers = [
        Layer(pot.amount, list(pot.eligible))
        for pot in build_pots(contributions, list(revealed), seat)
    ]
    payouts = dict.fromkeys(seat, 0)
    to_sabacc = 0
    for layer in layers:
        cands = [p for p in layer.eligible if p not in bombed and p not in res.excluded]
        found = res.resolve(cands, 0)
        if found is None:
            to_sabacc += layer.amount  # SP-16, added after the Sabacc-pot award
            continue
        layer.winners, layer.depth = found
        for p, share in split_evenly(layer.amount, layer.winners).items():
            payouts[p] += share
    base = layers[0] if layers else None
    winners = list(base.winners) if base else []
    winning = {p: res.eval_at(p, base.depth) for p in winners} if base else {}
    pot_now = sabacc_pot + sum(penalties.values())
    sabacc_winners = [p for p in winners if winning[p].takes_sabacc_pot]  # SP-19
    sabacc_award = dict.fromkeys(seat, 0)
    if sabacc_winners:
        sabacc_award.update(split_evenly(pot_now, sabacc_winners))
        pot_now = 0
    result = Settlement(
        order=seat,
        hands=revealed,
        evals=evals,
        extra=res.extra,
        bombed=bombed,
        penalties=penalties,
        sudden_demise=res.deals,
        pots=layers,
        winners=winners,
        winning=winning,
        sabacc_winners=sabacc_winners,
        payouts=payouts,
        sabacc_award=sabacc_award,
        to_sabacc_pot=to_sabacc,
        sabacc_pot_before=sabacc_pot,
        sabacc_pot_after=pot_now + to_sabacc,
        stacks_final={
            p: stacks.get(p, 0) - penalties.get(p, 0) + payouts[p] + sabacc_award[p] for p in seat
        },
    )
    result.reason = explain(result, str)
    return result


def settle_uncontested(hand: Conceded[P]) -> Settlement[P]:
    """Everyone else folded (§5.6, SP-21): every layer to the winner, nothing revealed, no
    penalty, the Sabacc pot untouched."""
    seat, winner = list(hand.order), hand.winner
    result: Settlement[P] = Settlement(
        order=seat,
        hands={},
        evals={},
        extra={},
        bombed=[],
        penalties={},
        sudden_demise=[],
        pots=[Layer(pot.amount, list(pot.eligible), [winner]) for pot in hand.layers],
        winners=[winner],
        winning={},
        sabacc_winners=[],
        payouts=hand.payouts,
        sabacc_award=dict.fromkeys(seat, 0),
        to_sabacc_pot=0,
        sabacc_pot_before=hand.sabacc_pot,
        sabacc_pot_after=hand.sabacc_pot,
        stacks_final=hand.stock_after,
        uncontested=True,
    )
    result.reason = explain(result, str)
    return result


def explain(result: Settlement[P], name: Callable[[P], str]) -> Decided:
    """Why the base layer went where it did (which comparison or tie-break)."""
    if result.uncontested:
        return Decided(Why.UNCONTESTED, (name(result.winners[0]),))
    if not result.pots:
        return Decided(Why.NO_POT, ())
    base = result.pots[0]
    who = tuple(name(p) for p in base.winners)
    valid = [p for p in base.eligible if p not in result.bombed]
    if not base.winners:
        return Decided(Why.TIED_BOMBED if valid else Why.ALL_BOMBED, ())
    first = base.winners[0]
    best = result.evals[first]
    tied = [p for p in valid if result.evals[p].rank_key == best.rank_key]
    if len(base.winners) > 1:
        return Decided(Why.TIE_SPLIT if base.depth == 0 else Why.STAY_TIED, who, best)
    if base.depth > 0:
        final = result.winning[first]
        names = tuple(name(p) for p in tied)
        return Decided(Why.SUDDEN_DEMISE, who, best, tied=names, depth=base.depth, final=final)
    assert best.rank_key is not None
    better = [p for p in valid if (k := result.evals[p].rank_key) is not None and k < best.rank_key]
    if better:
        return Decided(Why.BETTER_BOMBED, who, best)
    others = [result.evals[p] for p in valid if p != first]
    if not others:
        return Decided(Why.ONLY_VALID, who, best)
    runner = min(others, key=lambda e: e.rank_key or (9, 0, 0))
    assert runner.rank_key is not None
    if best.rank_key[0] != runner.rank_key[0]:
        return Decided(Why.BEATS, who, best, runner)
    if best.rank_key[1] != runner.rank_key[1]:
        return Decided(Why.CLOSER, who, best, runner)
    return Decided(Why.POSITIVE, who, best, runner)
