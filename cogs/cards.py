"""Card art at start-up: make every card face an application emoji (``CARD_EMOJIS``).

The sync runs in the background after the start-up recovery, off the critical path: until it
finishes (or when it cannot create the emojis), cards are shown as text as before. No commands.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING, Any

from bot.art.emojis import CardEmojis

if TYPE_CHECKING:
    from bot.client import SabaccBot


async def setup(bot: SabaccBot) -> None:
    """Attach the bot's :class:`CardEmojis` and start syncing them once the bot is set up."""
    book = CardEmojis(enabled=bot.settings.card_emojis)
    bot.card_emojis = book  # type: ignore[attr-defined]
    tasks: set[asyncio.Task[Any]] = set()

    async def start() -> None:
        if book.enabled:
            task = asyncio.get_running_loop().create_task(book.sync(bot), name="card-emojis")
            tasks.add(task)
            task.add_done_callback(tasks.discard)

    async def stop() -> None:
        for task in list(tasks):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    bot.add_startup_recovery(start)
    bot.add_cleanup(stop)
