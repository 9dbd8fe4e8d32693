"""Classic Sabacc state machine with stacked decks and scripted dice (spec §3, §5.5, §5.6)."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from bot.words import events_lines, hand_name, hand_text, preview_text, spec_text, table_text
from engine.core.deck import Deck
from engine.core.game import Action, ActionSpec, IllegalAction, ParamKind, PlayerView, PublicView
from engine.variants.classic import ClassicGame
from engine.variants.classic.cards import Card
from engine.variants.classic.events import (
    CashedOut,
    DiceRolled,
    GameOver,
    HandCalled,
    PenaltyPaid,
    PotAwarded,
    Reshuffled,
    Revealed,
    SabaccPotResult,
    ShiftDone,
    SuddenDemiseDrew,
)
from engine.variants.classic.state import Phase, Seat, Step
from engine.variants.twopot.actions import card_options
from engine.variants.twopot.events import Penalty
from tests.engine.playout import seat_now
from tests.engine.test_classic_helpers import ALL_CARDS, card_multiset, do, make

ROUND = "check; check; stand; end_turn; stand; end_turn"


def texts(events: Iterable[object]) -> list[str]:
    """Public lines of ``events`` as the bot writes them."""
    return events_lines("classic", events)


def table(g: ClassicGame) -> PublicView:
    """The public view as the bot writes it."""
    return table_text("classic", g.public_view())


def own(g: ClassicGame, seat: int) -> PlayerView:
    """A seat's private view as the bot writes it."""
    return hand_text("classic", g.view_for(seat))


def preview(g: ClassicGame, seat: int, action: Action) -> str:
    """A preview as the bot writes it."""
    return preview_text("classic", g.preview(seat, action))


def kinds(game: object, seat: int | None = None) -> set[str]:
    from engine.variants.classic import ClassicGame

    assert isinstance(game, ClassicGame)
    s = seat_now(game) if seat is None else seat
    return {spec.kind for spec in game.legal_actions(s)}


def to_round3_trade(game: object) -> None:
    """Rounds 1 and 2 with checks and stands, then round 3's checks: round 3 Trade starts."""
    from engine.variants.classic import ClassicGame

    assert isinstance(game, ClassicGame)
    do(game, ROUND)
    do(game, ROUND)
    do(game, "check; check")
    assert game.state.phase is Phase.TRADE and game.state.round_no == 3


def test_full_hand_walkthrough_pure_sabacc_takes_both_pots() -> None:
    g = make(["coins:15", "flasks:10", "sabers:8", "staves:9"])  # A 23, B 19
    st = g.state
    assert (st.phase, st.round_no, g.pending_seats()) == (Phase.BET, 1, frozenset({0}))
    assert st.stacks == [96, 96] and table(g).pots == (("Hand pot", 4), ("Sabacc pot", 4))
    assert kinds(g) == {"check", "bet", "all_in", "fold"}
    assert g.view_for(0).hand == ("coins:15", "sabers:8")
    assert own(g, 0).notes[0] == "Total 23: Pure Sabacc +23"
    do(g, "bet 10")
    labels = {s.kind: spec_text("classic", s).label for s in g.legal_actions(1)}
    assert labels["call"] == "Call 10" and set(labels) == {"call", "raise", "all_in", "fold"}
    do(g, "call")
    assert st.phase is Phase.TRADE and g.pending_seats() == {0}
    assert kinds(g) == {"gain", "change", "stand", "stasis"}  # no Call before round 3
    do(g, "stand")
    assert st.step is Step.END and kinds(g) == {"end_turn", "stasis"}
    do(g, "end_turn; stand; end_turn")
    assert (st.phase, st.round_no, st.dice) == (Phase.BET, 2, (1, 2))
    do(g, ROUND)
    do(g, "check; check; stand")
    assert "call_hand" in kinds(g)
    events = do(g, "call_hand")
    assert st.phase is Phase.FINAL_TURNS and st.caller == 0 and g.pending_seats() == {1}
    assert any(isinstance(e, HandCalled) for e in events)
    assert kinds(g) == {"gain", "change", "stand", "stasis"}
    do(g, "stand")
    assert kinds(g) == {"end_turn", "stasis"}  # no Call during final turns
    events = do(g, "end_turn")
    lines = texts(events)
    assert "A (caller) reveals Ace of Coins (15), 8 of Sabers — total 23: Pure Sabacc +23." in lines
    assert "B reveals 10 of Flasks, 9 of Staves — total 19: Nulhrek +19." in lines
    assert "A wins the hand pot (24)." in lines
    assert "A takes the Sabacc pot (4)!" in lines
    assert any("outranks" in line for line in lines)
    # hand 2 already dealt: B starts, antes paid again
    assert (st.hand_no, st.start_seat, st.phase) == (2, 1, Phase.BET)
    assert st.stacks == [110, 82] and st.sabacc_pot == 4 and st.betting.pot_total == 4
    stats = g.seat_stats()
    assert stats[0].hands_won == 1 and hand_name("classic", stats[0].best_hand) == "Pure Sabacc +23"
    assert stats[0].biggest_pot == 28 and stats[1].hands_played == 2


