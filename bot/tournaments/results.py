"""The tournament side of its tables' writes: rising antes between hands, places and prizes
inside each write of a tournament's table, and what is kept and told once it is committed.

:class:`Results` is what a table's writer is told (:class:`bot.tables.ports.Tournaments`):

* :meth:`~Results.between_hands`: a new hand started; the antes rise on the tournament's
  schedule (:mod:`bot.tournaments.blinds`), in memory, before the table's write;
* :meth:`~Results.record_in`: inside the same transaction as the table's write, the places of
  the players who went out and, when the game ended, the prizes from the pool
  (:mod:`bot.tournaments.pool`) — so a crash never leaves a hand recorded without its places
  or a finished table without its prizes. A table that was cancelled (its channel was
  deleted) cancels the tournament: every buy-in is refunded, busted players' too, and no
  prize is paid;
* :meth:`~Results.committed`: memory follows what was recorded, the herald tells it, a
  cancelled tournament's other tables end, and a multi-table tournament may regroup.

Places: players who go out in the same write take the worst places still free, the one seated
earlier the better of them; when the last table ends the players still in are ranked by the
chips they end with (then by seat) (:mod:`bot.tournaments.places`).
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from bot.bank import Bank
from bot.storage import Tx
from bot.tables.models import Status, Table
from bot.tables.service import TableService
from bot.tables.store import now
from bot.tournaments import pool, store
from bot.tournaments.blinds import HANDS
from bot.tournaments.models import Entry, Stage, Tournament
from bot.tournaments.payouts import points
from bot.tournaments.places import decide
from bot.tournaments.ports import Herald
from engine.core.game import Event


class Results:
    """What the writes of the tournaments' tables record (see the module docstring)."""

    def __init__(
        self,
        open_tournaments: dict[int, Tournament],
        tables: TableService,
        herald: Callable[[], Herald],
        next_round: Callable[[Tournament], Coroutine[Any, Any, None]],
    ) -> None:
        self.open = open_tournaments  # the tournament service's registry, by id
        self.tables = tables
        self._herald = herald
        self._next_round = next_round
        # by table id: what a write recorded, kept once it is committed
        self._pending: dict[int, tuple[Tournament, list[Entry], Stage, bool]] = {}
        self._levels: dict[int, tuple[Tournament, int]] = {}  # by table id: antes level written

    @property
    def bank(self) -> Bank:
        """The bank."""
        return self.tables.bank

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
        the tournament is decided, the prizes (see the module docstring). Memory changes once
        committed (:meth:`committed`)."""
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
            await pool.refund(conn, self.bank, tournament, entries)
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
                await pool.pay_prize(conn, self.bank, tournament, new)
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
