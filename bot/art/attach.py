"""Pictures as Discord attachments: a private hand, and the showdown of a hand's result.

Both are rendered off the event loop (:func:`asyncio.to_thread`) from cached faces, carry alt
text listing the cards, and are shown inside their embed (``attachment://…``). A showdown is
drawn from the events' :class:`engine.core.game.Reveals` (cards the engine made public) and
:class:`engine.core.game.Awards` (winners), so it never holds a hidden card: seats that did not
show their hand are drawn face down.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Sequence

import discord

from bot.art.compose import ShowRow, hand_png, showdown_png
from bot.art.decks import deck_of, face
from bot.tables.models import Table
from engine.core.game import Awards, Event, PlayerView, Reveals, ShownHand

__all__ = ["HAND_FILE", "SHOWDOWN_FILE", "hand_file", "showdown_file", "showdown_rows"]

HAND_FILE = "hand.png"
SHOWDOWN_FILE = "showdown.png"
ALT_MAX = 1024  # Discord's limit for an attachment's description
FACE_DOWN = 2  # backs drawn for a hand that was not shown (its size is not public)


def _names(deck: str, cards: Sequence[str]) -> str:
    names = []
    for card in cards:
        spec = face(deck, card)
        names.append(spec.name if spec is not None else card)
    return ", ".join(names)


def _file(data: bytes, filename: str, alt: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=filename, description=alt[:ALT_MAX])


async def hand_file(table: Table, view: PlayerView) -> discord.File | None:
    """A picture of the seat's hidden cards (``None`` without cards or art for the variant)."""
    deck = deck_of(table.variant.id)
    if deck is None or not view.hand:
        return None
    data = await asyncio.to_thread(hand_png, deck, view.hand)
    return _file(data, HAND_FILE, f"Your hand: {_names(deck, view.hand)}")


def _merge(shown: list[ShownHand]) -> dict[str, ShownHand]:
    """One entry per player: later entries add cards and rename the hand (Sudden Demise)."""
    merged: dict[str, ShownHand] = {}
    for hand in shown:
        before = merged.get(hand.player)
        if before is None:
            merged[hand.player] = hand
        else:
            merged[hand.player] = ShownHand(
                hand.player, before.cards + hand.cards, hand.hand or before.hand
            )
    return merged


def showdown_rows(table: Table, events: Sequence[Event]) -> list[ShowRow]:
    """The rows of a showdown picture, empty when no hand was shown."""
    shown = [hand for e in events if isinstance(e, Reveals) for hand in e.shown_hands()]
    if not shown or table.game is None:
        return []
    winners = {p for e in events if isinstance(e, Awards) for p in e.won_by()}
    merged = _merge(shown)
    view = table.game.public_view()
    rows = []
    for index, seat in enumerate(table.seats):
        hand = merged.get(seat.player_id)
        name = seat.name
        if hand is not None:
            rows.append(ShowRow(name, hand.cards, hand.hand, seat.player_id in winners))
        elif index < len(view.seats) and view.seats[index].active:
            rows.append(ShowRow(name, (), "did not show", False, FACE_DOWN))
    return rows


async def showdown_file(table: Table, events: Sequence[Event]) -> discord.File | None:
    """The showdown picture of a hand's result events (``None`` when nothing was shown)."""
    deck = deck_of(table.variant.id)
    rows = showdown_rows(table, events) if deck is not None else []
    if deck is None or not rows:
        return None
    data = await asyncio.to_thread(showdown_png, deck, rows)
    parts = []
    for row in rows:
        if row.cards:
            win = " (winner)" if row.winner else ""
            parts.append(f"{row.name}{win}: {_names(deck, row.cards)} — {row.hand}")
        else:
            parts.append(f"{row.name}: face down")
    return _file(data, SHOWDOWN_FILE, "Showdown. " + "; ".join(parts))
