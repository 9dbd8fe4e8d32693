"""Pictures as Discord attachments: a private hand, and the showdown of a hand's result.

Both are painted off the event loop (the client's :class:`bot.art.painter.Painter`: worker
processes, else threads) from cached faces, carry alt text listing the cards, and are shown inside
their embed (``attachment://…``). A showdown's rows are taken from the table when its hand ends
(:func:`showdown_rows`) and painted only when its message is about to be sent
(:func:`showdown_attachment`). A showdown is
drawn from the events' :class:`engine.core.game.Reveals` (cards the engine made public) and
:class:`engine.core.game.Awards` (winners), so it never holds a hidden card: seats that did not
show their hand are drawn face down.
"""

from __future__ import annotations

import io
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot import words
from bot.art.compose import ShowRow, hand_png, showdown_png
from bot.art.decks import deck_of, face, face_name, shown_values
from bot.art.painter import painter_of
from bot.i18n import _, locale_code
from bot.tables.models import Table
from engine.core.game import Awards, Event, PlayerView, Reveals, ShownHand

__all__ = [
    "HAND_FILE",
    "SHOWDOWN_FILE",
    "Showdown",
    "hand_file",
    "showdown_attachment",
    "showdown_of",
    "showdown_rows",
]

HAND_FILE = "hand.png"
SHOWDOWN_FILE = "showdown.png"
ALT_MAX = 1024  # Discord's limit for an attachment's description
FACE_DOWN = 2  # backs drawn for a hand that was not shown (its size is not public)
# Hands repeat (a Kessel hand is 2 of 16 faces): each picture is painted once (about 20 KB and
# 3 ms of CPU), the latest HANDS_KEPT are kept.
HANDS_KEPT = 256
_hands: OrderedDict[tuple[str, tuple[str, ...], str], bytes] = OrderedDict()


def _names(deck: str, cards: Sequence[str]) -> str:
    names = []
    for card in cards:
        spec = face(deck, card)
        names.append(face_name(spec) if spec is not None else card)
    return ", ".join(names)


def _file(data: bytes, filename: str, alt: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=filename, description=alt[:ALT_MAX])


async def _hand_png(client: Any, deck: str, cards: tuple[str, ...]) -> bytes:
    """:func:`hand_png`, painted once per hand by the client's painter."""
    locale = locale_code()
    key = (deck, cards, locale)
    data = _hands.get(key)
    if data is None:
        data = await painter_of(client).paint(hand_png, deck, cards, locale)
        _hands[key] = data
        while len(_hands) > HANDS_KEPT:
            _hands.popitem(last=False)
    else:
        _hands.move_to_end(key)
    return data


async def hand_file(client: Any, table: Table, view: PlayerView) -> discord.File | None:
    """A picture of the seat's hidden cards (``None`` without cards or art for the variant)."""
    deck = deck_of(table.variant.id)
    if deck is None or not view.hand:
        return None
    data = await _hand_png(client, deck, tuple(view.hand))
    return _file(data, HAND_FILE, _("Your hand: {cards}").format(cards=_names(deck, view.hand)))


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
            named = words.hand_name(table.variant.id, hand.hand)
            values = shown_values(deck_of(table.variant.id) or "", hand.cards, hand.hand)
            rows.append(ShowRow(name, hand.cards, named, seat.player_id in winners, 0, values))
        elif index < len(view.seats) and view.seats[index].active:
            rows.append(ShowRow(name, (), _("did not show"), False, FACE_DOWN))
    return rows


@dataclass(frozen=True, slots=True)
class Showdown:
    """What a showdown picture shows: taken when the hand ends, painted when posted."""

    deck: str
    rows: tuple[ShowRow, ...]


def showdown_of(table: Table, events: Sequence[Event]) -> Showdown | None:
    """The showdown of a hand's result events (``None`` when nothing was shown or the variant
    has no art)."""
    deck = deck_of(table.variant.id)
    rows = showdown_rows(table, events) if deck is not None else []
    return Showdown(deck, tuple(rows)) if deck is not None and rows else None


async def showdown_attachment(client: Any, showdown: Showdown) -> discord.File:
    """The showdown picture, painted now by the client's painter."""
    deck, rows = showdown.deck, showdown.rows
    data = await painter_of(client).paint(showdown_png, deck, rows, locale_code())
    parts = []
    for row in rows:
        if row.cards:
            win = " " + _("(winner)") if row.winner else ""
            parts.append(f"{row.name}{win}: {_names(deck, row.cards)} — {row.hand}")
        else:
            parts.append(_("{name}: face down").format(name=row.name))
    return _file(data, SHOWDOWN_FILE, _("Showdown.") + " " + "; ".join(parts))
