"""Coruscant Shift played through the real game object (coruscant-shift.md §2–§5)."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as hst

from bot import words
from engine.core.game import Action, Game, IllegalAction, ParamKind, PublicView
from engine.core.pots import distribute
from engine.variants import get_variant
from engine.variants.coruscant import CoruscantGame, create, restore
from engine.variants.coruscant.cards import Card, best_selection, full_deck, parse_cards
from engine.variants.coruscant.events import (
    BettingSkipped,
    HandRevealed,
    PotAwarded,
    SelectionsMade,
    UncontestedWin,
)
from engine.variants.coruscant.state import Phase

KIND = re.compile(r"^[a-z_]+$")
V = "coruscant-shift"


def table(game: CoruscantGame) -> PublicView:
    """The public view as players read it."""
    return words.table_text(V, game.public_view())


def lines(events: Any) -> list[str]:
    """The log lines of ``events``."""
    return words.events_lines(V, events)


def refused(game: CoruscantGame, seat: int, action: Action) -> str:
    """The sentence a refused action shows."""
    with pytest.raises(IllegalAction) as caught:
        game.apply(seat, action)
    return words.reason_text(caught.value)


def stacked(*top: str) -> list[str]:
    """A full 62-card deck whose first cards are ``top`` (in dealing order)."""
    first = parse_cards(top)
    rest = Counter(full_deck()) - Counter(first)
    return [*top, *(c.notation for c in rest.elements())]


def select(game: CoruscantGame, seat: int, *cards: str) -> list[Any]:
    return list(game.apply(seat, Action("select", choices=cards)))


# A hands: ● +5 and four squares; B: five triangles; C: five negative circles.
R1 = ["circle:+5", "triangle:+1", "circle:-1", "square:+1", "triangle:+2", "circle:-2"]
R1 += ["square:+2", "triangle:+3", "circle:-3", "square:+3", "triangle:+4", "circle:-4"]
R1 += ["square:+4", "triangle:+5", "circle:-5"]
R2 = ["circle:+1", "circle:-6", "circle:+2", "circle:-7", "circle:+3", "circle:-8", "circle:+4"]
R2 += ["circle:-9"]


def worked_example() -> CoruscantGame:
    return create(
        ["A", "B", "C"],
        buy_in=100,
        options={},
        seed=1,
        stacks=[30, 100, 100],
        decks=[stacked(*R1, *R2)],
        dice=[(5, "circle")],
        start_seat=0,
    )


def test_worked_example_4_5() -> None:
    g = worked_example()
    assert g.state.stacks == [28, 98, 98] and g.state.bet.pot_total == 6
    assert g.view_for(0).hand == ("circle:+5", "square:+1", "square:+2", "square:+3", "square:+4")
    assert table(g).highlight == "🎯 Target +5 · ● Circle"
    assert g.pending_seats() == {0, 1, 2}
    select(g, 0, "circle:+5")
    select(g, 1, "triangle:+5")
    events = select(g, 2, "circle:-1", "circle:-2")
    assert SelectionsMade(1, (("A", 1), ("B", 1), ("C", 2))) in events
    assert g.state.phase is Phase.BET_1 and g.pending_seats() == {0}
    g.apply(0, Action("bet", 5))
    g.apply(1, Action("raise", 15))
    g.apply(2, Action("call"))
    g.apply(0, Action("all_in"))
    g.apply(1, Action("call"))
    g.apply(2, Action("fold"))
    assert g.state.bet.contributions == [30, 30, 17]
    assert table(g).pots == (("Pot", 77),)
    # round 2: A and B each get 4 cards, one at a time from A
    assert g.state.phase is Phase.SELECT_2 and g.pending_seats() == {0, 1}
    assert g.view_for(0).hand == ("circle:+5", "circle:+1", "circle:+2", "circle:+3", "circle:+4")
    assert g.view_for(1).hand == ("triangle:+5", "circle:-6", "circle:-7", "circle:-8", "circle:-9")
    select(g, 0, "circle:+5")
    events = select(g, 1, "triangle:+5")
    assert BettingSkipped(2) in events  # only B has chips behind and owes nothing
    reveals = [e for e in events if isinstance(e, HandRevealed)]
    assert [(e.player, e.total, e.distance, e.suit_count) for e in reveals] == [
        ("A", 5, 0, 1),
        ("B", 5, 0, 0),
    ]
    assert PotAwarded(0, 1, 77, (("A", 77),)) in events
    assert g.state.hand_no == 2 and sum(g.state.stacks) + g.state.bet.pot_total == 230
    stats = g.seat_stats()
    assert stats[0].hands_won == 1 and stats[0].biggest_pot == 77
    assert words.stats_text(V, stats[0]).best_hand == "+5 exact, 1 ● card"


def test_side_pots_in_a_real_hand() -> None:
    """CS-V19 shape: A all-in for 5 on the ante; B and C bet on; A wins the main pot only."""
    top = ["circle:+5", "circle:+4", "square:+3"] + [f"triangle:{v:+d}" for v in range(1, 11)]
    top += ["square:-1", "square:-2"]
    g = create(
        ["A", "B", "C"],
        buy_in=100,
        options={"base_ante": 5},
        seed=2,
        stacks=[5, 100, 100],
        decks=[stacked(*top)],
        dice=[(5, "circle")],
        start_seat=0,
    )
    assert table(g).seats[0].status.startswith("all-in")
    select(g, 0, "circle:+5")
    select(g, 1, "circle:+4")
    select(g, 2, "square:+3")
    assert g.pending_seats() == {1}  # the all-in starting player is skipped
    assert table(g).pots == (("Pot", 15),)  # all-in at the ante: nothing above it yet
    g.apply(1, Action("bet", 15))
    assert table(g).pots == (("Pot", 30),)  # an open bet is no side pot yet
    g.apply(2, Action("call"))
    assert table(g).pots == (("Main pot", 15), ("Side pot 1", 30))
    for seat, card in ((0, "circle:+5"), (1, "circle:+4"), (2, "square:+3")):
        select(g, seat, card)
    g.apply(1, Action("check"))
    events = g.apply(2, Action("check"))
    awarded = [e for e in events if isinstance(e, PotAwarded)]
    assert awarded == [
        PotAwarded(0, 2, 15, (("A", 15),)),
        PotAwarded(1, 2, 30, (("B", 30),)),
    ]


def test_uncontested_win_reveals_nothing() -> None:
    g = create(["A", "B"], buy_in=50, options={}, seed=5, start_seat=0)
    hands = [g.view_for(s).hand for s in range(2)]
    for s in range(2):
        g.apply(s, g.default_action(s))
    g.apply(0, Action("bet", 3))
    events = g.apply(1, Action("fold"))
    assert any(isinstance(e, UncontestedWin) for e in events)
    text = " ".join(lines(events))
    for hand in hands:
        for card in parse_cards(hand):
            assert card.display not in text and card.notation not in text


def test_specs_and_preview() -> None:
    g = create(["A", "B"], buy_in=50, options={}, seed=9, start_seat=0, dice=[(5, "circle")])
    (spec,) = (words.spec_text(V, s) for s in g.legal_actions(0))
    assert spec.kind == "select" and spec.param is ParamKind.CHOICE
    assert (spec.min_choices, spec.max_choices) == (1, 5)
    assert (spec.label, spec.style) == ("Choose cards", "primary")
    assert [o.value for o in spec.options] == list(g.view_for(0).hand)
    g.state.hands[0] = parse_cards(["circle:+3", "circle:+1", "sylop", "sylop", "square:-9"])
    options = words.spec_text(V, g.legal_actions(0)[0]).options
    values = [o.value for o in options]
    assert values == ["circle:+3", "circle:+1", "sylop", "sylop#2", "square:-9"]
    assert options[0].label == "● +3" and options[2].label == "Ø Sylop"

    def preview(seat: int, action: Action) -> str:
        return words.preview_text(V, g.preview(seat, action))

    assert (
        preview(0, Action("select", choices=("circle:+3", "circle:+1")))
        == "Total +4 · distance 1 from +5 · 2 ● cards"
    )
    assert preview(0, Action("select", choices=("sylop", "sylop#2"))).endswith("2 ● cards")
    assert preview(0, Action("select", choices=("nonsense",))) == ""
    g.apply(0, Action("select", choices=("sylop", "sylop#2", "circle:+3")))
    notes = words.hand_text(V, g.view_for(0)).notes
    assert notes[0] == "Selection: Total +3 · distance 2 from +5 · 3 ● cards"
    g.apply(1, g.default_action(1))
    kinds = [s.kind for s in g.legal_actions(0)]
    assert kinds == ["check", "bet", "all_in", "fold"]
    assert all(KIND.match(k) for k in kinds)
    g.apply(0, Action("bet", 4))
    specs = {s.kind: words.spec_text("coruscant-shift", s) for s in g.legal_actions(1)}
    assert specs["call"].label == "Call 4"
    assert specs["all_in"].label == f"All-in {g.state.stacks[1]}"
    assert specs["fold"].style == "danger"
    assert (specs["raise"].param, specs["raise"].min_amount) == (ParamKind.AMOUNT, 5)
    assert specs["raise"].max_amount == g.state.stacks[1]
    assert preview(1, Action("raise", 10)).startswith("Raise to 10")


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Action("select", choices=()), "at least one card"),
        (Action("select", choices=("circle:+10", "circle:+10")), "more times than you hold"),
        (Action("select", choices=("circle:7",)), "not a card"),
        (Action("bet", 3), "Choose your cards first"),
    ],
)
def test_illegal_selections(action: Action, message: str) -> None:
    g = create(["A", "B"], buy_in=50, options={}, seed=11, start_seat=0)
    g.state.hands[0] = parse_cards(
        ["circle:+10", "circle:+1", "circle:+2", "circle:+3", "circle:+4"]
    )
    assert message in refused(g, 0, action)


def test_illegal_card_not_in_hand_and_out_of_turn() -> None:
    g = create(["A", "B"], buy_in=50, options={}, seed=11, start_seat=0)
    missing = next(c for c in full_deck() if c.notation not in g.view_for(0).hand)
    assert "You don't hold" in refused(g, 0, Action("select", choices=(missing.notation,)))
    mine = g.default_action(0)
    g.apply(0, mine)
    assert "already chosen" in refused(g, 0, mine)
    g.apply(1, g.default_action(1))
    assert "not your turn: waiting for A" in refused(g, 1, Action("check"))
    for amount, message in ((0, "minimum you can bet is 1"), (999, "only have")):
        assert message in refused(g, 0, Action("bet", amount))
    assert "not a betting action" in refused(g, 0, Action("select", choices=("sylop",)))


def test_turn_counter() -> None:
    g = create(["A", "B", "C"], buy_in=50, options={}, seed=4, start_seat=0)
    t = g.turn
    g.apply(0, g.default_action(0))
    g.apply(1, g.default_action(1))
    assert g.turn == t  # one confirmation of a simultaneous phase is no new decision
    g.apply(2, g.default_action(2))
    assert g.turn == t + 1 and g.pending_seats() == {0}
    g.apply(0, Action("check"))
    assert g.turn == t + 2 and g.pending_seats() == {1}
    assert g.seq == 4


def test_default_actions() -> None:
    g = create(["A", "B"], buy_in=50, options={}, seed=3, start_seat=0, dice=[(0, "square")])
    g.state.hands[0] = parse_cards(["square:+2", "square:-2", "circle:+1", "sylop", "triangle:+9"])
    best = g.default_action(0)
    expected = best_selection(g.state.hands[0], 0, g.state.suit)
    assert best == Action("select", choices=tuple(c.notation for c in expected))
    assert sorted(best.choices) == ["square:+2", "square:-2", "sylop"]
    g.apply(0, best)
    g.apply(1, g.default_action(1))
    assert g.default_action(0) == Action("check")
    g.apply(0, Action("bet", 2))
    assert g.default_action(1) == Action("fold")
    g.apply(1, Action("call"))
    assert g.state.phase is Phase.SELECT_2
    assert sorted(g.default_action(0).choices) == ["square:+2", "square:-2", "sylop"]
    with pytest.raises(IllegalAction):
        g.default_action(5)


def test_lock_first_selection_option() -> None:
    g = create(["A", "B"], buy_in=50, options={"lock_first_selection": True}, seed=3, start_seat=0)
    kept = g.view_for(0).hand[:2]
    g.apply(0, Action("select", choices=kept))
    g.apply(1, g.default_action(1))
    g.apply(0, Action("check"))
    g.apply(1, Action("check"))
    new = [c for c in g.view_for(0).hand if c not in kept]
    assert "locked in" in refused(g, 0, Action("select", choices=(new[0],)))
    g.apply(0, Action("select", choices=(*kept, new[0])))


def test_ante_escalation_rotation_and_max_hands() -> None:
    g = create(["A", "B", "C"], buy_in=100, options={"max_hands": 3}, seed=8, start_seat=1)
    seen: dict[int, tuple[int, int]] = {}
    while not g.finished:
        seen[g.state.hand_no] = (g.state.start_seat, g.state.ante)
        s = min(g.pending_seats())
        g.apply(s, g.default_action(s))
    assert seen == {1: (1, 2), 2: (2, 5), 3: (0, 8)}
    assert g.payouts() == dict(enumerate(g.state.stacks)) and sum(g.payouts().values()) == 300
    assert g.public_view().finished and table(g).phase == "Game over"
    flat = create(["A", "B"], buy_in=100, options={"ante_escalation": False}, seed=8)
    for s in (0, 1):
        flat.apply(s, flat.default_action(s))
    (s,) = flat.pending_seats()
    flat.apply(s, Action("fold"))
    assert flat.state.hand_no == 2 and flat.state.ante == 2


def test_leave() -> None:
    g = create(["A", "B", "C"], buy_in=50, options={}, seed=6, start_seat=0)
    g.apply(1, g.default_action(1))
    events, took = g.leave(1)
    assert took == 48 and table(g).seats[1].status == "left"
    assert g.pending_seats() == {0, 2}
    assert Counter(g.state.all_cards()) == Counter(full_deck())
    g.apply(0, g.default_action(0))
    g.apply(2, g.default_action(2))
    assert g.pending_seats() == {0}
    events, took2 = g.leave(0)  # the seat to act leaves: C wins uncontested, game over
    assert any(isinstance(e, UncontestedWin) for e in events)
    assert g.finished and took2 == 48
    assert took + took2 + sum(g.payouts().values()) == 150
    assert g.payouts() == {0: 0, 1: 0, 2: 54}
    with pytest.raises(IllegalAction):
        g.leave(2)


def test_leave_mid_bet_returns_the_uncalled_bet_on_the_fold_line() -> None:
    g = create(["A", "B"], buy_in=50, options={}, seed=6, start_seat=0)
    g.apply(0, g.default_action(0))
    g.apply(1, g.default_action(1))
    assert g.pending_seats() == {0}
    g.apply(0, Action("bet", 10))
    events, took = g.leave(1)
    assert lines(events)[:2] == [
        "B folds. 10 uncalled credits go back to A.",
        "B leaves the table with 48 credits.",
    ]
    assert took == 48 and g.state.bet.stacks[1] == 0


def test_registry_and_protocol() -> None:
    info = get_variant("coruscant-shift")
    assert info.name == "Coruscant Shift" and (info.min_players, info.max_players) == (2, 6)
    assert dict(info.buy_in_presets) == {"lay": 500, "tournament": 1000}
    assert info.min_buy_in == 10 and info.options["base_ante"] == 2
    game = info.create(["a", "b"], buy_in=500, options=info.options, seed=1)
    assert isinstance(game, Game)
    again = info.restore(game.to_json())
    assert again.public_view() == game.public_view()
    with pytest.raises(ValueError, match="unknown"):
        info.create(["a", "b"], buy_in=500, options={"nope": 1}, seed=1)
    with pytest.raises(ValueError):
        info.create(["a"], buy_in=500, options={}, seed=1)


def test_card_notation() -> None:
    assert Card.parse("triangle:+10").value == 10 and Card.parse("sylop").is_sylop
    for bad in ("circle:7", "circle:+0", "Circle:+1", "circle:+11", " sylop"):
        with pytest.raises(ValueError):
            Card.parse(bad)
    deck = full_deck()
    assert len(deck) == 62 and len({c.notation for c in deck}) == 61
    assert restore(create(["a", "b"], buy_in=20, options={}, seed=1).to_json()).state.n == 2


def test_options_are_validated_and_coerced() -> None:
    g = create(
        ["a", "b"],
        buy_in=100,
        options={"base_ante": "5", "ante_escalation": "false", "max_hands": None},
        seed=1,
    )
    opts = g.state.opts
    assert (opts.base_ante, opts.ante_escalation, opts.max_hands) == (5, False, None)
    assert g.state.bet.pot_total == 10
    for bad in ({"min_bet": 0}, {"min_bet": "x"}, {"lock_first_selection": "maybe"}):
        with pytest.raises(ValueError):
            create(["a", "b"], buy_in=100, options=bad, seed=1)
    with pytest.raises(ValueError, match="buy-in"):
        create(["a", "b"], buy_in=5, options={}, seed=1)


def test_busted_player_changes_the_ante_and_the_rotation() -> None:
    """§2.3/CS-9: the increment uses the players in the game at the hand's start; §3 HAND_START:
    the next starting player is the next IN-GAME seat clockwise."""
    # dealt clockwise from C: C, A, B, C, A, B, ... (5 each)
    c_cards = [f"triangle:-{v}" for v in range(6, 11)]
    a_cards = [f"square:-{v}" for v in range(6, 11)]
    b_cards = [f"circle:+{v}" for v in range(1, 6)]
    top = [card for trio in zip(c_cards, a_cards, b_cards, strict=True) for card in trio]
    g = create(
        ["A", "B", "C"],
        buy_in=100,
        options={},
        seed=3,
        stacks=[2, 100, 100],
        decks=[stacked(*top)],
        dice=[(5, "circle")],
        start_seat=2,
    )
    assert g.state.stacks == [0, 98, 98] and g.state.ante == 2  # A is all-in on the ante
    while g.state.hand_no == 1:
        seat = min(g.pending_seats())
        g.apply(seat, g.default_action(seat))
    assert g.state.stacks[0] == 0  # B won A's whole stake: A is out
    assert g.state.hand_no == 2 and g.state.ante == 2 + 5  # two players in the game: +5
    assert g.state.start_seat == 1  # after C comes A, who is out, so B
    assert not g.state.bet.in_hand[0] and g.state.bet.contributions == [0, 7, 7]


@given(
    hst.lists(hst.integers(0, 40), min_size=2, max_size=6),
    hst.lists(hst.booleans(), min_size=6, max_size=6),
    hst.lists(hst.tuples(hst.integers(0, 2), hst.integers(-2, 0)), min_size=6, max_size=6),
    hst.integers(0, 5),
)
def test_showdown_settlement_is_zero_sum(
    contrib: list[int], folded: list[bool], keys: list[tuple[int, int]], start: int
) -> None:
    """§0/§2.4: whatever the contributions and folds, the pots pay out exactly what went in;
    eligible players reached the pot's level (or nobody live did, §4.4)."""
    n = len(contrib)
    order = [(start + i) % n for i in range(n)]
    live = [p for p in order if not folded[p]] or [order[0]]
    keyed = {p: keys[p] for p in live}
    result = distribute(dict(enumerate(contrib)), live, order, keyed, showdown=True)
    assert sum(result.payouts.values()) == sum(contrib)
    assert result.unawarded == 0
    for pot in result.pots:
        assert pot.winners and set(pot.winners) <= set(pot.eligible) <= set(live)
        assert list(pot.winners) == [p for p in order if p in pot.winners]


def test_game_over_names_no_false_winner_when_the_richest_left() -> None:
    """Issue 25 point 11: B leaves with 101 credits, C leaves, A (49) is last: the game-over
    line must not call A the winner; it lists what is still at the table."""
    rng = random.Random(3)
    g = create(["A", "B", "C"], buy_in=50, options={}, seed=3)
    while g.state.hand_no < 3:  # a few seeded random hands
        seat = min(g.pending_seats())
        spec = rng.choice(sorted(g.legal_actions(seat), key=lambda s: s.kind))
        if spec.kind == "select":
            g.apply(seat, g.default_action(seat))
        elif spec.param is ParamKind.AMOUNT:
            g.apply(seat, Action(spec.kind, spec.min_amount))
        else:
            g.apply(seat, Action(spec.kind))
    took: dict[int, int] = {}
    said: list[str] = []
    for seat in sorted(range(3), key=lambda s: -g.public_view().seats[s].stack):  # richest first
        if g.finished:
            break
        events, took[seat] = g.leave(seat)
        said += lines(events)
    assert g.finished and took == {1: 101} and g.payouts() == {0: 49, 1: 0, 2: 0}
    assert said[-1] == "Game over. Final credits at the table: A 49."
    assert not any("Winner" in line for line in said)
