"""Corellian Spike speaks facts (issue #24): every event, view, control and preview is typed data
worded by ``bot/words/corellian_spike.py``; every fact round-trips through the generic codec; a
table stored before the facts still loads and reads the same; the bot decides from facts alone.

The checks the two-pot family shares run on this file's data (its event lines, the facts that
are only parts of events, the games its bot plays) from ``test_twopot_facts.py``."""

from __future__ import annotations

import dataclasses
import json
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from bot import words
from engine.bots import choose_action
from engine.bots.spike import decide
from engine.core.betting_specs import StakePreview
from engine.core.codec import Codec
from engine.core.facts import Fact
from engine.core.game import Action
from engine.variants.corellian_spike import SpikeGame
from engine.variants.corellian_spike import events as ev
from engine.variants.corellian_spike.actions import Fee, SwapFor, SwapPreview, TotalPreview
from engine.variants.corellian_spike.cards import Category, HandEval, evaluate_cards, parse_cards
from engine.variants.corellian_spike.state import Phase
from engine.variants.corellian_spike.views import SpikeHand, SpikeSeat, SpikeTable
from engine.variants.twopot.events import Worded
from tests.engine.facts_checks import (
    bot_phases_and_kinds,
    refusal,
)

SPIKE = "corellian-spike"
FIXTURES = Path(__file__).parent / "fixtures" / "corellian-spike.json"


def hand(*cards: str) -> HandEval:
    """The evaluation of ``cards``."""
    return evaluate_cards(parse_cards(list(cards)))


PAIR, NEAR, FAR = (
    hand("circle:+5", "circle:-5"),
    hand("circle:+4", "circle:-6"),
    hand("circle:+9", "circle:-1"),
)

# One of every Corellian Spike event type (its own and the family's it announces), and its line.
EVENT_LINES: list[tuple[Fact, str]] = [
    (
        ev.HandStarted(2, "ann", 3, 2, 1, 6, 4, "square:+9"),
        "Hand 2: ann starts. 3 players ante 2 + 1 (hand pot 6, Sabacc pot 4). Two cards each; "
        "the discard pile starts with ■ +9.",
    ),
    (ev.CashedOut("bo", 2), "bo cannot pay the antes and is out of the game (2 left)."),
    (ev.PhaseStarted(1, 3, ev.Stage.CARDS), "Round 1/3 · card phase."),
    (
        ev.PhaseStarted(2, 3, ev.Stage.BETTING, ev.PhaseNote.SKIPPED),
        "Round 2/3 · betting. Skipped: nobody can bet.",
    ),
    (ev.CardAction("ann", ev.Move.STAND, 2), "ann stands."),
    (
        ev.CardAction("ann", ev.Move.SWAP, 2, "triangle:-5", "circle:+5", 3),
        "ann swaps: takes ● +5 from the discard pile and puts ▲ -5 on it (fee 3) (2 cards).",
    ),
    (
        ev.CardAction("ann", ev.Move.GAIN, 2, "circle:+5", fee=2),
        "ann discards ● +5, then gains a card (fee 2) (2 cards).",
    ),
    (ev.CardAction("ann", ev.Move.GAIN, 3), "ann gains a card (3 cards)."),
    (ev.CardAction("ann", ev.Move.KEEP, 3), "ann keeps the drawn card (3 cards)."),
    (ev.CardAction("ann", ev.Move.DISCARD, 1, "sylop"), "ann discards Ø Sylop (1 card)."),
    (
        ev.Junked("cy", ("circle:+1", "sylop")),
        "cy junks: ● +1, Ø Sylop go face up to the discard pile.",
    ),
    (
        ev.Junked("bo", ("square:-10",), folded=True),
        "bo folds (junks): ■ -10 go face up to the discard pile.",
    ),
    (ev.DiceRolled(1, 4, 4), "🎲 Spike dice (round 1): 4 and 4 — doubles: SABACC SHIFT!"),
    (ev.DiceRolled(3, 2, 5), "🎲 Spike dice (round 3): 2 and 5 — no shift."),
    (
        ev.ShiftDone((("ann", ("circle:+5", "sylop")), ("bo", ("triangle:-2",)))),
        "Sabacc Shift: every hand goes face up to the discard pile (ann ● +5, Ø Sylop; bo ▲ -2) "
        "and is redealt with as many cards (ann 2, bo 1).",
    ),
    (
        ev.Revealed("ann", ("circle:+5", "circle:-5"), PAIR),
        "ann reveals ● +5, ● -5 — total 0: Sabacc Pair (5s).",
    ),
    (
        ev.Revealed("bo", ("circle:+4", "circle:-6"), NEAR),
        "bo reveals ● +4, ● -6 — total −2: Nulrhek −2.",
    ),
    (
        ev.BlindDrew(0, 1, 0, (("ann", "square:+4"), ("bo", "sylop"))),
        "Single blind draw for the hand pot: ann draws ■ +4, bo draws Ø Sylop.",
    ),
    (
        ev.BlindDrew(1, 2, 1, (("ann", "square:-1"), ("bo", "square:+1"))),
        "Blind redraw for the side pot 1: ann draws ■ -1, bo draws ■ +1.",
    ),
    (ev.PotAwarded(0, 1, 4, (("bo", 4),)), "bo wins the hand pot (4)."),
    (ev.PotAwarded(0, 2, 5, (("ann", 3), ("bo", 2))), "The main pot (5) is split: ann 3, bo 2."),
    (
        ev.HandDecided(1, ev.Why.CONCEDED, ("cy",)),
        "Hand 1: cy wins — everyone else junked (no reveal).",
    ),
    (
        ev.HandDecided(2, ev.Why.SPLIT_RULE, ("ann", "bo"), PAIR),
        "Hand 2: ann and bo tie with Sabacc Pair (5s) on every tie-break and split (house rule: "
        "ties split).",
    ),
    (
        ev.HandDecided(2, ev.Why.NO_CARD, ("ann", "bo"), PAIR),
        "Hand 2: ann and bo tie with Sabacc Pair (5s) on every tie-break and split (no card to "
        "draw).",
    ),
    (
        ev.HandDecided(3, ev.Why.BLIND_DRAW, ("bo",), PAIR, ("ann",)),
        "Hand 3: bo wins with Sabacc Pair (5s): tied with ann on every tie-break, won the single "
        "blind draw.",
    ),
    (
        ev.HandDecided(
            4, ev.Why.BEATS, ("ann",), NEAR, runner="bo", runner_hand=FAR, step=ev.Step.CLOSER
        ),
        "Hand 4: ann wins with Nulrhek −2 over bo's Nulrhek +8 (closer to zero).",
    ),
    (
        ev.HandDecided(
            4,
            ev.Why.BEATS,
            ("ann",),
            PAIR,
            runner="bo",
            runner_hand=PAIR,
            step=ev.Step.MORE_CARDS,
            mine=4,
            theirs=3,
        ),
        "Hand 4: ann wins with Sabacc Pair (5s) over bo's Sabacc Pair (5s) (more cards (4 vs 3)).",
    ),
    (ev.PlayerLeft("bo", 40, True), "bo folds and leaves the table with 40 credits."),
    (ev.Reshuffled(12), "The draw pile is empty: 12 discarded cards are shuffled into it."),
    (ev.SabaccPotResult((), 9), "The Sabacc pot (9) carries over."),
    (ev.SabaccPotResult(("ann", "bo"), 9), "ann and bo split the Sabacc pot (9)!"),
    (
        ev.GameOver((("ann", 120), ("bo", 80)), 4),
        "Game over. The Sabacc pot (4) is shared out. Final credits: ann 120, bo 80.",
    ),
]
# The facts that are only parts of events, hand evaluations or private notes (no line).
EVENT_PARTS = {HandEval, ev.Drew, ev.ShiftDealt}

