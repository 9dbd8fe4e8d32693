"""Ending a table for good when its channel is gone: every credit goes back at once."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any

from bot.storage import Tx
from bot.tables import store
from bot.tables.guard import uncancelled
from bot.tables.models import Seat, Status, Table
from bot.tables.snapshot import Snapshot
from bot.tables.watch import send_dm

if TYPE_CHECKING:
    from bot.client import SabaccBot

log = logging.getLogger(__name__)


class Ending:
    """:meth:`abandon`; :class:`bot.tables.manager.TableManager` inherits it."""

    bot: SabaccBot

    if TYPE_CHECKING:  # implemented by TableManager and Effects

        async def _cancel_locked(self, table: Table) -> None: ...

        async def _apply_moves(
            self,
            conn: Tx,
            table: Table,
            moves: tuple[tuple[str, int, int], ...],
            *,
            everyone: bool = False,
        ) -> None: ...

        async def _record(
            self,
            conn: Tx,
            table: Table,
            index: int,
            credits: int,
            won: bool = False,
        ) -> None: ...

        async def _settle(self, conn: Tx, table: Table) -> None: ...

        def _stop_clock(self, table: Table) -> None: ...

        def spawn(self, coro: Coroutine[Any, Any, Any], name: str) -> asyncio.Task[Any]: ...

        @staticmethod
        def _account(seat: Seat) -> int: ...

    async def abandon(self, table: Table) -> None:
        """The table's channel is gone: end it now. A lobby is refunded; in a game everyone
        still seated leaves as with ``/leave`` (in seat order: the last one takes what is left
        on the table), and each member is told by DM what went back to their balance."""
        async with table.lock:
            game = table.game
            if not table.open:
                return
            if game is None:
                await self._cancel_locked(table)
                paid = {i: table.buy_in for i in range(len(table.seats))}
            else:
                saved = Snapshot.of(table)
                leaving: dict[int, int] = {}
                try:
                    for index in range(len(table.seats)):
                        if not game.finished and table.still_in(index):
                            leaving[index] = table.left_seats[index] = game.leave(index)[1]
                            table.view_version += 1  # the cached public view is out of date
                    if not game.finished:
                        table.status = Status.CANCELLED
                    await self._end_abandoned(table, leaving)
                except BaseException:
                    saved.restore(table)
                    raise
                payouts = game.payouts() if game.finished else {}
                paid = {i: leaving.get(i, payouts.get(i, 0)) for i in leaving | payouts}
        self._stop_clock(table)
        log.warning("channel of table %s is gone: table ended, paid back %s", table.id, paid)
        guild = self.bot.get_guild(table.guild_id)
        for index, credits in paid.items():
            seat = table.seats[index]
            if not seat.is_bot:
                text = (
                    f"The channel of your {table.variant.name} table on **"
                    f"{guild.name if guild else 'your server'}** was deleted, so the game ended. "
                    f"**{credits}** credits went back to your balance."
                )
                self.spawn(send_dm(self.bot, seat.user_id, text), f"gone-dm-{table.id}-{index}")

    async def _end_abandoned(self, table: Table, leaving: dict[int, int]) -> None:
        """One transaction: the leavers' stacks and statistics, settlement, the closed row."""
        game = table.game
        assert game is not None
        moves = tuple(("out", self._account(table.seats[i]), c) for i, c in leaving.items())

        async def write(conn: Tx) -> None:
            await self._apply_moves(conn, table, moves, everyone=True)
            for index, credits in leaving.items():
                await self._record(conn, table, index, credits)
            if game.finished:
                await self._settle(conn, table)
            await store.save_table(conn, table)

        await uncancelled(self.bot.db.write(write))
