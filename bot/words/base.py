"""One variant's words: :class:`Words` renders the facts of a variant's events, views, controls,
previews and hand ranks as the text players read.

A variant's renderer (``bot/words/<variant>.py``) subclasses :class:`Words` and fills its tables:
:attr:`Words.events` (event type -> log text), and overrides :meth:`Words.table`,
:meth:`Words.hand`, :meth:`Words.spec`, :meth:`Words.preview` and :meth:`Words.hand_name` for its
facts. An event without words is an error (:class:`TypeError`): every event is a fact its
renderer (or :data:`SHARED_EVENTS`) writes. The defaults show a view or control without facts
as it is, and a hand stored by name (a seat record of an earlier version) by that name.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from operator import attrgetter
from typing import Any, ClassVar, TypeVar

from bot.i18n import _, current, locale_code, using
from bot.words import betting
from engine.core.betting_events import BetMade
from engine.core.facts import Fact
from engine.core.game import (
    ActionSpec,
    Event,
    PlayerView,
    PublicView,
    SeatStats,
)
from engine.core.stakes import StakesChanged

EventText = Callable[[Any], "str | None"]
T = TypeVar("T")
F = TypeVar("F")

SHARED_EVENTS: dict[type, EventText] = {
    BetMade: betting.bet_made,
    StakesChanged: betting.stakes_changed,
}
"""The words of the events every variant shares (the core's betting), whatever its renderer."""


class Remembered:
    """Words of facts the engine hands over again unchanged (the same object from one view to
    the next, e.g. a state's last reveal), written once per reader's language: keyed by the
    object's identity (the object is kept alive here so the key cannot be reused) and the
    language. Bounded: the oldest half goes when full."""

    __slots__ = ("entries", "size")

    def __init__(self, size: int = 256) -> None:
        self.entries: dict[tuple[int, str] | tuple[int, int, str], tuple[Any, Any]] = {}
        self.size = size

    def get(self, obj: F, write: Callable[[F], T]) -> T:
        """The words of ``obj``, written by ``write(obj)`` the first time."""
        key = (id(obj), locale_code())
        found = self.entries.get(key)
        if found is not None and found[0] is obj:
            words: T = found[1]
            return words
        if len(self.entries) >= self.size:
            for old in list(self.entries)[: self.size // 2]:
                del self.entries[old]
        value = write(obj)
        self.entries[key] = (obj, value)
        return value

    def pair(self, first: F, second: T, write: Callable[[F, T], Any]) -> Any:
        """The words of two objects together (e.g. a seat's view and its facts), written by
        ``write(first, second)`` the first time this pair of objects is seen (per language)."""
        key = (id(first), id(second), locale_code())
        found = self.entries.get(key)
        if found is not None and found[0][0] is first and found[0][1] is second:
            return found[1]
        if len(self.entries) >= self.size:
            for old in list(self.entries)[: self.size // 2]:
                del self.entries[old]
        value = write(first, second)
        self.entries[key] = ((first, second), value)
        return value


def later(write: Callable[..., T], *args: Any) -> Callable[[], T]:
    """``write(*args)`` as a function to call when the words are first read (a view's seats or
    info lines): written in the language of the reader the view is written for, whoever reads
    them then."""
    reader = current().locale

    def written() -> T:
        with using(reader):
            return write(*args)

    return written


class _Fields:
    """The values of a line's placeholders taken from an event (see :func:`fields_line`)."""

    __slots__ = ("event", "made")

    def __init__(self, event: Any, made: dict[str, Callable[[Any], object]]) -> None:
        self.event = event
        self.made = made

    def __getitem__(self, name: str) -> object:
        make = self.made.get(name)
        return getattr(self.event, name) if make is None else make(self.event)


def fields_line(message: str, **made: Callable[[Any], object]) -> EventText:
    """The words of an event whose line names the event's own fields: ``message`` (the English
    source, marked with ``N_``) in the reader's language, each ``{placeholder}`` filled with the
    event's field of that name, ``{n}`` with its ``hand_no``, or with a value ``made`` from the
    event (``card=lambda e: card_name(e.discard)``)."""
    values: dict[str, Callable[[Any], object]] = {"n": attrgetter("hand_no"), **made}

    def write(event: Any) -> str:
        return _(message).format_map(_Fields(event, values))

    return write


class Words:
    """The renderer of one variant: its events' words and its views, controls, previews and hand
    names (subclassed once per variant)."""

    variant: ClassVar[str] = ""
    # event type -> its public log text (None: nothing of it is public)
    events: ClassVar[dict[type, EventText]] = {}

    def event_text(self, event: Event) -> str | None:
        """The public log text of ``event`` (several lines possibly), ``None`` when private."""
        render = self.known.get(type(event))
        if render is not None:
            return render(event)
        raise TypeError(f"no words for the {type(event).__name__} event of {self.variant!r}")

    def event_lines(self, event: Event) -> list[str]:
        """The non-blank public log lines of ``event``."""
        return self.lines((event,))

    def renders(self) -> dict[type, EventText]:
        """Event type -> its words: the events every variant shares, then the variant's own
        (a renderer with more words adds them here)."""
        return {**SHARED_EVENTS, **self.events}

    @functools.cached_property
    def known(self) -> dict[type, EventText]:
        """:meth:`renders`, gathered once (every step's events are looked up here)."""
        return self.renders()

    def write_lines(self, event: Event) -> tuple[str, ...]:
        """The non-blank public log lines of one event, written (see :meth:`lines`)."""
        render = self.known.get(type(event))
        text = render(event) if render is not None else self.event_text(event)
        if not text:
            return ()
        if "\n" not in text:  # the usual one line
            return (text,) if text.strip() else ()
        return tuple(line for line in text.splitlines() if line.strip())

    def lines(self, events: Iterable[Event]) -> list[str]:
        """The non-blank public log lines of ``events``, in order (every step's events go
        through here). Written each time, not remembered: an event is rarely written twice, and
        keeping the events of lines already written (to find them again by value) kept a
        garbage-collected object alive per new event, which made the collector run several
        times as often while a game is played (``bench/engine.py``)."""
        lines: list[str] = []
        write = self.write_lines
        for event in events:
            lines.extend(write(event))
        return lines

    def table(self, view: PublicView) -> PublicView:
        """``view`` with its text fields written from its facts."""
        return view

    def hand(self, view: PlayerView) -> PlayerView:
        """A private view with ``hand_text``, ``notes`` (and its public part) written."""
        return view

    def spec(self, spec: ActionSpec) -> ActionSpec:
        """A control with its ``label``, ``prompt`` and options' words written (the shared
        betting controls' here; a variant's renderer writes its own controls')."""
        return betting.bet_spec(spec)

    def preview(self, preview: str | Fact) -> str:
        """The private line about a choice before it is confirmed."""
        if isinstance(preview, str):
            return preview
        raise TypeError(f"no words for the {type(preview).__name__} preview of {self.variant!r}")

    def hand_name(self, hand: str | Fact) -> str:
        """The name of a hand rank (a shown hand, a player's best hand)."""
        if isinstance(hand, str):
            return hand
        raise TypeError(f"no words for the {type(hand).__name__} hand of {self.variant!r}")

    def stats(self, stats: SeatStats) -> SeatStats:
        """Per-seat statistics with the best hand named (what the bot stores)."""
        return stats
