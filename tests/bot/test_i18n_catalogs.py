"""The translation catalogs (issue #26 point 5): every locale has every text the bot can show,
none empty or fuzzy, each with the placeholders of its English source; the template is the one
``make locales`` extracts from the code today; the translator formats numbers and plurals per
locale and keeps each reader's language to their own task."""

from __future__ import annotations

import asyncio
import doctest
import re
from functools import cache

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

import bot.i18n
from bot.i18n import (
    DOMAIN,
    LOCALE_DIR,
    LOCALES,
    SOURCE,
    _,
    catalog_dir,
    locale_code,
    ngettext,
    supported,
    translator,
    using,
    write_for,
)
from bot.i18n.extract import TEMPLATE, source_catalog

TRANSLATED = [locale for locale in LOCALES if locale != SOURCE]
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


@cache
def source() -> Catalog:
    """Every English text of the code as it is now (the extraction ``make locales`` runs)."""
    return source_catalog()


def catalog(locale: str) -> Catalog:
    path = LOCALE_DIR / catalog_dir(locale) / "LC_MESSAGES" / f"{DOMAIN}.po"
    with path.open("rb") as po:
        return read_po(po, locale=catalog_dir(locale), domain=DOMAIN)


def key(message: Message) -> tuple[object, str | None]:
    return message.id, message.context


def placeholders(text: str) -> list[str]:
    return sorted(set(PLACEHOLDER.findall(text)))


def test_the_template_is_what_the_code_says_today() -> None:
    with TEMPLATE.open("rb") as pot:
        template = read_po(pot)
    assert {key(m) for m in template if m.id} == {key(m) for m in source() if m.id}, (
        "run `make locales` and translate the new texts"
    )


def problems(found: Catalog) -> list[str]:
    """What is wrong with a locale's catalog: a text of the code it misses (or one nobody
    uses), an empty or fuzzy entry, placeholders that differ from the English source."""
    wanted = {key(m) for m in source() if m.id}
    have = {key(m): m for m in found if m.id}
    wrong = [f"missing {k}" for k in sorted(map(str, wanted - set(have)))]
    wrong += [f"unused {k}" for k in sorted(map(str, set(have) - wanted))]
    for message in have.values():
        if message.fuzzy:
            wrong.append(f"fuzzy {message.id!r}")
        if isinstance(message.id, tuple):
            forms = message.string
            if not isinstance(forms, tuple) or len(forms) != found.num_plurals or not all(forms):
                wrong.append(f"empty plural form {message.id!r}")
                continue
            both = set(placeholders(message.id[0])) | set(placeholders(message.id[1]))
            if any(not set(placeholders(f)) <= both for f in forms) or placeholders(
                forms[-1]
            ) != placeholders(message.id[1]):
                wrong.append(f"placeholders {message.id!r} -> {forms!r}")
        elif not isinstance(message.string, str) or not message.string.strip():
            wrong.append(f"empty {message.id!r}")
        elif placeholders(message.string) != placeholders(message.id):
            wrong.append(f"placeholders {message.id!r} -> {message.string!r}")
        elif message.string.endswith("\n") != message.id.endswith("\n"):
            wrong.append(f"line end {message.id!r}")
    return wrong


@pytest.mark.parametrize("locale", TRANSLATED)
def test_a_catalog_has_every_text_translated_with_the_same_placeholders(locale: str) -> None:
    assert problems(catalog(locale)) == []


def test_a_missing_key_an_empty_or_fuzzy_entry_and_a_changed_placeholder_are_caught() -> None:
    """:func:`problems` on the French catalog spoiled on purpose, one fault per text."""
    french = catalog("fr")
    assert problems(french) == []
    texts = [m for m in french if m.id and isinstance(m.id, str) and "{" in m.id]
    changed, fuzzy, emptied, deleted = texts[:4]
    changed.string = changed.string.replace("{", "{x", 1)
    fuzzy.flags.add("fuzzy")
    emptied.string = ""
    french.delete(deleted.id, deleted.context)
    assert problems(french) == [
        f"missing {key(deleted)}",
        f"placeholders {changed.id!r} -> {changed.string!r}",  # then in catalog order
        f"fuzzy {fuzzy.id!r}",
        f"empty {emptied.id!r}",
    ]


def test_the_source_language_is_the_code_itself() -> None:
    assert [translator(locale).locale for locale in LOCALES] == list(LOCALES)
    assert supported("fr") == "fr" and supported("es-419") == "es-ES"
    assert supported("pt-PT") == "pt-BR" and supported("ja") == SOURCE
    assert supported("en-GB") == SOURCE and supported(None) == SOURCE
    assert _("Stand") == "Stand" and locale_code() == SOURCE


def test_numbers_credits_and_plurals_follow_the_locale() -> None:
    assert translator("en-US").credits(12345) == "12,345 credits"
    assert translator("en-US").credits(1) == "1 credit"
    assert translator("de").credits(12345) == "12.345 Credits"
    assert translator("fr").credits(12345) == "12\u202f345 crédits"
    assert translator("es-ES").number(12345) == "12.345"
    assert translator("pt-BR").credits(1) == "1 crédito"
    with using("fr"):
        assert ngettext("{n} chip", "{n} chips", 1).format(n=1) == "1 jeton"
        assert ngettext("{n} chip", "{n} chips", 3).format(n=3) == "3 jetons"
    with using("de"):
        assert _("Stand") == "Halten"
    assert _("Stand") == "Stand"


async def test_each_task_writes_for_its_own_reader() -> None:
    """Concurrent interactions of members in different languages never mix their words."""

    async def answer(locale: str) -> list[str]:
        write_for(locale)  # what bot.i18n.readers.read_by does for the task of an interaction
        said = []
        for _step in range(3):
            await asyncio.sleep(0)
            said.append(_("Stand"))
        return said

    said = await asyncio.gather(*(answer(locale) for locale in LOCALES))
    assert said == [[_(word)] * 3 for word in ("Stand",)] + [
        [translator(locale).gettext("Stand")] * 3 for locale in TRANSLATED
    ]
    assert len({words[0] for words in said}) == len(LOCALES)
    assert _("Stand") == "Stand"  # the test's own task never changed


def test_the_doctests_of_the_translator_hold() -> None:
    result = doctest.testmod(bot.i18n)
    assert result.attempted > 0 and result.failed == 0
