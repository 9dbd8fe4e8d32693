"""The simcord harness: drive the real bot in a simulated Discord.

Fixtures
--------
``backend``       ``"sqlite"`` (default) or ``"postgres"``: parametrize it (``indirect=True``,
                  or ``pytestmark = BOTH_BACKENDS``) to run a test on both storage backends
``pg_server``     one throwaway PostgreSQL server for the whole run (:mod:`bot.storage.embedded`:
                  loopback, started on first use, deleted at the end; the tests that need it
                  are skipped with the reason if it cannot start)
``database_target`` what the bot opens: a fresh SQLite file, or a fresh database on
                  ``pg_server`` (restarts share it)
``db_path``       a fresh SQLite file path in ``tmp_path``
``settings``      :class:`bot.settings.Settings` on ``database_target``; ``bot_delay=0`` and
                  ``edit_interval=0`` so bots and table edits do not wait in real time;
                  ``card_emojis=False`` (tests of the emojis turn them on)
``simcord_bot``   the bot from ``create_bot(settings)`` (consumed by simcord's ``simcord_env``)
``simcord_env``   simcord's running Env, plus: unexpected errors the bot only *logs* (e.g. in a
                  DynamicItem behind ``error_boundary``) fail the test like swallowed ones do
``world``         :class:`tests.helpers.World`: guild "Cantina", channel "sabacc", members
                  alice, bob, carol, dave and admin (role "Admin" with Manage Server)
``restart``       ``await restart(**settings_changes)``: a fresh bot on the same database file
                  replaces the running one (a process restart); the old one is released

Every bot gets a :class:`bot.sim_driver.VirtualSleep` as its ``sleeper``: turn timers, lobby
expiry, bot delays and edit intervals wait in simcord's virtual time only, so tests move them
with ``advance_time`` and never depend on wall-clock speed; simcord's settle timeout (the real
time a step may take) is raised to ``SETTLE_SECONDS`` for slow, loaded machines.

Harness policies (both documented private patches of the pinned simcord 3.2.1):
* fast idle: actor calls take ~2 ms instead of ~52 ms (set ``SIMCORD_FAST_IDLE=0`` to disable);
* expected user-facing errors (:func:`bot.errors.user_message` is not ``None``: insufficient
  funds, illegal actions, missing permissions...) are answered to the user and are *not* bot
  errors, so simcord's ``check_errors`` does not count them; assert on the ephemeral reply.
"""

from __future__ import annotations

import dataclasses
import logging
import os
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord.env as _simcord_env

import engine.bots
from bot.art.compose import warm
from bot.art.decks import DECKS
from bot.client import SabaccBot, create_bot
from bot.errors import user_message
from bot.settings import Settings
from bot.sim_driver import VirtualSleep, fast_idle
from bot.storage.embedded import EmbeddedPostgres, ServerUnavailable
from tests.helpers import World, burst_click, modal_ids, text_of

__all__ = ["World", "burst_click", "modal_ids", "text_of"]


@pytest.fixture(scope="session", autouse=True)
def _fast_idle() -> Iterator[None]:
    """simcord's idle poll at 1 ms instead of 50 ms (``SIMCORD_FAST_IDLE=0`` turns it off)."""
    if os.environ.get("SIMCORD_FAST_IDLE", "1") != "1":
        yield
        return
    with fast_idle():
        yield


@pytest.fixture(scope="session", autouse=True)
def _card_faces() -> None:
    """Paint every card face once per test process, as a bot process does once: otherwise the
    first picture of a deck spends a test's settle budget painting (real time, in a thread)."""
    for deck in DECKS:
        warm(deck)


_original_record_error = _simcord_env.Env._record_error


def _record_unexpected_only(self: Any, error: BaseException) -> None:
    if user_message(error) is None:
        _original_record_error(self, error)


_simcord_env.Env._record_error = _record_unexpected_only  # type: ignore[method-assign]

# A bot that cannot decide from its facts raises in tests instead of playing a default move.
engine.bots.STRICT = True


class _ForwardLoggedErrors(logging.Handler):
    """Hands exceptions logged at ERROR by the bot's code or discord.py to simcord's error list."""

    def __init__(self, env: _simcord_env.Env) -> None:
        super().__init__(level=logging.ERROR)
        self.env = env

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info and isinstance(record.exc_info[1], BaseException):
            self.env._record_error(record.exc_info[1])


_WATCHED_LOGGERS = ("bot", "cogs", "discord")

# The real time an actor call or an advance_time may take on a slow, loaded machine (a busy
# disk makes SQLite commits slow). Every wait of the bot is virtual (VirtualSleep), so a long
# settle timeout never slows a test down; it only stops a stuck one.
SETTLE_SECONDS = 120.0
_DEFAULT_SETTLE = 5.0


