"""Classic Sabacc deck, notation and scoring (spec §1, §5.2, §5.3, §8 rank_key examples)."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from bot.words import hand_name
from engine.variants.classic.cards import (
    CARD_RE,
    Card,
    CardError,
    Category,
    check_card_counts,
    evaluate,
    full_deck,
    parse_hand,
)

SPEC_REGEX = (
    r"^(?:(coins|flasks|sabers|staves):(1[0-5]|[1-9])|(idiot|queen|endurance|balance|demise"
    r"|moderation|evil_one|star)(?:#[12])?)$"
)


def test_deck_composition() -> None:
    deck = full_deck()
    assert len(deck) == 76 and len(set(deck)) == 76
    suited = [c for c in deck if c.suit is not None]
    assert len(suited) == 60
    assert Counter(c.suit for c in suited) == {
        s: 15 for s in ("coins", "flasks", "sabers", "staves")
    }
    specials = Counter(c.special for c in deck if c.special is not None)
    assert specials == dict.fromkeys(
        ("idiot", "queen", "endurance", "balance", "demise", "moderation", "evil_one", "star"), 2
    )
    values = sorted({c.value for c in deck if c.special is not None})
    assert values == [-17, -15, -14, -13, -11, -8, -2, 0]


def test_notation_matches_spec_regex() -> None:
    spec = re.compile(SPEC_REGEX)
    for card in full_deck():
        assert spec.match(card.notation), card.notation
        assert spec.match(card.plain), card.plain
        assert Card.parse(card.notation) == card
    for bad in ("coins:0", "coins:16", "Coins:7", "coins:07", "queen#3", "joker", "coins: 7", "+3"):
        assert not CARD_RE.match(bad)
        with pytest.raises(CardError):
            Card.parse(bad)


def test_rank_names_normalise() -> None:
    assert Card.parse("sabers:commander").notation == "sabers:12"
    assert Card.parse("coins:mistress").notation == "coins:13"
    assert Card.parse("flasks:master").notation == "flasks:14"
    assert Card.parse("staves:ace").notation == "staves:15"
    assert Card.parse("staves:15").name == "Ace of Staves (15)"


@pytest.mark.parametrize(
    ("hand", "total", "category", "key"),
    [
        (["idiot", "coins:2", "staves:3"], 5, Category.IDIOTS_ARRAY, (0, 0, 0)),
        (["idiot", "coins:2", "sabers:3", "flasks:1"], 6, Category.NULHREK, (3, 17, 1)),
        (["queen", "queen"], -4, Category.FAIRY_EMPRESS, (2, 0, 0)),
        (["queen", "queen", "coins:1"], -3, Category.NULHREK, (3, 20, 0)),
        (["star", "moderation", "coins:8"], -23, Category.PURE_SABACC, (1, 0, 0)),
        (["coins:15", "sabers:8"], 23, Category.PURE_SABACC, (1, 0, 1)),
        (["queen", "coins:2"], 0, Category.BOMB_OUT, None),
        (["coins:15", "sabers:9"], 24, Category.BOMB_OUT, None),
        (["star", "demise"], -30, Category.BOMB_OUT, None),
        (["coins:11", "flasks:11"], 22, Category.NULHREK, (3, 1, 1)),
        (["evil_one", "endurance", "coins:3"], -20, Category.NULHREK, (3, 3, 0)),
        (["sabers:15", "coins:5"], 20, Category.NULHREK, (3, 3, 1)),
        (["queen", "coins:1"], -1, Category.NULHREK, (3, 22, 0)),
    ],
)
def test_spec_examples(hand: list[str], total: int, category: Category, key: object) -> None:
    result = evaluate(parse_hand(hand))
    assert (result.total, result.category, result.rank_key) == (total, category, key)
    assert result.bombed is (key is None)


def _key(hand: list[str]) -> tuple[int, int, int]:
    key = evaluate(parse_hand(hand)).rank_key
    assert key is not None
    return key


def test_ordering_cl15_cl17_cl18() -> None:
    ia = _key(["idiot", "coins:2", "staves:3"])
    minus23 = _key(["star", "moderation", "coins:8"])
    plus23 = _key(["coins:15", "sabers:8"])
    fairy = _key(["queen", "queen"])
    minus22 = _key(["star", "endurance", "coins:3"])
    plus22 = _key(["coins:11", "flasks:11"])
    minus21 = _key(["star", "queen", "queen"])
    assert ia < minus23 < plus23 < fairy < minus22 < plus22 < minus21
    assert _key(["balance", "coins:1"]) < _key(["flasks:4", "staves:5"])  # -10 beats 9


def test_idiots_array_any_suits_but_exactly_three_cards() -> None:
    assert evaluate(parse_hand(["sabers:3", "idiot", "sabers:2"])).category is Category.IDIOTS_ARRAY
    assert evaluate(parse_hand(["idiot", "idiot", "coins:2"])).category is Category.NULHREK
    assert evaluate(parse_hand(["idiot", "coins:2"])).category is Category.NULHREK


def test_card_count_check() -> None:
    check_card_counts(parse_hand(["queen", "queen#2", "coins:1"]))
    with pytest.raises(CardError):
        check_card_counts(parse_hand(["queen", "queen", "queen"]))
    with pytest.raises(CardError):
        check_card_counts(parse_hand(["coins:1", "coins:1"]))


def test_labels_and_scores() -> None:
    def named(cards: list[str]) -> str:
        return hand_name("classic", evaluate(parse_hand(cards)))

    assert named(["coins:15", "sabers:8"]) == "Pure Sabacc +23"
    assert named(["star", "moderation", "coins:8"]) == "Pure Sabacc −23"
    assert named(["coins:15", "sabers:9"]) == "Bomb-out (+24)"
    assert named(["idiot", "coins:2", "staves:3"]) == "Idiot's Array"
    assert named(["queen", "queen"]) == "The Fairy Empress"
    key = evaluate(parse_hand(["coins:11", "flasks:11"])).label  # what the seat records keep
    assert key == "nulhrek:22" and hand_name("classic", key) == "Nulhrek +22"
    assert hand_name("classic", "Nulhrek +22") == "Nulhrek +22"  # a name stored earlier
    scores = [
        evaluate(parse_hand(h)).score
        for h in (
            ["idiot", "coins:2", "staves:3"],
            ["coins:15", "sabers:8"],
            ["queen", "queen"],
            ["coins:11", "flasks:11"],
            ["coins:1", "coins:2"],
            ["queen", "coins:2"],
        )
    ]
    assert scores == sorted(scores, reverse=True) and scores[-1] == 0
