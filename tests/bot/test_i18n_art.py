"""Card art in the reader's language (issue #26 point 4): the words printed on faces (suit names,
ranks, roles), the showdown's "WINNER" and the pictures' descriptions follow the reader's
language; a face painted for one language is never served to another; application emojis carry
no word, so one set serves every language."""

from __future__ import annotations

import pytest
from PIL import ImageChops

from bot.art import compose
from bot.art.compose import ShowRow, emoji_png, face_image, hand_png, showdown_png
from bot.art.decks import DECKS, deck_faces, face, face_name
from bot.art.words import FACE_WORDS, face_text
from bot.i18n import LOCALES, SOURCE, translator, using

TRANSLATED = [locale for locale in LOCALES if locale != SOURCE]


def test_every_word_printed_on_a_face_has_a_translation() -> None:
    printed = {
        word
        for deck in DECKS
        for spec in deck_faces(deck)
        for word in (spec.title, spec.subtitle)
        if word
    }
    for word in printed:
        assert face_text(word) == word  # English: as the faces always showed them
        for locale in TRANSLATED:
            with using(locale):
                shown = face_text(word)
            parts = [p for p in FACE_WORDS if p in word]
            assert parts, f"{word!r} is printed but has no entry in FACE_WORDS"
            assert shown == shown.upper()
            assert translator(locale).gettext(FACE_WORDS[parts[0]]).upper() in shown


@pytest.mark.parametrize("locale", TRANSLATED)
def test_a_face_is_painted_in_the_readers_language(locale: str) -> None:
    blood = face("kessel", "blood:4")
    assert blood is not None
    english = face_image("kessel", "blood:4")
    with using(locale):
        theirs = face_image("kessel", "blood:4")
        alt = face_name(blood)
    assert ImageChops.difference(english.convert("RGB"), theirs.convert("RGB")).getbbox()
    assert face_image("kessel", "blood:4") is english  # cached per language, never mixed
    assert alt == translator(locale).gettext("{family} {face}").format(
        family=translator(locale).gettext("Blood"), face="4"
    )


def test_pictures_take_the_language_as_an_argument() -> None:
    """Pictures are painted in worker processes: the language travels with the call."""
    cards = ("sand:4", "blood:impostor")
    assert hand_png("kessel", cards) == hand_png("kessel", cards, SOURCE)
    assert hand_png("kessel", cards, "de") != hand_png("kessel", cards)
    rows = [ShowRow("Rey", cards, "4/6", winner=True)]
    assert showdown_png("kessel", rows, "fr") != showdown_png("kessel", rows)
    with using("fr"):
        assert compose._("WINNER") == "GAGNANT"


def test_emojis_carry_no_word() -> None:
    """The same emoji whatever the language: one application emoji set for every reader."""
    spec = deck_faces("kessel")[0]
    english = emoji_png("kessel", spec.key)
    emoji_png.cache_clear()
    for locale in TRANSLATED:
        with using(locale):
            assert emoji_png("kessel", spec.key) == english
        emoji_png.cache_clear()
