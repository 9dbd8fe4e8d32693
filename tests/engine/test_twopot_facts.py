"""The two-pot family speaks facts (issue #24): the checks Centran, Classic, the Sabacc Project
and Corellian Spike share, written once and run for each of them that has them. Every event type
is a fact the variant's words write as its line; the views carry facts that the bot words; every
fact round-trips through the codec; a stored table restores the same, and one stored before the
facts reads the same; the variant's bot decides from facts in every phase, and raises when it is
shown words without facts.

Each variant's own checks, and its data (its event lines, the fact classes that are only parts
of events, the games its bot plays), are in ``test_<variant>_facts.py``."""

from __future__ import annotations

import json
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from bot import words
from engine.bots import centran as centran_bot
from engine.bots import classic as classic_bot
from engine.bots import project as project_bot
from engine.bots import spike as spike_bot
from engine.core.facts import Fact
from engine.variants.centran import CentranGame
from engine.variants.centran import events as centran_events
from engine.variants.centran.views import CentranHand, CentranSeat, CentranTable
from engine.variants.classic import ClassicGame
from engine.variants.classic import events as classic_events
from engine.variants.classic.views import ClassicHand, ClassicSeat, ClassicTable
from engine.variants.corellian_spike import SpikeGame
from engine.variants.corellian_spike import events as spike_events
from engine.variants.corellian_spike.views import SpikeHand, SpikeSeat, SpikeTable
from engine.variants.project import ProjectGame
from engine.variants.project import events as project_events
from engine.variants.project.views import ProjectHand, ProjectSeat, ProjectTable
from tests.engine import test_centran_facts as centran
from tests.engine import test_classic_facts as classic
from tests.engine import test_project_facts as project
from tests.engine import test_spike_facts as spike
from tests.engine.facts_checks import (
    bot_phases_and_kinds,
    bot_refuses_without_facts,
    event_types,
    fact_views,
    fixture_points,
    has_its_line,
    reads_and_plays_on,
    restores_the_decisions,
    round_trip,
    round_trip_views,
)

SPIKE = spike.SPIKE
LINES: dict[str, tuple[ModuleType, set[type], list[tuple[Any, str]]]] = {
    "centran": (centran_events, centran.EVENT_PARTS, centran.EVENT_LINES),
    "classic": (classic_events, classic.EVENT_PARTS, classic.EVENT_LINES),
    "project": (project_events, project.EVENT_PARTS, project.EVENT_LINES),
    SPIKE: (spike_events, spike.EVENT_PARTS, spike.EVENT_LINES),
}


@pytest.mark.parametrize(
    ("variant", "event", "line"),
    [(variant, event, line) for variant, (_, _, lines) in LINES.items() for event, line in lines],
)
def test_every_event_type_is_a_fact_with_its_line(variant: str, event: object, line: str) -> None:
    has_its_line(variant, event, line)


@pytest.mark.parametrize("variant", LINES)
def test_the_lines_cover_every_event_type(variant: str) -> None:
    module, parts, lines = LINES[variant]  # parts: pieces of events, private notes
    assert event_types(module, parts) == {type(e) for e, _ in lines}


@pytest.mark.parametrize(
    ("variant", "play", "facts", "title", "pots", "note"),
    [
        (
            "centran",
            lambda: centran.bot_game(5, 4),
            (CentranTable, CentranSeat, CentranHand),
            "Centran Sabacc",
            ["Hand pot", "Sabacc pot"],
            "Best now",
        ),
        (
            "classic",
            lambda: classic.bot_game(5, 2),
            (ClassicTable, ClassicSeat, ClassicHand),
            "Classic Sabacc",
            ["Hand pot", "Sabacc pot"],
            "Total ",
        ),
        (
            "project",
            lambda: project.bot_game(5, 12),
            (ProjectTable, ProjectSeat, ProjectHand),
            "Sabacc Project",
            ["Main Pot", "Sabacc pot"],
            "Total ",
        ),
        (
            SPIKE,
            lambda: spike.bot_game(5, 3)[0],
            (SpikeTable, SpikeSeat, SpikeHand),
            "Corellian Spike",
            ["Hand pot", "Sabacc pot"],
            "Total ",
        ),
    ],
)
def test_views_carry_facts_and_the_bot_writes_their_words(
    variant: str,
    play: Callable[[], Any],
    facts: tuple[type, type, type],
    title: str,
    pots: list[str],
    note: str,
) -> None:
    game = play()
    seat = game.state.live()[0]
    table_facts, seat_facts, hand_facts = facts
    table, written = fact_views(variant, game, seat, table_facts, hand_facts)
    shown = game.public_view().facts
    assert all(isinstance(s, seat_facts) for s in shown.seats)
    assert table.title == title and table.phase.startswith("Hand 1 · Round ")
    assert [name for name, _ in table.pots] == pots
    assert written.hand_text and written.notes[0].startswith(note)
    assert written.public is not None and written.public.title == title
    specs = [words.spec_text(variant, s) for s in game.legal_actions(min(game.pending_seats()))]
    assert all(s.label for s in specs)


