"""Runtime configuration, read once from the environment (``.env`` via python-dotenv).

Public API (stable)::

    class SettingsError(ValueError)          # a bad value; the message names the variable
    @dataclass(frozen=True) class Settings:
        token: str | None                    # DISCORD_TOKEN
        database_path: Path                  # DATABASE_PATH, default data/sabacc.db (SQLite)
        database_url: str | None             # DATABASE_URL=postgresql://…: PostgreSQL instead
        shard_count: int | None              # SHARD_COUNT: total shards (None: Discord decides)
        shard_ids: tuple[int, ...] | None    # SHARD_IDS, e.g. "0-3" or "0,2": this process's
        instance_id: str | None              # INSTANCE_ID: lease owner name (default host:pid)
        lease_ttl: float                     # LEASE_TTL seconds a table lease lasts, 30
        dev_guild_id: int | None             # DEV_GUILD_ID: sync commands to this guild only
        log_level: str                       # LOG_LEVEL, default INFO
        application_id: int | None           # DISCORD_APPLICATION_ID (for `python -m bot invite`)
        starting_balance: int                # STARTING_BALANCE, default 1000
        daily_amount: int                    # DAILY_AMOUNT, default 250
        turn_timeout: float                  # TURN_TIMEOUT seconds, default 90
        lobby_timeout: float                 # LOBBY_TIMEOUT seconds, default 1800
        bot_delay: float                     # BOT_DELAY seconds, default 1.5
        edit_interval: float                 # EDIT_INTERVAL seconds between table edits, 1.0
                                             #   (0: nothing paced, for tests and the demo)
        request_rate: int                    # REQUEST_RATE requests/s outside interaction
                                             #   replies (edits, posts, DMs), 40 (Discord: 50)
        picture_processes: int               # PICTURE_PROCESSES painting pictures, 1 (0: threads)
        history_days: int                    # HISTORY_DAYS finished hands are kept, 90 (0: ever)
        card_emojis: bool                    # CARD_EMOJIS on/off: cards as application emojis
        metrics_port: int | None             # METRICS_PORT: serve /metrics and /healthz there
        metrics_host: str                    # METRICS_HOST the metrics server binds, 127.0.0.1
        Settings.from_env(environ=None) -> Settings
        settings.database_target -> str | Path      # the URL if set, else the SQLite path
    parse_shard_ids(text) -> tuple[int, ...]          # "0-3,8" -> (0, 1, 2, 3, 8)

``token`` may be ``None`` so that tests and the offline demo can build a bot without one; the
entry point refuses to *run* without it.
"""

from __future__ import annotations

import logging
import math
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

__all__ = ["LOG_LEVELS", "Settings", "SettingsError", "parse_shard_ids"]

LOG_LEVELS = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG")

_T = TypeVar("_T")


class SettingsError(ValueError):
    """A configuration value is malformed; the message says which variable and why."""


def _get(
    env: Mapping[str, str], name: str, parse: Callable[[str], _T], default: _T, what: str
) -> _T:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        return parse(raw)
    except ValueError:
        raise SettingsError(f"{name}={raw!r} is not valid: expected {what}") from None


def _positive_int(raw: str) -> int:
    value = int(raw)
    if value <= 0:
        raise ValueError(raw)
    return value


def _non_negative_int(raw: str) -> int:
    value = int(raw)
    if value < 0:
        raise ValueError(raw)
    return value


def _port(raw: str) -> int:
    value = int(raw)
    if not 1 <= value <= 65535:
        raise ValueError(raw)
    return value


def _seconds(raw: str) -> float:
    value = float(raw)
    if not math.isfinite(value) or value < 0:
        raise ValueError(raw)
    return value


def _positive_seconds(raw: str) -> float:
    value = _seconds(raw)
    if value == 0:
        raise ValueError(raw)
    return value


def _database_url(raw: str) -> str:
    if not raw.startswith(("postgresql://", "postgres://")):
        raise ValueError(raw)
    return raw


def parse_shard_ids(text: str) -> tuple[int, ...]:
    """``"0-3,8"`` -> ``(0, 1, 2, 3, 8)``: ranges and single ids, comma-separated, sorted."""
    ids: set[int] = set()
    for part in text.replace(" ", "").split(","):
        first, dash, last = part.partition("-")
        low, high = int(first), int(last) if dash else int(first)
        if low < 0 or high < low:
            raise ValueError(text)
        ids.update(range(low, high + 1))
    return tuple(sorted(ids))


def _on_off(raw: str) -> bool:
    value = raw.lower()
    if value in ("on", "true", "yes", "1"):
        return True
    if value in ("off", "false", "no", "0"):
        return False
    raise ValueError(raw)