# A hand of every category, and its name.
HAND_NAMES = [
    (("sylop", "sylop"), "Pure Sabacc"),
    (("circle:-10", "square:-10", "sylop", "circle:+10", "square:+10"), "Full Sabacc"),
    (("sylop", "circle:+5", "triangle:+5", "circle:-5", "triangle:-5"), "Fleet (four 5s)"),
    (("sylop", "circle:+5", "circle:-5"), "Yee-Haa (pair of 5s)"),
    (
        ("circle:+2", "triangle:+2", "square:+2", "circle:-3", "triangle:-3"),
        "Rhylet (three 2s and two 3s)",
    ),
    (("circle:+5", "triangle:+5", "circle:-5", "triangle:-5"), "Squadron (four 5s)"),
    (("circle:-10", "circle:+1", "circle:+2", "circle:+3", "circle:+4"), "Gee Whiz"),
    (("circle:+1", "circle:+4", "circle:-2", "circle:-3"), "Straight Khyron (run from 1)"),
    (("circle:+2", "triangle:+2", "square:+2", "circle:-6"), "Banthas Wild (three 2s)"),
    (("circle:+3", "circle:-3", "circle:+5", "circle:-5"), "Rule of Two (3s and 5s)"),
    (("circle:+3", "triangle:+3", "square:-6"), "Sabacc Pair (3s)"),
    (("circle:+1", "circle:+2", "circle:-3"), "Sabacc"),
    (("circle:+4", "circle:-6"), "Nulrhek −2"),
]


