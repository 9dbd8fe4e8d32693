"""Centran Sabacc speaks facts (issue #24): every event, view, control and preview is typed data
worded by ``bot/words/centran.py``; every fact round-trips through the codec; a table stored
before the facts still loads and reads the same; the Centran bot decides from facts alone.

The checks the two-pot family shares run on this file's data (its event lines, the facts that
are only parts of events, the games its bot plays) from ``test_twopot_facts.py``."""

from __future__ import annotations

from typing import Any

from bot import words
from engine.bots.centran import decide
from engine.core.betting_specs import StakePreview
from engine.core.facts import Fact
from engine.variants.centran import CentranGame
from engine.variants.centran import actions as act
from engine.variants.centran import events as ev
from engine.variants.centran.cards import Category, HandEval, evaluate, parse_hand
from engine.variants.centran.views import CentranHand, CentranSeat
from engine.variants.twopot.actions import StasisPreview
from engine.variants.twopot.events import Penalty, Worded
from engine.variants.twopot.state import Seat
from tests.engine.facts_checks import (
    played,
)


def hand(fives: int, *cards: str, wild: bool = False) -> HandEval:
    """The evaluation of ``cards`` with ``fives`` table fives."""
    return evaluate(parse_hand(cards), fives, wild)


PURE = hand(0, "sabers:ace", "coins:8")  # Ace 15
NULHREK = hand(0, "coins:11", "flasks:11")
WILD = hand(5, "coins:14", "sabers:13", wild=True)
TWO_FIVES = hand(2, "staves:12", "major:0", "coins:ace")

# One of every Centran event type, and the line the table log shows for it.
EVENT_LINES: list[tuple[object, str]] = [
    (
        ev.HandStarted(2, "ann", "bob", 3, 30, 15),
        "Hand 2: ann deals, bob acts first. 3 players ante (hand pot 30, Sabacc pot 15); two "
        "cards each.",
    ),
    (ev.PlayerOut("cid"), "cid has no credits left and is out of the game."),
    (
        ev.FiveTabled("coins:5", "ann", 2),
        "ann draws 5 of Coins: a Wild Five goes face up to the table (2/5).",
    ),
    (
        ev.FiveTabled("major:-5", "", 1),
        "The Array turns up The Fifth Aspect (−5): a Wild Five goes face up to the table (1/5).",
    ),
    (ev.ArrayStarted("flasks:8"), "The Array starts with 8 of Flasks."),
    (ev.CardAction("ann", "gain", 3), "ann gains a card (3 cards)."),
    (ev.CardAction("ann", "stand", 2), "ann stands (2 cards)."),
    (
        ev.CardAction("ann", "trade", 2, "major:-2", "flasks:8", 1),
        "ann trades for 8 of Flasks (Array #1); The Queen of Air and Darkness (−2) takes its "
        "place in the Array (2 cards).",
    ),
    (
        ev.CardAction("ann", "draw_to_array", 2, "coins:14"),
        "ann draws Master of Coins (14) to the end of the Array (2 cards).",
    ),
    (
        ev.CardAction("ann", "draw_to_array", 2),
        "ann draws a five to the end of the Array (2 cards).",
    ),
    (
        ev.CardAction("ann", "discard_to_array", 1, "coins:2"),
        "ann discards 2 of Coins to the end of the Array (1 cards).",
    ),
    (
        ev.CardAction("ann", "array_draw", 3, taken="coins:ace", position=2),
        "ann takes Ace of Coins (1/15) from Array #2; it is refilled (3 cards).",
    ),
    (
        ev.ShiftTurned(1, "major:-17", "major:0", False, 0),
        "Shift Phase (round 1): The Star (−17) joins the Array after The Idiot (0) — same "
        "family. No shift.",
    ),
    (
        ev.ShiftTurned(2, "coins:7", "major:0", True, 1),
        "Shift Phase (round 2): 7 of Coins joins the Array after The Idiot (0) — opposite "
        "families. SABACC SHIFT! Everyone discards up to 1 non-stasis card at random and is "
        "dealt as many.",
    ),
    (
        ev.ShiftTurned(3, "coins:7", "", True, 2, random_mode=True),
        "Shift Phase (round 3): 7 of Coins joins the Array. SABACC SHIFT! Everyone discards up "
        "to 2 non-stasis cards at random and is dealt as many.",
    ),
    (
        ev.ShiftDone((("ann", 2), ("bob", 1))),
        "Sabacc Shift done: cards replaced (ann 2, bob 1).",
    ),
    (
        ev.FiveBrothers("ann"),
        "FIVE BROTHERS! All five Wild Fives are on the table: play stops; ann may score Wild "
        "Sabacc.",
    ),
    (
        ev.FiveBrothers(""),
        "FIVE BROTHERS! All five Wild Fives are on the table: play stops; it came from the "
        "Array, so nobody may claim Wild Sabacc.",
    ),
    (
        ev.Revealed("ann", ("sabers:ace", "coins:8"), PURE),
        "ann reveals Ace of Sabers (1/15), 8 of Coins — Pure Sabacc +23 (Ace 15).",
    ),
    (
        ev.Revealed("ann", ("staves:12", "major:0", "coins:ace"), TWO_FIVES),
        "ann reveals Commander of Staves (12), The Idiot (0), Ace of Coins (1/15) — Pure Sabacc "
        "+23 (Ace 1; fives +5, +5).",
    ),
    (
        ev.Revealed("ann", ("coins:14", "sabers:13"), WILD),
        "ann reveals Master of Coins (14), Mistress of Sabers (13) — Wild Sabacc (Five Brothers "
        "claimed).",
    ),
    (ev.StasisMoved("ann", "coins:6", True), "ann puts 6 of Coins into the stasis field."),
    (ev.PlayerLeft("bob", 40, True), "bob folds and leaves the table with 40 credits."),
    (ev.Reshuffled(12), "The draw pile is empty: 12 discarded cards are shuffled into it."),
    (ev.PotAwarded(0, 1, 20, ("ann",)), "ann wins the hand pot (20)."),
    (
        ev.PenaltyPaid("bob", 10, Penalty.NO_TOTAL),
        "bob bombs out (no total within ±23) and pays 10 to the Sabacc pot.",
    ),
    (ev.SabaccPotResult(("ann",), 9), "ann takes the Sabacc pot (9)!"),
    (ev.PhaseStarted(1, "card phase"), "Round 1 — card phase."),
    (
        ev.GameOver((("ann", 120), ("bob", 80)), 4),
        "Game over. The Sabacc pot (4) is shared out. Final credits: ann 120, bob 80.",
    ),
    (
        ev.Decided(ev.Why.UNCONTESTED, ("bob",)),
        "bob wins: everyone else folded (no reveal; the Sabacc pot stays)",
    ),
    (
        ev.Decided(ev.Why.ALL_BOMBED, ()),
        "Every hand bombed out: the hand pot goes to the Sabacc pot",
    ),
    (
        ev.Decided(ev.Why.EXACT_TIE, ("ann", "bob"), PURE),
        "ann and bob tie exactly (Pure Sabacc +23, every tie-breaker equal) and split the pot",
    ),
    (
        ev.Decided(ev.Why.ONLY_VALID, ("ann",), NULHREK),
        "ann holds the only hand that did not bomb out (Nulhrek +22)",
    ),
    (
        ev.Decided(ev.Why.OUTRANKS, ("ann",), PURE, NULHREK),
        "ann: Pure Sabacc +23 outranks Nulhrek +22",
    ),
    (
        ev.Decided(ev.Why.NEARER, ("ann",), NULHREK, hand(0, "coins:11", "flasks:9")),
        "ann: Nulhrek +22 is nearer to 0 or ±23 than Nulhrek +20 (1 vs 3 away)",
    ),
    (
        ev.Decided(ev.Why.TIE_BREAK, ("ann",), NULHREK, hand(0, "coins:14", "flasks:8"), 2),
        "ann: tied at Nulhrek +22; tie-breaker 2: more pairs (1 vs 0)",
    ),
]
# The facts that are only parts of events, hand evaluations or private notes (no line).
EVENT_PARTS = {HandEval, ev.Drew, ev.FiveDrawn, ev.ShiftSwapped, Worded}


