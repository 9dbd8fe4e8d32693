"""Corellian Spike hands scripted with stacked decks and rigged dice: antes and deal, every card
action, the Sabacc Shift, the single blind draw at a real showdown, the Sabacc pot, junks,
fees, option orders, leaving, timeouts, and what views may show."""

from __future__ import annotations

from typing import Any

import pytest

from bot import words
from bot.words import events_lines
from engine.core.game import Action, IllegalAction, PublicView
from engine.variants.corellian_spike import SpikeGame
from engine.variants.corellian_spike.cards import full_deck, parse_cards
from engine.variants.corellian_spike.payout import decide
from engine.variants.corellian_spike.settle import settle_hand
from engine.variants.corellian_spike.state import Phase, SpikeOptions

PAIRS = ["circle:+5", "triangle:+5", "circle:-5", "triangle:-5", "square:+9"]
NO_SHIFT = [(2, 3), (1, 4), (5, 6)]


def texts(events: Any) -> list[str]:
    return events_lines("corellian-spike", events)


def notes(game: SpikeGame, seat: int) -> tuple[str, ...]:
    return words.hand_text("corellian-spike", game.view_for(seat)).notes


def table(game: SpikeGame) -> PublicView:
    return words.table_text("corellian-spike", game.public_view())


def preview(game: SpikeGame, seat: int, action: Action) -> str:
    return words.preview_text("corellian-spike", game.preview(seat, action))


def new(
    deck: list[str] | None = None,
    dice: list[tuple[int, int]] | None = None,
    players: int = 2,
    **options: Any,
) -> SpikeGame:
    return SpikeGame.create(
        ["ann", "bo", "cy", "di"][:players],
        buy_in=50,
        options=options,
        seed=1,
        decks=[deck] if deck else [],
        dice=dice or [],
        start_seat=0,
    )


def act(game: SpikeGame, kind: str, *choices: str, amount: int | None = None) -> list[str]:
    (seat,) = game.pending_seats()
    return texts(game.apply(seat, Action(kind, amount=amount, choices=choices)))


def quiet_round(game: SpikeGame, players: int = 2) -> list[str]:
    lines: list[str] = []
    for _ in range(players):
        lines += act(game, "stand")
    for _ in range(players):
        lines += act(game, "check")
    return lines


def test_antes_deal_and_first_discard() -> None:
    game = new(PAIRS, players=2)
    st = game.state
    assert st.betting.pot_total == 4 and st.sabacc_pot == 2 and st.stacks == [47, 47]
    assert [c.notation for c in st.hands[0]] == ["circle:+5", "circle:-5"]
    assert [c.notation for c in st.hands[1]] == ["triangle:+5", "triangle:-5"]
    assert [c.notation for c in st.discard] == ["square:+9"] and len(st.draw) == 57
    opening = texts(game.opening_events)
    assert "Hand 1: ann starts. 2 players ante 2 + 1 (hand pot 4, Sabacc pot 2)." in opening[0]
    assert "the discard pile starts with ■ +9" in opening[0]
    assert st.phase is Phase.CARD and game.pending_seats() == {0}


def test_tie_at_showdown_decided_by_a_single_blind_draw() -> None:
    deck = [*PAIRS, "square:+4", "sylop"]  # the blind draws come next off the pile
    game = new(deck, NO_SHIFT)
    lines: list[str] = []
    for _ in range(3):
        lines += quiet_round(game)
    assert "ann reveals ● +5, ● -5 — total 0: Sabacc Pair (5s)." in lines
    assert "Single blind draw for the hand pot: ann draws ■ +4, bo draws Ø Sylop." in lines
    assert "bo wins the hand pot (4)." in lines and "bo takes the Sabacc pot (2)!" in lines
    assert any("tied with ann on every tie-break, won the single blind draw" in t for t in lines)
    assert game.state.stacks == [44, 50]  # 47 + 6 won, then hand 2's antes (3 each)
    assert game.state.hand_no == 2 and game.state.start_seat == 1


def test_split_house_rule_shares_a_tie() -> None:
    game = new(PAIRS, NO_SHIFT, tie_break="split")
    lines = [line for _ in range(3) for line in quiet_round(game)]
    assert "The hand pot (4) is split: ann 2, bo 2." in lines
    assert "ann and bo split the Sabacc pot (2)!" in lines
    assert any("split (house rule: ties split)" in t for t in lines)


