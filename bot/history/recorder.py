"""The table runtime's hooks for provably fair hands and hand history.

* :meth:`HandHistory.on_lobby` draws a table's master secret (``secrets``) when its lobby opens,
  so hand 1's commitment shows before anything is dealt; :meth:`seed_source` hands it to the
  engine. Hand ``k``'s seed is ``HMAC-SHA256(master, "hand:k")`` (:mod:`engine.core.fair`).
* :meth:`on_start` / :meth:`on_step` run inside the transaction of the game's creation or of
  every accepted action: they append the step to the running hand, and when a hand ends they
  store its record (with its seed, sealed until :mod:`bot.history.sealing` reveals it), its
  players and its per-hand statistics.
* :meth:`reveal_lines` gives the result message its lines about seeds: a finished hand's seed
  stays sealed while its table is open, and all are revealed when it closes
  (:mod:`bot.history.sealing`; a table open for days reveals a daily batch of older hands).

Nothing secret is logged: the master stays in ``table_secrets`` and in the game state.
"""

from __future__ import annotations

import dataclasses
import random
import secrets
from collections.abc import Callable
from typing import Any, Protocol, cast

from bot.history import sealing, stats
from bot.history import store as hstore
from bot.history.fairtext import hand_commitment
from bot.i18n import _
from bot.i18n.readers import in_server_language
from bot.storage import Database, Params, Tx
from bot.tables.models import Table
from bot.tables.store import now
from bot.words.vocab import hand_word
from engine.core.fair import SEED_BYTES, SeedSource
from engine.core.game import Action, Event, Game, PublicView, SeatStats
from engine.record import RunningHand, finish, on_create, on_step


class HasDatabase(Protocol):
    """Where the history reads and writes (the table service)."""

    @property
    def db(self) -> Database:
        """The database."""


# A step for the history: its events, the game's JSON before it, the public hand number then.
HandStep = tuple[tuple[Event, ...], dict[str, Any] | None, int]
Statement = tuple[str, Params]


def draw_master(seeds: random.Random) -> bytes:
    """A new table's master secret: from ``secrets`` in production; from ``seeds`` when a test
    replaced the manager's generator by a seeded one (repeatable deals)."""
    if isinstance(seeds, random.SystemRandom):
        return secrets.token_bytes(SEED_BYTES)
    return seeds.randbytes(SEED_BYTES)