@pytest.mark.parametrize(("cards", "name"), HAND_NAMES)
def test_hand_ranks_are_typed_and_named_by_the_words(cards: tuple[str, ...], name: str) -> None:
    rank = hand(*cards)
    assert isinstance(rank.category, Category) and isinstance(rank, Fact)
    assert words.hand_name(SPIKE, rank) == name
    assert words.hand_name(SPIKE, rank.label) == name  # the key the seat records keep
    assert rank.label.startswith(rank.category.value + ":")


def test_a_best_hand_stored_as_a_name_is_shown_as_it_is() -> None:
    assert words.hand_name(SPIKE, "Yee-Haa (pair of 5s)") == "Yee-Haa (pair of 5s)"
    assert words.hand_name(SPIKE, "") == ""


def test_previews_are_facts() -> None:
    cases: list[tuple[Fact, str]] = [
        (
            SwapPreview("circle:+5", "square:+9", hand("circle:-5", "square:+9")),
            "You give ● +5 for ■ +9: Nulrhek +4.",
        ),
        (TotalPreview("discard", 5, "circle:-5"), "Without ● -5 your cards total +5."),
        (TotalPreview("gain_discard", -5, "circle:+5"), "Without ● +5 your cards total −5."),
        (StakePreview("bet", 5, 5, 91), "You put in 5 and keep 91 behind."),
    ]
    for fact, line in cases:
        assert words.preview_text(SPIKE, fact) == line


def _new(**options: Any) -> SpikeGame:
    return SpikeGame.create(
        ["ann", "bo"],
        buy_in=50,
        options=options,
        seed=1,
        decks=[["circle:+5", "triangle:+5", "circle:-5", "triangle:-5", "square:+9"]],
        start_seat=0,
    )


def test_controls_are_facts_the_words_label() -> None:
    game = _new(gain_fee=2, swap_fee=3)
    specs = game.legal_actions(0)
    assert all(not s.label and not s.prompt for s in specs)
    assert all(not o.label and not o.description for s in specs for o in s.options)
    facts = {s.kind: s.facts for s in specs}
    assert facts["gain"] == Fee(2) and facts["swap"] == SwapFor("square:+9", 3)
    shown = [words.spec_text(SPIKE, s) for s in specs]
    assert [(s.kind, s.label, s.prompt) for s in shown] == [
        ("gain", "Gain (draw) (fee 2)", ""),
        ("gain_discard", "Discard, then gain (fee 2)", "Which card do you discard before drawing?"),
        ("swap", "Swap for ■ +9 (fee 3)", "Which card do you give for ■ +9?"),
        ("stand", "Stand", ""),
        ("junk", "Junk", ""),
    ]
    assert [(o.value, o.label, o.description) for o in shown[2].options] == [
        ("circle:+5", "● +5", "circle, value +5"),
        ("circle:-5", "● -5", "circle, value −5"),
    ]
    later = _new(gain_mode="draw_then_choose")
    (gain,) = [s for s in later.legal_actions(0) if s.kind == "gain"]
    assert words.spec_text(SPIKE, gain).label == "Gain"
    later.apply(0, Action("gain"))
    choose = [words.spec_text(SPIKE, s) for s in later.legal_actions(0)]
    assert [(s.label, s.prompt) for s in choose] == [
        ("Keep it", ""),
        ("Discard a card", "Which card goes face up on the discard pile?"),
    ]
    own = words.hand_text(SPIKE, later.view_for(0))
    assert own.notes[1] == "Keep the drawn card or put one card face up on the discard pile."


def test_a_refusal_is_a_code_with_its_data() -> None:
    game = _new()
    cases = [
        (0, Action("swap", choices=("sylop",)), "dont_hold", {"choice": "sylop"}),
        (0, Action("swap", choices=()), "one_card", {}),
        (0, Action("check"), "cannot_now", {"kind": "check"}),
        (1, Action("stand"), "not_yours", {}),
    ]
    refused = [refusal(partial(game.apply, seat, action)) for seat, action, _, _ in cases]
    assert [(error.reason, error.data) for error in refused] == [(c, d) for _, _, c, d in cases]
    assert [words.reason_text(error) for error in refused] == [
        "You don't hold sylop.",
        "Choose exactly one card.",
        "You can't check now.",
        "It is not your turn.",
    ]


def bot_game(
    seed: int, steps: int, players: int = 3, **options: Any
) -> tuple[SpikeGame, list[Any]]:
    """A game after at most ``steps`` decisions of the registry's bot, and its events."""
    game = SpikeGame.create(
        ["ann", "bo", "cy", "di"][:players], buy_in=60, options=options, seed=seed
    )
    events: list[Any] = list(game.opening_events)
    for step in range(steps):
        if game.finished:
            break
        seat = min(game.pending_seats())
        style = ("cautious", "balanced", "bold")[(seat + step) % 3]
        events += game.apply(seat, choose_action(SPIKE, game, seat, style))
    return game, events


