"""Kessel game flow (§3): draws, early reveal, Impostor dice, taxes, elimination, leaving, views."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Mapping, Sequence

import pytest

from engine.bots.random_legal import random_action
from engine.core.game import Action, IllegalAction
from engine.variants import get_variant
from engine.variants.kessel import INFO, KesselGame, create
from engine.variants.kessel.cards import FAMILIES, FULL_DECK, Family
from engine.variants.kessel.state import Phase
from tests.engine.test_kessel_support import (
    act,
    preview,
    private,
    public,
    specs,
    stacked,
    stand_all,
    texts,
)


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
    draw = {a.kind: a for a in specs(g, 0)}["draw"]
    labels = [o.label for o in draw.options]
    assert labels == ["Sand deck", "Blood deck", "Sand discard: 6", "Blood discard: 1"]
    events = act(g, 0, "draw", "sand_draw")
    lines = texts(events)
    assert lines == ["ann drew from the Sand deck for 1 chip"]
    assert g.pending_seats() == {0} and g.state.phase is Phase.KEEP
    assert any("Drawn: Sand 3" in n for n in private(g, 0).notes)
    assert "Sand 3" not in json.dumps([list(x) for x in public(g).info])
    events = act(g, 0, "keep", "held")
    assert texts(events)[0] == "ann discards Sand 3"
    assert g.state.seats[0].stock == 5 and g.state.seats[0].hand_pot == 1
    events = act(g, 1, "draw", "sand_discard")
    assert texts(events) == ["bob takes Sand 3 from the Sand discard for 1 chip"]


def test_everyone_stands_in_a_turn_reveals_at_once() -> None:
    g = stacked()
    events = stand_all(g, [0, 1, 2])
    assert any("wins round 1 with" in t or "tie for round 1 with" in t for t in texts(events))
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
    assert "ann shows Sand 5 · Blood 5 → 5/5 Low Sabacc" in lines
    won = "bob wins round 1 with 4/4 General Sabacc (Sabacc #5, ahead of 5/5 Low Sabacc"
    assert any(t.startswith(won) for t in lines)
    assert "cat loses the 2 chips in their Hand Pot and pays 3 tax; Stock 1" in lines
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


# bob (seat 1) starts; clockwise bob → cat → ann; three hands with Impostors, cat's after bob's
REVEAL_HANDS = {
    0: ["sand:impostor", "blood:3"],
    1: ["sand:impostor", "blood:impostor"],
    2: ["sand:5", "blood:impostor"],
}


def _at_reveal(seed: int, hands: Mapping[int, Sequence[str]] = REVEAL_HANDS) -> KesselGame:
    """bob starts the round, everyone stands: the reveal (Impostor dice) begins."""
    g = stacked(hands=hands, seed=seed)
    g.state.starter, g.state.order = 1, [1, 2, 0]
    stand_all(g, [1, 2, 0])
    return g


def _choosers(game: KesselGame) -> list[int]:
    """Seats asked for Impostor dice until the reveal is settled (timeout defaults), in order."""
    g = KesselGame.from_json(game.to_json())
    seen: list[int] = []
    while g.state.phase is Phase.IMPOSTOR:
        (seat,) = g.pending_seats()
        seen.append(seat)
        g.apply(seat, g.default_action(seat))
    return seen


def _seed_where(hands: Mapping[int, Sequence[str]], choosers: list[int], opened: int) -> int:
    """A seed whose reveal asks ``choosers`` in turn, the first with ``opened`` dice choices."""
    for seed in range(200):
        g = _at_reveal(seed, hands)
        if _choosers(g) == choosers and len(g.state.open_rolls(choosers[0])) == opened:
            return seed
    raise AssertionError("no such seed")


def _reveal_info(game: KesselGame) -> list[str]:
    return dict(public(game).info)["Reveal"].splitlines()


def test_impostor_dice_are_chosen_one_player_at_a_time_clockwise() -> None:
    seed = _seed_where(REVEAL_HANDS, [1, 2, 0], opened=2)
    g = stacked(hands=REVEAL_HANDS, seed=seed)
    g.state.starter, g.state.order = 1, [1, 2, 0]
    lines = texts(stand_all(g, [1, 2, 0]))
    st = g.state
    # only bob has rolled: cat and ann roll when their turn comes (§3.5, K-34)
    assert st.phase is Phase.IMPOSTOR and g.pending_seats() == {1} and set(st.rolls) == {1}
    (sand, blood) = (st.rolls[1][Family.SAND], st.rolls[1][Family.BLOOD])
    assert not any("Impostor" in line for line in lines)  # the dice show on the table message
    assert g.legal_actions(2) == () and g.legal_actions(0) == ()
    with pytest.raises(IllegalAction):
        act(g, 2, "impostor", "5")  # cat has not even rolled yet
    # bob's dice: his options and view; public too (rolled at the table)
    (spec,) = specs(g, 1)
    assert spec.kind == "impostor" and len(spec.options) == 4
    assert {o.value for o in spec.options} == {f"{a}/{b}" for a in sand for b in blood}
    assert all(
        o.description == "Sand Impostor {} · Blood Impostor {}".format(*o.value.split("/"))
        for o in spec.options
    )
    dice = f"Impostor dice: Sand: {sand[0]} or {sand[1]}, Blood: {blood[0]} or {blood[1]}"
    assert dice in private(g, 1).notes
    assert not any("Impostor dice" in n for n in private(g, 0).notes)
    assert g.public_view().acting == (1,)
    assert _reveal_info(g) == [
        f"bob: Sand Impostor · Blood Impostor — Sand Impostor: {sand[0]} and {sand[1]}, choosing;"
        f" Blood Impostor: {blood[0]} and {blood[1]}, choosing",
        "cat: Sand 5 · Blood Impostor — Blood Impostor: rolls later",
        "ann: Sand Impostor · Blood 3 — Sand Impostor: rolls later",
    ]
    with pytest.raises(IllegalAction):
        act(g, 1, "impostor", "9/9")
    with pytest.raises(IllegalAction):
        act(g, 1, "impostor", str(sand[0]))  # both Impostors in one choice

    # bob chooses: announced before cat rolls; a new decision point for cat
    turn = g.turn
    value = spec.options[-1].value
    s, b = (int(v) for v in value.split("/"))
    lines = texts(act(g, 1, "impostor", value))
    cat = st.rolls[2][Family.BLOOD]
    assert lines == [
        f"bob rolls {sand[0]} and {sand[1]} for the Sand Impostor and takes {s}",
        f"bob rolls {blood[0]} and {blood[1]} for the Blood Impostor and takes {b}",
    ]  # cat's dice: on the table message until cat's own line names them
    assert g.turn == turn + 1 and g.pending_seats() == {2} and set(st.rolls) == {1, 2}
    assert st.chosen[1] == {Family.SAND: s, Family.BLOOD: b}
    done = f"Sand Impostor: {sand[0]} and {sand[1]} → {s}; Blood Impostor: {blood[0]} and"
    assert _reveal_info(g)[0].endswith(f"{done} {blood[1]} → {b}")
    assert _reveal_info(g)[1].endswith(f"Blood Impostor: {cat[0]} and {cat[1]}, choosing")
    (spec,) = g.legal_actions(2)
    assert [o.value for o in spec.options] == [str(v) for v in sorted(cat)]

    # cat times out (the better die), then ann; then the round is settled
    g.apply(2, g.default_action(2))
    assert g.turn == turn + 2 and g.pending_seats() == {0}
    assert st.chosen[2] == {Family.BLOOD: min(cat, key=lambda v: (abs(5 - v), v))}
    lines = texts(g.apply(0, g.default_action(0)))
    assert lines[0].startswith("ann rolls ") and lines[1].startswith("bob shows ")
    assert st.round_no == 2 and g.turn == turn + 3 and st.phase is Phase.CARD_TURN


def test_doubles_need_no_choice_and_are_shown_to_the_chooser() -> None:
    hands = {
        0: ["sand:2", "blood:3"],
        1: ["sand:impostor", "blood:impostor"],
        2: ["sand:5", "blood:6"],
    }
    for seed in range(200):
        g = _at_reveal(seed, hands)
        st = g.state
        if st.phase is Phase.IMPOSTOR and len(st.chosen.get(1, {})) == 1:
            break
    else:
        raise AssertionError("no double")
    ((fam, double),) = st.chosen[1].items()
    ((other, dice),) = st.open_rolls(1).items()
    (spec,) = specs(g, 1)
    assert [o.value for o in spec.options] == [str(v) for v in sorted(dice)]
    values = {fam: double}
    for o in spec.options:
        values[other] = int(o.value)
        named = (f"{f.value.capitalize()} Impostor {values[f]}" for f in FAMILIES)
        assert o.description == " · ".join(named)
    assert f"{fam.value.capitalize()} Impostor rolled a double: {double}" in spec.prompt
    if double in dice:  # the Sabacc is the better die
        assert g.default_action(1) == Action("impostor", choices=(str(double),))
    turn = g.turn
    lines = texts(g.apply(1, g.default_action(1)))
    assert lines[0].startswith(
        f"bob rolls {dice[0]} and {dice[1]} for the {other.value.capitalize()} Impostor"
    )
    assert st.round_no == 2 and g.turn == turn + 1
    # a hand whose only Impostor rolls a double is never asked
    hands = {0: ["sand:2", "blood:impostor"], 1: ["sand:1", "blood:2"], 2: ["sand:5", "blood:6"]}
    for seed in range(200):
        g = stacked(hands=hands, seed=seed)
        lines = texts(stand_all(g, [0, 1, 2]))
        if g.state.round_no == 2:
            break
    else:
        raise AssertionError("no double")
    (rolled,) = [line for line in lines if " rolls " in line]
    assert re.fullmatch(r"ann rolls (\d) and \1 for the Blood Impostor and takes \1", rolled)


def test_a_chooser_who_leaves_passes_the_dice_on() -> None:
    seed = _seed_where(REVEAL_HANDS, [1, 2, 0], opened=2)
    g = _at_reveal(seed)
    turn = g.turn
    events, _ = g.leave(1)
    lines = texts(events)
    assert lines[0] == "bob leaves the table and forfeits"
    assert not any("Impostor" in line for line in lines[1:])  # cat's dice: on the table
    assert any(i.startswith("cat:") and i.endswith(", choosing") for i in _reveal_info(g))
    assert g.pending_seats() == {2} and g.turn == turn + 1
    assert Counter(g.state.all_cards()) == Counter(FULL_DECK)
    g.leave(0)  # a player still to roll leaves: cat is alone and wins
    assert g.finished and g.payouts() == {0: 0, 1: 0, 2: 270}


def test_json_round_trip_while_impostor_dice_are_chosen() -> None:
    seed = _seed_where(REVEAL_HANDS, [1, 2, 0], opened=2)
    g = _at_reveal(seed)
    g.apply(1, g.default_action(1))
    h = KesselGame.from_json(json.loads(json.dumps(g.to_json())))
    assert h.to_json() == g.to_json() and h.pending_seats() == {2}
    assert h.public_view() == g.public_view() and h.view_for(2) == g.view_for(2)
    assert texts(h.apply(2, h.default_action(2))) == texts(g.apply(2, g.default_action(2)))
    assert texts(h.apply(0, h.default_action(0))) == texts(g.apply(0, g.default_action(0)))
    assert h.to_json() == g.to_json()


def test_taxes_eliminate_and_the_last_player_takes_the_stake() -> None:
    g = stacked(2, hands={0: ["sand:1", "blood:1"], 1: ["sand:1", "blood:6"]}, stock={1: 2})
    act(g, 0, "stand")
    events = act(g, 1, "stand")
    lines = texts(events)
    assert "bob owes 5 tax (only 2 left to take); Stock 0" in lines
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
    view = private(b, 1)
    assert view.hand == ("sand:4", "blood:impostor") and "Blood Impostor" in view.hand_text
    assert a.public_view().stack_unit == "chips"
    assert public(a).highlight == "Round 1 · Turn 1/3"


def test_default_action_keeps_the_better_card() -> None:
    g = stacked(hands={0: ["sand:2", "blood:5"]}, sand=["sand:5"])
    assert g.default_action(0) == Action("stand")
    act(g, 0, "draw", "sand_draw")
    assert g.default_action(0) == Action("keep", choices=("drawn",))
    assert "5/5 LOW SABACC" in preview(g, 0, Action("keep", choices=("drawn",)))
    assert preview(g, 0, Action("keep", choices=("bogus",))) == ""


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


def test_a_save_from_the_simultaneous_version_resumes_in_turn() -> None:
    seed = _seed_where(REVEAL_HANDS, [1, 2, 0], opened=2)
    g = _at_reveal(seed)
    data = g.to_json()
    data["state"]["rolls"] |= {"0": {"sand": [1, 6]}, "2": {"blood": [2, 4]}}  # all rolled
    h = KesselGame.from_json(data)
    assert h.pending_seats() == {1}
    h.apply(1, h.default_action(1))
    assert h.pending_seats() == {2} and h.state.rolls[2] == {Family.BLOOD: (2, 4)}  # no re-roll
    h.apply(2, h.default_action(2))
    assert h.pending_seats() == {0} and h.state.chosen[2] == {Family.BLOOD: 4}
    h.apply(0, Action("impostor", choices=("6",)))
    assert h.state.round_no == 2


def test_public_phase_reads_as_words() -> None:
    """The phase heading names the phase (``Turn 1/3``), never its id (``card_turn``)."""
    seen = set()
    for seed in range(6):
        g = create(["a", "b", "c"], buy_in=90, options={}, seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            if g.finished:
                break
            seen.add(public(g).phase)
            seat = min(g.pending_seats())
            g.apply(seat, random_action(g, seat, rng))
    assert {"Choosing Shift Tokens", "Turn 1/3", "Turn 3/3", "Keep a card"} <= seen, seen
    assert not {p.value for p in Phase} & seen
