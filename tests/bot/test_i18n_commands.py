"""Slash commands in the member's language (issue #26 point 3): the payload registered with
Discord carries a localization of every name, description, option and choice in every supported
locale, each valid by Discord's rules; the registration digest changes with the translations."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest

from bot.client import create_bot, extension_names
from bot.command_sync import digest, payload
from bot.i18n import LOCALES, SOURCE, translator
from bot.i18n.commands import NAME_CONTEXT, CommandTranslator, valid_name
from bot.settings import Settings
from tests.helpers import World

TRANSLATED = [locale for locale in LOCALES if locale != SOURCE]


async def registered(translated: bool) -> list[dict[str, Any]]:
    """The global commands as ``CommandTree.sync`` would send them."""
    bot = create_bot(Settings(token=None, database_path=Path(":memory:")))
    try:
        for name in extension_names():
            await bot.load_extension(name)
        if translated:
            await bot.tree.set_translator(CommandTranslator())
        return await payload(bot.tree, None)
    finally:
        await bot.release_resources()


def walk(items: list[dict[str, Any]], path: str = "") -> list[tuple[str, dict[str, Any]]]:
    """``(path, item)`` of every command, group, option and choice of a payload."""
    found = []
    for item in items:
        where = f"{path}/{item['name']}"
        found.append((where, item))
        found += walk(item.get("options", []), where)
        found += [(f"{where}={c['value']}", c) for c in item.get("choices", [])]
    return found


@pytest.fixture(scope="module")
def commands() -> list[dict[str, Any]]:
    import asyncio

    return asyncio.run(registered(translated=True))


@pytest.mark.parametrize("locale", TRANSLATED)
def test_every_command_option_and_choice_is_localized(
    commands: list[dict[str, Any]], locale: str
) -> None:
    def expected(text: str, context: str | None = None) -> str | None:
        words = translator(locale).translations
        found = words.pgettext(context, text) if context else words.gettext(text)
        return None if found == text else found  # the same words: Discord shows the English

    for where, item in walk(commands):
        names = item.get("name_localizations") or {}
        is_choice = "=" in where.rsplit("/", 1)[-1]
        wanted = expected(item["name"], None if is_choice else NAME_CONTEXT)
        assert names.get(locale) == wanted, where
        if item.get("description"):
            texts = item.get("description_localizations") or {}
            assert texts.get(locale) == expected(item["description"]), where
    localized = [
        w for w, item in walk(commands) if locale in (item.get("name_localizations") or {})
    ]
    assert len(localized) > 40


def test_localized_names_and_texts_follow_discords_rules(commands: list[dict[str, Any]]) -> None:
    names = 0
    for where, item in walk(commands):
        for locale, name in (item.get("name_localizations") or {}).items():
            assert discord.Locale(locale)  # a locale Discord knows
            if "=" in where.rsplit("/", 1)[-1]:
                assert 1 <= len(name) <= 100, (where, locale, name)
            else:
                assert valid_name(name) and len(name) <= 32, (where, locale, name)
                names += 1
        for locale, text in (item.get("description_localizations") or {}).items():
            assert 1 <= len(text) <= 100, (where, locale, text)
    assert names > 50
    # siblings keep distinct names in every language (Discord refuses duplicates)
    for _where, item in walk(commands):
        options = item.get("options", [])
        for locale in TRANSLATED:
            shown = [o.get("name_localizations", {}).get(locale, o["name"]) for o in options]
            assert len(shown) == len(set(shown)), (item["name"], locale, shown)


def test_an_invalid_translated_name_is_dropped() -> None:
    assert valid_name("règles") and valid_name("tiempo_turno")
    assert not valid_name("Règles") and not valid_name("deux mots") and not valid_name("x" * 33)


async def test_the_registration_digest_accounts_for_the_localizations(world: World) -> None:
    english = await registered(translated=False)
    localized = await registered(translated=True)
    assert all("name_localizations" not in item for _w, item in walk(english))
    assert digest(1, "global", english) != digest(1, "global", localized)
    # the running bot registered the localized payload (its tree has the translator)
    assert world.bot.tree.translator is not None
    sent = await payload(world.bot.tree, None)
    assert digest(1, "global", sent) == digest(1, "global", localized)
