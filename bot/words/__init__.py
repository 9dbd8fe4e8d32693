"""Words in one place: every text players read, written from the engine's facts.

The engine speaks typed data (:mod:`engine.core.facts`); this package speaks words. One renderer
per variant (:mod:`bot.words.registry`, a :class:`bot.words.base.Words`) writes its events,
views, controls, previews and hand names; :mod:`bot.words.vocab` holds the words every variant
shares and :mod:`bot.words.reasons` the sentences of refused actions. The functions below are
what the rest of the bot calls.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.words.base import Words
from bot.words.betting import BET_KINDS, bet_spec
from bot.words.reasons import reason_text
from bot.words.registry import words_for
from engine.core.facts import Fact
from engine.core.game import ActionSpec, Event, Leaves, PlayerView, PublicView, SeatStats

__all__ = [
    "event_lines",
    "events_lines",
    "hand_name",
    "hand_text",
    "preview_text",
    "reason_text",
    "says_left_with",
    "spec_text",
    "stats_text",
    "table_text",
    "words_for",
]


_LOADED: dict[str, Words] = {}  # words_for's answers, one dict lookup away (every event)


def _words(variant: str) -> Words:
    return _LOADED.get(variant) or _LOADED.setdefault(variant, words_for(variant))


def event_lines(variant: str, event: Event) -> list[str]:
    """The public log lines of one event (none when nothing of it is public)."""
    return _words(variant).event_lines(event)


def events_lines(variant: str, events: Iterable[Event]) -> list[str]:
    """The public log lines of several events, in order."""
    return (_LOADED.get(variant) or _words(variant)).lines(events)  # (every step's events)


def table_text(variant: str, view: PublicView) -> PublicView:
    """The public view with its words written (title, phase, seats, pots, info, highlight)."""
    return (_LOADED.get(variant) or _words(variant)).table(view)  # (every change's view)


def hand_text(variant: str, view: PlayerView) -> PlayerView:
    """A seat's private view with its words written (hand text, notes, the public part)."""
    return _words(variant).hand(view)


def spec_text(variant: str, spec: ActionSpec) -> ActionSpec:
    """A control with its words written (label, prompt, options' labels and descriptions); the
    shared betting controls read the same in every variant."""
    if spec.kind in BET_KINDS:
        return bet_spec(spec)
    return _words(variant).spec(spec)


def preview_text(variant: str, preview: str | Fact) -> str:
    """The private line about a choice before it is confirmed (``""``: nothing to say)."""
    return words_for(variant).preview(preview)


def hand_name(variant: str, hand: str | Fact) -> str:
    """The name of a hand rank."""
    return words_for(variant).hand_name(hand)


def stats_text(variant: str, stats: SeatStats) -> SeatStats:
    """Statistics with the best hand named, as the bot stores them."""
    return words_for(variant).stats(stats)


def says_left_with(events: Iterable[Event], credits: int) -> bool:
    """Whether the public lines of ``events`` already say that a player left the table with
    ``credits``: a leaving event records what it took (:class:`~engine.core.game.Leaves`)."""
    return any(isinstance(event, Leaves) and event.credits_taken() == credits for event in events)
