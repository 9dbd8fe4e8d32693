"""The card art itself: every face of every deck, their differences, sizes, names and the
pictures composed from them (no Discord here)."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from bot.art.compose import (
    FELT,
    SMALL,
    ShowRow,
    emoji_png,
    face_image,
    faces_of_png,
    hand_png,
    showdown_png,
)
from bot.art.decks import DECKS, deck_faces, deck_of, face, face_key, find_face_in
from bot.art.draw import CARD_H, CARD_W, EMOJI
from bot.art.emojis import emoji_name
from engine.variants import get_variant, variant_ids
from engine.variants.centran import cards as centran
from engine.variants.classic import cards as classic
from engine.variants.coruscant import cards as coruscant
from engine.variants.kessel import cards as kessel

ENGINE_DECKS = {
    "kessel": [c.notation for c in kessel.FULL_DECK],
    "coruscant": [c.notation for c in coruscant.full_deck()],
    "classic": [c.notation for c in classic.full_deck()],
    "centran": [c.notation for c in centran.full_deck()],
}
EMOJI_NAME = re.compile(r"^[a-z0-9_]{2,32}$")


def _png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_every_variant_plays_a_deck_with_art() -> None:
    assert {deck_of(v) for v in variant_ids()} == set(DECKS)
    assert deck_of("corellian-spike") == "coruscant"  # same notation (corellian-spike.md §1.2)
    assert deck_of("no-such-variant") is None


@pytest.mark.parametrize("variant", variant_ids())
def test_the_deck_of_a_variant_is_the_one_its_registration_names(variant: str) -> None:
    assert deck_of(variant) == get_variant(variant).deck.id


@pytest.mark.parametrize("deck", DECKS)
def test_every_card_of_the_engine_deck_has_its_face(deck: str) -> None:
    keys = {face_key(deck, card) for card in ENGINE_DECKS[deck]}
    assert None not in keys
    assert keys == {spec.key for spec in deck_faces(deck)}  # no face without a card either
    expected = {"kessel": 16, "coruscant": 61, "classic": 68, "centran": 78}[deck]
    assert len(deck_faces(deck)) == expected


@pytest.mark.parametrize("deck", DECKS)
def test_every_face_renders_and_all_faces_of_a_deck_differ(deck: str) -> None:
    pixels = set()
    emojis = set()
    for spec in deck_faces(deck):
        image = face_image(deck, spec.key)
        assert image.size == (CARD_W, CARD_H) and image.mode == "RGBA"
        assert image.getbbox() is not None  # something is drawn
        pixels.add(image.tobytes())
        data = emoji_png(deck, spec.key)
        icon = _png(data)
        assert icon.size == (EMOJI, EMOJI)
        assert len(data) < 256 * 1024  # Discord's emoji upload limit
        emojis.add(icon.tobytes())
    assert len(pixels) == len(deck_faces(deck))
    assert len(emojis) == len(deck_faces(deck))
    back = face_image(deck, "not a card")
    assert back.tobytes() not in pixels


def test_emoji_names_are_valid_and_unique() -> None:
    names = [emoji_name(spec) for deck in DECKS for spec in deck_faces(deck)]
    assert all(EMOJI_NAME.match(name) for name in names)
    assert len(set(names)) == len(names) == 223
    assert emoji_name(face("coruscant", "circle:+7")) == "sb1_c_circle_p7"  # type: ignore[arg-type]


def test_what_the_engine_shows_finds_its_face() -> None:
    assert face_key("classic", "queen#2") == "queen"
    assert face_key("classic", "coins:ace") == "coins:15"
    assert face_key("coruscant", "sylop#2") == "sylop"
    assert face_key("kessel", "blood:imposter#3") == "blood:impostor"
    assert face_key("centran", "major:-5") == "major:-5"
    assert face_key("kessel", "no card") is None and face_key("centran", "coins:15") is None
    # option labels name cards: the longest name wins, signs and numbers are whole
    assert find_face_in("kessel", "drawn", "Keep Sand 4 (drawn) → 4/4 Sabacc").key == "sand:4"  # type: ignore[union-attr]
    assert find_face_in("classic", "x", "10 of Coins").key == "coins:10"  # type: ignore[union-attr]
    assert find_face_in("coruscant", "sylop#2", "Ø Sylop").key == "sylop"  # type: ignore[union-attr]
    assert find_face_in("coruscant", "v", "● +10").key == "circle:+10"  # type: ignore[union-attr]
    assert find_face_in("classic", "call", "Call the hand") is None


def test_a_hand_picture_is_its_cards_faces_side_by_side() -> None:
    cards = ["coins:12", "queen#2", "staves:1"]
    data = hand_png("classic", cards)
    assert data.startswith(b"\x89PNG")
    assert faces_of_png(data) == ["classic:coins:12", "classic:queen", "classic:staves:1"]
    image = _png(data).convert("RGB")
    for i, card in enumerate(cards):
        x = 10 + i * (CARD_W + 10)
        tile = image.crop((x, 10, x + CARD_W, 10 + CARD_H))
        expected = Image.new("RGB", (CARD_W, CARD_H), FELT)
        face_tile = face_image("classic", card)
        expected.paste(face_tile, (0, 0), face_tile)
        assert tile.tobytes() == expected.tobytes()  # the pixels are exactly that face's


def test_a_showdown_shows_revealed_faces_and_backs_only() -> None:
    rows = [
        ShowRow("Alice", ("sand:3", "blood:3"), "3/3 Sabacc", winner=True),
        ShowRow("Bob", (), "did not show", face_down=2),
    ]
    data = showdown_png("kessel", rows)
    assert faces_of_png(data) == ["kessel:sand:3", "kessel:blood:3"]
    image = _png(data)
    assert image.width >= 250 + 2 * round(CARD_W * SMALL)
    assert image.height > 2 * round(CARD_H * SMALL)
