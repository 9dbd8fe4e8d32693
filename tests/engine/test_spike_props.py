"""Corellian Spike property tests: random legal playouts (credits and cards conserved, always a
legal action, termination), JSON round trips, determinism, and the engine's docstring examples.

The family's shared property tests (playouts, JSON round trips, determinism) run this file's
variant from ``test_twopot_props.py``."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import random
from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st

import engine.variants.corellian_spike as spike
from engine.core.game import Action, ActionSpec
from engine.variants.corellian_spike import SpikeGame
from engine.variants.corellian_spike.cards import MAX_HAND, MIN_HAND, full_deck
from engine.variants.corellian_spike.state import Phase
from tests.engine import playout

ALL_CARDS = sorted(c.notation for c in full_deck())

OPTIONS = st.fixed_dictionaries(
    {
        "max_hands": st.sampled_from([1, 2, 4]),
        "rounds": st.integers(1, 5),
        "gain_mode": st.sampled_from(["discard_first", "draw_then_choose"]),
        "tie_break": st.sampled_from(["blind_draw", "split"]),
        "named_hand_extras": st.booleans(),
        "dice_before_betting": st.booleans(),
        "gain_fee": st.sampled_from([0, 0, 1]),
        "swap_fee": st.sampled_from([0, 2]),
        "sabacc_ante": st.sampled_from([0, 1, 3]),
        "hand_ante": st.sampled_from([1, 2, 4]),
        "min_bet": st.sampled_from([1, 2]),
        "max_raises_per_phase": st.sampled_from([None, 1]),
    }
)


def card_multiset(game: SpikeGame) -> list[str]:
    """Every card the state holds (draw pile, discard pile, hands), sorted."""
    return sorted(c.notation for c in game.state.all_cards())


def random_action(game: SpikeGame, seat: int, rng: random.Random) -> Action:
    """A random legal action (fold, junk and all-in rarer, so hands reach the reveal)."""
    specs = [s for s in game.legal_actions(seat) if s.kind != "junk" or rng.random() < 0.1]
    if not specs:
        return Action("junk")
    return playout.weighted_random_action(_Only(game, specs), seat, rng, calm=0.85, wide=0.2)


class _Only:
    """A game whose legal actions are ``specs`` (to thin out junks)."""

    def __init__(self, game: SpikeGame, specs: list[ActionSpec]) -> None:
        self.game, self.specs = game, tuple(specs)

    def legal_actions(self, seat: int) -> tuple[ActionSpec, ...]:
        return self.specs


def live_hands_hold_two_to_five(game: Any, seat: int, specs: Sequence[ActionSpec]) -> None:
    st_ = game.state
    for s in st_.live():
        size = len(st_.hands[s])
        limit = MAX_HAND + 1 if st_.phase is Phase.CHOOSE and s == seat else MAX_HAND
        assert MIN_HAND <= size <= limit
    assert st_.discard, "the discard pile never becomes empty"


SPIKE = playout.Variant(
    "corellian-spike",
    SpikeGame,
    random_action,
    card_multiset,
    ALL_CARDS,
    live_hands_hold_two_to_five,
)


def test_random_seeds_reach_every_phase_and_event() -> None:
    seen = playout.explore(SPIKE, range(40), {"max_hands": 2, "gain_mode": "draw_then_choose"})
    assert {p.value for p in Phase} <= seen.phases
    assert {"Revealed", "ShiftDone", "Junked", "SabaccPotResult", "HandDecided"} <= seen.events
    assert {"gain", "keep", "discard", "swap", "stand", "junk"} <= seen.kinds
    seen = playout.explore(SPIKE, range(20), {"max_hands": 2})
    assert {"gain", "gain_discard", "swap", "stand"} <= seen.kinds


def test_docstring_examples_hold() -> None:
    for info in pkgutil.iter_modules(spike.__path__, "engine.variants.corellian_spike."):
        result = doctest.testmod(importlib.import_module(info.name))
        assert result.failed == 0, info.name
    assert doctest.testmod(spike).failed == 0
