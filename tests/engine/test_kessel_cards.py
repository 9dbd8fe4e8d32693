"""Kessel cards, notation, ranking (§5) and settlement (§9)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.variants.kessel.cards import (
    CARD_RE,
    FULL_DECK,
    Family,
    best_impostor_choice,
    check_counts,
    evaluate,
    parse_card,
    parse_hand,
    settle,
)
from engine.variants.kessel.rank import Fix, rank_table, sabacc_order


def fix(*tokens: object) -> Fix:
    return Fix.from_json(tokens)


def ev(s_card: str, b_card: str, f: Fix | None = None, **dice: int) -> tuple[int, int, int]:
    choices = {Family(k): v for k, v in dice.items()}
    return evaluate(parse_hand([s_card, b_card]), f or Fix(), choices).rank_key


def test_deck_has_44_cards_in_two_families() -> None:
    assert len(FULL_DECK) == 44
    counts = Counter(c.notation for c in FULL_DECK)
    assert counts["sand:3"] == 3 and counts["blood:impostor"] == 3 and counts["sand:sylop"] == 1
    assert all(CARD_RE.match(c.notation) for c in FULL_DECK)


def test_notation_parsing() -> None:
    assert parse_card("sand:6#2").notation == "sand:6"
    assert parse_card("Blood:Imposter").notation == "blood:impostor"
    for bad in ("sand:7", "sand:0", "red:3", "sand:sylop#1", "sand:3#4", ""):
        with pytest.raises(ValueError):
            parse_card(bad)
    assert [c.notation for c in parse_hand(["blood:2", "sand:1"])] == ["sand:1", "blood:2"]
    with pytest.raises(ValueError):
        parse_hand(["sand:1", "sand:2"])
    with pytest.raises(ValueError):
        check_counts([parse_card("sand:sylop")] * 2)


def test_base_order_and_nulhrek_tie_breaks() -> None:
    assert ev("sand:sylop", "blood:sylop") == (0, 1, 0)
    assert ev("sand:1", "blood:1") < ev("sand:6", "blood:6") < ev("sand:1", "blood:2")
    assert ev("sand:3", "blood:2") < ev("sand:5", "blood:4")  # same difference, lower sum
    assert ev("sand:3", "blood:2") == ev("sand:2", "blood:3")  # tie
    assert ev("sand:6", "blood:5") < ev("sand:1", "blood:3")  # difference first


def test_sylop_and_impostor_resolution() -> None:
    assert ev("sand:sylop", "blood:4") == ev("sand:4", "blood:4")
    assert ev("sand:sylop", "blood:impostor", blood=2) == (0, 3, 0)
    assert ev("sand:impostor", "blood:impostor", sand=3, blood=3) == (0, 4, 0)
    assert ev("sand:impostor", "blood:impostor", sand=3, blood=4)[0] == 1
    with pytest.raises(ValueError):
        ev("sand:impostor", "blood:2")  # no die chosen


def test_markdown_and_major_fraud() -> None:
    md, mf = fix("markdown"), fix("major_fraud")
    assert ev("sand:sylop", "blood:4", md) == (1, 4, 4)
    assert ev("sand:sylop", "blood:sylop", md) == (0, 7, 0)
    assert ev("sand:impostor", "blood:2", mf) == (1, 4, 8)
    assert ev("sand:sylop", "blood:impostor", mf) == (0, 7, 0)
    assert ev("sand:impostor", "blood:impostor", fix("major_fraud", "cook_the_books")) == (0, 1, 0)


def test_sabacc_orders_for_every_combination() -> None:
    assert sabacc_order(Fix()) == [0, 1, 2, 3, 4, 5, 6]
    assert sabacc_order(fix("cook_the_books")) == [6, 5, 4, 3, 2, 1, 0]
    assert sabacc_order(fix("markdown")) == [1, 2, 3, 4, 5, 6, 0]
    assert sabacc_order(fix({"prime_sabacc": 3})) == [0, 3, 1, 2, 4, 5, 6]
    assert sabacc_order(fix("cook_the_books", {"prime_sabacc": 3})) == [3, 6, 5, 4, 2, 1, 0]
    assert sabacc_order(fix("cook_the_books", "markdown")) == [6, 5, 4, 3, 2, 1, 0]
    assert sabacc_order(fix("markdown", {"prime_sabacc": 3})) == [3, 1, 2, 4, 5, 6, 0]
    assert sabacc_order(fix({"prime_sabacc": 4}, {"prime_sabacc": 2})) == [0, 2, 1, 3, 4, 5, 6]


def test_fix_idempotence_and_prime_replacement() -> None:
    f = fix("cook_the_books", {"prime_sabacc": 4}, "cook_the_books", "prime_sabacc:2")
    assert f.to_json() == ["cook_the_books", {"prime_sabacc": 2}]
    with pytest.raises(ValueError):
        fix("embargo")


def test_names_under_prime() -> None:
    table = rank_table(fix({"prime_sabacc": 3}))
    assert table[1] == {"rank": 2, "pair": "3/3", "name": "PRIME SABACC (ROYAL SABACC)"}
    assert table[2]["name"] == "ACE SABACC" and table[7]["name"] == "NULHREK"
    assert rank_table(fix({"prime_sabacc": 1}))[1]["name"] == "PRIME SABACC"


def test_best_impostor_choice_prefers_rank_then_lower_value() -> None:
    hand = parse_hand(["sand:impostor", "blood:4"])
    assert best_impostor_choice(hand, Fix(), {Family.SAND: (2, 4)}) == {Family.SAND: 4}
    assert best_impostor_choice(hand, Fix(), {Family.SAND: (1, 6)}) == {Family.SAND: 6}
    hand2 = parse_hand(["sand:impostor", "blood:impostor"])
    rolls = {Family.SAND: (5, 2), Family.BLOOD: (2, 6)}
    assert best_impostor_choice(hand2, Fix(), rolls) == {Family.SAND: 2, Family.BLOOD: 2}


def test_settlement_taxes_and_elimination() -> None:
    evals = {
        "A": evaluate(parse_hand(["sand:2", "blood:2"]), Fix()),
        "B": evaluate(parse_hand(["sand:sylop", "blood:2"]), Fix()),
        "C": evaluate(parse_hand(["sand:1", "blood:4"]), Fix()),
        "D": evaluate(parse_hand(["sand:3", "blood:3"]), Fix()),
    }
    res = settle(evals, {"A": 2, "B": 3, "C": 2, "D": 1}, {"A": 2, "B": 1, "C": 1, "D": 2})
    assert res.winners == ("A", "B")
    assert res.tax == {"A": 0, "B": 0, "C": 3, "D": 1}
    assert res.taken == {"A": 0, "B": 0, "C": 2, "D": 1}
    assert res.stock_after == {"A": 4, "B": 4, "C": 0, "D": 0}
    assert res.eliminated == ("C", "D")
    # a winner with nothing at all is eliminated too (K-23)
    res2 = settle({"A": evals["A"], "C": evals["C"]}, {"A": 0, "C": 4}, {})
    assert res2.eliminated == ("A",) and res2.stock_after["C"] == 1
