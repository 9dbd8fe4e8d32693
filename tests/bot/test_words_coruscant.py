"""Coruscant Shift speaks facts (issue #24): every event and view is typed data worded by
``bot/words/coruscant.py``; every fact type survives the generic codec; refusals are codes; a
row stored before the facts still loads and names its best hands the same; the bot decides from
facts alone (the seeded trace in ``bench/trace.py`` checks the whole text byte for byte)."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import pytest

from bot import words
from engine.bots import Undecided, choose_action
from engine.bots.coruscant import decide
from engine.bots.random_legal import random_action
from engine.core.betting_events import BetMade
from engine.core.codec import Codec
from engine.core.facts import Fact
from engine.core.game import Action, IllegalAction, PlayerView, PublicView
from engine.variants import get_variant
from engine.variants.coruscant import CoruscantGame, create
from engine.variants.coruscant import events as ev
from engine.variants.coruscant import facts as fc
from engine.variants.coruscant.cards import Rank, Suit
from tests.engine.fixtures.build import apply_step, make_game

V = "coruscant-shift"
FIXTURES = Path(__file__).resolve().parent.parent / "engine" / "fixtures" / "coruscant-shift.json"

# One of every Coruscant Shift event type, and the line the table log shows for it.
EVENT_LINES: list[tuple[object, str]] = [
    (ev.HandStarted(2, "Rey", 7), "Hand 2 — Rey starts, ante 7."),
    (ev.AntePosted("Rey", 7, False), "Rey antes 7."),
    (ev.AntePosted("Finn", 3, True), "Finn antes 3 (all-in)."),
    (ev.DiceRolled(-5, Suit.TRIANGLE), "🎲 Target -5 · ▲ Triangle."),
    (ev.DiceRolled(0, Suit.SQUARE), "🎲 Target 0 · ■ Square."),
    (ev.CardsDealt(2, (("Rey", 3), ("Finn", 0))), "Round 2 deal: Rey 3."),
    (ev.CardsDealt(2, (("Rey", 0),)), "Round 2: no cards dealt."),
    (ev.SelectionConfirmed("Rey", 1), "Rey has chosen."),
    (
        ev.SelectionsMade(1, (("Rey", 1), ("Finn", 3))),
        "Round 1 selections: Rey kept 1 card, Finn kept 3 cards.",
    ),
    (
        ev.BettingSkipped(2),
        "Round 2 betting skipped (not enough players with credits behind).",
    ),
    (
        ev.HandRevealed("Rey", ("circle:+7", "sylop"), 7, 2, 2, Suit.CIRCLE),
        "Rey reveals ● +7 Ø Sylop → total +7, distance 2, 2 ●",
    ),
    (ev.PotAwarded(0, 1, 77, (("Rey", 77),)), "Rey wins the pot of 77."),
    (ev.PotAwarded(0, 2, 15, (("Rey", 15),)), "Rey wins the main pot of 15."),
    (
        ev.PotAwarded(1, 2, 31, (("Rey", 16), ("Finn", 15))),
        "Side pot 1 of 31 split: Rey 16, Finn 15.",
    ),
    (ev.UncontestedWin("Finn", 12), "Finn wins 12 uncontested."),
    (ev.PlayerOut("Poe"), "Poe is out of credits."),
    (ev.PlayerLeft("Poe", 48), "Poe leaves the table with 48 credits."),
    (
        ev.GameOver((("Rey", 0), ("Finn", 30), ("Poe", 475))),
        "Game over. Final credits at the table: Poe 475, Finn 30.",
    ),
    (ev.GameOver((("Rey", 0),)), "Game over. No credits are left at the table."),
    (BetMade("Rey", "raise", "raise", 5, 12, False), "Rey raises to 12."),
]


@pytest.mark.parametrize(("event", "line"), EVENT_LINES)
def test_every_event_type_is_a_fact_with_its_line(event: object, line: str) -> None:
    assert isinstance(event, Fact) and not hasattr(event, "public_text")
    assert words.events_lines(V, [event]) == [line]


def test_the_lines_cover_every_event_type() -> None:
    facts = {
        obj
        for obj in vars(ev).values()
        if isinstance(obj, type) and issubclass(obj, Fact) and obj is not Fact
    }
    assert facts == {type(e) for e, _ in EVENT_LINES}


def _games(seeds: range, **options: Any) -> list[CoruscantGame]:
    info = get_variant(V)
    games = []
    for seed in seeds:
        game = info.create(["ann", "bob", "cat"], buy_in=60, options=options, seed=seed)
        assert isinstance(game, CoruscantGame)
        games.append(game)
    return games


def _facts_of(game: CoruscantGame, seat: int, events: tuple[object, ...]) -> list[Fact]:
    """Every fact a player's screen is written from at this point of ``game``."""
    found: list[Fact] = [e for e in events if isinstance(e, Fact)]
    view = game.public_view()
    assert isinstance(view.facts, fc.TableFacts)
    found += [view.facts, *view.facts.seats]
    own = game.view_for(seat).facts
    assert isinstance(own, fc.HandFacts)
    found.append(own)
    if own.selection is not None:
        found.append(own.selection)
    for spec in game.legal_actions(seat):
        if spec.facts is not None:
            found.append(spec.facts)
        found += [o.facts for o in spec.options if o.facts is not None]
        amount = spec.min_amount if spec.min_amount else None
        preview = game.preview(
            seat, Action(spec.kind, amount, tuple(o.value for o in spec.options))
        )
        if isinstance(preview, Fact):
            found.append(preview)
    return found


