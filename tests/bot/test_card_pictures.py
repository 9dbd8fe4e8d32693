"""Card pictures in Discord: private hands reach their owner only, showdowns show revealed cards
only (every public attachment of whole games is checked), and the table message never carries
an image."""

from __future__ import annotations

from typing import Any

import pytest

from bot.art.compose import faces_of_png
from bot.art.decks import deck_of, face
from bot.demo.common import demo_variants
from engine.variants import get_variant
from tests.bot.variant_table import HAND_BUTTON, start_seeded
from tests.helpers import World, text_of
from tests.table_driver import all_in, driver, play, table_in, table_message

GROUPS = demo_variants()  # variant id -> slash-command group, for every variant with a cog


async def _start(world: World, variant: str, players: int = 3, seed: int = 5) -> Any:
    info = get_variant(variant)
    buy_in = info.buy_in_presets[info.default_preset]
    return await start_seeded(world, GROUPS[variant], seed, players, buy_in=buy_in)


async def _faces(attachment: Any) -> list[str]:
    data = await attachment.read()
    assert data.startswith(b"\x89PNG")
    return [entry.split(":", 1)[1] for entry in faces_of_png(data)]


async def test_each_player_gets_a_picture_of_their_own_hand(world: World) -> None:
    table = await _start(world, "coruscant-shift")
    game = table.game
    for seat, member in enumerate(world.players[:3]):
        (dm,) = member.user.dm_channel.history()
        (picture,) = dm.attachments
        assert picture.filename == "hand.png"
        hand = game.view_for(seat).hand
        assert await _faces(picture) == [face("coruscant", c).key for c in hand]  # type: ignore[union-attr]
        names = [face("coruscant", c).name for c in hand]  # type: ignore[union-attr]
        assert picture.description == "Your hand: " + ", ".join(names)
        embed = dm.embeds[0]
        assert embed.image.url == "attachment://hand.png" and embed.description  # text kept


async def test_my_hand_shows_the_picture_to_the_clicker_only(world: World) -> None:
    table = await _start(world, "classic", players=2)
    shown = await world.bob.click(table_message(world), label=HAND_BUTTON)
    assert shown.ephemeral
    (picture,) = shown.response.attachments
    hand = table.game.view_for(1).hand
    assert await _faces(picture) == [face("classic", c).key for c in hand]  # type: ignore[union-attr]
    assert shown.response.embeds[0].description  # the text stays beside the picture
    public_ids = {m.id for m in world.channel.history(viewer=world.alice)}
    assert shown.response.message.id not in public_ids


@pytest.mark.parametrize("variant", sorted(GROUPS))
async def test_public_pictures_show_only_revealed_cards(world: World, variant: str) -> None:
    """A whole game: every public attachment is a showdown whose every face is a card its own
    message names as revealed; the table message is never sent with a file."""
    await _start(world, variant, players=3, seed=11)
    sim = driver(world)
    table = await play(world, all_in, stop=lambda t: t.game is not None and t.game.finished)
    assert table.game.finished
    deck = deck_of(variant)
    assert deck is not None
    pictures = 0
    for message in world.channel.history():
        text = text_of(message)
        for attachment in message.attachments:
            assert attachment.filename == "showdown.png"
            assert attachment.description.startswith("Showdown. ")
            for key in await _faces(attachment):
                spec = face(deck, key)
                assert spec is not None and spec.name in text, (key, text)
            pictures += 1
    assert pictures >= 1, "no showdown picture in a whole game"
    table_id = table_in(world).message_id
    edits = [  # in the channel, or through a click's interaction (its original response)
        r
        for r in world.env.http_requests
        if r.path.endswith((f"/messages/{table_id}", "/messages/@original"))
    ]
    assert edits and not any((r.json or {}).get("attachments") for r in edits)
    assert not sim.table_message().attachments
