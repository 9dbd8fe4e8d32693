"""Where pictures are painted: never on the event loop.

A :class:`Painter` runs a picture function (``hand_png``, ``showdown_png``: module-level, with
picklable arguments) and returns its PNG bytes. With ``processes`` > 0 it paints in a small pool
of worker processes (spawned, never forked from the running bot), each of which paints every card
face once as it starts: Pillow's compositing and PNG encoding then take no CPU and no GIL from
the process answering the clicks. Without workers, or when the pool cannot start or breaks (a
sandbox without processes, a killed worker), it paints in threads (``asyncio.to_thread``) as
before; a picture is never lost to the pool.

A worker dies with the bot process that spawned it, even when that process is SIGKILLed (no
``atexit`` runs then): on Linux the worker asks the kernel for a parent-death signal
(``prctl(PR_SET_PDEATHSIG, SIGKILL)`` through :mod:`ctypes`), elsewhere a daemon thread watches
its parent id. An orphaned worker would otherwise live on, holding the pipes it inherited (a
supervisor reading the bot's output would wait forever). The kernel sends that signal when the
*thread* that spawned the worker ends: :class:`ProcessPoolExecutor` spawns (spawn context) from
the thread that calls ``submit``, so every worker is spawned at start, from the event loop's
thread (one warm-up task each). Pictures are then handed to the pool by a submitting thread of
the painter's own (:meth:`Painter.paint`): ``submit`` wakes the pool's manager thread through a
pipe, and the thread writing it waits for the GIL the woken threads took (milliseconds on a busy
process); the event loop never does.

The bot's painter is ``bot.card_painter`` (:mod:`cogs.cards` starts it in the background at
start-up and stops it at shutdown); :func:`painter_of` gives a thread painter to a client without
one.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import logging
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol, TypeVar, cast, runtime_checkable

from bot.art.compose import warm
from bot.art.decks import DECKS
from bot.shapes import conforms

__all__ = ["Painter", "painter_of"]

log = logging.getLogger(__name__)
T = TypeVar("T")


PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
WATCH_EVERY = 0.5  # seconds between two looks at the parent id (where prctl is missing)


def _watch_parent(parent: int) -> None:
    """Exit as soon as the process is no longer ``parent``'s child (its parent died)."""
    while os.getppid() == parent:
        time.sleep(WATCH_EVERY)
    os._exit(0)


def die_with_parent(parent: int) -> str:
    """Make this process end when ``parent`` (its parent) dies, however it dies: a parent-death
    SIGKILL on Linux, else a watching daemon thread. Exits at once when the parent is gone
    already. Returns how (``"prctl"`` or ``"watchdog"``)."""
    how = "watchdog"
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0:
                how = "prctl"
    if os.getppid() != parent:  # died before the signal was asked for
        os._exit(0)
    if how == "watchdog":
        threading.Thread(
            target=_watch_parent, args=(parent,), name="parent-watch", daemon=True
        ).start()
    return how


def _start_worker(parent: int) -> None:
    """A worker's start: it dies with ``parent``, then paints every face of every deck once
    (about 2 s of CPU)."""
    die_with_parent(parent)
    for deck in DECKS:
        warm(deck)


def _ready() -> bool:
    return True


def _timed(fn: Callable[..., T], *args: Any) -> tuple[T, float]:
    """``fn(*args)`` and the CPU time its thread spent on it."""
    start = time.thread_time()
    result = fn(*args)
    return result, time.thread_time() - start


