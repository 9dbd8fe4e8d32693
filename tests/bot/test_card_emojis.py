"""Card faces as application emojis: synced at start-up without duplicates across restarts, old
art versions replaced, then used in hands, pickers and results; ``CARD_EMOJIS=off`` or a refused
creation leaves today's text."""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.art.decks import DECKS, deck_faces
from bot.art.emojis import CardEmojis, emoji_name, emojis_of
from bot.art.present import decorate_picker, with_emojis
from bot.settings import Settings, SettingsError
from bot.sim_driver import picker_of
from bot.tables.models import Seat, Status, Table
from bot.ui.pickers import ChoiceView
from engine.core.game import ActionSpec, Option, ParamKind
from engine.variants import get_variant
from tests.bot.variant_table import start_seeded
from tests.helpers import World, text_of
from tests.table_driver import all_in, play, table_in, table_message

ALL_FACES = sum(len(deck_faces(deck)) for deck in DECKS)


def app_emojis(world: World) -> list[str]:
    """Names of the application's emojis in the simulated Discord."""
    return [e.name for e in world.env.backend.application_emojis.values()]


async def synced(world: World, restart: Any, **changes: Any) -> Any:
    """Restart with card emojis on; the background sync has finished when this returns."""
    bot = await restart(card_emojis=True, **changes)
    await world.env.settle()
    return bot


def emoji_requests(world: World) -> list[str]:
    return [f"{r.method} {r.path}" for r in world.env.http_requests if "/emojis" in r.path]


def test_the_setting_reads_on_and_off() -> None:
    assert Settings.from_env({}).card_emojis is True
    assert Settings.from_env({"CARD_EMOJIS": "off"}).card_emojis is False
    assert Settings.from_env({"CARD_EMOJIS": "ON"}).card_emojis is True
    with pytest.raises(SettingsError, match="CARD_EMOJIS"):
        Settings.from_env({"CARD_EMOJIS": "maybe"})


async def test_off_means_no_emoji_request_and_plain_text(world: World) -> None:
    await start_seeded(world, "coruscant", 3, players=2, buy_in=100)
    assert not emoji_requests(world)
    assert not emojis_of(world.bot).ready("coruscant")
    (dm,) = world.alice.user.dm_channel.history()
    assert "<:" not in text_of(dm)


async def test_sync_creates_every_face_once_and_survives_restarts(
    world: World, restart: Any
) -> None:
    world.env.backend.create_application_emoji("party_parrot")  # not ours: left alone
    world.env.backend.create_application_emoji("sb0_k_sand_1")  # an older art version
    await synced(world, restart)
    names = app_emojis(world)
    assert "party_parrot" in names and "sb0_k_sand_1" not in names
    ours = [n for n in names if n.startswith("sb1_")]
    assert len(ours) == ALL_FACES and not [n for n, k in Counter(names).items() if k > 1]
    assert all(emojis_of(world.bot).ready(deck) for deck in DECKS)
    ids = sorted(world.env.backend.application_emojis)
    before = len(emoji_requests(world))
    await synced(world, restart)  # a restart lists them and creates nothing
    assert sorted(world.env.backend.application_emojis) == ids
    assert [r.split()[0] for r in emoji_requests(world)[before:]] == ["GET"]
    assert all(emojis_of(world.bot).ready(deck) for deck in DECKS)


async def test_a_partial_sync_is_completed_on_the_next_start(world: World, restart: Any) -> None:
    world.env.inject_error("POST", "/applications/*/emojis", status=500, times=None)
    await synced(world, restart)
    assert not any(emojis_of(world.bot).ready(deck) for deck in DECKS)
    world.env.backend.faults.clear()
    world.env.backend.create_application_emoji(emoji_name(deck_faces("kessel")[0]))
    await synced(world, restart)
    assert len([n for n in app_emojis(world) if n.startswith("sb1_")]) == ALL_FACES
    assert all(emojis_of(world.bot).ready(deck) for deck in DECKS)


