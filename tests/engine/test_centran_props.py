"""Centran Sabacc property tests: random legal playouts (credits and cards conserved at every
step, a pending seat always has a legal action, no hidden card in public, termination), JSON round
trips mid-game with identical continuation, and determinism."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.game import Event
from engine.variants import get_variant
from engine.variants.centran import CentranGame
from tests.engine.test_centran_helpers import ALL_CARDS, card_multiset, random_action, texts

OPTIONS = st.fixed_dictionaries(
    {
        "max_hands": st.sampled_from([1, 2, 4]),
        "bomb_penalty_mode": st.sampled_from(["fixed", "hand_pot"]),
        "shift_mode": st.sampled_from(["array", "array", "random"]),
        "advanced_actions": st.booleans(),
        "max_raises_per_phase": st.sampled_from([None, 2]),
    }
)


def public_strings(game: CentranGame) -> str:
    view = game.public_view()
    parts = [view.phase, view.highlight, *(v for _, v in view.info)]
    parts += [f"{s.status} {s.public}" for s in view.seats]
    return "\n".join(parts)


def check_invariants(game: CentranGame, total: int) -> None:
    state = game.state
    assert game.total_credits() == total
    assert all(s >= 0 for s in state.stacks) and state.sabacc_pot >= 0
    if game.finished:
        assert not game.pending_seats()
        return
    assert card_multiset(game) == ALL_CARDS
    assert not any(c.is_five for c in state.array)
    assert not any(c.is_five for h in state.hands + state.stasis for c in h)
    (seat,) = game.pending_seats()
    specs = game.legal_actions(seat)
    assert specs and all(re.fullmatch(r"[a-z_]+", s.kind) for s in specs)
    for spec in specs:
        values = [o.value for o in spec.options]
        assert len(values) == len(set(values))
    assert game.default_action(seat).kind in {s.kind for s in specs}
    shown = set(re.findall(r"[a-z]+:-?\w+", public_strings(game)))
    hidden = {c.notation for h in state.hands for c in h}
    assert not shown & hidden
    for s in state.live():
        assert state.held(s)


def playout(game: CentranGame, rng: random.Random, leave_rate: float = 0.0) -> int:
    """Play random legal actions to the end; returns the credits handed back by ``leave``."""
    total = game.total_credits()
    returned = steps = 0
    while not game.finished:
        steps += 1
        assert steps < 5000, "the game does not terminate"
        turn = game.turn
        if rng.random() < leave_rate:
            _, credits = game.leave(rng.randrange(len(game.players)))
            returned += credits
        else:
            (seat,) = game.pending_seats()
            game.apply(seat, random_action(game, seat, rng))
            assert game.turn == turn + 1
        check_invariants(game, total - returned)
    return returned


@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    n=st.integers(2, 8),
    buy_in=st.sampled_from([30, 60, 500]),
    options=OPTIONS,
    leave_rate=st.sampled_from([0.0, 0.01]),
)
def test_random_playouts_keep_every_invariant(
    seed: int, n: int, buy_in: int, options: dict[str, Any], leave_rate: float
) -> None:
    game = CentranGame.create(
        [f"p{i}" for i in range(n)], buy_in=buy_in, options=options, seed=seed
    )
    check_invariants(game, buy_in * n)
    returned = playout(game, random.Random(seed), leave_rate)
    payouts = game.payouts()
    assert set(payouts) == set(range(n)) and all(v >= 0 for v in payouts.values())
    assert sum(payouts.values()) + returned == buy_in * n
    assert game.public_view().finished


def _events_of(game: CentranGame, rng: random.Random, count: int) -> list[str]:
    out: list[str] = []
    for _ in range(count):
        if game.finished:
            break
        (seat,) = game.pending_seats()
        evs: tuple[Event, ...] = game.apply(seat, random_action(game, seat, rng))
        out += texts(evs)
    return out


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), cut=st.integers(0, 60))
def test_json_round_trip_mid_game_continues_identically(seed: int, cut: int) -> None:
    info = get_variant("centran")
    game = info.create(["a", "b", "c"], buy_in=100, options={"max_hands": 3}, seed=seed)
    assert isinstance(game, CentranGame)
    _events_of(game, random.Random(seed), cut)
    data = json.loads(json.dumps(game.to_json()))
    copy = info.restore(data)
    assert isinstance(copy, CentranGame)
    assert copy.to_json() == game.to_json()
    assert copy.public_view() == game.public_view() and copy.turn == game.turn
    for seat in range(3):
        assert copy.view_for(seat) == game.view_for(seat)
        assert copy.legal_actions(seat) == game.legal_actions(seat)
    rng_seed = seed ^ 0x5A5A
    assert _events_of(game, random.Random(rng_seed), 400) == _events_of(
        copy, random.Random(rng_seed), 400
    )
    assert copy.to_json() == game.to_json()


def test_determinism_despite_global_random() -> None:
    def run() -> tuple[list[str], dict[int, int]]:
        game = CentranGame.create(
            ["a", "b", "c", "d"], buy_in=500, options={"max_hands": 3}, seed=42
        )
        random.seed(random.random())  # disturbing the global RNG changes nothing
        lines = texts(game.opening_events) + _events_of(game, random.Random(7), 2000)
        return lines, game.payouts()

    first, second = run(), run()
    assert first == second and first[1]


def test_random_seeds_reach_every_event_and_action() -> None:
    events: set[str] = set()
    kinds: set[str] = set()
    for seed in range(40):
        game = CentranGame.create(
            ["a", "b", "c"],
            buy_in=100,
            options={"max_hands": 2, "advanced_actions": True, "advanced_array_draw": True},
            seed=seed,
        )
        rng = random.Random(seed)
        while not game.finished:
            (seat,) = game.pending_seats()
            action = random_action(game, seat, rng)
            kinds.add(action.kind)
            events |= {type(e).__name__ for e in game.apply(seat, action)}
    assert {"Revealed", "ShiftTurned", "ShiftDone", "FiveTabled", "PenaltyPaid"} <= events
    assert {"gain", "trade", "give", "cancel_trade", "stand", "stasis", "unstasis"} <= kinds
    assert {"end_turn", "draw_to_array"} <= kinds
    assert {"discard_to_array", "array_draw", "bet", "call", "raise", "fold", "check"} <= kinds
