"""Transactions that move several members' credits at once never deadlock each other: every one
touches the accounts in one order (by account id), whatever the order of the seats, and a
transaction that still loses a race is tried again by the storage layer (bot.storage.base).

Each race runs :data:`TRIES` times on SQLite and on PostgreSQL, through the real table runtime
(:mod:`bench.stub`: only Discord's HTTP side is stubbed) on a real database; not one of them
may fail, and every credit is accounted for afterwards."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from bench.stub import BenchBot, open_runtime
from bot.tables.manager import TableManager
from bot.tables.models import Seat, Table
from engine.bots.random_legal import random_for_spec
from engine.core.game import Action
from engine.variants import get_variant
from tests.helpers import BOTH_BACKENDS

pytestmark = BOTH_BACKENDS

TRIES = 24
GUILD = 1
MEMBERS = (11, 12, 13, 14)  # seated in this order at one table, reversed at the other
BUY_IN = 100
_channels = iter(range(500_000, 10**9))


async def lobby(manager: TableManager, members: Sequence[int], variant: str = "classic") -> Table:
    """A lobby of ``members``, seated in that order (the first one hosts)."""
    table = await manager.create(
        guild_id=GUILD,
        channel_id=next(_channels),
        host=Seat(members[0], f"u{members[0]}"),
        info=get_variant(variant),
        buy_in=BUY_IN,
        turn_timeout=90,
    )
    for user in members[1:]:
        await manager.join(table, Seat(user, f"u{user}"))
    return table


async def game(manager: TableManager, members: Sequence[int]) -> Table:
    """A started game of ``members`` in that seat order."""
    table = await lobby(manager, members)
    await manager.start(table, members[0])
    return table


def finishing_move(table: Table, rng: random.Random) -> tuple[int, Action] | None:
    """A legal move that ends the game at once (tried on a copy), if there is one now."""
    game = table.game
    assert game is not None
    for seat in sorted(game.pending_seats()):
        for spec in game.legal_actions(seat):
            for action in (random_for_spec(spec, rng) for _ in range(4)):
                copy = table.variant.restore(game.to_json())
                copy.apply(seat, action)
                if copy.finished:
                    return seat, action
    return None


async def to_last_move(manager: TableManager, table: Table, rng: random.Random) -> Awaitable[Any]:
    """Play ``table`` until one move ends it; that move, not yet made."""
    for _ in range(2000):
        found = finishing_move(table, rng)
        game = table.game
        assert game is not None and not game.finished
        if found is not None:
            seat, action = found
            return manager.act(table, seat, action, turn=game.turn)
        seat = min(game.pending_seats())
        specs = game.legal_actions(seat)
        spec = next((s for s in specs if s.kind == "all_in"), None) or rng.choice(specs)
        await manager.act(table, seat, random_for_spec(spec, rng), turn=game.turn)
    raise AssertionError(f"table {table.id} did not come near its end")


class Races:
    """The races a test ran, and what went wrong in each one that failed."""

    def __init__(self) -> None:
        self.failed: list[list[BaseException]] = []

    async def run(self, *moves: Awaitable[Any], closing: Sequence[Table]) -> None:
        """Run ``moves`` together; each of them must succeed and every ``closing`` table close."""
        results = await asyncio.gather(*moves, return_exceptions=True)
        errors = [r for r in results if isinstance(r, BaseException)]
        errors += [AssertionError(f"table {t.id} is still open") for t in closing if t.open]
        if errors:
            self.failed.append(errors)


class Runtimes:
    """One or two table runtimes (bot processes) on one database; closed on exit."""

    def __init__(self, target: str | Path, count: int = 1) -> None:
        self.target, self.count = target, count
        self.opened: list[tuple[BenchBot, TableManager]] = []

    async def __aenter__(self) -> list[TableManager]:
        for index in range(self.count):
            self.opened.append(
                await open_runtime(self.target, edit_interval=0.0, instance_id=f"p{index}")
            )
        return [manager for _bot, manager in self.opened]

    async def __aexit__(self, *_: object) -> None:
        for bot, manager in self.opened:
            await manager.close()
            await bot.db.close()


async def total(manager: TableManager) -> int:
    """Every credit of the guild (balances, the house, escrow)."""
    return await manager.bot.bank.total_money(GUILD)


async def assert_race_free(manager: TableManager, races: Races, before: int) -> None:
    """No race failed, and every credit is back in an account."""
    failed = races.failed
    assert not failed, f"{len(failed)} of {TRIES} races failed: {failed[0]!r}"
    assert await total(manager) == before
    rows = await manager.bot.db.fetchall("SELECT * FROM escrow")
    assert rows == []


async def open_accounts(manager: TableManager) -> int:
    for user in MEMBERS:
        await manager.bot.bank.balance(GUILD, user)
    return await total(manager)


Race = tuple[Sequence[Awaitable[Any]], Sequence[Table]]


async def run_races(
    target: str | Path, prepare: Callable[[list[TableManager]], Awaitable[Race]], processes: int = 1
) -> None:
    """:data:`TRIES` times: ``prepare`` the tables, then make its moves at the same instant; all
    of them must succeed and close their tables, and every credit is back in an account."""
    async with Runtimes(target, processes) as managers:
        before = await open_accounts(managers[0])
        races = Races()
        for _ in range(TRIES):
            moves, closing = await prepare(managers)
            await races.run(*moves, closing=closing)
        await assert_race_free(managers[0], races, before)


@pytest.mark.parametrize("closing", ["cancelled", "expiring"])
async def test_lobbies_of_the_same_members_in_opposite_orders_close_together(
    database_target: str | Path, closing: str
) -> None:
    """Two lobbies seat the same members in opposite orders; one is cancelled by its host
    while the other is cancelled too, or expires, at the same instant: both refund."""

    async def prepare(managers: list[TableManager]) -> Race:
        [manager] = managers
        first, second = await lobby(manager, MEMBERS), await lobby(manager, MEMBERS[::-1])
        if closing == "expiring":
            closed = manager.expire(first)
        else:
            closed = manager.cancel(first, first.host_id)
        return (closed, manager.cancel(second, second.host_id)), (first, second)

    await run_races(database_target, prepare)


async def test_a_member_leaves_one_game_while_another_of_the_same_members_settles(
    database_target: str | Path,
) -> None:
    """Two processes: at one table a member leaves (their stack, then the settlement of the
    others); at the other one the last move settles the same members."""
    pair = MEMBERS[:2]
    rng = random.Random(7)

    async def prepare(managers: list[TableManager]) -> Race:
        leaving, settling = managers
        left = await game(leaving, pair[::-1])  # the leaver (higher id) is paid first
        ended = await game(settling, pair)
        last = await to_last_move(settling, ended, rng)
        return (leaving.leave_game(left, pair[1]), last), (left, ended)

    await run_races(database_target, prepare, processes=2)


async def test_two_games_of_the_same_members_in_opposite_orders_end_together(
    database_target: str | Path,
) -> None:
    """Both channels are deleted at once: at each table everyone leaves in seat order and the
    last seat takes the settlement."""

    async def prepare(managers: list[TableManager]) -> Race:
        [manager] = managers
        first, second = await game(manager, MEMBERS), await game(manager, MEMBERS[::-1])
        return (manager.abandon(first), manager.abandon(second)), (first, second)

    await run_races(database_target, prepare)
