"""The Centran Sabacc bot: it reads its views without falling back, completes two-step trades,
protects strong hands in stasis, and beats random legal players."""

from __future__ import annotations

import random

from engine.bots import STYLES, _decider, choose_action
from engine.bots.centran import read_table, strength
from engine.bots.random_legal import random_action
from engine.core.game import Action
from engine.variants.centran.cards import evaluate, parse_hand
from tests.engine.test_centran_helpers import do, make


def test_strength_orders_categories() -> None:
    def s(cards: str, fives: int = 0) -> float:
        return strength(evaluate(parse_hand(cards.split()), fives))

    assert s("major:0 major:-2 major:-3") > s("major:-21 major:-2") > s("coins:14 sabers:9")
    assert s("coins:14 sabers:9") > s("flasks:7 major:-7") > s("coins:10 flasks:12") > 0
    assert s("coins:14 flasks:14") < 0


def test_reads_the_table_and_finishes_a_trade() -> None:
    game = make(["major:-20", "coins:14", "coins:4", "sabers:9", "major:-3"])
    table = read_table(game, 0)
    assert [c.notation for c in table.array] == ["major:-3"] and table.rivals == 1
    assert len(table.unseen) == 78 - 2 - 1  # minus its own two cards and the Array card
    assert _decider("centran")(game, 0, "balanced") == Action("trade", choices=("array:1",))
    do(game, "trade array:1")
    assert _decider("centran")(game, 0, "balanced") == Action("give", choices=("coins:4",))
    do(game, "give coins:4")  # −20 −3 = −23: Pure Sabacc, then protect it
    action = _decider("centran")(game, 0, "balanced")
    assert action == Action("stasis", choices=("major:-20",))


def test_bots_beat_random_players() -> None:
    won = 0
    for seed in range(8):
        game = make([], 3, buy_in=100, max_hands=5)
        game.state.rng = random.Random(seed)
        rng = random.Random(seed)
        while not game.finished:
            (seat,) = game.pending_seats()
            if seat == 0:
                action = choose_action("centran", game, seat, STYLES[seed % 3])
                assert action == _decider("centran")(game, seat, STYLES[seed % 3])
            else:
                action = random_action(game, seat, rng)
            game.apply(seat, action)
        payouts = game.payouts()
        won += payouts[0] == max(payouts.values())
    assert won >= 5
