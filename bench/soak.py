"""Soak: ``.venv/bin/python bench/soak.py [--games 10000] [--at-once 50]``.

Plays ``--games`` whole games, one after the other on ``--at-once`` channels at a time, through
the table runtime in one process (:mod:`bench.stub`: the real runtime over a real SQLite file,
only Discord's HTTP calls stubbed). Each game: two members sit down, the host starts, both play
random legal moves for up to ``--moves`` decisions, then the second member leaves (which ends a
two-seat game: the last seat standing is paid); the channel takes its next game. Every game is
settled in the database like any other. Each channel has eight regular members who take turns
(as on a server), so the caches sized for a busy process fill up as they would there. Discord's
global request pacing is lifted (``--rate``): the stub answers at once, and with Discord's 40
requests/s the games would outrun it, so what grew would be the queue of posts and DMs waiting
for their turn, not the runtime. The stub's record of requests is cleared after every game.

Prints, after game 1 000 and after the last one: the process's resident memory, the Python
objects alive after a full collection, the tables the runtime holds in memory, and the asyncio
tasks alive; then the growth of resident memory between the two (the goal: within 5 %) and
whether the runtime holds only the open tables. It asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.stub import open_runtime
from bot.errors import UserFacingError
from bot.tables.models import Seat, Table
from engine.bots.random_legal import random_for_spec
from engine.core.game import IllegalAction
from engine.variants import get_variant

VARIANTS = ("kessel", "coruscant-shift", "classic", "centran", "project", "corellian-spike")
BUY_INS = {
    "kessel": 90,
    "coruscant-shift": 500,
    "classic": 500,
    "centran": 500,
    "project": 500,
    "corellian-spike": 500,
}
CHECKPOINT = 1000  # games played before the first memory figure
MEMBERS_PER_CHANNEL = 8  # each channel has its regulars, as a server does


def resident_mib() -> float:
    """The process's resident memory (Linux ``/proc``), in MiB."""
    with open("/proc/self/statm") as statm:
        pages = int(statm.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def held(runtime: Any) -> int:
    """The tables the runtime keeps in memory."""
    return len(runtime.index.tables)


def snapshot(runtime: Any, games: int) -> dict[str, float]:
    """Memory figures now, after a full collection."""
    gc.collect()
    return {
        "games": games,
        "rss": resident_mib(),
        "objects": len(gc.get_objects()),
        "tables": held(runtime),
        "tasks": len(asyncio.all_tasks()),
    }


def show(label: str, figures: dict[str, float], open_now: int) -> None:
    print(
        f"{label:>14}: {figures['rss']:7.1f} MiB resident, {figures['objects']:>9,.0f} objects,"
        f" {figures['tables']:>6,.0f} tables held ({open_now} open), {figures['tasks']:>5,.0f}"
        " tasks",
        flush=True,
    )


async def play_one(
    runtime: Any, number: int, slot: int, round_: int, moves: int, rng: random.Random
) -> None:
    """One whole game in channel ``slot`` (its ``round_``-th there)."""
    variant = VARIANTS[number % len(VARIANTS)]
    pair = round_ % MEMBERS_PER_CHANNEL // 2  # the channel's regulars take turns
    host, guest = 1000 * (slot + 1) + 2 * pair + 1, 1000 * (slot + 1) + 2 * pair + 2
    table: Table = await runtime.create(
        guild_id=1,
        channel_id=100_000 + slot,
        host=Seat(host, f"u{host}"),
        info=get_variant(variant),
        buy_in=BUY_INS[variant],
        turn_timeout=90,
    )
    await runtime.join(table, Seat(guest, f"u{guest}"))
    await runtime.start(table, host)
    for _ in range(moves):
        game = table.game
        if game is None or game.finished:
            return
        pending = sorted(game.pending_seats())
        if not pending:
            return
        seat = rng.choice(pending)
        specs = game.legal_actions(seat)
        action = random_for_spec(rng.choice(specs), rng) if specs else game.default_action(seat)
        try:
            await runtime.act(table, seat, action, turn=game.turn)
        except (UserFacingError, IllegalAction):
            await asyncio.sleep(0)
    game = table.game
    if game is not None and not game.finished and table.still_in(1):
        await runtime.leave_game(table, guest)


async def soak(games: int, at_once: int, moves: int, seed: int, rate: int) -> None:
    """Play ``games`` games and print the figures."""
    with tempfile.TemporaryDirectory() as tmp:
        bot, runtime = await open_runtime(Path(tmp) / "soak.db", request_rate=rate)
        rng = random.Random(seed)
        started = time.perf_counter()
        played = 0
        first: dict[str, float] | None = None
        queue = iter(range(games))
        running: set[int] = set()

        async def channel(slot: int) -> None:
            nonlocal played, first
            for round_, number in enumerate(queue):
                running.add(slot)
                await play_one(runtime, number, slot, round_, moves, rng)
                running.discard(slot)
                played += 1
                bot.traffic.clear()  # what the stub recorded is the bench's, not the runtime's
                if played == CHECKPOINT:
                    await asyncio.sleep(0.01)  # the last posts and edits go out
                    first = snapshot(runtime, played)
                    show(f"after {CHECKPOINT:,}", first, len(running))
                elif played % 2000 == 0:
                    print(f"  {played:,} games, {time.perf_counter() - started:.0f} s", flush=True)

        try:
            await asyncio.gather(*(channel(slot) for slot in range(at_once)))
            await asyncio.sleep(0.01)
            last = snapshot(runtime, played)
            show(f"after {played:,}", last, len(running))
            elapsed = time.perf_counter() - started
            print(f"{played:,} games in {elapsed:.0f} s ({played / elapsed:.0f} games/s)")
            if first is not None:
                growth = (last["rss"] - first["rss"]) / first["rss"] * 100
                print(
                    f"resident memory growth from game {CHECKPOINT:,} to game {played:,}:"
                    f" {growth:+.1f} % (goal: within 5 %)"
                )
            print(f"tables held at the end: {last['tables']:.0f} (goal: the open ones, 0)")
        finally:
            await runtime.close()
            await bot.db.close()


def main() -> None:
    """Parse the arguments and run the soak."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--at-once", type=int, default=50, help="channels playing at once")
    parser.add_argument("--moves", type=int, default=12, help="decisions before the guest leaves")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rate", type=int, default=100_000, help="requests/s Discord allows")
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)
    asyncio.run(soak(args.games, args.at_once, args.moves, args.seed, args.rate))


if __name__ == "__main__":
    main()