def test_every_fact_type_round_trips_through_the_codec() -> None:
    """Played games meet every event and view fact type; each survives its JSON form."""
    seen: dict[type, int] = {}
    for game in _games(range(8), max_hands=4):
        rng = random.Random(4)
        events: tuple[object, ...] = game.opening_events
        while True:
            seat = min(game.pending_seats()) if game.pending_seats() else 0
            for fact in _facts_of(game, seat, events):
                codec = Codec(type(fact))
                data = json.loads(json.dumps(codec.dump(fact)))
                assert codec.load(data) == fact
                seen[type(fact)] = seen.get(type(fact), 0) + 1
            if game.finished:
                break
            if rng.random() < 0.02:
                events, _ = game.leave(seat)
            else:
                events = game.apply(seat, random_action(game, seat, rng))
    event_types = {type(e) for e, _ in EVENT_LINES}
    view_types = {
        fc.TableFacts,
        fc.SeatFacts,
        fc.HandFacts,
        fc.CardOption,
        fc.SelectFacts,
        fc.StakePreview,
        Rank,
    }
    assert view_types <= set(seen)
    rare = {ev.BettingSkipped, ev.PlayerOut, ev.PlayerLeft, ev.UncontestedWin}
    assert event_types - set(seen) <= rare
    for fact, _ in EVENT_LINES:  # the rare ones in random play too
        codec = Codec(type(fact))
        assert codec.load(json.loads(json.dumps(codec.dump(fact)))) == fact


def test_views_carry_facts_and_the_bot_writes_their_words() -> None:
    (game,) = _games(range(2, 3))
    view = game.public_view()
    assert isinstance(view.facts, fc.TableFacts)
    assert (view.title, view.phase, view.info, view.highlight) == ("", "", (), "")
    assert all(s.status == s.public == "" for s in view.seats)
    assert [key for key, _ in view.pots] == ["0"]
    table = words.table_text(V, view)
    assert table.title == "Coruscant Shift — hand 1" and table.phase == "Round 1 · selection"
    assert [name for name, _ in table.pots] == ["Pot"]
    assert {s.status for s in table.seats} == {"choosing"}
    own = game.view_for(0)
    assert isinstance(own.facts, fc.HandFacts) and own.hand_text == "" and own.notes == ()
    written = words.hand_text(V, own)
    assert written.notes == ("Nothing selected yet",)
    assert written.public is not None and written.public.title == table.title
    twin = CoruscantGame.from_json(json.loads(json.dumps(game.to_json())))
    assert twin.public_view() == view and twin.view_for(0) == own


