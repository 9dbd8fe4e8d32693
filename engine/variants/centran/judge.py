"""The Centran Sabacc judge: one §0 vector in, the engine's ``expected``-shaped result out.

The vector kind is recognised by its keys (§0): ``hands`` → showdown / settlement (§0.1),
``array_before`` → Shift trigger (§0.2), ``hand_ante`` → antes (§0.3). A thin adapter over
:func:`~engine.variants.centran.settle.settle_hand`, :func:`~engine.variants.centran.settle.
shift_trigger` and :func:`~engine.variants.centran.settle.ante_amounts`, the functions the game
calls. Malformed or impossible vectors raise ``ValueError`` (the CLI reports ``{"error": ...}``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.variants.centran.cards import Card, CardError, check_unique, parse_hand
from engine.variants.centran.settle import (
    ENDS,
    FIXED,
    HAND_POT,
    PenaltyRule,
    Settlement,
    ante_amounts,
    settle_hand,
    settle_uncontested,
    shift_trigger,
)
from engine.variants.twopot.judge import (
    card_list,
    folded_players,
    int_map,
    is_count,
    money_of,
    players,
    pots_json,
)
from engine.variants.twopot.settle import concede


def _cards(raw: Any, what: str) -> list[Card]:
    return card_list(raw, what, parse_hand)


def _no_fives(cards: list[Card], what: str) -> None:
    fives = [c.notation for c in cards if c.is_five]
    if fives:
        raise CardError(f"{what} cannot hold a five (fives go to the table at once): {fives}")


def parse_penalty(raw: Any) -> PenaltyRule:
    """``{"mode": "fixed", "amount": N}`` or ``{"mode": "hand_pot"}``; absent = fixed 10."""
    if raw is None:
        return PenaltyRule()
    if not isinstance(raw, Mapping) or raw.get("mode") not in (FIXED, HAND_POT):
        raise ValueError(f"bad bomb_penalty {raw!r}")
    if raw["mode"] == HAND_POT:
        return PenaltyRule(HAND_POT)
    amount = raw.get("amount", 10)
    if not is_count(amount):
        raise ValueError("bomb_penalty amount must be a non-negative integer")
    return PenaltyRule(FIXED, amount)


def settlement_json(result: Settlement[str]) -> dict[str, Any]:
    """A settlement in the §0.1 ``expected`` shape."""
    out: dict[str, Any] = {"winners": sorted(result.winners)}
    if result.end != "uncontested":
        out["eval"] = {p: e.to_json() for p, e in sorted(result.evals.items())}
    out["pots"] = pots_json(result.pots)
    out["payouts"] = dict(result.payouts)
    out["penalties"] = dict(result.penalties)
    out["sabacc_award"] = dict(result.sabacc_award)
    out["sabacc_pot_after"] = result.sabacc_pot_after
    out["stock_after"] = dict(result.stock_after)
    return out


def _showdown(vector: Mapping[str, Any]) -> dict[str, Any]:
    raw_hands = vector["hands"]
    if not isinstance(raw_hands, Mapping) or not raw_hands:
        raise ValueError("hands must map player ids to card lists")
    hands = {str(p): _cards(c, f"hand of {p}") for p, c in raw_hands.items()}
    ctx = vector.get("context") or {}
    if not isinstance(ctx, Mapping):
        raise ValueError("context must be an object")
    fives = _cards(ctx.get("table_fives", []), "table_fives")
    if not all(c.is_five for c in fives):
        raise CardError("table_fives may hold only the five Wild Fives")
    for p, cards in hands.items():
        if not cards:
            raise CardError(f"hand of {p} is empty (a live player holds at least one card)")
        _no_fives(cards, f"hand of {p}")
    check_unique([c for h in hands.values() for c in h] + fives)
    end = ctx.get("end", "all_checked")
    if end not in ENDS:
        raise ValueError(f"end must be one of {', '.join(ENDS)}")
    if (end == "uncontested") != (len(hands) == 1):
        raise ValueError("exactly one hand if and only if the end is 'uncontested'")
    last = ctx.get("last_five_by") if end == "five_brothers" else None
    if end == "five_brothers" and len(fives) != 5:
        raise ValueError("five_brothers needs all five fives on the table")
    if last is not None and not isinstance(last, str):
        raise ValueError("last_five_by must be a player id or null")
    if "seat_order" not in ctx:
        order = sorted(hands)
        if end == "uncontested":
            return {"winners": order}
        zero = dict.fromkeys(order, 0)
        result = settle_hand(order, hands, len(fives), end, last, zero, zero, 0, PenaltyRule())
        return {"winners": sorted(result.winners), "eval": settlement_json(result)["eval"]}
    seat = players(ctx["seat_order"], "seat_order")
    if not seat or len(set(seat)) != len(seat) or not set(hands) <= set(seat):
        raise ValueError("seat_order must list distinct players, every hand among them")
    if last is not None and last not in seat:
        raise ValueError(f"last_five_by {last!r} is not seated")
    folded_players(ctx, seat, hands)
    contributions, stock, sabacc_pot = money_of(ctx, seat)
    penalty = parse_penalty(ctx.get("bomb_penalty"))
    if end == "uncontested":
        (winner,) = hands
        result = settle_uncontested(concede(seat, winner, contributions, stock, sabacc_pot))
    else:
        result = settle_hand(
            seat, hands, len(fives), end, last, contributions, stock, sabacc_pot, penalty
        )
    return settlement_json(result)


def _shift(vector: Mapping[str, Any]) -> dict[str, Any]:
    before = _cards(vector["array_before"], "array_before")
    if not before:
        raise ValueError("array_before holds at least the start card")
    raw = vector.get("trigger")
    if not isinstance(raw, str):
        raise ValueError("trigger must be a card")
    trigger = Card.parse(raw)
    _no_fives([*before, trigger], "the Array")
    check_unique([*before, trigger])
    shift, count = shift_trigger(before, trigger)
    return {"shift": shift, "discard_count": count}


def _ante(vector: Mapping[str, Any]) -> dict[str, Any]:
    hand_ante = vector["hand_ante"]
    if not is_count(hand_ante) or hand_ante < 2 or hand_ante % 2:
        raise ValueError("hand_ante must be an even integer ≥ 2")
    raw = vector.get("stock")
    if not isinstance(raw, Mapping) or not raw:
        raise ValueError("stock must map player ids to credits")
    stock = int_map(raw, sorted(map(str, raw)), "stock")
    hand: dict[str, int] = {}
    sabacc: dict[str, int] = {}
    for p, credits in stock.items():
        if credits > 0:  # 0 credits at HAND_START: out of the game
            hand[p], sabacc[p] = ante_amounts(hand_ante, credits)
    all_in = sorted(p for p in hand if stock[p] == hand[p] + sabacc[p])
    return {"hand_pot": hand, "sabacc_pot": sabacc, "all_in": all_in}


def judge(vector: Mapping[str, Any]) -> dict[str, Any]:
    """Compute one vector of any §0 kind; raises ``ValueError`` on a malformed one."""
    if not isinstance(vector, Mapping):
        raise ValueError("a vector must be a JSON object")
    if "hands" in vector:
        return _showdown(vector)
    if "array_before" in vector:
        return _shift(vector)
    if "hand_ante" in vector:
        return _ante(vector)
    raise ValueError("unknown vector kind (expected hands, array_before or hand_ante)")
