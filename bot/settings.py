"""Runtime configuration, read once from the environment (``.env`` via python-dotenv).

Public API (stable)::

    class SettingsError(ValueError)          # a bad value; the message names the variable
    @dataclass(frozen=True) class Settings:
        token: str | None                    # DISCORD_TOKEN
        database_path: Path                  # DATABASE_PATH, default data/sabacc.db (SQLite)
        database_url: str | None             # DATABASE_URL=postgresql://…: PostgreSQL instead
        shard_count: int | None              # SHARD_COUNT: total shards (None: Discord decides)
        shard_ids: tuple[int, ...] | None    # SHARD_IDS, e.g. "0-3" or "0,2": this process's
        instance_id: str | None              # INSTANCE_ID: lease owner name (None: the default)
        lease_ttl: float                     # LEASE_TTL seconds a table lease lasts, 30
        dev_guild_id: int | None             # DEV_GUILD_ID: sync commands to this guild only
        log_level: str                       # LOG_LEVEL, default INFO
        application_id: int | None           # DISCORD_APPLICATION_ID (for `python -m bot invite`)
        starting_balance: int                # STARTING_BALANCE, default 1000
        daily_amount: int                    # DAILY_AMOUNT, default 250
        turn_timeout: float                  # TURN_TIMEOUT seconds, default 90
        lobby_timeout: float                 # LOBBY_TIMEOUT seconds, default 1800
        lobby_limit: int                     # LOBBY_LIMIT open lobbies a member hosts per server, 3
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
        settings.data_dir -> Path                   # DATABASE_PATH's directory (bot files)
        settings.lease_owner -> str                  # INSTANCE_ID, else default_instance_id
        settings.request_budget -> (int, float)      # this process's share of REQUEST_RATE
    parse_shard_ids(text) -> tuple[int, ...]          # "0-3,8" -> (0, 1, 2, 3, 8)
    format_shard_ids(ids) -> str                      # (0, 1, 2, 3, 8) -> "0-3,8"
    default_instance_id(shard_ids, host=None) -> str  # "host", or "host-0-3" for a slice
    redact_url(url) -> str                   # a database URL without its password (also ?password=)

``token`` may be ``None`` so that tests and the offline demo can build a bot without one; the
entry point refuses to *run* without it. Neither the token nor ``DATABASE_URL``'s password is ever
shown: not in ``repr``/``str``/``pprint`` of a ``Settings``, nor in a :class:`SettingsError`.
"""

from __future__ import annotations

import logging
import math
import os
import socket
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import TypeVar
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

__all__ = ["LOG_LEVELS", "Settings", "SettingsError", "parse_shard_ids", "redact_url"]

LOG_LEVELS = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG")

_T = TypeVar("_T")


class SettingsError(ValueError):
    """A configuration value is malformed; the message says which variable and why."""


def _get(
    env: Mapping[str, str],
    name: str,
    parse: Callable[[str], _T],
    default: _T,
    what: str,
    shown: Callable[[str], str] = str,
) -> _T:
    """``parse`` of the variable ``name``; a malformed value names the variable, the value as
    ``shown`` (e.g. without a password) and what was expected."""
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        return parse(raw)
    except ValueError as error:
        detail = f" ({error})" if isinstance(error, _Reason) else ""
        value = shown(raw)
        raise SettingsError(f"{name}={value!r} is not valid{detail}: expected {what}") from None


class _Reason(ValueError):
    """A parse error whose message says what is wrong (shown beside the value)."""


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


#: Query parameters of a PostgreSQL URL that hold a secret (libpq's and asyncpg's names).
SECRET_PARAMETERS = frozenset({"password", "sslpassword"})


def redact_url(url: str) -> str:
    """``url`` without its password, in the user part and in ``?password=`` (for messages,
    logs and ``repr``); never raises, whatever the URL."""
    parts = urlsplit(url)
    user, at, hosts = parts.netloc.rpartition("@")
    if at and ":" in user:
        user = user.split(":", 1)[0] + ":***"
    query = parts.query
    if query:
        pairs = parse_qsl(query, keep_blank_values=True)
        if any(key.lower() in SECRET_PARAMETERS for key, _ in pairs):
            hidden = [(k, "***" if k.lower() in SECRET_PARAMETERS else v) for k, v in pairs]
            query = urlencode(hidden, safe="*")
    return urlunsplit(parts._replace(netloc=f"{user}{at}{hosts}", query=query))


def _check_url_port(text: str) -> None:
    if not (text.isascii() and text.isdigit() and 0 < int(text) < 65536):
        raise _Reason(f"port {text!r} is not a number from 1 to 65535")


