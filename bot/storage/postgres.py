"""The PostgreSQL backend (asyncpg): a connection pool, row locks, numbered migrations.

Transactions run at ``READ COMMITTED`` on a connection of the pool, so several processes write
at once: a statement that changes a balance locks its row (``UPDATE … WHERE balance >= ?`` is
re-checked after the lock), and reads that decide a write take ``SELECT … FOR UPDATE``
(:attr:`Tx.for_update`). Migrations run under an advisory lock, so processes that start together
apply each one once; the version is kept in ``schema_migrations``.

A deadlock or a serialization failure (SQLSTATE ``40P01``, ``40001``) is raised as
:class:`~bot.storage.base.Conflict`, which :meth:`~bot.storage.base.Database.write` retries;
a refused constraint as :class:`~bot.storage.base.IntegrityError`.

SQL arrives SQLite style and is translated once per statement text (cached): ``?`` and ``:name``
become ``$1, $2, …`` (outside string literals and ``::`` casts).
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import AsyncIterator, Iterable, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

import asyncpg

from bot.settings import redact_url as redact
from bot.storage.base import (
    CONFLICT_STATES,
    Conflict,
    Database,
    IntegrityError,
    MigrationError,
    Params,
    Row,
    Tx,
    migration_script,
    migrations,
    pending_migrations,
)

__all__ = ["PostgresDatabase", "redact", "translate"]

log = logging.getLogger(__name__)

#: Any 64-bit number: serialises the migrations of processes that start at the same time.
MIGRATION_LOCK = 0x5ABACC
_TOKEN = re.compile(r"'(?:[^']|'')*'|::|\?|(?<![:\w]):(?P<name>[A-Za-z_]\w*)")


@functools.lru_cache(maxsize=512)
def _compile(sql: str) -> tuple[str, tuple[str, ...] | int]:
    """``sql`` with ``$n`` placeholders, and the names in order (``:name``) or the ``?`` count."""
    names: list[str] = []
    count = 0

    def replace(match: re.Match[str]) -> str:
        nonlocal count
        token = match.group(0)
        if token.startswith("'") or token == "::":
            return token
        if token == "?":
            count += 1
            return f"${count}"
        name = match["name"]
        if name not in names:
            names.append(name)
        return f"${names.index(name) + 1}"

    text = _TOKEN.sub(replace, sql)
    if names and count:
        raise ValueError("mix of ? and :name placeholders in one statement")
    return text, tuple(names) if names else count


def translate(sql: str, params: Params) -> tuple[str, list[Any]]:
    """``(sql with $n placeholders, positional arguments)`` for asyncpg."""
    text, spec = _compile(sql)
    if isinstance(params, dict):
        if not isinstance(spec, tuple):
            raise ValueError("named parameters given to a statement with ? placeholders")
        return text, [params[name] for name in spec]
    return text, list(params)


@contextmanager
def _translated() -> Iterator[None]:
    """asyncpg's refused constraints and lost races as the storage layer's exceptions."""
    try:
        yield
    except asyncpg.IntegrityConstraintViolationError as error:
        raise IntegrityError(str(error)) from error
    except asyncpg.PostgresError as error:
        state = getattr(error, "sqlstate", None)
        if state in CONFLICT_STATES:
            raise Conflict(str(error), str(state)) from error
        raise


class PostgresTx(Tx):
    """Statements on one pooled connection."""

    for_update = " FOR UPDATE"

    def __init__(self, conn: Any) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: Params = ()) -> int:
        text, args = translate(sql, params)
        with _translated():
            status: str = await self.conn.execute(text, *args)
        last = status.rsplit(" ", 1)[-1]
        return int(last) if last.isdigit() else -1

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        text, args = translate(sql, params)
        with _translated():
            row: Row | None = await self.conn.fetchrow(text, *args)
        return row

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        text, args = translate(sql, params)
        with _translated():
            return list(await self.conn.fetch(text, *args))

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        prepared = [translate(sql, params) for params in rows]
        if not prepared:
            return
        with _translated():
            await self.conn.executemany(prepared[0][0], [args for _, args in prepared])

    async def lock_table(self, name: str) -> None:
        if not re.fullmatch(r"[A-Za-z_]\w*", name):
            raise ValueError(f"not a table name: {name!r}")
        await self.conn.execute(f"LOCK TABLE {name} IN SHARE MODE")


class PostgresDatabase(Database):
    """A pool of asyncpg connections to one PostgreSQL database. Build it with :meth:`open`."""

    backend = "postgres"

    def __init__(self, pool: Any, url: str) -> None:
        super().__init__(redact(url))
        self._pool = pool

    @classmethod
    async def open(
        cls, url: str, *, migrations_dir: Path, min_size: int = 1, max_size: int = 10
    ) -> PostgresDatabase:
        """Connect to ``url`` (``postgresql://user:password@host:port/database``) and migrate."""
        pool = await asyncpg.create_pool(url, min_size=min_size, max_size=max_size)
        return await cls(pool, url)._opened(migrations_dir)

    async def _prepare(self) -> None:
        """Nothing: the pool's connections need no settings of their own."""

    async def _migrate(self, directory: Path) -> None:
        found = migrations(directory)
        async with self._pool.acquire() as conn:
            await conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations ("
                " version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
                " applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
            )
            async with conn.transaction():
                await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
                current = await conn.fetchval(
                    "SELECT COALESCE(MAX(version), 0) FROM schema_migrations"
                )
                for version, path in pending_migrations(found, current):
                    log.info("Applying migration %s", path.name)
                    try:
                        async with conn.transaction():  # a savepoint: one migration at a time
                            await conn.execute(migration_script(path, self.backend))
                            await conn.execute(
                                "INSERT INTO schema_migrations (version, name) VALUES ($1, $2)",
                                version,
                                path.name,
                            )
                    except asyncpg.PostgresError as error:
                        raise MigrationError(f"{path.name} failed: {error}") from error
                    current = version
        self.schema_version = int(current)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        """``BEGIN`` (read committed) … ``COMMIT``; ``ROLLBACK`` if the block raises."""
        self._check_nested()
        self._check_open()
        async with self._pool.acquire() as conn:
            tx = PostgresTx(conn)
            task = self._claim(tx)
            try:
                with _translated():  # a conflict may also be reported at COMMIT
                    async with conn.transaction():
                        yield tx
            finally:
                self._release(task)

    @asynccontextmanager
    async def _outside(self) -> AsyncIterator[Tx]:
        self._check_open()
        async with self._pool.acquire() as conn:
            yield PostgresTx(conn)

    async def table_exists(self, name: str) -> bool:
        row = await self.fetchone(
            "SELECT 1 FROM information_schema.tables"
            " WHERE table_schema = current_schema() AND table_name = ?",
            (name,),
        )
        return row is not None

    async def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        await self._pool.close()
