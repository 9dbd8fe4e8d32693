"""Waiting for a simulated burst to be answered without ``env.settle()``.

Why not settle: simcord 3.2.1's settle loop wakes whenever one bot task finishes (or every idle
poll, 1 ms here) and, on every turn, classifies every pending bot task. For each one it reads
the bot's whole view store twice (``_dpy_internals._stored_wait_futures`` and
``_view_timeout_task_identity`` walk ``vars()`` of every stored view: each open picker is one)
and scans every tracked timer (``_timer_records_waking``, ``_is_virtual_sleep_waiter``). A burst
over N tables has ~N pending tasks, ~N open pickers and ~N turn timers, and settle turns as
often as tasks finish (~N), so one settle costs O(N³): at 20 tables the 84 clicks of three
waves spent 31 of 34 s of CPU in settle, at 200 tables it never finished. The clicks
themselves wait behind it, since the bookkeeping runs on the bot's event loop.

This module replaces it, for the benchmark only, by the same question asked in O(tasks +
callbacks) (:class:`Quiet`): is any bot-owned task runnable or waiting on anything but an
intentional wait? It reads the same private simcord 3.2.1 state the settle loop reads (pinned
version) and never changes what the bot does. Two more quadratic costs are taken out:

* :class:`NeverDue` is the bot's sleeper: turn timers (90 s) and every other bot wait are
  intentional external waits that no clock ends during the run (every pending player acts
  in every wave, so no timer could be due), and no timer handle is created for them;
* :class:`CallbackRecords`: simcord removes each finished callback's record from a list with
  ``list.remove``, comparing it with every older record (open pickers' 90 s expiry timers).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable, Iterator
from typing import Any

from simcord.env import Env


class NeverDue:
    """A bot ``sleeper`` whose waits end only by cancellation (a new turn cancels its timer).

    Only for runs where nothing may wait on time: ``edit_interval=0`` and ``bot_delay=0``
    (the table runtime then never sleeps but for timers)."""

    def __init__(self) -> None:
        self.env: Env | None = None

    async def __call__(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        assert self.env is not None
        never = asyncio.get_running_loop().create_future()
        await self.env.external_wait(never, reason="table timer (never due in the bench)")

    async def wait(self, event: Any) -> Any:
        """An intentional wait for the outside world (a paused table's clock)."""
        assert self.env is not None
        return await self.env.external_wait(event, reason="table paused")


class CallbackRecords:
    """simcord's tracked callback records (``_WorkState.callbacks``) with O(1) removal.

    simcord keeps them in a list and removes a record with ``list.remove`` when its callback
    runs: a scan from the front comparing each older record with the dataclass ``__eq__`` (a
    tuple of four fields). Every open picker's expiry timer (90 s) sits near the front, so with
    N pickers open each of the ~50 callbacks of a click costs N comparisons (at 200 tables 5.5
    million comparisons, a quarter of the run), and a burst queues N callbacks at once.
    simcord only appends, removes, iterates and clears this collection (3.2.1); a record is
    never equal to another one, so identity is what removal means."""

    def __init__(self, records: Iterable[Any] = ()) -> None:
        self._records = {id(record): record for record in records}

    def append(self, record: Any) -> None:
        self._records[id(record)] = record

    def remove(self, record: Any) -> None:
        if self._records.pop(id(record), None) is None:
            raise ValueError("record not tracked")

    def clear(self) -> None:
        self._records.clear()

    def __iter__(self) -> Iterator[Any]:
        return iter(list(self._records.values()))

    def __len__(self) -> int:
        return len(self._records)


class Quiet:
    """Whether the bot has nothing left to do but wait on purpose: every pending bot task is
    in a declared external wait or asleep on a timer at least ``far`` seconds away (view
    expiry, lease renewal, history pruning), and no callback or executor job is pending."""

    def __init__(self, env: Env, far: float = 1.0, poll: float = 0.005) -> None:
        self.env = env
        self.far, self.poll = far, poll
        env._work.callbacks = CallbackRecords(env._work.callbacks)
        self.polls = 0
        self.cpu = 0.0  # time spent in the checks themselves (the bench's own overhead)

    def busy(self) -> int:
        """How many bot tasks, callbacks and executor jobs can still make progress."""
        began = time.perf_counter()
        work = self.env._work
        # Drop cancelled callback records, as each settle turn does (a list: kept short).
        work.callbacks = CallbackRecords(
            record
            for record in work.callbacks
            if record.handle is None or not record.handle.cancelled()
        )
        later = self.env._virtual_time + self.far
        sleeping = set()
        count = len(work.executors)
        for record in work.callbacks:
            if record.when is None:
                count += 1
            elif record.when >= later and record.handle is not None:
                sleeping.update(
                    id(arg)
                    for arg in getattr(record.handle, "_args", ())
                    if isinstance(arg, asyncio.Future)
                )
        waits = work.external_waits
        for task in work.tasks:
            if task.done() or task in waits:
                continue
            waiter = getattr(task, "_fut_waiter", None)
            if waiter is not None and id(waiter) in sleeping:
                continue
            count += 1
        self.polls += 1
        self.cpu += time.perf_counter() - began
        return count

    async def until(self, records: list[Any], acked: Any, timeout: float) -> bool:
        """Poll until every record is in ``acked`` and the bot is quiet twice in a row (a loop
        turn apart); False on timeout."""
        deadline = time.perf_counter() + timeout
        waiting = 0  # records[:waiting] are acknowledged
        quiet_turns = 0
        while time.perf_counter() < deadline:
            while waiting < len(records) and records[waiting].id in acked:
                waiting += 1
            pause = self.poll
            if waiting == len(records):
                began = time.perf_counter()
                if self.busy() == 0:
                    quiet_turns += 1
                    if quiet_turns >= 2:
                        return True
                    await asyncio.sleep(0)
                    continue
                # The check walks every bot task: at most a fifth of the loop's time.
                pause = max(pause, 4 * (time.perf_counter() - began))
            quiet_turns = 0
            await asyncio.sleep(pause)
        return False
