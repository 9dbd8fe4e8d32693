"""An event loop whose clock skips idle time: benchmarks of minutes of play in seconds.

:class:`WarpLoop` is asyncio's selector loop with one change: when nothing is ready and nothing
runs elsewhere, instead of sleeping until its next timer it moves its clock there at once. While
the loop works, its clock runs with real time, so CPU costs (an action, building a message,
discord.py parsing an answer) count in full; only waiting is skipped. ``asyncio.sleep``,
``loop.time()`` and everything built on them (discord.py's rate-limit buckets, the bot's request
budget and edit intervals, simulated players' thinking) follow this clock; so does
``discord.utils.utcnow`` inside :func:`warped` (the bot's wall clock: turn deadlines).

Work done outside the loop must not be skipped over: while a thread or process works for the
loop (``run_in_executor``, ``asyncio.to_thread``, ``asyncio.wrap_future``, an aiosqlite
statement), the loop waits for it in real time. :func:`warped` counts those (the aiosqlite and
``wrap_future`` hooks are patched for its duration). A socket served by another process (a
PostgreSQL server) is not counted: use SQLite under this loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import selectors
from collections.abc import Coroutine, Iterator
from concurrent.futures import Future
from typing import Any, TypeVar

import aiosqlite.core
import discord.utils

T = TypeVar("T")
EPOCH = 1_800_000_000.0  # the wall clock's reading at loop time 0 (a fixed date in 2027)


class _Selector(selectors.DefaultSelector):
    loop: WarpLoop

    def select(self, timeout: float | None = None) -> list[Any]:
        if timeout is None or timeout <= 0 or self.loop.outside > 0:
            return super().select(timeout)
        ready = super().select(0)
        if not ready:
            self.loop.skipped += timeout
        return ready


class WarpLoop(asyncio.SelectorEventLoop):
    """A selector event loop whose idle waits take no time (see the module docstring)."""

    def __init__(self, *, frozen: bool = False) -> None:
        selector = _Selector()
        super().__init__(selector)
        selector.loop = self
        self.skipped = 0.0  # seconds of waiting skipped so far
        self.outside = 0  # pieces of work running for the loop in threads or processes
        # frozen: work takes no time at all, only skipped waits move the clock (a test's
        # timing then cannot depend on how busy the machine is)
        self.frozen = super().time() if frozen else None

    def time(self) -> float:
        if self.frozen is not None:
            return self.frozen + self.skipped
        return super().time() + self.skipped

    def run_in_executor(  # type: ignore[override]  # the same call, counted
        self, executor: Any, func: Any, *args: Any
    ) -> asyncio.Future[Any]:
        future = super().run_in_executor(executor, func, *args)
        self._track(future)
        return future

    def _track(self, future: asyncio.Future[Any]) -> None:
        self.outside += 1
        future.add_done_callback(self._done)

    def _done(self, _future: asyncio.Future[Any]) -> None:
        self.outside -= 1


_wrap_future = asyncio.wrap_future
_execute: Any = aiosqlite.core.Connection._execute  # untyped in aiosqlite


def _counted_wrap_future(future: Any, *, loop: Any = None) -> asyncio.Future[Any]:
    wrapped = _wrap_future(future, loop=loop)
    running = wrapped.get_loop()
    if isinstance(running, WarpLoop) and isinstance(future, Future):
        running._track(wrapped)
    return wrapped


async def _counted_execute(self: Any, fn: Any, *args: Any, **kwargs: Any) -> Any:
    loop = asyncio.get_running_loop()
    if not isinstance(loop, WarpLoop):
        return await _execute(self, fn, *args, **kwargs)
    loop.outside += 1
    try:
        return await _execute(self, fn, *args, **kwargs)
    finally:
        loop.outside -= 1


@contextlib.contextmanager
def _patched(loop: WarpLoop) -> Iterator[None]:
    def utcnow() -> datetime.datetime:
        return datetime.datetime.fromtimestamp(EPOCH + loop.time(), datetime.UTC)

    saved = (discord.utils.utcnow, asyncio.wrap_future, aiosqlite.core.Connection._execute)
    discord.utils.utcnow = utcnow
    asyncio.wrap_future = _counted_wrap_future
    aiosqlite.core.Connection._execute = _counted_execute  # type: ignore[method-assign]
    try:
        yield
    finally:
        discord.utils.utcnow, asyncio.wrap_future = saved[0], saved[1]
        aiosqlite.core.Connection._execute = saved[2]  # type: ignore[method-assign]


def run(main: Coroutine[Any, Any, T], *, frozen: bool = False) -> T:
    """Run ``main`` to completion on a fresh :class:`WarpLoop` (like ``asyncio.run``);
    ``frozen``: its clock moves only over skipped waits (deterministic under any load)."""
    loop = WarpLoop(frozen=frozen)
    try:
        with _patched(loop):
            return loop.run_until_complete(main)
    finally:
        with contextlib.suppress(Exception):
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.run_until_complete(loop.shutdown_default_executor())
        loop.close()


def warped() -> contextlib.AbstractContextManager[None]:
    """Inside a running :class:`WarpLoop` (a test's): the patches :func:`run` applies."""
    loop = asyncio.get_running_loop()
    assert isinstance(loop, WarpLoop), "warped() runs on a WarpLoop"
    return _patched(loop)
