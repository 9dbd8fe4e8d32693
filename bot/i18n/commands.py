"""Slash commands in the member's language: discord.py's :class:`~discord.app_commands.Translator`
over the gettext catalogs.

Discord shows each member the localization of their client's locale. Names (commands, groups,
options) are looked up in the catalog's ``"slash command name"`` context, so a name and a
description with the same English text can differ; a translated name that Discord would refuse
(it must be lowercase and match :data:`NAME`), or a text over :data:`TEXT_LIMIT` characters, is
dropped (Discord then shows the English one), and ``tests/bot/test_i18n_commands.py`` fails on
it.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands

from bot.i18n import SOURCE, supported, translator

__all__ = ["NAME", "NAME_CONTEXT", "CommandTranslator", "command_strings", "valid_name"]

#: Discord's rule for command and option names (``CHAT_INPUT``), letters and digits of any script.
NAME = re.compile(r"^[-_'\w]{1,32}$")
NAME_CONTEXT = "slash command name"
TEXT_LIMIT = 100  # a description's or a choice's length
_NAMES = {
    app_commands.TranslationContextLocation.command_name,
    app_commands.TranslationContextLocation.group_name,
    app_commands.TranslationContextLocation.parameter_name,
}


def valid_name(name: str) -> bool:
    """Whether Discord accepts ``name`` as a command or option name."""
    return bool(NAME.match(name)) and name == name.lower()


class CommandTranslator(app_commands.Translator):
    """Names, descriptions, option names and choices from the catalogs (English: the source)."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """``string`` in ``locale``, or ``None`` to let Discord show the English text."""
        code = supported(locale)
        if code == SOURCE:
            return None
        words = translator(code).translations
        if context.location in _NAMES:
            name = words.pgettext(NAME_CONTEXT, string.message)
            return name if name != string.message and valid_name(name) else None
        text = words.gettext(string.message)
        fits = len(text) <= TEXT_LIMIT  # Discord refuses the whole registration otherwise
        return text if text != string.message and fits else None


def command_strings(commands: list[dict[str, Any]]) -> list[tuple[str | None, str]]:
    """Every text of a command payload as ``(context, text)``: names in :data:`NAME_CONTEXT`,
    descriptions and choice names without (the catalogs' entries for the commands)."""
    found: list[tuple[str | None, str]] = []

    def walk(item: dict[str, Any]) -> None:
        found.append((NAME_CONTEXT, item["name"]))
        if item.get("description"):
            found.append((None, item["description"]))
        for choice in item.get("choices", ()):
            found.append((None, choice["name"]))
        for option in item.get("options", ()):
            walk(option)

    for command in commands:
        walk(command)
    return found