def test_the_reason_line_is_decided_by_the_rank_key() -> None:
    a, b = NULHREK.rank_key, hand(0, "coins:14", "flasks:8").rank_key
    assert a[:4] == b[:4] and a[4] == b[4] and a[5] != b[5]  # the second tie-breaker decides


def test_previews_and_hand_names_are_facts() -> None:
    cases: list[tuple[Fact, str]] = [
        (
            act.GivePreview("major:-2", "flasks:8", NULHREK, None),
            "You give The Queen of Air and Darkness (−2) and take 8 of Flasks: Nulhrek +22 → "
            "no cards.",
        ),
        (
            act.TakePreview("flasks:8"),
            "You take 8 of Flasks; next you choose which of your cards replaces it.",
        ),
        (
            act.GainPreview(PURE),
            "You hold Pure Sabacc +23; you add one card (a five goes to the table).",
        ),
        (act.DiscardPreview("coins:2", None), "Without 2 of Coins you would hold no cards."),
        (
            StasisPreview("coins:2", True),
            "2 of Coins goes face up into your Stasis Field: safe from Sabacc Shifts.",
        ),
        (StasisPreview("coins:2", False), "2 of Coins goes back into your hidden hand."),
        (StakePreview("bet", 5, 5, 91), "You put in 5 and keep 91 behind."),
    ]
    for fact, line in cases:
        assert words.preview_text("centran", fact) == line
    assert words.hand_name("centran", WILD) == "Wild Sabacc (Five Brothers claimed)"
    keys = ("pure_sabacc:-23", "wild_sabacc:", "bombed_out:", "Nulhrek +3")  # last: stored name
    names = [words.hand_name("centran", key) for key in keys]
    assert names == ["Pure Sabacc −23", "Wild Sabacc", "Bombed out", "Nulhrek +3"]
    assert hand(0, "major:-20", "major:-3").label == "pure_sabacc:-23"
    assert HandEval(Category.DESPERADO, None, ()).label == "desperado:"


def bot_game(seed: int, steps: int, **options: Any) -> CentranGame:
    """A game of three after at most ``steps`` decisions of the Centran bot."""
    game = CentranGame.create(["ann", "bob", "cid"], buy_in=300, options=options, seed=seed)
    return played(game, decide, seed, steps)


# Facts the played games may not show, each to round-trip through the codec.
CODEC_FACTS: tuple[Fact, ...] = (
    act.Giving("flasks:8", ("coins:2",)),
    act.GivePreview("major:-2", "flasks:8", NULHREK, None),
    act.TakePreview("flasks:8"),
    act.GainPreview(PURE),
    act.DiscardPreview("coins:2", None),
    CentranSeat(Seat.LEFT, True, False, False, False, 0, 0, ("coins:2",)),
    CentranHand(("coins:2",), (), PURE, 0, Worded("You drew it.")),
    CentranHand((), ("coins:2",), None, 1, ev.ShiftSwapped(("coins:3",), ())),
)
