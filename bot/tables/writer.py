"""The one write function of the table runtime: every change of a table is stored by
:meth:`TableWriter.write` (a new lobby by :meth:`TableWriter.insert`), in one transaction of
the group commit (:mod:`bot.tables.commits`, which batches the writes of concurrent tables):

* the table's row (only its changed columns) and the action-log rows of its accepted steps;
* credit movements (escrow in, payouts out), after the accounts of every seat (and of every
  move) are locked in one global order — guild, then account id, all of a batch's writes at
  once (:meth:`bot.tables.commits.GroupCommit`, :meth:`bot.bank.Bank.lock_accounts_in`) — so
  two transactions touching the same accounts never wait for each other in opposite orders;
* when the game ended with this write, its settlement: every final stack back to its account,
  and the statistics of everyone who played to the end;
* the hand-history steps and the statistics of seats that left;
* fenced by the table's lease (a table another process took over is refused alone).

A tournament's table (:attr:`~bot.tables.models.Table.tournament_id`) plays with tournament
chips: no credits move at it and it keeps no statistics; instead each of its writes tells the
tournaments (:class:`~bot.tables.ports.Tournaments`) in the same transaction, so places and
prizes are stored with the hand that decided them.

An ordinary action (no credits move, no hand ends or opens) is plain statements batched with
the other tables' writes; anything else runs as work in a savepoint of the batch. A write is
finished even if its caller is cancelled (:mod:`bot.tables.guard`); when it is refused, nothing
of it was written and the caller puts memory back.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from bot import words
from bot.bank import HOUSE, Bank
from bot.history.recorder import HandHistory, HandStep
from bot.storage import Tx
from bot.tables import store
from bot.tables.commits import GroupCommit
from bot.tables.guard import uncancelled
from bot.tables.models import Seat, Status, Table
from bot.tables.ports import Tournaments
from engine.core.game import Action, Game

log = logging.getLogger(__name__)

Move = tuple[str, int, int]  # ("in" | "out", account, credits)


def account(seat: Seat) -> int:
    """The account a seat plays from: its member's, or the house's for a bot."""
    return HOUSE if seat.is_bot else seat.user_id


@dataclass(slots=True)
class Change:
    """What one write stores besides the table row (see :meth:`TableWriter.write`)."""

    moves: list[Move] = field(default_factory=list)
    # accepted steps: (seat, action, source, hand-history step, the game right after it or None)
    steps: list[tuple[int, Action, str, HandStep, Game | None]] = field(default_factory=list)
    left: list[tuple[int, int]] = field(default_factory=list)  # (seat, credits) -> statistics
    started: bool = False  # its game was just created: its first hand is recorded
    history: bool = True  # record the steps in the hand history
    log_source: str | None = None  # the action log's source of the steps, if not their own


class TableWriter:
    """Stores every change of the tables of one service (see the module docstring)."""

    def __init__(self, group: GroupCommit, history: HandHistory, bank: Callable[[], Bank]) -> None:
        self.group, self.history, self.bank = group, history, bank
        self.tournaments: Tournaments | None = None  # given by bot.tournaments when it runs

    async def insert(self, table: Table, opened: Callable[[Tx], Awaitable[None]]) -> None:
        """Write a new lobby: its row (``table.id`` is set), then ``opened`` (the lease, the
        table's secret), then the host's buy-in, in one transaction."""
        bank = self.bank()

        async def work(conn: Tx) -> None:
            table.id = await store.insert_table(conn, table)
            host = table.seats[0]
            await opened(conn)
            if table.tournament_id is not None:
                return  # tournament chips: nothing held in credits
            await bank.escrow_in(conn, table.guild_id, host.user_id, table.id, table.buy_in)

        row = store.RowWrite(table, [])
        accounts = (table.guild_id, {account(table.seats[0])})
        await uncancelled(self.group.write(row.statements, work, row.committed, accounts=accounts))

    async def write(self, table: Table, change: Change | None = None) -> None:
        """Write ``table`` and ``change`` in one transaction (see the module docstring): plain
        statements batched with other tables' writes, or, when credits move, the game ends or a
        hand must be read or closed, that work in a savepoint of the batch. Finished even if the
        caller is cancelled; raises (and nothing was written) when refused."""
        change = change or Change()
        game = table.game
        logged = change.log_source
        row = store.RowWrite(table, [(s, a, logged or src) for s, a, src, *_ in change.steps])
        # the game ended in this write: settle it (a later write of the table never does)
        finished = game is not None and game.finished and table.status is Status.PLAYING
        chips = table.tournament_id is not None
        simple = not (change.moves or change.left or change.started or finished or chips)
        plain: list[store.Statement] | None = [] if not change.steps else None
        if simple and len(change.steps) == 1 and change.history:
            # only here: recording a plain step updates the running hand in memory at once, so
            # a write that runs as work (a tournament's table) records its step there, once
            seat, action, source, step, _ = change.steps[0]
            plain = self.history.plain_step(table, seat, action, source, step)
        if plain is not None and simple:
            ready = [*row.statements(), *plain]
            await uncancelled(self.group.write(lambda: ready, None, row.committed, lease=row.lease))
            return
        rewind = self.history.rewinder(table.id)
        bank = self.bank()

        async def work(conn: Tx) -> None:
            rewind()  # a write tried again (its batch failed) records its steps once
            moves = [] if chips else list(change.moves)
            if finished:
                settlement = self._settlement(table)
                moves += [] if chips else settlement
            for direction, who, amount in moves:  # the batch locked their accounts first
                if amount <= 0:
                    continue
                if direction == "in":
                    await bank.escrow_in(conn, table.guild_id, who, table.id, amount)
                else:
                    await bank.pay_out_in(conn, table.guild_id, table.id, who, amount, "payout")
            if change.started:
                await self.history.on_start(conn, table)
            if change.history:
                for seat, action, source, step, after in change.steps:
                    await self.history.on_step(conn, table, seat, action, source, step, after)
            if chips:
                if self.tournaments is not None:
                    await self.tournaments.record_in(conn, table)
                return
            for seat, credits in change.left:
                await self._record(conn, table, seat, credits)
            if finished:
                await self._record_final(conn, table)

        # every seat's account (settlement, statistics) and every move's (a member who just left
        # the lobby is no longer seated)
        accounts = {account(seat) for seat in table.seats}
        accounts.update(who for _, who, amount in change.moves if amount > 0)
        committed = row.committed
        if chips and self.tournaments is not None:
            told = self.tournaments

            def committed() -> None:
                row.committed()
                told.committed(table)

        await uncancelled(
            self.group.write(
                row.statements,
                work,
                committed,
                lease=row.lease,
                accounts=(table.guild_id, accounts),
            )
        )

    def _settlement(self, table: Table) -> list[Move]:
        """Every final stack back to its account (the game ended in this write)."""
        assert table.game is not None
        payouts = table.game.payouts()
        table.status = Status.FINISHED
        return [("out", account(table.seats[i]), amount) for i, amount in payouts.items()]

    async def _record_final(self, conn: Tx, table: Table) -> None:
        """The statistics of everyone who played to the end; escrow must be empty now."""
        assert table.game is not None
        payouts = table.game.payouts()
        best = max(payouts.values(), default=0)
        for index in range(len(table.seats)):
            if index not in table.left_seats:  # who left had theirs written then
                amount = payouts.get(index, 0)
                await self._record(conn, table, index, amount, won=amount > 0 and amount == best)
        left = await self.bank().table_escrow(conn, table.id)
        if any(left.values()):
            log.error("table %s settled with escrow left over: %s", table.id, left)

    async def _record(
        self, conn: Tx, table: Table, index: int, credits: int, won: bool = False
    ) -> None:
        """Statistics of one player's game (members only; bots keep none)."""
        seat = table.seats[index]
        stats = table.game.seat_stats() if table.game is not None else {}
        if seat.is_bot or index not in stats:
            return
        await store.record_stats(
            conn,
            guild_id=table.guild_id,
            user_id=seat.user_id,
            variant=table.variant.id,
            stats=words.stats_text(table.variant.id, self.history.game_stats(table, stats[index])),
            net=credits - table.buy_in,
            won_game=won,
        )
