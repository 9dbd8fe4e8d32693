"""``INFO.judge`` for Kessel Sabacc: the three vector kinds of ``kessel.md`` (§0, §6.4, §6.5).

A thin adapter: showdown vectors go through :func:`evaluate` and :func:`settle` (the functions the
reveal uses), rank tables through :func:`rank_table`, and token/turn vectors build a real
:class:`KesselState` and run the game's own token and card-action functions on it.

Scenario decisions (the §6.5 schema leaves them open):

* K-impl-10: missing Stocks default to 6 and Hand Pots to 0; cards not named are dealt from the
  rest of the 44-card deck; a player's ``history`` is this round's card actions, so its turn-``t``
  entry is the action of the current turn. A history shorter than the card turns already taken
  this round (``turn`` for players before the actor in ``order``, ``turn - 1`` from the actor on)
  holds the most recent actions; the missing earlier ones count as neither draw nor stand.
  ``play.then`` may be an object, a list of objects or an action name; a DRAW without ``keep``
  keeps the drawn card, a lone ``{"keep": ...}`` step completes the DRAW before it. Every step is
  the actor's (a token after the card action is ``token_window_closed``) unless it names another
  ``actor``. A target given to a token that chooses none (Embargo, Immunity, Fix, Stock and
  general Tax tokens) is ignored; a Prime Sabacc ``choice`` without ``roll`` is a double of it.
* K-impl-13 (§6.5): a state that names a single player is completed with one placeholder
  opponent (id ``opponent``, or ``opponent2``… if a player is called so) seated after it, who has
  not acted this round, holds no Shift Token, Stock 4 and Hand Pot 0; it appears in the results
  like any player, and no expectation depends on it.
* Showdowns have 2..6 players, Stocks and Hand Pots are integers >= 0 and one physical copy
  (``sand:4#2``) cannot be in two hands; otherwise the vector gets ``{"error": ...}``.
* Results report the state after the play (an illegal step changes nothing; steps before it
  keep their effect, as tokens resolve at once): ``legal``, ``error``,
  ``spent``, ``players`` (stock, hand_pot, hand, immune, in_stand, tokens_left), ``discard_top``,
  ``draw_top``, ``eliminated_now``, ``in_stand``, ``embargoed`` (+ ``<id>_next_card_action``),
  ``tokens_active``, ``sabacc_order``, ``round_ends``, ``next_phase``, ``next_actor``, ``turn``;
  once the round ends (``next_phase`` ``reveal``) nobody is ``embargoed`` any more (K-7).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from engine.core.deck import Deck
from engine.core.game import Event, IllegalAction
from engine.variants.kessel import flow
from engine.variants.kessel.cards import (
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
from engine.variants.kessel.rank import Fix, rank_table, sabacc_order
from engine.variants.kessel.state import DEFAULT_CHIPS, KesselOptions, KesselState, Phase, SeatState
from engine.variants.kessel.tokens import TOKENS, TokenError, choose_prime, play_token

PLACEHOLDER = "opponent"
"""Id of the opponent that completes a §6.5 state naming a single player (K-impl-13)."""
PLACEHOLDER_STOCK = 4
"""The placeholder's Stock (§6.5); its Hand Pot is 0 and it holds no Shift Token."""

_UNKNOWN = "unknown"
"""History entry of a card turn the vector does not describe (neither draw nor stand)."""

_SOURCES = {
    "sand_draw": (Family.SAND, False),
    "blood_draw": (Family.BLOOD, False),
    "sand_discard": (Family.SAND, True),
    "blood_discard": (Family.BLOOD, True),
}


def judge(vector: Mapping[str, Any]) -> dict[str, Any]:
    """Compute one vector's result (kind recognised by its keys)."""
    if not isinstance(vector, Mapping):
        raise ValueError(f"a vector is a JSON object, got {type(vector).__name__}")
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
        return {Family(str(f).lower().partition(":")[0]): int(v) for f, v in raw.items()}
    fams = impostor_families(hand)
    values = [int(raw)] if isinstance(raw, int) else [int(v) for v in raw]
    return dict(zip(fams, values, strict=False))


def _chips(raw: Any, what: str) -> dict[str, int]:
    """A ``{player: chips}`` map; chip counts are integers >= 0."""
    out: dict[str, int] = {}
    for p, v in (raw or {}).items():
        n = _count(v)
        if n is None:
            raise ValueError(f"{what} of {p} must be a whole number of chips >= 0, got {v!r}")
        out[str(p)] = n
    return out


