"""Corellian Spike bot: what it reads from the public view, and the card choices it makes."""

from __future__ import annotations

from engine.bots import choose_action
from engine.bots.spike import card_action, read, strength
from engine.core.game import ActionSpec
from engine.variants.corellian_spike import SpikeGame
from engine.variants.corellian_spike.cards import parse_cards


def test_strength_orders_sabaccs_above_nulrheks() -> None:
    pure, pair, plain = (
        parse_cards(["sylop", "sylop"]),
        parse_cards(["circle:+5", "circle:-5"]),
        parse_cards(["circle:+1", "circle:+2", "circle:-3"]),
    )
    near, far = parse_cards(["circle:+2", "circle:-1"]), parse_cards(["circle:+9", "circle:+8"])
    assert strength(pure) > strength(pair) > strength(plain) > strength(near) > strength(far)
    assert strength(parse_cards(["circle:+3"])) == 0.0  # not a legal hand size


def test_public_table_is_read() -> None:
    """Own cards, the discard top, rivals' card counts and the rounds left come from the views
    (guards against wording drift)."""
    game = SpikeGame.create(["a", "b", "c"], buy_in=60, seed=4, start_seat=0)
    seen = read(game, 0)
    st = game.state
    assert list(seen.hand) == st.hands[0] and seen.top == st.discard[-1]
    assert seen.rivals == (2, 2) and seen.rounds_left == 2 and seen.pot == 6
    assert len(seen.unseen) == 62 - 3


def test_swaps_into_a_sabacc_and_keeps_a_good_draw() -> None:
    game = SpikeGame.create(
        ["a", "b"],
        buy_in=60,
        seed=1,
        decks=[["circle:+5", "triangle:+9", "circle:-4", "triangle:-1", "square:-5"]],
        start_seat=0,
    )
    action = choose_action("corellian-spike", game, 0, "cautious")
    assert action.kind == "swap" and action.choices == ("circle:-4",)  # +5 −5: a Sabacc Pair
    seen = read(game, 0)
    keep = {"keep": ActionSpec("keep", "Keep it")}
    assert card_action(seen, keep, "balanced").kind == "keep"
