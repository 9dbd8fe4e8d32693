"""The credit bank: integer balances per (guild, user), escrow for tables, and a ledger.

Public API (stable)::

    HOUSE = 0                 # each guild's house account (bots' stakes); may go negative
    MAX_BALANCE = 10**12      # no balance may exceed it (BalanceTooHigh)
    DAILY_COOLDOWN = 86400.0  # seconds between two /daily claims
    class EscrowShortfall(RuntimeError)   # a table paid out more than it holds (a bug)
    InsufficientFunds, DailyNotReady, BalanceTooHigh   # re-exported from bot.errors

    bank = Bank(db, *, starting_balance=1000, daily_amount=250, clock=time.time)

    # Primitives: run inside ``async with db.transaction() as conn`` (conn: bot.storage.Tx) so
    # callers (the table engine) can combine several moves and their own writes in ONE
    # transaction.
    await bank.ensure_account_in(conn, guild, user) -> int              # balance
    await bank.lock_accounts_in(conn, guild, users) -> None   # row locks, in account id order
    await bank.debit_in(conn, guild, user, amount, reason, table_id=None) -> int   # new balance
    await bank.credit_in(conn, guild, user, amount, reason, table_id=None) -> int  # new balance
    await bank.escrow_in(conn, guild, user, table_id, amount) -> int   # new balance ('buy-in')
    await bank.pay_out_in(conn, guild, table_id, user, amount, reason) -> int       # new balance
    await bank.table_escrow(conn_or_none, table_id) -> dict[user_id, int]

    # One-transaction conveniences.
    await bank.balance(guild, user) -> int
    await bank.escrowed(guild, user) -> int                # credits the user has at tables
    await bank.escrow(guild, user, table_id, amount) -> int
    await bank.pay_out(guild, table_id, user, amount, reason="payout") -> int
    await bank.transfer(guild, sender, receiver, amount, reason="transfer") -> tuple[int, int]
    await bank.grant(guild, user, amount, reason="grant") -> int
    await bank.take(guild, user, amount, reason="take") -> int
    await bank.claim_daily(guild, user) -> int             # DailyNotReady within 24 h
    await bank.daily_ready_in(guild, user) -> float        # seconds left, 0.0 when ready
    await bank.refund_orphaned_escrow_in(conn, live_table_ids) -> int   # credits refunded
    await bank.refund_orphaned_escrow(live_table_ids) -> int   # the same, own transaction
    await bank.leaderboard(guild, limit=10) -> list[tuple[int, int]]   # (user_id, balance)
    await bank.rank(guild, user) -> int                    # 1-based, same order as leaderboard
    await bank.total_money(guild=None) -> int              # balances (house too) + escrow

Amounts must be ``int`` (not ``bool``): anything else raises :class:`TypeError`, and an amount
≤ 0 or above :data:`MAX_BALANCE` raises :class:`ValueError`. Accounts are created lazily with
``starting_balance`` and an ``opening`` ledger row (the house opens at 0), so for every account
``balance == SUM(ledger.delta)``. Every balance change writes a ledger row
``(guild_id, user_id, delta, reason, table_id, at)``; ``at`` comes from the injectable ``clock``
(seconds since the epoch; the bot passes a clock that follows ``discord.utils.utcnow()``, which
simcord's virtual clock controls).

Concurrency (several processes on one PostgreSQL database): every balance change is a
conditional ``UPDATE … RETURNING`` (the row lock re-checks the condition), accounts are opened
with ``INSERT … ON CONFLICT DO NOTHING``, a daily claim is a conditional upsert, and escrow rows
are read ``FOR UPDATE`` before they are paid out. One lock order: a transaction that changes
several members' rows (balances, and their statistics) first locks their accounts with
:meth:`Bank.lock_accounts_in`, in account id order, so two such transactions never wait for each
other in a circle (a deadlock); the one-transaction conveniences run through
:meth:`bot.storage.Database.write`, which runs a transaction that lost a race again.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection
from typing import Final

from bot.errors import BalanceTooHigh, DailyNotReady, InsufficientFunds
from bot.storage import Database, Tx

__all__ = [
    "DAILY_COOLDOWN",
    "HOUSE",
    "MAX_BALANCE",
    "BalanceTooHigh",
    "Bank",
    "DailyNotReady",
    "EscrowShortfall",
    "InsufficientFunds",
]

HOUSE: Final = 0
MAX_BALANCE: Final = 10**12
DAILY_COOLDOWN: Final = 24 * 60 * 60.0

Connection = Tx


class EscrowShortfall(RuntimeError):
    """A table tried to pay out more credits than it holds in escrow (a bug, not user error)."""


def check_amount(amount: object) -> int:
    """Return ``amount`` if it is a valid credit amount, else raise TypeError/ValueError."""
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise TypeError(f"credit amounts must be int, not {type(amount).__name__}")
    if amount <= 0:
        raise ValueError(f"credit amounts must be positive, got {amount}")
    if amount > MAX_BALANCE:
        raise ValueError(f"credit amounts must be at most {MAX_BALANCE}, got {amount}")
    return amount


def _check_id(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be int, not {type(value).__name__}")
    return value


async def _scalar(conn: Connection, sql: str, params: tuple[object, ...]) -> int | None:
    value = await conn.fetchval(sql, params)
    return None if value is None else int(value)


class Bank:
    """Balances, escrow and ledger over one :class:`~bot.storage.Database`."""

    def __init__(
        self,
        db: Database,
        *,
        starting_balance: int = 1000,
        daily_amount: int = 250,
        clock: Callable[[], float] = time.time,
    ) -> None:
        if isinstance(starting_balance, bool) or not isinstance(starting_balance, int):
            raise TypeError("starting_balance must be int")
        if not 0 <= starting_balance <= MAX_BALANCE:
            raise ValueError("starting_balance must be between 0 and MAX_BALANCE")
        self.db = db
        self.starting_balance = starting_balance
        self.daily_amount = check_amount(daily_amount)
        self.clock = clock

    # -- primitives (inside a transaction) ----------------------------------------------------

    async def _ledger(
        self,
        conn: Connection,
        guild: int,
        user: int,
        delta: int,
        reason: str,
        table_id: int | None,
    ) -> None:
        await conn.execute(
            "INSERT INTO ledger (guild_id, user_id, delta, reason, table_id, at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (guild, user, delta, reason, table_id, self.clock()),
        )

    async def ensure_account_in(self, conn: Connection, guild: int, user: int) -> int:
        """Create the account if needed (with its ``opening`` ledger row); return its balance."""
        _check_id(guild, "guild")
        _check_id(user, "user")
        balance = await _scalar(
            conn, "SELECT balance FROM accounts WHERE guild_id = ? AND user_id = ?", (guild, user)
        )
        if balance is not None:
            return balance
        opening = 0 if user == HOUSE else self.starting_balance
        created = await conn.fetchone(
            "INSERT INTO accounts (guild_id, user_id, balance, created_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (guild_id, user_id) DO NOTHING RETURNING balance",
            (guild, user, opening, self.clock()),
        )
        if created is None:  # another process opened it meanwhile
            balance = await _scalar(
                conn,
                "SELECT balance FROM accounts WHERE guild_id = ? AND user_id = ?",
                (guild, user),
            )
            assert balance is not None
            return balance
        await self._ledger(conn, guild, user, opening, "opening", None)
        return opening

    async def lock_accounts_in(self, conn: Connection, guild: int, users: Collection[int]) -> None:
        """Lock the existing accounts of ``users`` in the guild until the transaction ends, in
        account id order (one statement). Call it first in a transaction that changes several
        members' rows: every such transaction then takes these locks in the same order, so none
        waits for another in a circle. Open new accounts first (:meth:`ensure_account_in`, in
        id order). Nothing to do where the transaction holds the write lock of the whole
        database (SQLite)."""
        ids = sorted({_check_id(user, "user") for user in users})
        if len(ids) < 2 or not conn.for_update:
            return  # one row is locked by its own change; SQLite serialises transactions
        marks = ", ".join("?" * len(ids))
        await conn.fetchall(
            f"SELECT user_id FROM accounts WHERE guild_id = ? AND user_id IN ({marks})"
            f" ORDER BY user_id{conn.for_update}",
            (_check_id(guild, "guild"), *ids),
        )

    async def _move_in(
        self,
        conn: Connection,
        guild: int,
        user: int,
        delta: int,
        reason: str,
        table_id: int | None,
    ) -> int:
        """Add ``delta`` checked credits to the account (negative: take them), with its ledger
        row; the new balance. One conditional ``UPDATE``, so nothing changes where it is refused:
        a debit beyond the balance (:class:`InsufficientFunds`, but the house may go negative),
        a credit above :data:`MAX_BALANCE` (:class:`BalanceTooHigh`)."""
        await self.ensure_account_in(conn, guild, user)
        bound: tuple[int, ...]
        if delta < 0:
            guard, bound = "(balance >= ? OR user_id = ?)", (-delta, HOUSE)
        else:
            guard, bound = "balance <= ?", (MAX_BALANCE - delta,)
        rows = await conn.fetchall(
            "UPDATE accounts SET balance = balance + ?"
            f" WHERE guild_id = ? AND user_id = ? AND {guard}"
            " RETURNING balance",
            (delta, guild, user, *bound),
        )
        if not rows and delta > 0:
            raise BalanceTooHigh(MAX_BALANCE)
        if not rows:
            balance = await _scalar(
                conn,
                "SELECT balance FROM accounts WHERE guild_id = ? AND user_id = ?",
                (guild, user),
            )
            raise InsufficientFunds(balance or 0, -delta)
        await self._ledger(conn, guild, user, delta, reason, table_id)
        return int(rows[0][0])

    async def debit_in(
        self,
        conn: Connection,
        guild: int,
        user: int,
        amount: int,
        reason: str,
        table_id: int | None = None,
    ) -> int:
        """Take ``amount`` from the account; :class:`InsufficientFunds` unless it is the house."""
        return await self._move_in(conn, guild, user, -check_amount(amount), reason, table_id)

    async def credit_in(
        self,
        conn: Connection,
        guild: int,
        user: int,
        amount: int,
        reason: str,
        table_id: int | None = None,
    ) -> int:
        """Add ``amount`` to the account; :class:`BalanceTooHigh` above :data:`MAX_BALANCE`."""
        return await self._move_in(conn, guild, user, check_amount(amount), reason, table_id)

    async def escrow_in(
        self, conn: Connection, guild: int, user: int, table_id: int, amount: int
    ) -> int:
        """Move ``amount`` from the account into the table's escrow (ledger reason ``buy-in``)."""
        _check_id(table_id, "table_id")
        balance = await self.debit_in(conn, guild, user, amount, "buy-in", table_id)
        await conn.execute(
            "INSERT INTO escrow (table_id, guild_id, user_id, amount) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (table_id, guild_id, user_id) DO UPDATE SET amount = escrow.amount + ?",
            (table_id, guild, user, amount, amount),
        )
        return balance

    async def pay_out_in(
        self, conn: Connection, guild: int, table_id: int, user: int, amount: int, reason: str
    ) -> int:
        """Pay ``amount`` from the table's escrow to ``user``; return their new balance.

        The table's escrow shrinks by ``amount``, taken first from ``user``'s own row, then from
        the table's other rows (lowest user id first). :class:`EscrowShortfall` if the table
        holds less than ``amount``.
        """
        check_amount(amount)
        _check_id(table_id, "table_id")
        found = await conn.fetchall(
            "SELECT user_id, amount FROM escrow WHERE table_id = ? AND guild_id = ?"
            f" ORDER BY user_id = ? DESC, user_id{conn.for_update}",
            (table_id, guild, user),
        )
        rows = [(int(r[0]), int(r[1])) for r in found]
        held = sum(held for _, held in rows)
        if held < amount:
            raise EscrowShortfall(f"table {table_id} holds {held} credits, cannot pay {amount}")
        remaining = amount
        for holder, held in rows:
            if remaining == 0:
                break
            take = min(held, remaining)
            remaining -= take
            if take == held:
                await conn.execute(
                    "DELETE FROM escrow WHERE table_id = ? AND guild_id = ? AND user_id = ?",
                    (table_id, guild, holder),
                )
            else:
                await conn.execute(
                    "UPDATE escrow SET amount = amount - ?"
                    " WHERE table_id = ? AND guild_id = ? AND user_id = ?",
                    (take, table_id, guild, holder),
                )
        return await self.credit_in(conn, guild, user, amount, reason, table_id)

    async def table_escrow(self, conn: Connection | None, table_id: int) -> dict[int, int]:
        """``{user_id: amount}`` held by a table (use ``conn`` inside a transaction)."""
        sql = "SELECT user_id, amount FROM escrow WHERE table_id = ? ORDER BY user_id"
        if conn is None:
            rows = await self.db.fetchall(sql, (table_id,))
        else:
            rows = await conn.fetchall(sql, (table_id,))
        return {int(r[0]): int(r[1]) for r in rows}

    # -- conveniences (one transaction each) --------------------------------------------------

    async def balance(self, guild: int, user: int) -> int:
        """The user's balance (opening the account if needed)."""
        return await self.db.write(lambda conn: self.ensure_account_in(conn, guild, user))

    async def escrowed(self, guild: int, user: int) -> int:
        """Credits the user currently has sitting at tables."""
        row = await self.db.fetchone(
            "SELECT COALESCE(SUM(amount), 0) FROM escrow WHERE guild_id = ? AND user_id = ?",
            (guild, user),
        )
        return int(row[0]) if row else 0

    async def escrow(self, guild: int, user: int, table_id: int, amount: int) -> int:
        """:meth:`escrow_in` in its own transaction."""
        return await self.db.write(lambda conn: self.escrow_in(conn, guild, user, table_id, amount))

    async def pay_out(
        self, guild: int, table_id: int, user: int, amount: int, reason: str = "payout"
    ) -> int:
        """:meth:`pay_out_in` in its own transaction."""
        return await self.db.write(
            lambda conn: self.pay_out_in(conn, guild, table_id, user, amount, reason)
        )

    async def transfer(
        self, guild: int, sender: int, receiver: int, amount: int, reason: str = "transfer"
    ) -> tuple[int, int]:
        """Move credits between two accounts atomically; ``(sender, receiver)`` new balances."""
        if sender == receiver:
            raise ValueError("cannot transfer to the same account")

        async def move(conn: Connection) -> tuple[int, int]:
            for user in sorted((sender, receiver)):
                await self.ensure_account_in(conn, guild, user)
            await self.lock_accounts_in(conn, guild, (sender, receiver))
            sent = await self.debit_in(conn, guild, sender, amount, reason)
            return sent, await self.credit_in(conn, guild, receiver, amount, reason)

        return await self.db.write(move)

    async def grant(self, guild: int, user: int, amount: int, reason: str = "grant") -> int:
        """Create credits for a user (admin); return the new balance."""
        return await self.db.write(lambda conn: self.credit_in(conn, guild, user, amount, reason))

    async def take(self, guild: int, user: int, amount: int, reason: str = "take") -> int:
        """Destroy credits of a user (admin); :class:`InsufficientFunds` if they have fewer."""
        try:
            return await self.db.write(
                lambda conn: self.debit_in(conn, guild, user, amount, reason)
            )
        except InsufficientFunds as error:
            raise InsufficientFunds(error.balance, amount, theirs=True) from None

    async def daily_ready_in(self, guild: int, user: int) -> float:
        """Seconds until the user may claim ``/daily`` again (0.0 when they may now)."""
        row = await self.db.fetchone(
            "SELECT claimed_at FROM daily_claims WHERE guild_id = ? AND user_id = ?",
            (guild, user),
        )
        if row is None:
            return 0.0
        return max(0.0, float(row[0]) + DAILY_COOLDOWN - self.clock())

    async def claim_daily(self, guild: int, user: int) -> int:
        """Credit ``daily_amount`` once per 24 h per (guild, user); return the new balance.

        One conditional upsert decides, so two processes cannot both pay the same claim."""

        async def claim(conn: Connection) -> int:
            now = self.clock()
            claimed = await conn.fetchone(
                "INSERT INTO daily_claims (guild_id, user_id, claimed_at) VALUES (?, ?, ?)"
                " ON CONFLICT (guild_id, user_id) DO UPDATE SET claimed_at = excluded.claimed_at"
                " WHERE daily_claims.claimed_at <= ? RETURNING claimed_at",
                (guild, user, now, now - DAILY_COOLDOWN),
            )
            if claimed is None:
                last = await conn.fetchval(
                    "SELECT claimed_at FROM daily_claims WHERE guild_id = ? AND user_id = ?",
                    (guild, user),
                )
                raise DailyNotReady(float(last) + DAILY_COOLDOWN - now)
            return await self.credit_in(conn, guild, user, self.daily_amount, "daily")

        return await self.db.write(claim)

    async def refund_orphaned_escrow_in(
        self, conn: Connection, live_table_ids: Collection[int]
    ) -> int:
        """Refund every escrow row of a table not in ``live_table_ids``; return credits refunded.

        Each row goes back to its own account with a ``refund`` ledger row, and is deleted. The
        accounts are locked first (by guild, then account id), then the orphaned rows; the rows
        of live tables are left alone (their tables lock their own accounts first, then them).
        """
        live = set(live_table_ids)
        found = await conn.fetchall("SELECT DISTINCT table_id, guild_id, user_id FROM escrow")
        orphans = sorted({int(r[0]) for r in found} - live)
        owners: dict[int, set[int]] = {}
        for table_id, guild, user in (tuple(int(v) for v in r) for r in found):
            if table_id not in live:
                owners.setdefault(guild, set()).add(user)
        for guild in sorted(owners):
            await self.lock_accounts_in(conn, guild, owners[guild])
        refunded = 0
        for orphan in orphans:
            rows = await conn.fetchall(
                "SELECT guild_id, user_id, amount FROM escrow WHERE table_id = ?"
                " ORDER BY guild_id, user_id" + conn.for_update,
                (orphan,),
            )
            for guild, user, amount in (tuple(int(v) for v in r) for r in rows):
                await conn.execute(
                    "DELETE FROM escrow WHERE table_id = ? AND guild_id = ? AND user_id = ?",
                    (orphan, guild, user),
                )
                await self.credit_in(conn, guild, user, amount, "refund", orphan)
                refunded += amount
        return refunded

    async def refund_orphaned_escrow(self, live_table_ids: Collection[int]) -> int:
        """:meth:`refund_orphaned_escrow_in` in its own transaction."""
        return await self.db.write(
            lambda conn: self.refund_orphaned_escrow_in(conn, live_table_ids)
        )

    async def leaderboard(self, guild: int, limit: int = 10) -> list[tuple[int, int]]:
        """The ``limit`` richest players of a guild as ``(user_id, balance)`` (no house)."""
        rows = await self.db.fetchall(
            "SELECT user_id, balance FROM accounts WHERE guild_id = ? AND user_id != ?"
            " ORDER BY balance DESC, user_id LIMIT ?",
            (guild, HOUSE, limit),
        )
        return [(int(r[0]), int(r[1])) for r in rows]

    async def rank(self, guild: int, user: int) -> int:
        """1-based rank of ``user`` in the guild (players with equal balances share a rank)."""

        async def count(conn: Connection) -> int | None:
            balance = await self.ensure_account_in(conn, guild, user)
            return await _scalar(
                conn,
                "SELECT COUNT(*) FROM accounts WHERE guild_id = ? AND user_id != ? AND balance > ?",
                (guild, HOUSE, balance),
            )

        return (await self.db.write(count) or 0) + 1

    async def total_money(self, guild: int | None = None) -> int:
        """Σ balances (house included) + Σ escrow, for one guild or all of them."""
        where, params = ("WHERE guild_id = ?", (guild,)) if guild is not None else ("", ())
        row = await self.db.fetchone(
            f"SELECT (SELECT COALESCE(SUM(balance), 0) FROM accounts {where})"
            f" + (SELECT COALESCE(SUM(amount), 0) FROM escrow {where})",
            params * 2,
        )
        return int(row[0]) if row else 0
