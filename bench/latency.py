"""Click latency under load: ``.venv/bin/python bench/latency.py [--tables 50 200 1000]``.

N tables of four members (the five variants in turn) play at once: in every wave, every pending
player of every running table clicks at the same instant, and the next wave starts when all of
them are answered. Two ways:

* ``runtime``: through the table runtime directly (:mod:`bench.stub`: a real ``TableService``
  over a real SQLite file; only Discord's HTTP calls are stubbed). Each click runs the real
  button check (``bot.ui.acting.seated_turn``), which is where the bot acknowledges the
  interaction (its ``defer()`` HTTP call stubbed as one turn of the event loop), then
  ``TableService.act``. click → ack is the time until that check is through;
  click → committed until ``act`` returned (the state and ledger are in SQLite by then).
* ``simcord`` (``--simcord``): the real bot in simcord, every pending member's click emitted as
  one burst; beside it a bare discord.py bot (one button per channel that defers and edits its
  message) measured the same way, so the simulator's own share is visible
  (:mod:`bench.simcord_latency`; ``--simcord-waves`` fewer waves for the large counts). It also
  prints click → table message edit, the time to emit a burst, and where the event loop's time
  went (simcord, discord.py, the bot, the database driver, the bench; :mod:`bench.sampler`).

Prints p50/p99/max of both latencies, committed actions/s, the event loop's longest stall, and
the most table-message edits one channel got in any 5 seconds (Discord allows 5), and the most
DMs and posts, and all requests counted against Discord's global limit (DMs, posts and edits),
in any 1 second (Discord allows 50 per bot). It asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.stub import StallMonitor, open_runtime, open_tables, pending_moves
from bot.art.painter import Painter
from bot.errors import NotYourTurn, StaleButton, TableError
from bot.tables.models import Table
from bot.ui.acting import seated_turn
from engine.core.game import Action, IllegalAction

PICTURE_PROCESSES = 1  # as the bot (Settings.picture_processes)


def quantiles(values: list[float]) -> str:
    """``p50 / p99 / max`` in milliseconds."""
    if not values:
        return "—"
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"{statistics.median(ordered) * 1e3:7.1f} /{p99 * 1e3:7.1f} /{ordered[-1] * 1e3:7.1f} ms"


async def runtime_run(
    tables: int, waves: int, seed: int, processes: int = PICTURE_PROCESSES
) -> dict[str, Any]:
    """``waves`` bursts over ``tables`` tables through the table runtime; pictures painted in
    ``processes`` worker processes (0: threads)."""
    with tempfile.TemporaryDirectory() as tmp:
        bot, manager = await open_runtime(Path(tmp) / "bench.db")
        bot.card_painter = painter = Painter(processes)
        painter.start()
        await painter.started()
        try:
            running = await open_tables(manager, tables)
            await asyncio.sleep(0.05)
            bot.traffic.clear()
            painter.painted, painter.cpu = 0, 0.0
            rng = random.Random(seed)
            acks: list[float] = []
            commits: list[float] = []
            refused = 0
            total = 0.0
            cpu = time.process_time()
            with StallMonitor() as stalls:
                for _wave in range(waves):
                    moves = pending_moves(running, rng)
                    if not moves:
                        break
                    start = time.perf_counter()

                    async def click(
                        table: Table, seat: int, action: Action, turn: int, start: float
                    ) -> None:
                        nonlocal refused
                        user = SimpleNamespace(id=table.seats[seat].user_id)
                        interaction = SimpleNamespace(client=bot, user=user)
                        try:
                            seated_turn(interaction, table.id, turn, action.kind)  # type: ignore[arg-type]
                            acks.append(time.perf_counter() - start)
                            await asyncio.sleep(0)  # the defer() HTTP call lets the loop run
                            await manager.act(table, seat, action, turn=turn)
                            commits.append(time.perf_counter() - start)
                        except (StaleButton, NotYourTurn, TableError, IllegalAction):
                            refused += 1

                    await asyncio.gather(*(click(*move, start) for move in moves))
                    total += time.perf_counter() - start
                    running = [t for t in running if t.game is not None and not t.game.finished]
                worst_stall = stalls.worst
            cpu = time.process_time() - cpu
            await asyncio.sleep(0)
            return {
                "acks": acks,
                "commits": commits,
                "refused": refused,
                "rate": len(commits) / total if total else 0.0,
                "stall": worst_stall,
                "edits": bot.traffic.max_edits_per_5s(),
                "sends": bot.traffic.max_sends_per_1s(),
                "requests": bot.traffic.max_requests_per_1s(),
                "dms": bot.traffic.dms,
                "pictures": (painter.painted, painter.cpu, painter.in_processes),
                "cpu": cpu / max(len(commits), 1),
                "batches": (manager.group.batches, manager.group.writes)
                if hasattr(manager, "group")
                else None,
            }
        finally:
            await manager.close()
            await painter.stop()
            await bot.db.close()


def report(name: str, result: dict[str, Any]) -> None:
    """One block of figures."""
    print(f"{name}")
    print(f"  click → ack        p50/p99/max {quantiles(result['acks'])}")
    print(f"  click → committed  p50/p99/max {quantiles(result['commits'])}")
    if result.get("visible") is not None:
        print(f"  click → table msg  p50/p99/max {quantiles(result['visible'])}")
    line = f"  {result['rate']:,.0f} committed actions/s · {len(result['commits'])} actions"
    line += f" ({result['refused']} refused)"
    if result["stall"] is not None:
        line += f" · longest loop stall {result['stall'] * 1e3:.1f} ms"
        line += f" · most edits of one table message in 5 s: {result['edits']} (Discord: 5)"
    if result.get("dms") is not None:  # counted by the runtime's stub Discord only
        line += f"\n  {result['dms']} DMs · most DMs+posts in 1 s: {result['sends']}"
        line += f" · most requests (DMs, posts, edits) in 1 s: {result['requests']} (Discord: 50)"
    if result.get("cpu") is not None:
        line += f"\n  CPU time per committed action (this process) {result['cpu'] * 1e3:.2f} ms"
    if result.get("batches"):
        batches, writes = result["batches"]
        line += f" · group commit: {writes} writes in {batches} transactions"
    if result.get("emitting") is not None:
        polls, cpu = result["polls"]
        line += (
            f"\n  {result['clicks_per_s']:,.0f} clicks answered/s · emitting the largest burst"
            f" {result['emitting'] * 1e3:.0f} ms · bench's own quiet checks {cpu:.2f} s"
            f" in {polls} polls"
        )
        if "opening" in result:
            line += f" · opening the tables {result['opening']:.0f} s"
        line += f"\n  event loop thread: {result['layers']}"
        for layer, functions in result["top"].items():
            line += f"\n    {layer}: {functions}"
    if result.get("pictures"):
        painted, cpu, processes = result["pictures"]
        where = "worker process" if processes else "threads of this process"
        line += f"\n  {painted} pictures painted in {where}"
        line += f" ({cpu / max(painted, 1) * 1e3:.1f} ms CPU each)"
    print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[1, 50, 200, 1000])
    parser.add_argument("--waves", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--picture-processes",
        type=int,
        default=PICTURE_PROCESSES,
        help="worker processes painting pictures (0: threads)",
    )
    parser.add_argument("--simcord", action="store_true", help="also through simcord")
    parser.add_argument("--simcord-tables", type=int, nargs="+", default=[50, 200])
    parser.add_argument("--simcord-waves", type=int, default=None, help="default: --waves")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    for count in args.tables:
        result = asyncio.run(runtime_run(count, args.waves, args.seed, args.picture_processes))
        report(f"runtime · {count} tables · {args.waves} waves", result)
    if args.simcord:
        from bench.simcord_latency import simcord_main

        simcord_main(args.simcord_tables, args.simcord_waves or args.waves, args.seed)


if __name__ == "__main__":
    main()
