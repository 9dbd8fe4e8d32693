"""Sabacc Project state machine (§3) with stacked decks: every flow state, the idle rule, the
Interference Field, Shifts in play, a whole scripted hand with a bomb-out penalty and Sudden
Demise, uncontested hands, leaving, and the end of the game."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from bot import words
from bot.words import events_lines, spec_text
from engine.core.game import Action, Event, IllegalAction, ParamKind
from engine.variants import get_variant
from engine.variants.project import ProjectGame
from engine.variants.project.state import Phase
from tests.engine.playout import play_preferring
from tests.engine.playout import seat_now as pending


def table(game: Any) -> Any:
    """The public view as players read it."""
    return words.table_text("project", game.public_view())


def mine(game: Any, seat: int) -> Any:
    """A seat's private view as its player reads it."""
    return words.hand_text("project", game.view_for(seat))


def texts(events: Iterable[object]) -> list[str]:
    """Public lines of ``events`` as the bot writes them."""
    return events_lines("project", events)


NAMES = ("A", "B", "C", "D")


def make(deck: list[str], n: int = 3, *, dealer: int | None = None, **options: Any) -> ProjectGame:
    """Seats A, B, C…; the first hand is dealt from ``deck`` (top first); by default the last
    seat deals so A starts, and Shifts are off."""
    options.setdefault("shift_probability", 0.0)
    return ProjectGame.create(
        list(NAMES[:n]),
        buy_in=100,
        options=options,
        seed=1,
        deck=deck,
        dealer=n - 1 if dealer is None else dealer,
    )


def do(game: ProjectGame, script: str) -> list[Event]:
    """Apply ``;``-separated actions for whoever is pending: ``check; bet 5; field coins:10``."""
    events: list[Event] = []
    for item in filter(None, (s.strip() for s in script.split(";"))):
        kind, _, arg = item.partition(" ")
        if arg.isdigit():
            action = Action(kind, amount=int(arg))
        else:
            action = Action(kind, choices=tuple(arg.split()))
        events += game.apply(pending(game), action)
    return events


def kinds(game: ProjectGame) -> list[str]:
    return [s.kind for s in game.legal_actions(pending(game))]


DECK = ["coins:10", "sabers:10", "flasks:15", "coins:3", "sabers:3", "flasks:14"]
DECK += ["staves:7", "flasks:7", "coins:1", "sabers:2"]


def test_opening_betting_happens_before_the_deal() -> None:
    game = make(DECK)
    st = game.state
    assert st.phase is Phase.OPEN_BET and pending(game) == 0
    assert all(not h for h in st.hands)  # no card dealt yet (SP-3)
    assert st.betting.pot_total == 15 and st.sabacc_pot == 15  # ante into both pots
    assert kinds(game) == ["check", "bet", "all_in", "fold"]  # no field without cards
    assert "Opening betting" in texts(game.opening_events)[-1]
    events = do(game, "check; check; check")
    assert [len(h) for h in st.hands] == [2, 2, 2]
    assert [c.plain for c in st.hands[0]] == ["coins:10", "coins:3"]  # dealt one at a time
    assert "Two cards dealt to each of the 3 players." in texts(events)
    assert st.phase is Phase.DRAW and st.round_no == 1 and pending(game) == 0
    assert kinds(game) == ["draw", "stand", "field"]  # no call in the pot-building phase


