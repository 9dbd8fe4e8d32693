"""Centran Sabacc cards and scoring: notation, deck, automatic Ace / Wild-Five values, categories,
the Nulhrek order and the tie-breakers (spec §1, §5)."""

from __future__ import annotations

import pytest

from bot.words.centran import chosen_values
from engine.variants.centran.cards import (
    CARD_RE,
    Card,
    CardError,
    Category,
    check_unique,
    evaluate,
    full_deck,
    nulhrek_key,
    parse_hand,
)


def ev(cards: str, fives: int = 0, wild: bool = False) -> object:
    return evaluate(parse_hand(cards.split()), fives, wild)


def test_deck_has_78_unique_cards_and_five_fives() -> None:
    deck = full_deck()
    assert len(deck) == len(set(deck)) == 78
    assert sorted(c.notation for c in deck if c.is_five) == [
        "coins:5",
        "flasks:5",
        "major:-5",
        "sabers:5",
        "staves:5",
    ]
    assert sum(1 for c in deck if c.is_major) == 22
    assert all(CARD_RE.match(c.notation) for c in deck)
    assert {c.notation for c in deck} == {Card.parse(c.notation).notation for c in deck}


@pytest.mark.parametrize(
    "bad",
    [
        "coins:1",
        "coins:15",
        "coins:+7",
        "major:5",
        "major:+0",
        "major:-0",
        "Coins:7",
        "coins: 7",
        "major:-22",
        "cups:3",
        "",
    ],
)
def test_invalid_notation(bad: str) -> None:
    with pytest.raises(CardError):
        Card.parse(bad)


def test_names_and_families() -> None:
    assert Card.parse("staves:14").name == "Master of Staves (14)"
    assert Card.parse("major:0").name == "The Idiot (0)"
    assert Card.parse("major:-5").name == "The Fifth Aspect (−5)"
    assert Card.parse("sabers:ace").name == "Ace of Sabers (1/15)"
    assert Card.parse("major:0").negative_family and not Card.parse("coins:ace").negative_family
    with pytest.raises(CardError):
        check_unique(parse_hand(["coins:7", "coins:7"]))


def test_nulhrek_order_is_the_normative_list() -> None:
    order = sorted((t for t in range(-22, 23) if t), key=nulhrek_key)
    assert order[:8] == [-22, -1, 22, 1, -21, -2, 21, 2]
    assert order[-4:] == [-12, -11, 12, 11]
    assert len(order) == 44


def test_spec_example_rank_key() -> None:
    result = ev("coins:10 flasks:10")
    assert result.category is Category.NULHREK and result.total == 20
    assert result.rank_key == (6, 3, 1, 0, -2, -1, -1, 0, -10)


def test_zero_is_pure_sabacc_not_a_bust() -> None:
    result = ev("flasks:7 major:-7")
    assert result.category is Category.PURE_SABACC and result.total == 0
    assert result.rank_key[0] == 5 and result.sabacc_class


def test_desperado_and_idiots_array_are_exact() -> None:
    assert ev("major:0 major:-2 major:-3", 2).category is Category.DESPERADO
    assert ev("major:0 coins:2 staves:3", 5).category is Category.IDIOTS_ARRAY
    assert ev("major:0 coins:2 staves:3 flasks:9").category is Category.NULHREK  # 4th card
    assert ev("major:0 major:-2 coins:3").category is Category.NULHREK  # mixed −2 / +3
    assert ev("coins:2 staves:3").category is Category.NULHREK  # no Idiot


def test_wild_sabacc_only_for_the_claimant_and_never_worse() -> None:
    assert ev("coins:14 sabers:13", 5, wild=True).category is Category.WILD_SABACC
    assert ev("coins:14 sabers:13", 5).category is Category.NULHREK
    assert ev("major:-18", 5, wild=True).category is Category.PURE_SABACC  # keeps −23


def test_aces_and_fives_are_chosen_for_the_player() -> None:
    best = ev("sabers:ace coins:8")
    assert (best.category, best.total, best.aces_high) == (Category.PURE_SABACC, 23, 1)
    assert chosen_values(best, ("sabers:ace", "coins:8")) == "Ace 15"
    low = ev("coins:ace flasks:14")
    assert (low.total, low.aces_high) == (15, 0)
    two = ev("staves:12 major:0 coins:ace", 2)
    assert two.total == 23 and two.fives == (5, 5)
    assert chosen_values(two, ("staves:12", "major:0", "coins:ace")) == "Ace 1; fives +5, +5"
    minus = ev("major:-13 major:-10 coins:11", 4)
    assert minus.total == -22 and sum(minus.fives) == -10


def test_bombed_out() -> None:
    result = ev("coins:14 flasks:14")
    assert result.bombed and result.total is None
    assert result.rank_key == (9, 0, 0, 0, 0, 0, 0, 0, 0) and result.score == 0
    assert not ev("coins:14 flasks:14", 1).bombed  # a five at −5 saves it (23)


def test_tie_breakers_in_order() -> None:
    more_cards = ev("sabers:10 staves:6 coins:3")
    assert more_cards.rank_key < ev("coins:10 flasks:9").rank_key
    pairs = ev("coins:7 flasks:7 sabers:6")
    assert pairs.rank_key < ev("staves:9 coins:4 sabers:7").rank_key
    suited = ev("coins:10 coins:8 coins:3")
    assert suited.rank_key < ev("flasks:10 sabers:8 staves:3").rank_key
    negatives = ev("major:-9 major:-7 coins:2")
    assert negatives.rank_key < ev("major:0 major:-16 sabers:2").rank_key
    assert ev("coins:14 flasks:4").rank_key < ev("sabers:10 staves:8").rank_key
    assert ev("coins:10 flasks:9").rank_key == ev("sabers:10 staves:9").rank_key
