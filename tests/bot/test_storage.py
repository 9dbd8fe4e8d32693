"""The storage layer on both backends: migrations, transactions, placeholders, errors."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import asyncpg
import pytest

from bot.storage import (
    CONFLICT_STATES,
    MIGRATIONS_ROOT,
    Conflict,
    Database,
    IntegrityError,
    MigrationError,
    Tx,
    is_postgres_url,
    open_database,
)
from bot.storage.base import DIALECTS, migration_script, migrations
from bot.storage.embedded import EmbeddedPostgres
from bot.storage.postgres import redact, translate
from tests.helpers import BOTH_BACKENDS


def test_every_migration_is_written_once_for_both_backends() -> None:
    found = migrations(MIGRATIONS_ROOT)
    assert len(found) >= 7 and not list(MIGRATIONS_ROOT.glob("*/*.sql"))
    for backend, dialect in DIALECTS.items():
        assert set(dialect) == set(DIALECTS["sqlite"])
        for _, path in found:
            script = migration_script(path, backend)
            assert "$" not in script, path.name
    bank = migration_script(MIGRATIONS_ROOT / "V001__bank.sql", "postgres")
    assert re.search(r"\bdelta +BIGINT +NOT NULL", bank) and "INTEGER" not in bank


@BOTH_BACKENDS
async def test_each_backend_gets_its_own_types(database_target: str | Path, backend: str) -> None:
    db = await open_database(database_target)
    try:
        if backend == "sqlite":
            accounts = await db.fetchval("SELECT sql FROM sqlite_master WHERE name = 'accounts'")
            assert accounts.endswith("WITHOUT ROWID")
            columns = {r[1]: r[2] for r in await db.fetchall("PRAGMA table_info(ledger)")}
            assert columns == {
                **dict.fromkeys(["id", "guild_id", "user_id", "delta", "table_id"], "INTEGER"),
                "reason": "TEXT",
                "at": "REAL",
            }
            assert await db.table_exists("sqlite_sequence")  # AUTOINCREMENT ids
        else:
            rows = await db.fetchall(
                "SELECT column_name, data_type, is_identity FROM information_schema.columns"
                " WHERE table_name = 'ledger'"
            )
            columns = {r[0]: (r[1], r[2]) for r in rows}
            assert columns["id"] == ("bigint", "YES")
            assert columns["delta"] == columns["user_id"] == ("bigint", "NO")
            assert columns["at"] == ("double precision", "NO")
            seat = "SELECT data_type FROM information_schema.columns WHERE table_name = ?"
            assert await db.fetchval(seat + " AND column_name = 'seat'", ("table_actions",)) == (
                "integer"
            )
    finally:
        await db.close()


def test_placeholders_become_numbered_outside_literals_and_casts() -> None:
    assert translate("SELECT ? , '?', x::text WHERE a = ?", (1, 2)) == (
        "SELECT $1 , '?', x::text WHERE a = $2",
        [1, 2],
    )
    assert translate("UPDATE t SET a = :a, b = :b WHERE id = :a", {"b": 2, "a": 1, "c": 3}) == (
        "UPDATE t SET a = $1, b = $2 WHERE id = $1",
        [1, 2],
    )
    assert translate("SELECT 'it''s :x'", ()) == ("SELECT 'it''s :x'", [])


def test_urls_choose_the_backend_and_hide_the_password() -> None:
    assert is_postgres_url("postgresql://u:secret@h/db") and is_postgres_url("postgres://h/db")
    assert not is_postgres_url(Path("data/sabacc.db")) and not is_postgres_url("data/x.db")
    assert redact("postgresql://u:secret@h:5/db") == "postgresql://u:***@h:5/db"


@BOTH_BACKENDS
async def test_open_applies_every_migration_once(database_target: str | Path, backend: str) -> None:
    db = await open_database(database_target)
    try:
        assert db.backend == backend
        assert db.schema_version == len(migrations(MIGRATIONS_ROOT)) >= 7
        for table in ("accounts", "ledger", "escrow", "daily_claims", "game_tables"):
            assert await db.table_exists(table)
        assert not await db.table_exists("nope")
        await db.execute(
            "INSERT INTO daily_claims (guild_id, user_id, claimed_at) VALUES (?, ?, ?)", (1, 2, 3.0)
        )
    finally:
        await db.close()
    again = await open_database(database_target)
    try:
        assert again.schema_version == db.schema_version
        assert await again.fetchval("SELECT claimed_at FROM daily_claims") == 3.0
    finally:
        await again.close()


@BOTH_BACKENDS
async def test_a_failing_migration_changes_nothing(
    database_target: str | Path, backend: str, tmp_path: Path
) -> None:
    folder = tmp_path / "migrations"
    folder.mkdir()
    (folder / "V001__ok.sql").write_text("CREATE TABLE a (x ${BIGINT});")
    (folder / "V002__bad.sql").write_text("CREATE TABLE b (x INTEGER); SELECT * FROM nope;")
    with pytest.raises(MigrationError, match=r"V002__bad\.sql failed"):
        await open_database(database_target, migrations_root=folder)
    (folder / "V002__bad.sql").write_text("CREATE TABLE b (x ${NUMBER});")
    with pytest.raises(MigrationError, match=r"V002__bad\.sql: \$\{NUMBER\} means nothing"):
        await open_database(database_target, migrations_root=folder)
    (folder / "V002__bad.sql").write_text("CREATE TABLE b (x INTEGER); SELECT '$1';")
    with pytest.raises(MigrationError, match=r"V002__bad\.sql: Invalid placeholder"):
        await open_database(database_target, migrations_root=folder)
    (folder / "V002__bad.sql").write_text("CREATE TABLE b (x ${DOUBLE});")
    db = await open_database(database_target, migrations_root=folder)
    try:
        assert db.schema_version == 2 and await db.table_exists("b")
    finally:
        await db.close()


@pytest.mark.parametrize("name", ["001_init.sql", "V1_init.sql"])
async def test_misnamed_migrations_are_refused(tmp_path: Path, name: str) -> None:
    (tmp_path / name).write_text("SELECT 1;")
    with pytest.raises(MigrationError, match=r"V001__name\.sql"):
        await open_database(":memory:", migrations_root=tmp_path)


async def test_sqlite_uses_wal_foreign_keys_and_user_version(tmp_path: Path) -> None:
    db = await open_database(tmp_path / "nested" / "s.db")
    try:
        assert (tmp_path / "nested" / "s.db").exists()
        assert await db.fetchval("PRAGMA user_version") == db.schema_version
        assert await db.fetchval("PRAGMA journal_mode") == "wal"
        assert await db.fetchval("PRAGMA foreign_keys") == 1
    finally:
        await db.close()


async def _write_three(db: Database, key: object, *, fail: bool = False) -> None:
    """One transaction writing the rows ``(key, 0)``, ``(key, 1)`` and ``(key, 2)`` into ``t``,
    letting the other tasks run between them; with ``fail`` it raises ``ValueError(key)`` at its
    end, so it keeps none of them."""
    async with db.transaction() as tx:
        for step in range(3):
            await tx.execute("INSERT INTO t VALUES (?, ?)", (key, step))
            await asyncio.sleep(0)  # let the other writers run if they could
        if fail:
            raise ValueError(key)


async def test_sqlite_transactions_never_interleave(tmp_path: Path) -> None:
    db = await open_database(tmp_path / "s.db")
    try:
        await db.execute("CREATE TABLE t (writer TEXT, step INTEGER)")
        await asyncio.gather(*(_write_three(db, name) for name in "abc"))
        rows = [tuple(r) for r in await db.fetchall("SELECT writer, step FROM t ORDER BY rowid")]
        blocks = [rows[i : i + 3] for i in range(0, 9, 3)]
        assert all(len({w for w, _ in block}) == 1 for block in blocks), rows
    finally:
        await db.close()


@BOTH_BACKENDS
async def test_helpers_inside_a_transaction_see_its_writes_and_nesting_is_refused(
    database_target: str | Path,
) -> None:
    db = await open_database(database_target)
    try:
        await db.execute("CREATE TABLE t (x INTEGER PRIMARY KEY)")
        with pytest.raises(RuntimeError, match="boom"):
            async with db.transaction() as tx:
                await tx.execute("INSERT INTO t VALUES (1)")
                assert await db.fetchval("SELECT COUNT(*) FROM t") == 1
                with pytest.raises(RuntimeError, match="nested"):
                    async with db.transaction():
                        pass
                raise RuntimeError("boom")
        assert await db.fetchval("SELECT COUNT(*) FROM t") == 0
        await db.executemany("INSERT INTO t VALUES (?)", [(1,), (2,)])
        with pytest.raises(IntegrityError):
            await db.execute("INSERT INTO t VALUES (?)", (2,))
        assert await db.fetchval("SELECT COUNT(*) FROM t") == 2
    finally:
        await db.close()
    await db.close()  # idempotent
    with pytest.raises(RuntimeError, match="closed"):
        await db.fetchone("SELECT 1")


@BOTH_BACKENDS
async def test_concurrent_transactions_are_all_or_nothing(database_target: str | Path) -> None:
    db = await open_database(database_target)
    try:
        await db.execute("CREATE TABLE t (k INTEGER, v INTEGER)")
        odd_fail = (_write_three(db, k, fail=k % 2 == 1) for k in range(8))
        await asyncio.gather(*odd_fail, return_exceptions=True)
        rows = await db.fetchall("SELECT k, COUNT(*) FROM t GROUP BY k ORDER BY k")
        assert [tuple(r) for r in rows] == [(0, 3), (2, 3), (4, 3), (6, 3)]
    finally:
        await db.close()


@BOTH_BACKENDS
async def test_execute_all_runs_every_statement_in_order_inside_the_transaction(
    database_target: str | Path,
) -> None:
    """Several statements, one or many parameter sets each (named or positional), in order; a
    refused one is an :class:`IntegrityError` and the transaction keeps nothing of the batch."""
    db = await open_database(database_target)
    try:
        await db.execute("CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT)")
        insert = "INSERT INTO t (k, v) VALUES (?, ?)"
        async with db.transaction() as tx:
            await tx.execute_all(
                [
                    (insert, [(1, "a"), (2, "b"), (3, "c")]),
                    ("UPDATE t SET v = v || :tail WHERE k >= :k", [{"tail": "!", "k": 2}]),
                    ("DELETE FROM t WHERE k = ?", [(3,)]),
                    ("DELETE FROM t WHERE k = ?", []),
                ]
            )
        with pytest.raises(IntegrityError):
            async with db.transaction() as tx:
                await tx.execute_all([(insert, [(4, "d")]), (insert, [(5, "e"), (1, "again")])])
        rows = await db.fetchall("SELECT k, v FROM t ORDER BY k")
    finally:
        await db.close()
    assert [tuple(r) for r in rows] == [(1, "a"), (2, "b!")]


def test_the_embedded_server_is_loopback_only_and_removes_its_data() -> None:
    server = EmbeddedPostgres().start()
    root = server.log_path.parent
    try:
        assert server.url().startswith("postgresql://postgres@127.0.0.1:")
        assert root.exists()
    finally:
        server.stop()
    assert not root.exists()
    server.stop()  # idempotent


async def lose_a_race(tx: Tx, backend: str, sqlstate: str) -> None:
    """Fail the running statement as a lost race does: on PostgreSQL the server raises the real
    SQLSTATE; SQLite never loses one (it serialises writers), so its conflict is raised here."""
    if backend == "postgres":
        await tx.execute(
            f"DO $$ BEGIN RAISE EXCEPTION 'injected' USING ERRCODE = '{sqlstate}'; END $$"
        )
    raise Conflict("injected", sqlstate)


@BOTH_BACKENDS
@pytest.mark.parametrize("sqlstate", sorted(CONFLICT_STATES))
async def test_a_transaction_that_lost_a_race_is_run_again_until_it_commits(
    database_target: str | Path, backend: str, sqlstate: str
) -> None:
    db = await open_database(database_target)
    db.write_pause = 0.0
    runs = 0

    async def work(tx: Tx) -> int:
        nonlocal runs
        runs += 1
        await tx.execute("INSERT INTO t (k) VALUES (?)", (runs,))
        if runs < db.write_tries:
            await lose_a_race(tx, backend, sqlstate)
        return runs

    try:
        await db.execute("CREATE TABLE t (k INTEGER)")
        assert await db.write(work) == db.write_tries == 5
        rows = await db.fetchall("SELECT k FROM t")
    finally:
        await db.close()
    assert [r[0] for r in rows] == [5]  # the runs that lost were rolled back


@BOTH_BACKENDS
async def test_other_errors_and_races_lost_too_often_are_not_run_again(
    database_target: str | Path, backend: str
) -> None:
    db = await open_database(database_target)
    db.write_pause = 0.0
    runs: list[str] = []

    async def duplicate(tx: Tx) -> None:
        runs.append("duplicate")
        await tx.execute("INSERT INTO t (k) VALUES (1)")

    async def always_losing(tx: Tx) -> None:
        runs.append("losing")
        await tx.execute("INSERT INTO t (k) VALUES (2)")
        await lose_a_race(tx, backend, "40P01")

    async def broken(tx: Tx) -> None:
        runs.append("broken")
        await tx.execute("SELECT 1 / (SELECT COUNT(*) FROM t WHERE k = 42) FROM t")

    try:
        await db.execute("CREATE TABLE t (k INTEGER PRIMARY KEY)")
        await db.execute("INSERT INTO t (k) VALUES (1)")
        with pytest.raises(IntegrityError):
            await db.write(duplicate)
        with pytest.raises(Conflict) as lost:
            await db.write(always_losing)
        assert lost.value.sqlstate == "40P01"
        if backend == "postgres":  # division by zero: an error, but not a lost race
            with pytest.raises(asyncpg.DivisionByZeroError):
                await db.write(broken)
        rows = await db.fetchall("SELECT k FROM t")
    finally:
        await db.close()
    assert runs.count("duplicate") == 1 and runs.count("broken") <= 1
    assert runs.count("losing") == db.write_tries
    assert [r[0] for r in rows] == [1]
