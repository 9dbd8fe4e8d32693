"""Kessel's facts and words: every event and view fact is rendered by ``bot/words/kessel.py``,
survives the game's JSON, and reads as before (the seeded trace in ``bench/trace.py`` checks the
whole text byte for byte)."""

from __future__ import annotations

import copy
import dataclasses
import random

import pytest

from bot import words
from bot.words.kessel import WORDS
from bot.words.kessel_log import EVENTS
from engine.bots.random_legal import random_action
from engine.core.facts import Fact
from engine.core.game import Action, IllegalAction
from engine.variants import get_variant
from engine.variants.kessel import KesselGame
from engine.variants.kessel import events as ev
from engine.variants.kessel import facts as fc
from engine.variants.kessel.cards import evaluate, parse_hand
from engine.variants.kessel.rank import Fix
from tests.engine.facts_checks import round_trip

ROYAL = evaluate(parse_hand(["sand:3", "blood:3"]), Fix())
NULHREK = evaluate(parse_hand(["sand:2", "blood:5"]), Fix())


def _games(seeds: range, options: dict[str, object]) -> list[KesselGame]:
    games = []
    for seed in seeds:
        game = get_variant("kessel").create(
            ["ann", "bob", "cat"], buy_in=90, options=options, seed=seed
        )
        assert isinstance(game, KesselGame)
        games.append(game)
    return games


def test_the_log_lines_of_events() -> None:
    assert words.event_lines("kessel", ev.RoundWon(1, ("Rey",), ROYAL, "sabacc")) == [
        "Rey wins round 1 with 3/3 Royal Sabacc (a Sabacc beats every Nulhrek)"
    ]
    tie = ev.RoundWon(1, ("Rey", "Finn"), ROYAL, fix=Fix().with_token("markdown"))
    assert words.event_lines("kessel", tie) == [
        "Rey and Finn tie for round 1 with 3/3 Royal Sabacc; both win (tokens in force: Markdown)"
    ]
    closer = ev.RoundWon(2, ("Rey",), NULHREK, "lower_cards", NULHREK)
    assert words.event_lines("kessel", closer) == [
        "Rey wins round 2 with 2/5 Nulhrek (difference 3)"
        " (same difference as 2/5 Nulhrek (difference 3), lower cards)"
    ]
    assert words.event_lines("kessel", ev.Settled("Poe", False, 1, 2, 0, 0)) == [
        "Poe loses the 1 chip in their Hand Pot and owes 2 tax (only 0 left to take); Stock 0"
    ]
    assert words.event_lines("kessel", ev.Settled("Rey", True, 2, 0, 0, 8)) == [
        "Rey recovers the 2 chips in their Hand Pot; Stock 8"
    ]
    taxed = ev.TokenPlayed(
        0, "Rey", "general_tariff", affected=("Poe",), losses=(1,), immune=("Finn",)
    )
    assert words.event_lines("kessel", taxed) == ["Rey plays General Tariff: Poe −1 (Finn immune)"]
    drawn = ev.Drew("Rey", "blood", True, "blood:sylop", 0)
    assert words.event_lines("kessel", drawn) == [
        "Rey takes Blood Sylop from the Blood discard (free draw)"
    ]
    assert words.event_lines("kessel", ev.CardReceived(0, "sand:4")) == []  # private


def test_every_event_of_played_games_has_words() -> None:
    """Random games with every token mode: each event type met is one the words know."""
    seen: set[type] = set()
    for options in ({"token_mode": "random"}, {"token_mode": "select"}, {"token_mode": "none"}):
        for game in _games(range(6), options):
            rng = random.Random(7)
            for event in game.opening_events:
                seen.add(type(event))
            while not game.finished:
                seat = min(game.pending_seats())
                for event in game.apply(seat, random_action(game, seat, rng)):
                    assert isinstance(event, Fact) and not hasattr(event, "public_text")
                    words.event_lines("kessel", event)
                    seen.add(type(event))
    assert seen <= set(EVENTS)
    assert len(seen) >= len(EVENTS) - 3  # PrimeRolled/PrimeChosen/PlayerLeft may not come up


