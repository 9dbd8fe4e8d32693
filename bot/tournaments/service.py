"""The tournament service: registrations, the prize pool, the start, places and prizes. No
Discord here (what players see is told to a :class:`Herald`).

Money (credits are conserved at every step, each step one transaction):

* ``join`` moves the buy-in from the member's account (a bot's from the house) into the prize
  pool, held in escrow under -(tournament id) (ledger reason ``buy-in``);
* ``leave`` (before the start) and ``cancel`` pay buy-ins back (``refund``);
* the table plays with tournament chips, never credits (:attr:`bot.tables.models.Table.
  tournament_id`); every write of it calls :meth:`TournamentService.record_in` inside the same
  transaction, which stores the places of the players who went out and, when the game ended,
  pays the prizes from the pool (``prize``; :mod:`bot.tournaments.payouts`) — so a crash never
  leaves a hand recorded without its places or a finished table without its prizes. A table
  that was cancelled (its channel was deleted) cancels the tournament: every buy-in is
  refunded, busted players' too, and no prize is paid.

Places: players who go out in the same write take the worst places still free, the one seated
earlier the better of them; when the last table ends the players still in are ranked by the
chips they end with (then by seat). A multi-table tournament's tables are balanced as players
go out (:mod:`bot.tournaments.balance`, :meth:`TournamentService._advance`): chips move with
the players, never credits.

A sit-and-go starts when the organizer says so, when it fills, or at its start time (then it
is cancelled and refunded if fewer than two players registered).
"""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Callable
from typing import Protocol

from bot.bank import Bank
from bot.errors import TableError
from bot.i18n import N_, _, using
from bot.i18n.readers import server_locale
from bot.storage import Database, IntegrityError, Row, Tx
from bot.tables.models import Seat, Status, Table
from bot.tables.refusals import ChannelBusy
from bot.tables.rowstate import load_state
from bot.tables.service import TableService
from bot.tables.store import now
from bot.tournaments import balance, store
from bot.tournaments.blinds import HANDS
from bot.tournaments.models import Entry, Seating, Stage, Tournament
from bot.tournaments.payouts import points
from bot.tournaments.places import decide
from engine.core.game import Event

log = logging.getLogger(__name__)

STARTED = N_("Registration is closed: the tournament has started.")
CLOSED = N_("This tournament is over.")
OPEN_STATUSES = (Status.LOBBY.value, Status.PLAYING.value)
BUSY = N_("This channel has a table in play: start the tournament once it is over.")
STUCK = N_(
    "The tournament's next tables could not be opened: {reason} "
    "The organizer's `/tournament start` tries again."
)


class Herald(Protocol):
    """Shows tournaments (:class:`bot.tournaments.present.Herald`)."""

    def changed(self, tournament: Tournament) -> None:
        """Registrations or the stage changed: draw the tournament message again."""

    def placed(self, tournament: Tournament, entries: list[Entry]) -> None:
        """``entries`` went out: tell them their finishing place."""

    def ended(self, tournament: Tournament) -> None:
        """The tournament finished (results, prizes) or was cancelled (refunds)."""

    def say(self, tournament: Tournament, text: str) -> None:
        """Post ``text`` in the tournament's channel."""

    def check_seating(self, tournament: Tournament) -> object:
        """A :class:`~bot.errors.TableError` saying why its tables can't be opened now."""

    def regrouped(
        self, tournament: Tournament, plan: Seating, moving: list[int], channels: list[int]
    ) -> None:
        """The tables are regrouped: tell its channel, the closing tables and who moves."""
        ...

    async def table_channel(self, tournament: Tournament, label: str) -> int:
        """Where a table of the tournament plays: its channel, or a new thread of it for a
        multi-table tournament; a :class:`~bot.errors.TableError` saying why it can't."""


