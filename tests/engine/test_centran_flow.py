"""Centran Sabacc flow on stacked decks: deal and Array start with Wild Fives, Card-Phase turns
(gain, trade, stasis), betting exits (all checked → reveal, bet → Shift, fold → uncontested), the
Shift and its discards, the round limit, Five Brothers, antes with short stacks, penalties,
leaving, game end, options and the advanced actions."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from bot import words
from bot.words import events_lines
from engine.core.game import Action, IllegalAction
from engine.variants.centran import CentranGame
from engine.variants.centran.flow import end_hand
from engine.variants.centran.state import Phase, Step
from tests.engine.playout import play_preferring, seat_now
from tests.engine.test_centran_helpers import do, make

# Seat 0 = A acts first (dealer B). Deal A, B, A, B, A: coins:5 is tabled (credited A) and
# replaced; the Array's major:-5 is tabled (credited nobody) and replaced by flasks:8.
SCRIPTED = [
    "coins:5",
    "coins:14",
    "major:-20",
    "sabers:9",
    "major:-2",
    "major:-5",
    "flasks:8",
    "staves:10",  # B's gain in round 1
    "major:-9",  # Shift card round 1: negative after negative → no shift
    "coins:13",  # Shift card round 2: positive after negative → SABACC SHIFT, k = 2
]


def texts(events: Iterable[object]) -> list[str]:
    """Public lines of ``events`` as the bot writes them."""
    return events_lines("centran", events)


def test_full_scripted_hand_with_shift_and_sabacc_pot() -> None:
    game = make(SCRIPTED, max_hands=1)
    st = game.state
    opening = texts(game.opening_events)
    assert opening[0].startswith("Hand 1: B deals, A acts first. 2 players ante")
    assert "A draws 5 of Coins: a Wild Five goes face up to the table (1/5)." in opening
    assert "The Array turns up The Fifth Aspect (−5): a Wild Five" in opening[2]
    assert opening[3] == "The Array starts with 8 of Flasks."
    assert [c.notation for c in st.hands[0]] == ["major:-20", "major:-2"]
    assert [c.notation for c in st.hands[1]] == ["coins:14", "sabers:9"]
    assert st.fives[0][1] == 0 and st.fives[1][1] is None
    assert (st.betting.pot_total, st.sabacc_pot, st.stacks) == (20, 10, [85, 85])

    # Round 1: A puts −20 into stasis, then trades −2 for the Array's 8 (position kept).
    assert st.phase is Phase.CARD and seat_now(game) == 0
    kinds = [s.kind for s in game.legal_actions(0)]
    assert kinds == ["gain", "trade", "stand", "stasis"]
    trade = words.spec_text("centran", next(s for s in game.legal_actions(0) if s.kind == "trade"))
    assert [(o.value, o.label) for o in trade.options] == [
        ("array:1", "Take Array #1: 8 of Flasks")
    ]
    do(game, "stasis major:-20")
    assert "stasis" not in [s.kind for s in game.legal_actions(0)]
    do(game, "trade array:1")
    give, cancel = game.legal_actions(0)
    assert (give.kind, cancel.kind) == ("give", "cancel_trade")
    assert [o.value for o in give.options] == ["major:-2", "major:-20"]
    assert game.default_action(0) == Action("cancel_trade")
    given = game.preview(0, Action("give", choices=("major:-2",)))
    assert words.preview_text("centran", given).startswith(
        "You give The Queen of Air and Darkness (−2) and take 8 of Flasks: "
    )
    do(game, "cancel_trade")
    assert [s.kind for s in game.legal_actions(0)] == ["gain", "trade", "stand"]
    lines = texts(do(game, "trade array:1; give major:-2"))
    assert lines == [
        "A trades for 8 of Flasks (Array #1); The Queen of Air and Darkness (−2) takes its place "
        "in the Array (2 cards)."
    ]
    assert [c.notation for c in st.array] == ["major:-2"]
    assert seat_now(game) == 1  # A's turn ended by itself (stasis used)
    do(game, "gain")
    assert st.step is Step.END and [s.kind for s in game.legal_actions(1)] == [
        "end_turn",
        "stasis",
    ]
    do(game, "stasis coins:14")
    assert st.phase is Phase.BET
    lines = texts(do(game, "bet 5; call"))
    assert "Shift Phase (round 1): The Hermit (−9) joins the Array after The Queen" in lines[-2]
    assert lines[-2].endswith("same family. No shift.")
    assert lines[-1] == "Round 2 — card phase."

    # Round 2: A stands and ends the turn; B puts 9 in stasis and stands.
    do(game, "stand; end_turn; stasis sabers:9; stand")
    lines = texts(do(game, "bet 5; call"))
    assert "SABACC SHIFT! Everyone discards up to 2 non-stasis cards at random" in lines[-3]
    assert lines[-2] == "Sabacc Shift done: cards replaced (A 1, B 1)."
    # NoShuffle: the discards went on top (A's 8, then B's 10), so A gets 10 and B gets 8.
    assert [c.notation for c in st.hands[0]] == ["staves:10"]
    assert [c.notation for c in st.hands[1]] == ["flasks:8"]
    assert (
        "Sabacc Shift: you lost 8 of Flasks"
        in words.hand_text("centran", game.view_for(0)).notes[-1]
    )
    assert words.table_text("centran", game.public_view()).highlight.startswith("Sabacc Shift!")

    # Round 3: everyone stands and checks → REVEAL, no Shift Phase.
    do(game, "stand; end_turn; stand; end_turn")
    lines = texts(do(game, "check; check"))
    assert "A reveals 10 of Staves, Judgement (−20) — Pure Sabacc 0 (fives +5, +5)." in lines
    assert (
        "B reveals 8 of Flasks, Master of Coins (14), 9 of Sabers — Nulhrek +21 (fives −5, −5)."
        in (lines)
    )
    assert "A wins the hand pot (40)." in lines
    assert "A takes the Sabacc pot (10)!" in lines
    assert "A: Pure Sabacc 0 outranks Nulhrek +21" in lines
    assert not any("Shift Phase (round 3)" in line for line in lines)
    assert game.finished and game.payouts() == {0: 125, 1: 75}
    stats = game.seat_stats()
    assert stats[0].hands_won == 1 and stats[0].best_hand == "pure_sabacc:0"
    assert words.stats_text("centran", stats[0]).best_hand == "Pure Sabacc 0"
    assert stats[0].biggest_pot == 50


def test_five_brothers_in_the_deal_gives_wild_sabacc() -> None:
    deck = ["coins:5", "flasks:5", "sabers:5", "staves:5", "major:-5", "coins:6"]
    deck += ["coins:2", "flasks:6", "coins:3"]
    game = make(deck, max_hands=1)
    lines = texts(game.opening_events)
    assert "FIVE BROTHERS! All five Wild Fives are on the table: play stops; A may score Wild" in (
        "\n".join(lines)
    )
    assert not any("Array starts" in line for line in lines)
    assert "A reveals 2 of Coins, 3 of Coins — Wild Sabacc (Five Brothers claimed)." in lines
    assert any("B reveals" in line and "Nulhrek +22" in line for line in lines)
    assert "A takes the Sabacc pot (10)!" in lines
    assert game.finished and game.payouts() == {0: 115, 1: 85}


def test_five_brothers_from_the_array_and_a_gain() -> None:
    # A is dealt three fives (replaced each time); the Array turns up the 4th; A gains the 5th.
    deal = ["coins:5", "coins:2", "flasks:5", "coins:3", "sabers:5", "flasks:2", "sabers:2"]
    game = make([*deal, "major:-5", "flasks:3", "staves:5"], max_hands=1)
    assert len(game.state.fives) == 4 and [c.notation for c in game.state.array] == ["flasks:3"]
    lines = texts(do(game, "gain"))
    assert lines[0] == "A gains a card (2 cards)."
    assert "A draws 5 of Staves: a Wild Five goes face up to the table (5/5)." in lines
    assert "A reveals 2 of Flasks, 2 of Sabers — Wild Sabacc (Five Brothers claimed)." in lines
    assert game.finished
    only_array = make([*deal, "staves:5", "major:-5", "flasks:3"], max_hands=1)
    lines = texts(only_array.opening_events)
    assert "nobody may claim Wild Sabacc" in "\n".join(lines)
    assert not any("Wild Sabacc (Five" in line for line in lines)


def test_gain_of_a_five_has_no_replacement() -> None:
    game = make(["coins:2", "coins:3", "flasks:2", "flasks:3", "sabers:4", "major:-5"])
    do(game, "gain")
    assert len(game.state.held(0)) == 2 and game.state.fives[-1][1] == 0
    assert (
        "went to the table as a Wild Five" in words.hand_text("centran", game.view_for(0)).notes[-1]
    )


def test_fold_ends_uncontested_without_reveal() -> None:
    game = make(["coins:2", "coins:3", "flasks:2", "flasks:3", "sabers:4"], max_hands=1)
    do(game, "stand; end_turn; stand; end_turn")
    lines = texts(do(game, "bet 3; fold"))
    assert "B folds. 3 uncalled credits go back to A." in lines
    assert "A wins the hand pot (20)." in lines and not any("reveals" in t for t in lines)
    assert game.payouts() == {0: 105 + 5, 1: 85 + 5}  # Sabacc pot shared at game end


def test_round_limit_after_five_shift_phases() -> None:
    game = CentranGame.create(["A", "B"], buy_in=500, options={"max_hands": 1}, seed=5)
    events = play_preferring(game, ("bet", "call", "stand", "end_turn"), amount=1)
    assert sum(1 for t in texts(events) if t.startswith("Shift Phase")) == 5


def test_short_stacks_go_all_in_at_the_ante() -> None:
    game = make([], 3, max_hands=2)
    st = game.state
    st.betting.collect()
    st.sabacc_pot = 0
    st.betting.stacks[:] = [100, 12, 4]
    events: list = []
    end_hand(st, events)
    assert st.betting.contributions == [10, 10, 4] and st.sabacc_pot == 5 + 2 + 0
    assert st.betting.is_all_in(1) and st.betting.is_all_in(2)
    while st.phase is Phase.CARD and st.hand_no == 2:
        game.apply(seat_now(game), game.default_action(seat_now(game)))
    assert game.finished  # betting skipped (only A can bet) → reveal → max_hands reached
    assert game.total_credits() == 100 + 12 + 4


def test_bomb_out_penalty_fixed_and_hand_pot() -> None:
    deck = ["coins:14", "major:-3", "flasks:14", "major:-1", "sabers:2"]
    fixed = make(deck, max_hands=1)
    lines = texts(do(fixed, "stand; end_turn; stand; end_turn; check; check"))
    assert "A reveals Master of Coins (14), Master of Flasks (14) — Bombed out." in lines
    assert "A bombs out (no total within ±23) and pays 10 to the Sabacc pot." in lines
    assert "B wins the hand pot (20)." in lines
    assert fixed.payouts() == {0: 75 + 10, 1: 105 + 10}  # Sabacc pot 20 shared at the end
    pot = make(deck, max_hands=1, bomb_penalty_mode="hand_pot")
    lines = texts(do(pot, "stand; end_turn; stand; end_turn; check; check"))
    assert "A bombs out (no total within ±23) and pays 20 to the Sabacc pot." in lines


def test_leave_mid_turn_and_mid_bet() -> None:
    game = make(["coins:2", "coins:3", "flasks:2", "flasks:3", "sabers:4"], 3)
    total = game.total_credits()
    events, credits = game.leave(0)  # A is the one to act in the Card Phase
    assert credits == 85 and "A folds and leaves the table with 85 credits." in texts(events)
    assert seat_now(game) == 1 and game.total_credits() == total - 85
    do(game, "stand; end_turn; stand; end_turn; bet 4")
    events, credits = game.leave(2)  # C, to act, leaves: B is alone → uncontested
    assert credits == 85 and any("wins the hand pot" in t for t in texts(events))
    assert game.total_credits() + 85 + 85 == total
    assert game.finished and sum(game.payouts().values()) + 170 == total
    assert game.leave(1) == ((), 0)


def test_options_and_buy_in_validation() -> None:
    with pytest.raises(ValueError, match="even"):
        CentranGame.create(["a", "b"], buy_in=500, options={"hand_ante": 7})
    with pytest.raises(ValueError, match="at least 30"):
        CentranGame.create(["a", "b"], buy_in=29)
    with pytest.raises(ValueError, match="advanced_actions"):
        CentranGame.create(["a", "b"], buy_in=500, options={"advanced_array_draw": True})
    with pytest.raises(ValueError):
        CentranGame.create(["a"], buy_in=500)
    with pytest.raises(ValueError):
        CentranGame.create(["a", "b"], buy_in=500, options={"shift_mode": "dice"})


def test_random_shift_mode_probability_extremes() -> None:
    for chance, word in ((1.0, "SABACC SHIFT"), (0.0, "No shift")):
        game = make(
            ["coins:2", "coins:3", "flasks:2", "flasks:3", "sabers:4", "sabers:6"],
            shift_mode="random",
            random_shift_probability=chance,
        )
        lines = texts(do(game, "stand; end_turn; stand; end_turn; bet 1; call"))
        assert word in next(t for t in lines if t.startswith("Shift Phase"))


def test_advanced_actions_and_the_array_end_trigger() -> None:
    deck = ["coins:2", "coins:3", "flasks:2", "flasks:3", "sabers:4", "sabers:6", "coins:5"]
    game = make(
        [*deck, "staves:7", "coins:9", "coins:10", "coins:11"],
        advanced_actions=True,
        advanced_array_draw=True,
    )
    st = game.state
    kinds = [s.kind for s in game.legal_actions(0)]
    assert kinds[:6] == [
        "gain",
        "trade",
        "stand",
        "draw_to_array",
        "discard_to_array",
        "array_draw",
    ]
    lines = texts(do(game, "draw_to_array; end_turn"))
    assert lines[0] == "A draws 6 of Sabers to the end of the Array (2 cards)."
    lines = texts(do(game, "array_draw array:1; end_turn"))  # the refill tables a five first
    assert lines[0] == "B takes 4 of Sabers from Array #1; it is refilled (3 cards)."
    assert st.fives[-1][1] == 1 and [c.notation for c in st.array] == ["staves:7", "sabers:6"]
    do(game, "bet 1; call")  # Shift card coins:9 after sabers:6: no shift
    do(game, "discard_to_array flasks:2; end_turn")
    assert st.array[-1].notation == "flasks:2" and len(st.held(0)) == 1
    do(game, "draw_to_array; end_turn; bet 1; call")
    assert st.hand_no == 2  # 5 Array cards besides the start card after the Shift → reveal


def test_default_action_and_illegal_actions() -> None:
    game = make(["coins:2", "coins:3", "flasks:2", "flasks:3", "sabers:4"])
    assert game.default_action(0) == Action("stand")
    with pytest.raises(IllegalAction):
        game.apply(1, Action("stand"))
    with pytest.raises(IllegalAction, match="no_array_card") as refused:
        game.apply(0, Action("trade", choices=("coins:2",)))
    assert words.reason_text(refused.value) == "There is no Array card 'coins:2'."
    with pytest.raises(IllegalAction, match="one_array_card") as refused:
        game.apply(0, Action("trade", choices=("array:1", "array:1")))
    assert words.reason_text(refused.value) == "Choose exactly one Array card."
    with pytest.raises(IllegalAction):
        game.apply(0, Action("check"))
    do(game, "stand")
    assert game.default_action(0) == Action("end_turn")
    do(game, "end_turn; stand; end_turn")
    assert game.default_action(0) == Action("check")
