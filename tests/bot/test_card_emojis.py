"""Card faces as application emojis: synced at start-up without duplicates across restarts, old
art versions replaced, then used in hands, pickers and results; ``CARD_EMOJIS=off`` or a refused
creation leaves today's text."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from bot.art.decks import DECKS, deck_faces
from bot.art.emojis import emoji_name, emojis_of
from bot.settings import Settings, SettingsError
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
    options = clicked.response.components[0]["components"][0]["options"]
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
