"""``/about`` and the shard settings."""

from __future__ import annotations

import os
import socket

import pytest

from bot.client import create_bot
from bot.settings import (
    Settings,
    SettingsError,
    default_instance_id,
    format_shard_ids,
    parse_shard_ids,
)
from bot.tables.leases import shard_of
from cogs.about import _ranges
from tests.helpers import BOTH_BACKENDS, World


@BOTH_BACKENDS
async def test_about_names_the_shard_the_process_and_the_database(
    world: World, backend: str
) -> None:
    result = await world.alice.slash(world.channel, "about")
    assert result.ephemeral
    fields = {f.name: f.value for f in result.response.embeds[0].fields}
    assert fields["Shard"] == "0 of 1 (this process runs shard 0)"
    assert fields["Process"].endswith(f"(pid {os.getpid()})")
    assert fields["Database"].startswith(f"{backend}, schema version ")
    assert fields["Tables driven here"] == "0"


def test_shard_settings_are_parsed_and_checked() -> None:
    settings = Settings.from_env({"SHARD_COUNT": "8", "SHARD_IDS": "0-3, 6"})
    assert settings.shard_count == 8 and settings.shard_ids == (0, 1, 2, 3, 6)
    bot = create_bot(settings)
    assert bot.shard_count == 8 and bot.shard_ids == [0, 1, 2, 3, 6]
    assert Settings.from_env({}).shard_ids is None and create_bot(Settings()).shard_count is None
    for env, message in [
        ({"SHARD_IDS": "0-1"}, "needs SHARD_COUNT"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0-2"}, "numbered 0 to 1"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "1-0"}, "SHARD_IDS"),
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT"),
        ({"DATABASE_URL": "mysql://x"}, "DATABASE_URL"),
    ]:
        with pytest.raises(SettingsError, match=message):
            Settings.from_env(env)
    assert parse_shard_ids("3,1-2") == (1, 2, 3)
    url = "postgresql://u@h/db"
    assert Settings.from_env({"DATABASE_URL": url}).database_target == url


def test_guilds_map_to_shards_like_discord_and_slices_print_as_ranges() -> None:
    assert shard_of(175928847299117063, 4) == (175928847299117063 >> 22) % 4
    assert _ranges([0, 1, 2, 5]) == "shards 0-2, 5" and _ranges([3]) == "shard 3"


def test_the_default_instance_id_is_the_host_and_its_shard_slice() -> None:
    """Stable across restarts (no pid in it); two slices of one host get different names."""
    assert default_instance_id(None, "db1") == "db1"
    assert default_instance_id((0, 1, 2, 3), "db1") == "db1-0-3"  # as sabacc@0-3 names it
    assert default_instance_id((4, 5, 6, 7), "db1") == "db1-4-7"
    assert default_instance_id((0, 2, 5), "db1") == "db1-0,2,5"
    host = socket.gethostname()
    assert Settings.from_env({}).lease_owner == host == Settings().lease_owner
    sliced = Settings.from_env({"SHARD_COUNT": "8", "SHARD_IDS": "4-7"})
    assert sliced.lease_owner == f"{host}-4-7"
    other = Settings.from_env({"SHARD_COUNT": "8", "SHARD_IDS": "0-3"})
    assert other.lease_owner != sliced.lease_owner
    assert Settings.from_env({"INSTANCE_ID": "blue"}).lease_owner == "blue"
    for ids in [(0,), (0, 1, 2, 3, 8), (1, 3, 5)]:
        assert parse_shard_ids(format_shard_ids(ids)) == ids
