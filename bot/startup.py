"""What ``make run`` says when the bot cannot start, and how it logs.

:func:`failure_message` turns the expected start-up failures into one line that names the cause
and its fix: a token Discord rejects, a Discord that cannot be reached (no network, DNS,
firewall, proxy), a Discord outage, and a database that cannot be opened or written. Anything
else is a bug and keeps its traceback.

:func:`log_formatter` keeps colour codes out of logs that do not go to a terminal (files,
pipes, ``journalctl``): discord.py colours them whenever it thinks it runs in Docker.

:func:`configure_logging` sets ``LOG_LEVEL`` up, and :func:`quiet_loggers` (also run by every
bot, whoever configured logging) holds the loggers that write secrets at their debug level
above it, whatever ``LOG_LEVEL`` is (:data:`QUIET_LOGGERS`): the database drivers log every
statement with its parameters (table master secrets, game states with every hand and the
deck), discord.py's HTTP and gateway loggers every request and event body (hand DMs, ephemeral
hands). ``LOG_LEVEL=DEBUG`` still shows the bot's own debug lines and the rest of discord.py's.
"""

from __future__ import annotations

import logging
import os
import sys
from typing import IO

import discord

from bot.metrics import MetricsUnavailable
from bot.storage import DATABASE_ERRORS, MigrationError

__all__ = [
    "QUIET_LOGGERS",
    "DatabaseProblem",
    "configure_logging",
    "exit_status",
    "failure_message",
    "log_formatter",
    "quiet_loggers",
]

#: Logger -> the lowest level it ever logs at: below it, its records carry secrets (see module).
QUIET_LOGGERS: dict[str, int] = {
    "aiosqlite": logging.WARNING,  # "executing functools.partial(<execute>, SQL, parameters)"
    "asyncpg": logging.WARNING,
    "sqlite3": logging.WARNING,
    "discord.http": logging.INFO,  # "POST ... with {message body} has returned ..."
    "discord.gateway": logging.INFO,  # "WebSocket Event: {event payload}"
    "discord.webhook": logging.INFO,  # interaction responses and follow-ups, with their body
}

BAD_TOKEN = (
    "Discord rejected DISCORD_TOKEN (login failed): copy the token again from the Developer "
    "Portal (Bot > Reset Token) into .env"
)
NO_NETWORK = (
    "Cannot reach Discord ({error}): check this machine's internet connection, DNS and "
    "firewall or proxy (the bot needs outgoing HTTPS to discord.com and gateway.discord.gg), "
    "then start it again"
)
DISCORD_DOWN = (
    "Discord answered {status} ({error}): it is having trouble on its side; start the bot "
    "again in a few minutes (status: https://discordstatus.com)"
)
DATABASE = (
    "Cannot use the database at {path} ({error}): check that DATABASE_PATH names a file in a "
    "directory this user can write, that the disk is not full, and that no other copy of the "
    "bot has it open (with DATABASE_URL: that the PostgreSQL server runs, is reachable and "
    "accepts that user and password)"
)
MIGRATION = (
    "The database at {path} cannot be upgraded ({error}): restore a backup of it, or set "
    "DATABASE_PATH (or DATABASE_URL) to a new database"
)


METRICS = (
    "The metrics server cannot listen on {where}: free that port, or set METRICS_PORT to another "
    "one (empty: no metrics server)"
)


class DatabaseProblem(Exception):
    """The database could not be opened or migrated (raised before Discord is contacted)."""

    def __init__(self, path: str, error: BaseException) -> None:
        super().__init__(str(error))
        self.path, self.error = path, error


def exit_status(error: BaseException) -> int:
    """2 for what only a change of the settings fixes (a rejected token: a service manager
    should not retry it), 1 for what may pass (network, outage, database)."""
    return 2 if isinstance(error, discord.LoginFailure) else 1


def failure_message(error: BaseException, database: str) -> str | None:
    """One line naming the cause of a failed start and its fix, or None for a bug; ``database``
    names the database (a path, or a URL without its password)."""
    if isinstance(error, DatabaseProblem):
        template = MIGRATION if isinstance(error.error, MigrationError) else DATABASE
        return template.format(path=error.path, error=_short(error.error))
    if isinstance(error, discord.LoginFailure):
        return BAD_TOKEN
    if isinstance(error, MetricsUnavailable):
        return METRICS.format(where=error)
    if isinstance(error, discord.HTTPException) and error.status >= 500:
        return DISCORD_DOWN.format(status=error.status, error=_short(error))
    if isinstance(error, DATABASE_ERRORS) and not isinstance(error, OSError):  # while running
        return DATABASE.format(path=database, error=_short(error))
    # aiohttp's connection errors (DNS, refused, unreachable) are OSErrors.
    network = (OSError, TimeoutError, discord.GatewayNotFound, discord.ConnectionClosed)
    if isinstance(error, network):
        return NO_NETWORK.format(error=_short(error))
    return None


def _short(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return text[0] if text and text[0] else type(error).__name__


def log_formatter(stream: IO[str]) -> logging.Formatter | None:
    """None (discord.py's coloured default) when ``stream`` is a terminal that wants colour,
    else a plain formatter. ``NO_COLOR`` or ``TERM=dumb`` turn colour off."""
    tty = hasattr(stream, "isatty") and stream.isatty()
    if tty and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb":
        return None
    return logging.Formatter(
        "[{asctime}] [{levelname:<8}] {name}: {message}", "%Y-%m-%d %H:%M:%S", style="{"
    )


def quiet_loggers(level: int = logging.NOTSET) -> None:
    """Hold every logger of :data:`QUIET_LOGGERS` at its floor (or at ``level``, or at the level
    it already has, when higher): never lowered, so calling it again is harmless."""
    for name, floor in QUIET_LOGGERS.items():
        logger = logging.getLogger(name)
        logger.setLevel(max(floor, level, logger.level))


def configure_logging(level: int, stream: IO[str] | None = None) -> None:
    """Log at ``level`` to ``stream`` (stderr), plain off a terminal, with the secret-carrying
    loggers held above their debug level (:func:`quiet_loggers`)."""
    stream = sys.stderr if stream is None else stream
    formatter = log_formatter(stream)
    plain = {} if formatter is None else {"formatter": formatter}  # None: discord.py's colours
    handler = logging.StreamHandler(stream)
    discord.utils.setup_logging(handler=handler, level=level, root=True, **plain)
    quiet_loggers(level)
