"""Turns of the event loop for CPU-heavy sections (:mod:`bot.tables.turns`): a lone caller goes
at once; callers past the slice of one turn wait, first come first served, one per later turn
of the loop, and the loop runs its other callbacks (timers, I/O, acknowledgements) between
them; a cancelled caller gives its place up."""

from __future__ import annotations

import asyncio
import gc
from pathlib import Path

import pytest

from bench.stub import open_runtime
from bot.tables import turns
from bot.tables.heap import THRESHOLDS
from bot.tables.turns import Turns


async def test_a_lone_caller_never_waits() -> None:
    gate = Turns()
    for _ in range(3):
        task = asyncio.ensure_future(gate.take())
        await asyncio.sleep(0)  # one turn of the loop
        assert task.done()
        await asyncio.sleep(0)  # the turn is over: the next caller is alone again


async def test_a_burst_runs_one_section_per_turn_in_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(turns, "SLICE", 0.0)  # every section fills its turn of the loop
    gate = Turns()
    order: list[str] = []

    async def section(name: str) -> None:
        await gate.take()
        order.append(name)

    async def ticks() -> None:  # what else the loop runs: one mark per turn
        for _ in range(12):
            order.append("·")
            await asyncio.sleep(0)

    await asyncio.gather(ticks(), *(section(name) for name in "abcd"))
    sections = [mark for mark in order if mark != "·"]
    assert sections == list("abcd")  # first come, first served
    for first, second in zip("abc", "bcd", strict=True):
        gap = order[order.index(first) + 1 : order.index(second)]
        assert "·" in gap  # the loop turned (and ran the ticks) between two sections


async def test_a_cancelled_caller_gives_its_place_up(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(turns, "SLICE", 0.0)
    gate = Turns()
    first, cancelled, waiting = (asyncio.ensure_future(gate.take()) for _ in range(3))
    await asyncio.sleep(0)  # the first goes, the two others wait for later turns
    assert first.done() and not cancelled.done() and not waiting.done()
    cancelled.cancel()
    for _ in range(4):
        await asyncio.sleep(0)
    assert cancelled.cancelled()
    assert waiting.done()


async def test_the_table_runtime_spaces_the_garbage_collections_out(tmp_path: Path) -> None:
    """Creating the runtime sets the collector's schedule for many tables (bot.tables.heap)."""
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    try:
        bot, _manager = await open_runtime(tmp_path / "bench.db")
        await bot.db.close()
        assert gc.get_threshold() == THRESHOLDS
        assert THRESHOLDS[0] > 700
    finally:
        gc.set_threshold(*before)
