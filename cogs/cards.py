"""Card art at start-up: make every card face an application emoji (``CARD_EMOJIS``), and start
the worker processes that paint the card pictures (``PICTURE_PROCESSES``). The bot owns both
(``bot.card_emojis``, ``bot.card_painter``); this extension starts and stops them.

Both run in the background after the start-up recovery, off the critical path: until the sync
finishes (or when it cannot create the emojis), cards are shown as text as before; until the
workers are warm (or when they cannot start), pictures are painted in threads. No commands.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.client import SabaccBot


async def setup(bot: SabaccBot) -> None:
    """Once the bot is set up, sync its card emojis and start its painter's workers."""
    book, painter = bot.card_emojis, bot.card_painter
    tasks: set[asyncio.Task[Any]] = set()

    def background(coro: Any, name: str) -> None:
        task = asyncio.get_running_loop().create_task(coro, name=name)
        tasks.add(task)
        task.add_done_callback(tasks.discard)

    async def start() -> None:
        if book.enabled:
            background(book.sync(bot), "card-emojis")
        painter.start()  # in the background: threads paint until the workers are warm

    async def stop() -> None:
        for task in list(tasks):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await painter.stop()

    bot.add_startup_recovery(start)
    bot.add_cleanup(stop)
