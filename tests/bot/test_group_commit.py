"""Group commit on a real SQLite file: writes arriving together share transactions, and each
stays atomic on its own (a refused one is rolled back alone, the others are committed)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.db import Database
from bot.tables.commits import GroupCommit


async def _open(tmp_path: Path) -> Database:
    db = await Database.open(tmp_path / "group.db")
    await db.execute("CREATE TABLE t (x INTEGER PRIMARY KEY, note TEXT)")
    return db


def _insert(x: int) -> list[tuple[str, Any]]:
    return [("INSERT INTO t (x, note) VALUES (?, ?)", (x, f"n{x}"))]


async def test_concurrent_writes_share_transactions(tmp_path: Path) -> None:
    db = await _open(tmp_path)
    group = GroupCommit(lambda: db)
    done: list[int] = []
    try:
        await asyncio.gather(
            *(
                group.write(lambda x=x: _insert(x), committed=lambda x=x: done.append(x))
                for x in range(50)
            )
        )
        rows = await db.fetchall("SELECT x FROM t ORDER BY x")
    finally:
        await db.close()
    assert [r[0] for r in rows] == list(range(50))
    assert sorted(done) == list(range(50))  # every write was told it is committed
    assert group.writes == 50 and group.batches < 50  # some shared a transaction


async def test_a_refused_write_is_rolled_back_alone(tmp_path: Path) -> None:
    db = await _open(tmp_path)
    group = GroupCommit(lambda: db)

    async def refuse(conn: Any) -> None:
        await conn.execute("INSERT INTO t (x, note) VALUES (100, 'half done')")
        raise ValueError("refused")

    async def fine(conn: Any) -> None:
        await conn.execute("INSERT INTO t (x, note) VALUES (200, 'work')")

    try:
        results = await asyncio.gather(
            group.write(lambda: _insert(1)),
            group.write(lambda: _insert(2), refuse),
            group.write(lambda: _insert(3), fine),
            group.write(lambda: _insert(4)),
            return_exceptions=True,
        )
        rows = await db.fetchall("SELECT x FROM t ORDER BY x")
    finally:
        await db.close()
    assert isinstance(results[1], ValueError)
    assert [r for i, r in enumerate(results) if i != 1] == [None, None, None]
    assert [r[0] for r in rows] == [1, 3, 4, 200]  # nothing of the refused write, not even x=2


async def test_a_failing_statement_fails_only_its_write(tmp_path: Path) -> None:
    db = await _open(tmp_path)
    group = GroupCommit(lambda: db)
    await group.write(lambda: _insert(7))
    try:
        results = await asyncio.gather(
            *(group.write(lambda x=x: _insert(x)) for x in (5, 7, 9)),  # 7 exists already
            return_exceptions=True,
        )
        rows = await db.fetchall("SELECT x FROM t ORDER BY x")
    finally:
        await db.close()
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], sqlite3.IntegrityError)
    assert [r[0] for r in rows] == [5, 7, 9]


@pytest.mark.parametrize(("cancel_after", "written"), [(0, 0), (1, 1)])
async def test_a_cancelled_caller_still_learns_the_outcome(
    tmp_path: Path, cancel_after: int, written: int
) -> None:
    """Cancelled before its write was queued: nothing written; after: written, then the
    caller's cancellation goes on (its memory and the database never disagree)."""
    db = await _open(tmp_path)
    group = GroupCommit(lambda: db)
    try:
        task = asyncio.ensure_future(group.write(lambda: _insert(11)))
        for _ in range(cancel_after):
            await asyncio.sleep(0)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        row = await db.fetchone("SELECT COUNT(*) FROM t WHERE x = 11")
    finally:
        await db.close()
    assert row is not None and row[0] == written
