"""The Coruscant Shift judge (``python -m engine.judge coruscant-shift FILE``): §0 test vectors
(a showdown with its pots, or an ante schedule) answered from the pure rules.

Pure API (usable by anyone)::

    evaluate(cards, target, suit) -> {"total", "distance", "suit_count", "rank_key"}
    distribute_pot(contributions, folded, seat_order, starting_player, rank_keys) -> Settlement
    ante_schedule(base_ante, players_in_game_per_hand) -> [ante, ...]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.pots import Settlement, distribute, rotate_to
from engine.variants.coruscant.cards import Card, ante_schedule, check_unique, evaluate


def distribute_pot(
    contributions: Mapping[str, int],
    folded: Sequence[str],
    seat_order: Sequence[str],
    starting_player: str,
    rank_keys: Mapping[str, Any],
) -> Settlement[str]:
    """Main and side pots of a showdown, paid by ``rank_keys`` (lower is better, §4.4/§5.3).

    The live players are those with a rank key who did not fold; ``seat_order`` is rotated to
    begin with ``starting_player`` (the odd-credit order).
    """
    order = rotate_to(seat_order, starting_player)
    out = set(folded)
    live = [p for p in order if p not in out and p in rank_keys]
    return distribute(contributions, live, order, rank_keys, showdown=True)


def _whole(value: Any, what: str, *, minimum: int | None = None) -> int:
    """A JSON whole number (``5`` or ``5.0``; never a bool or a string)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{what} must be a whole number, not {value!r}")
    if isinstance(value, float) and not value.is_integer():
        raise ValueError(f"{what} must be a whole number, not {value!r}")
    number = int(value)
    if minimum is not None and number < minimum:
        raise ValueError(f"{what} must be at least {minimum}, not {number}")
    return number


def _mapping(value: Any, what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ValueError(f"{what} must be an object, not {value!r}")
    return value


def _id_list(value: Any, what: str) -> list[str]:
    """A JSON list of player ids (strings; numbers are taken as their text), no duplicates."""
    if value is None:
        return []
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise ValueError(f"{what} must be a list of player ids, not {value!r}")
    ids = [str(p) for p in value]
    if len(set(ids)) != len(ids):
        raise ValueError(f"{what} lists a player twice: {ids!r}")
    return ids


def _option(vector: Mapping[str, Any], name: str, default: bool) -> bool:
    """An optional table option of a vector: top level, ``context`` or ``options`` object."""
    for where in (vector, vector.get("context"), vector.get("options")):
        if isinstance(where, Mapping) and where.get(name) is not None:
            value = where[name]
            if not isinstance(value, bool):
                raise ValueError(f"option {name} must be true or false, not {value!r}")
            return value
    return default


def _judge_showdown(vector: Mapping[str, Any]) -> dict[str, Any]:
    hands = _mapping(vector.get("hands"), "hands")
    ctx = _mapping(vector.get("context"), "context")
    if len(hands) < 2:
        raise ValueError("a showdown needs at least two hands")
    wild = _option(vector, "sylop_counts_as_target_suit", True)
    if "target" not in ctx or "suit" not in ctx:
        raise ValueError("the context needs a target and a suit")
    target = _whole(ctx["target"], "target")
    suit = ctx["suit"]
    if not isinstance(suit, str):
        raise ValueError(f"suit must be circle, triangle or square, not {suit!r}")
    evals = {str(p): evaluate(cards, target, suit, sylop_wild=wild) for p, cards in hands.items()}
    check_unique(Card.parse(c) for cards in hands.values() for c in cards)
    keys = {p: tuple(e["rank_key"]) for p, e in evals.items()}
    best = min(keys.values())
    result: dict[str, Any] = {
        "winners": sorted(p for p, k in keys.items() if k == best),
        "eval": evals,
    }
    if ctx.get("contributions") is None:
        return result
    raw = _mapping(ctx["contributions"], "contributions")
    contributions = {str(p): _whole(c, f"contribution of {p}", minimum=0) for p, c in raw.items()}
    folded = _id_list(ctx.get("folded"), "folded")
    if set(folded) & set(evals):
        raise ValueError("a folded player cannot show a hand")
    for p in evals:  # a live player missing from contributions put in nothing
        contributions.setdefault(p, 0)
    seats = _id_list(ctx.get("seat_order"), "seat_order")
    missing_live = [p for p in evals if seats and p not in seats]
    if missing_live:
        raise ValueError(f"players missing from the seat order: {missing_live!r}")
    everyone = [*seats, *sorted({*contributions, *folded} - set(seats))]
    start = ctx.get("starting_player")
    start = everyone[0] if start is None else str(start)
    if start not in everyone:
        raise ValueError(f"the starting player {start!r} is not seated")
    # contributors without a hand folded (§0: hands are every NON-folded player)
    settlement = distribute_pot(contributions, folded, everyone, start, keys)
    result["pots"] = [
        {"amount": p.amount, "eligible": sorted(p.eligible), "winners": list(p.winners)}
        for p in settlement.pots
    ]
    result["payouts"] = {p: settlement.payouts.get(p, 0) for p in sorted(everyone)}
    return result


def _judge_antes(vector: Mapping[str, Any]) -> dict[str, Any]:
    base = _whole(vector["base_ante"], "base_ante", minimum=0)
    raw = vector.get("players_in_game_per_hand")
    if isinstance(raw, str) or not isinstance(raw, Sequence):
        raise ValueError(f"players_in_game_per_hand must be a list, not {raw!r}")
    counts = [_whole(n, "players in game") for n in raw]
    if any(not 2 <= n <= 6 for n in counts):
        raise ValueError("a game has 2 to 6 players in it")
    escalation = _option(vector, "ante_escalation", True)
    return {"expected_antes": ante_schedule(base, counts, escalation=escalation)}


def judge(vector: Mapping[str, Any]) -> dict[str, Any]:
    """One §0 vector: a showdown / pot vector, or an ante schedule (``base_ante`` key).

    Optional table options a vector may carry (top level, in ``context`` or in ``options``):
    ``sylop_counts_as_target_suit`` and ``ante_escalation`` (both default true).
    """
    vector = _mapping(vector, "a vector")
    if "base_ante" in vector:
        return _judge_antes(vector)
    return _judge_showdown(vector)
