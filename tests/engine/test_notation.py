"""The card reading scaffold every deck shares (:mod:`engine.core.notation`): each deck's cards
read back as the deck's own instances, a list reads in order, a card prints as its notation, the
variant's own grammar still answers what the table lacks (and its errors still come out), and
the one cache keeps each deck's cards apart."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from engine.core.notation import Notated
from engine.variants.centran import cards as centran
from engine.variants.classic import cards as classic
from engine.variants.coruscant import cards as coruscant
from engine.variants.kessel import cards as kessel

DECKS: dict[str, tuple[type[Notated], Callable[[], Sequence[Any]]]] = {
    "classic": (classic.Card, classic.full_deck),
    "centran": (centran.Card, centran.full_deck),
    "coruscant": (coruscant.Card, coruscant.full_deck),
    "kessel": (kessel.Card, lambda: kessel.FULL_DECK),
}


@pytest.mark.parametrize("deck", DECKS)
def test_every_card_reads_back_as_the_decks_own_instance(deck: str) -> None:
    card_type, full_deck = DECKS[deck]
    cards = list(full_deck())
    assert issubclass(card_type, Notated)
    for card in cards:
        assert card_type.parse(card.notation) is card
        assert str(card) == card.notation
    parsed = card_type.parse_all([card.notation for card in cards])
    assert parsed == cards and all(a is b for a, b in zip(parsed, cards, strict=True))


def test_each_variant_grammar_answers_what_the_table_lacks() -> None:
    assert classic.Card.parse("coins:ace") == classic.Card.parse("coins:15")
    assert (
        kessel.parse_card("blood:imposter")
        is kessel.CARDS[kessel.Family.BLOOD, kessel.Face.IMPOSTOR]
    )
    assert kessel.parse_card(" SAND:3 ") is kessel.parse_card("sand:3")
    assert coruscant.parse_cards(["sylop", "circle:+7"]) == [
        coruscant.SYLOP,
        coruscant.Card.parse("circle:+7"),
    ]


@pytest.mark.parametrize(
    ("parse", "text", "error"),
    [
        (classic.Card.parse, "coins:16", classic.CardError),
        (centran.Card.parse, "coins:15", centran.CardError),
        (coruscant.Card.parse, "circle:+11", ValueError),
        (kessel.parse_card, "sylop#2", ValueError),
    ],
)
def test_the_variant_errors_still_come_out(
    parse: Callable[[str], object], text: str, error: type[Exception]
) -> None:
    with pytest.raises(error):
        parse(text)


def test_one_cache_keeps_each_decks_cards_apart() -> None:
    seven = (classic.Card.parse("coins:7"), centran.Card.parse("coins:7"))
    assert type(seven[0]) is classic.Card and type(seven[1]) is centran.Card
    assert seven == (classic.Card.parse("coins:7"), centran.Card.parse("coins:7"))
    assert classic.parse_hand(["coins:7"]) == [seven[0]]
    assert centran.parse_hand(["coins:7"]) == [seven[1]]
