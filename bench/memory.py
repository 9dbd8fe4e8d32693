"""Memory per table and start-up time: ``.venv/bin/python bench/memory.py [--stored 10000]``.

* start-up: a SQLite file holding ``--stored`` unfinished games (four members each, the five
  variants in turn, each after a few moves, with their escrow) is opened by a fresh table
  runtime (:mod:`bench.stub`): the time of ``open_database`` plus ``TableManager.recover()``
  (every table restored, orphaned escrow checked, timers started);
* memory: Python heap (``tracemalloc``) per restored table while nobody plays (idle), then per
  table after every table has taken a few actions (active: render tasks, timers, caches).

Prints figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.stub import SEATS, VARIANTS, open_runtime, open_tables, pending_moves
from bot.bank import HOUSE


async def populate(path: Path, stored: int) -> None:
    """``stored`` unfinished tables: real games, copied row by row with their escrow."""
    bot, manager = await open_runtime(path)
    try:
        models = await open_tables(manager, len(VARIANTS))
        rng = random.Random(7)
        for _ in range(3):
            for table, seat, action, turn in pending_moves(models, rng):
                await manager.act(table, seat, action, turn=turn)
        async with bot.db.transaction() as conn:
            for index in range(len(VARIANTS), stored):
                model = models[index % len(VARIANTS)]
                table_id = await conn.fetchval(
                    "INSERT INTO game_tables (guild_id, channel_id, variant, host_id, status,"
                    " buy_in, options, seats, state, seq, turn_timeout, strikes, sitting_out,"
                    " left_seats, log, message_id, message_posted_at, created_at, updated_at)"
                    " SELECT guild_id, ?, variant, host_id, status, buy_in, options, seats, state,"
                    " seq, turn_timeout, strikes, sitting_out, left_seats, log, message_id,"
                    " message_posted_at, created_at, updated_at FROM game_tables WHERE id = ?"
                    " RETURNING id",
                    (200_000 + index, model.id),
                )
                for seat in model.seats:
                    await conn.execute(
                        "INSERT INTO escrow (table_id, guild_id, user_id, amount)"
                        " VALUES (?, ?, ?, ?)",
                        (table_id, model.guild_id, seat.user_id, model.buy_in),
                    )
            # keep the bank balanced: the copies' buy-ins came from the house
            await conn.execute(
                "UPDATE accounts SET balance = balance - ? WHERE guild_id = 1 AND user_id = ?",
                ((stored - len(VARIANTS)) * SEATS * 100, HOUSE),
            )
    finally:
        await manager.close()
        await bot.db.close()


async def measure(path: Path, stored: int) -> None:
    """Start-up time, then memory per idle and per active table."""
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    start = time.perf_counter()
    bot, manager = await open_runtime(path)
    await manager.recover()
    elapsed = time.perf_counter() - start
    await asyncio.sleep(0.05)
    gc.collect()
    idle = tracemalloc.get_traced_memory()[0] - base
    print(f"start-up with {stored:,} stored unfinished tables: {elapsed:.2f} s (with tracemalloc)")
    tables = list(manager.tables.values())
    print(f"memory per idle table:   {idle / len(tables) / 1024:6.1f} KB  ({len(tables)} tables)")
    rng = random.Random(3)
    active = tables[:1000]
    for _ in range(3):
        moves = pending_moves(active, rng)
        await asyncio.gather(
            *(manager.act(table, seat, action, turn=turn) for table, seat, action, turn in moves)
        )
    await asyncio.sleep(0.05)
    gc.collect()
    grown = tracemalloc.get_traced_memory()[0] - base - idle
    per_active = idle / len(tables) + grown / len(active)
    print(f"memory per active table: {per_active / 1024:6.1f} KB  ({len(active)} tables played)")
    tracemalloc.stop()
    await manager.close()
    await bot.db.close()


async def startup_only(path: Path, stored: int) -> None:
    """Start-up time without tracemalloc's overhead."""
    start = time.perf_counter()
    bot, manager = await open_runtime(path)
    await manager.recover()
    elapsed = time.perf_counter() - start
    print(f"start-up with {stored:,} stored unfinished tables: {elapsed:.2f} s")
    await manager.close()
    await bot.db.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--stored", type=int, default=10_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.db"
        asyncio.run(populate(path, args.stored))
        asyncio.run(startup_only(path, args.stored))
        asyncio.run(measure(path, args.stored))


if __name__ == "__main__":
    main()