def test_previews_controls_and_hand_names_are_facts() -> None:
    cases: list[tuple[Fact, str]] = [
        (Rank(4, 5, Suit.CIRCLE, 2), "Total +4 · distance 1 from +5 · 2 ● cards"),
        (fc.StakePreview("bet", 5, 5, 40), "Bet 5 · 40 left behind"),
        (fc.StakePreview("raise", 10, 6, 30), "Raise to 10 (puts in 6) · 30 left"),
        (fc.StakePreview("call", 4, 4, 41), "Call 4 · 41 left behind"),
        (fc.StakePreview("all_in", 50, 45, 0), "All-in: 45 more, 50 this round"),
    ]
    for fact, line in cases:
        assert words.preview_text(V, fact) == line
    shown = ev.HandRevealed("Rey", ("circle:+5",), 5, 0, 1, Suit.CIRCLE)
    assert words.hand_name(V, shown.shown_hands()[0].hand) == "total +5, distance 0"
    assert words.hand_name(V, Rank(3, 5, Suit.CIRCLE, 1).key) == "+3 (2 from +5), 1 ● card"
    assert words.hand_name(V, Rank(-5, -5, Suit.SQUARE, 0)) == "-5 exact, 0 ■ cards"
    assert words.hand_name(V, "+5 exact, 2 ● cards") == "+5 exact, 2 ● cards"  # stored before
    game = create(["a", "b"], buy_in=50, options={"lock_first_selection": True}, seed=3)
    (spec,) = game.legal_actions(0)
    assert isinstance(spec.facts, fc.SelectFacts) and spec.label == spec.prompt == ""
    assert all(isinstance(o.facts, fc.CardOption) and not o.label for o in spec.options)
    shown_spec = words.spec_text(V, spec)
    assert shown_spec.label == "Choose cards" and shown_spec.prompt.startswith("Choose 1–5 cards.")
    assert all(o.label and o.description for o in shown_spec.options)


def _refusal(game: CoruscantGame, seat: int, action: Action | None = None) -> tuple[str, str]:
    with pytest.raises(IllegalAction) as caught:
        if action is None:
            game.leave(seat)
        else:
            game.apply(seat, action)
    assert str(caught.value) == caught.value.reason  # a code, not a sentence
    return caught.value.reason, words.reason_text(caught.value)


def test_refusals_are_codes_with_sentences() -> None:
    game = create(["A", "B", "C"], buy_in=50, options={}, seed=11, start_seat=0)
    held = game.view_for(0).hand
    cases = [
        (Action("select"), ("coruscant_no_cards", "Choose at least one card.")),
        (
            Action("select", choices=("circle:7",)),
            ("coruscant_not_a_card", "'circle:7' is not a card."),
        ),
        (Action("select", choices=(held[0], held[0])), ("coruscant_chosen_twice", None)),
        (
            Action("bet", 3),
            ("coruscant_select_first", "Choose your cards first (action 'select')."),
        ),
    ]
    for action, (code, sentence) in cases:
        got = _refusal(game, 0, action)
        assert got[0] == code and (sentence is None or got[1] == sentence)
    game.apply(0, game.default_action(0))
    assert _refusal(game, 0, Action("select", choices=held[:1])) == (
        "coruscant_already_chosen",
        "You have already chosen your cards this round.",
    )
    game.apply(1, game.default_action(1))
    game.apply(2, game.default_action(2))
    assert _refusal(game, 1, Action("check")) == (
        "coruscant_waiting",
        "It is not your turn: waiting for A.",
    )
    assert _refusal(game, 0, Action("select", choices=held[:1])) == (
        "coruscant_not_a_bet",
        "'select' is not a betting action.",
    )
    game.leave(1)
    assert _refusal(game, 1) == ("coruscant_already_left", "You have already left this table.")
    assert _refusal(game, 1, Action("check")) == (
        "coruscant_not_in_hand",
        "You are not playing in this hand.",
    )
    game.leave(2)
    assert game.finished
    assert _refusal(game, 0, Action("check")) == ("game_over", "The game is over.")
    assert _refusal(game, 0) == ("coruscant_payouts_final", "The game is over; payouts are final.")


