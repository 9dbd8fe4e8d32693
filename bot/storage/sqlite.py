"""The SQLite backend: one aiosqlite connection, serialised ``BEGIN IMMEDIATE`` transactions.

Every statement goes through one connection, and an :class:`asyncio.Lock` serialises whole
transactions, so statements of two coroutines never interleave inside one transaction. The
file is in WAL mode; the schema version is ``PRAGMA user_version``.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager, closing
from pathlib import Path
from typing import TypeVar

import aiosqlite

from bot.storage import base
from bot.storage.base import Database, IntegrityError, MigrationError, Params, Row, Tx

__all__ = ["SqliteDatabase"]

log = logging.getLogger(__name__)
T = TypeVar("T")


class SqliteTx(Tx):
    """Statements on the shared connection (the caller holds the lock). Each statement is one
    call on aiosqlite's thread (run, read its rows, close its cursor): one hand-over to that
    thread and one wake-up of the event loop, not one per cursor operation."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def _on_thread(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work(connection)`` on aiosqlite's thread, with the sqlite3 connection it owns."""
        raw = self.conn

        def run() -> T:
            return work(raw._conn)  # the sqlite3 connection, on aiosqlite's own thread

        try:
            result: T = await raw._execute(run)  # type: ignore[no-untyped-call]
        except sqlite3.IntegrityError as error:
            raise IntegrityError(str(error)) from error
        return result

    async def _statement(self, sql: str, params: Params, read: Callable[[sqlite3.Cursor], T]) -> T:
        """Run one statement and ``read`` its cursor, both on aiosqlite's thread; the cursor is
        closed there too (an unfinished statement would block later COMMITs)."""

        def run(connection: sqlite3.Connection) -> T:
            with closing(connection.execute(sql, params)) as cursor:
                return read(cursor)

        return await self._on_thread(run)

    async def execute(self, sql: str, params: Params = ()) -> int:
        return await self._statement(sql, params, lambda cursor: cursor.rowcount)

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        def first(cursor: sqlite3.Cursor) -> Row | None:
            row: sqlite3.Row | None = cursor.fetchone()
            # Drain RETURNING statements so the write completes before the cursor closes.
            cursor.fetchall()
            return row

        return await self._statement(sql, params, first)

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return await self._statement(sql, params, lambda cursor: list(cursor.fetchall()))

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        try:
            await self.conn.executemany(sql, rows)
        except sqlite3.IntegrityError as error:
            raise IntegrityError(str(error)) from error

    async def lock_table(self, name: str) -> None:
        """Nothing to do: ``BEGIN IMMEDIATE`` already keeps every other writer out."""

    async def execute_all(self, batch: Sequence[tuple[str, Sequence[Params]]]) -> None:
        """Every statement in one call on aiosqlite's thread (one hand-over and one wake-up of
        the event loop for the whole batch instead of two per statement)."""

        def run(connection: sqlite3.Connection) -> None:
            for sql, rows in batch:
                if len(rows) == 1:
                    connection.execute(sql, rows[0]).close()
                elif rows:
                    connection.executemany(sql, rows).close()

        await self._on_thread(run)


class SqliteDatabase(Database):
    """A single aiosqlite connection shared by the whole bot. Build it with :meth:`open`."""

    backend = "sqlite"

    def __init__(self, conn: aiosqlite.Connection, path: Path | str) -> None:
        super().__init__(str(path))
        self._conn = conn
        self._tx = SqliteTx(conn)
        self.path = path
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path | str, *, migrations_dir: Path) -> SqliteDatabase:
        """Open (creating it and its parent directory if needed) and migrate the database.

        ``path`` may be ``":memory:"`` for throwaway databases.
        """
        if str(path) != ":memory:":
            path = Path(path)
            path.parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        conn.row_factory = sqlite3.Row
        return await cls(conn, path)._opened(migrations_dir)

    async def _prepare(self) -> None:
        pragmas = ["foreign_keys = ON", "busy_timeout = 5000"]
        if str(self.path) != ":memory:":
            pragmas += ["journal_mode = WAL", "synchronous = NORMAL"]
        for pragma in pragmas:
            # Close each cursor: an unfinished statement would block later COMMITs.
            async with self._conn.execute(f"PRAGMA {pragma}"):
                pass

    async def _migrate(self, directory: Path) -> None:
        async with self._conn.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        current = int(row[0]) if row else 0
        for version, path in base.pending_migrations(base.migrations(directory), current):
            script = base.migration_script(path, self.backend)
            log.info("Applying migration %s", path.name)
            try:
                # executescript commits first, so the transaction is part of the script.
                await self._conn.executescript(
                    f"BEGIN IMMEDIATE;\n{script}\n;PRAGMA user_version = {version};\nCOMMIT;"
                )
            except sqlite3.Error as error:
                if self._conn.in_transaction:
                    await self._conn.execute("ROLLBACK")
                raise MigrationError(f"{path.name} failed: {error}") from error
            current = version
        self.schema_version = current

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        """``BEGIN IMMEDIATE`` … ``COMMIT``; ``ROLLBACK`` if the block raises.

        Transactions are serialised: a second coroutine waits until the first one finishes.
        """
        self._check_nested()
        async with self._lock:
            self._check_open()
            task = self._claim(self._tx)
            try:
                await self._conn.execute("BEGIN IMMEDIATE")
                try:
                    yield self._tx
                except BaseException:
                    await self._conn.execute("ROLLBACK")
                    raise
                await self._conn.execute("COMMIT")
            finally:
                self._release(task)

    @asynccontextmanager
    async def _outside(self) -> AsyncIterator[Tx]:
        async with self._lock:
            self._check_open()
            yield self._tx

    async def table_exists(self, name: str) -> bool:
        row = await self.fetchone(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)
        )
        return row is not None

    async def close(self) -> None:
        async with self._lock:
            if self.closed:
                return
            self.closed = True
            await self._conn.close()
