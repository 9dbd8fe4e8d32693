"""Who reads what, in which language.

* What one member reads (ephemeral replies, pickers, forms, their hand, their DMs, errors) is in
  their Discord client's language: ``interaction.locale``. :func:`read_by` makes it the
  language of everything the interaction's task writes, and remembers it, so the hand DMs the
  bot sends them later (no interaction then) speak it too.
* What the whole channel reads (the table message, results, standings, showdown pictures) is in
  the server's language: the one an admin chose with ``/language`` (stored in
  ``guild_settings``, :func:`load_server_choices` / :func:`choose_server_locale`), else its
  preferred locale (Community servers set it), as the gateway tells it (:func:`saw_guild`) and
  every interaction there repeats it (``guild_locale``). The table runtime writes for it with
  :func:`in_server_language`.

Every language falls back to English when the bot does not speak it
(:func:`bot.i18n.supported`). Remembered languages are bounded (the least recently seen go).
"""

from __future__ import annotations

import contextlib
import functools
import inspect
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

import discord

from bot.i18n import SOURCE, Translator, supported, using, write_for
from bot.storage import Database

__all__ = [
    "CHOSEN",
    "MEMBERS",
    "SERVERS",
    "Remembered",
    "choose_server_locale",
    "for_server",
    "in_server_language",
    "load_server_choices",
    "member_locale",
    "read_by",
    "saw_guild",
    "server_locale",
]

F = TypeVar("F", bound=Callable[..., Any])


class Remembered:
    """The latest locale seen per id (members, servers), the ``size`` most recent ones."""

    __slots__ = ("locales", "size")

    def __init__(self, size: int) -> None:
        self.locales: OrderedDict[int, str] = OrderedDict()
        self.size = size

    def saw(self, key: int, locale: str) -> None:
        """``key`` uses ``locale``."""
        self.locales[key] = locale
        self.locales.move_to_end(key)
        if len(self.locales) > self.size:
            self.locales.popitem(last=False)

    def get(self, key: int | None) -> str | None:
        """The locale ``key`` was last seen with."""
        return None if key is None else self.locales.get(key)


MEMBERS = Remembered(100_000)  # user id -> their client's locale
SERVERS = Remembered(100_000)  # guild id -> its preferred locale
CHOSEN: dict[int, str] = {}  # guild id -> the language its admins chose (guild_settings)


async def load_server_choices(db: Database) -> None:
    """The languages admins chose, read at start-up."""
    rows = await db.fetchall("SELECT guild_id, locale FROM guild_settings")
    CHOSEN.clear()
    CHOSEN.update({int(row["guild_id"]): supported(row["locale"]) for row in rows})


async def choose_server_locale(db: Database, guild_id: int, locale: str | None) -> None:
    """An admin sets the server's language (``None``: follow the preferred locale again)."""
    if locale is None:
        await db.execute("DELETE FROM guild_settings WHERE guild_id = ?", (guild_id,))
        CHOSEN.pop(guild_id, None)
        return
    code = supported(locale)
    await db.execute(
        "INSERT INTO guild_settings (guild_id, locale) VALUES (?, ?)"
        " ON CONFLICT (guild_id) DO UPDATE SET locale = ?",
        (guild_id, code, code),
    )
    CHOSEN[guild_id] = code


def read_by(interaction: discord.Interaction[Any]) -> None:
    """What the task answering ``interaction`` writes is in its member's language."""
    locale = supported(interaction.locale)
    MEMBERS.saw(interaction.user.id, locale)
    if interaction.guild_id is not None and interaction.guild_locale is not None:
        SERVERS.saw(interaction.guild_id, supported(interaction.guild_locale))
    write_for(locale)


def saw_guild(guild: discord.Guild) -> None:
    """The gateway told the bot about ``guild`` (available, joined, changed)."""
    SERVERS.saw(guild.id, supported(guild.preferred_locale))


def server_locale(guild_id: int | None) -> str:
    """The language of a server's public messages."""
    if guild_id is not None and guild_id in CHOSEN:
        return CHOSEN[guild_id]
    return SERVERS.get(guild_id) or SOURCE


def member_locale(user_id: int, guild_id: int | None) -> str:
    """The language of what the bot sends one member unasked (their hand's DM, a notice): the
    one of their latest interaction, else their server's."""
    return MEMBERS.get(user_id) or server_locale(guild_id)


class AtTable(Protocol):
    """Anything that belongs to a server (a table)."""

    @property
    def guild_id(self) -> int:
        """The server's id."""
        ...


def for_server(table: AtTable) -> contextlib.AbstractContextManager[Translator]:
    """Write for the channel of ``table`` inside the block (its log, its records)."""
    return using(server_locale(table.guild_id))


def _table_locale(args: tuple[Any, ...]) -> str:
    table = next(arg for arg in args if hasattr(arg, "guild_id"))
    return server_locale(table.guild_id)


def in_server_language(method: F) -> F:
    """A method (plain or async) that writes for the channel of the first of its arguments
    that belongs to a server (a table): it runs in the server's language, whoever's
    interaction or timer called it."""
    if inspect.iscoroutinefunction(method):

        @functools.wraps(method)
        async def run_async(*args: Any, **kwargs: Any) -> Any:
            with using(_table_locale(args)):
                return await method(*args, **kwargs)

        return run_async  # type: ignore[return-value]

    @functools.wraps(method)
    def run(*args: Any, **kwargs: Any) -> Any:
        with using(_table_locale(args)):
            return method(*args, **kwargs)

    return run  # type: ignore[return-value]