def test_scripted_hand_forced_call_bomb_out_and_sudden_demise() -> None:
    game = make(DECK)
    st = game.state
    do(game, "check; check; check")
    do(game, "draw; draw; stand")  # round 1: A 20, B 20, C 29
    assert st.idle == 1 and mine(game, 0).notes[0] == "Total 20: Hand +20"
    for _ in range(3):  # rounds 1–4 betting, rounds 2–4 all stand
        do(game, "check; check; check; stand; stand; stand")
    do(game, "check; check; check")
    assert st.round_no == 5 and st.idle == 10
    # Round 5: A's turn begins with 10 stands in a row: the hand is called for A (SP-5).
    assert st.phase is Phase.FINAL_BET and st.caller == 0 and pending(game) == 0
    assert "Caller" in dict(table(game).info)
    events = do(game, "bet 10; call; call")
    lines = texts(events)
    assert "A (caller) reveals 10 of Coins, 3 of Coins, 7 of Staves — total 20: Hand +20." in lines
    assert (
        "C reveals Ace of Flasks (15), Master of Flasks (14) — total 29: Bomb-out (+29)." in lines
    )
    assert "C bombs out (total +29) and pays 45 to the Sabacc pot." in lines
    assert (
        "Sudden Demise (extra card 1): A gets 1 of Coins → Hand +21; B gets 2 of Sabers → Hand +22."
        in lines
    )
    assert "B wins the Main Pot (45)." in lines and "The Sabacc pot (60) carries over." in lines
    assert any(
        line.startswith("B wins by Sudden Demise: A and B tied at Hand +20") for line in lines
    )
    assert st.stacks == [80 - 10, 125 - 10, 35 - 10]  # after hand 2's antes
    assert st.sabacc_pot == 60 + 15 and st.hand_no == 2 and st.dealer == 0
    assert pending(game) == 1  # hand 2 starts with B (dealer A's left)
    assert game.seat_stats()[1].hands_won == 1


def test_calling_on_a_draw_turn_after_the_pot_building_phase() -> None:
    game = make(DECK, n=2, pot_building_rounds=1)
    do(game, "check; check")
    do(game, "stand; stand; check; check")
    assert kinds(game) == ["draw", "stand", "call_hand", "field"]
    assert "Final betting starts with you" in words.preview_text(
        "project", game.preview(0, Action("call_hand"))
    )
    events = do(game, "call_hand")
    assert "A CALLS THE HAND." in texts(events)[0]
    assert game.state.phase is Phase.FINAL_BET and pending(game) == 0


def test_interference_field_is_public_and_irreversible() -> None:
    game = make(DECK, n=2)
    do(game, "check; check")
    spec = next(s for s in game.legal_actions(0) if s.kind == "field")
    assert spec.param is ParamKind.CHOICE and [o.value for o in spec.options] == [
        "coins:10",
        "flasks:15",
    ]
    events = do(game, "field flasks:15")
    assert texts(events) == ["A puts Ace of Flasks (15) face up into the Interference Field."]
    assert pending(game) == 0  # not a turn
    assert table(game).seats[0].public == "2 cards · field: Ace of Flasks (15)"
    assert game.view_for(0).hand == ("coins:10",)
    assert "field: Ace of Flasks (15)" in mine(game, 0).hand_text
    with pytest.raises(IllegalAction):
        do(game, "field flasks:15")
    # Out of turn, the free action is accepted from any live seat (P-impl-5).
    turn = game.turn
    game.apply(1, Action("field", choices=("sabers:10",)))
    assert game.turn == turn and table(game).seats[1].public.endswith("field: 10 of Sabers")


def test_a_shift_changes_only_exposed_live_cards() -> None:
    game = make(DECK, n=3, shift_probability=1.0)
    st = game.state
    do(game, "check; fold; check")  # B folds before the deal: not dealt... but antes stay
    do(game, "field coins:10; stand; field sabers:10; stand")
    before = [list(h) for h in st.hands]
    events = do(game, "check; check")
    shift = [t for t in texts(events) if t.startswith("SABACC SHIFT!")]
    assert shift and st.shifts == 1
    assert st.hands[0][0] == before[0][0] and st.hands[2][0] == before[2][0]  # field cards stay
    assert table(game).highlight.startswith("SABACC SHIFT!")
    changed = [s for s in (0, 2) if st.shifted[s]]
    for s in changed:
        assert "Sabacc Shift changed your cards" in mine(game, s).notes[-1]
        assert "⟲" in mine(game, s).hand_text
    deck = sorted(c.notation for h in st.hands for c in h) + sorted(
        c.notation for c in [*st.mucked, *st.draw.cards]
    )
    assert len(deck) == 76 and len(set(deck)) == 76
    do(game, "stand")
    assert not table(game).highlight.startswith("SABACC")  # only right after it


