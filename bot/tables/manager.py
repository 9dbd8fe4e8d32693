"""The table runtime: one registry of lobbies and games for every variant.

Every state change happens under the table's ``asyncio.Lock`` and is written to the database in the
same transaction as its credit movements *before* anything is shown in Discord. Discord-side
effects (table message, DMs, timers, bot moves) live in :mod:`bot.tables.effects`.
"""

from __future__ import annotations

import logging
import random
from typing import TYPE_CHECKING, Any

from bot import metrics, words
from bot.bank import HOUSE
from bot.errors import NotYourTurn, StaleButton, TableError
from bot.history.recorder import HandHistory, HandStep
from bot.storage import IntegrityError, Tx
from bot.tables import store, unattended
from bot.tables.commits import GroupCommit
from bot.tables.effects import Effects
from bot.tables.ending import Ending
from bot.tables.guard import uncancelled
from bot.tables.handlog import public_lines, record
from bot.tables.heap import tune_collector
from bot.tables.leases import Leases
from bot.tables.models import Seat, Status, Table
from bot.tables.snapshot import Snapshot, may_act
from bot.tables.turns import Turns
from bot.tables.watch import TableWatch
from engine.core.game import Action, Event, VariantInfo

if TYPE_CHECKING:
    from bot.client import SabaccBot

log = logging.getLogger(__name__)