async def test_cards_show_as_emojis_in_hands_pickers_and_results(
    world: World, restart: Any
) -> None:
    await synced(world, restart)
    table = await start_seeded(world, "coruscant", 3, players=2, buy_in=100)
    book = emojis_of(world.bot)
    hand = table.game.view_for(0).hand
    (dm,) = world.alice.user.dm_channel.history()
    first_line = dm.embeds[0].description.splitlines()[0]
    assert first_line == " ".join(str(book.of("coruscant", c)) for c in hand)
    seat = next(iter(table.game.pending_seats()))
    member = world.players[seat]
    clicked = await member.click(table_message(world), label="Choose cards")
    options = picker_of(clicked).components[0]["components"][0]["options"]
    assert all(o["emoji"]["name"].startswith("sb1_c_") for o in options)
    # play the hand out: the result names the revealed cards with their emojis
    await play(world, all_in, stop=lambda t: t.game.public_view().hand_no > 1 or t.game.finished)
    results = [m for m in world.channel.history() if m.attachments]
    assert results and "<:sb1_c_" in text_of(results[0])
    assert table_in(world).message_id is not None


async def test_refused_creation_falls_back_to_text(world: World, restart: Any) -> None:
    world.env.inject_error(
        "POST",
        "/applications/*/emojis",
        status=400,
        code=30018,
        message="Maximum number of emojis reached",
        times=None,
    )
    await synced(world, restart)
    assert [r.split()[0] for r in emoji_requests(world)] == ["GET", "POST"]  # stops at once
    assert not any(emojis_of(world.bot).ready(deck) for deck in DECKS)
    await start_seeded(world, "coruscant", 3, players=2, buy_in=100)
    (dm,) = world.alice.user.dm_channel.history()
    assert "<:" not in text_of(dm) and dm.attachments  # the picture still comes


# ---------------------------------------------------------------------- text with emojis


def _book(deck: str) -> CardEmojis:
    """A book whose every face of ``deck`` has an emoji (ids 1, 2, ...), as after a sync."""
    book = CardEmojis()
    for i, spec in enumerate(deck_faces(deck), start=1):
        book._emojis[emoji_name(spec)] = discord.PartialEmoji(name=emoji_name(spec), id=i)  # type: ignore[assignment]
    book._ready.add(deck)
    return book


def _table(variant: str) -> Table:
    info = get_variant(variant)
    seats = [Seat(1456074443980800101, "Rey"), Seat(1456074443980800102, "Finn")]
    return Table(1, 1, 1, info, 1, 100, 90, status=Status.PLAYING, seats=seats)


def test_card_names_in_an_embed_get_their_emoji_within_limits() -> None:
    client = SimpleNamespace(card_emojis=_book("classic"))
    embed = discord.Embed(description="Rey reveals 10 of Coins, The Star (−17) — total −7.")
    embed.add_field(name="Seats", value="Rey · 2 cards · stasis: 1 of Coins")
    embed.add_field(name="Full", value="7 of Coins " + "x" * 1010)
    with_emojis(client, _table("classic"), embed)
    ten, star, one = (
        str(_book("classic").of("classic", c)) for c in ("coins:10", "star", "coins:1")
    )
    assert embed.description == f"Rey reveals {ten} 10 of Coins, {star} The Star (−17) — total −7."
    assert embed.fields[0].value == f"Rey · 2 cards · stasis: {one} 1 of Coins"
    assert embed.fields[1].value.startswith("7 of Coins")  # would pass 1024 characters: plain
    off = discord.Embed(description="7 of Coins")
    with_emojis(SimpleNamespace(card_emojis=CardEmojis(enabled=False)), _table("classic"), off)
    assert off.description == "7 of Coins"


async def test_picker_buttons_and_options_show_their_card() -> None:
    client = SimpleNamespace(card_emojis=_book("kessel"))
    table = _table("kessel")
    keep = ActionSpec(
        "keep",
        "Keep which card?",
        ParamKind.CHOICE,
        options=(
            Option("drawn", "Keep Sand 4 (drawn) → 4/4 Sabacc"),
            Option("held", "Keep Sand 2 (held) → 2/4 Nulhrek"),
        ),
    )
    picker = ChoiceView(table, 0, 1, keep)
    decorate_picker(client, table, picker)
    emojis = [item.emoji.name for item in picker.children]  # type: ignore[attr-defined]
    assert emojis == ["sb1_k_sand_4", "sb1_k_sand_2"]
    picker.stop()
