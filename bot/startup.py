"""What ``make run`` says when the bot cannot start, and how it logs.

:func:`failure_message` turns the expected start-up failures into one line that names the cause
and its fix: a token Discord rejects, a Discord that cannot be reached (no network, DNS,
firewall, proxy), a Discord outage, and a database that cannot be opened or written. Anything
else is a bug and keeps its traceback.

:func:`log_formatter` keeps colour codes out of logs that do not go to a terminal (files,
pipes, ``journalctl``): discord.py colours them whenever it thinks it runs in Docker.
"""

from __future__ import annotations

import logging
import os
from typing import IO

import discord

from bot.metrics import MetricsUnavailable
from bot.storage import DATABASE_ERRORS, MigrationError

__all__ = ["DatabaseProblem", "exit_status", "failure_message", "log_formatter"]

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
