"""Slash commands are registered only when they changed (issue #25 point 6), and
``python -m bot sync`` registers them on demand."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from bot.command_sync import DIGEST_FILE, digest, payload
from bot.settings import Settings
from tests.bot.test_main import run_bot
from tests.helpers import World


def writes(world: World) -> list[str]:
    """Every registration (bulk overwrite) the bots made, as ``PUT path``."""
    return [
        f"{r.method} {r.path}"
        for r in world.env.http_requests
        if r.method == "PUT" and r.path.endswith("/commands")
    ]


def digests(settings: Settings) -> dict[str, str]:
    data: dict[str, str] = json.loads((settings.data_dir / DIGEST_FILE).read_text())
    return data


async def test_commands_are_registered_once_then_only_when_they_changed(
    world: World, restart: Any, settings: Settings
) -> None:
    app = world.env.backend.application_id
    assert writes(world) == [f"PUT /applications/{app}/commands"]  # the first start
    await restart()
    await restart()
    assert len(writes(world)) == 1  # unchanged: two restarts, no registration
    assert list(digests(settings)) == [f"{app} global"]
    reply = await world.alice.slash(world.channel, "about")  # the commands still work
    assert reply.response is not None

    await restart(dev_guild_id=world.guild.id)  # another scope: registered there
    assert writes(world)[1:] == [f"PUT /applications/{app}/guilds/{world.guild.id}/commands"]
    assert set(digests(settings)) == {f"{app} global", f"{app} guild {world.guild.id}"}

    key = f"{app} global"
    (settings.data_dir / DIGEST_FILE).write_text(json.dumps({key: "0" * 64}))  # a changed tree
    await restart()
    assert len(writes(world)) == 3 and digests(settings)[key] != "0" * 64
    await restart()
    assert len(writes(world)) == 3


async def test_commands_deleted_on_discord_are_registered_again(world: World, restart: Any) -> None:
    backend = world.env.backend
    app = backend.application_id
    backend.commands[None] = {}  # e.g. removed by another deployment of the application
    await restart()
    assert writes(world) == [f"PUT /applications/{app}/commands"] * 2
    reply = await world.alice.slash(world.channel, "about")
    assert reply.response is not None


async def test_force_registers_an_unchanged_tree(world: World) -> None:
    synced = await world.bot.sync_commands(force=True)
    assert synced.registered and synced.scope == "global" and synced.count >= 10
    assert len(writes(world)) == 2
    assert not (await world.bot.sync_commands()).registered
    assert len(writes(world)) == 2


async def test_the_digest_follows_the_payload() -> None:
    tree: app_commands.CommandTree[Any] = app_commands.CommandTree(
        discord.Client(intents=discord.Intents.none())
    )

    @app_commands.command(name="ping", description="one")
    async def ping(interaction: Any) -> None: ...

    tree.add_command(ping)
    first = digest(1, "global", await payload(tree, None))
    assert first == digest(1, "global", await payload(tree, None))
    assert first != digest(2, "global", await payload(tree, None))  # another application
    ping.description = "two"
    assert first != digest(1, "global", await payload(tree, None))


SYNC_OFFLINE = (
    "import sys, discord\n"
    "from discord import app_commands\n"
    "sent = []\n"
    "async def login(self, token):\n"
    "    self._connection.application_id = 42\n"
    "    await self.setup_hook()\n"
    "discord.Client.login = login\n"
    "async def sync(self, *, guild=None):\n"
    "    sent.append(len(self.get_commands(guild=guild)))\n"
    "    return [None] * sent[-1]\n"
    "app_commands.CommandTree.sync = sync\n"
    "from bot.__main__ import main\n"
    "status = main(['sync'])\n"
    "print('sent', sent)\n"
    "sys.exit(status)\n"
)


def test_python_m_bot_sync_registers_without_the_database(tmp_path: Path) -> None:
    env = {"DISCORD_TOKEN": "t", "DATABASE_PATH": str(tmp_path / "data" / "s.db")}
    result = run_bot(tmp_path, env=env, code=SYNC_OFFLINE)
    assert result.returncode == 0, result.stderr
    count = int(result.stdout.split("Registered ")[1].split()[0])
    assert result.stdout == f"Registered {count} commands (global).\nsent [{count}]\n"
    assert count >= 10
    assert not (tmp_path / "data" / "s.db").exists()  # no database opened
    assert list(json.loads((tmp_path / "data" / DIGEST_FILE).read_text())) == ["42 global"]


def test_python_m_bot_sync_without_a_token_is_one_line(tmp_path: Path) -> None:
    result = run_bot(tmp_path, "sync")
    assert result.returncode == 2 and result.stderr.startswith("DISCORD_TOKEN is not set")
    assert len(result.stderr.splitlines()) == 1
