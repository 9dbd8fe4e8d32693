"""The Classic Sabacc judge: one §0 vector in, the engine's ``expected``-shaped result out.

A thin adapter over :func:`engine.variants.classic_settle.settle` (the function the game calls at
every reveal) and :func:`engine.variants.classic_cards.evaluate`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.variants.classic_cards import Card, CardError, check_card_counts, parse_hand
from engine.variants.classic_settle import (
    HAND_POT_PENALTY,
    ListDrawer,
    Penalty,
    Settlement,
    settle,
    settle_conceded,
)


def parse_penalty(value: Any) -> Penalty:
    """``"hand_pot"`` or ``{"fixed": N}`` (N ≥ 0) → the settlement's penalty parameter."""
    if value is None or value == HAND_POT_PENALTY:
        return HAND_POT_PENALTY
    if isinstance(value, Mapping) and isinstance(value.get("fixed"), int) and value["fixed"] >= 0:
        return int(value["fixed"])
    raise ValueError(f"bad bomb_out_penalty {value!r}")


def _int_map(raw: Any, seat: list[str], what: str) -> dict[str, int]:
    data = dict(raw or {})
    unknown = set(data) - set(seat)
    if unknown:
        raise ValueError(f"{what} names players not in seat_order: {sorted(unknown)}")
    out: dict[str, int] = {}
    for p in seat:
        value = data.get(p, 0)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ValueError(f"{what}[{p}] must be a non-negative integer")
        out[p] = value
    return out


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
        "pots": [
            {"amount": pot.amount, "eligible": list(pot.eligible), "winners": list(pot.winners)}
            for pot in result.pots
        ],
        "penalties": dict(result.penalties),
        "sabacc_winners": list(result.sabacc_winners),
        "payouts": dict(result.payouts),
        "sabacc_payouts": dict(result.sabacc_payouts),
        "stock_after": dict(result.stock_after),
        "sabacc_pot_after": result.sabacc_pot_after,
    }


def judge(vector: Mapping[str, Any]) -> dict[str, Any]:
    """Compute one showdown / settlement vector (spec §0); raises on an impossible vector."""
    ctx = vector.get("context") or {}
    seat = [str(p) for p in ctx.get("seat_order") or []]
    if len(seat) < 2 or len(set(seat)) != len(seat):
        raise ValueError("seat_order needs at least two distinct players")
    raw_hands = vector.get("hands") or {}
    if not set(raw_hands) <= set(seat):
        raise ValueError("hands name players not in seat_order")
    hands: dict[str, list[Card]] = {p: parse_hand(raw_hands[p]) for p in seat if p in raw_hands}
    draws = parse_hand(ctx.get("sudden_demise_draws") or [])
    check_card_counts([c for h in hands.values() for c in h] + draws)
    folded = [str(p) for p in ctx.get("folded") or []]
    if set(folded) & set(hands) or not set(folded) <= set(seat):
        raise ValueError("folded players must be seated and have no revealed hand")
    contributions = _int_map(ctx.get("contributions"), seat, "contributions")
    stock = _int_map(ctx.get("stock"), seat, "stock")
    sabacc_pot = ctx.get("sabacc_pot", 0)
    if not isinstance(sabacc_pot, int) or sabacc_pot < 0:
        raise ValueError("sabacc_pot must be a non-negative integer")
    options = ctx.get("options") or {}
    penalty = parse_penalty(options.get("bomb_out_penalty", HAND_POT_PENALTY))
    if ctx.get("conceded"):
        if len(hands) != 1:
            raise ValueError("a conceded vector has exactly one hand")
        (winner,) = hands
        return settlement_json(settle_conceded(seat, winner, contributions, stock, sabacc_pot))
    if not hands:
        raise ValueError("no revealed hand")
    short = [p for p, h in hands.items() if len(h) < 2]
    if short:
        raise CardError(f"hands need at least 2 cards: {short}")
    caller = ctx.get("caller")
    if caller is not None and caller not in hands:
        raise ValueError(f"caller {caller!r} has no revealed hand")
    result = settle(
        seat, hands, contributions, stock, sabacc_pot, caller, ListDrawer(draws), penalty
    )
    return settlement_json(result)
