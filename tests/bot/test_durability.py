"""A SIGKILL loses nothing acknowledged: a process plays many tables at once (their writes share
group commits) and reports every action as ``act()`` returns; it is killed mid-run. Every reported
action is then in the database (a SQLite file, or PostgreSQL) with its table state, every table
restores, and no credit was created or lost."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from bot.storage import open_database
from bot.tables.models import Table
from tests.helpers import BOTH_BACKENDS

CHILD = textwrap.dedent(
    """
    import asyncio, random, sys
    from pathlib import Path
    from bench.stub import open_runtime, open_tables, pending_moves

    async def main() -> None:
        target = sys.argv[1]
        bot, manager = await open_runtime(target if "://" in target else Path(target))
        tables = await open_tables(manager, 24)
        print("READY", flush=True)
        rng = random.Random(5)

        async def act(table, seat, action, turn):
            await manager.act(table, seat, action, turn=turn)
            print("ACK", table.id, table.game.seq, flush=True)

        while True:
            moves = {}
            for table, seat, action, turn in pending_moves(tables, rng):
                moves.setdefault(table.id, (table, seat, action, turn))  # one per table
            if not moves:
                tables = await open_tables(manager, 24, first=len(manager.tables))
                continue
            await asyncio.gather(*(act(*move) for move in moves.values()))

    asyncio.run(main())
    """
)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
@BOTH_BACKENDS
async def test_sigkill_loses_nothing_acknowledged(database_target: str | Path) -> None:
    root = Path(__file__).resolve().parents[2]
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(database_target)],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    acked: list[tuple[int, int]] = []
    try:
        for line in child.stdout:
            if line.startswith("ACK"):
                _, table_id, seq = line.split()
                acked.append((int(table_id), int(seq)))
                if len(acked) >= 300:
                    break
    finally:
        child.send_signal(signal.SIGKILL)
        rest, _ = child.communicate(timeout=60)
    for line in rest.splitlines():
        if line.startswith("ACK") and len(line.split()) == 3:  # not a line the kill cut short
            _, table_id, seq = line.split()
            acked.append((int(table_id), int(seq)))
    assert child.returncode == -signal.SIGKILL
    assert len(acked) >= 300

    db = await open_database(database_target)
    try:
        logged = {
            (row[0], row[1]) for row in await db.fetchall("SELECT table_id, seq FROM table_actions")
        }
        rows = {row["id"]: row for row in await db.fetchall("SELECT * FROM game_tables")}
        money = await db.fetchall(
            "SELECT (SELECT SUM(balance) FROM accounts) + (SELECT COALESCE(SUM(amount), 0)"
            " FROM escrow), (SELECT SUM(delta) FROM ledger WHERE reason = 'opening')"
        )
        unbalanced = await db.fetchall(
            "SELECT a.user_id FROM accounts a WHERE a.balance !="
            " (SELECT SUM(delta) FROM ledger l WHERE l.guild_id = a.guild_id"
            " AND l.user_id = a.user_id)"
        )
    finally:
        await db.close()
    assert set(acked) <= logged  # every acknowledged action is in the action log
    for table_id, seq in acked:
        assert rows[table_id]["seq"] >= seq  # ... and its state was written with it
    for row in rows.values():
        table = Table.from_row(row)  # every table restores
        if table.game is not None:
            assert table.game.seq == row["seq"]
            assert max((s for t, s in logged if t == row["id"]), default=0) == row["seq"]
    (total, opening), *_ = money
    assert total == opening  # no credit created or lost
    assert not unbalanced  # every balance is the sum of its ledger rows
