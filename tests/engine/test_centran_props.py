"""Centran Sabacc property tests: random legal playouts (credits and cards conserved at every
step, a pending seat always has a legal action, no hidden card in public, termination), JSON round
trips mid-game with identical continuation, and determinism.

The family's shared property tests (playouts, JSON round trips, determinism) run this file's
variant from ``test_twopot_props.py``."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st

from engine.core.game import ActionSpec
from engine.variants.centran import CentranGame
from tests.engine import playout
from tests.engine.test_centran_helpers import ALL_CARDS, card_multiset, random_action

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


def fives_tabled_and_hands_hidden(game: Any, seat: int, specs: Sequence[ActionSpec]) -> None:
    """No Wild Five outside the table, no hidden card in public, every live seat holds cards."""
    state = game.state
    assert not any(c.is_five for c in state.array)
    assert not any(c.is_five for h in state.hands + state.stasis for c in h)
    shown = set(re.findall(r"[a-z]+:-?\w+", public_strings(game)))
    hidden = {c.notation for h in state.hands for c in h}
    assert not shown & hidden
    for s in state.live():
        assert state.held(s)


CENTRAN = playout.Variant(
    "centran",
    CentranGame,
    random_action,
    card_multiset,
    ALL_CARDS,
    fives_tabled_and_hands_hidden,
    one_turn_per_action=True,
)


def test_random_seeds_reach_every_event_and_action() -> None:
    options = {"max_hands": 2, "advanced_actions": True, "advanced_array_draw": True}
    seen = playout.explore(CENTRAN, range(40), options)
    assert {"Revealed", "ShiftTurned", "ShiftDone", "FiveTabled", "PenaltyPaid"} <= seen.events
    kinds = seen.kinds
    assert {"gain", "trade", "give", "cancel_trade", "stand", "stasis", "unstasis"} <= kinds
    assert {"end_turn", "draw_to_array"} <= kinds
    assert {"discard_to_array", "array_draw", "bet", "call", "raise", "fold", "check"} <= kinds