class TournamentService:
    """The open tournaments of this process and every change of one."""

    def __init__(self, tables: TableService, herald: Callable[[], Herald]) -> None:
        self.tables = tables
        self._herald = herald
        self.open: dict[int, Tournament] = {}
        # by table id: what a write recorded, kept once it is committed
        self._pending: dict[int, tuple[Tournament, list[Entry], Stage, bool]] = {}
        self._levels: dict[int, tuple[Tournament, int]] = {}  # by table id: antes level written
        # seat order at the table; tests replace it with a seeded ``random.Random``
        self.seating: random.Random = random.SystemRandom()
        tables.writer.tournaments = self

    @property
    def db(self) -> Database:
        """The database."""
        return self.tables.db

    @property
    def bank(self) -> Bank:
        """The bank."""
        return self.tables.bank

    def in_channel(self, channel_id: int) -> Tournament | None:
        """The open tournament of a channel."""
        return next((t for t in self.open.values() if t.channel_id == channel_id), None)

    # ------------------------------------------------------------------ registration

    async def create(self, tournament: Tournament) -> Tournament:
        """Store a new tournament (its ``id`` is set) and schedule its start time."""
        if self.in_channel(tournament.channel_id) is not None:
            raise TableError(_("This channel already has an open tournament."))
        _members_create, tournament.season = await store.guild_settings(
            self.db, tournament.guild_id
        )

        async def insert(conn: Tx) -> int:
            return await store.insert(conn, tournament)

        try:
            tournament.id = await self.db.write(insert)
        except IntegrityError:
            raise TableError(_("This channel already has an open tournament.")) from None
        self.open[tournament.id] = tournament
        self._schedule(tournament)
        return tournament

    async def join(self, tournament: Tournament, seat: Seat) -> bool:
        """Register a member (or a bot, paid by the house); their buy-in goes into the pool.
        Returns whether the tournament is full now (a sit-and-go then starts)."""
        async with tournament.lock:
            self._require_registering(tournament)
            if not seat.is_bot and tournament.entry(seat.user_id) is not None:
                raise TableError(_("You are already registered for this tournament."))
            if len(tournament.entries) >= tournament.seats:
                raise TableError(_("This tournament is full."))
            joined = 1 + max((e.joined for e in tournament.entries), default=0)
            entry = Entry(seat.user_id, seat.name, seat.bot_style, joined)

            async def register(conn: Tx) -> None:
                await self.bank.escrow_in(
                    conn, tournament.guild_id, entry.account, tournament.pool_id, tournament.buy_in
                )
                await store.add_entry(conn, tournament.id, entry)

            await self.db.write(register)
            tournament.entries.append(entry)
            full = len(tournament.entries) >= tournament.seats
        self._herald().changed(tournament)
        return full

    async def leave(self, tournament: Tournament, user_id: int) -> None:
        """Withdraw before the start: the buy-in comes back."""
        async with tournament.lock:
            self._require_registering(tournament)
            entry = tournament.entry(user_id)
            if entry is None or entry.bot_style is not None:
                raise TableError(_("You are not registered for this tournament."))

            async def withdraw(conn: Tx) -> None:
                await store.remove_entry(conn, tournament.id, user_id)
                await self._refund_in(conn, tournament, [entry])

            await self.db.write(withdraw)
            tournament.entries.remove(entry)
        self._herald().changed(tournament)

    async def cancel(self, tournament: Tournament) -> None:
        """Cancel before the start: every buy-in comes back (the caller checked who asks)."""
        async with tournament.lock:
            if tournament.stage is Stage.RUNNING:
                raise TableError(
                    _("A tournament that has started can't be cancelled: it plays to its winner.")
                )
            self._require_registering(tournament)

            async def cancel(conn: Tx) -> None:
                await self._refund_in(conn, tournament, tournament.entries)
                await store.set_stage(conn, tournament.id, Stage.CANCELLED)

            await self.db.write(cancel)
            tournament.stage = Stage.CANCELLED
            del self.open[tournament.id]
        self._herald().ended(tournament)

    async def _refund_in(self, conn: Tx, tournament: Tournament, entries: list[Entry]) -> None:
        for entry in sorted(entries, key=lambda e: e.account):
            await self.bank.pay_out_in(
                conn,
                tournament.guild_id,
                tournament.pool_id,
                entry.account,
                tournament.buy_in,
                "refund",
            )

    def _require_registering(self, tournament: Tournament) -> None:
        if tournament.stage is not Stage.REGISTERING:
            raise TableError(_(STARTED) if tournament.stage is Stage.RUNNING else _(CLOSED))

    # ------------------------------------------------------------------ the start, rounds

    async def start(self, tournament: Tournament) -> None:
        """Seat the field at random and deal: one table in the tournament's channel, or (more
        players than ``table_size``) tables in threads of it (the caller checked who asks)."""
        async with tournament.lock:
            self._require_registering(tournament)
            needed = max(2, tournament.variant.min_players)
            if len(tournament.entries) < needed:
                raise TableError(
                    _("The tournament needs at least {needed} players; {n} registered.").format(
                        needed=needed, n=len(tournament.entries)
                    )
                )
            await self._advance(tournament)
        self._herald().changed(tournament)

    async def _advance(self, tournament: Tournament) -> None:
        """Seat the players still in as they should sit (:mod:`bot.tournaments.balance`): carry
        the stored plan on — close the tables that are not a group of it (at a hand boundary,
        each seat keeping its chips), open each group whose players are all free, with their
        chips — and, once it is played, plan again from the tables being played and the
        players waiting (a new plan is written before anything moves). Called under the
        tournament's lock: at the start, when a player goes out or a table ends, and at
        start-up (so a restart mid-rebalancing carries the same plan on)."""
        self._herald().check_seating(tournament)  # before anything is written
        rows = await store.tables_of(self.db, tournament.id)
        out = {e.user_id for e in tournament.entries if e.place is not None}
        playing = [row for row in rows if row["status"] in OPEN_STATUSES]
        tables = [[s.user_id for s in _seats(row) if s.user_id not in out] for row in playing]
        still = [e.user_id for e in tournament.entries if e.place is None]
        if len(still) < 2:
            return
        plan = tournament.seating
        todo = None if plan is None else balance.steps(plan.tables, tables, out)
        if todo is None or todo.done:
            seated = {user for table in tables for user in table}
            free = [user for user in still if user not in seated]
            if plan is None:
                self.seating.shuffle(free)
            size = tournament.table_size if tournament.multi_table else len(still)
            assert size is not None
            groups = balance.regroup(tables, free, max(size, 2))
            if sorted(map(sorted, groups)) == sorted(map(sorted, tables)):
                return  # the tables are as they should be
            if not tournament.multi_table and self.tables.index.in_channel(tournament.channel_id):
                raise TableError(_(BUSY))
            plan = Seating(1 if plan is None else plan.round + 1, tuple(map(tuple, groups)))
            await self.db.write(lambda conn: store.set_seating(conn, tournament.id, plan))
            tournament.seating, tournament.stage = plan, Stage.RUNNING
            tournament.started_at = tournament.started_at or now()  # as stored with round 1
            todo = balance.steps(plan.tables, tables, out)
            if plan.round > 1:
                self._tell(tournament, plan, [playing[i] for i in todo.close], free)
        if tournament.variant.carries_stacks:
            for index in todo.close:
                table = self.tables.index.get(int(playing[index]["id"]))
                if table is not None:
                    await self.tables.close_after_next_hand(table)
        assert plan is not None
        await self._open(tournament, plan, todo.open, rows)

    def _tell(
        self, tournament: Tournament, plan: Seating, closing: list[Row], free: list[int]
    ) -> None:
        """Tell who moves (the players still in at the tables that close, and those waiting)
        and the closing tables (their threads)."""
        out = {e.user_id for e in tournament.entries if e.place is not None}
        moving = [s.user_id for row in closing for s in _seats(row) if s.user_id not in out]
        tables = [self.tables.index.get(int(row["id"])) for row in closing]
        channels = [t.channel_id for t in tables if t is not None]
        self._herald().regrouped(tournament, plan, moving + free, channels)

    async def _open(
        self,
        tournament: Tournament,
        plan: Seating,
        groups: tuple[tuple[int, ...], ...],
        rows: list[Row],
    ) -> None:
        """Open (and deal) a table for each of ``groups`` (players of ``plan``), each player
        with the chips they ended their last table with (the tournament's chips at a first
        table)."""
        final = len(plan.tables) == 1
        chips = _chips(tournament, rows)
        for group in groups:
            number = 1 + next(i for i, g in enumerate(plan.tables) if set(group) <= set(g))
            entries = [tournament.entry(user) for user in group]
            with using(server_locale(tournament.guild_id)):  # a thread's name: public
                label = (
                    _("final table")
                    if final
                    else _("round {round} · table {n}").format(round=plan.round, n=number)
                )
            channel = await self._herald().table_channel(tournament, label)
            stacks = [chips.get(user, tournament.chips) for user in group]
            carried = tournament.variant.carries_stacks and set(stacks) != {tournament.chips}
            try:
                await self.tables.open_seated(
                    guild_id=tournament.guild_id,
                    channel_id=channel,
                    seats=[e.seat for e in entries if e is not None],
                    info=tournament.variant,
                    chips=tournament.chips,
                    turn_timeout=int(self.tables.settings.turn_timeout),
                    tournament_id=tournament.id,
                    options=tournament.stakes(),
                    stacks=stacks if carried else None,
                )
            except ChannelBusy:
                raise TableError(_(BUSY)) from None

    def _schedule(self, tournament: Tournament) -> None:
        """Start (or cancel) the tournament at its start time."""
        if tournament.start_at is None or tournament.stage is not Stage.REGISTERING:
            return
        self.tables.runner.spawn(self._at_start_time(tournament), f"tournament-{tournament.id}")

    async def _at_start_time(self, tournament: Tournament) -> None:
        assert tournament.start_at is not None
        await self.tables.runner.sleep(max(0.0, tournament.start_at - now()))
        if tournament.stage is not Stage.REGISTERING:
            return
        try:
            await self.start(tournament)
        except TableError as refused:
            log.info("tournament %s not started at its time: %s", tournament.id, refused)
            if tournament.stage is Stage.REGISTERING and len(tournament.entries) < 2:
                await self.cancel(tournament)

    async def _next_round(self, tournament: Tournament) -> None:
        """Open what the tournament needs next; a refusal (permissions) is said in its channel
        and the organizer's ``/tournament start`` tries again."""
        try:
            await self.resume(tournament)
        except TableError as refused:
            log.warning("tournament %s could not go on: %s", tournament.id, refused.message)
            with using(server_locale(tournament.guild_id)):  # public: the server's language
                text = _(STUCK).format(reason=refused.message)
            self._herald().say(tournament, text)

    async def resume(self, tournament: Tournament) -> None:
        """A running tournament opens the tables it lacks (after a refusal or a crash)."""
        async with tournament.lock:
            if tournament.stage is Stage.RUNNING:
                await self._advance(tournament)

    async def recover(self) -> None:
        """Start-up (after the tables' recovery): load every open tournament and carry each
        on — a table written but never dealt deals, tables of a round not opened yet open, a
        round that ended opens the next; start times are scheduled again."""
        for tournament_id in await store.open_ids(self.db):
            tournament = self.open.get(tournament_id) or await store.load(self.db, tournament_id)
            if tournament is None:
                continue
            self.open[tournament.id] = tournament
            self._schedule(tournament)
            if tournament.stage is not Stage.RUNNING:
                continue
            for row in await store.tables_of(self.db, tournament.id):
                table = self.tables.index.get(int(row["id"]))
                if table is not None and table.status is Status.LOBBY:
                    await self.tables.start(table, table.host_id)
            self.tables.runner.spawn(self._resume(tournament), f"tournament-{tournament.id}")

    async def _resume(self, tournament: Tournament) -> None:
        """Carry a recovered tournament on once Discord is ready (threads are opened there)."""
        await self.tables.ready()
        await self._next_round(tournament)

    # ------------------------------------------------------------------ the tables' writes

    def between_hands(self, table: Table) -> tuple[Event, ...]:
        """A new hand started at ``table``: the antes rise from the next hand when its schedule
        says so (:mod:`bot.tournaments.blinds`): one level after every ``every``-th hand since
        the table opened (at the level of its options), or the level of the minutes played;
        never past the top level, never down. In memory, before the table's write (which
        stores the game with them)."""
        assert table.tournament_id is not None
        tournament = self.open.get(table.tournament_id)
        game = table.game
        if tournament is None or tournament.blinds is None or game is None or game.finished:
            return ()
        schedule, base = tournament.blinds, tournament.base_stakes()
        if not base:
            return ()
        level = schedule.level_of(base, game.stakes())
        if schedule.unit == HANDS:  # from the level the table opened at (its own options)
            opened = schedule.level_of(base, {**base, **table.options})
            due = opened + table.public_view().hand_no // schedule.every
        else:
            minutes = (now() - (tournament.started_at or now())) / 60
            due = max(level, int(minutes // schedule.every))
        due = min(due, schedule.top_level(base, tournament.chips))
        if due <= level:
            return ()
        return game.set_stakes(schedule.stakes(base, due))

    async def _level_in(self, conn: Tx, tournament: Tournament, table: Table) -> None:
        """In the table's write: the tournament's level grows to the table's antes (a table
        opened later starts there)."""
        if tournament.blinds is None or table.game is None:
            return
        base = tournament.base_stakes()
        level = tournament.blinds.level_of(base, table.game.stakes()) if base else 0
        if level > tournament.level:
            await store.raise_level(conn, tournament.id, level)
            self._levels[table.id] = (tournament, level)

    async def record_in(self, conn: Tx, table: Table) -> None:
        """In the write of a tournament's table: the places of players who went out, and when
        the tournament is decided, the prizes (see the module docstring and
        :mod:`bot.tournaments.places`). Memory changes once committed (:meth:`committed`)."""
        assert table.tournament_id is not None
        self._pending.pop(table.id, None)
        self._levels.pop(table.id, None)
        tournament = self.open.get(table.tournament_id) or await store.load(
            conn, table.tournament_id
        )
        if tournament is None or not tournament.open:
            return
        stage, entries = await store.lock_in(conn, tournament.id)  # as stored: all its tables'
        if stage is not Stage.RUNNING:  # another of its tables ended it in this batch
            return
        if table.status is Status.CANCELLED:  # its channel was deleted (or it never dealt)
            await self._refund_in(conn, tournament, entries)
            await store.set_stage(conn, tournament.id, Stage.CANCELLED)
            self._pending[table.id] = (tournament, [], Stage.CANCELLED, False)
            return
        game = table.game
        if game is None:
            return
        await self._level_in(conn, tournament, table)
        placed = {e.user_id for e in entries if e.place is not None}
        here = [i for i, seat in enumerate(table.seats) if seat.user_id not in placed]
        payouts = game.payouts() if game.finished else None
        decided = decide(
            len(entries) - len(placed),
            [table.seats[i].user_id for i in here],
            [not table.still_in(i) for i in here],
            None if payouts is None else {n: payouts.get(i, 0) for n, i in enumerate(here)},
        )
        if not decided.places and not game.finished:
            return
        prizes = tournament.prizes()
        out: list[Entry] = []
        for user, place in decided.places:
            entry = tournament.entry(user)
            assert entry is not None
            prize = prizes[place - 1] if place <= len(prizes) else 0  # a paid place is final
            score = points(place, len(entries))
            new = Entry(user, entry.name, entry.bot_style, entry.joined, place, prize, score)
            await store.place_entry(conn, tournament.id, new)
            if prize:
                await self.bank.pay_out_in(
                    conn, tournament.guild_id, tournament.pool_id, new.account, prize, "prize"
                )
            out.append(new)
        stage = Stage.FINISHED if decided.over else Stage.RUNNING
        if decided.over:
            await store.set_stage(conn, tournament.id, stage)
        moved = (game.finished or bool(out)) and not decided.over  # the tables may regroup
        self._pending[table.id] = (tournament, out, stage, moved)

    def committed(self, table: Table) -> None:
        """The table's write is committed: keep what :meth:`record_in` recorded, tell it; when
        a player went out or a table ended, a multi-table tournament's tables may regroup."""
        raised = self._levels.pop(table.id, None)
        if raised is not None:
            recorded, level = raised
            kept = self.open.get(recorded.id, recorded)
            kept.level = max(kept.level, level)
        pending = self._pending.pop(table.id, None)
        if pending is None:
            return
        recorded, out, stage, regroup = pending
        tournament = self.open.setdefault(recorded.id, recorded)  # one object per tournament
        for new in out:
            entry = tournament.entry(new.user_id)
            assert entry is not None
            entry.place, entry.prize, entry.points = new.place, new.prize, new.points
        tournament.stage = stage
        herald = self._herald()
        beaten = [entry for entry in out if entry.place != 1]
        if beaten:
            herald.placed(tournament, beaten)
        if not tournament.open:
            self.open.pop(tournament.id, None)
            herald.ended(tournament)
            if stage is Stage.CANCELLED:  # its other tables (threads) end too
                for other in list(self.tables.index.tables.values()):
                    if other.tournament_id == tournament.id and other is not table:
                        self.tables.runner.spawn(
                            self.tables.abandon(other), f"tournament-{tournament.id}-end"
                        )
            return
        if regroup and tournament.multi_table:
            self.tables.runner.spawn(self._next_round(tournament), f"tournament-{tournament.id}")


def _seats(row: Row) -> list[Seat]:
    return [Seat.from_json(s) for s in json.loads(row["seats"])]


def _chips(tournament: Tournament, rows: list[Row]) -> dict[int, int]:
    """Each player's chips at the end of the last table they finished (rows oldest first)."""
    chips: dict[int, int] = {}
    for row in rows:
        if row["status"] != Status.FINISHED.value or not row["state"]:
            continue
        payouts = tournament.variant.restore(load_state(row["state"])).payouts()
        for index, seat in enumerate(_seats(row)):
            chips[seat.user_id] = payouts.get(index, 0)
    return chips