def test_a_row_stored_before_the_facts_loads_and_names_its_best_hands_the_same() -> None:
    """The fixtures hold rows written when the engine stored a best hand's name: they load and
    name it as stored; the same play today keeps the typed key, which reads the same name."""
    stored = json.loads(FIXTURES.read_text(encoding="utf-8"))
    compared = 0
    for game in stored:
        final = game["points"][-1]
        row = json.loads(final["json"])
        old = get_variant(V).restore(row)
        names = [r["best_hand"] for r in row["stats"]]
        stats = old.seat_stats()
        assert [words.stats_text(V, stats[s]).best_hand for s in sorted(stats)] == names
        anew = make_game(game["game"])
        for step in game["steps"][: final["at"]]:
            apply_step(anew, step)
        fresh = anew.seat_stats()
        keys = [fresh[s].best_hand for s in sorted(fresh)]
        assert all(Rank.from_key(k) is not None for k in keys if k)
        assert [words.stats_text(V, fresh[s]).best_hand for s in sorted(fresh)] == names
        compared += sum(1 for name in names if name)
    assert compared >= 3


def test_the_bot_decides_from_facts_in_every_phase() -> None:
    seen: set[str] = set()
    for game in _games(range(4), max_hands=2, lock_first_selection=True):
        while not game.finished:
            seat = min(game.pending_seats())
            kinds = {s.kind for s in game.legal_actions(seat)}
            action = decide(game, seat, "balanced")  # never the timeout's default
            assert action.kind in kinds
            seen.add(game.state.phase.value)
            game.apply(seat, action)
    assert seen == {"r1_select", "r1_bet", "r2_select", "r2_bet"}


def test_a_bot_without_facts_raises() -> None:
    (game,) = _games(range(1))
    view = game.public_view()
    worded = PublicView(V, "Coruscant Shift", "Round 1 · selection", 1, view.acting, view.seats)

    class Blind(CoruscantGame):
        def public_view(self) -> PublicView:
            return worded

        def view_for(self, seat: int) -> PlayerView:
            return PlayerView(seat, self.hand(seat), public=worded)

    blind = Blind(game.state)
    with pytest.raises(Undecided, match="facts"):
        decide(blind, 0, "balanced")
    with pytest.raises(Undecided):  # the tests run strict: no silent default move
        choose_action(V, blind, 0, "balanced")


def test_betting_stays_worded_by_the_shared_module() -> None:
    """The core betting event and controls pass through as the betting module words them."""
    fold = BetMade("Rey", "fold", "fold", 0, 0, False)
    assert words.events_lines(V, [fold]) == words.events_lines("classic", [fold])
    (game,) = _games(range(1))
    spec = dataclasses.replace(game.legal_actions(0)[0], label="as written")
    assert words.spec_text(V, spec) is spec


def test_a_seat_that_folded_after_betting_still_shows_its_bet() -> None:
    (game,) = _games(range(1))
    view = game.public_view()
    assert isinstance(view.facts, fc.TableFacts)
    folded = fc.SeatFacts(fc.Place.FOLDED, False, None, 2, 252)
    seats = (folded, *view.facts.seats[1:])
    facts = dataclasses.replace(view.facts, seats=seats)
    shown = words.table_text(V, dataclasses.replace(view, facts=facts)).seats[0]
    assert (shown.status, shown.public) == ("folded", "bet 252")
