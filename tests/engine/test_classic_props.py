"""Classic Sabacc property tests: random legal playouts, JSON round trips, determinism."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.game import Event
from engine.variants import get_variant
from engine.variants.classic import ClassicGame
from engine.variants.classic_state import Phase
from tests.engine.test_classic_helpers import ALL_CARDS, card_multiset, random_action, texts

OPTIONS = st.fixed_dictionaries(
    {
        "max_hands": st.sampled_from([1, 2, 4]),
        "max_rounds": st.sampled_from([1, 3, 5, 10]),
        "min_call_round": st.integers(1, 3),
        "call_final_turns": st.sampled_from(["all_others", "rest_of_round"]),
        "bomb_out_penalty": st.sampled_from(["hand_pot", {"fixed": 7}]),
        "stasis_max_cards": st.sampled_from([None, 1]),
    }
)


def check_invariants(game: ClassicGame, total: int) -> None:
    st_ = game.state
    assert game.total_credits() == total
    assert all(s >= 0 for s in st_.stacks) and st_.sabacc_pot >= 0
    if game.finished:
        assert not game.pending_seats()
        return
    assert card_multiset(game) == ALL_CARDS
    (seat,) = game.pending_seats()
    specs = game.legal_actions(seat)
    assert specs and all(re.fullmatch(r"[a-z_]+", s.kind) for s in specs)
    assert game.default_action(seat).kind in {s.kind for s in specs}
    for s in st_.live():
        assert len(st_.full_hand(s)) >= 2


def playout(game: ClassicGame, rng: random.Random, leave_rate: float = 0.0) -> tuple[int, int]:
    """Play random legal actions to the end; returns (credits handed back by leave, steps)."""
    total = game.total_credits()
    returned = steps = 0
    while not game.finished:
        steps += 1
        assert steps < 5000, "the game does not terminate"
        if rng.random() < leave_rate:
            _, credits = game.leave(rng.randrange(len(game.players)))
            returned += credits
        else:
            (seat,) = game.pending_seats()
            game.apply(seat, random_action(game, seat, rng))
        check_invariants(game, total - returned)
    return returned, steps


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    n=st.integers(2, 8),
    buy_in=st.sampled_from([20, 40, 100]),
    options=OPTIONS,
    leave_rate=st.sampled_from([0.0, 0.01]),
)
def test_random_playouts_keep_every_invariant(
    seed: int, n: int, buy_in: int, options: dict[str, Any], leave_rate: float
) -> None:
    game = ClassicGame.create(
        [f"p{i}" for i in range(n)], buy_in=buy_in, options=options, seed=seed
    )
    check_invariants(game, buy_in * n)
    returned, _ = playout(game, random.Random(seed), leave_rate)
    payouts = game.payouts()
    assert set(payouts) == set(range(n)) and all(v >= 0 for v in payouts.values())
    assert sum(payouts.values()) + returned == buy_in * n
    assert game.public_view().finished


def _events_of(game: ClassicGame, rng: random.Random, count: int) -> list[str]:
    out: list[str] = []
    for _ in range(count):
        if game.finished:
            break
        (seat,) = game.pending_seats()
        evs: tuple[Event, ...] = game.apply(seat, random_action(game, seat, rng))
        out += texts(evs)
    return out


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), cut=st.integers(0, 60))
def test_json_round_trip_mid_game_continues_identically(seed: int, cut: int) -> None:
    info = get_variant("classic")
    game = info.create(["a", "b", "c"], buy_in=60, options={"max_hands": 3}, seed=seed)
    assert isinstance(game, ClassicGame)
    _events_of(game, random.Random(seed), cut)
    data = json.loads(json.dumps(game.to_json()))
    copy = info.restore(data)
    assert isinstance(copy, ClassicGame)
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
        game = ClassicGame.create(
            ["a", "b", "c", "d"], buy_in=100, options={"max_hands": 3}, seed=42
        )
        random.seed(random.random())  # disturbing the global RNG changes nothing
        lines = texts(game.opening_events) + _events_of(game, random.Random(7), 2000)
        return lines, game.payouts()

    first, second = run(), run()
    assert first == second and first[1]


def test_random_seeds_reach_every_phase() -> None:
    seen: set[str] = set()
    kinds: set[str] = set()
    for seed in range(40):
        game = ClassicGame.create(["a", "b", "c"], buy_in=100, options={"max_hands": 2}, seed=seed)
        rng = random.Random(seed)
        while not game.finished:
            seen.add(game.state.phase.value)
            (seat,) = game.pending_seats()
            action = random_action(game, seat, rng)
            kinds.add(action.kind)
            for event in game.apply(seat, action):
                seen.add(type(event).__name__)
        seen.add(game.state.phase.value)
    assert {p.value for p in Phase} <= seen
    assert {"HandCalled", "Revealed", "ShiftDone", "PenaltyPaid"} <= seen
    assert {"gain", "change", "stand", "stasis", "unstasis", "call_hand", "end_turn"} <= kinds
