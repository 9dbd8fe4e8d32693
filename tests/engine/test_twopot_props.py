"""The two-pot family's property tests, written once and run for Centran, Classic, the Sabacc
Project and Corellian Spike: random legal playouts (credits and cards conserved at every step,
a pending seat always has a legal action, the variant's own invariants, termination), JSON round
trips mid-game with an identical continuation, and determinism despite the global random
generator. Each variant's :class:`~tests.engine.playout.Variant`, its house-rule strategy and
its own property tests are in ``test_<variant>_props.py``."""

from __future__ import annotations

import pytest

from tests.engine import playout
from tests.engine import test_centran_props as centran
from tests.engine import test_classic_props as classic
from tests.engine import test_project_props as project
from tests.engine import test_spike_props as spike

FAMILY = [
    pytest.param(centran.CENTRAN, id="centran"),
    pytest.param(classic.CLASSIC, id="classic"),
    pytest.param(project.PROJECT, id="project"),
    pytest.param(spike.SPIKE, id="corellian-spike"),
]
# How much each variant plays: (hypothesis examples, buy-ins, house rules), ...
PLAYOUTS = {
    "centran": (80, [30, 60, 500], centran.OPTIONS),
    "classic": (150, [20, 40, 100], classic.OPTIONS),
    "project": (120, [10, 30, 100], project.OPTIONS),
    "corellian-spike": (120, [10, 20, 60], spike.OPTIONS),
}
ROUND_TRIPS = {  # (examples, buy-in, house rules, cut after at most, continue for)
    "centran": (20, 100, {"max_hands": 3}, 60, 400),
    "classic": (25, 60, {"max_hands": 3}, 60, 400),
    "project": (25, 60, {"max_hands": 3, "shift_probability": 0.5}, 80, 500),
    "corellian-spike": (25, 60, {"max_hands": 3}, 60, 300),
}
DETERMINISM = {  # (buy-in, steps)
    "centran": (500, 2000),
    "classic": (100, 2000),
    "project": (100, 3000),
    "corellian-spike": (100, 2000),
}


@pytest.mark.parametrize("variant", FAMILY)
def test_random_playouts_keep_every_invariant(variant: playout.Variant) -> None:
    examples, buy_ins, options = PLAYOUTS[variant.name]
    playout.random_playouts_test(variant, max_examples=examples, buy_ins=buy_ins, options=options)()


@pytest.mark.parametrize("variant", FAMILY)
def test_json_round_trip_mid_game_continues_identically(variant: playout.Variant) -> None:
    examples, buy_in, options, cut, steps = ROUND_TRIPS[variant.name]
    playout.json_round_trip_test(
        variant,
        max_examples=examples,
        buy_in=buy_in,
        options=options,
        max_cut=cut,
        continue_for=steps,
    )()


@pytest.mark.parametrize("variant", FAMILY)
def test_determinism_despite_global_random(variant: playout.Variant) -> None:
    buy_in, steps = DETERMINISM[variant.name]
    playout.determinism_test(variant, buy_in=buy_in, steps=steps)()
