"""The Classic Sabacc judge: one §0 vector in, the engine's ``expected``-shaped result out.

A thin adapter over :func:`engine.variants.classic.settle.settle` (the function the game calls at
every reveal) and :func:`engine.variants.classic.cards.evaluate`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.variants.classic.cards import Card, CardError, check_card_counts, parse_hand
from engine.variants.classic.settle import (
    HAND_POT_PENALTY,
    ListDrawer,
    Penalty,
    Settlement,
    settle,
    settle_conceded,
)
from engine.variants.twopot.judge import (
    card_list,
    folded_players,
    is_count,
    money_of,
    pots_json,
    seat_order_of,
)
from engine.variants.twopot.settle import concede


def parse_penalty(value: Any) -> Penalty:
    """``"hand_pot"`` or ``{"fixed": N}`` (N ≥ 0) → the settlement's penalty parameter."""
    if value is None or value == HAND_POT_PENALTY:
        return HAND_POT_PENALTY
    if isinstance(value, Mapping) and is_count(value.get("fixed")):
        return int(value["fixed"])
    raise ValueError(f"bad bomb_out_penalty {value!r}")


def settlement_json(result: Settlement[str]) -> dict[str, Any]:
    """A settlement in the vector schema's ``expected`` shape (§0 output conventions)."""
    return {
        "eval": {p: e.to_json() for p, e in result.evals.items()},
        "winners": list(result.winners),
        "bombed_out": list(result.bombed_out),
        "sudden_demise": [
            {
                "pot": step.pot,
                "players": list(step.players),
                "draws": {p: (c.notation if c else None) for p, c in step.draws.items()},
                "eval": {p: e.to_json() for p, e in step.evals.items()},
                "busted": list(step.busted),
            }
            for step in result.sudden_demise
        ],
        "busted_in_sudden_demise": list(result.busted_in_sudden_demise),
        "pots": pots_json(result.pots),
        "penalties": dict(result.penalties),
        "sabacc_winners": list(result.sabacc_winners),
        "payouts": dict(result.payouts),
        "sabacc_payouts": dict(result.sabacc_payouts),
        "stock_after": dict(result.stock_after),
        "sabacc_pot_after": result.sabacc_pot_after,
    }


def judge(vector: Mapping[str, Any]) -> dict[str, Any]:
    """Compute one showdown / settlement vector (spec §0); raises on an impossible vector."""
    if not isinstance(vector, Mapping):
        raise ValueError("a vector must be a JSON object")
    ctx = vector.get("context") or {}
    if not isinstance(ctx, Mapping):
        raise ValueError("context must be an object")
    seat = seat_order_of(ctx)
    raw_hands = vector.get("hands") or {}
    if not isinstance(raw_hands, Mapping) or not set(raw_hands) <= set(seat):
        raise ValueError("hands must map players of seat_order to card lists")
    hands: dict[str, list[Card]] = {
        p: card_list(raw_hands[p], f"hand of {p}", parse_hand) for p in seat if p in raw_hands
    }
    draws = card_list(ctx.get("sudden_demise_draws") or [], "sudden_demise_draws", parse_hand)
    check_card_counts([c for h in hands.values() for c in h] + draws)
    folded_players(ctx, seat, hands, "revealed hand")
    contributions, stock, sabacc_pot = money_of(ctx, seat)
    options = ctx.get("options") or {}
    if not isinstance(options, Mapping):
        raise ValueError("options must be an object")
    penalty = parse_penalty(options.get("bomb_out_penalty", HAND_POT_PENALTY))
    conceded = ctx.get("conceded") or False
    if not isinstance(conceded, bool):
        raise ValueError("conceded must be true or false")
    if conceded:
        if len(hands) != 1:
            raise ValueError("a conceded vector has exactly one hand")
        (winner,) = hands
        hand = concede(seat, winner, contributions, stock, sabacc_pot)
        return settlement_json(settle_conceded(hand))
    if not hands:
        raise ValueError("no revealed hand")
    short = [p for p, h in hands.items() if len(h) < 2]
    if short:
        raise CardError(f"hands need at least 2 cards: {short}")
    caller = ctx.get("caller")
    if caller is not None and (not isinstance(caller, str) or caller not in hands):
        raise ValueError(f"caller {caller!r} has no revealed hand")
    result = settle(
        seat, hands, contributions, stock, sabacc_pot, caller, ListDrawer(draws), penalty
    )
    return settlement_json(result)
