"""Card faces as application emojis: synced at start-up, then used wherever cards are text.

:meth:`CardEmojis.sync` lists the application's emojis, deletes those of an older art version
(``sb<N>_…``), creates the missing faces of every deck (rendered off the event loop) and never a
second emoji of a name that exists, so it is idempotent across restarts. A deck's emojis are
used only once *all* its faces exist: until then, when creation fails (limits, permissions,
outage) or with ``CARD_EMOJIS=off``, every text stays as it was.

Emoji names are ``sb<ART_VERSION>_<deck letter>_<card>`` (``sb1_k_sand_3``, ``sb1_c_circle_p7``):
bump :data:`ART_VERSION` whenever the art changes and the next start replaces them all.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol, cast, runtime_checkable

import discord

from bot.art.compose import emoji_png
from bot.art.decks import DECKS, FaceSpec, deck_faces, deck_of, face, find_face_in
from bot.shapes import conforms

__all__ = ["ART_VERSION", "CardEmojis", "SyncReport", "emoji_name", "emojis_of"]

log = logging.getLogger(__name__)

ART_VERSION = 1
PREFIX = f"sb{ART_VERSION}_"
OURS = re.compile(r"^sb\d+_")


def emoji_name(spec: FaceSpec) -> str:
    """The application emoji name of a face (2–32 characters of ``[a-z0-9_]``)."""
    return (PREFIX + spec.slug)[:32]


@dataclass(slots=True)
class SyncReport:
    """What one sync did."""

    existing: int = 0
    created: int = 0
    deleted: int = 0
    failed: str = ""  # why creating stopped ("" when it did not)
    ready: tuple[str, ...] = ()  # decks whose every face is an emoji


@dataclass(slots=True)
class CardEmojis:
    """The application emojis of the card faces (empty until synced, or when disabled)."""

    enabled: bool = True
    _emojis: dict[str, discord.Emoji] = field(default_factory=dict)  # emoji name -> emoji
    _ready: set[str] = field(default_factory=set)
    _lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    # ------------------------------------------------------------------ lookups

    def ready(self, deck: str | None) -> bool:
        """Whether ``deck``'s cards are shown as emojis."""
        return self.enabled and deck is not None and deck in self._ready

    def of(self, deck: str | None, card: str) -> discord.Emoji | None:
        """The emoji of a card notation of ``deck`` (``None`` if not ready or not a card)."""
        if deck is None or not self.ready(deck):
            return None
        spec = face(deck, card)
        return None if spec is None else self._emojis.get(emoji_name(spec))

    def line(self, variant_id: str, cards: Sequence[str]) -> str:
        """The cards as a row of emojis, ``""`` when the deck has none ready."""
        deck = deck_of(variant_id)
        marks = [self.of(deck, card) for card in cards]
        if not marks or any(mark is None for mark in marks):
            return ""
        return " ".join(str(mark) for mark in marks)

    def for_option(self, variant_id: str, value: str, label: str) -> discord.Emoji | None:
        """The emoji of the card a picker option stands for (by value, else by its label)."""
        deck = deck_of(variant_id)
        if not self.ready(deck):
            return None
        assert deck is not None
        spec = find_face_in(deck, value, label)
        return None if spec is None else self._emojis.get(emoji_name(spec))

    # ------------------------------------------------------------------ sync

    async def sync(self, client: discord.Client, decks: Iterable[str] = DECKS) -> SyncReport:
        """Make every face of ``decks`` an application emoji (see the module docstring)."""
        report = SyncReport()
        if not self.enabled:
            return report
        async with self._lock:
            try:
                existing = await client.fetch_application_emojis()
            except discord.DiscordException as exc:  # HTTP errors, no application id
                report.failed = f"listing emojis: {exc}"
                log.warning("card emojis off: could not list application emojis (%s)", exc)
                return report
            by_name: dict[str, discord.Emoji] = {}
            for emoji in existing:
                if not OURS.match(emoji.name):
                    continue  # not ours
                if emoji.name.startswith(PREFIX) and emoji.name not in by_name:
                    by_name[emoji.name] = emoji
                elif await self._delete(emoji):
                    report.deleted += 1
            report.existing = len(by_name)
            for deck in decks:
                for spec in deck_faces(deck):
                    name = emoji_name(spec)
                    if name in by_name or report.failed:
                        continue
                    try:
                        image = await asyncio.to_thread(emoji_png, deck, spec.key)
                        by_name[name] = await client.create_application_emoji(
                            name=name, image=image
                        )
                        report.created += 1
                    except discord.HTTPException as exc:
                        report.failed = f"creating {name}: {exc.status} {exc.text or ''}".strip()
                        log.warning("card emojis: could not create %s (%s)", name, exc)
            self._emojis = by_name
            self._ready = {
                deck for deck in DECKS if all(emoji_name(s) in by_name for s in deck_faces(deck))
            }
            report.ready = tuple(sorted(self._ready))
        log.info(
            "card emojis: %d kept, %d created, %d old deleted; ready: %s",
            report.existing,
            report.created,
            report.deleted,
            ", ".join(report.ready) or "none",
        )
        return report

    @staticmethod
    async def _delete(emoji: discord.Emoji) -> bool:
        """Remove an emoji of an older art version or a duplicate (failures only logged)."""
        try:
            await emoji.delete()
        except discord.HTTPException as exc:
            log.warning("card emojis: could not delete %s (%s)", emoji.name, exc)
            return False
        return True


@runtime_checkable
class HasEmojis(Protocol):
    """A client with card emojis (:class:`bot.client.SabaccBot`)."""

    card_emojis: CardEmojis


def emojis_of(client: object) -> CardEmojis:
    """The bot's card emojis (an empty, disabled set for a client without them)."""
    book = cast(HasEmojis, client).card_emojis if conforms(client, HasEmojis) else None
    return book if isinstance(book, CardEmojis) else CardEmojis(enabled=False)
