"""Storage: one interface (:class:`Database`, :class:`Tx`), two backends, chosen by one setting.

Public API (stable)::

    await open_database(target, *, migrations_root=MIGRATIONS_ROOT) -> Database
        # target: a path (SQLite file, ":memory:") or a postgresql:// URL (PostgreSQL)
    class Database:                       # bot.storage.base
        async with db.transaction() as tx: ...   # all or nothing; tx: Tx
        await db.write(work) -> T                # await work(tx) in a transaction; run again
                                                 # (bounded, jittered) when it lost a race
        await db.execute(sql, params=()) -> int  # one statement, autocommitted; rowcount
        await db.fetchone(sql, params=()) -> Row | None
        await db.fetchall(sql, params=()) -> list[Row]
        await db.fetchval(sql, params=()) -> Any
        await db.executemany(sql, rows) -> None  # one transaction
        await db.table_exists(name) -> bool
        await db.close()
        db.backend: "sqlite" | "postgres"   db.where: str   db.schema_version: int   db.closed
    class Tx: execute, fetchone, fetchall, fetchval, executemany, lock_table(name), for_update,
        execute_all([(sql, [params, ...]), ...])  # several statements, one trip where possible
    Row                                   # index by column name or position
    StorageError, IntegrityError, MigrationError
    Conflict(sqlstate)                    # a deadlock / serialization failure (retryable)
    CONFLICT_STATES                       # {"40P01", "40001"}
    DATABASE_ERRORS                       # exception types meaning "this database is unusable"
    is_postgres_url(target) -> bool

SQL is written once, SQLite style (``?``/``:name`` placeholders, ``RETURNING``, ``ON CONFLICT``);
migrations are written once in ``bot/migrations/`` (``V001__name.sql``, …), the few words where
the backends' schemas differ as ``${NAME}`` (:data:`~bot.storage.base.DIALECTS`).
Concurrency: SQLite serialises whole transactions in one process (``BEGIN IMMEDIATE``);
PostgreSQL runs them concurrently at read committed, so code that reads a row to decide a write
locks it with ``tx.for_update`` or writes with a conditional ``UPDATE``; a transaction that
locks several rows of one kind locks them in one order (accounts: by id,
:meth:`bot.bank.Bank.lock_accounts_in`), and every write goes through ``db.write`` so that one
that still loses a race (a deadlock) is run again instead of failing.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import asyncpg

from bot.storage import base
from bot.storage.base import *  # noqa: F403 (the package's API is base's, and the names below)
from bot.storage.base import MIGRATIONS_ROOT, Database

__all__ = ["DATABASE_ERRORS", "is_postgres_url", "open_database"]
__all__ += base.__all__

#: Failures that mean the configured database cannot be used (bad file, refused connection, …).
DATABASE_ERRORS: tuple[type[BaseException], ...] = (
    sqlite3.Error,
    asyncpg.PostgresError,
    asyncpg.InterfaceError,
    OSError,
)


def is_postgres_url(target: str | Path) -> bool:
    """Whether ``target`` names a PostgreSQL server rather than a SQLite file."""
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


async def open_database(target: str | Path, *, migrations_root: Path = MIGRATIONS_ROOT) -> Database:
    """Open and migrate the database ``target`` names (a SQLite path or a postgresql:// URL)."""
    if is_postgres_url(target):
        from bot.storage.postgres import PostgresDatabase

        assert isinstance(target, str)
        return await PostgresDatabase.open(target, migrations_dir=migrations_root)
    from bot.storage.sqlite import SqliteDatabase

    return await SqliteDatabase.open(target, migrations_dir=migrations_root)