def test_card_actions_gain_discard_first_swap_and_junk() -> None:
    deck = ["circle:+5", "triangle:+5", "square:+5", "circle:-5", "triangle:-5", "square:-5"]
    game = new([*deck, "square:+9", "circle:+1"], [(2, 3)], players=3)
    st = game.state
    # ann discards +5 first, then draws (her old card becomes the discard top)
    assert act(game, "gain_discard", "circle:+5") == [
        "ann discards ● +5, then gains a card (2 cards)."
    ]
    assert st.discard[-1].notation == "circle:+5" and len(st.hands[0]) == 2
    # bo takes the top discard (ann's +5) and gives a card he held before
    line = act(game, "swap", "triangle:-5")
    assert line == ["bo swaps: takes ● +5 from the discard pile and puts ▲ -5 on it (2 cards)."]
    with pytest.raises(IllegalAction):
        act(game, "swap", "circle:+5")  # cy does not hold it
    lines = act(game, "junk")
    assert lines[0].startswith("cy junks: ") and "go face up to the discard pile" in lines[0]
    assert not st.betting.is_live(2) and st.hands[2] == []
    assert lines[-1] == "Round 1/3 · betting."
    assert act(game, "bet", amount=3) == ["ann bets 3."]
    lines = act(game, "fold")
    assert lines[1].startswith("bo folds (junks): ")
    # one live player left: ann takes the hand pot unseen, the Sabacc pot stays
    assert st.hand_no == 2 and st.sabacc_pot == 6
    assert "ann wins the hand pot (6)." in lines  # her uncalled 3 came back
    assert "Hand 1: ann wins — everyone else junked (no reveal)." in lines
    assert ("Last hand", "Hand 1: ann wins — everyone else junked (no reveal).") in table(game).info


def test_plain_gain_needs_room_and_draw_then_choose() -> None:
    game = new(PAIRS, gain_mode="draw_then_choose")
    assert act(game, "gain") == ["ann gains a card (3 cards)."]
    assert game.state.phase is Phase.CHOOSE and game.pending_seats() == {0}
    kinds = [s.kind for s in game.legal_actions(0)]
    assert kinds == ["keep", "discard"]
    drawn = game.state.hands[0][-1]
    assert notes(game, 0)[-1] == f"You drew {drawn.display}."
    assert act(game, "discard", drawn.notation)[0].startswith("ann discards ")
    assert game.state.discard[-1] == drawn and game.pending_seats() == {1}
    full = new(["circle:+1", "circle:+2", "circle:+3", "circle:+4", "circle:+5"])
    full.state.hands[0] += [full.state.draw.draw_one() for _ in range(3)]
    assert "gain" not in [s.kind for s in full.legal_actions(0)]  # 5 cards: no plain gain


def test_fees_go_into_the_hand_pot() -> None:
    game = new(PAIRS, gain_fee=2, swap_fee=3)
    assert act(game, "gain") == ["ann gains a card (fee 2) (3 cards)."]
    assert game.state.betting.contributions[0] == 4
    act(game, "swap", "triangle:+5")
    assert game.state.betting.contributions[1] == 5
    game.state.betting.stacks[0] = 1  # too poor for either fee
    quiet_bets = [act(game, "check") for _ in range(2)]
    assert quiet_bets and {s.kind for s in game.legal_actions(0)} == {"stand", "junk"}


def test_sabacc_shift_redeals_as_many_cards() -> None:
    game = new(PAIRS, [(4, 4)])
    act(game, "gain")  # ann now holds 3 cards
    lines = act(game, "stand") + act(game, "check") + act(game, "check")
    assert "🎲 Spike dice (round 1): 4 and 4 — doubles: SABACC SHIFT!" in lines
    shift = next(line for line in lines if line.startswith("Sabacc Shift: "))
    assert shift.startswith("Sabacc Shift: every hand goes face up to the discard pile (ann ● +5, ")
    assert shift.endswith("; bo ▲ +5, ▲ -5) and is redealt with as many cards (ann 3, bo 2).")
    st = game.state
    assert [len(h) for h in st.hands] == [3, 2]
    assert st.discard[-1].notation == "triangle:-5"  # bo's last card
    dealt = ", ".join(c.display for c in st.hands[1])
    assert notes(game, 1)[-1] == f"The Sabacc Shift dealt you {dealt}."
    assert "Sabacc Shift!" in table(game).highlight


def test_dice_before_betting_changes_the_order() -> None:
    game = new(PAIRS, [(2, 3)], dice_before_betting=True)
    lines = act(game, "stand") + act(game, "stand")
    assert lines[-2].startswith("🎲 Spike dice (round 1)") and lines[-1] == "Round 1/3 · betting."
    lines = act(game, "check") + act(game, "check")
    assert lines[-1] == "Round 2/3 · card phase."


def test_game_end_shares_the_sabacc_pot() -> None:
    game = new(PAIRS, NO_SHIFT, max_hands=1, players=3)
    act(game, "stand"), act(game, "stand"), act(game, "junk")
    for _ in range(3):
        game.apply(*game.pending_seats(), game.default_action(*game.pending_seats()))
    while not game.finished:
        game.apply(*game.pending_seats(), game.default_action(*game.pending_seats()))
    assert sum(game.payouts().values()) == 150 and game.state.sabacc_pot == 0


