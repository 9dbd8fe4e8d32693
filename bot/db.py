"""One aiosqlite connection, numbered migrations, and serialised write transactions.

Public API (stable)::

    class Database:
        await Database.open(path, *, migrations_dir=MIGRATIONS_DIR) -> Database
        async with db.transaction() as conn: ...   # BEGIN IMMEDIATE ... COMMIT / ROLLBACK
        await db.execute(sql, params=()) -> int     # one statement, autocommitted; rowcount
        await db.fetchone(sql, params=()) -> sqlite3.Row | None
        await db.fetchall(sql, params=()) -> list[sqlite3.Row]
        await db.table_exists(name) -> bool
        await db.close()
        db.path: Path | str          db.schema_version: int     db.closed: bool
    MIGRATIONS_DIR: Path             # bot/migrations, files V001__name.sql, V002__name.sql, ...
    class MigrationError(RuntimeError)

Concurrency model: every statement goes through one connection, and an :class:`asyncio.Lock`
serialises whole transactions, so statements of two coroutines never interleave inside one
transaction. Inside ``async with db.transaction() as conn`` use ``conn`` (an
``aiosqlite.Connection``) for every statement; the ``fetch*``/``execute`` helpers called from the
task that owns the open transaction run on it directly instead of waiting for the lock (they see
its uncommitted writes), and a nested ``transaction()`` raises :class:`RuntimeError`.

Rows are :class:`sqlite3.Row` (index by name or position).
"""

from __future__ import annotations

import asyncio
import logging
import re
import sqlite3
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

__all__ = ["MIGRATIONS_DIR", "Database", "MigrationError", "Params"]

log = logging.getLogger(__name__)

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
_MIGRATION_NAME = re.compile(r"V(?P<version>[0-9]+)__[A-Za-z0-9_]+\.sql")

Params = tuple[Any, ...] | dict[str, Any]


class MigrationError(RuntimeError):
    """A migration file is misnamed or failed to apply (the database is left unchanged)."""


def _migrations(directory: Path) -> list[tuple[int, Path]]:
    """``(version, path)`` of every migration file in ``directory``, in order."""
    found: dict[int, Path] = {}
    for path in sorted(directory.glob("*.sql")):
        match = _MIGRATION_NAME.fullmatch(path.name)
        if match is None:
            raise MigrationError(f"{path.name}: migration files must be named V001__name.sql")
        version = int(match["version"])
        if version in found:
            raise MigrationError(f"two migrations with version {version}: {found[version].name}")
        found[version] = path
    versions = sorted(found)
    if versions != list(range(1, len(versions) + 1)):
        raise MigrationError(f"migration versions must be 1, 2, 3, ... without gaps: {versions}")
    return [(v, found[v]) for v in versions]


class Database:
    """A single aiosqlite connection shared by the whole bot. Build it with :meth:`open`."""

    def __init__(self, conn: aiosqlite.Connection, path: Path | str) -> None:
        self._conn = conn
        self.path = path
        self._lock = asyncio.Lock()
        self._owner: asyncio.Task[Any] | None = None
        self.schema_version = 0
        self.closed = False

    @classmethod
    async def open(cls, path: Path | str, *, migrations_dir: Path = MIGRATIONS_DIR) -> Database:
        """Open (creating it and its parent directory if needed) and migrate the database.

        ``path`` may be ``":memory:"`` for throwaway databases.
        """
        in_memory = str(path) == ":memory:"
        if not in_memory:
            path = Path(path)
            path.parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        try:
            conn.row_factory = sqlite3.Row
            pragmas = ["foreign_keys = ON", "busy_timeout = 5000"]
            if not in_memory:
                pragmas += ["journal_mode = WAL", "synchronous = NORMAL"]
            for pragma in pragmas:
                # Close each cursor: an unfinished statement would block later COMMITs.
                async with conn.execute(f"PRAGMA {pragma}"):
                    pass
            db = cls(conn, path)
            await db._migrate(migrations_dir)
        except BaseException:
            await conn.close()
            raise
        return db

    async def _migrate(self, directory: Path) -> None:
        async with self._conn.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        current = int(row[0]) if row else 0
        migrations = _migrations(directory)
        if current > len(migrations):
            raise MigrationError(
                f"the database is at schema version {current}, newer than this code "
                f"({len(migrations)}); upgrade the bot"
            )
        for version, path in migrations[current:]:
            script = path.read_text(encoding="utf-8")
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
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """``BEGIN IMMEDIATE`` … ``COMMIT``; ``ROLLBACK`` if the block raises.

        Transactions are serialised: a second coroutine waits until the first one finishes.
        """
        task = asyncio.current_task()
        if task is not None and task is self._owner:
            raise RuntimeError("nested Database.transaction(): use the open transaction's conn")
        async with self._lock:
            self._check_open()
            self._owner = task
            try:
                await self._conn.execute("BEGIN IMMEDIATE")
                try:
                    yield self._conn
                except BaseException:
                    await self._conn.execute("ROLLBACK")
                    raise
                await self._conn.execute("COMMIT")
            finally:
                self._owner = None

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[aiosqlite.Connection]:
        """The connection, under the lock unless this task already holds it."""
        task = asyncio.current_task()
        if task is not None and task is self._owner:
            yield self._conn
            return
        async with self._lock:
            self._check_open()
            yield self._conn

    async def execute(self, sql: str, params: Params = ()) -> int:
        """Run one statement (autocommitted unless inside this task's transaction); rowcount."""
        async with self._reading() as conn, conn.execute(sql, params) as cursor:
            return cursor.rowcount

    async def fetchone(self, sql: str, params: Params = ()) -> sqlite3.Row | None:
        """The first row of a query, or ``None``."""
        async with self._reading() as conn, conn.execute(sql, params) as cursor:
            row: sqlite3.Row | None = await cursor.fetchone()
            return row

    async def fetchall(self, sql: str, params: Params = ()) -> list[sqlite3.Row]:
        """Every row of a query."""
        async with self._reading() as conn, conn.execute(sql, params) as cursor:
            return list(await cursor.fetchall())

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        """Run one statement per parameter set, all in one transaction."""
        async with self.transaction() as conn:
            await conn.executemany(sql, rows)

    async def table_exists(self, name: str) -> bool:
        """Whether a table called ``name`` exists (e.g. one created by a later migration)."""
        row = await self.fetchone(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)
        )
        return row is not None

    async def close(self) -> None:
        """Close the connection (waits for a running transaction). Safe to call twice."""
        async with self._lock:
            if self.closed:
                return
            self.closed = True
            await self._conn.close()

    def _check_open(self) -> None:
        if self.closed:
            raise RuntimeError("the database is closed")
