"""Which process drives which table: a lease row per table, renewed while the process runs.

Several bot processes may share one database (shards spread over processes, a rolling
restart). A table is driven — its state kept in memory, its timers and bot moves run — by one
process at a time: the one named by the table's row in ``table_leases`` (``owner`` = the
process's ``INSTANCE_ID``, ``token`` = this run of it, ``expires_at``). The holder renews its
leases every third of ``LEASE_TTL``; every write of a table checks, in its own transaction,
that the writer still holds it (the fencing of :mod:`bot.tables.commits`), so a process that
lost a table can no longer change it. When a process dies its leases run out and another process
takes its tables over from the stored state (:meth:`Leases.tick`). A process restarted under
the same ``INSTANCE_ID`` takes its own tables back at once (the default one is the same after a
restart, :attr:`bot.settings.Settings.lease_owner`), and a process stopped cleanly gives its
leases back (:meth:`Leases.close`), so any successor takes them at once.

A process only takes tables of the guilds it serves (its shards); with no shard settings it
serves every guild.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections.abc import Callable
from typing import Protocol

from bot.bank import Bank
from bot.history.recorder import HandHistory
from bot.storage import Database, Tx
from bot.tables import store
from bot.tables.commits import GroupCommit
from bot.tables.models import Status, Table
from bot.tables.runner import Runner

__all__ = ["Leases", "Runtime", "shard_of"]

log = logging.getLogger(__name__)

CHUNK = 500  # tables per bulk statement (well below every backend's limit of parameters)


def _marks(values: list[int]) -> str:
    return ", ".join("?" * len(values))


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard that receives a guild's events (Discord's formula)."""
    return (guild_id >> 22) % shard_count


class Runtime(Protocol):
    """What leases need of the table runtime: the public face of
    :class:`~bot.tables.service.TableService`."""

    group: GroupCommit
    history: HandHistory
    runner: Runner

    @property
    def db(self) -> Database:
        """The database."""

    @property
    def bank(self) -> Bank:
        """The bank."""

    def adopt(self, table: Table) -> None:
        """Drive a table read from the database."""

    def lost(self, table_id: int) -> None:
        """Another process drives ``table_id`` now."""

    async def close(self) -> None:
        """Stop every task of the runtime."""


