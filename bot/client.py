"""The Discord client: a ``commands.AutoShardedBot`` that owns the database, the bank and the cogs.

Public API (stable)::

    create_bot(settings: Settings, db: Database | None = None) -> SabaccBot
    class SabaccBot(commands.AutoShardedBot):   # SHARD_COUNT / SHARD_IDS, else Discord decides
        settings: Settings
        db: Database                 # property; RuntimeError before setup_hook when not given
        bank: Bank                   # property; same
        tables: TableService         # the table runtime's service  (built in setup_hook)
        presenter: Presenter         # shows the tables             (same)
        scheduler: Scheduler         # times the tables             (same)
        table_clicks: TableClicks    # what a click on a table button does (same)
        tournaments: TournamentService   # sit-and-go tournaments over the tables (same)
        card_painter: Painter        # paints card pictures (created with the bot)
        card_emojis: CardEmojis      # card faces as application emojis (same)
        sleeper: Sleeper | None      # a clock tests and the demo inject; None: the event loop's
        add_startup_recovery(hook: Callable[[], Awaitable[None]]) -> None
        add_cleanup(hook: Callable[[], Awaitable[None]]) -> None
        async on_startup_recovery() -> None   # runs the recovery hooks (in setup_hook)
        async load_cogs(*, strict=False) -> None
        async sync_commands(*, force=False) -> Synced   # bot.command_sync: only when changed
        register_only: bool                   # True: setup_hook only loads the cogs (no
                                              #   database, no recovery): python -m bot sync
        async release_resources() -> None     # runs cleanups (LIFO), closes an owned db
    bank_clock() -> float            # seconds since the epoch from discord.utils.utcnow()
    class SabaccTree(app_commands.CommandTree)   # on_error -> bot.errors.handle_interaction_error

Start-up order (``setup_hook``): open the database if none was given (the bot then owns it and
closes it in :meth:`SabaccBot.release_resources`), build the table runtime
(:mod:`bot.tables.runtime`) and the click handler of the table buttons, load every module of the
``cogs`` package as an extension (one broken cog is logged and skipped), run
:meth:`SabaccBot.on_startup_recovery` (cogs register recovery hooks in their ``setup``; the table
runtime refunds orphaned escrow there), then register the command tree with Discord
(``DEV_GUILD_ID`` if set, globally otherwise) if it changed since the last registration
(:mod:`bot.command_sync`).
"""

from __future__ import annotations

import importlib.util
import logging
import pkgutil
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import metrics
from bot.art.emojis import CardEmojis
from bot.art.painter import Painter
from bot.bank import Bank
from bot.command_sync import DIGEST_FILE, DigestStore, Synced
from bot.command_sync import sync_commands as register_commands
from bot.errors import handle_interaction_error
from bot.i18n.commands import CommandTranslator
from bot.i18n.readers import read_by, saw_guild
from bot.inputs import InputCheck
from bot.settings import Settings
from bot.startup import quiet_loggers
from bot.storage import Database, open_database
from bot.tables.presenter import Presenter
from bot.tables.runner import Sleeper
from bot.tables.runtime import build_runtime, register
from bot.tables.scheduler import Scheduler
from bot.tables.service import TableService
from bot.tournaments.present import Herald
from bot.tournaments.service import TournamentService
from bot.ui.controls import ActionButton, ControlButton
from bot.ui.prompts import TableClicks

__all__ = ["SabaccBot", "SabaccTree", "bank_clock", "create_bot", "extension_names"]

log = logging.getLogger(__name__)

Hook = Callable[[], Awaitable[None]]


def bank_clock() -> float:
    """Wall-clock seconds as discord.py sees them (simcord's virtual clock in tests)."""
    return discord.utils.utcnow().timestamp()


EXTENSIONS_PACKAGE = "cogs"  # the package above the bot whose modules are loaded as extensions