def _log_level(raw: str) -> str:
    level = raw.upper()
    if level not in LOG_LEVELS:
        raise ValueError(raw)
    return level


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the bot reads from its environment. Build it with :meth:`from_env`."""

    # Never shown: repr, str, f-strings, pprint and log lines of a Settings leave it out.
    token: str | None = field(default=None, repr=False)
    database_path: Path = Path("data/sabacc.db")
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    application_id: int | None = None
    starting_balance: int = 1000
    daily_amount: int = 250
    turn_timeout: float = 90.0
    bot_delay: float = 1.5
    edit_interval: float = 1.0
    request_rate: int = 40
    picture_processes: int = 1
    lobby_timeout: float = 1800.0
    history_days: int = 90
    card_emojis: bool = True
    database_url: str | None = None
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    instance_id: str | None = None
    lease_ttl: float = 30.0
    metrics_port: int | None = None
    metrics_host: str = "127.0.0.1"

    #: ``lease_ttl`` of a simulated Discord (tests, demos): one process, so the lease loop's
    #: timer stays out of simcord's way (it waits for any timer due while it settles).
    SIMULATED_LEASE_TTL = 10.0**7

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        """Read the settings from ``environ`` (default ``os.environ``).

        Raises :class:`SettingsError` with a one-line explanation for a malformed value.
        """
        env = os.environ if environ is None else environ
        snowflake = "a Discord id (a positive integer)"
        shard_count = _get(env, "SHARD_COUNT", _positive_int, None, "a whole number ≥ 1")
        shard_ids = _get(
            env, "SHARD_IDS", parse_shard_ids, None, 'shard ids such as "0-3" or "0,2"'
        )
        if shard_ids is not None:
            if shard_count is None:
                raise SettingsError("SHARD_IDS needs SHARD_COUNT (the total number of shards)")
            if shard_ids[-1] >= shard_count:
                raise SettingsError(
                    f"SHARD_IDS={env['SHARD_IDS']!r} names shard {shard_ids[-1]}, but shards are "
                    f"numbered 0 to {shard_count - 1} (SHARD_COUNT={shard_count})"
                )
        return cls(
            token=env.get("DISCORD_TOKEN", "").strip() or None,
            database_path=Path(env.get("DATABASE_PATH", "").strip() or "data/sabacc.db"),
            dev_guild_id=_get(env, "DEV_GUILD_ID", _positive_int, None, snowflake),
            log_level=_get(env, "LOG_LEVEL", _log_level, "INFO", "one of " + ", ".join(LOG_LEVELS)),
            application_id=_get(env, "DISCORD_APPLICATION_ID", _positive_int, None, snowflake),
            starting_balance=_get(
                env, "STARTING_BALANCE", _non_negative_int, 1000, "a whole number ≥ 0"
            ),
            daily_amount=_get(env, "DAILY_AMOUNT", _positive_int, 250, "a whole number ≥ 1"),
            turn_timeout=_get(
                env, "TURN_TIMEOUT", _positive_seconds, 90.0, "a number of seconds > 0"
            ),
            lobby_timeout=_get(
                env, "LOBBY_TIMEOUT", _positive_seconds, 1800.0, "a number of seconds > 0"
            ),
            bot_delay=_get(env, "BOT_DELAY", _seconds, 1.5, "a number of seconds ≥ 0"),
            edit_interval=_get(env, "EDIT_INTERVAL", _seconds, 1.0, "a number of seconds ≥ 0"),
            request_rate=_get(env, "REQUEST_RATE", _positive_int, 40, "a whole number ≥ 1"),
            picture_processes=_get(
                env, "PICTURE_PROCESSES", _non_negative_int, 1, "a whole number ≥ 0"
            ),
            database_url=_get(
                env, "DATABASE_URL", _database_url, None, "a postgresql://user:pass@host/db URL"
            ),
            shard_count=shard_count,
            shard_ids=shard_ids,
            instance_id=env.get("INSTANCE_ID", "").strip() or None,
            lease_ttl=_get(env, "LEASE_TTL", _positive_seconds, 30.0, "a number of seconds > 0"),
            history_days=_get(env, "HISTORY_DAYS", _non_negative_int, 90, "a whole number ≥ 0"),
            card_emojis=_get(env, "CARD_EMOJIS", _on_off, True, "on or off"),
            metrics_port=_get(env, "METRICS_PORT", _port, None, "a port number from 1 to 65535"),
            metrics_host=env.get("METRICS_HOST", "").strip() or "127.0.0.1",
        )

    @property
    def database_target(self) -> str | Path:
        """What :func:`bot.storage.open_database` opens: ``DATABASE_URL`` if set, else the file."""
        return self.database_url if self.database_url is not None else self.database_path

    @property
    def log_level_number(self) -> int:
        """``log_level`` as a :mod:`logging` constant."""
        return int(logging.getLevelName(self.log_level))