class Leases:
    """The leases of one process; the :class:`~bot.tables.service.TableService` owns one."""

    def __init__(
        self,
        manager: Runtime,
        *,
        owner: str,
        ttl: float,
        serves: Callable[[int], bool] = lambda _guild_id: True,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.manager = manager
        self.serves = serves  # whether this process receives the guild's events (its shards)
        self.owner = owner
        self.token = uuid.uuid4().hex
        self.ttl = ttl
        self.clock = clock  # wall-clock seconds, the same in every process
        self.held: set[int] = set()
        self._finished: set[int] = set()  # tables that ended: their leases go at the next round
        # (table id, previous owner or "", seconds it took to load and resume it)
        self.takeovers: list[tuple[int, str, float]] = []
        self._loop: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ holding

    async def hold_in(self, conn: Tx, table: Table) -> None:
        """Take the lease of a table just created (in its creating transaction)."""
        await conn.execute(
            "INSERT INTO table_leases (table_id, owner, token, expires_at) VALUES (?, ?, ?, ?)",
            (table.id, self.owner, self.token, self.clock() + self.ttl),
        )
        table.lease = self.token
        self.held.add(table.id)

    def finished(self, table_id: int) -> None:
        """``table_id`` ended (or was lost): a finished table needs no lease any more; it is
        given back at the next renewal."""
        if table_id in self.held:
            self._finished.add(table_id)

    async def _acquire(self, table_ids: list[int]) -> list[int]:
        """Take the free, expired or own-previous-run leases of ``table_ids`` (one statement per
        :data:`CHUNK` tables, in id order); the ids this process holds now. Each row is decided
        by the upsert's own condition, so of two processes claiming together one gets a table."""
        now = self.clock()

        async def upsert(conn: Tx) -> list[int]:
            taken: list[int] = []
            for start in range(0, len(table_ids), CHUNK):
                chunk = table_ids[start : start + CHUNK]
                rows = await conn.fetchall(
                    "INSERT INTO table_leases (table_id, owner, token, expires_at)"
                    f" SELECT id, ?, ?, ? FROM game_tables WHERE id IN ({_marks(chunk)})"
                    " ORDER BY id ON CONFLICT (table_id) DO UPDATE SET owner = excluded.owner,"
                    " token = excluded.token, expires_at = excluded.expires_at"
                    " WHERE table_leases.expires_at < ? OR table_leases.owner = ?"
                    " OR table_leases.token = ? RETURNING table_id",
                    (self.owner, self.token, now + self.ttl, *chunk, now, self.owner, self.token),
                )
                taken += (int(row[0]) for row in rows)
            return taken

        return sorted(await self.manager.db.write(upsert))

    # ------------------------------------------------------------------ start-up and loop

    async def recover(self) -> None:
        """Start-up: refund escrow of closed tables, take every table we may, run the loop."""
        await self.refund_orphans()
        await self.claim()
        if self._loop is None:
            self._loop = self.manager.runner.spawn(self._run(), "table-leases")

    async def refund_orphans(self) -> int:
        """Refund escrow of tables that are not open, reading the open tables in the same
        transaction (which keeps new tables out until it commits); the prize pools of open
        tournaments are live too."""

        async def refund(conn: Tx) -> int:
            await conn.lock_table("game_tables")
            live = {int(row["id"]) for row in await store.open_table_rows(conn)}
            live |= await store.open_prize_pools(conn)
            return await self.manager.bank.refund_orphaned_escrow_in(conn, live)

        refunded = await self.manager.db.write(refund)
        if refunded:
            log.warning("refunded %s credits of escrow left by closed tables", refunded)
        return refunded

    async def claim(self) -> list[int]:
        """Take over every open table of our guilds whose lease is free or has run out: their
        leases, rows, secrets and running hands are read in bulk (a few statements)."""
        now = self.clock()
        rows = await self.manager.db.fetchall(
            "SELECT g.id, g.guild_id, l.owner FROM game_tables g"
            " LEFT JOIN table_leases l ON l.table_id = g.id"
            " WHERE g.status IN (?, ?) AND (l.table_id IS NULL OR l.expires_at < ?"
            " OR (l.owner = ? AND l.token != ?)) ORDER BY g.id",
            (*store.OPEN, now, self.owner, self.token),
        )
        previous = {
            int(row["id"]): str(row["owner"] or "")
            for row in rows
            if int(row["id"]) not in self.held and self.serves(int(row["guild_id"]))
        }
        if not previous:
            return []
        started = time.monotonic()
        taken = await self._load(await self._acquire(list(previous)))
        elapsed = time.monotonic() - started
        self.takeovers += ((table_id, previous[table_id], elapsed) for table_id in taken)
        if taken:
            log.info("driving %s tables (owner %s)", len(taken), self.owner)
        return taken

    async def _load(self, table_ids: list[int]) -> list[int]:
        """Read leased tables from their rows and start driving them, :data:`CHUNK` at a time
        (the event loop runs between chunks); the ids now driven."""
        driven: list[int] = []
        for start in range(0, len(table_ids), CHUNK):
            chunk = table_ids[start : start + CHUNK]
            found = await self.manager.db.fetchall(
                f"SELECT * FROM game_tables WHERE status IN (?, ?) AND id IN ({_marks(chunk)})",
                (*store.OPEN, *chunk),
            )
            rows = {int(row["id"]): row for row in found}
            tables: dict[int, Table] = {}
            for table_id in chunk:
                row = rows.get(table_id)
                if row is None:  # it closed meanwhile
                    await self._give_back(table_id)
                    continue
                try:
                    tables[table_id] = Table.from_row(row)
                except Exception:
                    await self._unrestorable(table_id)
            await self.manager.history.load(tables)  # their secrets and running hands
            for table in tables.values():
                self._drive(table)
            driven += tables
        return driven

    async def _unrestorable(self, table_id: int) -> None:
        log.warning("table %s cannot be restored; its escrow is refunded", table_id)
        await self.manager.db.write(
            lambda conn: store.close_table(conn, table_id, Status.CANCELLED)
        )
        await self._give_back(table_id)
        await self.refund_orphans()

    def _drive(self, table: Table) -> None:
        """Start driving a restored table: its timers, moves and (paced) redraw."""
        self.held.add(table.id)
        table.lease = self.token
        self.manager.adopt(table)

    async def _give_back(self, table_id: int) -> None:
        await self.manager.db.execute(
            "DELETE FROM table_leases WHERE table_id = ? AND token = ?", (table_id, self.token)
        )

    async def renew(self) -> list[int]:
        """Extend our leases; forget the tables we lost (another process took them)."""
        db = self.manager.db
        # Through the tables' group commit, never beside it: a batch holds the lease rows of its
        # tables until it commits, so a renewal in another transaction of this process could
        # deadlock with it on PostgreSQL (each holding rows the other waits for).
        renewal = (
            "UPDATE table_leases SET expires_at = ? WHERE token = ?",
            (self.clock() + self.ttl, self.token),
        )
        await self.manager.group.write(lambda: [renewal])
        rows = await db.fetchall("SELECT table_id FROM table_leases WHERE token = ?", (self.token,))
        still = {int(r[0]) for r in rows}
        lost = sorted(self.held - still)
        for table_id in lost:
            self.held.discard(table_id)
            self._finished.discard(table_id)
            self.manager.lost(table_id)
        closed = sorted(self._finished)
        self._finished.clear()
        for table_id in closed:  # finished tables need no lease any more
            self.held.discard(table_id)
        if closed:
            marks = ", ".join("?" * len(closed))
            await db.execute(
                f"DELETE FROM table_leases WHERE token = ? AND table_id IN ({marks})",
                (self.token, *closed),
            )
        return lost

    async def tick(self) -> None:
        """One round of the loop: renew ours, then take over tables whose lease ran out."""
        await self.renew()
        await self.claim()

    async def _run(self) -> None:
        # Leases live in wall-clock time. When the loop's clock runs far ahead of it (a simulated
        # Discord jumping hours), wait longer and longer instead of renewing thousands of times.
        loop = asyncio.get_running_loop()
        pause = self.ttl / 3
        while True:
            loop_before, wall_before = loop.time(), time.time()
            await asyncio.sleep(pause)
            if loop.time() - loop_before > 2 * (time.time() - wall_before) + 1:
                pause = min(pause * 2, max(self.ttl / 3, 86400.0))
                continue
            pause = self.ttl / 3
            try:
                await self.tick()
            except Exception as error:  # a database hiccup: try again next round
                log.warning("lease round failed: %s", error)

    async def close(self) -> None:
        """Shut down (a cleanup of the bot's close path): stop the tables' tasks, then
        :meth:`release` the leases."""
        await self.manager.close()
        await self.release()

    async def release(self) -> None:
        """Give every lease of this process back, so a successor (this deployment restarted,
        or another process serving these shards) takes the tables at once, not after
        ``LEASE_TTL``. Call it once the tables' tasks stopped; a failure is logged, and the
        leases then run out as a dead process's do."""
        db = self.manager.db
        if db.closed:
            return
        try:
            await db.execute("DELETE FROM table_leases WHERE token = ?", (self.token,))
        except Exception as error:
            log.warning("could not release table leases: %s", error)
        self.held.clear()
