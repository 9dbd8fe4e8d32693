"""The shared no-limit betting module (coruscant-shift.md §4)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.words import event_lines, reason_text, spec_text
from engine.core.betting import BetKind, Betting
from engine.core.betting_events import BetMade
from engine.core.betting_specs import bet_specs
from engine.core.codec import Codec
from engine.core.game import ActionSpec, IllegalAction


@contextmanager
def refused(sentence: str) -> Iterator[None]:
    """The block is refused with a ``bet_*`` reason code whose sentence matches ``sentence``."""
    with pytest.raises(IllegalAction) as caught:
        yield
    assert caught.value.reason.startswith("bet_"), caught.value.reason
    assert re.search(sentence, reason_text(caught.value)), reason_text(caught.value)


def line(event: BetMade) -> str:
    (text,) = event_lines("classic", event)
    return text


def table(*stacks: int, ante: int = 0, first: int = 0, **kw: int | None) -> Betting:
    b = Betting(len(stacks), list(stacks), **kw)  # type: ignore[arg-type]
    b.start_hand(range(len(stacks)))
    for seat in range(len(stacks)):
        b.post(seat, ante)
    b.start_phase(first)
    return b


def kinds(b: Betting, seat: int) -> list[str]:
    return [o.kind.value for o in b.options(seat)]


def test_opening_options_and_order() -> None:
    b = table(10, 10, 10, first=1)
    assert b.to_act == 1
    assert kinds(b, 1) == ["check", "bet", "all_in", "fold"]
    assert kinds(b, 0) == [] and kinds(b, 2) == []
    bet = next(o for o in b.options(1) if o.kind is BetKind.BET)
    assert (bet.min_amount, bet.max_amount) == (1, 10)
    b.act(1, "check")
    assert b.to_act == 2
    b.act(2, "check")
    r = b.act(0, "check")
    assert r.phase_over and b.to_act is None


def test_bet_reopens_action_and_call_ends() -> None:
    b = table(20, 20, 20)
    b.act(0, "check")
    b.act(1, "bet", 4)
    assert b.to_act == 2
    assert kinds(b, 2) == ["call", "raise", "all_in", "fold"]
    raise_opt = next(o for o in b.options(2) if o.kind is BetKind.RAISE)
    assert (raise_opt.min_amount, raise_opt.max_amount) == (5, 20)
    b.act(2, "raise", 9)
    assert b.to_act == 0  # the checker must answer the raise
    b.act(0, "call")
    assert b.to_act == 1
    r = b.act(1, "call")
    assert r.phase_over and r.paid == 5
    assert b.contributions == [9, 9, 9] and b.stacks == [11, 11, 11]


def test_fold_leaves_one_live_player() -> None:
    b = table(10, 10)
    b.act(0, "bet", 3)
    r = b.act(1, "fold")
    assert r.phase_over and b.live_seats() == (0,)
    assert r.returned == 3 and r.returned_to == 0  # uncalled bet comes back
    assert b.stacks == [10, 10]


def test_worked_example_4_5() -> None:
    b = Betting(3, [30, 100, 100])
    b.start_hand([0, 1, 2])
    assert [b.post(s, 2) for s in range(3)] == [2, 2, 2]
    assert b.start_phase(0)
    b.act(0, "bet", 5)
    b.act(1, "raise", 15)
    b.act(2, "call")
    r = b.act(0, "all_in")
    assert r.effect is BetKind.RAISE and r.all_in and r.commit == 28
    b.act(1, "call")
    r = b.act(2, "fold")
    assert r.phase_over and r.returned == 0
    assert b.contributions == [30, 30, 17] and b.pot_total == 77
    assert not b.start_phase(0)  # R2 betting skipped: only B has chips behind


def test_short_all_in_call_does_not_reopen() -> None:
    b = table(5, 50, 50)
    b.act(0, "check")
    b.act(1, "bet", 10)
    b.act(2, "call")
    r = b.act(0, "call")  # can only pay 5: all-in call
    assert r.paid == 5 and r.all_in and r.effect is BetKind.CALL
    assert r.phase_over


def test_uncalled_excess_returned() -> None:
    b = table(10, 40)
    b.act(0, "check")
    b.act(1, "bet", 25)
    r = b.act(0, "all_in")
    assert r.effect is BetKind.CALL and r.phase_over
    assert r.returned == 15 and r.returned_to == 1
    assert b.contributions == [10, 10] and b.stacks == [0, 30]


def test_no_raise_when_nobody_can_answer() -> None:
    b = table(10, 40)
    b.act(0, "all_in")
    assert kinds(b, 1) == ["call", "fold"]
    with refused("Nobody left"):
        b.act(1, "raise", 20)


def test_skip_when_fewer_than_two_have_chips() -> None:
    b = Betting(3, [2, 2, 50])
    b.start_hand([0, 1, 2])
    for s in range(3):
        b.post(s, 2)
    assert not b.start_phase(0) and b.to_act is None
    b2 = Betting(3, [2, 10, 50])
    b2.start_hand([0, 1, 2])
    for s in range(3):
        b2.post(s, 2)
    assert b2.start_phase(0) and b2.to_act == 1  # all-in seat 0 is skipped


def test_min_bet_and_max_raises() -> None:
    b = table(100, 100, min_bet=5, max_raises_per_phase=1)
    with refused("minimum you can bet is 5"):
        b.act(0, "bet", 4)
    b.act(0, "bet", 5)
    with refused("minimum you can raise to is 10"):
        b.act(1, "raise", 9)
    b.act(1, "raise", 10)
    assert kinds(b, 0) == ["call", "fold"]
    with refused("raise limit"):
        b.act(0, "raise", 20)


@pytest.mark.parametrize(
    ("kind", "amount", "message"),
    [
        ("bet", 0, "minimum you can bet is 1"),
        ("bet", 11, "only have 10"),
        ("bet", None, "how much"),
        ("call", None, "nothing to call"),
        ("raise", 5, "no bet to raise"),
        ("dance", None, "Unknown betting action"),
    ],
)
def test_illegal_actions(kind: str, amount: int | None, message: str) -> None:
    b = table(10, 10)
    with refused(message):
        b.act(0, kind, amount)


def test_out_of_turn_and_check_when_owing() -> None:
    b = table(10, 10)
    with refused("not your turn"):
        b.act(1, "check")
    b.act(0, "bet", 2)
    with refused("can't check: 2 to call"):
        b.act(1, "check")
    with refused("already a bet"):
        b.act(1, "bet", 3)


def test_forfeit_out_of_turn() -> None:
    b = table(10, 10, 10)
    b.act(0, "bet", 2)
    assert b.forfeit(2) is not None
    assert b.to_act == 1
    r = b.forfeit(1)
    assert r is not None and r.phase_over and r.returned == 2 and b.live_seats() == (0,)
    assert b.forfeit(1) is None


def test_withdraw_takes_at_most_the_stack() -> None:
    b = table(10, 3, ante=1)
    assert b.withdraw(0, 4) == 4 and b.stacks == [5, 2]
    assert b.withdraw(1, 5) == 2 and b.stacks == [5, 0]
    assert b.withdraw(0, 0) == 0 and b.stacks == [5, 0]
    assert b.contributions == [1, 1] and b.to_act == 0  # the hand pot and the phase are untouched
    with pytest.raises(ValueError, match="negative"):
        b.withdraw(0, -1)
    b.pay(1, 2)
    assert b.withdraw(1, 2) == 2  # the counterpart of pay


def test_bet_made_log_lines() -> None:
    names = ["Ann", "Bo", "Cy"]
    b = table(10, 10, 4)
    lines = [line(BetMade.from_result(b.act(0, "check"), names))]
    lines.append(line(BetMade.from_result(b.act(1, "bet", 3), names)))
    lines.append(line(BetMade.from_result(b.act(2, "all_in"), names)))
    lines.append(line(BetMade.from_result(b.act(0, "raise", 8), names)))
    lines.append(line(BetMade.from_result(b.act(1, "fold"), names)))
    assert lines == [
        "Ann checks.",
        "Bo bets 3.",
        "Cy raises to 4 (all-in).",
        "Ann raises to 8.",
        "Bo folds. 4 uncalled credits go back to Ann.",  # nobody can match Ann's last 4
    ]
    called = table(10, 5)
    called.act(0, "bet", 5)
    event = BetMade.from_result(called.act(1, "call"), names)
    assert line(event) == "Bo calls 5 (all-in)."
    assert (event.kind, event.effect, event.paid, event.commit) == ("call", "call", 5, 5)


def worded(specs: tuple[ActionSpec, ...]) -> list[ActionSpec]:
    return [spec_text("classic", s) for s in specs]


def test_bet_specs_follow_the_options() -> None:
    b = table(10, 10)
    assert [(s.kind, s.label) for s in worded(bet_specs(b.options(0), b.stacks[0]))] == [
        ("check", "Check"),
        ("bet", "Bet…"),
        ("all_in", "All-in 10"),
        ("fold", "Fold"),
    ]
    b.act(0, "bet", 4)
    specs = {s.kind: s for s in worded(bet_specs(b.options(1), b.stacks[1]))}
    assert specs["call"].label == "Call 4" and specs["raise"].label == "Raise to…"
    assert (specs["raise"].min_amount, specs["raise"].max_amount) == (5, 10)
    assert specs["raise"].prompt == "Raise to what total? (5–10)"
    short = table(10, 3)
    short.act(0, "bet", 5)
    assert [s.label for s in worded(bet_specs(short.options(1), short.stacks[1]))] == [
        "Call 3 (all-in)",
        "All-in 3",
        "Fold",
    ]


def test_collect_and_pay() -> None:
    b = table(10, 10, ante=2)
    b.act(0, "check")
    b.act(1, "check")
    assert b.collect() == {0: 2, 1: 2}
    b.pay(1, 4)
    assert b.stacks == [8, 12] and b.pot_total == 0


def test_json_round_trip() -> None:
    b = table(10, 20, 30, ante=1)
    b.act(0, "bet", 3)
    codec = Codec(Betting)
    data = codec.dump(b)
    assert list(data) == [  # the stored order of the hand-written JSON of before
        "n_seats",
        "min_bet",
        "max_raises_per_phase",
        "stacks",
        "contributions",
        "in_hand",
        "folded",
        "current_bet",
        "phase_commit",
        "acted",
        "raises",
        "to_act",
    ]
    again = codec.load(json.loads(json.dumps(data)))
    assert codec.dump(again) == data
    assert again.options(1) == b.options(1)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 6))
def test_random_betting_conserves_and_terminates(seed: int, n: int) -> None:
    rng = random.Random(seed)
    stacks = [rng.randint(1, 40) for _ in range(n)]
    b = Betting(n, stacks, max_raises_per_phase=rng.choice([None, 2]))
    total = sum(stacks)
    b.start_hand(range(n))
    for s in range(n):
        b.post(s, rng.randint(0, 3))
    for _phase in range(2):
        if not b.start_phase(rng.randrange(n)):
            continue
        for _step in range(500):
            seat = b.to_act
            if seat is None:
                break
            opts = b.options(seat)
            assert opts, "the seat to act always has an option"
            opt = rng.choice(opts)
            amount = rng.randint(opt.min_amount, opt.max_amount)
            b.act(seat, opt.kind, amount)
            assert sum(b.stacks) + b.pot_total == total
            assert min(b.stacks) >= 0
        else:
            raise AssertionError("betting did not terminate")
        live = b.live_seats()
        if len(live) >= 2:
            # every live player with chips matched the bet
            assert all(b.phase_commit[s] == b.current_bet for s in live if b.stacks[s] > 0)
