"""Classic Sabacc speaks facts (issue #24): every event and view is typed data worded by
``bot/words/classic.py``; the facts a table stores round-trip through its JSON, a table stored
before the facts still loads and reads the same, and the Classic bot decides from facts alone.

The checks the two-pot family shares run on this file's data (its event lines, the facts that
are only parts of events, the games its bot plays) from ``test_twopot_facts.py``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot import words
from engine.bots.classic import decide
from engine.core.betting_specs import StakePreview
from engine.core.facts import Fact
from engine.core.game import Action, IllegalAction
from engine.variants.classic import ClassicGame
from engine.variants.classic import events as ev
from engine.variants.classic.actions import CallPreview, StasisPreview, TotalPreview
from engine.variants.classic.cards import Category, HandEval, evaluate, parse_hand
from engine.variants.twopot.events import Penalty, Worded
from tests.engine.facts_checks import (
    played,
    restores_the_same,
)

STORED = Path(__file__).parent / "stored" / "classic-row.json"


def hand(*cards: str) -> HandEval:
    """The evaluation of ``cards``."""
    return evaluate(parse_hand(cards))


PURE, NULHREK, BOMB = (
    hand("coins:15", "sabers:8"),
    hand("coins:11", "flasks:11"),
    hand("coins:15", "sabers:9"),
)

# One of every Classic event type, and the line the table log shows for it.
EVENT_LINES: list[tuple[object, str]] = [
    (
        ev.HandStarted(2, "ann", 3, 2, 2, 6, 10),
        "Hand 2: ann starts. 3 players ante 2 + 2 (hand pot 6, Sabacc pot 10). Two cards dealt "
        "to each player.",
    ),
    (ev.CashedOut("bob", 3), "bob cannot cover the antes and cashes out with 3 credits."),
    (ev.PhaseStarted(1, "betting"), "Round 1 — betting."),
    (
        ev.PhaseStarted(1, "betting", ev.PhaseNote.SKIPPED),
        "Round 1 — betting. Skipped: nobody left can bet.",
    ),
    (
        ev.PhaseStarted(3, "trade", ev.PhaseNote.CALL_ALLOWED),
        "Round 3 — trade. Call the hand is allowed.",
    ),
    (
        ev.PhaseStarted(10, "reveal", ev.PhaseNote.ROUND_LIMIT),
        "Round 10 — reveal. Round limit reached: nobody called.",
    ),
    (ev.Traded("ann", "gain", 3), "ann gains a card (3 cards)."),
    (ev.Traded("ann", "change", 2), "ann changes a card (2 cards)."),
    (ev.Traded("ann", "stand", 2), "ann stands (2 cards)."),
    (
        ev.HandCalled("ann", 1),
        "ann CALLS THE HAND. 1 final trade turn, then the reveal. (A caller who does not win "
        "bombs out.)",
    ),
    (ev.DiceRolled(2, 3, 3), "Dice (round 2): 3 and 3 — doubles: SABACC SHIFT!"),
    (ev.DiceRolled(2, 3, 4), "Dice (round 2): 3 and 4 — no shift."),
    (
        ev.ShiftDone((("ann", 2), ("bob", 1))),
        "Sabacc Shift: non-stasis cards discarded and redealt (ann 2, bob 1).",
    ),
    (
        ev.Revealed("ann", ("coins:15", "sabers:8"), PURE, caller=True),
        "ann (caller) reveals Ace of Coins (15), 8 of Sabers — total 23: Pure Sabacc +23.",
    ),
    (
        ev.SuddenDemiseDrew(
            0,
            2,
            (ev.DemiseDraw("ann", "queen#1", NULHREK), ev.DemiseDraw("bob", "", ev.TieStands())),
        ),
        "Sudden Demise for the main pot: ann draws The Queen of Air and Darkness (−2) → Nulhrek "
        "+22; bob draws no card → tie stands.",
    ),
    (ev.StasisMoved("ann", "coins:5", True), "ann puts 5 of Coins into the stasis field."),
    (ev.StasisMoved("ann", "coins:5", False), "ann takes 5 of Coins back from the stasis field."),
    (ev.PlayerLeft("bob", 40, True), "bob folds and leaves the table with 40 credits."),
    (
        ev.Reshuffled(12),
        "The draw pile is empty: 12 discarded cards are shuffled into it.",
    ),
    (ev.PotAwarded(0, 1, 20, ("ann",)), "ann wins the hand pot (20)."),
    (ev.PotAwarded(1, 2, 8, ("ann", "bob")), "ann and bob split the side pot 1 (8)."),
    (
        ev.PenaltyPaid("bob", 6, Penalty.CALLER_LOST),
        "bob bombs out (called and did not win) and pays 6 to the Sabacc pot.",
    ),
    (ev.SabaccPotResult((), 9), "The Sabacc pot (9) carries over."),
    (ev.SabaccPotResult(("ann",), 9), "ann takes the Sabacc pot (9)!"),
    (
        ev.GameOver((("ann", 120), ("bob", 80)), 4),
        "Game over. The Sabacc pot (4) is shared out. Final credits: ann 120, bob 80.",
    ),
    (
        ev.HandDecided(ev.Why.OUTRANKS, ("ann",), best=PURE, runner=NULHREK),
        "ann: Pure Sabacc +23 outranks Nulhrek +22",
    ),
    (
        ev.HandDecided(ev.Why.SUDDEN_DEMISE, ("ann",), ("ann", "bob"), NULHREK, steps=2),
        "ann won by Sudden Demise: ann and bob tied at Nulhrek +22; 2 draw steps broke the tie",
    ),
    (
        ev.HandDecided(ev.Why.UNCONTESTED, ("bob",)),
        "bob wins: everyone else folded (no reveal; the Sabacc pot stays)",
    ),
]
# The facts that are only parts of events, hand evaluations or private notes (no line).
EVENT_PARTS = {HandEval, ev.TieStands, ev.DemiseDraw, ev.Drew, ev.ShiftDealt, Worded}


def test_previews_and_hand_names_are_facts() -> None:
    cases: list[tuple[Fact, str]] = [
        (
            TotalPreview("change", 7, "coins:2"),
            "Without 2 of Coins your cards total 7; then you draw one card.",
        ),
        (TotalPreview("gain", 9), "Your cards total 9; you add one more card."),
        (
            StasisPreview("coins:2", True),
            "2 of Coins goes face up into your stasis field (safe from a Sabacc Shift).",
        ),
        (StasisPreview("coins:2", False), "2 of Coins goes back into your hidden hand."),
        (
            CallPreview(BOMB),
            "You hold Bomb-out (+24). Everyone else gets a last turn; lose and you bomb out.",
        ),
        (StakePreview("bet", 5, 5, 91), "You put in 5 and keep 91 behind."),
    ]
    for fact, line in cases:
        assert words.preview_text("classic", fact) == line
    names = {words.hand_name("classic", h) for h in (PURE, hand("idiot", "coins:2", "staves:3"))}
    assert names == {"Pure Sabacc +23", "Idiot's Array"}


def test_a_refusal_is_a_code_with_its_data() -> None:
    game = ClassicGame.create(["ann", "bob"], buy_in=100, seed=1)
    with pytest.raises(IllegalAction) as refused:
        game.apply(0, Action("gain"))
    assert (refused.value.reason, refused.value.data) == ("cannot_now", {"kind": "gain"})
    assert words.reason_text(refused.value) == "You can't gain now."
    with pytest.raises(IllegalAction) as refused:
        game.apply(1, Action("check"))
    assert words.reason_text(refused.value) == "It is not your turn."


def bot_game(seed: int, steps: int) -> ClassicGame:
    """A game of three after at most ``steps`` decisions of the Classic bot."""
    game = ClassicGame.create(["ann", "bob", "cid"], buy_in=200, seed=seed)
    return played(game, decide, seed, steps)


def test_stored_facts_round_trip_through_the_json() -> None:
    for seed in range(6):
        game = bot_game(seed, 140)
        restored = restores_the_same("classic", game)  # plain JSON, written back the same
        assert restored.state.decided == game.state.decided
        assert restored.state.last_drawn == game.state.last_drawn
        assert words.table_text("classic", restored.public_view()) == words.table_text(
            "classic", game.public_view()
        )
    assert any(bot_game(s, 140).state.decided is not None for s in range(6))


def test_a_table_stored_before_the_facts_loads_and_reads_the_same() -> None:
    stored: dict[str, Any] = json.loads(STORED.read_text(encoding="utf-8"))
    game = ClassicGame.from_json(stored["game"])
    assert isinstance(game.state.last_decision(), Worded)
    table = words.table_text("classic", game.public_view())
    assert [list(row) for row in table.info] == stored["public"]["info"]
    assert table.highlight == stored["public"]["highlight"]
    for seat, notes in stored["notes"].items():
        assert list(words.hand_text("classic", game.view_for(int(seat))).notes) == notes
    names = [words.hand_name("classic", r.best_hand) for r in game.state.stats]
    assert names == stored["best_hands"]
    again = ClassicGame.from_json(json.loads(json.dumps(game.to_json())))
    assert again.to_json() == game.to_json()  # written back as it was stored
    seat = min(again.pending_seats())
    again.apply(seat, decide(again, seat, "balanced"))  # the game goes on


def test_seat_records_keep_a_typed_key() -> None:
    assert PURE.label == "pure_sabacc:23" and BOMB.label == "bomb_out:24"
    assert words.hand_name("classic", HandEval(-23, Category.PURE_SABACC, (1, 0, 0)).label) == (
        "Pure Sabacc −23"
    )
