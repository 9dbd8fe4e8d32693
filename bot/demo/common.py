"""What both demos share: the variants that have a cog, the database file, demo settings and a
bot built like production."""

from __future__ import annotations

import contextlib
import importlib
import inspect
import logging
import os
import pkgutil
import tempfile
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import cogs
from bot.client import SabaccBot, create_bot
from bot.settings import Settings
from bot.storage import open_database
from bot.tables import store
from bot.tables.cog import VariantCog
from bot.tables.models import Status

log = logging.getLogger(__name__)

DEFAULT_VARIANT = "coruscant-shift"
BOT_STYLES = ("balanced", "bold", "cautious")


def demo_variants() -> dict[str, str]:
    """Variant id -> slash command group, for every variant that has a cog (sorted by id)."""
    found: dict[str, str] = {}
    for module_info in pkgutil.iter_modules(cogs.__path__):
        if module_info.name.startswith("_"):
            continue
        try:
            module = importlib.import_module(f"{cogs.__name__}.{module_info.name}")
        except Exception:  # the bot skips a broken cog too
            log.exception("cog %s cannot be imported", module_info.name)
            continue
        for _name, cls in inspect.getmembers(module, inspect.isclass):
            if (
                issubclass(cls, VariantCog)
                and cls is not VariantCog
                and cls.__module__ == module.__name__
            ):
                found[cls.variant_id] = str(cls.__cog_group_name__)
    return dict(sorted(found.items()))


@contextlib.contextmanager
def database_path(chosen: Path | None) -> Iterator[Path | str]:
    """``DATABASE_URL`` when set (PostgreSQL), else the chosen database file (it persists), else
    one in a temporary directory (deleted)."""
    url = Settings.from_env({"DATABASE_URL": os.environ.get("DATABASE_URL", "")}).database_url
    if url is not None:
        yield url
        return
    if chosen is not None:
        chosen.parent.mkdir(parents=True, exist_ok=True)
        yield chosen
        return
    with tempfile.TemporaryDirectory(prefix="sabacc-demo-") as tmp:
        yield Path(tmp) / "demo.db"


async def close_leftover_tables(db: Path | str) -> list[str]:
    """Close the tables an earlier demo run on ``db`` left open (it was interrupted or crashed):
    a new simulated world cannot reach them (its channels are new), and they would hold its
    channel. The bot's start-up recovery then refunds every buy-in they still held. Returns one
    line per closed table."""
    if not isinstance(db, Path) or not db.exists():
        return []  # a PostgreSQL database may be shared with real tables: never close those
    database = await open_database(db)
    try:
        rows = await store.open_table_rows(database)
        if not rows:
            return []
        async with database.transaction() as conn:
            for row in rows:
                await store.close_table(conn, row["id"], Status.CANCELLED)
    finally:
        await database.close()
    return [
        f"An earlier run left table #{row['id']} ({row['variant']}, {row['status']}) open in "
        f"{db}: it is closed now and every buy-in it held goes back to its player."
        for row in rows
    ]


def demo_settings(db: Path | str, *, bot_delay: float, edit_interval: float) -> Settings:
    """Settings for a demo bot: no token, the given database (a file or a postgresql:// URL),
    one shard (the simulated Discord's), demo pacing."""
    url = db if isinstance(db, str) else None
    return Settings(
        token=None,
        database_path=Path("data/sabacc.db") if url is not None else Path(db),
        database_url=url,
        bot_delay=bot_delay,
        edit_interval=edit_interval,
        shard_count=1,
        lease_ttl=Settings.SIMULATED_LEASE_TTL,
        card_emojis=False,  # simcord keeps no emoji images: cards as pictures and text
        picture_processes=0,  # pictures in threads: no worker process to start
    )


@contextlib.asynccontextmanager
async def running_bot(settings: Settings) -> AsyncIterator[SabaccBot]:
    """A bot built like production; its resources are released afterwards (simcord G4)."""
    bot = create_bot(settings)
    try:
        yield bot
    finally:
        await bot.release_resources()