def test_folding_to_one_player_awards_the_main_pot_uncontested() -> None:
    game = make(DECK)
    events = do(game, "bet 20; fold; fold")
    lines = texts(events)
    assert "A wins the Main Pot (15)." in lines
    assert "A wins: everyone else folded (no reveal; the Sabacc pot stays)" in lines
    assert not any("reveals" in line for line in lines)
    assert game.state.sabacc_pot == 15 + 15 and game.state.hand_no == 2


def test_leaving_folds_and_returns_the_credits_behind() -> None:
    game = make(DECK)
    do(game, "check; check; check")
    events, credits = game.leave(0)  # A leaves on their own draw turn
    assert credits == 90 and "A folds and leaves the table with 90 credits." in texts(events)
    assert pending(game) == 1 and game.state.mucked
    events, credits = game.leave(2)
    assert credits == 90 and "B wins the Main Pot (15)." in texts(events)
    assert game.finished and game.payouts() == {0: 0, 1: 120, 2: 0}
    assert game.leave(1) == ((), 0)


def test_players_who_cannot_pay_both_antes_leave_and_the_game_ends() -> None:
    game = ProjectGame.create(["A", "B"], buy_in=14, options={"shift_probability": 0}, seed=3)
    total = 28
    play_preferring(game, ("all_in", "call_hand", "stand", "check"))
    payouts = game.payouts()
    assert sum(payouts.values()) == total and game.public_view().finished


def test_max_hands_ends_the_game_and_shares_the_sabacc_pot() -> None:
    game = make(DECK, max_hands=1)
    events = do(game, "bet 20; fold; fold")
    lines = texts(events)
    assert game.finished and "Game over. The Sabacc pot (15) is shared out." in lines[-1]
    assert game.payouts() == {0: 105 + 5, 1: 90 + 5, 2: 90 + 5}
    assert sum(game.payouts().values()) == 300


def test_default_actions_previews_and_labels() -> None:
    game = make(DECK)
    assert game.default_action(0) == Action("check")
    assert words.preview_text("project", game.preview(0, Action("bet", amount=7))) == (
        "You put in 7 and keep 83 behind."
    )
    do(game, "bet 5")
    assert game.default_action(1) == Action("fold")
    assert [spec_text("project", s).label for s in game.legal_actions(1)][:2] == [
        "Call 5",
        "Raise to…",
    ]
    do(game, "call; call")
    assert game.default_action(0) == Action("stand")
    assert words.preview_text("project", game.preview(0, Action("draw"))).startswith(
        "Your cards total 13"
    )
    assert game.preview(1, Action("draw")) == ""
    with pytest.raises(IllegalAction):
        game.apply(1, Action("draw"))
    with pytest.raises(IllegalAction):
        game.apply(0, Action("call_hand"))


def test_registry_info() -> None:
    info = get_variant("project")
    assert info.name == "Sabacc Project" and (info.min_players, info.max_players) == (2, 8)
    assert info.buy_in_presets["standard"] == 500 and info.options["ante"] == 5
    assert info.options["shift_probability"] == 0.2 and info.options["idle_call_limit"] == 10
    game = info.create(["a", "b"], buy_in=500, options=info.options, seed=5)
    assert table(game).pots == (("Main Pot", 10), ("Sabacc pot", 10))
    with pytest.raises(ValueError):
        info.create(["a"], buy_in=500, options={}, seed=1)
    with pytest.raises(ValueError):
        info.create(["a", "b"], buy_in=9, options={}, seed=1)
    with pytest.raises(ValueError):
        info.create(["a", "b"], buy_in=50, options={"shift_probability": 2}, seed=1)
