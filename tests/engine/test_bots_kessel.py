"""Kessel bot helpers: reading the public text back, and the exact odds model."""

from __future__ import annotations

import pytest

from engine.bots.kessel import card_from_label, parse_fix
from engine.bots.kessel_model import Field, outcomes, unseen_faces
from engine.variants.kessel_cards import FULL_DECK, Face
from engine.variants.kessel_rank import Fix

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