@pytest.mark.parametrize("options", [{"token_mode": "random", "tokens_public": True}, {}])
def test_views_are_facts_and_survive_the_games_json(options: dict[str, object]) -> None:
    """Public and private views carry facts only (no text), render, and are the same after a
    save and a restore (the last reveal is kept as facts)."""
    kinds: set[type] = set()
    for game in _games(range(3), options):
        rng = random.Random(3)
        while not game.finished:
            view = game.public_view()
            assert isinstance(view.facts, fc.TableFacts)
            assert (view.title, view.info, view.highlight) == ("", (), "")
            assert all(s.status == s.public == "" for s in view.seats)
            kinds.update(type(item) for item in view.facts.last_reveal)
            kinds.update(type(row) for row in view.facts.reveal)
            rendered = words.table_text("kessel", view)
            assert rendered.title == "Kessel Sabacc" and rendered.info
            twin = KesselGame.from_json(copy.deepcopy(game.to_json()))
            assert twin.public_view() == view
            for seat in range(len(game.players)):
                own = game.view_for(seat)
                assert isinstance(own.facts, fc.HandFacts) and own.hand_text == ""
                assert twin.view_for(seat) == own
                assert words.hand_text("kessel", own).hand_text
            seat = min(game.pending_seats())
            game.apply(seat, random_action(game, seat, rng))
    assert {ev.HandRevealed, ev.RoundWon} <= kinds


def test_a_game_saved_with_the_last_reveal_as_text_still_loads() -> None:
    (game,) = _games(range(1), {"token_mode": "none"})
    data = game.to_json()
    data["state"]["last_reveal"] = ["ann shows Sand 1 · Blood 1 → 1/1 Prime Sabacc"]
    old = KesselGame.from_json(data)
    info = dict(words.table_text("kessel", old.public_view()).info)
    assert info["Last reveal"] == "ann shows Sand 1 · Blood 1 → 1/1 Prime Sabacc"


def test_controls_and_previews_are_facts_with_words() -> None:
    for game in _games(range(4), {"token_mode": "random"}):
        rng = random.Random(5)
        while not game.finished:
            seat = min(game.pending_seats())
            for spec in game.legal_actions(seat):
                assert spec.label == spec.prompt == ""
                shown = words.spec_text("kessel", spec)
                assert shown.label
                for option in shown.options:
                    assert option.label
                    preview = game.preview(seat, Action(spec.kind, choices=(option.value,)))
                    assert isinstance(preview, Fact | str)
                    words.preview_text("kessel", preview)
            game.apply(seat, random_action(game, seat, rng))


def test_refusals_are_codes_with_sentences() -> None:
    (game,) = _games(range(1), {"token_mode": "none"})
    seat = min(game.pending_seats())
    other = (seat + 1) % 3
    cases = [
        (other, Action("stand"), "It is not your turn to act."),
        (seat, Action("keep", choices=("drawn",)), "You cannot keep now."),
        (seat, Action("draw", choices=("nowhere",)), "Unknown pile 'nowhere'."),
        (seat, Action("draw"), "Choose exactly one option for draw."),
    ]
    for who, action, sentence in cases:
        with pytest.raises(IllegalAction) as caught:
            game.apply(who, action)
        assert str(caught.value) == caught.value.reason  # a code, not a sentence
        assert words.reason_text(caught.value) == sentence


def test_the_renderer_keeps_views_of_other_shapes_as_they_are() -> None:
    (game,) = _games(range(1), {"token_mode": "none"})
    view = dataclasses.replace(game.public_view(), facts=None, title="as written")
    assert WORDS.table(view) is view


def test_every_fact_of_played_games_round_trips_through_the_codec() -> None:
    """Events, a seat's view, controls and previews (a token's and a die choice's are their
    options' facts) survive the codec's JSON form; the shared PlayerOut among them. (The table's
    facts hold the last reveal, a union the game's JSON writes in its own shape: the test above
    checks them through a save and a restore.)"""
    seen: set[type] = set()
    for game in _games(range(4), {"token_mode": "random"}):
        rng = random.Random(6)
        events = list(game.opening_events)
        while not game.finished:
            seat = min(game.pending_seats())
            facts: list[object] = [*events, game.view_for(seat).facts]
            for spec in game.legal_actions(seat):
                facts += [spec.facts, *(o.facts for o in spec.options)]
                for option in spec.options:
                    facts.append(game.preview(seat, Action(spec.kind, choices=(option.value,))))
            for fact in facts:
                if isinstance(fact, Fact):
                    round_trip(fact)
                    seen.add(type(fact))
            events = game.apply(seat, random_action(game, seat, rng))
    assert {ev.PlayerOut, ev.RoundWon, ev.HandRevealed, fc.HandFacts} <= seen
    assert {fc.TokenOption, fc.ImpostorOption, fc.KeepOption, fc.HandNote} <= seen
