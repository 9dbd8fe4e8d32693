"""``INFO.judge`` for Kessel Sabacc: the three vector kinds of ``kessel.md`` (§0, §6.4, §6.5).

A thin adapter: showdown vectors go through :func:`evaluate` and :func:`settle` (the functions the
reveal uses), rank tables through :func:`rank_table`, and token/turn vectors build a real
:class:`KesselState` and run the game's own token and card-action functions on it.

Scenario decisions (the §6.5 schema leaves them open):

* K-impl-10: missing Stocks default to 6 and Hand Pots to 0; cards not named are dealt from the
  rest of the 44-card deck; a player's ``history`` is this round's card actions, so its turn-``t``
  entry is the action of the current turn. ``play.then`` may be an object, a list of objects or an
  action name; a DRAW without ``keep`` keeps the drawn card.
* Results report the state after the play (unchanged when illegal): ``legal``, ``error``,
  ``spent``, ``players`` (stock, hand_pot, hand, immune, in_stand, tokens_left), ``discard_top``,
  ``draw_top``, ``eliminated_now``, ``in_stand``, ``embargoed`` (+ ``<id>_next_card_action``),
  ``tokens_active``, ``sabacc_order``, ``round_ends``, ``next_phase``, ``next_actor``, ``turn``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.core.deck import Deck
from engine.core.game import Event, IllegalAction
from engine.variants import kessel_flow as flow
from engine.variants.kessel_cards import (
    FAMILIES,
    Card,
    Family,
    check_counts,
    evaluate,
    family_cards,
    impostor_families,
    parse_card,
    parse_hand,
    settle,
)
from engine.variants.kessel_rank import Fix, rank_table, sabacc_order
from engine.variants.kessel_state import DEFAULT_CHIPS, KesselOptions, KesselState, Phase, SeatState
from engine.variants.kessel_tokens import TokenError, choose_prime, play_token

_SOURCES = {
    "sand_draw": (Family.SAND, False),
    "blood_draw": (Family.BLOOD, False),
    "sand_discard": (Family.SAND, True),
    "blood_discard": (Family.BLOOD, True),
}


def judge(vector: Mapping[str, Any]) -> dict[str, Any]:
    """Compute one vector's result (kind recognised by its keys)."""
    if "state_before" in vector or "play" in vector:
        return judge_transition(vector)
    if "hands" in vector:
        return judge_showdown(vector)
    if "order" in vector or "tokens_active" in vector:
        return {"order": rank_table(Fix.from_json(vector.get("tokens_active") or []))}
    raise ValueError("unknown Kessel vector kind (no hands, order or state_before)")


# --- showdown / tax (§0) -------------------------------------------------------------------------


def _choices(hand: tuple[Card, Card], raw: Any) -> dict[Family, int]:
    if raw is None:
        return {}
    if isinstance(raw, Mapping):
        return {Family(str(f).lower()): int(v) for f, v in raw.items()}
    fams = impostor_families(hand)
    values = [int(raw)] if isinstance(raw, int) else [int(v) for v in raw]
    return dict(zip(fams, values, strict=False))


def judge_showdown(vector: Mapping[str, Any]) -> dict[str, Any]:
    """Evaluate every hand and settle the round as the reveal does."""
    hands = {str(p): parse_hand(cards) for p, cards in vector["hands"].items()}
    if len(hands) < 2:
        raise ValueError("a showdown needs at least 2 players")
    check_counts(c for hand in hands.values() for c in hand)
    ctx = vector.get("context") or {}
    fix = Fix.from_json(ctx.get("tokens_active") or [])
    picks = ctx.get("impostor_choices") or {}
    evals = {p: evaluate(h, fix, _choices(h, picks.get(p))) for p, h in hands.items()}
    stock = {str(p): int(v) for p, v in (ctx.get("stock") or {}).items()}
    pots = {str(p): int(v) for p, v in (ctx.get("hand_pot") or {}).items()}
    result = settle(evals, stock, pots)
    left = [p for p in hands if result.stock_after[p] > 0]
    return {
        "winners": sorted(result.winners),
        "eval": {p: e.to_json() for p, e in evals.items()},
        "tax": result.tax,
        "taken": result.taken,
        "stock_after": result.stock_after,
        "eliminated": sorted(result.eliminated),
        "game_over": len(left) <= 1,
        "game_winner": left[0] if len(left) == 1 else None,
    }