def test_turn_counter_grows_with_every_decision() -> None:
    g = make(["coins:15", "flasks:10", "sabers:8", "staves:9"])
    seen = [g.turn]
    for step in ("check", "check", "stand", "end_turn"):
        do(g, step)
        seen.append(g.turn)
    assert seen == sorted(set(seen))


def test_sabacc_shift_keeps_stasis_cards_and_hand_sizes() -> None:
    deck = ["coins:5", "coins:6", "coins:7", "coins:8", "sabers:1", "sabers:2", "sabers:3"]
    g = make(deck, dice=[2, 2])
    st = g.state
    do(g, "check; check; stasis coins:5")
    assert [c.notation for c in st.stasis[0]] == ["coins:5"]
    assert "stasis" not in kinds(g) and "unstasis" not in kinds(g)  # one operation per turn
    assert [o.value for o in g.legal_actions(0)[1].options] == ["coins:7"]  # change: no stasis card
    with pytest.raises(IllegalAction):
        g.apply(0, Action("change", choices=("coins:5",)))
    assert "stasis: 5 of Coins" in table(g).seats[0].public
    events = do(g, "stand")  # nothing left to decide: the turn ends by itself
    assert g.pending_seats() == {1}
    events = do(g, "stand; end_turn")
    dice = next(e for e in events if isinstance(e, DiceRolled))
    assert dice.shift and any(isinstance(e, ShiftDone) for e in events)
    assert [c.notation for c in st.hands[0]] == ["sabers:1"]
    assert [c.notation for c in st.stasis[0]] == ["coins:5"]
    assert [c.notation for c in st.hands[1]] == ["sabers:2", "sabers:3"]
    assert sorted(c.notation for c in st.discard) == ["coins:6", "coins:7", "coins:8"]
    assert card_multiset(g) == ALL_CARDS
    assert "Sabacc Shift" in table(g).highlight


def test_unstasis_returns_a_card_and_change_can_follow() -> None:
    g = make(["coins:5", "coins:6", "coins:7", "coins:8", "sabers:1"])
    do(g, "check; check; stasis coins:5; stand")
    do(g, "stand; end_turn")
    do(g, "check; check; unstasis coins:5")
    assert not g.state.stasis[0] and "stasis" not in kinds(g)
    do(g, "change coins:5")
    assert sorted(c.notation for c in g.state.hands[0]) == ["coins:7", "sabers:1"]


def test_bomb_out_pays_the_hand_pot_into_the_sabacc_pot() -> None:
    g = make(["coins:15", "coins:2", "sabers:9", "coins:3"])  # A 24, B 5
    to_round3_trade(g)
    do(g, "stand; end_turn; stand")
    events = do(g, "call_hand; stand; end_turn")
    penalty = next(e for e in events if isinstance(e, PenaltyPaid))
    assert (penalty.player, penalty.amount, penalty.why) == ("A", 4, Penalty.BOMBED)
    assert "B wins the hand pot (4)." in texts(events)
    st = g.state  # hand 2 dealt: A 96-4-4, B 96+4-4, Sabacc 4+4+4
    assert st.stacks == [88, 96] and st.sabacc_pot == 12 and st.betting.pot_total == 4