def _count(value: Any) -> int | None:
    """``value`` as a chip count (an integer >= 0), else ``None``."""
    if isinstance(value, bool):
        return None
    if isinstance(value, float) and not value.is_integer():
        return None
    try:
        n = int(value)
    except (TypeError, ValueError):
        return None
    return n if n >= 0 else None


def check_copies(cards: Iterable[str]) -> None:
    """The same physical copy (``sand:4#2``) cannot be in two places at once (§1.2)."""
    seen: set[tuple[str, str]] = set()
    for text in cards:
        name, sep, copy = str(text).strip().lower().replace("imposter", "impostor").partition("#")
        if not sep:
            continue
        if (name, copy) in seen:
            raise ValueError(f"the card {text!r} appears twice")
        seen.add((name, copy))


def judge_showdown(vector: Mapping[str, Any]) -> dict[str, Any]:
    """Evaluate every hand and settle the round as the reveal does."""
    raw_hands: Mapping[str, Any] = vector["hands"]
    hands = {str(p): parse_hand(cards) for p, cards in raw_hands.items()}
    if not 2 <= len(hands) <= 6:
        raise ValueError(f"a showdown has 2 to 6 players (§2.1), got {len(hands)}")
    check_counts(c for hand in hands.values() for c in hand)
    check_copies(c for cards in raw_hands.values() for c in cards)
    ctx = vector.get("context") or {}
    fix = Fix.from_json(ctx.get("tokens_active", vector.get("tokens_active")) or [])
    picks = ctx.get("impostor_choices") or {}
    evals = {p: evaluate(h, fix, _choices(h, picks.get(p))) for p, h in hands.items()}
    stock = _chips(ctx.get("stock"), "stock")
    pots = _chips(ctx.get("hand_pot"), "hand_pot")
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
    if isinstance(play, str):
        play = {"token": play} if play in TOKENS else {"action": play}
    pspec: Mapping[str, Any] = sb.get("players") or {}
    history: Mapping[str, Any] = sb.get("history") or {}
    named = set(map(str, pspec)) | set(map(str, history)) | {str(sb["actor"])}
    order = [str(p) for p in sb.get("order") or sorted(named)]
    placeholder = _placeholder(order) if len(order) == 1 else None
    if placeholder is not None:  # K-impl-13: a state naming one player gets an opponent
        order.append(placeholder)
    if len(set(order)) != len(order) or not 2 <= len(order) <= 6:
        raise ValueError(f"2 to 6 distinct players, got {order}")
    rule = vector.get("all_stand_rule") or sb.get("all_stand_rule") or "same_turn"
    opts = KesselOptions(all_stand_rule=str(rule), token_mode="none")
    seed = sum(map(ord, str(vector.get("id", ""))))
    st = KesselState(tuple(order), 1, opts, random.Random(seed), [], phase=Phase.CARD_TURN)
    st.judge_mode = True
    given: dict[str, list[Card]] = {}
    actor_pid = str(sb["actor"])
    if actor_pid not in order:
        raise ValueError(f"the actor {actor_pid!r} is not in the order {order}")
    turn = int(sb.get("turn", 1))
    if not 1 <= turn <= 3:
        raise ValueError(f"a round has turns 1..3, got {turn}")
    for i, pid in enumerate(order):
        spec = pspec.get(pid) or ({"stock": PLACEHOLDER_STOCK} if pid == placeholder else {})
        chips = {k: _count(spec.get(k, d)) for k, d in (("stock", DEFAULT_CHIPS), ("hand_pot", 0))}
        if chips["stock"] is None or chips["hand_pot"] is None:
            raise ValueError(f"{pid}: stock and hand_pot are whole numbers of chips >= 0")
        seat = SeatState(pid, chips["stock"], chips["hand_pot"])
        seat.immune = bool(spec.get("immune", spec.get("immunity", False)))
        seat.history = [_action_name(a) for a in history.get(pid) or [] if a is not None]
        if not seat.history and spec.get("in_stand") is not None:
            seat.history = ["stand" if spec["in_stand"] else "draw"]
        # Turn t's action is history[t - 1]: a history given shorter than the card turns already
        # taken this round holds the most recent actions; earlier ones are unknown (neither).
        taken = turn if i < order.index(actor_pid) else turn - 1
        if pid != placeholder:  # the placeholder has not acted this round
            seat.history[:0] = [_UNKNOWN] * (taken - len(seat.history))
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
    me = st.seats[st.cursor]
    if st.acted and len(me.history) < st.t:  # the action taken is this turn's (K-6)
        me.history.append(_action_name(sb["card_action_taken"]))
    marked = sb.get("embargoed")
    if marked is None:
        marked = next((p for p in order if (pspec.get(p) or {}).get("embargoed")), None)
    if marked is not None:
        if str(marked) == str(sb["actor"]):
            st.forced = True
        else:
            st.embargoed = order.index(str(marked))
    for step in _steps(play):  # the player of each token holds it (K-impl-10)
        if "token" in step:
            holder = st.seats[_seat(order, step.get("actor") or sb["actor"])]
            if str(step["token"]) not in holder.tokens:
                holder.tokens.append(str(step["token"]))
    return st, order


