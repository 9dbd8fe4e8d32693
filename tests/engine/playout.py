"""Random-playout property tests shared by the variants with one pending seat at a time (Classic,
Centran, Sabacc Project).

A :class:`Variant` says how to play a variant at random and what its cards are; the test
factories (:func:`random_playouts_test`, :func:`json_round_trip_test`, :func:`determinism_test`)
build the hypothesis tests a ``test_*_props`` module assigns to its own ``test_…`` names, so each
variant keeps its own examples, strategies and budgets. :func:`explore` plays fixed seeds and
gathers the phases, events and actions they reached.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.words import events_lines
from engine.core.game import Action, ActionSpec, Event, ParamKind
from engine.variants import get_variant

RandomAction = Callable[[Any, int, random.Random], Action]

SEEDS = st.integers(0, 2**32 - 1)
LEAVE_RATES = st.sampled_from([0.0, 0.01])


def texts(events: Iterable[Event], variant: str = "") -> list[str]:
    """Public lines of events, as the bot writes them for ``variant``."""
    return events_lines(variant, events)


def seat_now(game: Any) -> int:
    """The one pending seat."""
    (seat,) = game.pending_seats()
    return seat


def play_preferring(game: Any, kinds: Sequence[str], *, amount: int | None = None) -> list[Event]:
    """Play ``game`` to its end, the pending seat taking each time the first of ``kinds`` it may
    (a bet of ``amount``); every event, in order."""
    events: list[Event] = []
    while not game.finished:
        seat = seat_now(game)
        legal = {spec.kind for spec in game.legal_actions(seat)}
        kind = next(kind for kind in kinds if kind in legal)
        events += game.apply(seat, Action(kind, amount=amount if kind == "bet" else None))
    return events


def weighted_random_action(
    game: Any, seat: int, rng: random.Random, *, calm: float, wide: float
) -> Action:
    """A random legal action: a calm one (not fold or all-in) with probability ``calm`` when
    there is one; an amount anywhere up to the maximum with probability ``wide``, else at most 5
    above the minimum."""
    specs = game.legal_actions(seat)
    calm_specs = [s for s in specs if s.kind not in ("fold", "all_in")]
    spec = rng.choice(calm_specs if calm_specs and rng.random() < calm else specs)
    if spec.param is ParamKind.AMOUNT:
        high = spec.max_amount if rng.random() < wide else min(spec.max_amount, spec.min_amount + 5)
        return Action(spec.kind, amount=rng.randint(spec.min_amount, high))
    if spec.param is ParamKind.CHOICE:
        return Action(spec.kind, choices=(rng.choice(spec.options).value,))
    return Action(spec.kind)


def _no_extra_checks(game: Any, seat: int, specs: Sequence[ActionSpec]) -> None:
    return None


@dataclass(frozen=True)
class Variant:
    """How the random-playout tests play one variant and what they check of it."""

    name: str  # the registry name (``get_variant``)
    game: Any  # the Game class (``create``)
    random_action: RandomAction
    cards: Callable[[Any], object]  # every card the state holds, comparable with ``all_cards``
    all_cards: object
    # Variant-specific checks of an unfinished game, given the pending seat and its actions.
    extra_checks: Callable[[Any, int, Sequence[ActionSpec]], None] = field(default=_no_extra_checks)
    distinct_options: bool = True  # no action offers the same option value twice
    one_turn_per_action: bool = False  # every applied action advances ``turn`` by exactly one


def check_invariants(variant: Variant, game: Any, total: int) -> None:
    """Credits conserved and never negative; unfinished: every card accounted for, and the one
    pending seat has well-formed legal actions including its default one."""
    state = game.state
    assert game.total_credits() == total
    assert all(s >= 0 for s in state.stacks) and state.sabacc_pot >= 0
    if game.finished:
        assert not game.pending_seats()
        return
    assert variant.cards(game) == variant.all_cards
    seat = seat_now(game)
    specs = game.legal_actions(seat)
    assert specs and all(re.fullmatch(r"[a-z_]+", s.kind) for s in specs)
    if variant.distinct_options:
        for spec in specs:
            values = [o.value for o in spec.options]
            assert len(values) == len(set(values))
    assert game.default_action(seat).kind in {s.kind for s in specs}
    variant.extra_checks(game, seat, specs)


def playout(variant: Variant, game: Any, rng: random.Random, leave_rate: float = 0.0) -> int:
    """Play random legal actions (and, at ``leave_rate``, a random seat leaving) to the end,
    checking the invariants after every step; returns the credits handed back by ``leave``."""
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
            seat = seat_now(game)
            game.apply(seat, variant.random_action(game, seat, rng))
            if variant.one_turn_per_action:
                assert game.turn == turn + 1
        check_invariants(variant, game, total - returned)
    return returned


def events_of(variant: Variant, game: Any, rng: random.Random, count: int) -> list[str]:
    """The public lines of up to ``count`` random legal actions (fewer if the game ends)."""
    out: list[str] = []
    for _ in range(count):
        if game.finished:
            break
        seat = seat_now(game)
        out += texts(game.apply(seat, variant.random_action(game, seat, rng)), variant.name)
    return out


def _distinct_digest(test: Callable[..., None], variant: Variant) -> Callable[..., None]:
    """Tests built here share their source: give each variant its own hypothesis database key
    (the hook hypothesis uses for ``pytest.mark.parametrize`` cases)."""
    test._hypothesis_internal_add_digest = variant.name.encode()  # type: ignore[attr-defined]
    return test


def random_playouts_test(
    variant: Variant,
    *,
    max_examples: int,
    buy_ins: Sequence[int],
    options: st.SearchStrategy[dict[str, Any]],
) -> Callable[..., None]:
    """Random games of 2–8 players to the end: every invariant at every step, and payouts for
    every seat that add up with what leaving players took to all the buy-ins."""

    def test(seed: int, n: int, buy_in: int, options: dict[str, Any], leave_rate: float) -> None:
        game = variant.game.create(
            [f"p{i}" for i in range(n)], buy_in=buy_in, options=options, seed=seed
        )
        check_invariants(variant, game, buy_in * n)
        returned = playout(variant, game, random.Random(seed), leave_rate)
        payouts = game.payouts()
        assert set(payouts) == set(range(n)) and all(v >= 0 for v in payouts.values())
        assert sum(payouts.values()) + returned == buy_in * n
        assert game.public_view().finished

    return settings(max_examples=max_examples, deadline=None)(
        given(
            seed=SEEDS,
            n=st.integers(2, 8),
            buy_in=st.sampled_from(list(buy_ins)),
            options=options,
            leave_rate=LEAVE_RATES,
        )(_distinct_digest(test, variant))
    )


def json_round_trip_test(
    variant: Variant,
    *,
    max_examples: int,
    buy_in: int,
    options: dict[str, Any],
    max_cut: int,
    continue_for: int,
) -> Callable[..., None]:
    """A 3-player game cut after up to ``max_cut`` random actions survives a JSON round trip
    through the registry: same state, views and legal actions, and the same next
    ``continue_for`` actions give the same public lines and end in the same state."""

    def test(seed: int, cut: int) -> None:
        info = get_variant(variant.name)
        game = info.create(["a", "b", "c"], buy_in=buy_in, options=options, seed=seed)
        assert isinstance(game, variant.game)
        events_of(variant, game, random.Random(seed), cut)
        copy = info.restore(json.loads(json.dumps(game.to_json())))
        assert isinstance(copy, variant.game)
        assert copy.to_json() == game.to_json()
        assert copy.public_view() == game.public_view() and copy.turn == game.turn
        for seat in range(3):
            assert copy.view_for(seat) == game.view_for(seat)
            assert copy.legal_actions(seat) == game.legal_actions(seat)
        again = seed ^ 0x5A5A
        assert events_of(variant, game, random.Random(again), continue_for) == events_of(
            variant, copy, random.Random(again), continue_for
        )
        assert copy.to_json() == game.to_json()

    return settings(max_examples=max_examples, deadline=None)(
        given(seed=SEEDS, cut=st.integers(0, max_cut))(_distinct_digest(test, variant))
    )


def determinism_test(variant: Variant, *, buy_in: int, steps: int) -> Callable[[], None]:
    """The same seeds give the same 4-player game (3 hands at most) twice, whatever the global
    random generator does in between."""

    def test() -> None:
        def run() -> tuple[list[str], dict[int, int]]:
            game = variant.game.create(
                ["a", "b", "c", "d"], buy_in=buy_in, options={"max_hands": 3}, seed=42
            )
            random.seed(random.random())  # disturbing the global RNG changes nothing
            lines = texts(game.opening_events, variant.name) + events_of(
                variant, game, random.Random(7), steps
            )
            return lines, game.payouts()

        first, second = run(), run()
        assert first == second and first[1]

    return test


@dataclass
class Coverage:
    """What random games reached: phase values, event class names, action kinds."""

    phases: set[str] = field(default_factory=set)
    events: set[str] = field(default_factory=set)
    kinds: set[str] = field(default_factory=set)


def explore(variant: Variant, seeds: Iterable[int], options: dict[str, Any]) -> Coverage:
    """Play a 3-player game (buy-in 100) with random legal actions for each seed (also the
    actions' seed) and gather the phases, events and actions seen."""
    seen = Coverage()
    for seed in seeds:
        game = variant.game.create(["a", "b", "c"], buy_in=100, options=options, seed=seed)
        rng = random.Random(seed)
        while not game.finished:
            seen.phases.add(game.state.phase.value)
            seat = seat_now(game)
            action = variant.random_action(game, seat, rng)
            seen.kinds.add(action.kind)
            seen.events.update(type(event).__name__ for event in game.apply(seat, action))
        seen.phases.add(game.state.phase.value)
    return seen
