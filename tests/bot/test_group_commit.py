"""Group commit on a real database (a SQLite file and PostgreSQL): writes arriving together share
transactions, and each stays atomic on its own (a refused one is rolled back alone, the others
are committed), also when the refusal is a table whose lease this process lost."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bench.stub import open_runtime, open_tables, pending_moves
from bot.bank import Bank
from bot.storage import Conflict, Database, IntegrityError, Tx, open_database
from bot.storage.postgres import PostgresTx
from bot.storage.sqlite import SqliteTx
from bot.tables import commits, turns
from bot.tables.commits import GroupCommit
from bot.tables.store import LeaseLost, held_leases
from tests.helpers import BOTH_BACKENDS, assert_hands_verify

pytestmark = BOTH_BACKENDS


async def _open(target: str | Path) -> Database:
    db = await open_database(target)
    await db.execute("CREATE TABLE t (x INTEGER PRIMARY KEY, note TEXT)")
    return db


def _insert(x: int) -> list[tuple[str, Any]]:
    return [("INSERT INTO t (x, note) VALUES (?, ?)", (x, f"n{x}"))]


async def _leased(db: Database, token: str) -> int:
    """A table row whose lease ``token`` holds; its id."""
    table_id = await db.fetchval(
        "INSERT INTO game_tables (guild_id, channel_id, variant, host_id, status, buy_in,"
        " turn_timeout, created_at, updated_at) VALUES (1, ?, 'kessel', 1, 'playing', 10, 60,"
        " 0, 0) RETURNING id",
        (random.randrange(2**40),),
    )
    await db.execute(
        "INSERT INTO table_leases (table_id, owner, token, expires_at) VALUES (?, 'me', ?, 9e9)",
        (table_id, token),
    )
    return int(table_id)


def one_move_per_table(tables: list[Any], rng: random.Random) -> list[tuple[Any, ...]]:
    """A random legal move of one pending seat of every running table."""
    moves: dict[int, tuple[Any, ...]] = {}
    for move in pending_moves(tables, rng):
        moves.setdefault(move[0].id, move)
    return list(moves.values())


async def test_concurrent_writes_share_transactions(database_target: str | Path) -> None:
    db = await _open(database_target)
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


async def test_a_refused_write_is_rolled_back_alone(database_target: str | Path) -> None:
    db = await _open(database_target)
    group = GroupCommit(lambda: db)

    async def refuse(tx: Any) -> None:
        await tx.execute("INSERT INTO t (x, note) VALUES (100, 'half done')")
        raise ValueError("refused")

    async def fine(tx: Any) -> None:
        await tx.execute("INSERT INTO t (x, note) VALUES (200, 'work')")

    async def duplicate(tx: Any) -> None:  # a failing statement inside the savepoint
        await tx.execute("INSERT INTO t (x, note) VALUES (200, 'again')")

    held, lost = await _leased(db, "mine"), await _leased(db, "theirs")
    try:
        results = await asyncio.gather(
            group.write(lambda: _insert(1)),
            group.write(lambda: _insert(2), refuse),
            group.write(lambda: _insert(3), fine),
            group.write(lambda: _insert(5), duplicate),
            group.write(lambda: _insert(6), fine, lease=(lost, "mine")),
            group.write(lambda: _insert(8), lease=(lost, "mine")),
            group.write(lambda: _insert(4), lease=(held, "mine")),
            return_exceptions=True,
        )
        rows = await db.fetchall("SELECT x FROM t ORDER BY x")
    finally:
        await db.close()
    assert isinstance(results[1], ValueError)
    assert isinstance(results[3], IntegrityError)
    assert isinstance(results[4], LeaseLost)  # refused by its lease: its work never ran
    assert isinstance(results[5], LeaseLost)
    assert [r for i, r in enumerate(results) if i not in (1, 3, 4, 5)] == [None, None, None]
    assert group.batches == 1  # the refusals did not cost the others their shared transaction
    assert [r[0] for r in rows] == [1, 3, 4, 200]  # nothing of the refused writes


async def test_one_fencing_query_tells_which_leases_a_token_still_holds(
    database_target: str | Path,
) -> None:
    """Of the tables asked about, exactly those whose lease row carries the token (the id list
    padded to a power of two changes nothing; more ids than one query takes are split)."""
    db = await _open(database_target)
    try:
        mine = [await _leased(db, "mine") for _ in range(3)]
        theirs = [await _leased(db, "theirs") for _ in range(2)]
        async with db.transaction() as tx:
            held = await held_leases(tx, "mine", [mine[0], theirs[0], mine[2], theirs[1]])
            none = await held_leases(tx, "gone", mine)
            many = await held_leases(tx, "mine", [*mine, *range(10**6, 10**6 + 600)])
    finally:
        await db.close()
    assert held == {mine[0], mine[2]}
    assert none == set()
    assert many == set(mine)


async def test_a_failing_statement_fails_only_its_write(database_target: str | Path) -> None:
    db = await _open(database_target)
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
    assert isinstance(results[1], IntegrityError)
    assert [r[0] for r in rows] == [5, 7, 9]


@pytest.mark.parametrize(("cancel_after", "written"), [(0, 0), (1, 1)])
async def test_a_cancelled_caller_still_learns_the_outcome(
    database_target: str | Path, cancel_after: int, written: int
) -> None:
    """Cancelled before its write was queued: nothing written; after: written, then the
    caller's cancellation goes on (its memory and the database never disagree)."""
    db = await _open(database_target)
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


