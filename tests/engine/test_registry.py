"""One registration per variant: its :class:`~engine.core.game.VariantInfo` carries its bot, its
deck and its vocabulary key, and nothing else keeps a list of variants."""

from __future__ import annotations

import importlib
import random

import pytest

from engine import bots
from engine.bots.random_legal import random_action
from engine.variants import get_variant, variant_ids

VARIANTS = variant_ids()


@pytest.mark.parametrize("variant", VARIANTS)
def test_registration_names_an_importable_bot(variant: str) -> None:
    info = get_variant(variant)
    assert info.bot is not None
    assert callable(importlib.import_module(info.bot).decide)
    assert bots.supports(variant)


def test_bots_follow_the_registration() -> None:
    assert not bots.supports("no-such-variant")
    with pytest.raises(LookupError):
        bots._decider("no-such-variant")


@pytest.mark.parametrize("variant", VARIANTS)
def test_registration_carries_a_vocabulary_key(variant: str) -> None:
    vocabulary = get_variant(variant).vocabulary
    assert isinstance(vocabulary, str) and vocabulary


@pytest.mark.parametrize("variant", VARIANTS)
def test_deck_faces_have_distinct_keys_that_map_to_themselves(variant: str) -> None:
    deck = get_variant(variant).deck
    keys = [deck.face_key(card.notation) for card in deck.faces()]
    assert len(keys) == len(set(keys)) > 0
    assert all(deck.face_key(k) == k for k in keys)
    with pytest.raises(ValueError):
        deck.face_key("not a card")


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_card_a_seat_is_shown_is_a_face_of_the_registered_deck(variant: str) -> None:
    info = get_variant(variant)
    keys = {info.deck.face_key(card.notation) for card in info.deck.faces()}
    buy_in = info.buy_in_presets[info.default_preset]
    rng = random.Random(3)
    shown = 0
    for seed in range(3):
        game = info.create(["a", "b", "c"], buy_in=buy_in, options={}, seed=seed)
        for _ in range(40):
            if game.finished or not game.pending_seats():
                break
            for seat in range(len(game.players)):
                for notation in game.view_for(seat).hand:
                    assert info.deck.face_key(notation) in keys
                    shown += 1
            seat = min(game.pending_seats())
            game.apply(seat, random_action(game, seat, rng))
    assert shown > 0


def test_variants_sharing_a_physical_deck_share_its_registration() -> None:
    decks = {v: get_variant(v).deck for v in VARIANTS}
    assert decks["corellian-spike"] is decks["coruscant-shift"]
    assert decks["project"] is decks["classic"]
    assert len({d.id for d in decks.values()}) == 4
