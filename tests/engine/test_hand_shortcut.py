"""``Game.hand(seat)`` (the table runtime's cheap check for a changed private hand) always equals
``view_for(seat).hand``, at every step of random games of every variant, leavers included."""

from __future__ import annotations

import random

import pytest

from engine.bots.random_legal import random_action
from engine.variants import get_variant, variant_ids

BUY_INS = {"kessel": 90}


@pytest.mark.parametrize("variant", variant_ids())
@pytest.mark.parametrize("seed", range(6))
def test_hand_equals_view_hand(variant: str, seed: int) -> None:
    info = get_variant(variant)
    players = [f"p{i}" for i in range(min(4, info.max_players))]
    options = {**info.options, **({"max_hands": 4} if "max_hands" in info.options else {})}
    game = info.create(players, buy_in=BUY_INS.get(variant, 500), options=options, seed=seed)
    rng = random.Random(seed)
    checked = 0
    for _ in range(3000):
        for seat in range(len(players)):
            assert game.hand(seat) == game.view_for(seat).hand  # type: ignore[attr-defined]
            checked += 1
        if game.finished:
            break
        seat = min(game.pending_seats())
        if rng.random() < 0.003:
            game.leave(seat)
            continue
        game.apply(seat, random_action(game, seat, rng))
    assert checked > len(players)