async def test_a_table_whose_lease_was_lost_fails_alone_in_a_shared_batch(
    database_target: str | Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table runtime (only Discord's HTTP stubbed): three tables act at the same instant,
    so their writes share one transaction; another process took the middle table over just
    before. Its action is refused (:class:`LeaseLost`, nothing of it written, its game as it
    was); the other two are committed."""
    bot, manager = await open_runtime(database_target, edit_interval=0.0)
    try:
        tables = await open_tables(manager, 3)
        lost = tables[1]
        # The table messages are posted (their ids saved under the table's lock) first.
        await asyncio.gather(*(t.tasks.render for t in tables if t.tasks.render))
        for table in tables:  # the three acts below start together once these are released
            await table.lock.acquire()
        await bot.db.execute(
            "UPDATE table_leases SET owner = 'other', token = 'other' WHERE table_id = ?",
            (lost.id,),
        )
        moves = {}
        for table, seat, action, turn in pending_moves(tables, random.Random(3)):
            moves.setdefault(table.id, (table, seat, action, turn))
        before = {t.id: t.game.to_json() for t in tables if t.game is not None}
        batches = manager.group.batches
        fenced: list[list[int]] = []

        async def fence(tx: Any, token: str, ids: list[int]) -> set[int]:
            fenced.append(list(ids))
            return await held_leases(tx, token, ids)

        monkeypatch.setattr(commits, "held_leases", fence)
        monkeypatch.setattr(turns, "SLICE", 60.0)  # however slow the machine: one turn for all
        acts = asyncio.gather(
            *(manager.act(t, s, a, turn=turn) for t, s, a, turn in moves.values()),
            return_exceptions=True,
        )
        await asyncio.sleep(0)  # every act waits for its table's lock
        for table in tables:
            table.lock.release()
        results = await acts
        assert manager.group.batches == batches + 1  # one shared transaction
        assert fenced == [[t.id for t in tables]]  # fenced by one query for the whole batch
        assert isinstance(results[1], LeaseLost)
        assert not isinstance(results[0], BaseException)
        assert not isinstance(results[2], BaseException)
        assert lost.game is not None and lost.game.to_json() == before[lost.id]
        for table in tables:
            assert table.game is not None
            row = await bot.db.fetchone(
                "SELECT seq, (SELECT MAX(seq) FROM table_actions WHERE table_id = ?)"
                " FROM game_tables WHERE id = ?",
                (table.id, table.id),
            )
            assert row is not None
            assert row[0] == table.game.seq  # the database holds what memory holds
            assert row[1] == (None if table is lost else table.game.seq)
    finally:
        await manager.close()
        await bot.db.close()


async def test_hands_stay_verifiable_when_every_batch_is_written_again(
    database_target: str | Path,
) -> None:
    """Three fair tables play to the end; in every batch a broken write fails the shared
    transaction, so each action is written again alone (its hand-history step included). Every
    step is recorded once: each finished hand verifies, none is left running."""
    bot, manager = await open_runtime(database_target, edit_interval=0.0)
    rng = random.Random(9)
    try:
        tables = await open_tables(manager, 3)
        assert all(t.fair_master is not None for t in tables)
        while moves := one_move_per_table(tables, rng):
            broken = manager.group.write(lambda: [("INSERT INTO nowhere VALUES (1)", ())])
            results = await asyncio.gather(
                *(manager.act(t, s, a, turn=turn) for t, s, a, turn in moves),
                broken,
                return_exceptions=True,
            )
            assert isinstance(results[-1], Exception)
            assert not any(isinstance(r, BaseException) for r in results[:-1]), results
        assert manager.group.batches < manager.group.writes  # the batches were shared, then alone
        await assert_hands_verify(bot.db, 3)
    finally:
        await manager.close()
        await bot.db.close()


async def test_a_batch_that_lost_a_race_is_written_again_once_in_memory(
    database_target: str | Path, backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every batch loses a race once after all its work ran (a deadlock at its last statement;
    on PostgreSQL the server's own 40P01) and is run again whole: no caller sees it, and what
    the writes keep in memory is applied once — each action is logged once, every hand still
    verifies, every game settles with every credit accounted for."""
    bot, manager = await open_runtime(database_target, edit_interval=0.0)
    bot.db.write_pause = 0.0
    tx_class = SqliteTx if backend == "sqlite" else PostgresTx
    real_write_all, real_batch = tx_class.execute_all, GroupCommit._write_batch
    armed: list[bool] = []
    lost: list[int] = []

    async def write_batch(self: GroupCommit, batch: list[commits.Write]) -> None:
        armed.append(True)  # this batch's first run will lose
        await real_batch(self, batch)

    async def execute_all(tx: Any, batch: Any) -> None:
        await real_write_all(tx, batch)
        if armed:
            armed.clear()
            lost.append(1)
            if backend == "postgres":
                await tx.execute(
                    "DO $$ BEGIN RAISE EXCEPTION 'injected' USING ERRCODE = '40P01'; END $$"
                )
            raise Conflict("injected", "40P01")

    monkeypatch.setattr(GroupCommit, "_write_batch", write_batch)
    monkeypatch.setattr(tx_class, "execute_all", execute_all)
    rng = random.Random(3)
    acted: dict[int, int] = {}
    try:
        tables = await open_tables(manager, 3)
        before = await bot.bank.total_money(1)
        while moves := one_move_per_table(tables, rng):
            results = await asyncio.gather(
                *(manager.act(t, s, a, turn=turn) for t, s, a, turn in moves),
                return_exceptions=True,
            )
            assert not any(isinstance(r, BaseException) for r in results), results
            for move in moves:
                acted[move[0].id] = acted.get(move[0].id, 0) + 1
        logged = await bot.db.fetchall(
            "SELECT table_id, COUNT(*) FROM table_actions GROUP BY table_id"
        )
        await assert_hands_verify(bot.db, 3)
        after = await bot.bank.total_money(1)
        escrow = await bot.db.fetchall("SELECT * FROM escrow")
    finally:
        await manager.close()
        await bot.db.close()
    assert len(lost) == manager.group.batches  # every batch lost once, none failed for it
    assert {int(r[0]): int(r[1]) for r in logged} == acted
    assert all(t.game is not None and t.game.finished for t in tables)
    assert after == before and escrow == []


async def test_batches_lock_the_accounts_of_all_their_writes_in_one_order(
    database_target: str | Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Two processes' batches change the same accounts, each write in its own order: one batch
    changes accounts 3 and 2, then 1; the other 1, then 2. Each batch locks all the accounts its
    writes name first, in id order, so neither waits for the other in a circle: no deadlock to
    run again (tries limited to one), no batch broken up."""
    db = await open_database(database_target)
    db.write_tries = 1  # the lock order alone must do
    bank = Bank(db)
    first, second = (GroupCommit(lambda: db, bank.lock_accounts_in) for _ in range(2))

    def changing(*users: int) -> Callable[[Tx], Awaitable[None]]:
        async def work(tx: Tx) -> None:
            for user in users:
                await bank.credit_in(tx, 1, user, 1, "test")
                await asyncio.sleep(0)

        return work

    caplog.set_level(logging.WARNING, logger="bot.tables.commits")
    try:
        for user in (1, 2, 3):
            await bank.balance(1, user)
        for _ in range(24):
            results = await asyncio.gather(
                first.write(list, changing(3, 2), accounts=(1, (2, 3))),
                first.write(list, changing(1), accounts=(1, (1,))),
                second.write(list, changing(1, 2), accounts=(1, (1, 2))),
                return_exceptions=True,
            )
            assert results == [None, None, None]
        balances = [await bank.balance(1, user) for user in (1, 2, 3)]
    finally:
        await db.close()
    assert balances == [1048, 1048, 1024]
    assert not [r for r in caplog.records if "failed" in r.getMessage()]