@pytest.mark.parametrize(
    ("game_class", "decide", "seeds", "options", "styles", "phases", "kinds"),
    [
        (
            CentranGame,
            centran_bot.decide,
            range(4),
            {"max_hands": 2},
            ("balanced",),
            {"card", "bet"},
            {"bet", "give", "trade", "stand", "stasis"},
        ),
        (
            ClassicGame,
            classic_bot.decide,
            range(4),
            {"max_hands": 2},
            ("balanced",),
            {"bet", "trade", "final_turns"},
            {"call_hand", "change", "gain", "stand", "stasis"},
        ),
        (
            ProjectGame,
            project_bot.decide,
            range(6),
            {"max_hands": 3},
            ("cautious", "balanced", "bold"),
            {"open_bet", "draw", "bet", "final_bet"},
            {"draw", "bet", "field", "call_hand"},
        ),
    ],
    ids=["centran", "classic", "project"],
)
def test_the_bot_decides_from_facts_in_every_phase(
    game_class: Any,
    decide: Any,
    seeds: range,
    options: dict[str, Any],
    styles: tuple[str, ...],
    phases: set[str],
    kinds: set[str],
) -> None:
    played_phases: set[str] = set()
    played_kinds: set[str] = set()
    for seed in seeds:
        game = game_class.create(["ann", "bob", "cid"], buy_in=150, options=options, seed=seed)
        seen_phases, seen_kinds = bot_phases_and_kinds(game, decide, styles)
        played_phases |= seen_phases
        played_kinds |= seen_kinds
    assert played_phases == phases
    assert kinds <= played_kinds


@pytest.mark.parametrize(
    ("variant", "game", "first", "decide", "title", "phase", "styles"),
    [
        (
            "centran",
            lambda: CentranGame.create(["ann", "bob"], buy_in=100, seed=2),
            1,
            centran_bot.decide,
            "Centran Sabacc",
            "Card phase",
            ("balanced",),
        ),
        (
            "classic",
            lambda: ClassicGame.create(["ann", "bob"], buy_in=100, seed=2),
            0,
            classic_bot.decide,
            "Classic Sabacc",
            "Betting",
            ("balanced",),
        ),
        (
            "project",
            lambda: ProjectGame.create(["ann", "bob"], buy_in=100, seed=2),
            1,
            project_bot.decide,
            "Sabacc Project",
            "Betting",
            ("balanced",),
        ),
        (
            SPIKE,
            lambda: SpikeGame.create(["ann", "bo"], buy_in=60, seed=2),
            0,
            spike_bot.decide,
            "Corellian Spike",
            "Card phase",
            ("cautious", "bold"),
        ),
    ],
)
def test_a_bot_without_facts_raises(
    variant: str,
    game: Callable[[], Any],
    first: int,
    decide: Any,
    title: str,
    phase: str,
    styles: tuple[str, ...],
) -> None:
    for style in styles:  # through the registry in each style
        table = game()
        assert min(table.pending_seats()) == first
        bot_refuses_without_facts(variant, table, decide, title, phase, style)


@pytest.mark.parametrize(
    ("variant", "games", "views", "facts"),
    [
        (
            "centran",
            lambda: [
                centran.bot_game(seed, 120, advanced_actions=True, advanced_array_draw=True)
                for seed in range(4)
            ],
            {CentranTable, CentranHand},
            centran.CODEC_FACTS,
        ),
        (
            "project",
            lambda: [project.bot_game(seed, 60 + 20 * seed) for seed in range(4)],
            {ProjectTable, ProjectHand},
            project.CODEC_FACTS,
        ),
    ],
)
def test_every_fact_round_trips_through_the_codec(
    variant: str, games: Callable[[], list[Any]], views: set[type], facts: tuple[Fact, ...]
) -> None:
    for event, _ in LINES[variant][2]:
        round_trip(event)
    seen: set[type] = set()
    for game in games():
        seen |= round_trip_views(game)
    assert views <= seen
    for fact in facts:
        round_trip(fact)


@pytest.mark.parametrize(
    ("variant", "play"), [("centran", centran.bot_game), ("project", project.bot_game)]
)
def test_stored_facts_round_trip_through_the_json(
    variant: str, play: Callable[[int, int], Any]
) -> None:
    restores_the_decisions(variant, [play(seed, 150) for seed in range(6)])


@pytest.mark.parametrize(
    ("variant", "game_class", "decide", "name", "row"),
    [
        ("centran", CentranGame, centran_bot.decide, name, row)
        for name, row in fixture_points("centran")
    ]
    + [
        ("project", ProjectGame, project_bot.decide, name, row)
        for name, row in fixture_points("project")
    ],
)
def test_a_table_stored_before_the_facts_reads_the_same(
    variant: str, game_class: Any, decide: Any, name: str, row: str
) -> None:
    reads_and_plays_on(variant, game_class.from_json(json.loads(row)), name, row, decide)