@pytest.fixture(scope="session")
def pg_server() -> Iterator[EmbeddedPostgres]:
    """A PostgreSQL server on loopback for the whole run, removed at the end."""
    try:
        server = EmbeddedPostgres().start()
    except ServerUnavailable as error:
        pytest.skip(f"PostgreSQL could not be started, so its tests are skipped: {error}")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    """The storage backend of this test: ``sqlite`` unless parametrized."""
    return str(getattr(request, "param", "sqlite"))


@pytest.fixture
async def database_target(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> str | Path:
    """A fresh SQLite file or a fresh PostgreSQL database (URL), per ``backend``."""
    if backend == "sqlite":
        return tmp_path / "sabacc.db"
    server: EmbeddedPostgres = request.getfixturevalue("pg_server")
    return await server.create_database()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A fresh SQLite database file for this test."""
    return tmp_path / "sabacc.db"


@pytest.fixture
def settings(database_target: str | Path, db_path: Path) -> Settings:
    """Settings for tests: defaults, the test's database, no real-time bot delay."""
    url = database_target if isinstance(database_target, str) else None
    path = database_target if isinstance(database_target, Path) else db_path
    return Settings(
        token=None,
        database_path=path,
        database_url=url,
        bot_delay=0.0,
        edit_interval=0.0,
        shard_count=1,  # the simulated Discord's one shard
        lease_ttl=Settings.SIMULATED_LEASE_TTL,  # tests call Leases.tick() themselves
        card_emojis=False,
        picture_processes=0,  # pictures in threads: no worker process to start
    )


@pytest.fixture
async def _bots() -> AsyncIterator[list[SabaccBot]]:
    """Every bot built for this test; released after the env shut down (simcord G4)."""
    bots: list[SabaccBot] = []
    yield bots
    for bot in reversed(bots):
        await bot.release_resources()


@pytest.fixture
def simcord_bot(settings: Settings, _bots: list[SabaccBot]) -> SabaccBot:
    """The bot under test, built like production (it opens its own database in setup_hook)."""
    bot = create_bot(settings)
    bot.sleeper = VirtualSleep()  # type: ignore[attr-defined]  # given its env below
    _bots.append(bot)
    return bot


@pytest.fixture
async def simcord_env(simcord_env: _simcord_env.Env) -> AsyncIterator[_simcord_env.Env]:
    """simcord's env, also failing the test for errors the bot logged instead of raising."""
    sleeper = getattr(simcord_env.bot, "sleeper", None)
    if isinstance(sleeper, VirtualSleep):
        sleeper.env = simcord_env
    if simcord_env.settle_timeout == _DEFAULT_SETTLE:  # not set by a test's simcord marker
        simcord_env.settle_timeout = SETTLE_SECONDS
    handler = _ForwardLoggedErrors(simcord_env)
    loggers = [logging.getLogger(name) for name in _WATCHED_LOGGERS]
    for logger in loggers:
        logger.addHandler(handler)
    try:
        yield simcord_env
    finally:
        for logger in loggers:
            logger.removeHandler(handler)


@pytest.fixture
async def world(simcord_env: _simcord_env.Env) -> World:
    """Guild "Cantina", #sabacc, alice, bob, carol, dave, and admin (Manage Server)."""
    env = simcord_env
    guild = env.create_guild("Cantina")
    channel = guild.create_text_channel("sabacc")
    admin_role = guild.create_role("Admin", permissions=discord.Permissions(manage_guild=True))
    members = {
        name: guild.add_member(env.create_user(name, global_name=name.title()))
        for name in ("alice", "bob", "carol", "dave")
    }
    admin = guild.add_member(env.create_user("admin", global_name="Admin"), roles=[admin_role])
    return World(env=env, guild=guild, channel=channel, admin=admin, **members)


@pytest.fixture
def restart(
    simcord_env: _simcord_env.Env, settings: Settings, _bots: list[SabaccBot]
) -> Callable[..., Awaitable[SabaccBot]]:
    """``await restart(**changes)``: replace the bot by a fresh one on the same database."""

    async def _restart(**changes: Any) -> SabaccBot:
        old = simcord_env.bot
        new = create_bot(dataclasses.replace(settings, **changes))
        new.sleeper = VirtualSleep(simcord_env)  # type: ignore[attr-defined]
        _bots.append(new)
        await simcord_env.restart_bot(new)
        assert isinstance(old, SabaccBot)
        await old.release_resources()
        return new

    return _restart
