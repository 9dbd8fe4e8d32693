"""The table service: the one owner of every table of this process, and the only code that
changes one. No Discord here.

Shape of the runtime (each a separate object, given what it needs; wired by
:mod:`bot.tables.runtime`)::

    TableService  (this module)   locks, validates, changes in memory, writes, tells
      ├─ TableIndex       (bot.tables.index)       the open tables by id and by channel
      ├─ TableWriter      (bot.tables.writer)      the one write function
      ├─ tells a Display  (bot.tables.presenter)   what was committed: it draws and posts
      ├─ tells a Timers   (bot.tables.scheduler)   to (re)start turn timers, moves, expiry
      └─ Leases           (bot.tables.leases)      which process drives which table
    TableWatch (bot.tables.watch)   whether each table is on screen; ends a deleted channel's

Every change — create, join, leave, add a bot, start, act, time out, sit out, expire, close
unattended, abandon, settle, take over — is one method that takes the table's lock, validates
once (:mod:`bot.tables.refusals`: one wording for each refusal), changes the table in memory
(the engine, and what a change does to a table: :mod:`bot.tables.lobby`,
:mod:`bot.tables.leaving`, :mod:`bot.tables.sitout`, :mod:`bot.tables.handlog`), and writes
once through the one write function (:meth:`bot.tables.writer.TableWriter.write`): the table
row, ledger rows and escrow (accounts in one order: by account id), the action-log row, the
hand-history step and statistics, fenced by the table's lease, in one transaction of the group
commit. If it fails, memory is put back (:mod:`bot.tables.snapshot`) and nothing was changed.
Only after the commit does the service tell the display and the timers.

A table that ends (finished, cancelled, abandoned, lost to another process) leaves the index
at once and its record stops its timers (:meth:`bot.tables.record.TableTasks.stop`); what
remains to be shown of it runs to its end, and then nothing refers to it any more.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from bot import metrics
from bot.bank import Bank
from bot.errors import TableError
from bot.history.recorder import HandHistory
from bot.i18n import _
from bot.settings import Settings
from bot.storage import Database, IntegrityError, Tx
from bot.tables import lobby, refusals, sitout, store
from bot.tables.commits import GroupCommit
from bot.tables.handlog import extend, log_step
from bot.tables.index import TableIndex
from bot.tables.leases import Leases
from bot.tables.leaving import leave, leave_everyone, leave_unattended
from bot.tables.models import STACKS, Seat, Status, Table, bot_seat
from bot.tables.ports import Display, Outcome, Timers
from bot.tables.runner import Runner
from bot.tables.snapshot import restored_on_failure, undone_on_failure
from bot.tables.turns import Turns
from bot.tables.unattended import nobody_playing
from bot.tables.writer import Change, TableWriter
from engine.core.game import Action, Event, VariantInfo

log = logging.getLogger(__name__)


class TableService:
    """The one owner of this process's tables (see the module docstring)."""

    def __init__(
        self,
        *,
        database: Callable[[], Database],
        bank: Callable[[], Bank],
        settings: Settings,
        runner: Runner,
        ready: Callable[[], Awaitable[Any]],
        serves: Callable[[int], bool] = lambda _guild_id: True,
    ) -> None:
        self._database, self._bank = database, bank
        self.settings = settings
        self.runner = runner
        self.ready = ready  # returns once the Discord cache is ready
        self.history = HandHistory(self)
        # every batch locks the accounts its writes name first, in one order (guild, account id)
        self.group = GroupCommit(
            database, lambda conn, guild, users: bank().lock_accounts_in(conn, guild, users)
        )
        self.writer = TableWriter(self.group, self.history, bank)
        self.leases = Leases(
            self,
            owner=settings.lease_owner,
            ttl=settings.lease_ttl,
            serves=serves,
        )
        self.turns = Turns()
        # Seeds of new games; tests replace it with a seeded ``random.Random``.
        self.seeds: random.Random = random.SystemRandom()
        self.index = TableIndex()  # the open tables: only this service adds and removes them
        self.display: Display | None = None
        self.timers: Timers | None = None

    @property
    def db(self) -> Database:
        """The database."""
        return self._database()

    @property
    def bank(self) -> Bank:
        """The bank."""
        return self._bank()

    async def recover(self) -> None:
        """Start-up: refund escrow of closed tables, then drive every open table no other live
        process holds (see :mod:`bot.tables.leases`), and keep taking over tables whose lease
        ran out."""
        await self.leases.recover()

    async def close(self) -> None:
        """Stop every task of the runtime (shutdown; simcord restarts)."""
        await self.runner.close()

    def attach(self, display: Display, timers: Timers) -> None:
        """Given once, by :mod:`bot.tables.runtime`: who is told what was committed."""
        self.display, self.timers = display, timers

    @property
    def _show(self) -> Display:
        assert self.display is not None, "the runtime is wired in bot.tables.runtime"
        return self.display

    @property
    def _clock(self) -> Timers:
        assert self.timers is not None, "the runtime is wired in bot.tables.runtime"
        return self.timers

    # ------------------------------------------------------------------ in and out of the index

    def _ended(self, table: Table) -> None:
        """``table`` is no longer open here: out of the index, its timers stopped."""
        self.index.remove(table)
        table.tasks.stop()
        self.history.forget(table.id)
        self.leases.finished(table.id)

    def adopt(self, table: Table) -> None:
        """Drive a table read from the database (start-up, or taken over from another process):
        indexed, drawn again, its timers restarted."""
        self.index.add(table)
        self._show.resumed(table)
        if table.status is Status.PLAYING:
            self.schedule(table)
        else:
            self._clock.watch_lobby(table)

    def lost(self, table_id: int) -> None:
        """Another process drives ``table_id`` now: forget it, stop all of its tasks."""
        table = self.index.get(table_id)
        if table is not None:
            log.warning("table %s is now driven by another process", table_id)
            self._ended(table)
            table.tasks.cancel_all()

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
        self.index.require_free(channel_id, self._show.link)
        table = lobby.new_table(
            guild_id=guild_id,
            channel_id=channel_id,
            info=info,
            seats=[host],
            buy_in=buy_in,
            turn_timeout=turn_timeout,
            options=dict(options or {}),
        )
        hosted = self.index.lobbies(guild_id, host.user_id)
        refusals.check_lobby_limit(hosted, self.settings.lobby_limit)
        with self.index.opening(guild_id, host.user_id):  # counted until indexed
            await self._insert(table)
        self.index.add(table)
        self._clock.watch_lobby(table)
        return table

    async def _insert(self, table: Table) -> None:
        """Write a new table with its lease and its secret; refused if its channel has one."""

        async def opened(conn: Tx) -> None:
            await self.leases.hold_in(conn, table)
            await self.history.on_lobby(conn, table, self.seeds)

        try:
            await self.writer.insert(table, opened)
        except IntegrityError:
            raise TableError(_("This channel already has a table.")) from None

    async def open_seated(
        self,
        *,
        guild_id: int,
        channel_id: int,
        seats: list[Seat],
        info: VariantInfo,
        chips: int,
        turn_timeout: int,
        tournament_id: int,
        options: dict[str, Any] | None = None,
        stacks: Sequence[int] | None = None,
    ) -> Table:
        """Open a tournament's table with every seat taken (``seats[0]`` hosts it) and deal its
        first hand. Its seats play with ``chips`` tournament chips each (or their ``stacks``,
        carried over from another table): no credits move at it; ``options`` are the table's
        own (a tournament's antes at its level)."""
        self.index.require_free(channel_id, self._show.link)
        table = lobby.new_table(
            guild_id=guild_id,
            channel_id=channel_id,
            info=info,
            seats=list(seats),
            buy_in=chips,
            turn_timeout=turn_timeout,
            options=dict(options or {}) | ({} if stacks is None else {STACKS: list(stacks)}),
            tournament_id=tournament_id,
        )
        await self._insert(table)
        self.index.add(table)
        await self.start(table, table.host_id)
        return table

    async def close_after_next_hand(self, table: Table) -> None:
        """A tournament moves players: the table's game ends when its next hand ends (not the
        one being played, whose record starts without the change), each seat keeping its
        chips (:meth:`~engine.core.game.Game.close_after`). Written with the game; nothing
        happens at a table already closing as soon, or over."""
        async with table.lock:
            game = table.game
            if game is None or game.finished or table.status is not Status.PLAYING:
                return
            game.close_after(table.public_view().hand_no + 1)
            await self.writer.write(table)

    async def join(self, table: Table, seat: Seat) -> None:
        """Seat a member (or a bot, whose buy-in comes from the house)."""
        async with table.lock:
            refusals.check_join(table, seat)
            await self._write(table, *lobby.sit(table, seat))
        self._clock.watch_lobby(table)  # its lobby message is redrawn by whoever answers

    async def add_bot(self, table: Table, user_id: int, style: str) -> Seat:
        """The host seats a bot opponent of ``style`` (its buy-in from the house); its id and
        name are chosen under the table's lock, so two pickers clicked at once seat two
        different bots. Returns the seat."""
        async with table.lock:
            refusals.check_add_bot(table, user_id)
            bots = sum(1 for s in table.seats if s.is_bot)
            seat = bot_seat({s.name for s in table.seats}, bots, style, len(table.seats))
            refusals.check_join(table, seat)
            await self._write(table, *lobby.sit(table, seat))
        self._clock.watch_lobby(table)
        return seat

    async def leave_lobby(self, table: Table, user_id: int) -> None:
        """Un-seat a member before the start and refund them; the host's leaving closes it."""
        async with table.lock:
            index = refusals.lobby_seat(table, user_id)
            if user_id == table.host_id:
                await self._cancel_locked(table)
                return
            await self._write(table, *lobby.stand(table, index))
        self._clock.watch_lobby(table)

    async def cancel(self, table: Table, user_id: int) -> None:
        """Host only: close the lobby and refund every buy-in."""
        async with table.lock:
            refusals.check_cancel(table, user_id)
            await self._cancel_locked(table)

    async def expire(self, table: Table) -> bool:
        """Close a lobby nobody started in time (refunds everyone). False if it moved on."""
        async with table.lock:
            if table.status is not Status.LOBBY:
                return False
            await self._cancel_locked(table)
        return True

    async def close_unshown(self, table: Table) -> None:
        """The lobby's message could not be shown (the reply to ``/start`` failed): close it
        and refund at once, so no credits stay held for a lobby nobody sees."""
        async with table.lock:
            if table.status is Status.LOBBY:
                await self._cancel_locked(table)

    async def _cancel_locked(self, table: Table) -> None:
        await self._write(table, *lobby.cancel(table))
        self._ended(table)

    async def _write(self, table: Table, change: Change | None, undo: Callable[[], object]) -> None:
        """Write ``table`` with ``change`` (under its lock); ``undo`` puts memory back if that
        fails."""
        with undone_on_failure(undo):
            await self.writer.write(table, change)

    async def start(self, table: Table, user_id: int) -> None:
        """Host only: deal the first hand."""
        async with table.lock:
            refusals.check_start(table, user_id)
            seed = self.history.seed_source(table, self.seeds)
            await self._write(table, *lobby.deal(table, seed))
        self._clock.watch_lobby(table)  # stops the lobby's expiry
        self._show.started(table)
        self.schedule(table)

    async def set_message(self, table: Table, message_id: int) -> None:
        """The table message was (re)posted: remember where (written with the table)."""
        async with table.lock:
            table.message_id, table.message_posted_at = message_id, store.now()
            if table.open:  # a closed table's row is final
                await self.writer.write(table)

    # ------------------------------------------------------------------ play

    async def act(
        self, table: Table, seat: int, action: Action, *, turn: int, source: str = "player"
    ) -> tuple[Event, ...]:
        """Apply one decision of ``seat``; nothing changes unless it is legal and current."""
        await self.turns.take()  # a burst of clicks is spread over turns of the event loop
        async with table.lock:
            game = refusals.current_game(table, seat, action.kind, turn)
            with restored_on_failure(table) as saved:
                hand_before = table.public_view().hand_no
                events = game.apply(seat, action)
                new_hand, ended = log_step(table, events, hand_before, self.writer.tournaments)
                if source == "player":
                    sitout.played(table, seat)
                step = (events, saved.game, hand_before)
                await self.writer.write(table, Change(steps=[(seat, action, source, step, None)]))
                metrics.acted(table, source)
            hand_ended = game.finished or new_hand
            hand = ended or list(table.log) if hand_ended else []
        self._after(table, Outcome(events, hand_ended=hand_ended, hand=hand))
        return events

    async def leave_game(self, table: Table, user_id: int) -> None:
        """A seated member leaves a running game: forfeit, and their stack goes back now."""
        async with table.lock:
            game, index = refusals.playing_seat(table, user_id)
            with restored_on_failure(table) as saved:
                hand_before = table.public_view().hand_no
                events, credits = leave(table, index)
                ended = log_step(table, events, hand_before, self.writer.tournaments)[1]
                step = (events, saved.game, hand_before)
                change = Change(
                    moves=[("out", user_id, credits)],
                    steps=[(index, Action("leave"), "leave", step, None)],
                    left=[(index, credits)],
                )
                await self.writer.write(table, change)
        hand = ended or list(table.log)
        outcome = Outcome(events, hand_ended=game.finished, left=(index, credits), hand=hand)
        self._after(table, outcome)

    def _after(self, table: Table, outcome: Outcome) -> None:
        """Tell the display what was committed, then restart the clock (or end the table)."""
        game = table.game
        assert game is not None
        if game.finished:
            self._ended(table)
        self._show.acted(table, outcome)
        if not game.finished:
            self.schedule(table)

    def schedule(self, table: Table) -> None:
        """Restart the table's clock; a game nobody plays at any more closes instead."""
        if nobody_playing(table):
            self._clock.close_unattended(table)
            return
        self._clock.schedule(table)

    async def set_back(self, table: Table, user_id: int) -> bool:
        """ "I'm back": the member plays their own turns again. Returns whether they were out."""
        async with table.lock:
            undo = sitout.come_back(table, user_id)
            if undo is None:
                return False
            await self._write(table, None, undo)
        self.schedule(table)  # their turns are timed again (a timer that ended restarts)
        self._show.lobby_changed(table)
        return True

    async def strike(self, table: Table, seat: int) -> bool:
        """Count a timeout; the second in a row sits the player out. Returns True if sat out."""
        async with table.lock:
            if not table.open:
                return False
            sat_out = sitout.strike(table, seat)
            try:
                await self.writer.write(table)
            except Exception:  # the strike stays in memory; the next write stores it
                log.exception("could not save a strike at table %s", table.id)
        return sat_out

    # ------------------------------------------------------------------ endings

    async def close_unattended(self, table: Table) -> bool:
        """Close a game nobody plays at any more (:mod:`bot.tables.unattended`): in one write,
        the seats still in leave in turn (bots first) until the engine ends it. Returns whether
        it closed; nothing changes if the write fails."""
        async with table.lock:
            game = table.game
            if game is None or not nobody_playing(table):
                return False
            with restored_on_failure(table):
                events, change = leave_unattended(table)
                extend(table, events)
                if not game.finished:  # not expected: every engine ends a game with one seat left
                    log.error("table %s: the game did not end when its seats left", table.id)
                await self.writer.write(table, change)
        if not game.finished:
            return False
        log.info("table %s closed: nobody plays at it any more", table.id)
        self._ended(table)
        self._show.acted(table, Outcome(tuple(events), hand_ended=True, hand=list(table.log)))
        return True

    async def abandon(self, table: Table) -> dict[int, int]:
        """The table's channel is gone: end it now. A lobby is refunded; in a game everyone
        still seated leaves as with ``/leave`` (in seat order: the last one takes what is left
        on the table). Returns what went back to each seat. A tournament's table is cancelled
        (its tournament refunds every buy-in, :mod:`bot.tournaments.results`)."""
        async with table.lock:
            game = table.game
            if not table.open:
                return {}
            if game is None:
                await self._cancel_locked(table)
                return {i: table.buy_in for i in range(len(table.seats))}
            with restored_on_failure(table):
                leaving, change = leave_everyone(table)
                if not game.finished or table.tournament_id is not None:
                    table.status = Status.CANCELLED  # a tournament's is cancelled: refunded
                await self.writer.write(table, change)
            payouts = game.payouts() if game.finished else {}
        self._ended(table)
        return {i: leaving.get(i, payouts.get(i, 0)) for i in leaving | payouts}
