"""The Corellian Spike judge: one §0 vector in, its result object out.

Kinds, recognised by their keys in this order (§0): ``dice`` → a spike-dice vector (§0.2),
``hand_ante`` → an ante vector (§0.3), otherwise ``hands`` → a showdown vector (§0.1: comparison
without a ``seat_order``, settlement with one). It calls the same functions the game does
(:mod:`engine.variants.corellian_spike.settle`, :mod:`engine.variants.corellian_spike.cards`).
Comparison vectors also get ``ranking``; conceded vectors no ``eval``; a spike-dice vector without
``seat_order`` takes its players in id order (SPK-impl-11).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.variants.corellian_spike.cards import (
    Card,
    check_unique,
    evaluate_cards,
    is_shift,
    parse_cards,
)
from engine.variants.corellian_spike.settle import (
    BLIND_DRAW,
    SPLIT,
    ante_up,
    sabacc_shift,
    settle_conceded,
    settle_hand,
)
from engine.variants.twopot.judge import (
    card_list,
    folded_players,
    int_map,
    is_count,
    money_of,
    players,
    pots_json,
    sabacc_pot_of,
    seat_order_of,
)
from engine.variants.twopot.settle import ListDrawer, concede

__all__ = ["judge"]


def _mapping(value: Any, what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ValueError(f"{what} must be an object")
    return value


def _options(ctx: Mapping[str, Any], vector: Mapping[str, Any]) -> tuple[str, bool]:
    """``tie_break`` and ``named_hand_extras`` from ``context.options`` (or a top-level
    ``options``)."""
    raw: dict[str, Any] = {}
    for where in (vector.get("options"), ctx.get("options")):
        if where is not None:
            raw.update(_mapping(where, "options"))
    tie_break = raw.get("tie_break", BLIND_DRAW)
    if tie_break not in (BLIND_DRAW, SPLIT):
        raise ValueError("option tie_break must be blind_draw or split")
    extras = raw.get("named_hand_extras", True)
    if not isinstance(extras, bool):
        raise ValueError("option named_hand_extras must be true or false")
    return tie_break, extras


def _hands(vector: Mapping[str, Any]) -> dict[str, list[Card]]:
    raw = _mapping(vector.get("hands"), "hands")
    return {str(p): card_list(cards, f"hand of {p}", parse_cards) for p, cards in raw.items()}


def _showdown(vector: Mapping[str, Any]) -> dict[str, Any]:
    hands = _hands(vector)
    ctx = _mapping(vector.get("context") or {}, "context")
    tie_break, extras = _options(ctx, vector)
    if "seat_order" not in ctx:
        return _comparison(hands, extras)
    seat = seat_order_of(ctx)
    if not set(hands) <= set(seat):
        raise ValueError("every hand must belong to a seated player")
    folded = folded_players(ctx, seat, hands)
    contributions, stock, sabacc_pot = money_of(ctx, seat)
    draws = card_list(ctx.get("blind_draws", []), "blind_draws", parse_cards)
    check_unique([*(c for h in hands.values() for c in h), *draws])
    if ctx.get("conceded", False):
        if len(hands) != 1:
            raise ValueError("a conceded hand has exactly one player left")
        (winner,) = hands
        result = settle_conceded(concede(seat, winner, contributions, stock, sabacc_pot))
    else:
        if len(hands) < 2 or set(seat) != set(hands) | set(folded):
            raise ValueError("every seated player is either live (with a hand) or folded")
        result = settle_hand(
            seat, hands, contributions, sabacc_pot, ListDrawer(draws),
            tie_break=tie_break, extras=extras,
        )  # fmt: skip
    out: dict[str, Any] = {"winners": sorted(result.winners)}
    if not result.conceded:
        out["eval"] = {p: e.as_dict() for p, e in result.evals.items()}
    out["blind_draws"] = [
        {
            "level": r.level,
            "players": list(r.players),
            "draws": {p: c.notation for p, c in r.draws.items()},
        }
        for r in result.blind_rounds
    ]
    out["pots"] = pots_json(result.pots)
    out["payouts"] = dict(result.payouts)
    out["sabacc_winners"] = list(result.sabacc_winners)
    out["sabacc_payouts"] = dict(result.sabacc_payouts)
    out["stock_after"] = {p: stock[p] + result.payouts[p] + result.sabacc_payouts[p] for p in seat}
    out["sabacc_pot_after"] = result.sabacc_pot_after
    return out


def _comparison(hands: dict[str, list[Card]], extras: bool) -> dict[str, Any]:
    if len(hands) < 2:
        raise ValueError("a comparison needs at least two hands")
    check_unique([c for h in hands.values() for c in h])
    evals = {p: evaluate_cards(h, extras=extras) for p, h in hands.items()}
    keys = sorted({e.rank_key for e in evals.values()})
    ranking = [sorted(p for p, e in evals.items() if e.rank_key == k) for k in keys]
    return {
        "winners": ranking[0],
        "ranking": ranking,
        "eval": {p: e.as_dict() for p, e in evals.items()},
    }


def _dice(vector: Mapping[str, Any]) -> dict[str, Any]:
    dice = vector["dice"]
    if not isinstance(dice, list) or len(dice) != 2:
        raise ValueError("dice must be a list of two dice")
    shift = is_shift(dice[0], dice[1])
    out: dict[str, Any] = {"shift": shift}
    if "hands" not in vector:
        return out
    hands = _hands(vector)
    ctx = _mapping(vector.get("context") or {}, "context")
    seat = seat_order_of(ctx) if "seat_order" in ctx else sorted(hands)
    folded = folded_players(ctx, seat, hands)
    if set(seat) != set(hands) | set(folded):
        raise ValueError("every seated player is either live (with a hand) or folded")
    pile = card_list(ctx.get("draw_pile", []), "draw_pile", parse_cards)
    check_unique([*(c for h in hands.values() for c in h), *pile])
    if not shift:
        out["hands_after"] = {p: [c.notation for c in h] for p, h in hands.items()}
        return out
    live = [p for p in seat if p in hands]
    if len(pile) < sum(len(hands[p]) for p in live):
        raise ValueError("the draw pile does not hold enough cards for the shift")
    discard: list[Card] = []
    new = sabacc_shift(live, hands, discard, lambda: pile.pop(0))
    out["hands_after"] = {p: [c.notation for c in new[p]] for p in live}
    out["discard_top"] = discard[-1].notation
    return out


def _antes(vector: Mapping[str, Any]) -> dict[str, Any]:
    hand_ante, sabacc_ante = vector["hand_ante"], vector.get("sabacc_ante", 0)
    if not (is_count(hand_ante) and hand_ante >= 1 and is_count(sabacc_ante)):
        raise ValueError("hand_ante must be an integer ≥ 1 and sabacc_ante ≥ 0")
    raw = _mapping(vector.get("stock"), "stock")
    ids = sorted(players(list(raw), "stock"))
    stock = int_map(raw, ids, "stock")
    result = ante_up(stock, ids, hand_ante, sabacc_ante, sabacc_pot_of(vector))
    return {
        "dealt_in": sorted(result.dealt_in),
        "out": sorted(result.out),
        "hand_pot": result.hand_pot,
        "sabacc_pot": result.sabacc_pot,
        "stock_after": result.stock_after,
    }


def judge(vector: Mapping[str, Any]) -> dict[str, Any]:
    """One §0 vector's result object (same keys and shapes as its ``expected``)."""
    vector = _mapping(vector, "a vector")
    if "dice" in vector:
        return _dice(vector)
    if "hand_ante" in vector:
        return _antes(vector)
    return _showdown(vector)
