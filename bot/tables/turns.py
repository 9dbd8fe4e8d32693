"""Turns of the event loop for CPU-heavy sections, so a burst of clicks never freezes the loop.

An action costs about a millisecond of CPU between its click and its queued write (the engine,
the undo snapshot, the state to write), without awaiting anything. When hundreds of clicks
arrive at once, asyncio runs every ready task in one turn of its loop: hundreds of actions
back to back, during which no timer fires and no other click is even acknowledged.

:class:`Turns` spreads them out: the sections that start within :data:`SLICE` seconds of each
other in one turn of the loop run at once; past that, each caller waits for a later turn of
the loop, first come first served, one section per turn. Between two turns the loop polls for
I/O and runs its timers, so a click arriving during a burst is acknowledged within a
millisecond or so; the waiting ones lose nothing (the work is the same, done in order), and
the first actions' writes start (group commit) while the others are still being computed.
A lone caller never waits.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque

__all__ = ["SLICE", "Turns"]

SLICE = 0.002  # seconds of sections one turn of the loop may run before the next ones wait


class Turns:
    """Hands turns of the event loop out to CPU-heavy sections (see the module docstring)."""

    def __init__(self) -> None:
        self._waiting: deque[asyncio.Future[None]] = deque()
        self._since: float | None = None  # when this turn's sections began; None: no turn

    async def take(self) -> None:
        """Return when the caller may run its section: at once unless the loop is busy."""
        now = time.perf_counter()
        if self._since is None:
            self._since = now
            asyncio.get_running_loop().call_soon(self._next)
            return
        if not self._waiting and now - self._since < SLICE:
            return
        waiter = asyncio.get_running_loop().create_future()
        self._waiting.append(waiter)
        await waiter

    def _next(self) -> None:
        """A new turn of the loop: let the first caller still waiting go (it runs in the turn
        after this one, as the loop runs what became ready in a turn only in the next one)."""
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done():  # a cancelled caller gives its place up
                waiter.set_result(None)
                self._since = time.perf_counter()
                asyncio.get_running_loop().call_soon(self._next)
                return
        self._since = None