def extension_names() -> list[str]:
    """Every module of the ``cogs`` package (``cogs.economy``, ...), sorted.

    The cogs sit above this module (they import the bot), so they are found and loaded by name,
    as discord.py's extensions are meant to be, never imported here."""
    spec = importlib.util.find_spec(EXTENSIONS_PACKAGE)
    assert spec is not None and spec.submodule_search_locations is not None
    return sorted(
        f"{EXTENSIONS_PACKAGE}.{module.name}"
        for module in pkgutil.iter_modules(spec.submodule_search_locations)
        if not module.name.startswith("_")
    )


class SabaccTree(app_commands.CommandTree["SabaccBot"]):
    """Command tree whose errors go through :func:`bot.errors.handle_interaction_error`, and
    that checks every invocation's context and options first (:class:`bot.inputs.InputCheck`)."""

    def __init__(self, client: SabaccBot, **options: Any) -> None:
        super().__init__(client, **options)
        self.inputs = InputCheck(self)

    async def interaction_check(self, interaction: discord.Interaction[SabaccBot], /) -> bool:
        """A guild-only command in a DM, or an option outside its declaration, is answered
        with what is wrong (through :meth:`on_error`) and never runs. The answer is written in
        the member's language (:func:`bot.i18n.readers.read_by`)."""
        read_by(interaction)
        return self.inputs.check(interaction)

    async def on_error(
        self, interaction: discord.Interaction[SabaccBot], error: app_commands.AppCommandError
    ) -> None:
        """Expected errors -> their message, anything else -> logged + apology (ephemeral)."""
        await handle_interaction_error(interaction, error)


