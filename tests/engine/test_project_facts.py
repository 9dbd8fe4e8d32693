"""The Sabacc Project speaks facts (issue #24): every event, view, control and preview is typed
data worded by ``bot/words/project.py``; every fact round-trips through the codec; a table
stored before the facts still loads and reads the same; the Project bot decides from facts.

The checks the two-pot family shares run on this file's data (its event lines, the facts that
are only parts of events, the games its bot plays) from ``test_twopot_facts.py``."""

from __future__ import annotations

import pytest

from bot import words
from engine.bots.project import decide
from engine.core.betting_specs import StakePreview
from engine.core.facts import Fact
from engine.core.game import Action, IllegalAction
from engine.variants.project import ProjectGame
from engine.variants.project import actions as act
from engine.variants.project import events as ev
from engine.variants.project.cards import HandEval, evaluate, parse_hand
from engine.variants.project.state import Phase
from engine.variants.project.views import ProjectHand, ProjectSeat
from engine.variants.twopot.events import Penalty, Worded
from engine.variants.twopot.state import Seat
from tests.engine.facts_checks import (
    played,
)


def hand(*cards: str) -> HandEval:
    """The evaluation of ``cards``."""
    return evaluate(parse_hand(cards))


PURE, HAND, CLOSE, BOMB = (
    hand("coins:15", "sabers:8"),
    hand("coins:11", "flasks:9"),
    hand("coins:11", "flasks:11"),
    hand("coins:15", "sabers:9"),
)

# One of every Project event type, and the line the table log shows for it.
EVENT_LINES: list[tuple[object, str]] = [
    (
        ev.Revealed("ann", ("coins:15", "sabers:8"), PURE, caller=True),
        "ann (caller) reveals Ace of Coins (15), 8 of Sabers — total 23: Pure Sabacc +23.",
    ),
    (
        ev.HandStarted(2, "ann", "bob", 3, 5, 15, 30),
        "Hand 2: ann deals, bob starts. 3 players ante 5 + 5 (Main Pot 15, Sabacc pot 30).",
    ),
    (ev.PhaseStarted(0, Phase.OPEN_BET), "Opening betting (before the deal)."),
    (
        ev.PhaseStarted(2, Phase.BET, ev.PhaseNote.SKIPPED),
        "Round 2 — betting. Skipped: nobody left can bet.",
    ),
    (
        ev.PhaseStarted(3, Phase.DRAW, ev.PhaseNote.CALL_ALLOWED),
        "Round 3 — draw. The hand may be called.",
    ),
    (
        ev.PhaseStarted(1, Phase.DRAW, ev.PhaseNote.POT_BUILDING),
        "Round 1 — draw. Pot-building: no call yet.",
    ),
    (ev.PhaseStarted(4, Phase.FINAL_BET), "Final betting."),
    (ev.CardsDealt(3), "Two cards dealt to each of the 3 players."),
    (ev.DrawTaken("ann", True, 3, 0, 10), "ann draws a card (3 cards)."),
    (ev.DrawTaken("ann", False, 2, 4, 10), "ann stands (2 cards). Stands in a row: 4/10."),
    (ev.DrawTaken("ann", False, 2, 4, None), "ann stands (2 cards)."),
    (
        ev.HandCalled("ann"),
        "ann CALLS THE HAND. Final betting starts with them, then the reveal.",
    ),
    (
        ev.HandCalled("ann", forced=True),
        "Too many stands in a row: the hand is called for ann. Final betting, then the reveal.",
    ),
    (
        ev.FieldPlaced("ann", ("flasks:15", "queen#2")),
        "ann puts Ace of Flasks (15), The Queen of Air and Darkness (−2) face up into the "
        "Interference Field.",
    ),
    (
        ev.ShiftHappened((("ann", 2), ("bob", 1))),
        "SABACC SHIFT! A Sabacc Shift occurred: 3 cards changed (ann 2, bob 1).",
    ),
    (ev.ShiftHappened(()), "SABACC SHIFT! A Sabacc Shift occurred, but no card could change."),
    (
        ev.SuddenDemiseDealt(1, (ev.DemiseCard("ann", "coins:2", CLOSE),)),
        "Sudden Demise (extra card 1): ann gets 2 of Coins → Hand +22.",
    ),
    (ev.CashedOut("cid", 3), "cid cannot cover the antes and cashes out with 3 credits."),
    (ev.PlayerLeft("bob", 40, False), "bob leaves the table with 40 credits."),
    (ev.PotAwarded(0, 2, 20, ("ann",)), "ann wins the Main Pot base layer (20)."),
    (
        ev.PenaltyPaid("bob", 4, Penalty.TOTAL, 25),
        "bob bombs out (total +25) and pays 4 to the Sabacc pot.",
    ),
    (ev.SabaccPotResult(("ann", "bob"), 9), "ann and bob split the Sabacc pot (9)!"),
    (ev.GameOver((("ann", 120),), 0), "Game over. Final credits: ann 120."),
    (
        ev.Decided(ev.Why.UNCONTESTED, ("bob",)),
        "bob wins: everyone else folded (no reveal; the Sabacc pot stays)",
    ),
    (ev.Decided(ev.Why.NO_POT, ()), "Nothing was bet: there is no Main Pot to win"),
    (
        ev.Decided(ev.Why.ALL_BOMBED, ()),
        "Every hand bombed out: the Main Pot goes to the Sabacc pot",
    ),
    (
        ev.Decided(ev.Why.TIED_BOMBED, ()),
        "Every tied player bombed out in Sudden Demise: the Main Pot goes to the Sabacc pot",
    ),
    (
        ev.Decided(ev.Why.TIE_SPLIT, ("ann", "bob"), HAND),
        "ann and bob tie at Hand +20 and split the pot (no card left for Sudden Demise)",
    ),
    (
        ev.Decided(ev.Why.STAY_TIED, ("ann", "bob"), HAND),
        "ann and bob stay tied after Sudden Demise and split the pot (no card left)",
    ),
    (
        ev.Decided(ev.Why.SUDDEN_DEMISE, ("ann",), HAND, tied=("ann", "bob"), depth=2, final=CLOSE),
        "ann wins by Sudden Demise: ann and bob tied at Hand +20; after 2 extra cards ann holds "
        "Hand +22",
    ),
    (
        ev.Decided(ev.Why.BETTER_BOMBED, ("ann",), HAND),
        "ann wins (Hand +20): the better tied hands all bombed out in Sudden Demise",
    ),
    (
        ev.Decided(ev.Why.ONLY_VALID, ("ann",), HAND),
        "ann holds the only hand that did not bomb out (Hand +20)",
    ),
    (ev.Decided(ev.Why.BEATS, ("ann",), PURE, HAND), "ann: Pure Sabacc +23 beats Hand +20"),
    (
        ev.Decided(ev.Why.CLOSER, ("ann",), CLOSE, HAND),
        "ann: Hand +22 is closer to ±23 than Hand +20",
    ),
    (
        ev.Decided(ev.Why.POSITIVE, ("ann",), HAND, hand("coins:11", "flasks:9")),
        "ann: at equal distance the positive total wins (Hand +20 over Hand +20)",
    ),
]
# The facts that are only parts of events, hand evaluations or private notes (no line).
EVENT_PARTS = {HandEval, ev.DemiseCard, ev.Drew, ev.ShiftChanged, Worded}


