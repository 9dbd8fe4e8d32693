"""Starting stacks and closing a game after a hand: every variant that carries stacks
(``VariantInfo.carries_stacks``: all but Kessel, whose chips are tokens) starts each seat with
its own stack, pays out exactly their sum, and ends when told to after a given hand."""

from __future__ import annotations

import random

import pytest

from engine.bots.random_legal import random_action
from engine.core.game import Game, IllegalAction
from engine.variants import get_variant, variant_ids

STACKS = [40, 100, 250]
ACCEPTING = [v for v in variant_ids() if get_variant(v).carries_stacks]


def new(variant: str, seed: int, **options: int) -> Game:
    return get_variant(variant).create(
        ["a", "b", "c"], buy_in=60, options=options, seed=seed, stacks=STACKS
    )


def play(game: Game, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(4000):
        if game.finished:
            return
        seat = min(game.pending_seats())
        game.apply(seat, random_action(game, seat, rng))
    raise AssertionError("the game did not end")


def test_every_variant_but_kessel_carries_stacks() -> None:
    assert set(ACCEPTING) == set(variant_ids()) - {"kessel"}
    with pytest.raises(ValueError, match="tokens"):
        get_variant("kessel").create(["a", "b"], buy_in=60, options={}, seed=1, stacks=[4, 4])
    kessel = get_variant("kessel").create(["a", "b"], buy_in=60, options={}, seed=1)
    with pytest.raises(IllegalAction):
        kessel.close_after(1)


@pytest.mark.parametrize("variant", ACCEPTING)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_game_starts_with_its_stacks_and_pays_their_sum(variant: str, seed: int) -> None:
    game = new(variant, seed, max_hands=3)
    shown = [seat.stack for seat in game.public_view().seats]
    paid = [start - now for start, now in zip(STACKS, shown, strict=True)]
    assert len(set(paid)) == 1 and 0 <= paid[0] < min(STACKS)  # the same antes from each stack
    play(game, seed)
    assert sum(game.payouts().values()) == sum(STACKS)


@pytest.mark.parametrize("variant", ACCEPTING)
def test_close_after_ends_the_game_when_that_hand_ends(variant: str) -> None:
    game = new(variant, 3)
    game.close_after(2)
    game.close_after(5)  # never later than already set
    play(game, 3)
    assert game.public_view().hand_no <= 2
    assert sum(game.payouts().values()) == sum(STACKS)
    with pytest.raises(IllegalAction):
        game.close_after(9)


@pytest.mark.parametrize("variant", ACCEPTING)
@pytest.mark.parametrize("stacks", [[40, 100], [40, 0, 9], [40, True, 9], [40, 2.5, 9]])
def test_bad_stacks_are_refused(variant: str, stacks: list[int]) -> None:
    with pytest.raises(ValueError):
        get_variant(variant).create(["a", "b", "c"], buy_in=60, options={}, seed=1, stacks=stacks)
