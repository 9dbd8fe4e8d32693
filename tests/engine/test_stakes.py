"""Changing a running game's antes at a hand boundary (``StateGame.set_stakes``), the one core
mechanism behind a tournament's rising antes, for every variant."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from engine.core.game import IllegalAction
from engine.core.stakes import StakesChanged
from engine.core.variant import StateGame
from engine.variants import get_variant, variant_ids

WITH_STAKES = ("classic", "corellian-spike", "project")


def _game(variant: str) -> StateGame[Any]:
    info = get_variant(variant)
    players = [f"p{i}" for i in range(3)]
    game = info.create(players, buy_in=info.buy_in_presets[info.default_preset], options={}, seed=7)
    assert isinstance(game, StateGame)
    return game


def _next_hand(game: StateGame[Any]) -> tuple[object, ...]:
    """Play default actions until the next hand starts; its events."""
    start = game.public_view().hand_no
    for _ in range(500):
        seat = min(game.pending_seats())
        events = game.apply(seat, game.default_action(seat))
        if game.finished:
            pytest.fail("the game ended before a second hand")
        if game.public_view().hand_no != start:
            return events
    pytest.fail("no next hand")


def test_every_variant_with_antes_names_its_stakes() -> None:
    """The variants whose betting takes antes say which; Kessel (no antes), Coruscant Shift (its
    ante rises every hand by its own rule) and Centran (its Bomb-out penalty is "the hand ante"
    during a hand, so a change could not wait for the next hand) offer none."""
    named = {v: _game(v).STAKES for v in variant_ids()}
    assert named == {v: get_variant(v).stakes for v in variant_ids()}  # the registry says so
    assert {v for v, stakes in named.items() if stakes} == set(WITH_STAKES)


@pytest.mark.parametrize("variant", WITH_STAKES)
def test_new_antes_apply_from_the_next_hand_and_round_trip(variant: str) -> None:
    game = _game(variant)
    before = game.stakes()
    doubled = {name: 2 * amount for name, amount in before.items()}
    events = game.set_stakes(doubled)
    assert events == (StakesChanged(tuple(doubled.items())),)
    assert game.stakes() == doubled
    assert game.set_stakes(doubled) == ()  # nothing changes: no event
    restored = type(game).from_json(game.to_json())  # stored with the state, byte for byte
    assert restored.stakes() == doubled and restored.to_json() == game.to_json()
    started = next(e for e in _next_hand(restored) if type(e).__name__ == "HandStarted")
    told = {f.name: getattr(started, f.name) for f in dataclasses.fields(started)}  # type: ignore[arg-type]
    for name, amount in doubled.items():
        assert told[name] == amount


@pytest.mark.parametrize("variant", WITH_STAKES)
def test_bad_stakes_are_refused_and_change_nothing(variant: str) -> None:
    game = _game(variant)
    saved = game.to_json()
    name = game.STAKES[0]
    for bad, code in (
        ({"no_such_ante": 4}, "stakes_unknown"),
        ({}, "stakes_unknown"),
        ({name: -1}, "stakes_amount"),
        ({name: 2.5}, "stakes_amount"),
        ({name: True}, "stakes_amount"),
    ):
        with pytest.raises(IllegalAction) as refused:
            game.set_stakes(bad)  # type: ignore[arg-type]
        assert refused.value.reason == code
    assert game.to_json() == saved


@pytest.mark.parametrize("variant", ["kessel", "coruscant-shift", "centran"])
def test_a_variant_without_stakes_refuses_a_change(variant: str) -> None:
    game = _game(variant)
    assert game.stakes() == {}
    with pytest.raises(IllegalAction):
        game.set_stakes({"ante": 4})