def test_caller_who_loses_bombs_out() -> None:
    g = make(["coins:10", "flasks:11", "coins:9", "flasks:10"])  # A 19, B 21
    to_round3_trade(g)
    events = do(g, "stand; call_hand; stand; end_turn")
    penalty = next(e for e in events if isinstance(e, PenaltyPaid))
    assert (penalty.player, penalty.why) == ("A", Penalty.CALLER_LOST)
    assert g.state.stacks == [88, 96]


def test_sudden_demise_in_game_draws_from_the_pile() -> None:
    g = make(["coins:10", "flasks:12", "sabers:10", "staves:8", "coins:1", "star#1"])
    to_round3_trade(g)
    events = do(g, "stand; call_hand; stand; end_turn")
    sd = next(e for e in events if isinstance(e, SuddenDemiseDrew))
    drawn = [(d.player, d.card, hand_name("classic", d.hand)) for d in sd.draws]
    assert drawn == [("A", "coins:1", "Nulhrek +21"), ("B", "star#1", "Nulhrek +3")]
    assert "A wins the hand pot (4)." in texts(events)
    assert any("Sudden Demise" in line for line in texts(events))
    assert g.state.stacks == [96, 92]


def test_idiots_array_takes_the_sabacc_pot() -> None:
    g = make(["idiot#1", "flasks:9", "coins:2", "flasks:8", "sabers:3"])
    do(g, "check; check; gain; end_turn; stand; end_turn")
    assert own(g, 0).notes[0] == "Total 5: Idiot's Array"
    do(g, ROUND)
    do(g, "check; check")
    events = do(g, "stand; call_hand; stand; end_turn")
    assert "A takes the Sabacc pot (4)!" in texts(events)
    assert g.state.stacks == [100, 92] and g.state.sabacc_pot == 4


def test_fairy_empress_wins_the_hand_pot_only() -> None:
    g = make(["queen#1", "coins:15", "queen#2", "coins:7"])  # A Fairy Empress, B 22
    to_round3_trade(g)
    events = do(g, "stand; end_turn; stand; call_hand; stand; end_turn")
    assert "A wins the hand pot (4)." in texts(events)
    result = next(e for e in events if isinstance(e, SabaccPotResult))
    assert result.winners == () and result.amount == 8  # antes 4 + B's caller penalty 4
    assert g.state.sabacc_pot == 12  # carried over + hand-2 antes


def test_conceded_hand_no_reveal_sabacc_untouched() -> None:
    g = make(["coins:15", "flasks:10", "sabers:8", "staves:9"])
    events = do(g, "bet 10; fold")
    assert not any(isinstance(e, Revealed) for e in events)
    lines = texts(events)
    assert "B folds. 10 uncalled credits go back to A." in lines
    assert "A wins the hand pot (4)." in lines
    assert "A wins: everyone else folded (no reveal; the Sabacc pot stays)" in lines
    assert g.state.stacks == [96, 92] and g.state.sabacc_pot == 8


def test_max_rounds_reveals_without_caller() -> None:
    g = make(["coins:10", "flasks:11", "coins:9", "flasks:10"], max_rounds=1)
    events = do(g, ROUND)
    assert not any(isinstance(e, PenaltyPaid) for e in events)  # no caller rule
    assert "B wins the hand pot (4)." in texts(events)
    assert any("Round limit" in line for line in texts(events))


@pytest.mark.parametrize(("final", "queue"), [("all_others", [2, 0]), ("rest_of_round", [2])])
def test_final_turns_options(final: str, queue: list[int]) -> None:
    deck = ["coins:1", "coins:2", "coins:3", "coins:4", "coins:5", "coins:6"]
    g = make(deck, n=3, call_final_turns=final)
    for _ in range(2):
        do(g, "check; check; check; stand; end_turn; stand; end_turn; stand; end_turn")
    do(g, "check; check; check; stand; end_turn; stand; call_hand")
    assert g.state.phase is Phase.FINAL_TURNS and g.state.queue == queue


def test_min_call_round_option() -> None:
    g = make(["coins:15", "flasks:10", "sabers:8", "staves:9"], min_call_round=1)
    do(g, "check; check; stand")
    assert "call_hand" in kinds(g)


def test_leave_folds_and_returns_the_stack() -> None:
    g = make(["coins:1", "coins:2", "coins:3", "coins:4", "coins:5", "coins:6"], n=3)
    do(g, "bet 5")
    events, credits = g.leave(1)
    assert credits == 96 and g.state.status[1] is Seat.LEFT and g.pending_seats() == {2}
    assert "B folds and leaves the table with 96 credits." in texts(events)
    assert g.total_credits() + credits == 300 and card_multiset(g) == ALL_CARDS
    do(g, "call")
    assert g.state.phase is Phase.TRADE


