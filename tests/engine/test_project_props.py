"""Sabacc Project property tests: random legal playouts (credits and cards conserved at every step,
a pending seat always has a legal action, every game ends), JSON round trips mid-game with an
identical continuation, determinism, and the public vectors through the judge CLI."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bots.random_legal import random_for_spec
from engine.core.game import Action
from engine.judge import main
from engine.variants import get_variant
from engine.variants.project import ProjectGame
from engine.variants.project_cards import full_deck
from engine.variants.project_state import Phase

ALL_CARDS = Counter(c.notation for c in full_deck())
VECTORS = Path(__file__).parent / "vectors" / "project.json"
CARD_TEXT = re.compile(r"\b(?:coins|flasks|sabers|staves):\d+\b")

OPTIONS = st.fixed_dictionaries(
    {
        "max_hands": st.sampled_from([1, 2, 4]),
        "pot_building_rounds": st.sampled_from([0, 1, 4]),
        "idle_call_limit": st.sampled_from([None, 2, 10]),
        "shift_probability": st.sampled_from([0.0, 0.2, 1.0]),
        "ante": st.sampled_from([1, 5]),
    }
)


def random_action(game: ProjectGame, seat: int, rng: random.Random) -> Action:
    """A random legal action that folds rarely, so hands often reach the call and the reveal."""
    specs = game.legal_actions(seat)
    rare = {"fold": 0.15, "all_in": 0.05, "field": 0.5}
    weights = [rare.get(s.kind, 1.0) for s in specs]
    return random_for_spec(rng.choices(specs, weights=weights)[0], rng)


def cards_in_play(game: ProjectGame) -> Counter[str]:
    s = game.state
    cards = [c for h in s.hands for c in h] + s.mucked + s.draw.cards
    return Counter(c.notation for c in cards)


def check_invariants(game: ProjectGame, total: int) -> None:
    s = game.state
    assert game.total_credits() == total
    assert all(x >= 0 for x in s.stacks) and s.sabacc_pot >= 0
    if game.finished:
        assert not game.pending_seats()
        return
    assert cards_in_play(game) == ALL_CARDS
    (seat,) = game.pending_seats()
    specs = game.legal_actions(seat)
    assert specs and all(re.fullmatch(r"[a-z_]+", spec.kind) for spec in specs)
    for spec in specs:
        values = [o.value for o in spec.options]
        assert len(values) == len(set(values))
    assert game.default_action(seat).kind in {spec.kind for spec in specs}
    for live in s.live():
        assert s.phase is Phase.OPEN_BET or len(s.hands[live]) >= 2


def playout(game: ProjectGame, rng: random.Random, leave_rate: float) -> int:
    """Random legal actions (and sometimes a leave) to the end; returns credits handed back."""
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
    return returned


@settings(max_examples=120, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    n=st.integers(2, 8),
    buy_in=st.sampled_from([10, 30, 100]),
    options=OPTIONS,
    leave_rate=st.sampled_from([0.0, 0.01]),
)
def test_random_playouts_keep_every_invariant(
    seed: int, n: int, buy_in: int, options: dict[str, Any], leave_rate: float
) -> None:
    game = ProjectGame.create(
        [f"p{i}" for i in range(n)], buy_in=buy_in, options=options, seed=seed
    )
    check_invariants(game, buy_in * n)
    returned = playout(game, random.Random(seed), leave_rate)
    payouts = game.payouts()
    assert set(payouts) == set(range(n)) and all(v >= 0 for v in payouts.values())
    assert sum(payouts.values()) + returned == buy_in * n


def _events_of(game: ProjectGame, rng: random.Random, count: int) -> list[str]:
    out: list[str] = []
    for _ in range(count):
        if game.finished:
            break
        (seat,) = game.pending_seats()
        out += [
            t for e in game.apply(seat, random_action(game, seat, rng)) if (t := e.public_text())
        ]
    return out


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), cut=st.integers(0, 80))
def test_json_round_trip_mid_game_continues_identically(seed: int, cut: int) -> None:
    info = get_variant("project")
    options = {"max_hands": 3, "shift_probability": 0.5}
    game = info.create(["a", "b", "c"], buy_in=60, options=options, seed=seed)
    assert isinstance(game, ProjectGame)
    _events_of(game, random.Random(seed), cut)
    copy = info.restore(json.loads(json.dumps(game.to_json())))
    assert isinstance(copy, ProjectGame)
    assert copy.to_json() == game.to_json()
    assert copy.public_view() == game.public_view() and copy.turn == game.turn
    for seat in range(3):
        assert copy.view_for(seat) == game.view_for(seat)
        assert copy.legal_actions(seat) == game.legal_actions(seat)
    again = seed ^ 0x5A5A
    assert _events_of(game, random.Random(again), 500) == _events_of(
        copy, random.Random(again), 500
    )
    assert copy.to_json() == game.to_json()


def test_determinism_despite_global_random() -> None:
    def run() -> tuple[list[str], dict[int, int]]:
        game = ProjectGame.create(
            ["a", "b", "c", "d"], buy_in=100, options={"max_hands": 3}, seed=42
        )
        random.seed(random.random())  # disturbing the global generator changes nothing
        lines = [t for e in game.opening_events if (t := e.public_text())]
        return lines + _events_of(game, random.Random(7), 3000), game.payouts()

    first, second = run(), run()
    assert first == second and first[1]


def test_public_text_never_names_a_hidden_card() -> None:
    """Suited cards appear in public lines only once they are public (field, reveal, Sudden
    Demise); hidden cards never do."""
    for seed in range(30):
        game = ProjectGame.create(["a", "b", "c"], buy_in=60, options={"max_hands": 2}, seed=seed)
        rng = random.Random(seed)
        while not game.finished:
            (seat,) = game.pending_seats()
            for event in game.apply(seat, random_action(game, seat, rng)):
                text = event.public_text() or ""
                kind = type(event).__name__
                if kind not in ("Revealed", "SuddenDemiseDealt", "FieldPlaced"):
                    assert not CARD_TEXT.search(text), (kind, text)
            view = game.public_view()
            for sv in view.seats:
                shown = sv.public.partition("field: ")[2].split()
                fields = game.state.field_cards(sv.seat) if game.state.fields else []
                assert sorted(shown) == sorted(c.plain for c in fields)


def test_random_seeds_reach_every_phase_and_event() -> None:
    seen: set[str] = set()
    kinds: set[str] = set()
    for seed in range(30):
        game = ProjectGame.create(["a", "b", "c"], buy_in=100, options={"max_hands": 2}, seed=seed)
        rng = random.Random(seed)
        while not game.finished:
            seen.add(game.state.phase.value)
            (seat,) = game.pending_seats()
            action = random_action(game, seat, rng)
            kinds.add(action.kind)
            seen.update(type(e).__name__ for e in game.apply(seat, action))
        seen.add(game.state.phase.value)
    assert {p.value for p in Phase} <= seen
    assert {"HandCalled", "Revealed", "ShiftHappened", "PenaltyPaid", "FieldPlaced"} <= seen
    assert {"draw", "stand", "call_hand", "field", "check", "bet", "fold"} <= kinds


def test_public_vectors_pass_through_the_judge(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["project", str(VECTORS), "--check"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("32 passed, 0 failed")


@pytest.mark.parametrize(
    "change",
    [
        {"hands": {"A": ["coins:16", "sabers:2"]}},
        {"hands": {"A": ["coins:3", "coins:3"], "B": ["idiot", "idiot"]}},
        {"hands": {"A": ["idiot", "idiot"], "B": ["idiot", "coins:2"]}},
        {"hands": {"A": ["coins:3"], "B": ["coins:4", "coins:5"]}},
        {"hands": {"Z": ["coins:3", "coins:4"]}},
        {"context": {"seat_order": ["A", "B"], "contributions": {"A": -1}}},
        {"context": {"seat_order": ["A", "B"], "stacks": {"A": True}}},
        {"context": {"seat_order": ["A", "B"], "folded": ["A"]}},
        {"context": {"seat_order": ["A", "B", "C"]}},
        {"context": {"seat_order": ["A", "B"], "sabacc_pot": "x"}},
        {"context": "nope"},
    ],
)
def test_malformed_vectors_raise(change: dict[str, Any]) -> None:
    vector: dict[str, Any] = {
        "id": "bad",
        "hands": {"A": ["coins:3", "coins:4"], "B": ["sabers:3", "sabers:4"]},
        "context": {"seat_order": ["A", "B"], "contributions": {"A": 5, "B": 5}},
    }
    vector.update(change)
    with pytest.raises((ValueError, TypeError, KeyError)):
        get_variant("project").judge(vector)