# --- token / turn transitions (§6.5) ------------------------------------------------------------


def _action_name(value: Any) -> str:
    text = str(value).lower()
    return "stand" if text.startswith("st") else "draw" if text.startswith("dr") else text


def _cards(value: Any) -> list[Card]:
    """A pile top given as one card or a top-first list."""
    if value is None:
        return []
    items = [value] if isinstance(value, str) else list(value)
    return [parse_card(c) for c in items]


def build_state(vector: Mapping[str, Any]) -> tuple[KesselState, list[str]]:
    """A real game state in the middle of a card turn, as ``state_before`` describes it."""
    sb = vector.get("state_before") or {}
    play = vector.get("play") or {}
    pspec: Mapping[str, Any] = sb.get("players") or {}
    history: Mapping[str, Any] = sb.get("history") or {}
    named = set(map(str, pspec)) | set(map(str, history)) | {str(sb["actor"])}
    order = [str(p) for p in sb.get("order") or sorted(named)]
    rule = vector.get("all_stand_rule") or sb.get("all_stand_rule") or "same_turn"
    opts = KesselOptions(all_stand_rule=str(rule), token_mode="none")
    seed = sum(map(ord, str(vector.get("id", ""))))
    st = KesselState(tuple(order), 1, opts, random.Random(seed), [], phase=Phase.CARD_TURN)
    st.judge_mode = True
    given: dict[str, list[Card]] = {}
    for pid in order:
        spec = pspec.get(pid) or {}
        seat = SeatState(pid, int(spec.get("stock", DEFAULT_CHIPS)), int(spec.get("hand_pot", 0)))
        seat.immune = bool(spec.get("immune", spec.get("immunity", False)))
        seat.history = [_action_name(a) for a in history.get(pid) or [] if a is not None]
        if not seat.history and spec.get("in_stand") is not None:
            seat.history = ["stand" if spec["in_stand"] else "draw"]
        seat.tokens = [str(t) for t in spec.get("tokens") or []]
        if spec.get("hand"):
            given[pid] = list(parse_hand(spec["hand"]))
        st.seats.append(seat)
    tops = {f: _cards((sb.get("draw_top") or {}).get(f.value)) for f in FAMILIES}
    discs = {f: _cards((sb.get("discard_top") or {}).get(f.value)) for f in FAMILIES}
    named_cards = [c for h in given.values() for c in h]
    named_cards += [c for f in FAMILIES for c in tops[f] + discs[f]]
    check_counts(named_cards)
    rest = {f: list((Counter(family_cards(f)) - Counter(named_cards)).elements()) for f in FAMILIES}
    for f in FAMILIES:
        st.rng.shuffle(rest[f])
        if not discs[f]:
            discs[f] = [rest[f].pop()]
    for pid, seat in zip(order, st.seats, strict=True):
        seat.hand = given.get(pid) or [rest[f].pop() for f in FAMILIES]
    for f in FAMILIES:
        st.draw[f] = Deck.stacked(tops[f] + rest[f])
        st.discard[f] = list(reversed(discs[f]))
    st.order = list(range(len(order)))
    st.starter, st.round_no = 0, int(sb.get("round", 1))
    st.cursor, st.t = order.index(str(sb["actor"])), int(sb.get("turn", 1))
    st.fix = Fix.from_json(sb.get("tokens_active") or [])
    played = [str(t) for t in sb.get("tokens_played_this_turn") or []]
    st.token_played = bool(played)
    st.free_draw = "free_draw" in played or bool(sb.get("free_draw"))
    if "immunity" in played:
        st.seats[st.cursor].immune = True
    st.acted = bool(sb.get("card_action_taken"))
    marked = sb.get("embargoed")
    if marked is not None:
        if str(marked) == str(sb["actor"]):
            st.forced = True
        else:
            st.embargoed = order.index(str(marked))
    me = st.seats[st.cursor]
    for token in (str(s["token"]) for s in _steps(play) if "token" in s):
        if token not in me.tokens:
            me.tokens.append(token)
    return st, order


