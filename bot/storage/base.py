"""The storage interface every backend implements, and what the backends share.

A backend is a :class:`Database` (open, migrate, run statements, open transactions) whose
transactions hand out a :class:`Tx`. :meth:`Database.write` runs a whole transaction as a
function and runs it again when it lost a race with another transaction (:class:`Conflict`: a
deadlock or a serialization failure), so callers never see those.

SQL is written once, SQLite style: ``?`` or ``:name`` placeholders, ``INSERT … RETURNING``,
``ON CONFLICT … DO UPDATE``; each backend translates what its server needs (see
:mod:`bot.storage.postgres`). Dialect differences the callers must spell go through the
:class:`Tx` attributes (:attr:`Tx.for_update`) and methods (:meth:`Tx.lock_table`), so no
caller tests which backend it runs on.
"""

from __future__ import annotations

import asyncio
import logging
import random
import re
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Iterable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any, Protocol, TypeVar

__all__ = [
    "CONFLICT_STATES",
    "MIGRATIONS_ROOT",
    "Conflict",
    "Database",
    "IntegrityError",
    "MigrationError",
    "Params",
    "Row",
    "StorageError",
    "Tx",
    "migrations",
    "pending_migrations",
]

log = logging.getLogger(__name__)
T = TypeVar("T")

#: SQLSTATEs of a transaction that lost a race and may simply be run again: deadlock detected,
#: serialization failure (PostgreSQL; SQLite serialises whole transactions and has neither).
CONFLICT_STATES = frozenset({"40P01", "40001"})

#: ``bot/migrations/<backend>/V001__name.sql``, … : the same numbers for every backend.
MIGRATIONS_ROOT = Path(__file__).resolve().parent.parent / "migrations"
_MIGRATION_NAME = re.compile(r"V(?P<version>[0-9]+)__[A-Za-z0-9_]+\.sql")

Params = tuple[Any, ...] | list[Any] | dict[str, Any]


class Row(Protocol):
    """One result row: index it by column name or position (``sqlite3.Row``, ``asyncpg.Record``)."""

    def __getitem__(self, key: int | str, /) -> Any: ...

    def __len__(self) -> int: ...

    def __iter__(self) -> Iterator[Any]: ...


class StorageError(RuntimeError):
    """A database failure that is not the caller's SQL being wrong (base class)."""


class IntegrityError(StorageError):
    """A constraint refused the write (unique key, foreign key, check)."""


class Conflict(StorageError):
    """The transaction lost a race with another one (``sqlstate`` in :data:`CONFLICT_STATES`)
    and was rolled back; run it again (:meth:`Database.write` does)."""

    def __init__(self, message: str, sqlstate: str) -> None:
        super().__init__(message)
        self.sqlstate = sqlstate


class MigrationError(StorageError):
    """A migration file is misnamed or failed to apply (the database is left unchanged)."""


def migrations(directory: Path) -> list[tuple[int, Path]]:
    """``(version, path)`` of every migration file in ``directory``, in order (1, 2, 3, …)."""
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


def pending_migrations(found: list[tuple[int, Path]], current: int) -> list[tuple[int, Path]]:
    """The migrations of ``found`` (:func:`migrations`) after schema version ``current``, in
    order; :class:`MigrationError` where the database is newer than the code."""
    if current > len(found):
        raise MigrationError(
            f"the database is at schema version {current}, newer than this code "
            f"({len(found)}); upgrade the bot"
        )
    return found[current:]


class Tx(ABC):
    """The statements of one open transaction (what ``async with db.transaction()`` yields)."""

    #: Appended to a ``SELECT`` that reads rows it is about to change: ``" FOR UPDATE"`` where
    #: the server locks rows (PostgreSQL), ``""`` where the whole transaction already holds the
    #: write lock (SQLite's ``BEGIN IMMEDIATE``).
    for_update: str = ""

    @abstractmethod
    async def execute(self, sql: str, params: Params = ()) -> int:
        """Run one statement; the number of rows it changed."""

    @abstractmethod
    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        """The first row of a query (or of ``… RETURNING``), or ``None``."""

    @abstractmethod
    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        """Every row of a query."""

    @abstractmethod
    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        """Run one statement per parameter set."""

    @abstractmethod
    async def lock_table(self, name: str) -> None:
        """Keep other writers from inserting into ``name`` until this transaction ends."""

    async def execute_all(self, batch: Sequence[tuple[str, Sequence[Params]]]) -> None:
        """Run several statements in order, each once per parameter set of its list (a whole
        group commit's plain statements): one trip to the database where the backend can."""
        for sql, rows in batch:
            if len(rows) == 1:
                await self.execute(sql, rows[0])
            elif rows:
                await self.executemany(sql, rows)

    async def fetchval(self, sql: str, params: Params = ()) -> Any:
        """The first column of the first row, or ``None``."""
        row = await self.fetchone(sql, params)
        return None if row is None else row[0]