def _database_url(raw: str) -> str:
    """A ``postgresql://`` URL whose ports (one per host, and ``?port=``) are numbers."""
    if not raw.startswith(("postgresql://", "postgres://")):
        raise ValueError(raw)
    parts = urlsplit(raw)
    for spec in parts.netloc.rpartition("@")[2].split(","):
        host, colon, port = spec.rpartition(":") if not spec.endswith("]") else ("", "", "")
        if colon and host and port:  # "[::1]:5432" and "h:5432"; a bare "[::1]" has none
            _check_url_port(port)
        elif colon and not port:
            raise _Reason("a ':' with no port after it")
    for key, value in parse_qsl(parts.query, keep_blank_values=True):
        if key == "port":
            for port in value.split(","):
                _check_url_port(port)
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


def format_shard_ids(ids: Iterable[int]) -> str:
    """``(0, 1, 2, 3, 8)`` -> ``"0-3,8"``: what :func:`parse_shard_ids` reads back."""
    runs: list[list[int]] = []
    for shard in sorted(set(ids)):
        if runs and runs[-1][1] == shard - 1:
            runs[-1][1] = shard
        else:
            runs.append([shard, shard])
    return ",".join(str(low) if low == high else f"{low}-{high}" for low, high in runs)


def default_instance_id(shard_ids: Iterable[int] | None, host: str | None = None) -> str:
    """A process's name in table leases when ``INSTANCE_ID`` is not set: the host name, plus
    the shard slice when it runs only some shards (``"db1-0-3"``, as the systemd template unit
    names it). The same after a restart of the same deployment, so the restarted process takes
    its tables back at once; different for two processes of one host that run different
    slices. (Two processes of one host that run the same shards need an ``INSTANCE_ID`` each.)"""
    name = host or socket.gethostname()
    return name if shard_ids is None else f"{name}-{format_shard_ids(shard_ids)}"


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
    lobby_limit: int = 3
    history_days: int = 90
    card_emojis: bool = True
    database_url: str | None = None  # shown without its password by __repr__
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
            lobby_limit=_get(env, "LOBBY_LIMIT", _positive_int, 3, "a whole number ≥ 1"),
            bot_delay=_get(env, "BOT_DELAY", _seconds, 1.5, "a number of seconds ≥ 0"),
            edit_interval=_get(env, "EDIT_INTERVAL", _seconds, 1.0, "a number of seconds ≥ 0"),
            request_rate=_get(env, "REQUEST_RATE", _positive_int, 40, "a whole number ≥ 1"),
            picture_processes=_get(
                env, "PICTURE_PROCESSES", _non_negative_int, 1, "a whole number ≥ 0"
            ),
            database_url=_get(
                env,
                "DATABASE_URL",
                _database_url,
                None,
                "a postgresql://user:pass@host:port/db URL",
                shown=redact_url,
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

    def __repr__(self) -> str:
        """Every setting but the token; ``database_url`` without its password."""
        shown = []
        for item in fields(self):
            if not item.repr:
                continue
            value = getattr(self, item.name)
            if item.name == "database_url" and value is not None:
                value = redact_url(value)
            shown.append(f"{item.name}={value!r}")
        return f"{type(self).__name__}({', '.join(shown)})"

    __str__ = __repr__

    @property
    def lease_owner(self) -> str:
        """This process's name in table leases: ``instance_id``, else
        :func:`default_instance_id` of this host and ``shard_ids``."""
        return self.instance_id or default_instance_id(self.shard_ids)

    @property
    def request_budget(self) -> tuple[int, float]:
        """This process's paced requests: at most ``requests`` per ``window`` seconds.

        Discord's global limit is per bot, so the processes share ``request_rate``: a process
        running ``shard_ids`` gets ``request_rate`` × its share of ``shard_count`` (rounded
        down), and the processes of one bot together stay within ``request_rate`` per second.
        A share below one request a second becomes one request per longer window."""
        if self.shard_ids is None or not self.shard_count:
            return self.request_rate, 1.0
        share = self.request_rate * len(self.shard_ids) / self.shard_count
        if share >= 1:
            return int(share), 1.0
        return 1, 1.0 / share

    @property
    def database_target(self) -> str | Path:
        """What :func:`bot.storage.open_database` opens: ``DATABASE_URL`` if set, else the file."""
        return self.database_url if self.database_url is not None else self.database_path

    @property
    def data_dir(self) -> Path:
        """Where the bot keeps its files: the directory of ``DATABASE_PATH``."""
        return self.database_path.parent

    @property
    def log_level_number(self) -> int:
        """``log_level`` as a :mod:`logging` constant."""
        return int(logging.getLevelName(self.log_level))
