"""The words' caches keep every reader's language: seats and info lines written when first read
in the language of the reader the view was written for; event lines in each reader's language."""

from __future__ import annotations

import random

from bot import words
from bot.i18n import using
from engine.bots.random_legal import random_for_spec
from engine.core.game import Game, PublicView
from engine.variants import get_variant


def _game(variant: str, steps: int) -> tuple[Game, list[object]]:
    """A seeded game of ``variant`` after ``steps`` random legal actions, and its events."""
    info = get_variant(variant)
    buy_in = info.buy_in_presets[info.default_preset]
    game = info.create(["Ann", "Bo", "Cy"], buy_in=buy_in, options=info.options, seed=7)
    rng = random.Random(7)
    events: list[object] = []
    for _ in range(steps):
        seat = min(game.pending_seats())
        specs = game.legal_actions(seat)
        action = random_for_spec(rng.choice(specs), rng) if specs else game.default_action(seat)
        events.extend(game.apply(seat, action))
    return game, events


def _read(view: PublicView) -> tuple[object, ...]:
    return (view.title, view.phase, view.seats, view.pots, view.info, view.highlight)


def test_lazy_seats_and_info_keep_the_readers_language() -> None:
    for variant in (
        "centran",
        "classic",
        "corellian-spike",
        "coruscant-shift",
        "kessel",
        "project",
    ):
        game, _events = _game(variant, 6)
        view = game.public_view()
        with using("fr"):
            read_inside = _read(words.table_text(variant, view))
            written_in_french = words.table_text(variant, view)
        english = _read(words.table_text(variant, view))
        assert _read(written_in_french) == read_inside, variant  # read outside the block
        assert read_inside != english, variant


def test_event_lines_follow_the_readers_language() -> None:
    _played, events = _game("classic", 12)
    english = words.events_lines("classic", events)
    with using("de"):
        german = words.events_lines("classic", events)
        assert words.events_lines("classic", events) == german
    assert german != english
    assert words.events_lines("classic", events) == english
