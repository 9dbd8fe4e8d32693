"""Kessel game flow (§3): draws, early reveal, Impostor dice, taxes, elimination, leaving, views."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from engine.core.game import Action, IllegalAction
from engine.variants import get_variant
from engine.variants.kessel import INFO, KesselGame, create
from engine.variants.kessel_cards import FULL_DECK, Family
from engine.variants.kessel_state import Phase
from tests.engine.test_kessel_support import act, stacked, stand_all, texts


def test_info_and_options() -> None:
    info = get_variant("kessel")
    assert info is INFO and info.name == "Kessel Sabacc"
    assert (info.min_players, info.max_players) == (2, 6)
    assert dict(info.buy_in_presets) == {"lay": 90, "pro": 150, "tournament": 750}
    for name in ("starting_chips", "token_mode", "token_pool", "all_stand_rule", "tokens_public"):
        assert name in info.options
    assert create(["a", "b"], buy_in=120, options={}, seed=1).state.seats[0].stock == 8
    assert (
        create(["a", "b"], buy_in=90, options={"starting_chips": 4}, seed=1).state.seats[0].stock
        == 4
    )
    with pytest.raises(ValueError):
        create(["a"], buy_in=90, options={}, seed=1)
    with pytest.raises(ValueError):
        create(list("abcdef"), buy_in=90, options={"token_pool": "shared"}, seed=1)


def test_token_selection_is_simultaneous_and_fills_at_random() -> None:
    g = create(["a", "b", "c"], buy_in=90, options={}, seed=4)
    assert g.pending_seats() == {0, 1, 2} and g.state.phase is Phase.SELECT
    (spec,) = g.legal_actions(1)
    assert spec.kind == "select_tokens" and len(spec.options) == 16 and spec.max_choices == 3
    turn = g.turn
    act(g, 1, "select_tokens", "markdown", "embargo")
    assert g.turn == turn and g.pending_seats() == {0, 2}
    assert g.state.seats[1].tokens[:2] == ["markdown", "embargo"]
    assert len(set(g.state.seats[1].tokens)) == 3
    with pytest.raises(IllegalAction):
        act(g, 0, "select_tokens", "markdown", "markdown")
    g.apply(0, g.default_action(0))
    g.apply(2, g.default_action(2))
    assert g.turn > turn and g.state.phase is Phase.CARD_TURN and g.state.round_no == 1


def test_shared_pool_is_drafted_in_seat_order() -> None:
    g = create(["a", "b"], buy_in=90, options={"token_pool": "shared"}, seed=4)
    assert g.pending_seats() == {0}
    act(g, 0, "select_tokens", "markdown", "embargo", "refund")
    (spec,) = g.legal_actions(1)
    assert {"markdown", "embargo", "refund"}.isdisjoint(o.value for o in spec.options)


def test_draw_keep_and_public_texts() -> None:
    g = stacked(hands={0: ["sand:2", "blood:5"]}, sand=["sand:3"], discards={"sand": "sand:6"})
    draw = {a.kind: a for a in g.legal_actions(0)}["draw"]
    labels = [o.label for o in draw.options]
    assert labels == ["Sand deck", "Blood deck", "Sand discard: 6", "Blood discard: 1"]
    events = act(g, 0, "draw", "sand_draw")
    public = texts(events)
    assert public == ["ann drew from the Sand deck for 1 chip"]
    assert g.pending_seats() == {0} and g.state.phase is Phase.KEEP
    assert any("Drawn: Sand 3" in n for n in g.view_for(0).notes)
    assert "Sand 3" not in json.dumps([list(x) for x in g.public_view().info])
    events = act(g, 0, "keep", "held")
    assert texts(events)[0] == "ann discards Sand 3"
    assert g.state.seats[0].stock == 5 and g.state.seats[0].hand_pot == 1
    events = act(g, 1, "draw", "sand_discard")
    assert texts(events) == ["bob takes Sand 3 from the Sand discard for 1 chip"]


def test_everyone_stands_in_a_turn_reveals_at_once() -> None:
    g = stacked()
    events = stand_all(g, [0, 1, 2])
    assert any("wins round 1" in t or "win round 1" in t for t in texts(events))
    assert g.state.round_no == 2 and g.state.t == 1


@pytest.mark.parametrize(("rule", "reveals"), [("same_turn", False), ("consecutive", True)])
def test_all_stand_rule(rule: str, reveals: bool) -> None:
    g = stacked(4, options={"all_stand_rule": rule})
    act(g, 0, "draw", "sand_draw")
    act(g, 0, "keep", "held")
    stand_all(g, [1, 2, 3])
    assert g.state.t == 2
    act(g, 0, "stand")
    assert (g.state.round_no == 2) is reveals


def test_three_turns_then_reveal() -> None:
    g = stacked()
    for _ in range(3):
        for seat in range(3):
            assert g.state.round_no == 1
            act(g, seat, "draw", "blood_draw")
            act(g, seat, "keep", "drawn")
    assert g.state.round_no == 2


def test_scripted_round_with_a_stacked_deck() -> None:
    hands = {0: ["sand:2", "blood:5"], 1: ["sand:4", "blood:4"], 2: ["sand:6", "blood:1"]}
    g = stacked(hands=hands, sand=["sand:5"], blood=["blood:3"])
    act(g, 0, "draw", "sand_draw")
    act(g, 0, "keep", "drawn")  # ann 5/5
    act(g, 1, "stand")
    act(g, 2, "draw", "blood_draw")
    act(g, 2, "keep", "held")  # Blood 3 to the discard
    assert g.state.t == 2
    act(g, 0, "stand")
    act(g, 1, "stand")
    act(g, 2, "draw", "blood_discard")
    act(g, 2, "keep", "drawn")  # cat 6/3
    assert g.state.t == 3
    events = stand_all(g, [0, 1, 2])
    lines = texts(events)
    assert "ann shows Sand 5 · Blood 5 → 5/5 LOW SABACC" in lines
    assert any(t.startswith("bob wins round 1: 4/4 GENERAL SABACC is Sabacc #5") for t in lines)
    assert "cat loses 2 chips invested and is taxed 3; Stock 1" in lines
    assert [s.stock for s in g.state.seats] == [4, 6, 1]
    assert g.state.round_no == 2 and g.state.starter == 1
    stats = g.seat_stats()
    assert stats[1].hands_won == 1 and stats[0].hands_played == 2
    # play out with the default actions: the game ends and pays the whole stake
    for _ in range(500):
        if g.finished:
            break
        seat = min(g.pending_seats())
        g.apply(seat, g.default_action(seat))
    assert g.finished and sum(g.payouts().values()) == 270
    assert sorted(g.payouts().values()) == [0, 0, 270]


def test_impostor_dice_are_a_simultaneous_choice() -> None:
    hands = {0: ["sand:impostor", "blood:3"], 1: ["sand:impostor", "blood:impostor"]}
    for seed in range(50):
        g = stacked(hands=hands, seed=seed)
        stand_all(g, [0, 1, 2])
        if g.pending_seats() == {0, 1} and len(g.state.rolls[1]) == 2:
            break
    st = g.state
    assert st.phase is Phase.IMPOSTOR
    turn = g.turn
    (spec,) = g.legal_actions(0)
    assert spec.kind == "impostor" and {o.value for o in spec.options} == {
        str(v) for v in st.rolls[0][Family.SAND]
    }
    with pytest.raises(IllegalAction):
        act(g, 0, "impostor", "9")
    act(g, 0, "impostor", spec.options[0].value)
    assert g.turn == turn and g.pending_seats() == {1}
    (spec1,) = g.legal_actions(1)
    assert all("/" in o.value for o in spec1.options)
    g.apply(1, g.default_action(1))
    assert st.round_no == 2 and g.turn > turn


def test_taxes_eliminate_and_the_last_player_takes_the_stake() -> None:
    g = stacked(2, hands={0: ["sand:1", "blood:1"], 1: ["sand:1", "blood:6"]}, stock={1: 2})
    act(g, 0, "stand")
    events = act(g, 1, "stand")
    lines = texts(events)
    assert "bob loses 0 chips invested and is taxed 5, 2 taken; Stock 0" in lines
    assert "bob has no chips left and is eliminated" in lines
    assert lines[-1] == "ann wins the game and the Sabacc Pot of 180 credits"
    assert g.finished and g.payouts() == {0: 180, 1: 0}
    assert g.pending_seats() == frozenset() and g.public_view().finished
    with pytest.raises(IllegalAction):
        act(g, 0, "stand")


def test_everyone_out_at_once_pays_the_round_winner() -> None:
    g = stacked(2, hands={0: ["sand:2", "blood:2"], 1: ["sand:1", "blood:2"]}, stock={0: 0, 1: 1})
    act(g, 0, "stand")
    act(g, 1, "stand")
    assert g.finished and g.payouts() == {0: 180, 1: 0}  # K-23 + K-37


def test_leaving_forfeits_and_keeps_the_deck_whole() -> None:
    g = stacked(hands={0: ["sand:2", "blood:5"]})
    events, credits = g.leave(0)
    assert credits == 0 and texts(events)[0] == "ann leaves the table and forfeits"
    assert g.pending_seats() == {1}
    assert [g.state.discard[f][-1].notation for f in g.state.discard] == ["sand:2", "blood:5"]
    act(g, 1, "draw", "sand_draw")
    assert Counter(g.state.all_cards()) == Counter(FULL_DECK)
    events, credits = g.leave(1)  # while holding a drawn card
    assert Counter(g.state.all_cards()) == Counter(FULL_DECK)
    assert credits == 0 and g.finished and g.payouts() == {0: 0, 1: 0, 2: 270}


def test_public_view_never_shows_hidden_cards() -> None:
    a = stacked(hands={1: ["sand:2", "blood:5"]})
    b = stacked(hands={1: ["sand:4", "blood:impostor"]})
    assert a.public_view() == b.public_view()
    view = b.view_for(1)
    assert view.hand == ("sand:4", "blood:impostor") and "Blood Impostor" in view.hand_text
    assert a.public_view().stack_unit == "chips"
    assert a.public_view().highlight == "Round 1 · Turn 1/3"


def test_default_action_keeps_the_better_card() -> None:
    g = stacked(hands={0: ["sand:2", "blood:5"]}, sand=["sand:5"])
    assert g.default_action(0) == Action("stand")
    act(g, 0, "draw", "sand_draw")
    assert g.default_action(0) == Action("keep", choices=("drawn",))
    assert "5/5 LOW SABACC" in g.preview(0, Action("keep", choices=("drawn",)))
    assert g.preview(0, Action("keep", choices=("bogus",))) == ""


def test_turn_counter_grows_per_decision_point() -> None:
    g = stacked()
    t0 = g.turn
    act(g, 0, "draw", "sand_draw")
    assert g.turn == t0 + 1
    act(g, 0, "keep", "held")
    assert g.turn == t0 + 2 and g.seq >= 2


def _playout(game: KesselGame, rng: random.Random, steps: int) -> list[str]:
    log: list[str] = []
    for _ in range(steps):
        if game.finished:
            break
        seat = rng.choice(sorted(game.pending_seats()))
        spec = rng.choice(game.legal_actions(seat))
        n = rng.randint(spec.min_choices, spec.max_choices) if spec.options else 0
        choices = tuple(o.value for o in rng.sample(spec.options, n))
        log += texts(game.apply(seat, Action(spec.kind, choices=choices)))
    return log


def test_json_round_trip_mid_game() -> None:
    g = create(["a", "b", "c", "d"], buy_in=150, options={"token_mode": "random"}, seed=9)
    _playout(g, random.Random(1), 40)
    data = json.loads(json.dumps(g.to_json()))
    h = KesselGame.from_json(data)
    assert h.to_json() == g.to_json()
    assert h.public_view() == g.public_view()
    assert all(h.view_for(s) == g.view_for(s) for s in range(4))
    assert _playout(g, random.Random(2), 400) == _playout(h, random.Random(2), 400)
    assert g.payouts() == h.payouts()


def test_same_seed_same_game() -> None:
    g1 = create(["a", "b", "c"], buy_in=90, options={"token_mode": "random"}, seed=5)
    log1 = _playout(g1, random.Random(3), 300)
    random.seed(999)  # the module-level RNG plays no part
    g2 = create(["a", "b", "c"], buy_in=90, options={"token_mode": "random"}, seed=5)
    assert _playout(g2, random.Random(3), 300) == log1
