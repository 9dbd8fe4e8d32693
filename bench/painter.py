"""Pictures in threads or in a worker process: ``.venv/bin/python bench/painter.py``.

The event loop runs pure-Python work in 1 ms slices (a stand-in for answering clicks) while hand
pictures are painted beside it at a fixed rate (default 40 per second: the most DMs the table
runtime sends, :mod:`bot.tables.pacing`), each a new hand (no cache). Printed per way of
painting: how many slices the loop got through per second (vs alone), the loop's longest stall,
a picture's CPU time (where it was painted) and its time from request to bytes. It asserts
nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.stub import StallMonitor
from bot.art.compose import hand_png, warm
from bot.art.decks import DECKS, deck_faces
from bot.art.painter import Painter


def _slice() -> None:
    """About 1 ms of pure-Python work."""
    end = time.perf_counter() + 0.001
    while time.perf_counter() < end:
        sum(range(50))


async def run(processes: int | None, seconds: float, rate: float) -> dict[str, float]:
    """Loop slices for ``seconds`` with pictures at ``rate`` per second painted by a painter
    with ``processes`` workers (``None``: no pictures at all)."""
    painter = Painter(processes or 0)
    painter.start()
    await painter.started()
    hands = itertools.cycle(
        [
            (deck, (a.key, b.key))
            for deck in DECKS
            for a in deck_faces(deck)
            for b in deck_faces(deck)
        ]
    )
    waits: list[float] = []
    slices = 0
    stop = time.perf_counter() + seconds

    async def paint_one(deck: str, cards: tuple[str, str]) -> None:
        start = time.perf_counter()
        await painter.paint(hand_png, deck, cards)
        waits.append(time.perf_counter() - start)

    async def feeder() -> None:
        tasks = set()
        while time.perf_counter() < stop:
            task = asyncio.get_running_loop().create_task(paint_one(*next(hands)))
            tasks.add(task)
            task.add_done_callback(tasks.discard)
            await asyncio.sleep(1 / rate)
        await asyncio.gather(*tasks)

    with StallMonitor() as stalls:
        feeding = (
            asyncio.get_running_loop().create_task(feeder()) if processes is not None else None
        )
        while time.perf_counter() < stop:
            _slice()
            slices += 1
            await asyncio.sleep(0)
        if feeding is not None:
            await feeding
        stall = stalls.worst
    await painter.stop()
    return {
        "slices": slices / seconds,
        "stall": stall,
        "cpu": painter.cpu / max(painter.painted, 1),
        "pictures": len(waits),
        "wait": statistics.median(waits) if waits else 0.0,
        "wait_max": max(waits, default=0.0),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--rate", type=float, default=40.0)
    args = parser.parse_args()
    for deck in DECKS:  # the loop's process paints faces once, as a bot does
        warm(deck)
    alone = asyncio.run(run(None, args.seconds, args.rate))
    print(
        f"loop alone: {alone['slices']:.0f} slices/s · longest stall {alone['stall'] * 1e3:.1f} ms"
    )
    for name, processes in (("threads", 0), ("1 worker process", 1)):
        result = asyncio.run(run(processes, args.seconds, args.rate))
        share = result["slices"] / alone["slices"]
        print(
            f"{name:17}: {result['slices']:.0f} slices/s ({share:.0%} of alone) · longest stall "
            f"{result['stall'] * 1e3:.1f} ms · {result['pictures']} pictures, "
            f"{result['cpu'] * 1e3:.1f} ms CPU each · request → bytes p50 "
            f"{result['wait'] * 1e3:.1f} ms, max {result['wait_max'] * 1e3:.1f} ms"
        )


if __name__ == "__main__":
    main()
