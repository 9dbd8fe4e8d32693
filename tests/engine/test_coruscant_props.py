"""Property tests: random legal Coruscant Shift games from random seeds (STYLE.md pattern 15)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from bot import words
from engine.core.game import Action, Event, ParamKind
from engine.variants.coruscant import CoruscantGame, create, restore
from engine.variants.coruscant.cards import full_deck

FULL = Counter(full_deck())


def random_action(game: CoruscantGame, rng: random.Random) -> tuple[int, Action | None]:
    """A random pending seat and one of its legal actions (None = that player leaves)."""
    seat = rng.choice(sorted(game.pending_seats()))
    if rng.random() < 0.01:
        return seat, None
    spec = rng.choice(game.legal_actions(seat))
    if spec.param is ParamKind.CHOICE:
        k = rng.randint(spec.min_choices, spec.max_choices)
        return seat, Action(spec.kind, choices=tuple(o.value for o in rng.sample(spec.options, k)))
    if spec.param is ParamKind.AMOUNT:
        high = spec.min_amount + rng.choice([0, 1, 3, 10, spec.max_amount])
        return seat, Action(spec.kind, min(spec.max_amount, rng.randint(spec.min_amount, high)))
    return seat, Action(spec.kind)


def step(game: CoruscantGame, seat: int, action: Action | None) -> tuple[tuple[Event, ...], int]:
    if action is None:
        return game.leave(seat)
    return game.apply(seat, action), 0


def check_invariants(game: CoruscantGame, total: int, taken: int) -> None:
    assert sum(game.state.stacks) + game.state.bet.pot_total + taken == total
    assert min(game.state.stacks) >= 0
    if game.finished:
        assert not game.pending_seats()
        assert sum(game.payouts().values()) + taken == total
        return
    assert Counter(game.state.all_cards()) == FULL
    pending = game.pending_seats()
    assert pending
    for seat in pending:
        specs = game.legal_actions(seat)
        assert specs
        assert game.default_action(seat).kind in {s.kind for s in specs}
    view = repr(words.table_text("coruscant-shift", game.public_view()))
    for seat in range(game.state.n):
        for card in game.state.hands[seat]:
            assert card.display not in view


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 6), st.integers(10, 60))
def test_random_playouts(seed: int, n: int, buy_in: int) -> None:
    rng = random.Random(seed)
    game = create([f"p{i}" for i in range(n)], buy_in=buy_in, options={}, seed=seed)
    total, taken = buy_in * n, 0
    check_invariants(game, total, taken)
    for _ in range(5000):
        if game.finished:
            break
        seat, action = random_action(game, rng)
        _, took = step(game, seat, action)
        taken += took
        check_invariants(game, total, taken)
    assert game.finished, "the game must terminate"


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 6), st.integers(0, 60))
def test_json_round_trip_mid_game(seed: int, n: int, cut: int) -> None:
    rng = random.Random(seed)
    game = create([f"p{i}" for i in range(n)], buy_in=40, options={"max_hands": 6}, seed=seed)
    for _ in range(cut):
        if game.finished:
            break
        step(game, *random_action(game, rng))
    copy = restore(game.to_json())
    assert copy.to_json() == game.to_json()
    assert copy.public_view() == game.public_view()
    assert all(copy.view_for(s) == game.view_for(s) for s in range(n))
    assert (copy.turn, copy.seq) == (game.turn, game.seq)
    assert copy.pending_seats() == game.pending_seats()
    state = rng.getstate()
    for _ in range(300):
        if game.finished:
            break
        seat, action = random_action(game, rng)
        assert step(game, seat, action) == step(copy, seat, action)
    assert copy.to_json() == game.to_json()
    rng.setstate(state)


def play(seed: int) -> list[Event]:
    rng = random.Random(seed + 1)
    game = create(["a", "b", "c"], buy_in=30, options={}, seed=seed)
    log: list[Event] = []
    while not game.finished:
        random.seed(rng.random())  # disturbing the global RNG must change nothing
        events, _ = step(game, *random_action(game, rng))
        log.extend(events)
    return log


def test_determinism() -> None:
    first = play(1234)
    random.seed(99)
    random.random()
    assert play(1234) == first
    assert play(1235) != first