def _facts_in(value: Any) -> list[Fact]:
    """Every fact inside ``value`` (itself included), depth first."""
    found: list[Fact] = []
    if isinstance(value, Fact):
        found.append(value)
        for f in dataclasses.fields(value):  # type: ignore[arg-type]
            found += _facts_in(getattr(value, f.name))
    elif isinstance(value, tuple | list):
        for item in value:
            found += _facts_in(item)
    return found


def test_every_fact_round_trips_through_the_codec() -> None:
    facts: list[Fact] = [e for e, _ in EVENT_LINES]
    for seed in range(8):
        options = ({}, {"gain_mode": "draw_then_choose"}, {"tie_break": "split"})[seed % 3]
        game, events = bot_game(seed, 400, players=2 + seed % 3, max_hands=3, **options)
        facts += [e for e in events if isinstance(e, Fact)]
        facts.append(game.public_view().facts)  # type: ignore[arg-type]
        facts += [game.view_for(s).facts for s in range(len(game.players))]  # type: ignore[misc]
        if not game.finished:
            seat = min(game.pending_seats())
            facts += [s.facts for s in game.legal_actions(seat) if s.facts is not None]
    games = [bot_game(seed, steps)[0] for seed in range(6) for steps in (2, 9, 30)]
    for game in games:
        facts.append(game.public_view().facts)  # type: ignore[arg-type]
        facts += [game.view_for(s).facts for s in range(3)]  # type: ignore[misc]
        for seat in game.pending_seats():
            for spec in game.legal_actions(seat):
                facts += [spec.facts] if spec.facts is not None else []
                for option in spec.options:
                    picked = game.preview(seat, Action(spec.kind, choices=(option.value,)))
                    facts += [picked] if isinstance(picked, Fact) else []
    facts += [SwapPreview("circle:+5", "square:+9", PAIR), TotalPreview("discard", 0, "sylop")]
    codecs: dict[type, Codec[Any]] = {}
    kinds: set[type] = set()
    for fact in (f for top in facts for f in _facts_in(top)):
        codec = codecs.setdefault(type(fact), Codec(type(fact)))
        stored = json.loads(json.dumps(codec.dump(fact)))
        assert codec.load(stored) == fact
        kinds.add(type(fact))
    views = {SpikeTable, SpikeSeat, SpikeHand, HandEval, Fee, SwapFor, SwapPreview}
    assert views | {ev.Drew, ev.ShiftDealt, TotalPreview} <= kinds
    assert {type(e) for e, _ in EVENT_LINES} <= kinds


def _fixture_point(game: int, point: str) -> dict[str, Any]:
    stored = json.loads(FIXTURES.read_text(encoding="utf-8"))[game]
    found = next(p for p in stored["points"] if p["point"] == point)
    data: dict[str, Any] = json.loads(found["json"])
    return data


def test_a_table_stored_before_the_facts_loads_and_reads_the_same() -> None:
    stored = _fixture_point(0, "after-leave")  # written by the engine of before the facts
    game = SpikeGame.from_json(stored)
    assert isinstance(game.state.last_decision(), Worded)
    table = words.table_text(SPIKE, game.public_view())
    last = "Hand 1: cy wins — everyone else junked (no reveal)."
    assert table.phase == "Hand 2 · Round 1/3 · Betting"
    assert table.info == (
        ("Starting player", "cy"),
        ("Round", "1 of 3"),
        ("Discard pile", "▲ +6"),
        ("Current bet", "0"),
        ("Last hand", last),
    )
    assert table.highlight == last
    assert [(s.status, s.public) for s in table.seats] == [
        ("", "2 cards"),
        ("left", ""),
        ("", "2 cards"),
    ]
    own = words.hand_text(SPIKE, game.view_for(2))
    assert (own.hand_text, own.notes) == ("● +2  ■ -5", ("Total −3: Nulrhek −3", "You drew ■ -5."))
    assert game.to_json() == stored  # written back as it was stored
    seat = min(game.pending_seats())
    game.apply(seat, decide(game, seat, "balanced"))  # the bot plays on from the facts
    over = SpikeGame.from_json(_fixture_point(1, "game-over"))
    names = [words.stats_text(SPIKE, s).best_hand for s in over.seat_stats().values()]
    assert names == ["Nulrhek −7", "Nulrhek −7", "Nulrhek −2"]


def test_the_bot_decides_from_facts_in_every_phase() -> None:
    seen: set[str] = set()
    for seed in range(6):
        options = {"max_hands": 2, "gain_mode": ("discard_first", "draw_then_choose")[seed % 2]}
        game = SpikeGame.create(["ann", "bo", "cy"], buy_in=80, options=options, seed=seed)
        seen |= bot_phases_and_kinds(game, decide, ("balanced",))[0]
    assert seen == {Phase.CARD.value, Phase.CHOOSE.value, Phase.BET.value}