class Painter:
    """Paints pictures in ``processes`` worker processes, else in threads."""

    def __init__(self, processes: int = 0) -> None:
        self.processes = max(processes, 0)
        self._pool: Executor | None = None
        self._ready = False  # the pool answered once: its workers are warm
        self._warming: Future[bool] | None = None
        self._submitter: ThreadPoolExecutor | None = None  # hands pictures to the pool
        self.painted = 0  # statistics (benchmarks): pictures painted, CPU seconds spent
        self.cpu = 0.0

    @property
    def in_processes(self) -> bool:
        """Whether pictures are painted in the worker processes now."""
        return self._pool is not None and self._ready

    def start(self) -> None:
        """Start the workers in the background: each paints every face first; threads paint
        until they are warm, and for good when they cannot start (:meth:`started` waits)."""
        if self.processes <= 0 or self._pool is not None:
            return
        loop = asyncio.get_running_loop()
        try:
            pool = ProcessPoolExecutor(
                self.processes,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker,
                initargs=(os.getpid(),),
            )
            warming = pool.submit(_ready)
            for _ in range(1, self.processes):  # a task finding no idle worker spawns one
                pool.submit(_ready)  # so every worker is spawned now, from this thread
        except (OSError, RuntimeError) as error:
            log.warning("picture workers could not start (%s); painting in threads", error)
            return
        self._pool, self._warming = pool, warming
        self._submitter = ThreadPoolExecutor(1, thread_name_prefix="painter-submit")
        warming.add_done_callback(lambda done: loop.call_soon_threadsafe(self._warmed, pool, done))

    def _warmed(self, pool: Executor, done: Future[bool]) -> None:
        if self._pool is not pool:  # stopped meanwhile
            return
        error = None if done.cancelled() else done.exception()
        if done.cancelled() or error is not None:
            log.warning("picture workers could not start (%s); painting in threads", error)
            self._drop()
            return
        self._ready = True
        log.info("painting pictures in %d worker process(es)", self.processes)

    async def started(self) -> bool:
        """Wait until the workers are warm or could not start; whether they paint now."""
        warming = self._warming
        if warming is not None:
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.wrap_future(warming)
            await asyncio.sleep(0)  # the loop has taken the news in
        return self.in_processes

    async def paint(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` off the event loop: in a warm worker process, else in a thread."""
        pool, submitter = self._pool, self._submitter
        result: tuple[T, float] | None = None
        if pool is not None and submitter is not None and self._ready:
            try:
                result = await asyncio.wrap_future(_submit(submitter, pool, _timed, fn, *args))
            except (BrokenProcessPool, RuntimeError) as error:  # a worker died; shut down
                if self._pool is pool:
                    log.warning("picture workers failed (%s); painting in threads", error)
                    self._drop()
        if result is None:
            result = await asyncio.to_thread(_timed, fn, *args)
        self.painted += 1
        self.cpu += result[1]
        return result[0]

    def _drop(self) -> None:
        pool, self._pool, self._ready = self._pool, None, False
        submitter, self._submitter = self._submitter, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
        if submitter is not None:
            submitter.shutdown(wait=False)

    async def stop(self) -> None:
        """Shut the workers down (waits for them to exit, off the event loop); pictures are
        painted in threads afterwards."""
        pool, self._pool, self._ready = self._pool, None, False
        submitter, self._submitter = self._submitter, None
        self.processes = 0
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)
        if submitter is not None:
            await asyncio.to_thread(submitter.shutdown, wait=True)


def _submit(submitter: Executor, pool: Executor, fn: Callable[..., T], *args: Any) -> Future[T]:
    """``pool.submit(fn, *args)``, called on the ``submitter``'s thread; its outcome (the
    submission's error, or the task's result or error) is copied to the returned future. If
    the future was cancelled meanwhile, nothing is copied."""
    outer: Future[T] = Future()

    def submit() -> None:
        try:
            inner = pool.submit(fn, *args)
        except BaseException as error:  # a broken or shut down pool: the caller's to handle
            if outer.set_running_or_notify_cancel():
                outer.set_exception(error)
            return
        inner.add_done_callback(lambda done: _copy(done, outer))

    submitter.submit(submit)
    return outer


def _copy(source: Future[T], target: Future[T]) -> None:
    """``source``'s outcome into ``target`` (unless ``target`` was cancelled)."""
    if source.cancelled():
        target.cancel()
        return
    if not target.set_running_or_notify_cancel():
        return
    error = source.exception()
    if error is not None:
        target.set_exception(error)
    else:
        target.set_result(source.result())


_THREADS = Painter(0)


@runtime_checkable
class HasPainter(Protocol):
    """A client with a painter (:class:`bot.client.SabaccBot`)."""

    card_painter: Painter


def painter_of(client: object) -> Painter:
    """The client's painter (threads for a client without one)."""
    painter = cast(HasPainter, client).card_painter if conforms(client, HasPainter) else None
    return painter if isinstance(painter, Painter) else _THREADS