def test_leaving_junks_the_hand_and_returns_the_stack() -> None:
    game = new(PAIRS, players=3)
    events, credits = game.leave(0)  # ann is to act
    assert credits == 47 and game.pending_seats() == {1}
    assert texts(events)[0].startswith("ann folds (junks)")
    events, credits = game.leave(2)
    assert credits == 47 and "bo wins the hand pot (6)." in texts(events)
    assert game.finished and game.payouts() == {0: 0, 1: 56, 2: 0}  # and the Sabacc pot


def test_timeouts_stand_then_check_else_fold() -> None:
    game = new(PAIRS)
    assert game.default_action(0) == Action("stand")
    act(game, "stand"), act(game, "stand")
    assert game.default_action(0) == Action("check")
    act(game, "bet", amount=2)
    assert game.default_action(1) == Action("fold")


def test_public_views_never_show_a_hidden_card() -> None:
    game = new(PAIRS)
    act(game, "gain")
    view = table(game)
    text = repr(view)
    for card in game.state.hands[0] + game.state.hands[1]:
        assert card.display not in text and card.notation not in text
    assert [s.public for s in view.seats] == ["3 cards", "2 cards"]
    assert ("Discard pile", "■ +9") in view.info


@pytest.mark.parametrize(
    "options",
    [
        {"colour": 1},
        {"rounds": 0},
        {"rounds": 6},
        {"gain_mode": "peek"},
        {"tie_break": "coin"},
        {"hand_ante": 0},
        {"sabacc_ante": -1},
        {"named_hand_extras": "maybe"},
        {"gain_fee": 1.5},
    ],
)
def test_bad_options_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        SpikeOptions.from_mapping(options)


def test_create_checks_players_and_buy_in() -> None:
    with pytest.raises(ValueError):
        SpikeGame.create(["a"], buy_in=50)
    with pytest.raises(ValueError):
        SpikeGame.create([str(i) for i in range(9)], buy_in=50)
    with pytest.raises(ValueError):
        SpikeGame.create(["a", "b"], buy_in=9)
    with pytest.raises(ValueError):
        SpikeGame.create(["a", "b"], buy_in=10, options={"hand_ante": 8, "sabacc_ante": 3})


@pytest.mark.parametrize(
    ("hands", "why"),
    [
        ({0: "circle:+7 triangle:-7", 1: "circle:+3 circle:-1"}, "a Sabacc beats every Nulrhek"),
        ({0: "sylop circle:+4 circle:-4", 1: "circle:+1 square:-1"}, "a better hand category"),
        ({0: "circle:+2 circle:-2", 1: "square:+9 square:-9"}, "its set is closer to zero"),
        ({0: "circle:+3 circle:-2", 1: "square:+2 square:-3"}, "a positive total beats a negative"),
        ({0: "circle:+3 circle:-2", 1: "square:+2 square:-4"}, "closer to zero"),
        (
            {0: "circle:+1 circle:+8 circle:-2 circle:-7", 1: "square:+9 square:-2 square:-7"},
            "more cards (4 vs 3)",
        ),
        (
            {0: "circle:+4 circle:+6 circle:-10", 1: "square:+4 square:+5 square:-9"},
            "a higher positive card total (10 vs 9)",
        ),
        (
            {0: "circle:+1 circle:+8 circle:-9", 1: "square:+4 square:+5 square:-9"},
            "a higher single positive card (8 vs 5)",
        ),
    ],
)
def test_the_hand_winner_line_says_why(hands: dict[int, str], why: str) -> None:
    game = new(PAIRS)
    cards = {s: parse_cards(h.split()) for s, h in hands.items()}
    result = settle_hand([0, 1], cards, {0: 5, 1: 5}, 0, _NoDraw())
    (line,) = texts([decide(game.state, result)])
    assert line.startswith("Hand 1: ann wins with ") and " over bo's " in line
    assert f"({why}" in line


class _NoDraw:
    def available(self) -> int:
        return 0

    def draw(self) -> Any:
        raise AssertionError("no blind draw expected")


def test_previews_describe_a_choice() -> None:
    game = new(PAIRS)
    assert preview(game, 0, Action("swap", choices=("circle:+5",))) == (
        "You give ● +5 for ■ +9: Nulrhek +4."
    )
    assert preview(game, 0, Action("gain_discard", choices=("circle:-5",))) == (
        "Without ● -5 your cards total +5."
    )
    assert preview(game, 1, Action("swap", choices=("circle:+5",))) == ""  # not pending
    assert preview(game, 0, Action("swap", choices=("sylop",))) == ""  # not held


def test_an_empty_draw_pile_is_rebuilt_from_the_discards_under_the_top() -> None:
    game = new(PAIRS)
    st = game.state
    top = st.discard[-1]
    st.discard = [*st.draw.cards, top]  # every undealt card already discarded
    st.draw.cards = []
    lines = act(game, "gain")
    assert lines[0] == "The draw pile is empty: 57 discarded cards are shuffled into it."
    assert st.discard == [top] and len(st.draw) == 56 and len(st.hands[0]) == 3
    assert sorted(c.notation for c in st.all_cards()) == sorted(c.notation for c in full_deck())
