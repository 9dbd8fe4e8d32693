"""The Sabacc Project judge: one §0 vector in, the engine's ``expected``-shaped result out.

A thin adapter over :func:`engine.variants.project.settle.settle` and
:func:`~engine.variants.project.settle.settle_uncontested` (the functions the game calls at
every reveal / conceded hand) and :func:`engine.variants.project.cards.evaluate`. Malformed
vectors raise; the judge CLI turns that into ``{"error": ...}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.variants.project.cards import Card, CardError, check_card_counts, parse_hand
from engine.variants.project.settle import ListPile, Settlement, settle, settle_uncontested
from engine.variants.twopot.judge import (
    card_list,
    folded_players,
    money_of,
    pots_json,
    seat_order_of,
)
from engine.variants.twopot.settle import concede


def settlement_json(result: Settlement[str]) -> dict[str, Any]:
    """A settlement in the vector schema's ``expected`` shape (§0 output conventions)."""
    order = result.order
    return {
        "uncontested": result.uncontested,
        "winners": list(result.winners),
        "eval": {p: result.evals[p].to_json() for p in order if p in result.evals},
        "bombed": list(result.bombed),
        "penalties": dict(result.penalties),
        "sudden_demise": [
            {"depth": deal.depth, "cards": {p: c.plain for p, c in deal.cards.items()}}
            for deal in result.sudden_demise
        ],
        "pots": pots_json(result.pots),
        "payouts": dict(result.payouts),
        "sabacc_award": dict(result.sabacc_award),
        "to_sabacc_pot": result.to_sabacc_pot,
        "sabacc_pot_after": result.sabacc_pot_after,
        "stacks_final": dict(result.stacks_final),
    }


def _cards(raw: Any, what: str) -> list[Card]:
    return card_list(raw, what, parse_hand)


def judge(vector: Mapping[str, Any]) -> dict[str, Any]:
    """Compute one showdown / pot-distribution vector (spec §0); raises on a malformed one."""
    if not isinstance(vector, Mapping):
        raise ValueError("a vector must be a JSON object")
    ctx = vector.get("context")
    if not isinstance(ctx, Mapping):
        raise ValueError("context must be an object")
    seat = seat_order_of(ctx)
    raw_hands = vector.get("hands")
    if not isinstance(raw_hands, Mapping) or not raw_hands or not set(raw_hands) <= set(seat):
        raise ValueError("hands must map players of seat_order to card lists")
    hands = {p: _cards(raw_hands[p], f"hand of {p}") for p in seat if p in raw_hands}
    pile = _cards(ctx.get("draw_pile", []), "draw_pile")
    complete = ctx.get("draw_pile_complete", False)
    if not isinstance(complete, bool):
        raise ValueError("draw_pile_complete must be true or false")
    check_card_counts([c for h in hands.values() for c in h] + pile)
    folded = folded_players(ctx, seat, hands)
    missing = set(seat) - set(folded) - set(hands)
    if missing:
        raise ValueError(f"players neither folded nor holding a hand: {sorted(missing)}")
    contributions, stacks, sabacc_pot = money_of(ctx, seat, "stacks")
    if len(hands) == 1:  # a conceded hand (§5.6, SP-21)
        (winner,) = hands
        hand = concede(seat, winner, contributions, stacks, sabacc_pot)
        return settlement_json(settle_uncontested(hand))
    short = [p for p, h in hands.items() if len(h) < 2]
    if short:
        raise CardError(f"revealed hands hold at least 2 cards: {short}")
    return settlement_json(settle(seat, hands, contributions, stacks, sabacc_pot, ListPile(pile)))
