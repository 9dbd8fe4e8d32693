"""The clock never dies of a database failure: a lobby expiry or a turn timeout the database
refuses (it is down, or the write kept losing races) is tried again every
:data:`~bot.tables.clock.DATABASE_RETRY` seconds, and the failure is logged once."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from bot.storage import Conflict, Tx
from bot.tables import commits
from bot.tables.clock import DATABASE_RETRY
from tests.bot.test_table_guards import at_timed_betting
from tests.helpers import BOTH_BACKENDS, World, text_of
from tests.table_driver import money, open_accounts, table_in, table_message

pytestmark = BOTH_BACKENDS


class Outage:
    """The first ``failures`` calls raise the next of ``errors`` (the last one repeats)."""

    def __init__(self, errors: list[BaseException], failures: int) -> None:
        self.errors, self.left, self.calls = errors, failures, 0

    def check(self) -> None:
        self.calls += 1
        if self.left > 0:
            self.left -= 1
            raise self.errors[min(self.calls, len(self.errors)) - 1]


def warnings_about(caplog: pytest.LogCaptureFixture, what: str) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if r.levelno >= logging.WARNING and what in r.getMessage()
    ]


async def test_a_lobby_expires_once_the_database_answers_again(
    world: World, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    before = await open_accounts(world)
    lobby = await world.alice.slash(world.channel, "coruscant start", buy_in=100)
    await world.bob.click(lobby.response, label="Join")
    bot = world.bot
    bot.db.write_pause = 0.0
    tries = bot.db.write_tries
    # The refund's writes lose every race (every try), then the connection is gone once.
    outage = Outage([Conflict("deadlock detected", "40P01")] * tries + [OSError("gone")], tries + 1)
    pay_out_in = bot.bank.pay_out_in

    async def failing_pay_out_in(conn: Tx, *args: Any) -> int:
        outage.check()
        return int(await pay_out_in(conn, *args))

    monkeypatch.setattr(bot.bank, "pay_out_in", failing_pay_out_in)
    caplog.set_level(logging.WARNING, logger="bot")
    await world.env.advance_time(bot.settings.lobby_timeout + 1)
    assert table_in(world).open  # it could not be closed: nothing changed
    assert await money(world) == before
    await world.env.advance_time(DATABASE_RETRY)
    assert table_in(world).open and outage.left == 0
    await world.env.advance_time(DATABASE_RETRY)
    assert not table_in(world).open
    assert "lobby closed" in world.channel.history()[-1].content
    assert "cancelled" in text_of(table_message(world))
    for member in (world.alice, world.bob):
        assert await bot.bank.balance(world.guild.id, member.id) == 1000
    assert await money(world) == before
    assert len(warnings_about(caplog, "expiry of lobby")) == 1  # logged once


async def test_a_turn_times_out_once_the_database_answers_again(
    world: World, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    table, turn = await at_timed_betting(world)
    assert table.game is not None
    outage = Outage([OSError("connection refused")], 2)
    fence = commits._fence

    async def failing_fence(tx: Tx, batch: list[commits.Write]) -> list[int]:
        outage.check()
        return await fence(tx, batch)

    monkeypatch.setattr(commits, "_fence", failing_fence)
    caplog.set_level(logging.WARNING, logger="bot")
    await world.env.advance_time(61)
    assert table.game.turn == turn  # the timeout could not be written: nothing changed
    await world.env.advance_time(DATABASE_RETRY)
    assert table.game.turn == turn and outage.left == 0
    await world.env.advance_time(DATABASE_RETRY)
    assert table.game.turn != turn
    assert "ran out of time" in "\n".join(m.content for m in world.channel.history()[-3:])
    assert len(warnings_about(caplog, "timeout at table")) == 1
