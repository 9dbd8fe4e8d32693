"""Checks every variant's facts tests share (issue #24): an event's line, which event types a
variant's events module declares, a fact's round trip through the codec (alone and every fact a
game shows), views that carry facts and no words, stored fixture rows read as they read before
the facts, the bot deciding from facts, and a game whose views carry no facts (its bot must
refuse to guess)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

import pytest

from bot import words
from engine.bots import Undecided, choose_action
from engine.core.codec import Codec
from engine.core.facts import Fact
from engine.core.game import Action, Game, IllegalAction, PlayerView, PublicView

Decide = Callable[[Any, int, str], Action]
G = TypeVar("G", bound=Game)

HERE = Path(__file__).parent


def event_types(module: ModuleType, parts: set[type]) -> set[type]:
    """The fact classes ``module`` declares or re-exports, but the ``parts`` (pieces of events,
    private notes, hand evaluations)."""
    facts = {
        obj
        for obj in vars(module).values()
        if isinstance(obj, type) and issubclass(obj, Fact) and obj.__module__.startswith("engine")
    }
    return facts - parts - {Fact}


def has_its_line(variant: str, event: object, line: str) -> None:
    """``event`` is a fact (no prose of its own) and the table log writes it as ``line``."""
    assert isinstance(event, Fact) and not hasattr(event, "public_text")
    assert words.events_lines(variant, [event]) == [line]


def refusal(act: Callable[[], object]) -> IllegalAction:
    """What ``act()`` raises: it must be refused with :class:`IllegalAction`."""
    with pytest.raises(IllegalAction) as refused:
        act()
    return refused.value


def round_trip(fact: object) -> None:
    """``fact`` goes through its codec and plain JSON and comes back equal."""
    codec: Codec[Any] = Codec(type(fact))
    stored = json.loads(json.dumps(codec.dump(fact)))
    assert codec.load(stored) == fact, type(fact).__name__


def round_trip_views(game: Game) -> set[type]:
    """Every fact ``game`` shows round-trips: the public view's, every seat's, every pending
    seat's controls' and the preview of each option of each control (of the control itself
    where it has no options); returns their types."""
    seen: set[type] = set()
    shown = [game.public_view().facts, *(game.view_for(s).facts for s in range(len(game.players)))]
    for fact in shown:
        assert fact is not None
        round_trip(fact)
        seen.add(type(fact))
    for seat in game.pending_seats():
        for spec in game.legal_actions(seat):
            if spec.facts is not None:
                round_trip(spec.facts)
                seen.add(type(spec.facts))
            for choices in [(o.value,) for o in spec.options] or [()]:
                preview = game.preview(seat, Action(spec.kind, choices=choices))
                if isinstance(preview, Fact):
                    round_trip(preview)
                    seen.add(type(preview))
    return seen


def played(game: G, decide: Decide, seed: int, steps: int) -> G:
    """``game`` after at most ``steps`` decisions of its bot, each in a style drawn from a
    generator seeded with ``seed``."""
    rng = random.Random(seed)
    for _ in range(steps):
        if game.finished:
            break
        seat = min(game.pending_seats())
        game.apply(seat, decide(game, seat, rng.choice(["cautious", "balanced", "bold"])))
    return game


def fact_views(
    variant: str, game: Game, seat: int, table: type, hand: type
) -> tuple[PublicView, PlayerView]:
    """The public view of ``game`` and ``seat``'s view carry facts (of types ``table`` and
    ``hand``) and no words of their own; returns the words the bot writes for them."""
    view = game.public_view()
    assert isinstance(view.facts, table)
    assert (view.title, view.phase, view.info, view.highlight) == ("", "", (), "")
    assert all(not s.status and not s.public for s in view.seats)
    own = game.view_for(seat)
    assert isinstance(own.facts, hand) and own.hand_text == "" and own.notes == ()
    return words.table_text(variant, view), words.hand_text(variant, own)


def fixture_points(variant: str) -> list[tuple[str, str]]:
    """``(name, stored row)`` of every point of the variant's fixture games."""
    points = []
    games = json.loads((HERE / "fixtures" / f"{variant}.json").read_text(encoding="utf-8"))
    for index, game in enumerate(games):
        for point in game["points"]:
            points.append((f"{index}-{point['point']}", point["json"]))
    return points


def words_of(variant: str, game: Game) -> dict[str, Any]:
    """What players read from ``game``: the table (title, phase, seats, pots, info lines,
    highlight), every seat's hand (text and notes) and the seat records' best hands, as JSON."""
    t = words.table_text(variant, game.public_view())
    seats = [[s.status, s.public] for s in t.seats]
    table = [t.title, t.phase, seats, [list(p) for p in t.pots], [list(r) for r in t.info]]
    hands = {}
    for seat in range(len(t.seats)):
        written = words.hand_text(variant, game.view_for(seat))
        hands[str(seat)] = [written.hand_text, list(written.notes)]
    best = [words.stats_text(variant, s).best_hand for s in game.seat_stats().values()]
    out: dict[str, Any] = json.loads(
        json.dumps({"table": [*table, t.highlight], "hands": hands, "best": best})
    )
    return out


