"""Several bot processes on one PostgreSQL: throughput, a killed process, a takeover, the money.

``.venv/bin/python bench/cluster.py [--processes 1 2 4] [--tables 12] [--seconds 16]``

For each N in ``--processes`` a fresh database is made on a throwaway PostgreSQL server on
loopback (:mod:`bot.storage.embedded`, deleted at the end) and N worker processes start. Each
worker runs the real table runtime (:class:`bot.tables.service.TableService`, leases included)
of a bot that is not connected to Discord — the table's Discord side (messages, DMs) is
switched off and automatic moves are random legal ones (the bot opponents' thinking would
dominate otherwise); everything else is the production path: every move is one transaction
with its ledger rows — and drives ``--tables`` Coruscant Shift tables of its own guild (a host
who sits out and two bot seats; a finished table is replaced by a new one). With N ≥ 2, worker 0 is
SIGKILLed halfway: the others take its tables over once its leases (``--ttl`` seconds) run
out, and finish them.

At the end it checks, to the credit, on the whole database: every account's balance equals the
sum of its ledger rows; every table's escrow equals minus its ledger rows (buy-ins, payouts,
refunds); every open game's stacks + pots equal its escrow, and finished tables hold none. It
prints committed actions per second for each N (and for SQLite in one process), and how long the
takeover took (from the kill until every table of the dead process was driven again). It asserts
nothing and exits 1 only if a check fails.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.bank import HOUSE  # noqa: E402
from bot.client import SabaccBot, create_bot, extension_names  # noqa: E402
from bot.settings import Settings  # noqa: E402
from bot.storage import Database, open_database  # noqa: E402
from bot.storage.embedded import EmbeddedPostgres  # noqa: E402
from bot.tables import service as table_service  # noqa: E402
from bot.tables.models import Seat, Status, Table  # noqa: E402
from engine.bots.random_legal import random_action  # noqa: E402
from engine.core.game import Action  # noqa: E402
from engine.variants import get_variant  # noqa: E402

VARIANT = "coruscant-shift"
BUY_IN = 100
HOST_BASE = 10**6


# ---------------------------------------------------------------------- one worker process


def _bench_runtime(bot: SabaccBot, seed: int) -> None:
    """No Discord here: table messages, notices and DMs are skipped; and every automatic move
    is a random legal one (the engine's bot opponents think for milliseconds per move, which
    would measure them rather than the runtime and the database). The rest is production."""
    rng = random.Random(seed)

    async def say(*_args: Any, **_kwargs: Any) -> None:
        return None

    def decide(table: Table, seat: int) -> Action:
        assert table.game is not None
        return random_action(table.game, seat, rng)

    presenter: Any = bot.presenter  # its Discord calls are replaced for the bench
    presenter.request_render = lambda _table: None
    presenter.say = say
    presenter.post = lambda *_args, **_kwargs: None  # results and notices (the outbox)
    presenter.outbox.deal_hands = lambda *_args, **_kwargs: None  # hand DMs (the outbox)
    # The host sits out on purpose (its turns are played for it): the table must not close as
    # unattended (bot.tables.unattended) after its first action, as it would for real.
    table_service.nobody_playing = lambda _table: False
    scheduler: Any = bot.scheduler
    scheduler.decide = decide


async def _new_table(manager: Any, guild: int, channel: int, host: int) -> Table:
    table = await manager.create(
        guild_id=guild,
        channel_id=channel,
        host=Seat(host, f"host{host}"),
        info=get_variant(VARIANT),
        buy_in=BUY_IN,
        turn_timeout=600,
    )
    for n in (1, 2):
        await manager.join(table, Seat(-n, f"droid{n}", bot_style="balanced"))
    table.sitting_out.add(0)  # the host's turns are played for them, like after two timeouts
    await manager.start(table, host)
    return table


async def worker(url: str, index: int, tables: int, seconds: float, ttl: float) -> None:
    """Drive ``tables`` tables for ``seconds``; print one JSON line of what happened."""
    logging.basicConfig(level=logging.ERROR)
    settings = Settings(
        database_url=url if url.startswith("postgres") else None,
        database_path=Path(url),
        bot_delay=0.0,
        edit_interval=0.0,
        instance_id=f"worker{index}",
        lease_ttl=ttl,
        shard_count=1,
        card_emojis=False,  # no Discord to upload emojis to
    )
    db = await open_database(settings.database_target)
    bot = create_bot(settings, db)
    guild = 1000 + index
    created = 0
    async with bot:
        bot.build_services()
        for name in extension_names():
            await bot.load_extension(name)
        manager = bot.tables
        _bench_runtime(bot, seed=index)
        manager.seeds = random.Random(index)
        bot._ready.set()  # no gateway: the runtime's tasks may run at once
        await bot.on_startup_recovery()
        hosts = {guild * 1000 + k: HOST_BASE * index + k for k in range(tables)}
        for host in hosts.values():
            await bot.bank.balance(guild, host)
        await bot.bank.balance(guild, HOUSE)
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for channel, host in hosts.items():
                table = manager.index.in_channel(channel)
                if table is None:
                    await bot.bank.grant(guild, host, BUY_IN, "bench")  # keep hosts solvent
                    await _new_table(manager, guild, channel, host)
                    created += 1
            await asyncio.sleep(0.05)
        report = {
            "worker": index,
            "created": created,
            "takeovers": manager.leases.takeovers,
        }
        print(json.dumps(report), flush=True)
    await db.close()


# ---------------------------------------------------------------------- the checks


async def check_money(db: Database) -> list[str]:
    """Every way the credits could disagree with the ledger; empty when all is exact."""
    problems: list[str] = []
    rows = await db.fetchall(
        "SELECT a.guild_id, a.user_id, a.balance, COALESCE(SUM(l.delta), 0) FROM accounts a"
        " LEFT JOIN ledger l ON l.guild_id = a.guild_id AND l.user_id = a.user_id"
        " GROUP BY a.guild_id, a.user_id, a.balance"
    )
    problems += [
        f"account {r[0]}/{r[1]}: balance {r[2]} != ledger {r[3]}" for r in rows if r[2] != r[3]
    ]
    escrow = {
        int(r[0]): int(r[1])
        for r in await db.fetchall("SELECT table_id, SUM(amount) FROM escrow GROUP BY table_id")
    }
    ledger = {
        int(r[0]): -int(r[1])
        for r in await db.fetchall(
            "SELECT table_id, SUM(delta) FROM ledger WHERE table_id IS NOT NULL GROUP BY table_id"
        )
    }
    for table_id in set(escrow) | set(ledger):
        if escrow.get(table_id, 0) != ledger.get(table_id, 0):
            problems.append(f"table {table_id}: escrow {escrow.get(table_id, 0)} != ledger "
                            f"{ledger.get(table_id, 0)}")  # fmt: skip
    for row in await db.fetchall("SELECT * FROM game_tables"):
        table = Table.from_row(row)
        held = escrow.get(table.id, 0)
        if table.status is Status.PLAYING and table.game is not None:
            view = table.game.public_view()
            in_play = sum(s.stack for s in view.seats) + sum(amount for _, amount in view.pots)
            if in_play != held:
                problems.append(f"table {table.id}: stacks + pots {in_play} != escrow {held}")
        elif not table.open and held:
            problems.append(f"table {table.id} is {table.status}, still holds {held}")
    return problems


# ---------------------------------------------------------------------- the runs


async def _count(url: str, sql: str, params: tuple[Any, ...] = ()) -> int:
    db = await open_database(url if url.startswith("postgres") else Path(url))
    try:
        return int(await db.fetchval(sql, params) or 0)
    finally:
        await db.close()


async def _span(url: str) -> float:
    """Seconds between the first and the last committed action."""
    db = await open_database(url if url.startswith("postgres") else Path(url))
    try:
        row = await db.fetchone("SELECT MIN(at), MAX(at) FROM table_actions")
    finally:
        await db.close()
    return 0.0 if row is None or row[0] is None else float(row[1]) - float(row[0])


async def _watch_takeover(url: str, killed_at: float, limit: float) -> float | None:
    """Seconds from the kill until no open table is leased to the dead worker any more."""
    while time.monotonic() - killed_at < limit:
        left = await _count(
            url,
            "SELECT COUNT(*) FROM table_leases l JOIN game_tables g ON g.id = l.table_id"
            " WHERE l.owner = ? AND g.status IN (?, ?)",
            ("worker0", "lobby", "playing"),
        )
        if left == 0:
            return time.monotonic() - killed_at
        await asyncio.sleep(0.1)
    return None


async def run(url: str, processes: int, args: argparse.Namespace) -> dict[str, Any]:
    """One measurement: ``processes`` workers on ``url``; returns the figures."""
    db = await open_database(url if url.startswith("postgres") else Path(url))
    await db.close()  # migrated once before the workers race to it
    command = [sys.executable, __file__, "--worker", url]
    started = time.monotonic()
    workers = [
        subprocess.Popen(
            [*command, str(i), str(args.tables), str(args.seconds), str(args.ttl)],
            stdout=subprocess.PIPE,
            text=True,
        )
        for i in range(processes)
    ]
    takeover: float | None = None
    dead_tables = 0
    if processes >= 2:
        await asyncio.sleep(args.seconds / 2)
        dead_tables = await _count(
            url,
            "SELECT COUNT(*) FROM table_leases l JOIN game_tables g ON g.id = l.table_id"
            " WHERE l.owner = ? AND g.status IN (?, ?)",
            ("worker0", "lobby", "playing"),
        )
        workers[0].send_signal(signal.SIGKILL)
        takeover = await _watch_takeover(url, time.monotonic(), args.seconds)
    reports = []
    for proc in workers:
        out, _ = await asyncio.to_thread(proc.communicate, timeout=args.seconds * 4 + 60)
        lines = [line for line in out.splitlines() if line.startswith("{")]
        reports += [json.loads(line) for line in lines]
    elapsed = time.monotonic() - started
    actions = await _count(url, "SELECT COUNT(*) FROM table_actions")
    span = await _span(url)
    check_db = await open_database(url if url.startswith("postgres") else Path(url))
    try:
        problems = await check_money(check_db)
        tables = int(await check_db.fetchval("SELECT COUNT(*) FROM game_tables"))
    finally:
        await check_db.close()
    return {
        "processes": processes,
        "actions": actions,
        "rate": actions / span if span > 0 else 0.0,
        "elapsed": elapsed,
        "tables": tables,
        "takeover": takeover,
        "dead_tables": dead_tables,
        "resumed": sum(1 for r in reports for t in r["takeovers"] if t[1] == "worker0"),
        "stolen": sum(1 for r in reports for t in r["takeovers"] if t[1] not in ("", "worker0")),
        "problems": problems,
    }


def _line(label: str, result: dict[str, Any]) -> str:
    text = (
        f"{label:<22} {result['actions']:>7} actions in {result['tables']:>4} tables: "
        f"{result['rate']:8.1f} committed actions/s"
    )
    if result["takeover"] is not None:
        text += (
            f"; worker 0 killed with {result['dead_tables']} open tables, all driven again "
            f"{result['takeover']:.2f} s later ({result['resumed']} taken over)"
        )
        if result["stolen"]:
            text += f"; {result['stolen']} leases of live workers expired under load"

    elif result["processes"] >= 2:
        text += "; takeover NOT complete in time"
    text += "; money: " + ("exact" if not result["problems"] else "WRONG")
    return text


async def main(args: argparse.Namespace) -> int:
    results: list[tuple[str, dict[str, Any]]] = []
    server = EmbeddedPostgres().start()
    try:
        with tempfile.TemporaryDirectory(prefix="sabacc-bench-") as tmp:
            sqlite = await run(str(Path(tmp) / "bench.db"), 1, args)
            results.append(("SQLite, 1 process", sqlite))
            print(_line(*results[-1]), flush=True)
        for n in args.processes:
            url = await server.create_database(f"cluster{n}")
            results.append((f"PostgreSQL, {n} proc", await run(url, n, args)))
            print(_line(*results[-1]), flush=True)
    finally:
        server.stop()
    bad = [(label, r["problems"]) for label, r in results if r["problems"]]
    for label, problems in bad:
        print(f"{label}: {len(problems)} problems, first: {problems[:5]}")
    takeovers = [r for _, r in results if r["processes"] >= 2]
    if any(r["takeover"] is None for r in takeovers):
        return 1
    return 1 if bad else 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--tables", type=int, default=12, help="tables per process")
    parser.add_argument("--seconds", type=float, default=16.0, help="length of each run")
    parser.add_argument("--ttl", type=float, default=4.0, help="LEASE_TTL of the workers")
    return parser


if __name__ == "__main__":
    if sys.argv[1:2] == ["--worker"]:
        url, index, tables, seconds, ttl = sys.argv[2:7]
        asyncio.run(worker(url, int(index), int(tables), float(seconds), float(ttl)))
    else:
        sys.exit(asyncio.run(main(_parser().parse_args())))
