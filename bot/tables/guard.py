"""Writes that a cancellation cannot cut in half.

A turn timer, a bot move or a click may be cancelled (``Task.cancel``: a restart, a newer timer)
while its transaction commits. ``aiosqlite`` still commits in its thread, but the awaiting task
sees ``CancelledError`` and would roll its in-memory table back: memory and database disagree.
:func:`uncancelled` lets the write finish and hands the cancellation on afterwards, once the
caller's memory matches what was stored.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import TypeVar

_T = TypeVar("_T")


async def uncancelled(write: Awaitable[_T]) -> _T:
    """Await ``write`` to its end even if the calling task is cancelled meanwhile; such a
    cancellation is raised again at the caller's next suspension point, after the write."""
    inner = asyncio.ensure_future(write)
    current = asyncio.current_task()
    cancelled = False
    try:
        while True:
            try:
                return await asyncio.shield(inner)
            except asyncio.CancelledError:
                if inner.done() or current is None:  # the write itself was cancelled
                    raise
                cancelled = True
                current.uncancel()  # held back until the write is over
    finally:
        if cancelled and current is not None:
            current.cancel()
