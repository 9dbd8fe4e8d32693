"""``python -m bot.i18n.extract``: the template ``bot/locales/sabacc.pot`` and every locale's
catalog brought up to date (``make locales`` runs it).

The template holds every text marked in ``bot/`` and ``cogs/`` (``_``, ``N_``, ``ngettext``,
through Babel's extractor and ``babel.cfg``) and every text of the slash commands as Discord is
sent them (names, descriptions, option names, choices: :func:`bot.i18n.commands.command_strings`),
so the catalogs cannot miss a command a decorator names. Each ``.po`` is then merged with it the
way ``pybabel update`` does: new texts arrive empty, changed ones fuzzy, gone ones removed.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from bot.i18n import DOMAIN, LOCALE_DIR, LOCALES, SOURCE, catalog_dir
from bot.i18n.commands import command_strings

__all__ = ["KEYWORDS", "main", "source_catalog"]

ROOT = LOCALE_DIR.parent.parent
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"


async def _payload() -> list[dict[str, object]]:
    """The slash commands in English, loaded like :func:`bot.docgen.registered` does."""
    from bot.client import create_bot, extension_names
    from bot.command_sync import payload
    from bot.settings import Settings

    bot = create_bot(Settings(token=None, database_path=Path(":memory:")))
    try:
        for name in extension_names():
            await bot.load_extension(name)
        return await payload(bot.tree, None)
    finally:
        await bot.release_resources()


def source_catalog() -> Catalog:
    """Every English text the bot can show, as a template catalog."""
    template = Catalog(domain=DOMAIN, project="sabacc-bot", fuzzy=False)
    for folder in ("bot", "cogs"):
        method_map = [("**.py", "python")]
        for _file, _line, message, comments, context in extract_from_dir(
            ROOT / folder, method_map, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
        ):
            template.add(message, None, auto_comments=comments, context=context)
    for context, text in command_strings(asyncio.run(_payload())):
        template.add(text, None, context=context)
    return template


def _write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as out:
        write_po(
            out,
            catalog,
            width=100,
            no_location=True,
            omit_header=False,
            sort_output=True,
            ignore_obsolete=True,
        )


def main(argv: Sequence[str] | None = None) -> int:
    """Write the template and merge it into each locale's catalog."""
    del argv
    template = source_catalog()
    _write(TEMPLATE, template)
    for locale in LOCALES:
        if locale == SOURCE:
            continue
        path = LOCALE_DIR / catalog_dir(locale) / "LC_MESSAGES" / f"{DOMAIN}.po"
        if path.exists():
            with path.open("rb") as po:
                catalog = read_po(po, locale=catalog_dir(locale), domain=DOMAIN)
        else:
            catalog = Catalog(
                locale=catalog_dir(locale), domain=DOMAIN, project="sabacc-bot", fuzzy=False
            )
        catalog.update(template, no_fuzzy_matching=True)
        _write(path, catalog)
        print(f"{path.relative_to(ROOT)}: {len(catalog)} texts")
    return 0


if __name__ == "__main__":
    sys.exit(main())
