"""The bank on both storage backends: a real SQLite file and a real PostgreSQL database."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from decimal import Decimal
from pathlib import Path

import pytest

from bot.bank import (
    DAILY_COOLDOWN,
    HOUSE,
    MAX_BALANCE,
    BalanceTooHigh,
    Bank,
    DailyNotReady,
    EscrowShortfall,
    InsufficientFunds,
)
from bot.errors import UserFacingError
from bot.storage import Database, open_database
from tests.helpers import BOTH_BACKENDS

pytestmark = BOTH_BACKENDS

G = 111  # guild
A, B, C = 1, 2, 3  # users


class Clock:
    """A settable clock for the bank."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def db(database_target: str | Path) -> AsyncIterator[Database]:
    database = await open_database(database_target)
    yield database
    await database.close()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def bank(db: Database, clock: Clock) -> Bank:
    return Bank(db, starting_balance=1000, daily_amount=250, clock=clock)


async def ledger_sums(db: Database) -> dict[tuple[int, int], int]:
    rows = await db.fetchall("SELECT guild_id, user_id, SUM(delta) FROM ledger GROUP BY 1, 2")
    return {(r[0], r[1]): r[2] for r in rows}


async def balances(db: Database) -> dict[tuple[int, int], int]:
    rows = await db.fetchall("SELECT guild_id, user_id, balance FROM accounts")
    return {(r[0], r[1]): r[2] for r in rows}


# -- amounts ------------------------------------------------------------------------------------


@pytest.mark.parametrize("amount", [1.0, True, "5", Decimal(5), None])
async def test_non_int_amounts_are_type_errors(bank: Bank, amount: object) -> None:
    with pytest.raises(TypeError):
        await bank.grant(G, A, amount)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        await bank.escrow(G, A, 1, amount)  # type: ignore[arg-type]


@pytest.mark.parametrize("amount", [0, -1, MAX_BALANCE + 1])
async def test_out_of_range_amounts_are_value_errors(bank: Bank, amount: int) -> None:
    with pytest.raises(ValueError):
        await bank.take(G, A, amount)
    assert await bank.total_money() == 0  # nothing, not even an account, was written


# -- accounts, debits, credits ------------------------------------------------------------------


async def test_accounts_open_lazily_with_an_opening_ledger_row(bank: Bank, db: Database) -> None:
    assert await bank.balance(G, A) == 1000
    assert await bank.balance(G, HOUSE) == 0
    rows = await db.fetchall("SELECT user_id, delta, reason FROM ledger ORDER BY id")
    assert [tuple(r) for r in rows] == [(A, 1000, "opening"), (HOUSE, 0, "opening")]
    assert await bank.balance(G + 1, A) == 1000  # per guild


async def test_concurrent_debits_never_overdraw(bank: Bank, db: Database) -> None:
    async def spend() -> bool:
        try:
            async with db.transaction() as conn:
                await bank.debit_in(conn, G, A, 100, "bet")
        except InsufficientFunds:
            return False
        return True

    results = await asyncio.gather(*(spend() for _ in range(25)))
    assert results.count(True) == 10
    assert await bank.balance(G, A) == 0
    assert (await ledger_sums(db))[(G, A)] == 0


async def test_insufficient_funds_says_balance_and_need(bank: Bank) -> None:
    with pytest.raises(InsufficientFunds) as caught:
        await bank.transfer(G, A, B, 1001)
    assert isinstance(caught.value, UserFacingError)
    assert str(caught.value) == "You have 1,000 credits but 1,001 are needed."
    assert await bank.balance(G, B) == 1000  # nothing moved


async def test_the_house_may_go_negative_and_is_never_on_the_leaderboard(bank: Bank) -> None:
    await bank.escrow(G, HOUSE, 9, 500)
    assert await bank.balance(G, HOUSE) == -500
    await bank.grant(G, B, 1)
    assert await bank.leaderboard(G) == [(B, 1001)]


