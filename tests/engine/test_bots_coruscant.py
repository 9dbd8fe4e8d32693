"""Coruscant Shift bot helpers: the fast subset search agrees with the engine's evaluation."""

from __future__ import annotations

import random

from engine.bots import choose_action
from engine.bots.coruscant import best_subset, read_table, subset_keys
from engine.variants import get_variant
from engine.variants.coruscant.cards import Suit, best_selection, evaluate_cards, full_deck


def test_subset_keys_match_engine_evaluation() -> None:
    rng = random.Random(5)
    deck = full_deck()
    for _ in range(200):
        hand = rng.sample(deck, rng.randint(1, 5))
        target, suit = rng.choice((0, 5, -5, 10, -10)), rng.choice(list(Suit))
        keys = subset_keys(hand, target, suit)
        for mask in range(1, 1 << len(hand)):
            chosen = [c for i, c in enumerate(hand) if mask >> i & 1]
            assert keys[mask] == evaluate_cards(chosen, target, suit).rank_key
        key, _ = best_subset(hand, target, suit)
        assert key == evaluate_cards(best_selection(hand, target, suit), target, suit).rank_key


def test_required_cards_stay_in_the_subset() -> None:
    hand = full_deck()[:5]
    _, mask = best_subset(hand, 0, Suit.CIRCLE, required=0b10001)
    assert mask & 0b10001 == 0b10001


def test_public_table_is_read() -> None:
    """Target, suit and round come from the public view (guards against wording drift)."""
    game = get_variant("coruscant-shift").create(["a", "b", "c"], buy_in=100, options={}, seed=4)
    rounds = set()
    while not game.finished and game.public_view().hand_no < 3:
        seat = min(game.pending_seats())
        table = read_table(game, seat)
        st = game.state  # type: ignore[attr-defined]
        assert table.target == st.target and table.suit is st.suit
        assert table.opponents >= 1 and table.pot > 0
        rounds.add(table.round_no)
        game.apply(seat, choose_action("coruscant-shift", game, seat, "balanced"))
    assert rounds == {1, 2}
