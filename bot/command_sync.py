"""Slash commands are registered with Discord only when they changed.

Registering (``CommandTree.sync``: one bulk overwrite per scope) at every start re-sends every
command from every process, and Discord limits how often commands may be written. Instead:

* the payload Discord would be sent is built exactly as ``CommandTree.sync`` builds it (the
  translator's payload when the tree has one) and hashed with the application id and the scope
  (global, or ``DEV_GUILD_ID``'s guild) into a digest;
* the digest of the last registration is kept in ``commands.json`` in the data directory (the
  directory of ``DATABASE_PATH``), one entry per application and scope;
* at start-up the commands are registered when the digest differs, when there is none, or when
  Discord's list of commands (one GET, much cheaper than a write) no longer has the same names:
  commands deleted elsewhere, another deployment that registered its own, or a new Discord
  (the offline demo's simulated one);
* ``python -m bot sync`` (:func:`bot.__main__.main`) registers them whatever the digest says.

A data directory that cannot be written only costs a registration at the next start (logged).

Public API (stable)::

    DIGEST_FILE = "commands.json"
    async payload(tree, guild) -> list[dict]               # what sync would send
    digest(application_id, scope, payload) -> str
    class DigestStore(path): get(key) -> str | None; put(key, digest) -> None
    async sync_commands(tree, store, *, guild_id=None, force=False) -> Synced
    @dataclass Synced: scope: str; count: int; registered: bool
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

__all__ = ["DIGEST_FILE", "DigestStore", "Synced", "digest", "payload", "sync_commands"]

log = logging.getLogger(__name__)

DIGEST_FILE = "commands.json"


async def payload(
    tree: app_commands.CommandTree[Any], guild: discord.abc.Snowflake | None
) -> list[dict[str, Any]]:
    """The commands of ``guild`` (None: global) as ``CommandTree.sync`` would send them."""
    commands = tree.get_commands(guild=guild)
    translator = tree.translator
    if translator is not None:
        return [await command.get_translated_payload(tree, translator) for command in commands]
    return [command.to_dict(tree) for command in commands]


def digest(application_id: int, scope: str, commands: list[dict[str, Any]]) -> str:
    """SHA-256 of the application, the scope and the payload (keys sorted: order-stable)."""
    text = json.dumps(
        {"application": application_id, "scope": scope, "commands": commands},
        sort_keys=True,
        separators=(",", ":"),
        default=str,
    )
    return hashlib.sha256(text.encode()).hexdigest()


class DigestStore:
    """The digests of the last registrations, in a JSON file (``{key: digest}``)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def _read(self) -> dict[str, str]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as error:
            log.warning("Ignoring %s (%s): the commands will be registered again", self.path, error)
            return {}
        return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}

    def get(self, key: str) -> str | None:
        """The digest last stored for ``key``."""
        return self._read().get(key)

    def put(self, key: str, value: str) -> None:
        """Store ``value`` for ``key`` (written to a temporary file, then renamed over)."""
        data = self._read() | {key: value}
        temporary = self.path.with_name(f".{self.path.name}.{os.getpid()}")
        try:
            self.path.parent.mkdir(exist_ok=True)  # the data dir itself, never a whole path
            temporary.write_text(json.dumps(data, indent=1, sort_keys=True), encoding="utf-8")
            temporary.replace(self.path)
        except OSError as error:
            log.warning(
                "Could not write %s (%s): the commands will be registered again at the next start",
                self.path,
                error,
            )


@dataclass(frozen=True, slots=True)
class Synced:
    """What :func:`sync_commands` did."""

    scope: str  # "global" or "guild <id>"
    count: int  # commands in the tree for that scope
    registered: bool  # False: Discord already had them


async def _discord_has(tree: app_commands.CommandTree[Any], guild: Any, sent: list[Any]) -> bool:
    """Whether Discord lists exactly the commands (by name and type) of ``sent``."""
    remote = await tree.fetch_commands(guild=guild)
    wanted = {(c["name"], int(c.get("type", 1))) for c in sent}
    return {(c.name, c.type.value) for c in remote} == wanted


async def sync_commands(
    tree: app_commands.CommandTree[Any],
    store: DigestStore,
    *,
    guild_id: int | None = None,
    force: bool = False,
) -> Synced:
    """Register the commands of ``tree`` (in the guild ``guild_id`` if given, else globally)
    unless Discord already has this exact tree (see the module doc); ``force`` always does."""
    guild: discord.Object | None = None
    scope = "global"
    if guild_id is not None:
        guild = discord.Object(id=guild_id)
        tree.copy_global_to(guild=guild)
        scope = f"guild {guild.id}"
    application_id = tree.client.application_id or 0
    commands = await payload(tree, guild)
    key, current = f"{application_id} {scope}", digest(application_id, scope, commands)
    if not force and store.get(key) == current and await _discord_has(tree, guild, commands):
        log.info("Commands unchanged (%d, %s): not registered again", len(commands), scope)
        return Synced(scope, len(commands), registered=False)
    synced = await tree.sync(guild=guild)
    store.put(key, current)
    log.info("Registered %d commands (%s)", len(synced), scope)
    return Synced(scope, len(synced), registered=True)
