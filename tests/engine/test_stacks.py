"""Starting stacks: every variant whose factory takes ``stacks`` (all but Kessel, whose chips
are tokens) starts each seat with its own stack and pays out exactly their sum."""

from __future__ import annotations

import inspect
import random

import pytest

from engine.bots.random_legal import random_action
from engine.variants import get_variant, variant_ids

STACKS = [40, 100, 250]
OPTIONS = {"classic": {"max_hands": 3}, "centran": {"max_hands": 3}, "project": {"max_hands": 3}}
OPTIONS |= {"corellian-spike": {"max_hands": 3}}
ACCEPTING = [
    v for v in variant_ids() if "stacks" in inspect.signature(get_variant(v).create).parameters
]


def test_every_variant_but_kessel_accepts_stacks() -> None:
    assert set(ACCEPTING) == set(variant_ids()) - {"kessel"}


@pytest.mark.parametrize("variant", ACCEPTING)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_game_starts_with_its_stacks_and_pays_their_sum(variant: str, seed: int) -> None:
    info = get_variant(variant)
    players = ["a", "b", "c"]
    create = info.create
    game = create(players, buy_in=60, options=OPTIONS.get(variant, {}), seed=seed, stacks=STACKS)  # type: ignore[call-arg]
    shown = [seat.stack for seat in game.public_view().seats]
    paid = [start - now for start, now in zip(STACKS, shown, strict=True)]
    assert len(set(paid)) == 1 and 0 <= paid[0] < min(STACKS)  # the same antes from each stack
    rng = random.Random(seed)
    for _ in range(4000):
        if game.finished:
            break
        seat = min(game.pending_seats())
        game.apply(seat, random_action(game, seat, rng))
    assert game.finished
    assert sum(game.payouts().values()) == sum(STACKS)


@pytest.mark.parametrize("variant", ACCEPTING)
@pytest.mark.parametrize("stacks", [[40, 100], [40, 0, 9], [40, True, 9], [40, 2.5, 9]])
def test_bad_stacks_are_refused(variant: str, stacks: list[object]) -> None:
    with pytest.raises(ValueError):
        get_variant(variant).create(["a", "b", "c"], buy_in=60, options={}, seed=1, stacks=stacks)  # type: ignore[call-arg]
