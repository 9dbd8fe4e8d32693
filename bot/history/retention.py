"""Retention: finished hands older than ``HISTORY_DAYS`` are deleted by the bot.

Only finished hands are ever deleted (a hand being played is never touched, whatever its age);
the pruning runs at start-up and then every :data:`EVERY` seconds.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from bot.history import store as hstore
from bot.tables.store import now

if TYPE_CHECKING:
    from bot.client import SabaccBot

log = logging.getLogger(__name__)

DAY = 86400.0
EVERY = 6 * 3600.0


async def prune_history(bot: SabaccBot) -> int:
    """Delete the finished hands that ended more than ``history_days`` ago (none when it is 0);
    returns how many were deleted."""
    days = bot.settings.history_days
    if days <= 0:
        return 0
    before = now() - days * DAY
    deleted = await bot.db.write(lambda conn: hstore.prune(conn, before))
    if deleted:
        log.info("pruned %d finished hands older than %d days", deleted, days)
    return deleted


async def prune_forever(bot: SabaccBot) -> None:
    """Prune now and every :data:`EVERY` seconds until cancelled (errors are logged)."""
    while True:
        try:
            await prune_history(bot)
        except Exception:
            log.exception("could not prune the hand history")
        await asyncio.sleep(EVERY)