def test_leave_heads_up_ends_the_game() -> None:
    g = make(["coins:1", "coins:2", "coins:3", "coins:4"])
    do(g, "check; check; stand")
    events, credits = g.leave(1)
    assert g.finished and credits == 96
    assert any(isinstance(e, GameOver) for e in events)
    assert g.payouts() == {0: 104, 1: 0}  # hand pot 4 + Sabacc pot 4
    assert g.leave(0) == ((), 0)
    assert sum(g.payouts().values()) + credits == 200


def test_all_in_showdown_busts_the_loser_and_ends_the_game() -> None:
    g = make(["coins:11", "coins:2", "flasks:11", "coins:3"], buy_in=20)  # A 22, B 5
    do(g, "all_in; call")
    assert g.state.phase is Phase.TRADE and g.state.betting.pot_total == 36
    do(g, "stand; end_turn; stand; end_turn")
    assert g.state.round_no == 2 and g.state.phase is Phase.TRADE  # betting skipped
    do(g, "stand; end_turn; stand; end_turn")
    events = do(g, "stand; call_hand; stand; end_turn")
    assert g.finished and g.payouts() == {0: 40, 1: 0}
    assert any(isinstance(e, CashedOut) for e in events)


def test_short_stack_cashes_out_and_game_goes_on() -> None:
    deck = ["coins:11", "coins:2", "coins:4", "flasks:11", "coins:3", "coins:5"]
    g = make(deck, n=3, buy_in=20)
    do(g, "bet 14; call; fold")
    for _ in range(2):
        do(g, "stand; end_turn; stand; end_turn")
        if g.state.phase is Phase.BET:
            do(g, "check; check")
    events = do(g, "stand; call_hand; stand; end_turn")
    cashed = next(e for e in events if isinstance(e, CashedOut))
    assert (cashed.player, cashed.credits) == ("B", 2)
    assert g.state.status == [Seat.IN, Seat.OUT, Seat.IN] and not g.finished
    assert g.state.dealt == [True, False, True]


def test_max_hands_shares_the_sabacc_pot_odd_credit_to_the_starter() -> None:
    deck = ["coins:15", "coins:2", "sabers:9", "coins:3"]  # B (starts) 24, A 5
    g = make(deck, start=1, max_rounds=1, max_hands=1, bomb_out_penalty={"fixed": 1})
    events = do(g, ROUND)
    over = next(e for e in events if isinstance(e, GameOver))
    assert over.sabacc_shared == 5
    assert g.payouts() == {0: 102, 1: 98}


def test_reshuffle_and_empty_piles() -> None:
    g = make(["coins:1", "coins:2", "coins:3", "coins:4"])
    st = g.state
    st.discard.extend(st.draw.top_first())
    st.draw = Deck()
    events = do(g, "check; check; gain")
    assert any(isinstance(e, Reshuffled) for e in events) and card_multiset(g) == ALL_CARDS
    do(g, "end_turn")
    st.hands[0].extend(st.draw.top_first() + st.discard)  # nothing left to draw
    st.draw, st.discard = Deck(), []
    assert kinds(g) == {"stand", "stasis"}


def test_default_actions() -> None:
    g = make(["coins:1", "coins:2", "coins:3", "coins:4"])
    assert g.default_action(0) == Action("check")
    do(g, "bet 3")
    assert g.default_action(1) == Action("fold")
    do(g, "call")
    assert g.default_action(0) == Action("stand")
    do(g, "stand")
    assert g.default_action(0) == Action("end_turn")
    with pytest.raises(IllegalAction):
        g.default_action(1)


def test_illegal_actions_are_rejected() -> None:
    g = make(["coins:1", "coins:2", "coins:3", "coins:4"])
    for seat, action in [
        (1, Action("check")),
        (0, Action("gain")),
        (0, Action("call_hand")),
        (0, Action("bet", amount=0)),
        (0, Action("bet", amount=97)),
        (0, Action("bet")),
    ]:
        with pytest.raises(IllegalAction):
            g.apply(seat, action)
    do(g, "check; check")
    for action in [Action("change", choices=("coins:9",)), Action("stasis", choices=())]:
        with pytest.raises(IllegalAction):
            g.apply(0, action)
    assert g.seq == 2


