"""Group commit: the writes of actions that arrive together share one database transaction.

A busy process answers many tables at once. Writing each action in its own transaction makes
the database the bottleneck (one ``BEGIN … COMMIT`` and several round trips to the database
thread per action). :class:`GroupCommit` queues each :class:`Write` and a single flusher writes
everything queued so far in one transaction; what arrives meanwhile forms the next batch, so
batches grow with the load and one idle table still commits at once.

A batch costs a fixed handful of round trips whatever its size: ``BEGIN``, one fencing query
per lease token (:func:`bot.tables.store.held_leases`: is this process still the holder of
each table the batch writes, :mod:`bot.tables.leases`), the savepoints of the writes that have
refusable ``work``, one :meth:`~bot.storage.Tx.execute_all` for every plain statement of the
batch, ``COMMIT``. Every write stays atomic on its own:

* a write whose table's lease this process lost is refused alone (:class:`LeaseLost`, nothing
  of it runs); the fencing query keeps the lease rows of the others locked until the commit;
* the members' accounts the writes' ``work`` will change (each write names them) are locked
  next, all of the batch's at once in one order (guild, then account id,
  :meth:`bot.bank.Bank.lock_accounts_in`), so two batches, or a batch and another
  transaction, never wait for each other's accounts in a circle;
* its ``work`` (credit movements, settlement, a hand that ends: anything that may refuse or
  needs an answer from the database) runs in a savepoint of the batch, so a refused write is
  rolled back alone and its caller gets the exception; an ordinary action has no ``work``;
* its plain statements (the action-log row, the hand-history step, the table's changed
  columns) are computed when it is queued (after its work when it has some) and written with
  one ``executemany`` per statement shape for the whole batch (so the statements of one write
  must not depend on their order across shapes);
* the caller's ``await`` returns only once the batch is committed (durability unchanged: an
  acknowledged action is in the database), or raises, and then nothing of it was written.

A batch is one :meth:`~bot.storage.Database.write`: when it loses a race with another
transaction (a deadlock, :class:`~bot.storage.Conflict`) it is rolled back as a whole and run
again — a conflict inside a write's savepoint is not that write's refusal — so nothing of a
run may stay in memory: the writes' outcomes are collected afresh by each run and told to
their callers only once the batch is committed, and a ``work`` that changes memory before the
commit must undo it at its start (the hand history's ``rewind``). If the batch as a whole
fails (a statement of one write breaks the bulk part), every write is retried in its own
transaction, so only the faulty one fails.

It uses only the storage interface (:mod:`bot.storage`: ``db.write``, ``tx.execute``,
``tx.execute_all``) and standard ``SAVEPOINT`` SQL, which SQLite and PostgreSQL
both speak, so it works on either backend.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Collection, Sequence
from dataclasses import dataclass, field

from bot.storage import Conflict, Database, Params, Tx
from bot.tables.store import LeaseLost, held_leases

log = logging.getLogger(__name__)

# Callers woken per turn of the event loop once a batch is committed: a thousand continuations
# at once would hold back every other click for their whole time.
WAKE_AT_ONCE = 16
Statement = tuple[str, Params]
Step = Callable[[Tx], Awaitable[None]]
#: ``(guild id, account ids)``: the accounts a write's ``work`` changes.
Accounts = tuple[int, Collection[int]]
#: Locks accounts of one guild in account id order (:meth:`bot.bank.Bank.lock_accounts_in`).
Locker = Callable[[Tx, int, Collection[int]], Awaitable[None]]


@dataclass(slots=True)
class Write:
    """One atomic write: fenced by its ``lease`` (table id, token), its ``accounts`` locked,
    then ``work`` in a savepoint, then ``statements()``; ``committed()`` runs once the batch is
    committed."""

    statements: Callable[[], Sequence[Statement]]
    work: Step | None = None
    committed: Callable[[], None] | None = None
    lease: tuple[int, str] | None = None
    accounts: Accounts | None = None
    done: asyncio.Future[None] = field(init=False)

    def __post_init__(self) -> None:
        self.done = asyncio.get_running_loop().create_future()


class GroupCommit:
    """Batches :class:`Write`\\ s of concurrent callers into shared transactions."""

    def __init__(self, database: Callable[[], Database], lock: Locker | None = None) -> None:
        self._database = database  # the bot's Database, looked up when a batch is written
        self._lock = lock  # locks the accounts the writes name (none named: not needed)
        self._queue: list[Write] = []
        self._flusher: asyncio.Task[None] | None = None
        self.batches = 0  # statistics (benchmarks)
        self.writes = 0

    async def write(
        self,
        statements: Callable[[], Sequence[Statement]],
        work: Step | None = None,
        committed: Callable[[], None] | None = None,
        *,
        lease: tuple[int, str] | None = None,
        accounts: Accounts | None = None,
    ) -> None:
        """Queue one write and wait until it is committed (or raise: then nothing was written).

        ``lease``: ``(table id, lease token)``: the write is refused alone with
        :class:`~bot.tables.store.LeaseLost` (its ``work`` never runs) unless that token still
        holds that table's lease when its batch is written. ``accounts``: ``(guild id, account
        ids)`` its ``work`` changes (balances, members' statistics), locked with every other
        write's of the batch before any work runs.

        A caller cancelled while waiting does not cancel its write: it waits until the write is
        decided, so the caller's memory and the database never disagree, then re-raises.
        """
        if work is None:  # computed now, in the caller's turn, not all at once in the batch
            ready = statements()
            statements = lambda: ready  # noqa: E731
        item = Write(statements, work, committed, lease, accounts)
        self._queue.append(item)
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.get_running_loop().create_task(self._flush())
        try:
            await asyncio.shield(item.done)
        except asyncio.CancelledError:
            if not item.done.done():
                await asyncio.wait([item.done])
            raise

    async def _flush(self) -> None:
        while self._queue:
            batch, self._queue = self._queue, []
            self.batches += 1
            self.writes += len(batch)
            try:
                await self._write_batch(batch)
            except Exception as error:
                if len(batch) == 1:
                    _fail(batch[0], error)
                    continue
                log.warning(
                    "a batch of %d writes failed (%s); writing them one by one", len(batch), error
                )
                for item in batch:
                    try:
                        await self._write_batch([item])
                    except Exception as single:
                        _fail(item, single)
            except BaseException as error:  # cancelled (shutdown): nothing of it is known
                for item in batch:
                    _fail(item, error)
                raise

    async def _write_batch(self, batch: list[Write]) -> None:
        """One transaction for ``batch`` (run again if it loses a race); settles every write's
        future once it is decided."""

        async def run(tx: Tx) -> dict[int, BaseException]:
            refused: dict[int, BaseException] = {}  # afresh in every run of the transaction
            for index in await _fence(tx, batch):
                refused[index] = LeaseLost()
            await self._lock_accounts(tx, [w for i, w in enumerate(batch) if i not in refused])
            shapes: dict[str, list[Params]] = {}
            for index, item in enumerate(batch):
                if index in refused:
                    continue
                if item.work is not None:
                    error = await _in_savepoint(tx, index, item.work)
                    if error is not None:
                        refused[index] = error
                        continue
                for sql, params in item.statements():
                    shapes.setdefault(sql, []).append(params)
            await tx.execute_all(list(shapes.items()))
            return refused

        refused = await self._database().write(run)
        try:
            for index, item in enumerate(batch):
                if index and index % WAKE_AT_ONCE == 0:
                    await asyncio.sleep(0)  # let the woken callers run, new clicks be answered
                _decided(item, refused.get(index))
        finally:  # committed is committed, even if this task is cancelled meanwhile
            for index, item in enumerate(batch):
                _decided(item, refused.get(index))

    async def _lock_accounts(self, tx: Tx, batch: list[Write]) -> None:
        """Lock the accounts the writes of ``batch`` name: by guild, then account id."""
        wanted: dict[int, set[int]] = {}
        for item in batch:
            if item.accounts is not None:
                wanted.setdefault(item.accounts[0], set()).update(item.accounts[1])
        if self._lock is not None:
            for guild in sorted(wanted):
                await self._lock(tx, guild, wanted[guild])


async def _fence(tx: Tx, batch: list[Write]) -> list[int]:
    """The indexes of the writes whose table's lease is no longer theirs (one query per lease
    token, nearly always one per batch); the other lease rows stay locked until the commit."""
    wanted: dict[str, list[int]] = {}
    for item in batch:
        if item.lease is not None:
            wanted.setdefault(item.lease[1], []).append(item.lease[0])
    held = {token: await held_leases(tx, token, ids) for token, ids in wanted.items()}
    return [
        index
        for index, item in enumerate(batch)
        if item.lease is not None and item.lease[0] not in held[item.lease[1]]
    ]


async def _in_savepoint(tx: Tx, index: int, work: Step) -> Exception | None:
    """Run ``work`` in one savepoint; the exception if it refused (then everything of it is
    rolled back; on PostgreSQL this also clears an aborted statement's error state). A lost
    race (:class:`~bot.storage.Conflict`) is the whole batch's: it is raised, and the batch runs
    again."""
    name = f"write_{index}"
    await tx.execute(f"SAVEPOINT {name}")
    try:
        await work(tx)
    except Conflict:
        raise
    except Exception as error:
        await tx.execute(f"ROLLBACK TO SAVEPOINT {name}")
        await tx.execute(f"RELEASE SAVEPOINT {name}")
        return error
    await tx.execute(f"RELEASE SAVEPOINT {name}")
    return None


def _decided(item: Write, refused: BaseException | None) -> None:
    """Tell the caller of a write of a committed batch: written, or refused alone."""
    if item.done.done():
        return
    if refused is not None:
        _fail(item, refused)
        return
    if item.committed is not None:
        item.committed()
    item.done.set_result(None)


def _fail(item: Write, error: BaseException) -> None:
    if not item.done.done():
        if isinstance(error, asyncio.CancelledError):
            item.done.cancel()
        else:
            item.done.set_exception(error)