class HandHistory:
    """Records every hand of the bot's fair tables (one instance, owned by the table manager)."""

    def __init__(self, bot: HasDatabase) -> None:
        self.bot = bot
        # table id -> (hand id, running hand, the game object it was recorded against)
        self.running: dict[int, tuple[int, RunningHand, Game]] = {}
        self._reveals: dict[int, tuple[Game, list[str]]] = {}
        # table id -> id of its running hand, restored after a restart and not read yet: the
        # hand (its start state, ~10 KB, and steps) is read at the table's next step, so an
        # idle table keeps none of it in memory
        self._stored: dict[int, int] = {}
        # New lobbies get a master secret; tests of scripted deals turn it off to keep the
        # plain seeded deals (``seed=int``) their scenarios were picked with.
        self.fair_seeds = True

    # ------------------------------------------------------------------ secrets

    async def on_lobby(self, conn: Tx, table: Table, seeds: random.Random) -> None:
        """A lobby opened: draw and store its master secret (same transaction as the lobby)."""
        if not self.fair_seeds:
            return
        master = draw_master(seeds)
        await hstore.save_secret(conn, table.id, master)
        table.fair_master = master

    def seed_source(self, table: Table, seeds: random.Random) -> int | SeedSource:
        """What the engine seeds a new game with: the table's fair source (a plain seed for a
        lobby opened before fair play existed)."""
        if table.fair_master is None:
            return seeds.randrange(2**63)
        return SeedSource(master=table.fair_master)

    async def load(self, tables: dict[int, Table]) -> None:
        """After a restart: every open table's secret, and which hand of it is running (read
        at its next step)."""
        ids = list(tables)
        if not ids:
            return
        for table_id, master in (await hstore.secrets_of(self.bot.db, ids)).items():
            tables[table_id].fair_master = master
        for table_id, hand_id in (await hstore.running_hand_ids(self.bot.db, ids)).items():
            if tables[table_id].game is not None:
                self.running.pop(table_id, None)
                self._stored[table_id] = hand_id

    def forget(self, table_id: int) -> None:
        """The table ended here: nothing of it is kept (its records are stored)."""
        self.running.pop(table_id, None)
        self._stored.pop(table_id, None)

    # ------------------------------------------------------------------ recording

    def rewinder(self, table_id: int) -> Callable[[], None]:
        """A function that puts the table's running hand and unshown reveal lines back as they
        are now: a step written again (its group-commit batch failed as a whole and each write
        is tried alone, :mod:`bot.tables.commits`) is then recorded once, from the same hand."""
        running, reveals = self.running.get(table_id), self._reveals.get(table_id)
        stored = self._stored.get(table_id)

        def rewind() -> None:
            self.running.pop(table_id, None)
            self._reveals.pop(table_id, None)
            if running is not None:
                self.running[table_id] = running
            if reveals is not None:
                self._reveals[table_id] = reveals
            if stored is not None:
                self._stored[table_id] = stored

        return rewind

    async def on_start(self, conn: Tx, table: Table) -> None:
        """The game was created and its first hand dealt (same transaction)."""
        game = table.game
        if game is None or table.fair_master is None:
            return
        options, stacks = table.game_params()
        players = [s.player_id for s in table.seats]
        hand = on_create(game, players=players, buy_in=table.buy_in, options=options, stacks=stacks)
        await self._open(conn, table, game, hand)

    @in_server_language
    async def on_step(
        self,
        conn: Tx,
        table: Table,
        seat: int,
        action: Action,
        source: str,
        step: HandStep,
        after: Game | None = None,
    ) -> None:
        """One accepted action or departure (same transaction): record it, close ended hands.
        ``step``: its events, the game's JSON before it and the public hand number then;
        ``after``: a copy of the game right after it, when the table took further steps before
        this call (several departures in one transaction); else the table's game."""
        before = step[1]
        game = table.game
        if game is None or table.fair_master is None or before is None:
            return
        state = after if after is not None else game
        entry = self.running.get(table.id)
        stored = self._stored.pop(table.id, None)
        if entry is None and stored is not None:  # restored after a restart: read it now
            entry = (stored, await hstore.running_hand(conn, stored), game)
        if entry is not None and entry[2] is not game:
            # the game was restored since (a failed action was rolled back): the stored hand
            # is the truth, and nothing computed for the rolled-back action may be shown
            self._reveals.pop(table.id, None)
            reloaded = await hstore.running_hands(self.bot.db, [table.id])
            entry = (*reloaded[table.id], game) if table.id in reloaded else None
        running = None if entry is None else _copy(entry[1])
        ended, current = _cut(running, state, seat, action, source, step)
        self.running.pop(table.id, None)
        if running is not None and entry is not None:
            await hstore.add_step(conn, entry[0], len(running.steps) - 1, running.steps[-1])
            if not any(hand is running for hand in ended):
                if running.starts_seen != entry[1].starts_seen:
                    await hstore.update_running(conn, entry[0], running)
                self.running[table.id] = (entry[0], running, game)
        for hand in ended:
            hand_id = entry[0] if hand is running and entry is not None else None
            if hand_id is None:
                hand_id = await self._insert(conn, table, hand)
            await self._finish(conn, table, state, hand_id, hand, game)
        if current is not None and current is not running:
            await self._open(conn, table, game, current)

    def plain_step(
        self, table: Table, seat: int, action: Action, source: str, step: HandStep
    ) -> list[Statement] | None:
        """The statements recording a step that neither ends nor opens a hand (its row, and the
        running facts when they changed), the running hand updated in memory at once: written
        with the action's other plain statements, without a savepoint or a round trip of its
        own. ``None``, with nothing changed, when the step needs the database (a hand ends or
        opens, the running hand must be reloaded): :meth:`on_step` records it then.

        Only the hand's step count (``starts_seen``) ever changes between steps: the hand's
        start state and statistics, written when it opens, are never written again."""
        before = step[1]
        game = table.game
        if game is None or table.fair_master is None or before is None:
            return []
        entry = self.running.get(table.id)
        if entry is None and table.id in self._stored:
            return None  # restored after a restart: on_step reads its running hand
        if entry is not None and entry[2] is not game:
            return None  # the stored hand is the truth: on_step reloads it
        running = None if entry is None else _copy(entry[1])
        ended, current = _cut(running, cast(Game, _Viewed(table, game)), seat, action, source, step)
        if ended or current is not running:
            return None
        if running is None or entry is None:
            return []  # not recording (a game without a fair seed source)
        self.running[table.id] = (entry[0], running, game)
        statements: list[Statement] = [
            hstore.step_statement(entry[0], len(running.steps) - 1, running.steps[-1])
        ]
        if running.starts_seen != entry[1].starts_seen:
            statements.append(hstore.running_statement(entry[0], running))
        return statements

    async def _insert(self, conn: Tx, table: Table, hand: RunningHand) -> int:
        commit = hand_commitment(table, hand.hand_no)
        assert commit is not None
        return await hstore.open_hand(
            conn,
            guild_id=table.guild_id,
            table_id=table.id,
            variant=table.variant.id,
            hand=hand,
            commitment=commit,
            at=now(),
        )

    async def _open(self, conn: Tx, table: Table, game: Game, hand: RunningHand) -> None:
        self.running[table.id] = (await self._insert(conn, table, hand), hand, game)

    @in_server_language
    async def _finish(
        self,
        conn: Tx,
        table: Table,
        state: Game,
        hand_id: int,
        hand: RunningHand,
        game: Game,
    ) -> None:
        """Reveal an ended hand's seed, store its record, players and statistics (``state``:
        the game right after the step that ended it; ``game``: the table's game object)."""
        assert table.fair_master is not None
        seats = [
            {"seat": i, "id": s.player_id, "name": s.display, "bot": s.is_bot}
            for i, s in enumerate(table.seats)
        ]
        record = finish(
            hand,
            state,
            SeedSource(master=table.fair_master),
            variant=table.variant.id,
            players=seats,
        )
        record |= {"hand_id": hand_id, "table_id": table.id}
        result = record["result"]
        winners = set(result["winners"])
        names = ", ".join(table.seats[s].display for s in sorted(winners)) or _("nobody")
        summary = _("won by {names}").format(names=names)
        players = [
            (table.seats[s].user_id, s, s in winners)
            for s in result["dealt"]
            if s < len(table.seats) and not table.seats[s].is_bot
        ]
        statistics: list[Statement] = []
        for user_id, seat, won in players:
            best = result["best_hands"].get(str(seat))
            statistics += stats.hand_statements(
                guild_id=table.guild_id,
                user_id=user_id,
                variant=table.variant.id,
                won=won,
                best_hand=(str(best[0]), int(best[1])) if best else None,
                pot=int(result["biggest_pots"].get(str(seat), 0)),
            )
        await hstore.finish_hand(
            conn,
            hand_id,
            record,
            summary=summary,
            players=players,
            guild_id=table.guild_id,
            at=now(),
            also=statistics,
        )
        word = hand_word(table.variant.id)
        previous = self._reveals.get(table.id)
        lines = previous[1] if previous is not None and previous[0] is game else []
        if state.finished:  # the table closes: every hand's seed is revealed now
            lines = sealing.closing_lines(word, await hstore.table_hands(conn, table.id))
        else:  # sealed while the players sit at the table (bot.history.sealing)
            lines = [*lines, sealing.hand_line(word, hand.hand_no, hand_id)]
        self._reveals[table.id] = (game, lines)

    def reveal_lines(self, table: Table) -> list[str]:
        """What the result of the table's last action says about its hands' seeds (each said
        once): where to check a hand whose seed stays sealed, and every seed when the table
        closes (:mod:`bot.history.sealing`)."""
        pending = self._reveals.pop(table.id, None)
        if pending is None or pending[0] is not table.game:
            return []
        return pending[1]

    def game_stats(self, table: Table, seat_stats: SeatStats) -> SeatStats:
        """What the game's end adds to a player's statistics: nothing per hand when every hand
        was counted as it ended (fair tables), else the game's hand totals."""
        return SeatStats() if table.fair_master is not None else seat_stats


def _cut(
    running: RunningHand | None,
    game: Game,
    seat: int,
    action: Action,
    source: str,
    step: HandStep,
) -> tuple[list[RunningHand], RunningHand | None]:
    """:func:`engine.record.on_step` of one step: the hands it ended, the one running after."""
    events, before, hand_before = step
    assert before is not None
    return on_step(
        running,
        game,
        events,
        seat=seat,
        action=action,
        source=source,
        before=before,
        hand_before=hand_before,
    )


class _Viewed:
    """``game`` whose public view is the table's, built once per change of the game
    (:meth:`Table.public_view`; the runtime has built it already after the action): a step's
    record reads it twice (its stacks and its pot)."""

    __slots__ = ("_game", "_table")

    def __init__(self, table: Table, game: Game) -> None:
        self._table, self._game = table, game

    def public_view(self) -> PublicView:
        return self._table.public_view()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


def _copy(hand: RunningHand) -> RunningHand:
    """A copy of ``hand`` to record a step on (its step list its own): the one in memory stays
    as stored until the step is written."""
    return dataclasses.replace(hand, steps=list(hand.steps))
