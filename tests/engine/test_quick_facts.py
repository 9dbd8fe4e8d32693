"""What makes a step cheap keeps the engine's meaning: a fact's quicker ``__init__`` builds the
same frozen value as the dataclass's own, and a game's remembered legal actions are the ones it
would work out again (``bench/engine.py`` measures the speed; these tests check the sameness)."""

from __future__ import annotations

import dataclasses
import inspect
import random

import pytest

from engine.core.facts import Fact, quick_init
from engine.core.game import Action, ActionSpec, Game, IllegalAction
from engine.variants import get_variant, variant_ids
from engine.variants.kessel.events import RoundWon


@dataclasses.dataclass(frozen=True, slots=True)
class Sample(Fact):
    player: str
    cards: tuple[str, ...]
    paid: int = 1
    note: str | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class Plain:  # the same fields, built by the dataclass's own __init__
    player: str
    cards: tuple[str, ...]
    paid: int = 1
    note: str | None = None


def test_a_fact_is_built_by_the_quick_init_with_the_dataclass_signature() -> None:
    assert quick_init(Sample) is not None
    assert Sample.__init__.__code__.co_filename == "<string>"
    assert "_set0" in Sample.__init__.__code__.co_names  # set through the slot, not __setattr__
    assert inspect.signature(Sample) == inspect.signature(Plain)
    fact = Sample("p0", ("sand:1",), note="x")
    assert (fact.player, fact.cards, fact.paid, fact.note) == ("p0", ("sand:1",), 1, "x")
    assert repr(fact) == repr(Plain("p0", ("sand:1",), note="x")).replace("Plain", "Sample")
    assert fact == Sample(player="p0", cards=("sand:1",), paid=1, note="x")
    assert hash(fact) == hash(Sample("p0", ("sand:1",), 1, "x"))
    assert dataclasses.replace(fact, paid=3).paid == 3
    with pytest.raises(dataclasses.FrozenInstanceError):
        fact.paid = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        Sample("p0")  # type: ignore[call-arg]


def test_a_fact_that_does_more_than_store_keeps_the_dataclass_init() -> None:
    assert quick_init(RoundWon) is None  # a default_factory field
    assert RoundWon.__init__.__code__.co_names != Sample.__init__.__code__.co_names

    @dataclasses.dataclass(frozen=True, slots=True)
    class Checked(Fact):
        value: int

        def __post_init__(self) -> None:
            if self.value < 0:
                raise ValueError("negative")

    with pytest.raises(ValueError, match="negative"):
        Checked(-1)
    assert quick_init(Checked) is None


def _played(variant: str, seed: int, steps: int) -> Game:
    info = get_variant(variant)
    game = info.create(
        ["p0", "p1", "p2"],
        buy_in=info.buy_in_presets[info.default_preset],
        options=dict(info.options),
        seed=seed,
    )
    rng = random.Random(seed)
    for _ in range(steps):
        if game.finished:
            break
        seat = min(game.pending_seats())
        specs = game.legal_actions(seat)
        kind = rng.choice(specs).kind if specs else ""
        action = game.default_action(seat) if kind != "stand" else Action("stand")
        game.apply(seat, action)
    return game


@pytest.mark.parametrize("variant", variant_ids())
def test_legal_actions_are_remembered_until_the_game_changes(variant: str) -> None:
    for seed in range(3):
        game = _played(variant, seed, 12)
        if game.finished:
            continue
        seat = min(game.pending_seats())
        first = game.legal_actions(seat)
        assert game.legal_actions(seat) is first  # worked out once for this change
        fresh = type(game).from_json(game.to_json())
        assert fresh.legal_actions(seat) == first
        game.apply(seat, game.default_action(seat))
        fresh.apply(seat, fresh.default_action(seat))
        if not game.finished:
            after = min(game.pending_seats())
            assert game.legal_actions(after) == fresh.legal_actions(after) == _truth(game, after)


def _truth(game: Game, seat: int) -> tuple[ActionSpec, ...]:
    """``seat``'s legal actions worked out afresh: by a copy of ``game`` that remembers none."""
    return type(game).from_json(game.to_json()).legal_actions(seat)


def _remember_all(game: Game) -> None:
    """Have ``game`` work out (and remember) every seat's legal actions."""
    for seat in range(len(game.players)):
        game.legal_actions(seat)


def _forgot(game: Game) -> bool:
    """Whether every seat's remembered legal actions are the ones worked out afresh."""
    return all(game.legal_actions(s) == _truth(game, s) for s in range(len(game.players)))


@pytest.mark.parametrize("variant", variant_ids())
def test_every_change_of_the_game_forgets_every_seats_remembered_actions(variant: str) -> None:
    # Every seat's actions are remembered before each change (the seats that wait included:
    # "none" becomes stale when the turn passes to them), then checked against a fresh copy.
    for seed in range(3):
        game = _played(variant, seed, 6)
        for _ in range(8):
            if game.finished:
                break
            _remember_all(game)
            seat = min(game.pending_seats())
            game.apply(seat, game.default_action(seat))
            assert _forgot(game)
        if game.finished:
            continue
        _remember_all(game)
        game.leave(min(game.pending_seats()))  # the turn passes on: the next seat may act
        assert _forgot(game)


@pytest.mark.parametrize("variant", variant_ids())
def test_a_kind_not_legal_is_refused_after_the_legal_ones_were_asked(variant: str) -> None:
    game = _played(variant, 5, 4)
    seat = min(game.pending_seats())
    kinds = {spec.kind for spec in game.legal_actions(seat)}
    wrong = next(k for k in ("junk", "fold", "stand", "draw", "check", "select") if k not in kinds)
    with pytest.raises(IllegalAction):
        game.apply(seat, Action(wrong))
    assert game.legal_actions(seat) == type(game).from_json(game.to_json()).legal_actions(seat)


def test_reading_the_state_to_rig_it_forgets_the_remembered_actions() -> None:
    info = get_variant("classic")
    game = info.create(["a", "b"], buy_in=100, options=dict(info.options), seed=1)
    seat = min(game.pending_seats())
    before = game.legal_actions(seat)
    assert before
    game.state.stacks[seat] = 0  # (a test rigging a hand)
    assert game.legal_actions(seat) is not before
    assert game.legal_actions(seat) == type(game).from_json(game.to_json()).legal_actions(seat)