def test_previews() -> None:
    g = make(["coins:1", "coins:2", "coins:3", "coins:4"])
    assert "keep 91 behind" in preview(g, 0, Action("bet", amount=5))
    do(g, "check; check")
    assert "total 3" in preview(g, 0, Action("change", choices=("coins:1",)))
    assert "stasis field" in preview(g, 0, Action("stasis", choices=("coins:1",)))
    assert g.preview(0, Action("change", choices=("nope",))) == ""
    assert g.preview(1, Action("gain")) == ""


def test_no_hidden_card_in_public_output_before_the_reveal() -> None:
    g = make(["coins:1", "coins:2", "coins:3", "coins:4", "coins:5", "coins:6"])
    events = list(g.opening_events)
    events += do(g, "check; check; gain; end_turn; change coins:2; end_turn")
    public = repr(table(g)) + "\n".join(texts(events))
    for seat in (0, 1):
        for card in g.state.hands[seat]:
            assert card.notation not in public and card.name not in public


def test_option_and_creation_validation() -> None:
    from engine.variants.classic import ClassicGame

    with pytest.raises(ValueError):
        ClassicGame.create(["A"], buy_in=100, options={}, seed=1)
    with pytest.raises(ValueError):
        ClassicGame.create(["A", "B"], buy_in=10, options={}, seed=1)
    with pytest.raises(ValueError):
        ClassicGame.create(["A", "B"], buy_in=100, options={"call_final_turns": "x"}, seed=1)
    with pytest.raises(ValueError):
        ClassicGame.create(["A", "B"], buy_in=100, options={"bomb_out_penalty": "x"}, seed=1)
    with pytest.raises(ValueError):
        ClassicGame.create(["A", "B"], buy_in=100, options={}, seed=1, deck=["queen"])


def test_stasis_max_cards_option() -> None:
    g = make(["coins:1", "coins:2", "coins:3", "coins:4"], stasis_max_cards=0)
    do(g, "check; check")
    assert "stasis" not in kinds(g)


def test_pot_award_event_names_side_pots() -> None:
    (line,) = texts([PotAwarded(1, 2, 60, ())])
    assert line == "Nobody can win the side pot 1 (60): it goes to the Sabacc pot."


def test_variant_info_and_protocol() -> None:
    from engine.core.game import Game
    from engine.variants import get_variant

    info = get_variant("classic")
    assert (info.id, info.name, info.min_players, info.max_players) == (
        "classic",
        "Classic Sabacc",
        2,
        8,
    )
    assert (
        info.buy_in_presets["lay"] == 500 and info.default_preset == "lay" and info.min_buy_in == 20
    )
    assert info.options["hand_ante"] == 2 and info.options["bomb_out_penalty"] == "hand_pot"
    assert set(info.options) >= {"min_call_round", "call_final_turns", "max_rounds", "max_hands"}
    game = info.create(["x", "y"], buy_in=500, options={}, seed=3)
    assert isinstance(game, Game) and game.public_view().variant == "classic"
    with pytest.raises(ValueError):
        info.create(["x", "y"], buy_in=20, options={"hand_ante": 15, "sabacc_ante": 15}, seed=3)


def test_a_penalty_of_nothing_reads_as_nothing_left_to_pay() -> None:
    paid = PenaltyPaid("A", 14, Penalty.BOMBED)
    assert texts([paid]) == ["A bombs out (bombed hand) and pays 14 to the Sabacc pot."]
    (broke,) = texts([PenaltyPaid("A", 0, Penalty.BOMBED)])
    assert broke == ("A bombs out (bombed hand) but has no credits left to pay the penalty.")


def test_call_and_card_option_wording() -> None:
    assert "1 final trade turn, then" in texts([HandCalled("A", 1)])[0]
    assert "2 final trade turns, then" in texts([HandCalled("A", 2)])[0]
    spec = ActionSpec(
        "change", param=ParamKind.CHOICE, options=card_options([Card.parse("evil_one")])
    )
    (option,) = spec_text("classic", spec).options
    assert option.description == "value −15"
