"""``/language``: the language of this server's public Sabacc messages (server managers only).

Table messages, results, standings and showdown pictures follow the server's preferred locale
(Server Settings → Community); an admin can choose another one here, or go back to it. What
each member reads for themselves (replies, pickers, their hand) stays in their own Discord
language either way (:mod:`bot.i18n.readers`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import LOCALES, N_, _
from bot.i18n.readers import choose_server_locale, load_server_choices, server_locale

if TYPE_CHECKING:
    from bot.client import SabaccBot

COLOUR = discord.Colour.dark_teal()
PREFERRED = "preferred"
#: Each language in its own words (as a language menu shows them), and the server's default.
NAMES = {
    "en-US": "English",
    "fr": "Français",
    "de": "Deutsch",
    "es-ES": "Español",
    "pt-BR": "Português (Brasil)",
}
assert set(NAMES) == set(LOCALES)


class Language(commands.Cog):
    """The server's language for public messages."""

    def __init__(self, bot: SabaccBot) -> None:
        self.bot = bot

    @app_commands.command(name="language")
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.checks.has_permissions(manage_guild=True)
    @app_commands.describe(language="The language of tables and results here")
    @app_commands.choices(
        language=[
            app_commands.Choice(name=N_("the server's preferred locale"), value=PREFERRED),
            *(app_commands.Choice(name=name, value=code) for code, name in NAMES.items()),
        ]
    )
    async def language(self, interaction: discord.Interaction[SabaccBot], language: str) -> None:
        """Choose the language of this server's public Sabacc messages (server managers)."""
        guild_id = interaction.guild_id
        assert guild_id is not None
        chosen = None if language == PREFERRED else language
        await choose_server_locale(self.bot.db, guild_id, chosen)
        now = server_locale(guild_id)
        text = (
            _("Tables and results here now follow the server's preferred locale: {language}.")
            if chosen is None
            else _("Tables and results here are now in {language}.")
        ).format(language=NAMES[now])
        await interaction.response.send_message(text, ephemeral=True)


async def setup(bot: SabaccBot) -> None:
    """Extension entry point."""
    await bot.add_cog(Language(bot))

    async def load() -> None:  # once the database is open (start-up recovery)
        await load_server_choices(bot.db)

    bot.add_startup_recovery(load)
