"""Where the card art meets the table's messages: small calls the table runtime and the pickers
make, so the logic stays here.

* :func:`hand_message`: a private hand's embed with the picture of the cards (and their emojis);
* :func:`result_picture`: the showdown picture of a hand's result message (painted when the
  message is about to be posted);
* :func:`with_emojis`: card names in an embed get their emoji in front (when the deck's emojis
  are ready and Discord's limits allow it);
* :func:`decorate_picker`: a card picker's options and buttons show the card's emoji.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from functools import cache
from typing import Any

import discord

from bot.art.attach import (
    HAND_FILE,
    SHOWDOWN_FILE,
    hand_file,
    showdown_attachment,
    showdown_of,
)
from bot.art.decks import deck_faces, deck_of
from bot.art.emojis import CardEmojis, emojis_of
from bot.tables.models import Table
from bot.ui import render
from engine.core.game import Event, PlayerView

__all__ = ["decorate_picker", "file_kw", "hand_message", "result_picture", "with_emojis"]

FIELD_MAX, DESCRIPTION_MAX, EMBED_MAX = 1024, 4096, 6000


def file_kw(file: discord.File | None) -> dict[str, Any]:
    """``{"file": file}`` for a send call, ``{}`` without a file."""
    return {} if file is None else {"file": file}


async def hand_message(
    client: Any, table: Table, view: PlayerView, *, heading: str | None = None
) -> tuple[discord.Embed, discord.File | None]:
    """The private hand embed with the cards' emojis above the text and their picture below."""
    embed = render.hand_embed(table, view, heading=heading)
    line = emojis_of(client).line(table.variant.id, view.hand)
    if line and embed.description and len(line) + len(embed.description) < DESCRIPTION_MAX:
        embed.description = f"{line}\n{embed.description}"
    file = await hand_file(client, table, view)
    if file is not None:
        embed.set_image(url=f"attachment://{HAND_FILE}")
    return embed, file


def result_picture(
    client: Any, table: Table, events: Sequence[Event], embed: discord.Embed
) -> Callable[[], Awaitable[dict[str, Any]]] | None:
    """The embed's card names get their emojis now; returns what paints the showdown of the
    result ``events`` once the result is about to be posted (``send`` keywords adding the
    picture to ``embed``), or ``None`` when nothing was shown. What the picture shows is taken
    now: the table moves on meanwhile."""
    with_emojis(client, table, embed)
    showdown = showdown_of(table, events)
    if showdown is None:
        return None

    async def attach() -> dict[str, Any]:
        file = await showdown_attachment(client, showdown)
        embed.set_image(url=f"attachment://{SHOWDOWN_FILE}")
        return {"file": file}

    return attach


@cache
def _pattern(deck: str) -> re.Pattern[str]:
    names = sorted({spec.name for spec in deck_faces(deck) if spec.name}, key=len, reverse=True)
    return re.compile(r"(?<![\w+-])(" + "|".join(map(re.escape, names)) + r")(?!\w)")


def _marked(book: CardEmojis, deck: str, text: str) -> str:
    by_name = {spec.name: spec for spec in deck_faces(deck)}

    def mark(match: re.Match[str]) -> str:
        spec = by_name[match.group(1)]
        emoji = book.of(deck, spec.key)
        return f"{emoji} {match.group(1)}" if emoji is not None else match.group(1)

    return _pattern(deck).sub(mark, text)


def with_emojis(client: Any, table: Table, embed: discord.Embed) -> discord.Embed:
    """Put each card's emoji before its name in ``embed`` (in place; a part that would exceed
    Discord's limits keeps its plain text)."""
    book = emojis_of(client)
    deck = deck_of(table.variant.id)
    if deck is None or not book.ready(deck):
        return embed
    if embed.description:
        marked = _marked(book, deck, embed.description)
        if len(marked) <= DESCRIPTION_MAX:
            embed.description = marked
    for index, field in enumerate(embed.fields):
        value = _marked(book, deck, field.value or "")
        grown = len(embed) - len(field.value or "") + len(value)
        if value != field.value and len(value) <= FIELD_MAX and grown <= EMBED_MAX:
            embed.set_field_at(index, name=field.name, value=value, inline=field.inline)
    return embed


def decorate_picker(client: Any, table: Table, picker: discord.ui.View) -> None:
    """Give a card picker's option buttons and select options the emoji of their card."""
    book = emojis_of(client)
    spec = getattr(picker, "spec", None)
    if spec is None or not book.ready(deck_of(table.variant.id)):
        return
    options = {option.value: option for option in spec.options}
    for item in picker.children:
        if isinstance(item, discord.ui.Button) and (item.custom_id or "").startswith("pick:"):
            index = (item.custom_id or "").split(":", 1)[1]
            if index.isdigit() and int(index) < len(spec.options):
                option = spec.options[int(index)]
                item.emoji = book.for_option(table.variant.id, option.value, option.label)
        elif isinstance(item, discord.ui.Select):
            for choice in item.options:
                option = options.get(choice.value)
                if option is not None:
                    choice.emoji = book.for_option(table.variant.id, option.value, option.label)