class Database(ABC):
    """An open database: statements outside transactions, transactions, migrations, close.

    ``execute``/``fetch*`` called from the task that holds an open transaction run inside it
    (they see its uncommitted writes); a nested ``transaction()`` in that task raises
    :class:`RuntimeError`.
    """

    #: ``"sqlite"`` or ``"postgres"``: names the migration folder; for logs and ``/about``.
    backend: str = ""
    #: How often :meth:`write` runs a transaction that keeps losing races, and the pause before
    #: the second run (doubled before each further one, jittered): 5 runs take at most ~0.5 s.
    write_tries = 5
    write_pause = 0.02

    def __init__(self, where: str) -> None:
        self.where = where  # a file path or a URL without its password, for messages
        self.schema_version = 0
        self.closed = False
        self._owners: dict[asyncio.Task[Any], Tx] = {}

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Tx]:
        """``async with db.transaction() as tx:`` — all or nothing (rolled back if it raises)."""

    async def write(self, work: Callable[[Tx], Awaitable[T]]) -> T:
        """``await work(tx)`` in a transaction and commit; what ``work`` returned.

        A :class:`Conflict` (deadlock, serialization failure) rolls the transaction back and
        runs ``work`` again in a new one, up to :attr:`write_tries` times in all, after a
        jittered pause that doubles each time; the last conflict is raised. Any other exception
        rolls back and is raised at once. So ``work`` may run several times: it must not change
        anything outside the database that a second run would change again (compute the new
        state first, write it in ``work``, change memory once the write returned)."""
        for attempt in range(1, self.write_tries + 1):
            try:
                async with self.transaction() as tx:
                    return await work(tx)
            except Conflict as conflict:
                if attempt >= self.write_tries:
                    raise
                pause = self.write_pause * 2 ** (attempt - 1) * random.uniform(0.5, 1.5)
                log.info("transaction lost a race (%s); trying again", conflict.sqlstate)
                await asyncio.sleep(pause)
        raise AssertionError("unreachable: the last try returned or raised")

    @abstractmethod
    def _outside(self) -> AbstractAsyncContextManager[Tx]:
        """A :class:`Tx` for one statement outside any transaction (autocommitted)."""

    @abstractmethod
    async def table_exists(self, name: str) -> bool:
        """Whether a table called ``name`` exists (e.g. one created by a later migration)."""

    @abstractmethod
    async def close(self) -> None:
        """Close every connection (waits for running transactions). Safe to call twice."""

    def _owned(self) -> Tx | None:
        task = asyncio.current_task()
        return None if task is None else self._owners.get(task)

    def _claim(self, tx: Tx) -> asyncio.Task[Any] | None:
        """Record that the current task holds ``tx`` (RuntimeError if it already holds one)."""
        task = asyncio.current_task()
        if task is not None:
            if task in self._owners:
                raise RuntimeError("nested Database.transaction(): use the open transaction's tx")
            self._owners[task] = tx
        return task

    def _release(self, task: asyncio.Task[Any] | None) -> None:
        if task is not None:
            self._owners.pop(task, None)

    def _check_nested(self) -> None:
        if self._owned() is not None:
            raise RuntimeError("nested Database.transaction(): use the open transaction's tx")

    def _check_open(self) -> None:
        if self.closed:
            raise RuntimeError("the database is closed")

    async def _run(self, name: str, sql: str, params: Params) -> Any:
        tx = self._owned()
        if tx is not None:
            return await getattr(tx, name)(sql, params)
        async with self._outside() as outside:
            return await getattr(outside, name)(sql, params)

    async def execute(self, sql: str, params: Params = ()) -> int:
        """Run one statement (autocommitted unless inside this task's transaction); rowcount."""
        return int(await self._run("execute", sql, params))

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        """The first row of a query, or ``None``."""
        row: Row | None = await self._run("fetchone", sql, params)
        return row

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        """Every row of a query."""
        rows: list[Row] = await self._run("fetchall", sql, params)
        return rows

    async def fetchval(self, sql: str, params: Params = ()) -> Any:
        """The first column of the first row, or ``None``."""
        return await self._run("fetchval", sql, params)

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        """Run one statement per parameter set, all in one transaction."""
        async with self.transaction() as tx:
            await tx.executemany(sql, rows)
