"""Checks every variant's facts tests share (issue #24): which event types a variant's events
module declares, a fact's round trip through the codec, stored fixture rows read as they read
before the facts, and a game whose views carry no facts (its bot must refuse to guess)."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

from bot import words
from engine.core.codec import Codec
from engine.core.facts import Fact
from engine.core.game import Action, Game, PublicView

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


def round_trip(fact: object) -> None:
    """``fact`` goes through its codec and plain JSON and comes back equal."""
    codec: Codec[Any] = Codec(type(fact))
    stored = json.loads(json.dumps(codec.dump(fact)))
    assert codec.load(stored) == fact, type(fact).__name__


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


def bot_plays(game: Any, decide: Any, styles: tuple[str, ...]) -> set[str]:
    """Play ``game`` to its end with ``decide`` (seat ``s`` in ``styles[s % len(styles)]``),
    each decision a legal one of its own (never the timeout's default); returns every phase
    (``state.phase``) it decided in and every action kind it chose."""
    seen: set[str] = set()
    while not game.finished:
        seat = min(game.pending_seats())
        kinds = {s.kind for s in game.legal_actions(seat)}
        action = decide(game, seat, styles[seat % len(styles)])
        assert action.kind in kinds
        seen |= {str(game.state.phase.value), action.kind}
        game.apply(seat, action)
    return seen
