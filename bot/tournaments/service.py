"""The tournament service: the open tournaments of this process, registrations, the start
and the rounds. No Discord here (what players see is told to a
:class:`~bot.tournaments.ports.Herald`).

* registration: ``create``, ``join`` (the buy-in into the prize pool), ``leave`` and
  ``cancel`` before the start (buy-ins back): each one transaction (:mod:`bot.tournaments.pool`);
* the start and the rounds: the field seated at random; a multi-table tournament's tables are
  balanced as players go out (:mod:`bot.tournaments.balance`, :meth:`TournamentService.
  _advance`): chips move with the players, never credits;
* what the writes of its tables record (places, prizes, rising antes) is
  :class:`~bot.tournaments.results.Results`, which the service builds and gives the tables.

A sit-and-go starts when the organizer says so, when it fills, or at its start time (then it
is cancelled and refunded if fewer than two players registered).
"""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Callable

from bot.bank import Bank
from bot.errors import TableError
from bot.i18n import N_, _, using
from bot.i18n.readers import server_locale
from bot.storage import Database, IntegrityError, Row, Tx
from bot.tables.models import Seat, Status
from bot.tables.refusals import ChannelBusy
from bot.tables.rowstate import load_state
from bot.tables.service import TableService
from bot.tables.store import now
from bot.tournaments import balance, pool, store
from bot.tournaments.models import Entry, Seating, Stage, Tournament
from bot.tournaments.ports import Herald
from bot.tournaments.results import Results

log = logging.getLogger(__name__)

STARTED = N_("Registration is closed: the tournament has started.")
CLOSED = N_("This tournament is over.")
OPEN_STATUSES = (Status.LOBBY.value, Status.PLAYING.value)
BUSY = N_("This channel has a table in play: start the tournament once it is over.")
STUCK = N_(
    "The tournament's next tables could not be opened: {reason} "
    "The organizer's `/tournament start` tries again."
)


class TournamentService:
    """The open tournaments of this process and every change of one but what their tables'
    writes record (:class:`~bot.tournaments.results.Results`)."""

    def __init__(self, tables: TableService, herald: Callable[[], Herald]) -> None:
        self.tables = tables
        self._herald = herald
        self.open: dict[int, Tournament] = {}
        # seat order at the table; tests replace it with a seeded ``random.Random``
        self.seating: random.Random = random.SystemRandom()
        # what the writes of its tables record (places, prizes, antes)
        self.results = Results(self.open, tables, herald, self._next_round)
        tables.writer.tournaments = self.results

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
                await pool.buy_in(conn, self.bank, tournament, entry)
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
                await pool.refund(conn, self.bank, tournament, [entry])

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
                await pool.refund(conn, self.bank, tournament, tournament.entries)
                await store.set_stage(conn, tournament.id, Stage.CANCELLED)

            await self.db.write(cancel)
            tournament.stage = Stage.CANCELLED
            del self.open[tournament.id]
        self._herald().ended(tournament)

    def _require_registering(self, tournament: Tournament) -> None:
        if tournament.stage is not Stage.REGISTERING:
            raise TableError(_(STARTED) if tournament.stage is Stage.RUNNING else _(CLOSED))

    # ------------------------------------------------------------------ the start, rounds

    async def start(self, tournament: Tournament) -> None:
        """Seat the field at random and deal: one table in the tournament's channel, or (more
        players than ``table_size``) tables in threads of it (the caller checked who asks)."""
        async with tournament.lock:
            self.check_start(tournament)
            await self._advance(tournament)
        self._herald().changed(tournament)

    def check_start(self, tournament: Tournament) -> None:
        """What refuses the start, checked without writing or waiting (so ``/tournament start``
        refuses at once, before it is acknowledged): the tournament is registering, has enough
        players, may open its tables' threads, and a single table finds its channel free."""
        self._require_registering(tournament)
        needed = max(2, tournament.variant.min_players)
        if len(tournament.entries) < needed:
            raise TableError(
                _("The tournament needs at least {needed} players; {n} registered.").format(
                    needed=needed, n=len(tournament.entries)
                )
            )
        self._herald().check_seating(tournament)
        if not tournament.multi_table and self.tables.index.in_channel(tournament.channel_id):
            raise TableError(_(BUSY))

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