def _steps(play: Mapping[str, Any]) -> list[dict[str, Any]]:
    first = {k: v for k, v in play.items() if k != "then"}
    steps = [first] if first else []
    then = play.get("then")
    items = then if isinstance(then, list) else [] if then is None else [then]
    for item in items:
        if isinstance(item, Mapping):
            steps.append(dict(item))
        else:  # an action name; its parameters sit on the play itself
            extra = {k: v for k, v in first.items() if k in ("source", "keep")}
            steps.append({"action": str(item), **extra})
    if steps and "token" in steps[0] and "action" in steps[0]:  # token and action in one object
        token_step = {k: v for k, v in steps[0].items() if k != "action"}
        steps[0:1] = [token_step, {"action": steps[0]["action"], **steps[0]}]
    return steps


def _run_step(st: KesselState, order: list[str], step: Mapping[str, Any]) -> list[Event]:
    actor = st.current if st.phase is not Phase.REVEAL else -1
    if "token" in step:
        target = step.get("target")
        tseat = None if target is None else _seat(order, target)
        roll = step.get("roll", step.get("dice"))
        dice = None if roll is None else (int(roll[0]), int(roll[1]))
        events = play_token(st, actor, str(step["token"]), tseat, dice)
        if st.phase is Phase.PRIME:
            choice = step.get("choice", step.get("value", step.get("pick")))
            if choice is not None:
                events += choose_prime(st, actor, int(choice))
        return events
    action = _action_name(step.get("action", ""))
    if action == "stand":
        return flow.stand(st, actor)
    if action == "draw":
        source = str(step.get("source", "sand_draw"))
        if source not in _SOURCES:
            raise ValueError(f"unknown source {source!r}")
        events = flow.draw(st, actor, *_SOURCES[source])
        return events + flow.keep(st, actor, str(step.get("keep", "drawn")))
    if action == "keep":
        return flow.keep(st, actor, str(step.get("keep", "drawn")))
    raise ValueError(f"unknown play {dict(step)!r}")


def _seat(order: list[str], pid: Any) -> int:
    if str(pid) not in order:
        raise ValueError(f"unknown player {pid!r}")
    return order.index(str(pid))


def judge_transition(vector: Mapping[str, Any]) -> dict[str, Any]:
    """Apply ``play`` to ``state_before`` with the game's own functions; report the result."""
    st, order = build_state(vector)
    actor = st.current
    held_before = len(st.seats[actor].tokens)
    legal, error = True, None
    try:
        for step in _steps(vector.get("play") or {}):
            _run_step(st, order, step)
    except TokenError as exc:
        legal, error = False, exc.code
    except IllegalAction as exc:
        legal, error = False, str(exc)
    return _report(st, order, legal, error, held_before - len(st.seats[actor].tokens))


def _report(
    st: KesselState, order: list[str], legal: bool, error: str | None, spent: int
) -> dict[str, Any]:
    players = {
        pid: {
            "stock": s.stock,
            "hand_pot": s.hand_pot,
            "hand": [c.notation for c in s.hand],
            "immune": s.immune,
            "in_stand": s.in_stand,
            "tokens_left": len(s.tokens),
        }
        for pid, s in zip(order, st.seats, strict=True)
    }
    out: dict[str, Any] = {"legal": legal}
    if error is not None:
        out["error"] = error
    embargoed = st.embargoed
    if embargoed is None and st.forced and st.phase is Phase.CARD_TURN and not st.acted:
        embargoed = st.current
    out |= {
        "spent": spent > 0,
        "players": players,
        "discard_top": {
            f.value: st.discard[f][-1].notation if st.discard[f] else None for f in FAMILIES
        },
        "draw_top": {
            f.value: st.draw[f].cards[-1].notation if st.draw[f].cards else None for f in FAMILIES
        },
        "eliminated_now": [],
        "in_stand": sorted(pid for pid, s in zip(order, st.seats, strict=True) if s.in_stand),
        "embargoed": None if embargoed is None else order[embargoed],
        "tokens_active": st.fix.to_json(),
        "sabacc_order": [f"{v}/{v}" for v in sabacc_order(st.fix)],
        "round_ends": st.phase is Phase.REVEAL,
        "next_phase": "reveal" if st.phase is Phase.REVEAL else st.phase.value,
        "next_actor": None if st.phase is Phase.REVEAL else order[st.current],
        "turn": st.t,
    }
    if embargoed is not None:
        out[f"{order[embargoed]}_next_card_action"] = "stand (forced)"
    return out
