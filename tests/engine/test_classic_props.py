"""Classic Sabacc property tests: random legal playouts, JSON round trips, determinism.

The family's shared property tests (playouts, JSON round trips, determinism) run this file's
variant from ``test_twopot_props.py``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st

from engine.core.game import ActionSpec
from engine.variants.classic import ClassicGame
from engine.variants.classic.state import Phase
from tests.engine import playout
from tests.engine.test_classic_helpers import ALL_CARDS, card_multiset, random_action

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


def live_hands_hold_two(game: Any, seat: int, specs: Sequence[ActionSpec]) -> None:
    st_ = game.state
    for s in st_.live():
        assert len(st_.full_hand(s)) >= 2


CLASSIC = playout.Variant(
    "classic",
    ClassicGame,
    random_action,
    card_multiset,
    ALL_CARDS,
    live_hands_hold_two,
    distinct_options=False,
)


def test_random_seeds_reach_every_phase() -> None:
    seen = playout.explore(CLASSIC, range(40), {"max_hands": 2})
    assert {p.value for p in Phase} <= seen.phases
    assert {"HandCalled", "Revealed", "ShiftDone", "PenaltyPaid"} <= seen.events
    assert {"gain", "change", "stand", "stasis", "unstasis", "call_hand", "end_turn"} <= seen.kinds
