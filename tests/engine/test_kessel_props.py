"""Property tests: random legal Kessel playouts keep every invariant and terminate."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.game import Action
from engine.variants.kessel import create
from engine.variants.kessel.cards import FULL_DECK
from engine.variants.kessel.events import PlayerLeft, Settled, TokenPlayed
from engine.variants.kessel.state import Phase

TAX_TOKENS = {"general_tariff", "target_tariff", "general_audit", "target_audit"}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    n=st.integers(2, 6),
    mode=st.sampled_from(["select", "random", "none"]),
    rule=st.sampled_from(["same_turn", "consecutive"]),
    chips=st.integers(4, 8),
    policy=st.randoms(use_true_random=False),
)
def test_random_playouts(
    seed: int, n: int, mode: str, rule: str, chips: int, policy: random.Random
) -> None:
    buy_in = 15 * chips
    options = {"token_mode": mode, "all_stand_rule": rule, "starting_chips": chips}
    game = create([f"p{i}" for i in range(n)], buy_in=buy_in, options=options, seed=seed)
    state = game.state
    chips_in_play = sum(s.stock + s.hand_pot for s in state.seats)
    for _ in range(3000):
        if game.finished:
            break
        pending = sorted(game.pending_seats())
        assert pending, state.phase
        seat = policy.choice(pending)
        specs = game.legal_actions(seat)
        assert specs, (seat, state.phase)
        if policy.random() < 0.003:
            events = game.leave(seat)[0]
        else:
            spec = policy.choice(specs)
            k = policy.randint(spec.min_choices, spec.max_choices) if spec.options else 0
            action = Action(
                spec.kind, choices=tuple(o.value for o in policy.sample(spec.options, k))
            )
            game.preview(seat, action)
            events = game.apply(seat, action)
        now = sum(s.stock + s.hand_pot for s in state.seats)
        assert now <= chips_in_play  # chips never appear
        if now < chips_in_play:  # ... and only leave through taxes (or a forfeit)
            assert any(
                isinstance(e, Settled | PlayerLeft)
                or (isinstance(e, TokenPlayed) and e.token in TAX_TOKENS)
                for e in events
            )
        chips_in_play = now
        assert all(s.stock >= 0 and s.hand_pot >= 0 for s in state.seats)
        if state.phase is not Phase.SELECT and state.draw:
            assert Counter(state.all_cards()) == Counter(FULL_DECK)
    assert game.finished
    assert sum(game.payouts().values()) == buy_in * n