class TableManager(Effects, Ending):
    """Registry and rules of engagement for every table of the bot."""

    def __init__(self, bot: SabaccBot) -> None:
        super().__init__(bot)
        self.watch = TableWatch(self)
        self.tables: dict[int, Table] = {}
        metrics.watch_tables(self.tables.__len__)
        # Seeds of new games; tests replace it with a seeded ``random.Random``.
        self.seeds: random.Random = random.SystemRandom()
        self.group = GroupCommit(lambda: self.bot.db, lambda *a: self.bot.bank.lock_accounts_in(*a))
        self.turns = Turns()
        tune_collector()  # collections sized for many tables (bot.tables.heap)
        self.history = HandHistory(bot)
        settings = bot.settings
        self.leases = Leases(self, owner=settings.lease_owner, ttl=settings.lease_ttl)

    # ------------------------------------------------------------------ lookup

    def get(self, table_id: int) -> Table | None:
        """An open table by id."""
        table = self.tables.get(table_id)
        return table if table is not None and table.open else None

    def in_channel(self, channel_id: int) -> Table | None:
        """The open table of a channel, if any."""
        for table in self.tables.values():
            if table.channel_id == channel_id and table.open:
                return table
        return None

    def require(self, table_id: int) -> Table:
        table = self.get(table_id)
        if table is None:
            raise TableError("This table is closed.")
        return table

    # ------------------------------------------------------------------ start-up

    async def recover(self) -> None:
        """Refund escrow of closed tables, then drive every open table no other live process
        holds (see :mod:`bot.tables.leases`), and keep taking over tables whose lease ran out."""
        await self.leases.recover()

    # ------------------------------------------------------------------ lobby

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host: Seat,
        info: VariantInfo,
        buy_in: int,
        turn_timeout: int,
        options: dict[str, Any] | None = None,
    ) -> Table:
        """Open a lobby with the host seated (their buy-in escrowed)."""
        existing = self.in_channel(channel_id)
        if existing is not None:
            await self.watch.check_message(existing)
            raise TableError(
                f"This channel already has a {existing.variant.name} table: {self.link(existing)}"
            )
        table = Table(
            id=0,
            guild_id=guild_id,
            channel_id=channel_id,
            variant=info,
            host_id=host.user_id,
            buy_in=buy_in,
            turn_timeout=turn_timeout,
            options=dict(options or {}),
            seats=[host],
        )

        async def opening(conn: Tx) -> None:
            table.id = await store.insert_table(conn, table)
            await self.leases.hold_in(conn, table)
            await self.bot.bank.escrow_in(conn, guild_id, host.user_id, table.id, buy_in)
            await self.history.on_lobby(conn, table, self.seeds)

        try:
            await self.bot.db.write(opening)
        except IntegrityError:
            raise TableError("This channel already has a table.") from None
        self.tables[table.id] = table
        self.watch_lobby(table)
        return table

    async def _commit(
        self, table: Table, *moves: tuple[str, int, int], started: bool = False
    ) -> None:
        """Save ``table`` with escrow moves (``("in"|"out", user_id, amount)``) atomically
        (``started``: its game was just created, and its first hand is recorded too)."""

        async def write(conn: Tx) -> None:
            await self._apply_moves(conn, table, moves)
            await store.save_table(conn, table)
            if started:
                await self.history.on_start(conn, table)

        await uncancelled(self.bot.db.write(write))

    async def _apply_moves(
        self,
        conn: Tx,
        table: Table,
        moves: tuple[tuple[str, int, int], ...],
        *,
        everyone: bool = False,
    ) -> None:
        """The escrow moves, after locking the accounts they touch — every seat's when
        ``everyone`` (the write also settles or records members' statistics) — in account id
        order (:meth:`bot.bank.Bank.lock_accounts_in`: one lock order for every write)."""
        bank = self.bot.bank
        accounts = {user_id for _, user_id, amount in moves if amount > 0}
        if everyone:
            accounts.update(self._accounts(table))
        await bank.lock_accounts_in(conn, table.guild_id, accounts)
        for direction, user_id, amount in moves:
            if amount <= 0:
                continue
            if direction == "in":
                await bank.escrow_in(conn, table.guild_id, user_id, table.id, amount)
            else:
                await bank.pay_out_in(conn, table.guild_id, table.id, user_id, amount, "payout")

    async def join(self, table: Table, seat: Seat) -> None:
        """Seat a member (or a bot, whose buy-in comes from the house)."""
        async with table.lock:
            self._require_lobby(table)
            if not seat.is_bot and table.seat_of(seat.user_id) is not None:
                raise TableError("You are already seated at this table.")
            if len(table.seats) >= table.variant.max_players:
                raise TableError("This table is full.")
            table.seats.append(seat)
            try:
                await self._commit(table, ("in", self._account(seat), table.buy_in))
            except BaseException:
                table.seats.pop()
                raise
        self.watch_lobby(table)

    async def leave_lobby(self, table: Table, user_id: int) -> None:
        """Un-seat a member before the start and refund them; the host's leaving closes it."""
        async with table.lock:
            self._require_lobby(table)
            index = table.seat_of(user_id)
            if index is None:
                raise TableError("You are not seated at this table.")
            if user_id == table.host_id:
                await self._cancel_locked(table)
                return
            seat = table.seats.pop(index)
            try:
                await self._commit(table, ("out", seat.user_id, table.buy_in))
            except BaseException:
                table.seats.insert(index, seat)
                raise
        self.watch_lobby(table)

    async def cancel(self, table: Table, user_id: int) -> None:
        """Host only: close the lobby and refund every buy-in."""
        async with table.lock:
            self._require_lobby(table)
            if user_id != table.host_id:
                raise TableError("Only the host can cancel the table.")
            await self._cancel_locked(table)
        self.watch_lobby(table)

    async def expire(self, table: Table) -> bool:
        """Close a lobby nobody started in time (refunds everyone). False if it moved on."""
        async with table.lock:
            if table.status is not Status.LOBBY:
                return False
            await self._cancel_locked(table)
        return True

    async def _cancel_locked(self, table: Table) -> None:
        moves = tuple(("out", self._account(s), table.buy_in) for s in table.seats)
        table.status = Status.CANCELLED
        try:
            await self._commit(table, *moves)
        except BaseException:
            table.status = Status.LOBBY
            raise

    async def start(self, table: Table, user_id: int) -> None:
        """Host only: deal the first hand."""
        async with table.lock:
            self._require_lobby(table)
            if user_id != table.host_id:
                raise TableError("Only the host can start the game.")
            if len(table.seats) < table.variant.min_players:
                raise TableError(
                    f"{table.variant.name} needs at least {table.variant.min_players} players."
                )
            table.game = table.variant.create(
                [s.player_id for s in table.seats],
                buy_in=table.buy_in,
                options={**table.variant.options, **table.options},
                seed=self.history.seed_source(table, self.seeds),
            )
            table.status = Status.PLAYING
            table.hands_sent = {}
            table.log.clear()
            opening = table.game.opening_events  # antes, deal, target…
            table.log.extend(public_lines(table.variant.id, opening))
            try:
                await self._commit(table, started=True)
            except BaseException:
                table.game, table.status = None, Status.LOBBY
                table.log.clear()
                raise
        await self.after_start(table)

    def _require_lobby(self, table: Table) -> None:
        if table.status is not Status.LOBBY:
            raise TableError("The game has already started." if table.open else "Table closed.")

    @staticmethod
    def _account(seat: Seat) -> int:
        return HOUSE if seat.is_bot else seat.user_id

    def _accounts(self, table: Table) -> set[int]:
        """The accounts of every seat (the house for bots)."""
        return {self._account(seat) for seat in table.seats}

    def schedule(self, table: Table) -> None:
        """As :meth:`Effects.schedule`; a game nobody plays at any more closes instead."""
        if unattended.nobody_playing(table):
            self.spawn(unattended.close(self, table), f"close-{table.id}")
            return
        super().schedule(table)

    # ------------------------------------------------------------------ play

    async def act(
        self, table: Table, seat: int, action: Action, *, turn: int, source: str = "player"
    ) -> tuple[Event, ...]:
        """Apply one decision of ``seat``; nothing changes unless it is legal and current."""
        await self.turns.take()  # a burst of clicks is spread over turns of the event loop
        async with table.lock:
            game = table.game
            if game is None or table.status is not Status.PLAYING:
                raise TableError("This game is over.")
            if game.turn != turn:
                raise StaleButton("This button is out of date: the table has moved on.")
            if not may_act(game, seat, action.kind):
                raise NotYourTurn("It's not your turn.")
            saved = Snapshot.of(table)
            hand_before = table.public_view().hand_no
            try:
                events = game.apply(seat, action)
                new_hand = not game.finished and table.public_view().hand_no != hand_before
                ended = record(table.variant.id, table.log, events, new_hand=new_hand)
                if source == "player":
                    table.strikes.pop(seat, None)
                step = (events, saved.game, hand_before)
                await self._persist(table, seat, action, source, (), step)
                metrics.acted(table, source)
            except BaseException:
                saved.restore(table)
                raise
            hand_ended = game.finished or new_hand
            hand = ended or list(table.log) if hand_ended else []
        await self.after_action(table, events, hand_ended=hand_ended, hand=hand)
        return events

    async def leave_game(self, table: Table, user_id: int) -> None:
        """A seated member leaves a running game: forfeit, and their stack goes back now."""
        async with table.lock:
            game = table.game
            index = table.seat_of(user_id)
            if game is None or game.finished or table.status is not Status.PLAYING:
                raise TableError("This game is over.")
            if index is None or not table.still_in(index):
                raise TableError("You are not playing at this table.")
            saved = Snapshot.of(table)
            try:
                hand_before = table.public_view().hand_no
                events, credits = game.leave(index)
                table.view_version += 1
                table.left_seats[index] = credits
                new_hand = not game.finished and table.public_view().hand_no != hand_before
                ended = record(table.variant.id, table.log, events, new_hand=new_hand)
                moves, step = (("out", user_id, credits),), (events, saved.game, hand_before)
                await self._persist(
                    table, index, Action("leave"), "leave", moves, step, left=credits
                )
            except BaseException:
                saved.restore(table)
                raise
        hand = ended or list(table.log)
        await self.after_action(
            table, events, hand_ended=game.finished, left=(index, credits), hand=hand
        )

    async def _persist(
        self,
        table: Table,
        seat: int,
        action: Action,
        source: str,
        moves: tuple[tuple[str, int, int], ...],
        step: HandStep,
        *,
        left: int | None = None,
    ) -> None:
        """One atomic write: escrow moves, the action log, the hand history of the ``step``,
        the statistics of a seat that ``left`` with that many credits, settlement if over, the
        state; shared with the writes of other tables arriving meanwhile (one transaction,
        :mod:`bot.tables.commits`). Finished even if cancelled."""
        game = table.game
        assert game is not None
        write = store.ActionWrite(table, seat, action, source)
        plain = None  # an ordinary action: only plain statements, no savepoint, no round trip
        if not moves and left is None and not game.finished:
            plain = self.history.plain_step(table, seat, action, source, step)
        if plain is not None:
            statements = [*write.statements(), *plain]
            await uncancelled(
                self.group.write(lambda: statements, None, write.committed, lease=write.lease)
            )
            return
        rewind = self.history.rewinder(table.id)

        async def work(conn: Tx) -> None:
            rewind()  # a write tried again (its batch failed) records its step from the same hand
            await self._apply_moves(conn, table, moves)  # the batch locked the accounts
            await self.history.on_step(conn, table, seat, action, source, step)
            if left is not None:
                await self._record(conn, table, seat, left)
            if game.finished:
                await self._settle(conn, table)

        accounts = (table.guild_id, self._accounts(table))
        await uncancelled(
            self.group.write(
                write.statements, work, write.committed, lease=write.lease, accounts=accounts
            )
        )

    async def _settle(self, conn: Tx, table: Table) -> None:
        """Pay every final stack back and record statistics (inside the action's transaction)."""
        game = table.game
        assert game is not None
        payouts = game.payouts()
        best = max(payouts.values(), default=0)
        # Accounts in one order everywhere: two settlements sharing players never deadlock.
        for index, seat in sorted(enumerate(table.seats), key=lambda p: self._account(p[1])):
            amount = payouts.get(index, 0)
            if amount > 0:
                await self.bot.bank.pay_out_in(
                    conn, table.guild_id, table.id, self._account(seat), amount, "payout"
                )
            if index not in table.left_seats:  # who left had their statistics written then
                await self._record(conn, table, index, amount, won=amount > 0 and amount == best)
        left = await self.bot.bank.table_escrow(conn, table.id)
        if any(left.values()):
            log.error("table %s settled with escrow left over: %s", table.id, left)
        table.status = Status.FINISHED

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

    async def set_back(self, table: Table, user_id: int) -> bool:
        """ "I'm back": the member plays their own turns again. Returns whether they were out."""
        async with table.lock:
            index = table.seat_of(user_id)
            if index is None:
                raise TableError("You are not seated at this table.")
            if index not in table.sitting_out:
                return False
            table.sitting_out.discard(index)
            table.strikes.pop(index, None)
            await self._commit(table)
        self.schedule(table)  # their turns are timed again (a timer that ended restarts)
        self.request_render(table)
        return True

    async def strike(self, table: Table, seat: int) -> bool:
        """Count a timeout; the second in a row sits the player out. Returns True if sat out."""
        async with table.lock:
            table.strikes[seat] = table.strikes.get(seat, 0) + 1
            sat_out = table.strikes[seat] >= 2 and seat not in table.sitting_out
            if sat_out:
                table.sitting_out.add(seat)
            try:
                await self._commit(table)
            except Exception:  # the strike stays in memory; the next save writes it
                log.exception("could not save a strike at table %s", table.id)
        return sat_out