class SabaccBot(commands.AutoShardedBot):
    """The Sabacc bot. Build it with :func:`create_bot`."""

    tables: TableService
    presenter: Presenter
    scheduler: Scheduler
    table_clicks: TableClicks
    tournaments: TournamentService

    def __init__(self, settings: Settings, db: Database | None = None) -> None:
        quiet_loggers()  # no database statement or message body in a debug log, ever
        # The bot never joins voice: skip discord.py's "PyNaCl/davey is not installed" warnings.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        slice_: dict[str, Any] = {}  # SHARD_IDS: this process runs these shards only
        if settings.shard_ids is not None:
            slice_["shard_ids"] = list(settings.shard_ids)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),  # no privileged intent
            tree_cls=SabaccTree,
            help_command=None,
            # no message cache: the bot reads only raw delete events, and discord.py would scan
            # a 1 000-message deque on every message update (1-10 % of a busy loop)
            max_messages=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            shard_count=settings.shard_count,  # None: Discord's recommendation
            **slice_,
        )
        self.settings = settings
        self._db = db
        self._owns_db = db is None
        self._bank: Bank | None = self._make_bank(db) if db is not None else None
        self.register_only = False
        self._recovery_hooks: list[Hook] = []
        self._cleanups: list[Hook] = []
        self._released = False
        self.sleeper: Sleeper | None = None
        self.card_emojis = CardEmojis(enabled=settings.card_emojis)
        self.card_painter = Painter(settings.picture_processes)

    def _make_bank(self, db: Database) -> Bank:
        return Bank(
            db,
            starting_balance=self.settings.starting_balance,
            daily_amount=self.settings.daily_amount,
            clock=bank_clock,
        )

    @property
    def db(self) -> Database:
        """The open database."""
        if self._db is None:
            raise RuntimeError("the database is opened in setup_hook; the bot is not set up yet")
        return self._db

    @property
    def bank(self) -> Bank:
        """The bank over :attr:`db`."""
        if self._bank is None:
            raise RuntimeError("the bank is created in setup_hook; the bot is not set up yet")
        return self._bank

    def add_startup_recovery(self, hook: Hook) -> None:
        """Run ``hook`` in :meth:`on_startup_recovery`, after every cog is loaded."""
        self._recovery_hooks.append(hook)

    def add_cleanup(self, hook: Hook) -> None:
        """Run ``hook`` in :meth:`release_resources` (last added first), before the db closes."""
        self._cleanups.append(hook)

    async def setup_hook(self) -> None:
        """Open the db, build the table runtime, load the cogs, run start-up recovery, sync the
        commands (only load the cogs when :attr:`register_only`)."""
        await self.tree.set_translator(CommandTranslator())  # before any command is synced
        if self.register_only:
            await self.load_cogs(strict=True)  # a partial tree would unregister commands
            return
        if self._db is None:
            self._db = await open_database(self.settings.database_target)
            self._bank = self._make_bank(self._db)
        self.build_services()
        if self.settings.metrics_port is not None:
            self.add_cleanup(
                await metrics.serve(
                    self.settings.metrics_host, self.settings.metrics_port, self._serving
                )
            )
        await self.load_cogs()
        await self.on_startup_recovery()
        await self.sync_commands()

    async def load_cogs(self, *, strict: bool = False) -> None:
        """Load every module of the ``cogs`` package; a broken one is logged and skipped, or
        raises when ``strict``."""
        for name in extension_names():
            try:
                await self.load_extension(name)
            except Exception:
                if strict:
                    raise
                log.exception("Could not load extension %s; continuing without it", name)

    def _serving(self) -> bool:
        """Healthy: connected to Discord and not shutting down (``/healthz``)."""
        return self.is_ready() and not self.is_closed()

    def build_services(self) -> None:
        """Build the table runtime and the click handler of its buttons, and hook them into the
        bot (listeners, dynamic buttons, start-up recovery, shutdown). Once, in
        :meth:`setup_hook` (benchmarks without a gateway call it themselves)."""
        runtime = build_runtime(self)
        self.tables, self.presenter = runtime.service, runtime.presenter
        self.scheduler = runtime.scheduler
        self.table_clicks = TableClicks()
        register(self, self, runtime)
        herald = Herald(self, runtime.service.runner)
        self.tournaments = TournamentService(runtime.service, lambda: herald)
        self.add_startup_recovery(self.tournaments.recover)  # after the tables' own
        self.add_listener(self.table_clicks.prompts.on_interaction, "on_interaction")
        self.add_dynamic_items(ActionButton, ControlButton)

    async def on_startup_recovery(self) -> None:
        """Repair state left by a previous process (each registered hook, in order)."""
        for hook in self._recovery_hooks:
            await hook()

    async def sync_commands(self, *, force: bool = False) -> Synced:
        """Register the commands with ``DEV_GUILD_ID`` (instant, for development) if set, else
        globally, when they changed since the last registration or ``force``."""
        store = DigestStore(self.settings.data_dir / DIGEST_FILE)
        guild_id = self.settings.dev_guild_id
        return await register_commands(self.tree, store, guild_id=guild_id, force=force)

    async def on_guild_available(self, guild: discord.Guild) -> None:
        """The server's language for its public messages (:mod:`bot.i18n.readers`)."""
        saw_guild(guild)

    async def on_guild_join(self, guild: discord.Guild) -> None:
        """The server's language for its public messages."""
        saw_guild(guild)

    async def on_guild_update(self, before: discord.Guild, after: discord.Guild) -> None:
        """A server that changed its language: its tables speak the new one."""
        saw_guild(after)

    async def on_ready(self) -> None:
        """Log who we are (may run more than once; does no work)."""
        log.info(
            "Logged in as %s (%s) in %d guilds", self.user, self.application_id, len(self.guilds)
        )

    async def release_resources(self) -> None:
        """Run the cleanups and close the database if the bot opened it. Safe to call twice."""
        if self._released:
            return
        self._released = True
        while self._cleanups:
            hook = self._cleanups.pop()
            try:
                await hook()
            except Exception:
                log.exception("Cleanup %r failed", hook)
        if self._owns_db and self._db is not None:
            await self._db.close()

    async def close(self) -> None:
        """Disconnect, then release the resources."""
        try:
            await super().close()
        finally:
            await self.release_resources()


def create_bot(settings: Settings, db: Database | None = None) -> SabaccBot:
    """Build the bot without connecting (tests and the demo use it without a token)."""
    return SabaccBot(settings, db)