async def test_balance_cap(bank: Bank) -> None:
    await bank.grant(G, A, MAX_BALANCE - 1000)
    with pytest.raises(BalanceTooHigh):
        await bank.grant(G, A, 1)
    assert await bank.balance(G, A) == MAX_BALANCE


async def test_transfer_and_take(bank: Bank) -> None:
    assert await bank.transfer(G, A, B, 300) == (700, 1300)
    assert await bank.take(G, B, 1300) == 0
    with pytest.raises(InsufficientFunds, match="They have 0 credits"):
        await bank.take(G, B, 1)


# -- escrow -------------------------------------------------------------------------------------


async def test_pay_out_takes_own_escrow_first_then_the_others(bank: Bank, db: Database) -> None:
    await bank.escrow(G, A, 5, 100)
    await bank.escrow(G, B, 5, 200)
    await bank.escrow(G, C, 5, 300)
    assert await bank.table_escrow(None, 5) == {A: 100, B: 200, C: 300}
    assert await bank.escrowed(G, B) == 200
    assert await bank.pay_out(G, 5, C, 450, "win") == 700 + 450
    assert await bank.table_escrow(None, 5) == {B: 150}
    with pytest.raises(EscrowShortfall):
        await bank.pay_out(G, 5, A, 151, "win")
    assert await bank.table_escrow(None, 5) == {B: 150}
    assert await bank.pay_out(G, 5, A, 150, "win") == 900 + 150
    assert await bank.table_escrow(None, 5) == {}
    rows = await db.fetchall(
        "SELECT user_id, delta, reason, table_id FROM ledger WHERE table_id = 5 ORDER BY id"
    )
    assert [tuple(r) for r in rows] == [
        (A, -100, "buy-in", 5),
        (B, -200, "buy-in", 5),
        (C, -300, "buy-in", 5),
        (C, 450, "win", 5),
        (A, 150, "win", 5),
    ]


async def test_escrow_needs_the_funds(bank: Bank) -> None:
    with pytest.raises(InsufficientFunds):
        await bank.escrow(G, A, 5, 1001)
    assert await bank.table_escrow(None, 5) == {}


async def test_refund_orphaned_escrow(bank: Bank, db: Database) -> None:
    await bank.escrow(G, A, 1, 100)
    await bank.escrow(G, A, 1, 50)  # a re-buy adds to the same row
    await bank.escrow(G, B, 2, 200)
    await bank.escrow(G, HOUSE, 1, 300)
    total = await bank.total_money(G)
    assert await bank.refund_orphaned_escrow({2}) == 450
    assert await bank.table_escrow(None, 1) == {}
    assert await bank.table_escrow(None, 2) == {B: 200}
    assert await bank.balance(G, A) == 1000 and await bank.balance(G, HOUSE) == 0
    assert await bank.total_money(G) == total
    reasons = await db.fetchall("SELECT user_id, delta FROM ledger WHERE reason = 'refund'")
    assert sorted(tuple(r) for r in reasons) == [(HOUSE, 300), (A, 150)]
    assert await bank.refund_orphaned_escrow({2}) == 0


async def test_a_failure_inside_a_transaction_rolls_everything_back(
    bank: Bank, db: Database
) -> None:
    await bank.balance(G, A)
    before = (await balances(db), await ledger_sums(db), await bank.total_money())
    with pytest.raises(InsufficientFunds):
        async with db.transaction() as conn:
            await bank.escrow_in(conn, G, A, 3, 600)
            await bank.credit_in(conn, G, B, 50, "bonus")
            await bank.escrow_in(conn, G, A, 3, 600)  # only 400 left
    assert (await balances(db), await ledger_sums(db), await bank.total_money()) == before
    assert await bank.table_escrow(None, 3) == {}


# -- daily, leaderboard -------------------------------------------------------------------------


async def test_daily_cooldown(bank: Bank, clock: Clock) -> None:
    assert await bank.claim_daily(G, A) == 1250
    clock.now += DAILY_COOLDOWN - 90
    with pytest.raises(DailyNotReady, match="Come back in 2 min") as caught:
        await bank.claim_daily(G, A)
    assert caught.value.retry_after == 90
    assert await bank.daily_ready_in(G, A) == 90
    assert await bank.claim_daily(G, B) == 1250  # others are independent
    clock.now += 90
    assert await bank.daily_ready_in(G, A) == 0
    assert await bank.claim_daily(G, A) == 1500


