"""Kessel bot helpers: reading the facts of the views and controls, and the exact odds model."""

from __future__ import annotations

import pytest

from engine.bots import kessel as bot
from engine.bots.common import Undecided, by_kind
from engine.bots.kessel_model import Field, outcomes, unseen_faces
from engine.core.game import ActionSpec, Option, ParamKind
from engine.variants import get_variant
from engine.variants.kessel import KesselGame
from engine.variants.kessel.cards import FAMILIES, Face
from engine.variants.kessel.facts import ImpostorDice
from engine.variants.kessel.rank import Fix

FIXES = [
    Fix(),
    Fix().with_token("cook_the_books").with_token("prime_sabacc", 3),
    Fix().with_token("markdown").with_token("major_fraud"),
]


def test_the_situation_is_read_from_the_facts_of_the_views() -> None:
    """Tops, Fix tokens, turn, Hand Pots, stances and immunity as the state holds them."""
    checked = 0
    for seed in range(4):
        game = get_variant("kessel").create(
            ["a", "b", "c"], buy_in=90, options={"token_mode": "random"}, seed=seed
        )
        assert isinstance(game, KesselGame)
        st = game.state
        while not game.finished:
            seat = min(game.pending_seats())
            if "stand" in by_kind(game.legal_actions(seat)):
                sit = bot.read_situation(game, seat)
                assert sit.fix == st.fix and sit.turn == st.t
                assert sit.stock == st.seats[seat].stock
                assert sit.hand_pot == st.seats[seat].hand_pot
                tops = {f: st.discard[f][-1].face if st.discard[f] else None for f in FAMILIES}
                assert sit.tops == tops
                for rival in sit.rivals:
                    other = st.seats[rival.seat]
                    assert (rival.hand_pot, rival.immune) == (other.hand_pot, other.immune)
                    assert rival.standing == other.in_stand
                checked += 1
            game.apply(seat, bot.decide(game, seat, "balanced"))
    assert checked > 20


def test_controls_without_facts_leave_the_bot_undecided() -> None:
    """No silent default: a keep or a die choice without its facts raises."""
    game = get_variant("kessel").create(
        ["a", "b"], buy_in=90, options={"token_mode": "none"}, seed=1
    )
    sit = bot.read_situation(game, min(game.pending_seats()))
    bare = ActionSpec("keep", param=ParamKind.CHOICE, options=(Option("drawn"), Option("held")))
    with pytest.raises(Undecided):
        bot.keep_action(sit, bare)
    with pytest.raises(Undecided):
        bot.impostor_action(game, 0, ActionSpec("impostor", options=(Option("3"),)), Fix())
    with pytest.raises(Undecided):
        bot.card_action(sit, {"draw": ActionSpec("draw", options=(Option("sand_draw"),))}, "bold")


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
    """The keep and Impostor options' facts decide (no fallback to the timeout default)."""
    keeps = impostors = 0
    for seed in range(6):
        game = get_variant("kessel").create(
            ["a", "b", "c"], buy_in=90, options={"token_mode": "none"}, seed=seed
        )
        while not game.finished:
            seat = min(game.pending_seats())
            specs = by_kind(game.legal_actions(seat))
            sit = bot.read_situation(game, seat)
            if "keep" in specs:
                assert bot.keep_action(sit, specs["keep"]) is not None
                keeps += 1
            if "impostor" in specs:
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
                action = bot.impostor_action(game, seat, specs["impostor"], sit.fix)
                assert action == game.default_action(seat)
                decisions += 1
                dice = specs["impostor"].facts
                assert isinstance(dice, ImpostorDice)
                with_double += bool(dice.doubles)
            game.apply(seat, bot.decide(game, seat, "balanced"))
    assert decisions > 20 and with_double > 0
