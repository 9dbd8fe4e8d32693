"""The player's language: gettext catalogs, the reader's translator and locale-aware numbers.

Every text the bot writes is English source text marked with :func:`_` (or :func:`ngettext`
for a counted noun, :func:`N_` for a text stored in a table and translated where it is used).
The catalogs are standard gettext files, ``bot/locales/<locale>/LC_MESSAGES/sabacc.po``
(English source as ``msgid``), managed with Babel (``make locales``); they are read from the
``.po`` files when first used, so a clean checkout needs no compile step.

Who reads a text decides its language, not a global setting: :func:`using` makes a reader's
:class:`Translator` current for the block (a :class:`contextvars.ContextVar`, so concurrent
interactions each keep their own), and :func:`_` translates with the current one (English
when none is set).

>>> with using("fr"):
...     _("Stand")
'Rester'
>>> _("Stand"), supported("es-419"), supported("ja")
('Stand', 'es-ES', 'en-US')
>>> translator("de").credits(12345)
'12.345 Credits'
"""

from __future__ import annotations

import contextlib
import functools
import gettext
import io
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

__all__ = [
    "DOMAIN",
    "LOCALES",
    "LOCALE_DIR",
    "N_",
    "SOURCE",
    "Translator",
    "_",
    "catalog_dir",
    "current",
    "locale_code",
    "ngettext",
    "per_locale",
    "supported",
    "translator",
    "using",
    "write_for",
]

T = TypeVar("T")

DOMAIN = "sabacc"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locales"
SOURCE = "en-US"
#: Discord's locale codes the bot speaks (the source first).
LOCALES = ("en-US", "fr", "de", "es-ES", "pt-BR")


def catalog_dir(locale: str) -> str:
    """The catalog folder of a Discord locale code (gettext spells ``pt-BR`` as ``pt_BR``)."""
    return locale.replace("-", "_")


def supported(locale: object) -> str:
    """The supported locale closest to a Discord locale (a ``discord.Locale`` or its code):
    the same code, else the same language (``es-419`` -> ``es-ES``), else English."""
    code = str(getattr(locale, "value", locale) or SOURCE)
    if code in LOCALES:
        return code
    language = code.partition("-")[0]
    return next((known for known in LOCALES if known.partition("-")[0] == language), SOURCE)


class Translator:
    """The words and numbers of one locale (one instance per locale: :func:`translator`)."""

    __slots__ = ("babel_locale", "locale", "translations")

    def __init__(self, locale: str) -> None:
        self.locale = locale
        self.babel_locale = catalog_dir(locale)
        self.translations: gettext.NullTranslations = gettext.NullTranslations()
        path = LOCALE_DIR / self.babel_locale / "LC_MESSAGES" / f"{DOMAIN}.po"
        if locale != SOURCE and path.exists():
            with path.open("rb") as po:
                catalog = read_po(po, locale=self.babel_locale, domain=DOMAIN)
            compiled = io.BytesIO()
            write_mo(compiled, catalog)  # fuzzy entries are left out: they stay English
            compiled.seek(0)
            self.translations = gettext.GNUTranslations(compiled)

    def gettext(self, message: str) -> str:
        """``message`` (English source) in this locale."""
        return self.translations.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form of ``singular``/``plural`` that agrees with ``n``, in this locale."""
        return self.translations.ngettext(singular, plural, n)

    def number(self, n: int | float) -> str:
        """``n`` with this locale's digit grouping and decimal sign (``12,345`` / ``12.345``)."""
        return format_decimal(n, locale=self.babel_locale)

    def credits(self, n: int) -> str:
        """An amount of credits: ``1 credit``, ``12,345 credits`` (localized)."""
        return self.ngettext("{amount} credit", "{amount} credits", n).format(amount=self.number(n))


@cache
def translator(locale: object = SOURCE) -> Translator:
    """The translator of ``locale`` (unsupported: English), loaded once."""
    code = supported(locale)
    if code != locale:
        return translator(code)
    return Translator(code)


_CURRENT: ContextVar[Translator | None] = ContextVar("sabacc_translator", default=None)


def current() -> Translator:
    """The translator of whoever reads what is being written now (English by default)."""
    return _CURRENT.get() or translator(SOURCE)


@contextlib.contextmanager
def using(locale: object) -> Iterator[Translator]:
    """Write for a reader of ``locale`` inside the block (this task only)."""
    token = _CURRENT.set(translator(locale))
    try:
        yield _CURRENT.get() or translator(SOURCE)
    finally:
        _CURRENT.reset(token)


def write_for(locale: object) -> None:
    """Write for a reader of ``locale`` from now on, in this task (an interaction's task, which
    ends with it: :func:`bot.i18n.readers.read_by`)."""
    _CURRENT.set(translator(locale))


def _(message: str) -> str:
    """``message`` (English source) in the current reader's language."""
    found = _CURRENT.get()
    return message if found is None else found.translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The current reader's form of a counted text (``{n}`` placeholders stay to format)."""
    found = _CURRENT.get()
    if found is None:
        return singular if n == 1 else plural
    return found.translations.ngettext(singular, plural, n)


def locale_code() -> str:
    """The current reader's locale code."""
    found = _CURRENT.get()
    return SOURCE if found is None else found.locale


def per_locale(maxsize: int) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """Like :func:`functools.lru_cache` for a function that writes words: one answer per
    reader's language (the cache key includes :func:`locale_code`)."""

    def decorate(function: Callable[..., T]) -> Callable[..., T]:
        @functools.lru_cache(maxsize=maxsize)
        def cached(locale: str, *args: Any) -> T:
            return function(*args)

        @functools.wraps(function)
        def lookup(*args: Any) -> T:
            found = _CURRENT.get()  # (locale_code() inline: card names are looked up often)
            return cached(SOURCE if found is None else found.locale, *args)

        return lookup

    return decorate


def N_(message: str) -> str:
    """Marks ``message`` for the catalogs without translating it (translated where used)."""
    return message
