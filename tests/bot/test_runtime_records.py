"""One record per table, dropped when the table ends (issue #22 point 3), and the runtime's
limits and fallbacks (issue #25 points 2, 5 and 15): a member hosts at most ``LOBBY_LIMIT``
open lobbies per server; a DM refused with 50278 is handled like closed DMs; a channel without
Attach Files gets its results without the picture, and the host is told once."""

from __future__ import annotations

import asyncio
import gc
import sqlite3
from typing import Any

import discord
import pytest
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

from bot.settings import Settings
from bot.tables.models import Table
from tests.bot.test_tables import start_table
from tests.helpers import World, text_of
from tests.table_driver import all_in, money, open_accounts, play


def tasks_of(table_id: int) -> list[str]:
    """The names of the tasks alive for table ``table_id`` (``render-7``, ``dm-7-1``...)."""
    names = [task.get_name() for task in asyncio.all_tasks()]
    return [n for n in names if f"-{table_id}-" in f"{n}-" and not n.startswith("Task")]


async def test_a_finished_table_leaves_memory(world: World) -> None:
    before = await open_accounts(world)
    await start_table(world, 2, buy_in=20)
    table = await play(world, all_in)
    assert table.game is not None and table.game.finished
    index = world.bot.tables.index
    assert index.get(table.id) is None and index.in_channel(world.channel.id) is None
    assert table.id not in index.tables
    assert not table.tasks.autos and table.tasks.timer is None and table.tasks.lobby is None
    await world.env.advance_time(60)
    assert not tasks_of(table.id)  # every task of the table is over
    del table
    world.seen.clear()
    gc.collect()
    assert not [o for o in gc.get_objects() if isinstance(o, Table)]  # nothing refers to it
    assert await money(world) == before


async def test_cancelled_and_expired_lobbies_leave_memory(world: World) -> None:
    lobby = await world.alice.slash(world.channel, "coruscant start", buy_in=100)
    await world.alice.click(lobby.response, label="Cancel")
    assert world.bot.tables.index.tables == {}
    await world.alice.slash(world.channel, "coruscant start", buy_in=100)
    await world.env.advance_time(1801)
    assert world.bot.tables.index.tables == {}
    await world.env.advance_time(60)
    assert not tasks_of(1) and not tasks_of(2)


async def test_a_member_hosts_at_most_the_lobby_limit(world: World, restart: Any) -> None:
    assert Settings.from_env({}).lobby_limit == 3
    assert Settings.from_env({"LOBBY_LIMIT": "5"}).lobby_limit == 5
    await restart(lobby_limit=2)
    channels = [world.channel, *(world.guild.create_text_channel(f"t{i}") for i in range(2))]
    for channel in channels[:2]:
        opened = await world.alice.slash(channel, "kessel start")
        assert opened.acknowledged and not opened.ephemeral
    refused = await world.alice.slash(channels[2], "kessel start")
    assert refused.ephemeral and "2 open lobbies" in refused.response.content
    assert world.bot.tables.index.in_channel(channels[2].id) is None
    other = await world.bob.slash(channels[2], "kessel start")  # another member may
    assert not other.ephemeral
    cancelled = await world.alice.click(table_message_of(world, channels[0]), label="Cancel")
    assert cancelled.acknowledged
    again = await world.alice.slash(world.guild.create_text_channel("t9"), "kessel start")
    assert not again.ephemeral  # a closed lobby no longer counts


def table_message_of(world: World, channel: object) -> discord.Message:
    """The open table message of ``channel``."""
    table = world.bot.tables.index.in_channel(getattr(channel, "id", 0))
    assert table is not None
    for message in channel.history():
        if message.id == table.message_id:
            return message
    raise LookupError("no table message")


async def test_a_dm_refused_for_no_mutual_guild_falls_back_to_the_hand_button(
    world: World,
) -> None:
    dm = world.bob.user.dm_channel
    world.env.inject_error(
        "POST",
        f"/channels/{dm.id}/messages",
        status=400,
        code=50278,
        times=None,
        message="Cannot send messages to this user: no mutual guilds",
    )
    await start_table(world, 2, buy_in=50)
    notices = [m for m in world.channel.history() if "can't send you direct messages" in m.content]
    assert len(notices) == 1 and world.bob.mention in notices[0].content
    dms = [r for r in world.env.http_requests if r.path == f"/channels/{dm.id}/messages"]
    assert len(dms) == 1  # never tried again


async def test_results_go_without_pictures_where_files_are_not_allowed(world: World) -> None:
    me = world.env.bot.user.id
    deny = discord.Permissions(attach_files=True).value
    world.env.backend.set_overwrite(
        world.channel.id, Overwrite(target_id=me, type=OverwriteType.MEMBER, deny=deny)
    )
    await start_table(world, 2, buy_in=20)
    await play(world, all_in)
    results = [m for m in world.channel.history() if m.embeds and m.embeds[0].title]
    assert any("Game over" in text_of(m) for m in results)
    assert not any(m.attachments for m in world.channel.history())
    told = [m for m in world.alice.user.dm_channel.history() if "Attach Files" in m.content]
    assert len(told) == 1


async def test_a_lobby_expiry_outlives_a_database_error(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The database fails when the lobby expires: the expiry is tried again (one warning) and
    the lobby still closes with every buy-in refunded."""
    before = await open_accounts(world)
    await world.alice.slash(world.channel, "coruscant start", buy_in=100)
    tables = world.bot.tables
    expire, failures = tables.expire, [sqlite3.OperationalError("database is locked")]

    async def flaky(table: Table) -> bool:
        if failures:
            raise failures.pop()
        return await expire(table)

    monkeypatch.setattr(tables, "expire", flaky)
    await world.env.advance_time(1801)
    assert not failures and tables.index.in_channel(world.channel.id) is not None  # failed once
    await world.env.advance_time(10)
    assert tables.index.in_channel(world.channel.id) is None
    assert "lobby closed" in world.channel.history()[-1].content
    assert await money(world) == before
    assert await world.bot.bank.balance(world.guild.id, world.alice.id) == 1000
