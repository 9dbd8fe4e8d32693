"""Table leases: one process drives a table; a dead process's tables are taken over from the
stored state by another one, which finishes them with every credit accounted for."""

from __future__ import annotations

import dataclasses
import os
import time
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
import simcord.env as _simcord_env

from bot.client import SabaccBot, create_bot
from bot.settings import Settings
from bot.sim_driver import VirtualSleep
from bot.tables.leases import shard_of
from bot.tables.store import LeaseLost
from tests.bot.test_tables import start_table
from tests.bot.variant_table import finish_settled
from tests.helpers import BOTH_BACKENDS, World, bot_scope
from tests.table_driver import all_in, do, open_accounts, table_in

pytestmark = BOTH_BACKENDS


async def lease_rows(bot: Any) -> list[tuple[Any, ...]]:
    rows = await bot.db.fetchall("SELECT table_id, owner, token FROM table_leases ORDER BY 1")
    return [tuple(r) for r in rows]


async def start_other_process(
    env: _simcord_env.Env, settings: Settings, bots: list[SabaccBot], name: str | None
) -> SabaccBot:
    """The running bot's process dies (its tasks stop, its leases stay in the database) and
    a process with INSTANCE_ID ``name`` (``None``: the default) starts on the same database."""
    old = env.bot
    assert isinstance(old, SabaccBot)
    await old.tables.close()  # type: ignore[attr-defined]
    new = create_bot(dataclasses.replace(settings, instance_id=name))
    new.sleeper = VirtualSleep(env)  # type: ignore[attr-defined]  # as every test bot
    bots.append(new)
    await env.restart_bot(new)
    return new


async def test_a_dead_process_s_table_is_taken_over_after_its_lease_runs_out(
    world: World, settings: Settings, _bots: list[SabaccBot]
) -> None:
    before = await open_accounts(world)
    await start_table(world, 2, buy_in=20)
    old_table = table_in(world)
    old_bot = world.bot
    assert old_table.game is not None
    seat = min(old_table.game.pending_seats())
    await do(world, seat, "select", [old_table.game.legal_actions(seat)[0].options[0].value])
    [(table_id, owner, token)] = await lease_rows(old_bot)
    assert table_id == old_table.id and token == old_bot.tables.leases.token
    assert owner == old_bot.tables.leases.owner

    new_bot = await start_other_process(world.env, settings, _bots, "second")
    leases = new_bot.tables.leases
    assert new_bot.tables.index.get(table_id) is None  # the lease has not run out: hands off
    assert await leases.claim() == []

    leases.clock = lambda: time.time() + settings.lease_ttl + 1  # the lease runs out
    with bot_scope(world.env):  # as the bot's own renewal loop would
        await leases.tick()
    taken = new_bot.tables.index.get(table_id)
    assert taken is not None and taken.lease == leases.token
    assert taken.game is not None and taken.game.to_json() == old_table.game.to_json()
    assert await lease_rows(new_bot) == [(table_id, "second", leases.token)]
    assert [t[:2] for t in leases.takeovers] == [(table_id, owner)]

    # The dead process's copy cannot write any more (its lease is gone): nothing changes.
    pending = min(old_table.game.pending_seats())
    move = old_table.game.default_action(pending)
    with pytest.raises(LeaseLost):
        await old_bot.tables.act(old_table, pending, move, turn=old_table.game.turn)
    assert taken.game.to_json() == old_table.game.to_json()

    await finish_settled(world, all_in, before)
    await leases.tick()  # a finished table gives its lease back
    assert await lease_rows(new_bot) == []


async def restart_takes_the_tables_at_once(
    world: World, restart: Callable[[], Awaitable[SabaccBot]]
) -> None:
    """A table is running; after ``restart`` (the new bot) that bot drives it at once, and
    every click of the rest of the game is answered (none "This table is closed.")."""
    before = await open_accounts(world)
    await start_table(world, 2, buy_in=20)
    table_id = table_in(world).id
    new_bot = await restart()
    assert new_bot.tables.index.get(table_id) is not None
    assert [row[:2] for row in await lease_rows(new_bot)] == [
        (table_id, new_bot.tables.leases.owner)
    ]
    await finish_settled(world, all_in, before)


async def test_a_process_restarted_under_its_name_takes_its_tables_back_at_once(
    world: World, settings: Settings, _bots: list[SabaccBot]
) -> None:
    named = dataclasses.replace(settings, instance_id=world.bot.tables.leases.owner)
    name = named.instance_id or ""
    await restart_takes_the_tables_at_once(
        world, lambda: start_other_process(world.env, named, _bots, name)
    )


async def test_a_process_only_takes_tables_of_its_shards(world: World) -> None:
    await start_table(world, 2, buy_in=20)
    leases = world.bot.tables.leases
    guild = world.guild.id
    assert leases.serves(guild)  # one shard: every guild
    world.bot.shard_count, world.bot.shard_ids = 4, [shard_of(guild, 4)]
    assert leases.serves(guild)
    world.bot.shard_ids = [(shard_of(guild, 4) + 1) % 4]
    assert not leases.serves(guild)
    world.bot.shard_count, world.bot.shard_ids = 1, [0]


async def test_a_restart_under_default_settings_takes_the_tables_back_at_once(
    world: World, settings: Settings, _bots: list[SabaccBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    """No INSTANCE_ID set: the process dies and starts again as a new process (another pid)."""
    assert settings.instance_id is None

    async def restart() -> SabaccBot:
        pid = os.getpid() + 1
        monkeypatch.setattr(os, "getpid", lambda: pid)  # the restarted process's
        return await start_other_process(world.env, settings, _bots, None)

    await restart_takes_the_tables_at_once(world, restart)


async def test_a_clean_shutdown_gives_the_tables_to_another_process_at_once(
    world: World, settings: Settings, _bots: list[SabaccBot]
) -> None:
    async def restart() -> SabaccBot:
        await world.bot.close()  # a clean stop (SIGINT): its leases are given back
        new = create_bot(dataclasses.replace(settings, instance_id="successor"))
        new.sleeper = VirtualSleep(world.env)  # type: ignore[attr-defined]
        _bots.append(new)
        await world.env.restart_bot(new)
        return new

    await restart_takes_the_tables_at_once(world, restart)
