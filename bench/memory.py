"""Memory per table and start-up time: ``.venv/bin/python bench/memory.py [--stored 10000]``.

* start-up: a SQLite file holding ``--stored`` unfinished games (four members each, the five
  variants in turn, each after a few moves, with their escrow, secret and running hand) is
  opened by a fresh table runtime (:mod:`bench.stub`): the time of ``open_database`` plus
  ``TableService.recover()`` (every table restored, orphaned escrow checked, timers started);
* memory: Python heap (``tracemalloc``) per restored table while nobody plays (idle), then per
  table after every table has taken a few actions (active: render tasks, timers, caches); each
  with its breakdown on a sample of the tables: the lines of the project that allocated the
  most, in bytes per table.

Prints figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import linecache
import random
import sys
import tempfile
import time
import tracemalloc
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.stub import SEATS, VARIANTS, open_runtime, open_tables, pending_moves
from bot.bank import HOUSE

FRAMES = 8  # frames kept per allocation: enough to reach the project's line


async def populate(path: Path, stored: int) -> None:
    """``stored`` unfinished tables: real games, copied row by row with their escrow, their
    fair-play secret and their running hand."""
    bot, manager = await open_runtime(path)
    try:
        models = await open_tables(manager, len(VARIANTS))
        rng = random.Random(7)
        for _ in range(3):
            for table, seat, action, turn in pending_moves(models, rng):
                await manager.act(table, seat, action, turn=turn)
        rows = await bot.db.fetchall("SELECT table_id, id FROM hands WHERE status = 'running'")
        hands = {int(r[0]): int(r[1]) for r in rows}
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
                # its fair-play secret and its running hand (start state and steps so far)
                await conn.execute(
                    "INSERT INTO table_secrets (table_id, master)"
                    " SELECT ?, master FROM table_secrets WHERE table_id = ?",
                    (table_id, model.id),
                )
                hand_id = await conn.fetchval(
                    "INSERT INTO hands (guild_id, table_id, variant, hand_no, status, commitment,"
                    " running, started_at) SELECT guild_id, ?, variant, hand_no, status,"
                    " commitment, running, started_at FROM hands WHERE id = ? RETURNING id",
                    (table_id, hands[model.id]),
                )
                await conn.execute(
                    "INSERT INTO hand_steps (hand_id, idx, step)"
                    " SELECT ?, idx, step FROM hand_steps WHERE hand_id = ?",
                    (hand_id, hands[model.id]),
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


ROOT = str(Path(__file__).resolve().parent.parent) + "/"
TOP = 15  # lines shown in the breakdown
SAMPLE = 500  # tables restored for the breakdown


def origin(traceback: tracemalloc.Traceback) -> str:
    """Where the project allocated a block: its innermost frame in the repository."""
    for frame in reversed(traceback):  # oldest first: walk from the allocation outwards
        name = frame.filename
        if name.startswith(ROOT) and "/.venv/" not in name:
            return f"{name[len(ROOT) :]}:{frame.lineno}"
    return f"{Path(traceback[-1].filename).name}:{traceback[-1].lineno}"


def breakdown(before: tracemalloc.Snapshot, after: tracemalloc.Snapshot, tables: int) -> None:
    """The top contributors to the growth between two snapshots, in bytes per table, by the
    line of the project that allocated them (with the code of that line)."""
    sizes: dict[str, int] = defaultdict(int)
    for stat in after.compare_to(before, "traceback"):
        sizes[origin(stat.traceback)] += stat.size_diff
    for where, size in sorted(sizes.items(), key=lambda item: -item[1])[:TOP]:
        path, _, line = where.rpartition(":")
        code = linecache.getline(ROOT + path, int(line)).strip() if path else ""
        print(f"  {size / tables:7.0f} B  {where:<40} {code[:70]}")


async def measure(path: Path, stored: int, frames: int = 1, explain: bool = False) -> None:
    """Start-up time, then memory per idle and per active table (``explain``: with their
    breakdowns, which need ``frames`` frames per allocation: much slower)."""
    gc.collect()
    tracemalloc.start(frames)
    base = tracemalloc.get_traced_memory()[0]
    empty = tracemalloc.take_snapshot()
    start = time.perf_counter()
    bot, manager = await open_runtime(path)
    await manager.recover()
    elapsed = time.perf_counter() - start
    await asyncio.sleep(0.05)
    gc.collect()
    idle = tracemalloc.get_traced_memory()[0] - base
    print(f"start-up with {stored:,} stored unfinished tables: {elapsed:.2f} s (with tracemalloc)")
    tables = list(manager.index.tables.values())
    print(f"memory per idle table:   {idle / len(tables) / 1024:6.1f} KB  ({len(tables)} tables)")
    restored = tracemalloc.take_snapshot()
    if explain:
        breakdown(empty, restored, len(tables))
    del empty
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
    if explain:
        print("  what playing added, per played table:")
        breakdown(restored, tracemalloc.take_snapshot(), len(active))
    tracemalloc.stop()
    await manager.close()
    await bot.db.close()


async def explain(path: Path, sample: int) -> None:
    """The breakdowns, on ``sample`` of the stored tables (the others are left to a process
    elsewhere): tracing every allocation's frames is too slow for all of them."""
    bot, _manager = await open_runtime(path)
    await bot.db.execute(
        "UPDATE table_leases SET owner = 'elsewhere', token = 'elsewhere', expires_at = ?"
        " WHERE table_id NOT IN (SELECT id FROM game_tables ORDER BY id LIMIT ?)",
        (time.time() + 86400, sample),
    )
    await bot.db.close()
    print(f"breakdown on {sample:,} of them, bytes per table:")
    await measure(path, sample, FRAMES, explain=True)


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
        asyncio.run(explain(path, min(args.stored, SAMPLE)))


if __name__ == "__main__":
    main()