def test_previews_refusals_and_hand_names() -> None:
    cases: list[tuple[Fact, str]] = [
        (
            act.TotalPreview("draw", 13),
            "Your cards total 13; you take the top card of the draw pile.",
        ),
        (act.TotalPreview("stand", 13), "You keep your cards (total 13)."),
        (
            act.CallPreview(PURE),
            "You hold Pure Sabacc +23. Final betting starts with you, then every hand is revealed.",
        ),
        (
            act.FieldPreview(("coins:2", "idiot")),
            "2 of Coins, The Idiot (0) go face up into your Interference Field: safe from a "
            "Sabacc Shift, but everyone sees them, and they stay there for the hand.",
        ),
        (StakePreview("bet", 5, 5, 91), "You put in 5 and keep 91 behind."),
    ]
    for fact, line in cases:
        assert words.preview_text("project", fact) == line
    keys = ("pure_sabacc:-23", "bomb:26", "hand:-20", "idiots_array:5", "Hand +3")
    names = [words.hand_name("project", key) for key in keys]  # the last: a stored name
    assert names == ["Pure Sabacc −23", "Bomb-out (+26)", "Hand −20", "Idiot's Array", "Hand +3"]
    assert BOMB.label == "bomb:24" and words.hand_name("project", BOMB) == "Bomb-out (+24)"
    game = ProjectGame.create(["ann", "bob"], buy_in=100, seed=3)
    with pytest.raises(IllegalAction) as refused:
        game.apply(game.state.start_seat, Action("draw"))
    assert (refused.value.reason, refused.value.data) == ("cannot_now", {"kind": "draw"})
    assert words.reason_text(refused.value) == "You can't draw now."
    with pytest.raises(IllegalAction) as refused:
        game.apply(1 - game.state.start_seat, Action("field", choices=("coins:2",)))
    assert words.reason_text(refused.value) == (
        "You have no card you could put into the Interference Field now."
    )


def bot_game(seed: int, steps: int) -> ProjectGame:
    """A game of three after at most ``steps`` decisions of the Project bot."""
    game = ProjectGame.create(["ann", "bob", "cid"], buy_in=300, seed=seed)
    return played(game, decide, seed, steps)


# Facts the played games may not show, each to round-trip through the codec.
CODEC_FACTS: tuple[Fact, ...] = (
    act.TotalPreview("draw", 3),
    act.TotalPreview("stand", 3),
    act.CallPreview(BOMB),
    act.FieldPreview(("idiot",)),
    ProjectSeat(Seat.IN, True, True, True, False, 0, 3, False, ("queen#2",)),
    ProjectHand(("coins:2",), (True,), (), HAND, ev.ShiftChanged((("coins:3", "coins:2"),))),
    ProjectHand((), (), ("coins:2",), None, Worded("You drew it.")),
)
