"""The shared betting speaks facts (``engine.core.betting*``) and the bot writes its words once
(``bot/words/betting.py``), the same in every variant: log lines, controls, refusals, and the
bots read the amount to call from the facts."""

from __future__ import annotations

import random
from functools import partial

import pytest

from bot import words
from bot.words.base import Words
from engine.bots.common import BetSituation, Undecided, betting_action
from engine.core.betting import BetKind, Betting
from engine.core.betting_events import BetMade
from engine.core.betting_specs import BetControl, bet_specs
from engine.core.facts import Fact
from engine.core.game import ActionSpec
from engine.variants import variant_ids
from tests.engine.facts_checks import refusal


def opened(*stacks: int) -> Betting:
    b = Betting(len(stacks), list(stacks))
    b.start_hand(range(len(stacks)))
    b.start_phase(0)
    return b


def test_a_bet_is_a_fact_and_every_variant_writes_the_same_line() -> None:
    b = opened(10, 4)
    made = BetMade.from_result(b.act(0, "bet", 6), ["Ann", "Bo"])
    called = BetMade.from_result(b.act(1, "call"), ["Ann", "Bo"])
    assert isinstance(made, Fact) and not hasattr(made, "public_text")
    for variant in variant_ids():
        assert words.events_lines(variant, (made, called)) == [
            "Ann bets 6.",
            "Bo calls 4 (all-in). 2 uncalled credits go back to Ann.",
        ], variant
    assert Words().event_lines(made) == ["Ann bets 6."]  # a renderer with no events of its own


def test_betting_controls_carry_facts_and_the_words_are_written_once() -> None:
    b = opened(10, 10)
    b.act(0, "bet", 4)
    specs = bet_specs(b.options(1), b.stacks[1])
    assert all(s.label == "" == s.prompt for s in specs)  # no English in the engine
    assert [s.facts for s in specs] == [
        BetControl(BetKind.CALL, 4, False),
        BetControl(BetKind.RAISE),
        BetControl(BetKind.ALL_IN, 10, True),
        BetControl(BetKind.FOLD),
    ]
    expected = [
        ("Call 4", "", "primary"),
        ("Raise to…", "Raise to what total? (5–10)", "secondary"),
        ("All-in 10", "", "secondary"),
        ("Fold", "", "danger"),
    ]
    for variant in variant_ids():
        worded = [words.spec_text(variant, s) for s in specs]
        assert [(s.label, s.prompt, s.style) for s in worded] == expected, variant
    assert [Words().spec(s).label for s in specs] == [label for label, _, _ in expected]


def test_every_betting_refusal_is_a_code_with_a_sentence() -> None:
    b = opened(10, 10)
    attempts = [(1, "check", None), (0, "dance", None), (0, "call", None), (0, "bet", 11)]
    refused = [refusal(partial(b.act, seat, kind, amount)) for seat, kind, amount in attempts]
    assert all(error.reason.startswith("bet_") for error in refused)
    assert [words.reason_text(error) for error in refused] == [
        "It is not your turn to bet.",
        "Unknown betting action 'dance'.",
        "There is nothing to call; check or bet.",
        "You only have 10 credits (at most 10).",
    ]


def test_a_bot_reads_the_amount_to_call_from_the_facts_not_the_label() -> None:
    fold = ActionSpec("fold", facts=BetControl(BetKind.FOLD))
    weak = BetSituation(equity=0.3, pot=10, stack=100)
    dear = ActionSpec("call", "Call 1", facts=BetControl(BetKind.CALL, 40))
    action = betting_action((dear, fold), weak, "balanced", random.Random(1))
    assert action.kind == "fold"  # 40 into 10 needs more than 30 % equity
    cheap = ActionSpec("call", "Call 40", facts=BetControl(BetKind.CALL, 1))
    assert betting_action((cheap, fold), weak, "balanced", random.Random(1)).kind == "call"
    with pytest.raises(Undecided):
        betting_action((ActionSpec("call", "Call 1"), fold), weak, "balanced", random.Random(1))
