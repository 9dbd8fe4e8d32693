"""Kessel bot helpers: reading the public text back, and the exact odds model."""

from __future__ import annotations

import pytest

from engine.bots import kessel as bot
from engine.bots.common import by_kind
from engine.bots.kessel import card_from_label, parse_fix
from engine.bots.kessel_model import Field, outcomes, unseen_faces
from engine.variants import get_variant
from engine.variants.kessel.cards import FULL_DECK, Face
from engine.variants.kessel.rank import Fix

FIXES = [
    Fix(),
    Fix().with_token("cook_the_books").with_token("prime_sabacc", 3),
    Fix().with_token("markdown").with_token("major_fraud"),
]


@pytest.mark.parametrize("fix", FIXES)
def test_fix_survives_its_public_description(fix: Fix) -> None:
    assert parse_fix(fix.describe()) == fix


def test_every_card_label_parses_back() -> None:
    for card in FULL_DECK:
        assert card_from_label(card.label) == card
    assert card_from_label("empty") is None


@pytest.mark.parametrize("fix", FIXES)
def test_outcomes_are_distributions(fix: Fix) -> None:
    for sand in Face:
        for blood in Face:
            assert sum(p for _, p in outcomes(sand, blood, fix)) == pytest.approx(1.0)


def test_field_odds() -> None:
    field = Field.build(unseen_faces([]), unseen_faces([]), Fix())
    assert field.beats((0, 1, 0)) == 0.0  # nothing beats a Pure Sabacc
    assert field.beats((9, 9, 9)) == 1.0
    assert 0.0 < field.beats((0, 4, 0)) < field.beats((1, 2, 5)) < 1.0


def test_keep_and_impostor_choices_are_the_bots_own() -> None:
    """The keep labels and Impostor options parse (no fallback to the timeout default)."""
    keeps = impostors = 0
    for seed in range(6):
        game = get_variant("kessel").create(
            ["a", "b", "c"], buy_in=90, options={"token_mode": "none"}, seed=seed
        )
        while not game.finished:
            seat = min(game.pending_seats())
            specs = by_kind(game.legal_actions(seat))
            sit = bot.read_situation(game, seat)
            if "keep" in specs and sit is not None:
                assert bot.keep_action(game, seat, sit, specs["keep"]) is not None
                keeps += 1
            if "impostor" in specs and sit is not None:
                impostors += bot.impostor_action(game, seat, specs["impostor"], sit.fix) is not None
            game.apply(seat, bot.decide(game, seat, "balanced"))
    assert keeps > 10 and impostors > 0


def test_impostor_dice_are_the_best_even_next_to_a_double() -> None:
    """In turn at the reveal, the bot takes the better die(s) from its options alone (the same as
    the timeout default), also when its other Impostor was already set by a double."""
    decisions = with_double = 0
    for seed in range(40):
        game = get_variant("kessel").create(
            ["a", "b", "c", "d"], buy_in=90, options={"token_mode": "none"}, seed=seed
        )
        while not game.finished:
            seat = min(game.pending_seats())
            specs = by_kind(game.legal_actions(seat))
            if "impostor" in specs:
                assert game.pending_seats() == {seat}  # one chooser at a time (K-34)
                sit = bot.read_situation(game, seat)
                assert sit is not None
                action = bot.impostor_action(game, seat, specs["impostor"], sit.fix)
                assert action == game.default_action(seat)
                decisions += 1
                with_double += "double" in (specs["impostor"].prompt or "")
            game.apply(seat, bot.decide(game, seat, "balanced"))
    assert decisions > 20 and with_double > 0
