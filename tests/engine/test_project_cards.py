"""Sabacc Project: notation, deck, evaluation (§1, §5.1), the Shift's RNG sequence (§6.2) and
settlement edge cases beyond the public vectors (§5.3–§5.5)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from bot.words.project import decided
from engine.variants.project.cards import (
    CARD_RE,
    CardError,
    Category,
    evaluate,
    full_deck,
    parse,
    parse_hand,
)
from engine.variants.project.events import Why
from engine.variants.project.settle import ListPile, settle
from engine.variants.project.shift import shift, shift_happens


def ev(*cards: str) -> tuple[str, int, Any]:
    e = evaluate(parse_hand(cards))
    return e.category.value, e.total, e.rank_key


# ---------------------------------------------------------------------- deck and notation


def test_deck_has_76_cards_with_the_spec_values() -> None:
    deck = full_deck()
    assert len(deck) == 76 and len(set(deck)) == 76
    plain = Counter(c.plain for c in deck)
    assert all(CARD_RE.match(p) for p in plain)
    assert sum(1 for p in plain if ":" in p) == 60
    assert {p: k for p, k in plain.items() if ":" not in p} == dict.fromkeys(
        ("idiot", "queen", "endurance", "balance", "demise", "moderation", "evil_one", "star"), 2
    )
    values = {c.plain: c.value for c in deck if c.suit is None}
    assert values == {
        "star": -17,
        "evil_one": -15,
        "moderation": -14,
        "demise": -13,
        "balance": -11,
        "endurance": -8,
        "queen": -2,
        "idiot": 0,
    }
    assert sorted(c.value for c in deck if c.suit == "coins") == list(range(1, 16))


@pytest.mark.parametrize(
    "text", ["coins:0", "coins:16", "coins:01", "Coins:3", "coins:ace", "queen#2", "joker", " star"]
)
def test_notation_is_strict(text: str) -> None:
    with pytest.raises(CardError):
        parse(text)


def test_notation_round_trip_and_names() -> None:
    for card in full_deck():
        assert parse(card.plain).plain == card.plain
    assert parse("sabers:12").name == "Commander of Sabers (12)"
    assert parse("queen").name == "The Queen of Air and Darkness (−2)"


# ---------------------------------------------------------------------- evaluation


def test_rank_order_of_section_5_1() -> None:
    ladder = [
        ("idiot", "coins:2", "staves:3"),
        ("coins:15", "coins:8"),
        ("evil_one", "endurance"),
        ("coins:11", "flasks:11"),
        ("moderation", "endurance"),
        ("coins:10", "flasks:11"),
        ("demise", "endurance"),
        ("coins:1",),
        ("queen", "coins:1"),
    ]
    keys = [evaluate(parse_hand(h)).rank_key for h in ladder]
    assert keys == sorted(keys, key=lambda k: k or (9,)) and len(set(keys)) == len(keys)


def test_bombs_and_special_cases() -> None:
    assert ev("idiot", "idiot") == ("bomb", 0, None)
    assert ev("sabers:8", "endurance") == ("bomb", 0, None)
    assert ev("coins:15", "coins:9") == ("bomb", 24, None)
    assert ev("star", "balance") == ("bomb", -28, None)
    assert ev("idiot", "sabers:2", "flasks:3", "coins:1") == ("hand", 6, (2, 17, 0))
    assert ev("idiot", "queen", "coins:3")[0] == "hand"  # the Queen is −2, not a 2
    assert ev("idiot", "coins:2", "coins:3")[0] == "idiots_array"  # suits are irrelevant
    assert ev("coins:15", "coins:8", "idiot") == ("pure_sabacc", 23, (1, 0, 0))
    assert ev("demise", "balance", "coins:1") == ("pure_sabacc", -23, (1, 0, 1))
    assert evaluate(parse_hand(["coins:5"])).category is Category.HAND


# ---------------------------------------------------------------------- the Shift


class Scripted(random.Random):
    """Returns scripted values for the calls of §6.2, in order; fails on anything else."""

    def __init__(self, script: list[tuple[str, Any]]) -> None:
        super().__init__(0)
        self.script = list(script)
        self.calls: list[tuple[str, tuple[Any, ...]]] = []

    def _next(self, name: str, *args: Any) -> Any:
        self.calls.append((name, args))
        expected, value = self.script.pop(0)
        assert expected == name, f"expected rng.{expected}, got rng.{name}{args}"
        return value

    def random(self) -> float:
        return float(self._next("random"))

    def randint(self, a: int, b: int) -> int:
        return int(self._next("randint", a, b))

    def sample(self, population: Any, k: int, **_: Any) -> list[Any]:
        return list(self._next("sample", list(population), k))

    def randrange(self, *args: Any, **_: Any) -> int:
        return int(self._next("randrange", *args))


def test_worked_example_of_section_6_2() -> None:
    a, b = 0, 1
    hands = {a: parse_hand(["coins:7", "star", "flasks:10"]), b: parse_hand(["sabers:3", "idiot"])}
    top = ["staves:2", "moderation", "flasks:13", "coins:1", "endurance"]
    rest = [c.plain for c in full_deck()]
    for card in ["coins:7", "star", "flasks:10", "sabers:3", "idiot", *top]:
        rest.remove(card)
    pile = parse_hand(top + rest[: 71 - len(top)])
    assert len(pile) == 71
    rng = Scripted(
        [
            ("random", 0.13),
            ("randint", 2),
            ("sample", [(b, 1), (a, 0)]),
            ("randrange", 4),
            ("randrange", 0),
        ]
    )
    assert shift_happens(rng, 0.2)
    swaps = shift([a, b], hands, {a: [1]}, pile, rng, 1, 5)
    assert [c.plain for c in hands[b]] == ["sabers:3", "endurance"]
    assert [c.plain for c in hands[a]] == ["staves:2", "star", "flasks:10"]
    assert pile[4].plain == "idiot" and pile[0].plain == "coins:7"
    assert [(s.seat, s.index, s.pile_index) for s in swaps] == [(b, 1, 4), (a, 0, 0)]
    # The exact calls: randint(min, max), sample over the exposed cards in seat/received order.
    assert rng.calls[1] == ("randint", (1, 5))
    assert rng.calls[2] == ("sample", ([(a, 0), (a, 2), (b, 0), (b, 1)], 2))
    assert rng.calls[3:] == [("randrange", (71,)), ("randrange", (71,))]


def test_shift_caps_k_and_does_nothing_without_exposed_cards_or_pile() -> None:
    hands = {0: parse_hand(["coins:7", "star"])}
    rng = Scripted([("randint", 5), ("sample", [(0, 1)]), ("randrange", 0)])
    pile = parse_hand(["idiot"])
    swaps = shift([0], hands, {0: [0]}, pile, rng, 1, 5)
    assert rng.calls[1] == ("sample", ([(0, 1)], 1))  # k = min(5, 1 exposed, 1 in pile)
    assert [c.plain for c in hands[0]] == ["coins:7", "idiot"] and swaps[0].old.plain == "star"
    assert shift([0], hands, {0: [0, 1]}, pile, Scripted([]), 1, 5) == []
    assert shift([0], hands, {}, [], Scripted([]), 1, 5) == []


def test_shift_check_draws_once_even_when_off() -> None:
    rng = Scripted([("random", 0.0)])
    assert not shift_happens(rng, 0.0) and not rng.script


# ---------------------------------------------------------------------- settlement


def _settle(hands: dict[str, list[str]], pile: list[str], contrib: dict[str, int]) -> Any:
    order = list(contrib)
    stacks = dict.fromkeys(order, 50)
    parsed = {p: parse_hand(h) for p, h in hands.items()}
    return settle(order, parsed, contrib, stacks, 10, ListPile(parse_hand(pile)))


def _b_and_c_tied(demise: list[str]) -> Any:
    """A (15) all-in for 10 against B and C, tied at 20 with 30 in each: a base layer of the
    three and a side layer of B and C, settled with the Sudden Demise cards ``demise``."""
    hands = {
        "A": ["coins:8", "coins:7"],
        "B": ["sabers:9", "sabers:11"],
        "C": ["staves:9", "staves:11"],
    }
    return _settle(hands, demise, {"A": 10, "B": 30, "C": 30})


def test_all_bombed_sudden_demise_players_cannot_win_a_later_layer() -> None:
    # Base layer A, B, C: B and C tie at 20, both bomb in Sudden Demise, A (15) wins it.
    # Side layer B, C only: nobody left to win it → to the Sabacc pot (§5.4 / SP-29).
    result = _b_and_c_tied(["coins:15", "flasks:14"])
    assert [(p.amount, p.winners) for p in result.pots] == [(30, ["A"]), (40, [])]
    assert result.to_sabacc_pot == 40 and result.sabacc_pot_after == 50


def test_sudden_demise_cards_are_reused_between_layers() -> None:
    # B and C tie in both layers (A is all-in with less): one deal decides both (SP-17).
    result = _b_and_c_tied(["coins:1", "flasks:2"])
    assert len(result.sudden_demise) == 1
    assert [(p.winners, p.depth) for p in result.pots] == [(["C"], 1), (["C"], 1)]
    assert result.reason is not None and result.reason.why is Why.SUDDEN_DEMISE
    assert "Sudden Demise" in decided(result.reason)


def test_penalties_are_collected_by_a_pure_sabacc_winner_and_reason_lines() -> None:
    result = _settle(
        {"A": ["coins:15", "coins:14"], "B": ["staves:12", "staves:11"]}, [], {"A": 10, "B": 10}
    )
    assert result.penalties == {"A": 20} and result.sabacc_award == {"A": 0, "B": 30}
    assert result.reason is not None
    assert decided(result.reason) == "B holds the only hand that did not bomb out (Pure Sabacc +23)"
    plus_minus = _settle(
        {"A": ["sabers:9", "coins:12"], "B": ["demise", "endurance"]}, [], {"A": 5, "B": 5}
    )
    assert plus_minus.reason is not None
    assert "at equal distance the positive total wins" in decided(plus_minus.reason)


def test_docstring_examples_hold() -> None:
    import doctest
    import importlib

    for name in ("project.cards", "project.shift"):
        module = importlib.import_module(f"engine.variants.{name}")
        assert doctest.testmod(module).failed == 0, name
