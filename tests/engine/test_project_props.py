"""Sabacc Project property tests: random legal playouts (credits and cards conserved at every step,
a pending seat always has a legal action, every game ends), JSON round trips mid-game with an
identical continuation, determinism, and the public vectors through the judge CLI.

The family's shared property tests (playouts, JSON round trips, determinism) run this file's
variant from ``test_twopot_props.py``."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import strategies as st

from bot import words
from bot.words import events_lines
from engine.bots.random_legal import random_for_spec
from engine.core.game import Action, ActionSpec
from engine.judge import main
from engine.variants import get_variant
from engine.variants.project import ProjectGame
from engine.variants.project.cards import full_deck
from engine.variants.project.state import Phase
from tests.engine import playout

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


def live_hands_hold_two(game: Any, seat: int, specs: Sequence[ActionSpec]) -> None:
    s = game.state
    for live in s.live():
        assert s.phase is Phase.OPEN_BET or len(s.hands[live]) >= 2


PROJECT = playout.Variant(
    "project", ProjectGame, random_action, cards_in_play, ALL_CARDS, live_hands_hold_two
)


def test_public_text_never_names_a_hidden_card() -> None:
    """Suited cards appear in public lines only once they are public (field, reveal, Sudden
    Demise); hidden cards never do."""
    for seed in range(30):
        game = ProjectGame.create(["a", "b", "c"], buy_in=60, options={"max_hands": 2}, seed=seed)
        rng = random.Random(seed)
        while not game.finished:
            (seat,) = game.pending_seats()
            for event in game.apply(seat, random_action(game, seat, rng)):
                text = "\n".join(events_lines("project", [event]))
                kind = type(event).__name__
                if kind not in ("Revealed", "SuddenDemiseDealt", "FieldPlaced"):
                    assert not CARD_TEXT.search(text), (kind, text)
            view = words.table_text("project", game.public_view())
            for sv in view.seats:
                _, found, names = sv.public.partition("field: ")
                shown = names.split(", ") if found else []
                fields = game.state.field_cards(sv.seat) if game.state.fields else []
                assert sorted(shown) == sorted(c.name for c in fields)


def test_random_seeds_reach_every_phase_and_event() -> None:
    seen = playout.explore(PROJECT, range(30), {"max_hands": 2})
    assert {p.value for p in Phase} <= seen.phases
    assert {"HandCalled", "Revealed", "ShiftHappened", "PenaltyPaid", "FieldPlaced"} <= seen.events
    assert {"draw", "stand", "call_hand", "field", "check", "bet", "fold"} <= seen.kinds


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