def _placeholder(order: list[str]) -> str:
    """An id for the placeholder opponent that no named player uses."""
    name, n = PLACEHOLDER, 1
    while name in order:
        n += 1
        name = f"{PLACEHOLDER}{n}"
    return name


def _steps(play: Any) -> list[dict[str, Any]]:
    if isinstance(play, str):  # a bare token id or action name
        play = {"token": play} if play in TOKENS else {"action": play}
    if not isinstance(play, Mapping):
        raise ValueError(f"play must be an object, got {play!r}")
    first = {k: v for k, v in play.items() if k != "then"}
    steps = [first] if first else []
    then = play.get("then")
    items = then if isinstance(then, list) else [] if then is None else [then]
    for item in items:
        if isinstance(item, Mapping):
            steps.append(dict(item))
        else:  # an action name; its parameters sit on the play itself
            extra = {k: v for k, v in first.items() if k in ("source", "keep")}
            name = str(item)
            steps.append({"token": name} if name in TOKENS else {"action": name, **extra})
    if steps and "token" in steps[0] and "action" in steps[0]:  # token and action in one object
        action_keys = ("action", "source", "keep")
        token_step = {k: v for k, v in steps[0].items() if k not in action_keys}
        action_step = {k: v for k, v in steps[0].items() if k in (*action_keys, "actor")}
        steps[0:1] = [token_step, action_step]
    merged: list[dict[str, Any]] = []
    for step in steps:  # a lone {"keep": ...} completes the DRAW before it
        lone_keep = "keep" in step and "action" not in step and "token" not in step
        if lone_keep and merged and _action_name(merged[-1].get("action", "")) == "draw":
            merged[-1]["keep"] = step["keep"]
        elif lone_keep:
            merged.append({**step, "action": "keep"})
        else:
            merged.append(step)
    return merged


def _dice(step: Mapping[str, Any]) -> tuple[tuple[int, int] | None, int | None]:
    """The Prime Sabacc roll and choice of a step; a choice alone stands for a double."""
    roll = step.get("roll", step.get("dice"))
    raw_choice = step.get("choice", step.get("value", step.get("pick")))
    choice = None if raw_choice is None else int(raw_choice)
    if roll is None:
        return (None if choice is None else (choice, choice)), choice
    if isinstance(roll, str | bytes) or not isinstance(roll, list | tuple) or len(roll) != 2:
        raise ValueError(f"a roll is two dice, got {roll!r}")
    dice = (int(roll[0]), int(roll[1]))
    if not all(1 <= d <= 6 for d in dice):
        raise ValueError(f"dice show 1..6, got {list(roll)}")
    return dice, choice


def _run_step(
    st: KesselState, order: list[str], step: Mapping[str, Any], actor: int
) -> list[Event]:
    if step.get("actor") is not None:
        actor = _seat(order, step["actor"])
    if "token" in step:
        token = str(step["token"])
        target = step.get("target")
        info = TOKENS.get(token)
        if info is not None and not info.targeted:
            target = None  # Self, global, all-others and "next player" tokens choose nobody
        tseat = None if target is None else _seat(order, target)
        dice, choice = _dice(step) if token == "prime_sabacc" else (None, None)
        if dice is not None and choice is not None and choice not in dice:
            raise IllegalAction(f"Pick one of the two dice ({list(dice)}), not {choice}.")
        events = play_token(st, actor, token, tseat, dice)
        if st.phase is Phase.PRIME and choice is not None:
            events += choose_prime(st, actor, choice)
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
    steps = _steps(vector.get("play") or {})
    try:
        for step in steps:  # every step is the actor's unless it names another ("actor")
            _run_step(st, order, step, actor)
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
    if st.phase is Phase.REVEAL:  # the round is over: nobody has a card turn left to lose (K-7)
        embargoed = None
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
