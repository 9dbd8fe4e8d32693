"""A table stays on screen: after a restart with an edit pending, after a moderator deleted its
message, without the bot's permissions in the channel, and when the channel itself is deleted.
Nobody is struck for a turn whose buttons they could not see."""

from __future__ import annotations

import logging
from typing import Any

import discord
import pytest
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

from tests.bot.test_table_guards import betting_seat, to_betting
from tests.bot.test_tables import start_table
from tests.bot.variant_table import SHORT_GAMES, start_seeded
from tests.helpers import World, refuse_tokens, text_of
from tests.table_driver import (
    actor_of,
    assert_settled,
    open_accounts,
    public_text,
    table_in,
    table_message,
)


def turn_buttons(world: World) -> set[str]:
    """The turn numbers the table message's action buttons carry."""
    ids = [c.custom_id for row in table_message(world).components for c in row.children]
    return {i.split(":")[2] for i in ids if i and i.startswith("sabacc:")}


async def test_restart_with_an_edit_pending_shows_the_current_table(
    world: World, restart: Any
) -> None:
    await restart(edit_interval=5.0)
    await start_table(world, 2, buy_in=50, turn_timer=60)
    refuse_tokens(world.env)  # the clicks' changes take the paced route
    await world.env.advance_time(5)
    await to_betting(world)  # the second change waits for the edit interval ...
    table = table_in(world)
    assert table.game is not None
    assert turn_buttons(world) != {str(table.game.turn)}
    await restart(edit_interval=5.0)  # ... and the process stops before drawing it
    table = table_in(world)
    assert table.game is not None
    assert turn_buttons(world) == {str(table.game.turn)}
    # The buttons work; nobody is struck while they could not see them.
    seat = betting_seat(world)
    checked = await actor_of(world, table, seat).click(
        table_message(world), custom_id=f"sabacc:{table.id}:{table.game.turn}:check"
    )
    assert checked.acknowledged and not checked.ephemeral
    assert table.strikes == {}


async def test_restart_with_a_lobby_edit_pending_shows_every_seat(
    world: World, restart: Any
) -> None:
    await restart(edit_interval=5.0)
    await world.alice.slash(world.channel, "coruscant start", buy_in=50)
    for member in (world.bob, world.carol):
        await member.slash(world.channel, "coruscant join")
    assert world.carol.mention not in text_of(table_message(world))  # the edit waits
    await restart(edit_interval=5.0)
    assert world.carol.mention in text_of(table_message(world))


@pytest.fixture
async def moderator(world: World) -> Any:
    role = world.guild.create_role(
        "Moderator", permissions=discord.Permissions(manage_messages=True)
    )
    user = world.env.create_user("mod", global_name="Mod")
    return world.guild.add_member(user, roles=[role])


async def test_a_deleted_table_message_comes_back_at_once(world: World, moderator: Any) -> None:
    await start_table(world, 2, buy_in=50, turn_timer=60)
    await to_betting(world)
    table = table_in(world)
    assert table.game is not None
    await world.env.advance_time(50)  # late in the turn ...
    old = table.message_id
    await moderator.delete(table_message(world))  # ... a moderator deletes the table
    assert table.message_id != old
    assert turn_buttons(world) == {str(table.game.turn)}
    again = await world.bob.slash(world.channel, "coruscant start")
    assert again.ephemeral and str(table.message_id) in again.response.content
    joined = await world.carol.slash(world.channel, "coruscant join")
    assert joined.ephemeral and str(table.message_id) in joined.response.content
    turn = table.game.turn
    await world.env.advance_time(50)  # a full turn from the moment it came back
    assert table.game.turn == turn and table.strikes == {}
    await world.env.advance_time(11)
    assert table.game.turn != turn


@pytest.mark.parametrize("group", sorted(SHORT_GAMES))
async def test_a_deleted_channel_ends_its_table(
    world: World, group: str, caplog: pytest.LogCaptureFixture
) -> None:
    before = await open_accounts(world)
    table = await start_seeded(world, group, 3, 3, turn_timer=60, **SHORT_GAMES[group])
    await world.env.advance_time(61)  # some moves were made
    caplog.set_level(logging.INFO, logger="bot")
    world.env.backend.delete_channel(world.channel.id)
    await world.env.settle()
    assert not table.open
    await assert_settled(world, table, before)
    for member in world.players[:3]:
        (dm,) = [m for m in member.user.dm_channel.history() if "was deleted" in m.content]
        assert "credits went back" in dm.content
    requests = len(world.env.http_requests)
    await world.env.advance_time(3600)
    assert len(world.env.http_requests) == requests  # nothing plays on, nothing is fetched
    gone = [r for r in caplog.records if "is gone" in r.getMessage()]
    assert len(gone) == 1


async def test_lost_permissions_pause_the_table_and_tell_the_host(world: World) -> None:
    await start_table(world, 2, buy_in=50, turn_timer=60)
    await to_betting(world)
    table = table_in(world)
    assert table.game is not None
    me = world.env.bot.user.id
    deny = discord.Permissions(send_messages=True).value
    world.env.backend.set_overwrite(
        world.channel.id, Overwrite(target_id=me, type=OverwriteType.MEMBER, deny=deny)
    )
    seat = betting_seat(world)
    await actor_of(world, table, seat).click(
        table_message(world), custom_id=f"sabacc:{table.id}:{table.game.turn}:check"
    )
    turn = table.game.turn
    await world.env.advance_time(600)  # paused: nobody is played for
    assert table.game.turn == turn and table.strikes == {}
    told = [m.content for m in world.alice.user.dm_channel.history() if "paused" in m.content]
    assert len(told) == 1 and "Send Messages" in told[0]
    world.env.backend.delete_overwrite(world.channel.id, me)
    await world.env.settle()
    assert turn_buttons(world) == {str(turn)}  # drawn again at once
    await world.env.advance_time(59)
    assert table.game.turn == turn
    await world.env.advance_time(2)
    assert table.game.turn != turn  # the clock runs again
    assert "ran out of time" in public_text(world)


async def test_a_table_message_gone_unheard_is_posted_again_on_the_next_command(
    world: World,
) -> None:
    await start_table(world, 2, buy_in=50, turn_timer=60)
    table = table_in(world)
    old = table.message_id
    assert old is not None
    del world.env.backend.messages[world.channel.id][old]  # gone, and no event said so
    again = await world.bob.slash(world.channel, "coruscant start")
    assert table.message_id != old
    # answered first (bot.tables.cog), then edited to link to the message posted again
    assert again.ephemeral and str(table.message_id) in again.response.content
    assert table_message(world).components
