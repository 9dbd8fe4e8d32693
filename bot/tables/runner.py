"""The tasks and the clock of one table runtime.

Every background task of the runtime (timers, bot moves, renders, posts, DMs) is started by
:meth:`Runner.spawn`, which logs a failure instead of losing it and cancels what is left at
shutdown. Every wait goes through :meth:`Runner.sleep` / :meth:`Runner.intended`, and the time
through :meth:`Runner.clock`: a :class:`Sleeper` given by a test or the offline demo (a simulated
Discord's virtual clock) replaces the event loop's.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Protocol, TypeVar

from bot import metrics
from bot.tables.rides import REPLY

log = logging.getLogger(__name__)
T = TypeVar("T")


class Sleeper(Protocol):
    """A clock the runtime's waits follow (``bot.sim_driver.VirtualSleep``)."""

    async def __call__(self, seconds: float) -> None:
        """Wait ``seconds`` on this clock."""

    def now(self) -> float:
        """Seconds on this clock."""

    async def wait(self, event: Awaitable[Any]) -> Any:
        """Await something the outside world brings, as an intended wait."""


class Runner:
    """Background tasks and waits (see the module docstring). ``sleeper`` is read at every
    wait: a test may give the bot its clock after the runtime was built."""

    def __init__(self, sleeper: Callable[[], Sleeper | None] = lambda: None) -> None:
        self._sleeper = sleeper
        self._tasks: set[asyncio.Task[Any]] = set()

    def spawn(self, coro: Coroutine[Any, Any, Any], name: str) -> asyncio.Task[Any]:
        """A background task whose failure is logged, never lost. It runs in a copy of the
        caller's context without the click being answered (:data:`bot.tables.rides.REPLY`):
        a bot move spawned by a click is not that click."""
        context = contextvars.copy_context()
        context.run(REPLY.set, None)
        task = asyncio.get_running_loop().create_task(coro, name=name, context=context)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            metrics.failed("table task")
            log.error("table task %s failed", task.get_name(), exc_info=task.exception())

    @property
    def running(self) -> int:
        """How many background tasks are alive (benchmarks)."""
        return len(self._tasks)

    async def sleep(self, seconds: float) -> None:
        """Wait ``seconds`` (a timer, a bot's delay, an edit interval)."""
        sleeper = self._sleeper()
        await (sleeper(seconds) if sleeper is not None else asyncio.sleep(seconds))

    def clock(self) -> float:
        """Seconds on the clock :meth:`sleep` waits by."""
        sleeper = self._sleeper()
        return sleeper.now() if sleeper is not None else asyncio.get_running_loop().time()

    async def intended(self, awaitable: Awaitable[T]) -> T:
        """Await something the outside world or a timer brings (an event, a slot of the
        budget), declared as an intended wait to the sleeper when there is one."""
        sleeper = self._sleeper()
        if sleeper is None:
            return await awaitable
        result: T = await sleeper.wait(awaitable)
        return result

    async def until(self, event: asyncio.Event) -> None:
        """Wait until ``event`` is set (an :meth:`intended` wait)."""
        if not event.is_set():
            await self.intended(event.wait())

    async def close(self) -> None:
        """Cancel every background task (bot shutdown; simcord restarts)."""
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