def stored_words(variant: str) -> dict[str, Any]:
    """:func:`words_of` every fixture point (``fixtures/<variant>.json``), as the code before
    the facts wrote them (main ``57da776``): ``stored/<variant>-views.json``. The file was made
    there by ``{name: words_of(variant, get_variant(variant).restore(json.loads(row)))}`` over
    :func:`fixture_points`."""
    path = HERE / "stored" / f"{variant}-views.json"
    views: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return views


def without_facts(game: Any, title: str, phase: str) -> Any:
    """``game`` whose public view carries words only (``title``, ``phase``) and no facts, as a
    variant that still wrote its words showed it."""
    view = game.public_view()
    worded = PublicView(view.variant, title, phase, 1, view.acting, view.seats)

    class Worded(type(game)):  # type: ignore[misc]
        def public_view(self) -> PublicView:
            return worded

        def view_for(self, seat: int) -> Any:
            return super().view_for(seat).__class__(seat, self.hand(seat), public=worded)

    return Worded(game.state)


def bot_refuses_without_facts(
    variant: str, game: Game, decide: Decide, title: str, phase: str, style: str = "balanced"
) -> None:
    """The variant's bot, shown ``game`` :func:`without_facts`, raises :class:`Undecided`, alone
    and through the registry in ``style`` (the tests run strict: no silent default move)."""
    blind = without_facts(game, title, phase)
    seat = min(blind.pending_seats())
    with pytest.raises(Undecided, match="facts"):
        decide(blind, seat, "balanced")
    with pytest.raises(Undecided):
        choose_action(variant, blind, seat, style)


def previews_of(game: Game) -> list[object]:
    """The previews of the first option of every control of every pending seat."""
    out = []
    for seat in game.pending_seats():
        for spec in game.legal_actions(seat):
            choices = tuple(o.value for o in spec.options[:1])
            out.append(game.preview(seat, Action(spec.kind, choices=choices)))
    return out


def restores_the_same(variant: str, game: Any) -> Any:
    """``game`` stored as plain JSON and restored: the same state, written back the same, read
    the same; returns the restored game."""
    stored = json.loads(json.dumps(game.to_json()))
    assert stored == game.to_json()  # plain JSON (lists, not tuples)
    restored = type(game).from_json(stored)
    assert restored.to_json() == game.to_json()
    assert words_of(variant, restored) == words_of(variant, game)
    return restored


def reads_and_plays_on(variant: str, game: Any, name: str, row: str, decide: Any) -> None:
    """A fixture row (``name``) restored as ``game`` reads as it read before the facts, writes
    back as it was stored, and its game goes on under the variant's bot."""
    assert words_of(variant, game) == stored_words(variant)[name]
    assert json.dumps(game.to_json()) == row  # written back as it was stored
    if not game.finished:
        seat = min(game.pending_seats())
        game.apply(seat, decide(game, seat, "balanced"))


def restores_the_decisions(variant: str, games: list[Any]) -> None:
    """Every game of ``games`` restores the same (:func:`restores_the_same`) with the same notes,
    Sabacc Shift note and last decision, and at least one of them has decided a hand."""
    for game in games:
        restored = restores_the_same(variant, game)
        assert (restored.state.notes, restored.state.shift_note, restored.state.decided) == (
            game.state.notes,
            game.state.shift_note,
            game.state.decided,
        )
    assert any(game.state.decided is not None for game in games)


def bot_phases_and_kinds(
    game: Any, decide: Decide, styles: tuple[str, ...]
) -> tuple[set[str], set[str]]:
    """Play ``game`` to its end with ``decide`` (seat ``s`` in ``styles[s % len(styles)]``),
    each decision a legal one of its own (never the timeout's default); returns every phase
    (``state.phase``) it decided in and every action kind it chose."""
    phases: set[str] = set()
    kinds: set[str] = set()
    while not game.finished:
        seat = min(game.pending_seats())
        legal = {s.kind for s in game.legal_actions(seat)}
        action = decide(game, seat, styles[seat % len(styles)])
        assert action.kind in legal
        phases.add(str(game.state.phase.value))
        kinds.add(action.kind)
        game.apply(seat, action)
    return phases, kinds


def bot_plays(game: Any, decide: Decide, styles: tuple[str, ...]) -> set[str]:
    """:func:`bot_phases_and_kinds`, the phases and the kinds in one set."""
    phases, kinds = bot_phases_and_kinds(game, decide, styles)
    return phases | kinds
