"""Classic bot helpers: hand values, look-ahead and trade choices."""

from __future__ import annotations

import random
from collections import Counter

from engine.bots import choose_action
from engine.bots.classic import (
    Hand,
    equity,
    final_value,
    hand_value,
    read_hand,
    trade_action,
    value_table,
)
from engine.core.game import Action, ActionSpec
from engine.variants import get_variant
from engine.variants.classic.cards import full_deck, parse_hand


def make_hand(hidden: list[str], stasis: tuple[str, ...] = (), turns: int = 1) -> Hand:
    cards = parse_hand([*hidden, *stasis])
    unseen = Counter(c.value for c in full_deck())
    unseen.subtract(c.value for c in cards)
    return Hand(
        hidden=tuple(parse_hand(hidden)),
        stasis=tuple(parse_hand(list(stasis))),
        unseen=+unseen,
        rivals=((2, ()),),
        turns_left=turns,
        pot=10,
        stack=50,
    )


TRADE = {k: ActionSpec(k, k) for k in ("gain", "stand")} | {
    "change": ActionSpec("change", "change")
}


def test_values_prefer_totals_near_23_and_never_bombs() -> None:
    assert final_value(23) > final_value(22) > final_value(15) > final_value(0)
    assert final_value(-20) > final_value(20)
    assert final_value(24) < 0 and final_value(0) < 0
    assert hand_value(parse_hand(["idiot", "coins:2", "sabers:3"])) == 1.0


def test_look_ahead_values_improvable_hands() -> None:
    unseen = Counter(c.value for c in full_deck())
    table = value_table(unseen, 2)
    assert table[10] > final_value(10)
    assert table[23] == final_value(23)


def test_trade_choices() -> None:
    rng = random.Random(1)
    assert trade_action(make_hand(["coins:15", "sabers:8"]), TRADE, "balanced", rng) == Action(
        "stand"
    )
    assert trade_action(make_hand(["coins:2", "sabers:3"]), TRADE, "balanced", rng).kind == "gain"
    change = trade_action(make_hand(["coins:15", "sabers:14"]), TRADE, "balanced", rng)
    assert change.kind == "change"  # 29 bombs: swap a card


def test_equity_is_a_probability() -> None:
    hand = make_hand(["coins:15", "sabers:8"])
    chance = equity(hand, value_table(hand.unseen, 1), random.Random(3))
    assert 0.8 < chance <= 1.0


def test_public_table_is_read() -> None:
    """Card counts and stasis fields come from the public view (guards against wording drift)."""
    game = get_variant("classic").create(["a", "b", "c"], buy_in=100, options={}, seed=2)
    stasis_seen = False
    while not game.finished and game.public_view().hand_no < 3:
        seat = min(game.pending_seats())
        hand = read_hand(game, seat)
        assert hand.rivals and all(count >= 2 for count, _ in hand.rivals)
        assert sum(hand.unseen.values()) == 76 - len(hand.held) - sum(
            len(known) for _, known in hand.rivals
        )
        stasis_seen |= bool(hand.stasis)
        game.apply(seat, choose_action("classic", game, seat, "balanced"))
    assert stasis_seen
