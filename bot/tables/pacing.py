"""One process-wide budget for the requests Discord counts against the bot's global limit.

Discord lets one bot make 50 requests per second in all. Interaction responses and follow-ups
do not count; everything else the table runtime sends does: table-message edits and posts,
results and notices, hands by DM (and opening a DM channel). :class:`Budget` lets at most
``rate`` of them go in any ``window`` (40 per second: headroom for the requests it does not see,
a command synced, a retry). Bursts up to the rate go at once; beyond it, requests wait for a
free slot instead of being refused by Discord.

Waiting requests are served by lane (:class:`Lane`), in turn by ``CYCLE``: while all of them
wait, table-message edits get half of the slots (the table message is what everyone plays
from), public posts (results, notices, reminders: never coalesced) and hand DMs (also one click
away on **🂠 My hand**, an interaction reply) a quarter each; a lane with nothing waiting gives
its turn to the next, so none is ever starved and no slot is left unused. The DMs of a deal
(every seat's new hand at once: also one click away, and read again on **🂠 My hand**) go last,
in the slots nothing else waits for.

Callers coalesce (one pending edit per table message, one pending DM per seat) and build their
request only once granted, from the newest state: the edits and DMs waiting are bounded by the
number of tables and seats, however many actions arrive (posts: a few per hand), and the work of
building a message or painting a picture is bounded by the rate, not by the actions.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from bot import metrics

GLOBAL_RATE = 40  # requests per WINDOW, below Discord's 50 per second
WINDOW = 1.0


class Lane(IntEnum):
    """What a request is (``CYCLE``: the order waiting ones are served in)."""

    POST = 0
    EDIT = 1
    DM = 2
    DEAL = 3  # hand DMs of a new deal: served only when no other lane waits


class Budget:
    """At most ``rate`` requests in any ``window`` seconds; ``rate`` 0 means no limit (tests
    with unpaced edits, the offline demo).

    A request runs inside :meth:`slot` and counts from the moment its slot is granted until
    ``window`` after it finished: a slot is granted only while fewer than ``rate`` requests are
    in flight or finished within the last ``window``. So however late a request actually goes
    out after its grant (a picture painted first, a busy event loop), no ``window`` ever sees
    more than ``rate`` of them.

    ``clock`` and ``sleep`` are the runtime's (a simulated Discord gives virtual ones, so a
    test sees the pacing in virtual time), and so is ``wait``, through which a request waits
    for its slot (declared to a simulated Discord as an intended wait); ``spawn`` starts the
    task that hands out the slots while requests wait (the runtime's: cancelled at shutdown)."""

    def __init__(
        self,
        rate: int = GLOBAL_RATE,
        *,
        window: float = WINDOW,
        clock: Callable[[], float] | None = None,
        sleep: Callable[[float], Awaitable[None]] | None = None,
        spawn: Callable[[Coroutine[Any, Any, None]], asyncio.Task[Any]] | None = None,
        wait: Callable[[Awaitable[None]], Awaitable[None]] | None = None,
    ) -> None:
        self.rate, self.window = max(int(rate), 0), window
        self._clock = clock or (lambda: asyncio.get_running_loop().time())
        self._sleep = sleep or asyncio.sleep
        self._spawn = spawn or (lambda coro: asyncio.get_running_loop().create_task(coro))
        self._wait = wait or (lambda waiting: waiting)
        self._in_flight = 0
        self._finished: deque[float] = deque()  # when the requests of the last window finished
        self._waiting: tuple[deque[Waiter], ...] = tuple(deque() for _ in Lane)
        self._turn = 0  # where in CYCLE the next grant looks first
        self._gate: asyncio.Task[Any] | None = None

    def waiting(self, lane: Lane | None = None) -> int:
        """How many requests (of ``lane``) wait for a slot."""
        if lane is not None:
            return len(self._waiting[lane])
        return sum(len(queue) for queue in self._waiting)  # cancelled waiters left their queue

    @contextlib.asynccontextmanager
    async def slot(self, lane: Lane = Lane.EDIT, requests: int = 1) -> AsyncIterator[None]:
        """Make ``requests`` requests of ``lane`` inside (a DM that first opens its channel
        is two): waits until they may go (at once while the budget allows it and nothing
        waits); a caller cancelled while waiting gives its place up."""
        if self.rate <= 0:
            yield
            return
        cost = min(max(requests, 1), self.rate)
        asked = self._clock()
        await self._granted(lane, cost)
        metrics.waited(lane.name, self._clock() - asked)
        try:
            yield
        finally:
            self._in_flight -= cost
            self._finished.extend([self._clock()] * cost)

    def _free(self, cost: int) -> bool:
        horizon = self._clock() - self.window
        while self._finished and self._finished[0] <= horizon:
            self._finished.popleft()
        return self._in_flight + len(self._finished) + cost <= self.rate

    async def _granted(self, lane: Lane, cost: int) -> None:
        if self.waiting() == 0 and self._free(cost):
            self._in_flight += cost
            return
        waiter = Waiter(asyncio.get_running_loop().create_future(), cost)
        self._waiting[lane].append(waiter)
        if self._gate is None or self._gate.done():
            self._gate = self._spawn(self._hand_out())
        try:
            await self._wait(waiter.future)
        except asyncio.CancelledError:
            if waiter.future.done() and not waiter.future.cancelled():  # granted: give back
                self._in_flight -= cost
            with contextlib.suppress(ValueError):
                self._waiting[lane].remove(waiter)
            raise

    async def _hand_out(self) -> None:
        """Grant the waiting requests their slots, one by one, by lane."""
        while self.waiting():
            turn, lane = self._next()
            queue = self._waiting[lane]
            if not self._free(queue[0].cost):
                # the oldest finished request leaves the window then; one in flight may finish
                # sooner: look again after a slot's share of the window at most
                wait = self.window / self.rate
                if self._finished:
                    wait = min(wait, self._finished[0] + self.window - self._clock())
                await self._sleep(max(wait, 0.0))
                continue  # pick after the wait: another lane's turn may have come
            if lane is not Lane.DEAL:
                self._turn = (turn + 1) % len(CYCLE)
            waiter = queue.popleft()
            self._in_flight += waiter.cost
            waiter.future.set_result(None)

    def _next(self) -> tuple[int, Lane]:
        """The place in ``CYCLE`` of the lane served next and that lane: the first from the
        current turn with a request waiting, else :attr:`Lane.DEAL` (called while one waits)."""
        for step in range(len(CYCLE)):
            turn = (self._turn + step) % len(CYCLE)
            if self._waiting[CYCLE[turn]]:
                return turn, CYCLE[turn]
        if self._waiting[Lane.DEAL]:
            return self._turn, Lane.DEAL
        raise AssertionError("no request waits")


# Turns of the lanes while requests wait: edits half of the slots, posts and DMs a quarter each.
CYCLE = (Lane.EDIT, Lane.POST, Lane.EDIT, Lane.DM)


@dataclass(slots=True)
class Waiter:
    """A request waiting for its slot: resolved when granted; ``cost`` requests."""

    future: asyncio.Future[None]
    cost: int