async def test_leaderboard_and_rank_agree(bank: Bank) -> None:
    for user, extra in [(A, 10), (B, 30), (C, 10), (4, 0)]:
        if extra:
            await bank.grant(G, user, extra)
        else:
            await bank.balance(G, user)
    board = await bank.leaderboard(G)
    assert board == [(B, 1030), (A, 1010), (C, 1010), (4, 1000)]
    assert [await bank.rank(G, user) for user, _ in board] == [1, 2, 2, 4]  # ties share a rank
    assert await bank.leaderboard(G, limit=2) == board[:2]
    assert await bank.rank(G, 99) == 4  # a newcomer opens at 1000, tied with user 4


# -- conservation -------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(5))
async def test_random_operations_conserve_credits_and_keep_the_ledger_exact(
    bank: Bank, db: Database, clock: Clock, seed: int
) -> None:
    rng = random.Random(seed)
    users = [HOUSE, A, B, C]
    for user in users:
        await bank.balance(G, user)
    minted = 3 * 1000  # opening balances (the house opens at 0) + grants + dailies - takes

    for _ in range(200):
        op = rng.choice(["escrow", "pay", "transfer", "grant", "take", "daily", "refund"])
        user, other = rng.sample(users, 2)
        amount = rng.randint(1, 400)
        table = rng.randint(1, 3)
        try:
            if op == "escrow":
                await bank.escrow(G, user, table, amount)
            elif op == "pay":
                await bank.pay_out(G, table, user, amount)
            elif op == "transfer" and HOUSE not in (user, other):
                await bank.transfer(G, user, other, amount)
            elif op == "grant":
                await bank.grant(G, user, amount)
                minted += amount
            elif op == "take" and user != HOUSE:
                await bank.take(G, user, amount)
                minted -= amount
            elif op == "daily" and user != HOUSE:
                clock.now += rng.choice([60.0, DAILY_COOLDOWN])
                await bank.claim_daily(G, user)
                minted += 250
            elif op == "refund":
                await bank.refund_orphaned_escrow({t for t in (1, 2, 3) if t != table})
        except (InsufficientFunds, EscrowShortfall, DailyNotReady):
            pass
        assert await bank.total_money(G) == minted
    assert await ledger_sums(db) == await balances(db)
    negative = await db.fetchall("SELECT user_id FROM accounts WHERE balance < 0 AND user_id != 0")
    assert negative == []


# -- two processes on one database ---------------------------------------------------------------


async def test_two_processes_never_overdraw_nor_pay_a_daily_twice(
    database_target: str | Path, clock: Clock
) -> None:
    """Two connections (pools) on one database stand for two bot processes racing."""
    first, second = await open_database(database_target), await open_database(database_target)
    try:
        banks = [Bank(d, clock=clock) for d in (first, second)]

        async def spend(bank: Bank) -> bool:
            try:
                async with bank.db.transaction() as conn:
                    await bank.debit_in(conn, G, A, 100, "bet")
            except InsufficientFunds:
                return False
            return True

        spent = await asyncio.gather(*(spend(banks[i % 2]) for i in range(30)))
        assert spent.count(True) == 10

        async def daily(bank: Bank) -> bool:
            try:
                await bank.claim_daily(G, B)
            except DailyNotReady:
                return False
            return True

        claimed = await asyncio.gather(*(daily(banks[i % 2]) for i in range(8)))
        assert claimed.count(True) == 1
        transfers = [
            banks[i % 2].transfer(G, (A, B, C)[i % 3], (B, C, A)[i % 3], 5) for i in range(12)
        ]
        await asyncio.gather(*transfers, return_exceptions=True)
        assert await ledger_sums(first) == await balances(first)
        assert await banks[0].total_money(G) == 2 * 1000 + 250  # A bet all of theirs
    finally:
        await first.close()
        await second.close()
