"""Builds the table runtime of one bot: the service and its collaborators, each given what it
needs (see :mod:`bot.tables.service` for the shape)::

    runtime = build_runtime(bot)           # in SabaccBot.setup_hook
    runtime.service     # TableService: the only code that changes a table
    runtime.presenter   # Presenter: the table message, results, DMs (its watch, its outbox)
    runtime.scheduler   # Scheduler: turn timers, bot and sit-out moves, lobby expiry

:func:`build_runtime` also registers what the runtime needs of the bot: its gateway listeners
(the watch), its start-up recovery (the leases) and its shutdown (tasks stopped, leases given
back).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

from discord.ext import commands
from discord.ext.commands.bot import BotBase

from bot.bank import Bank
from bot.settings import Settings
from bot.storage import Database
from bot.tables.heap import tune_collector
from bot.tables.leases import shard_of
from bot.tables.presenter import Presenter
from bot.tables.runner import Runner, Sleeper
from bot.tables.scheduler import Scheduler
from bot.tables.service import TableService


class Host(Protocol):
    """What the runtime needs of the bot (:class:`bot.client.SabaccBot`)."""

    settings: Settings
    sleeper: Sleeper | None

    @property
    def db(self) -> Database:
        """The open database."""

    @property
    def bank(self) -> Bank:
        """The bank."""

    def add_startup_recovery(self, hook: Callable[[], Awaitable[None]]) -> None:
        """Run ``hook`` at start-up, after the cogs are loaded."""

    def add_cleanup(self, hook: Callable[[], Awaitable[None]]) -> None:
        """Run ``hook`` at shutdown, before the database closes."""


@dataclass(frozen=True, slots=True)
class TableRuntime:
    """The service and its collaborators (see the module docstring)."""

    service: TableService
    presenter: Presenter
    scheduler: Scheduler


def serving(bot: commands.AutoShardedBot) -> Callable[[int], bool]:
    """Whether a guild's events come to this process (its shards; every guild without shard
    settings)."""

    def serves(guild_id: int) -> bool:
        count, ids = bot.shard_count, bot.shard_ids
        if not count or ids is None:
            return True
        return shard_of(guild_id, count) in ids

    return serves


def build_runtime(bot: Any, *, serves: Callable[[int], bool] | None = None) -> TableRuntime:
    """The table runtime of ``bot`` (a :class:`Host` and a ``discord.Client``), wired."""
    tune_collector()  # collections sized for many tables (bot.tables.heap)
    host: Host = bot
    runner = Runner(lambda: host.sleeper)
    service = TableService(
        database=lambda: host.db,
        bank=lambda: host.bank,
        settings=host.settings,
        runner=runner,
        ready=bot.wait_until_ready,
        serves=serves or serving(bot),
    )
    presenter = Presenter(bot, service, runner, lambda: host.settings)
    scheduler = Scheduler(service, presenter, runner, lambda: host.settings)
    service.attach(presenter, scheduler)
    return TableRuntime(service, presenter, scheduler)


def register(bot: BotBase, host: Host, runtime: TableRuntime) -> None:
    """Hook the runtime into the bot: gateway listeners, start-up recovery, shutdown."""
    runtime.presenter.watch.listen(bot)
    host.add_startup_recovery(runtime.service.recover)
    host.add_cleanup(runtime.service.leases.close)
