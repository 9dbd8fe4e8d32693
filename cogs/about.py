"""``/about``: which shard and which process answered, the database backend, tables driven.

Handy when the bot runs as several processes (shard slices) on one database: the answer says
which one served this server.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import _, ngettext
from bot.settings import format_shard_ids
from bot.tables.leases import shard_of

if TYPE_CHECKING:
    from bot.client import SabaccBot

COLOUR = discord.Colour.dark_teal()


def about_fields(bot: SabaccBot, guild_id: int | None) -> list[tuple[str, str]]:
    """``(name, value)`` lines of the ``/about`` embed for an interaction from ``guild_id``."""
    count = bot.shard_count or 1
    shard = shard_of(guild_id, count) if guild_id is not None else 0
    ids = sorted(bot.shards) if bot.shards else list(bot.shard_ids or [0])
    process = bot.settings.lease_owner
    driven = len(bot.tables.leases.held)
    return [
        (
            _("Shard"),
            _("{shard} of {count} (this process runs {shards})").format(
                shard=shard, count=count, shards=_ranges(ids)
            ),
        ),
        (_("Process"), _("{process} (pid {pid})").format(process=process, pid=os.getpid())),
        (
            _("Database"),
            _("{backend}, schema version {version}").format(
                backend=bot.db.backend, version=bot.db.schema_version
            ),
        ),
        (_("Tables driven here"), str(driven)),
    ]


def _ranges(ids: list[int]) -> str:
    """``[0, 1, 2, 5]`` -> ``"shards 0-2, 5"``."""
    return ngettext("shard {ids}", "shards {ids}", len(ids)).format(
        ids=format_shard_ids(ids).replace(",", ", ")
    )


class About(commands.Cog):
    """``/about``."""

    def __init__(self, bot: SabaccBot) -> None:
        self.bot = bot

    @app_commands.command(name="about")
    async def about(self, interaction: discord.Interaction[SabaccBot]) -> None:
        """Which shard and bot process answered you, and the database it uses."""
        embed = discord.Embed(title=_("Sabacc bot"), colour=COLOUR)
        for name, value in about_fields(self.bot, interaction.guild_id):
            embed.add_field(name=name, value=value, inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: SabaccBot) -> None:
    """Extension entry point."""
    await bot.add_cog(About(bot))
