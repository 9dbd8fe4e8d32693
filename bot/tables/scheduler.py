"""The clock of the tables: lobby expiry, turn timers with a reminder, strikes and sitting
out, the moves of bots and of players who sit out, and closing a game nobody plays at. A turn
timer only runs while the table is on screen (:mod:`bot.tables.watch`).

:class:`Scheduler` changes no table itself: each of its moves is a call of the
:class:`~bot.tables.service.TableService` like a click, and its notices go through the
presenter. Its tasks live on each table's record (:class:`bot.tables.record.TableTasks`). A
timer, an expiry, a move or a closing never dies on a database failure (the database is down,
or the write lost every race, :class:`~bot.storage.Conflict`): it tries again every
:data:`DATABASE_RETRY` seconds (the failure is logged once), until the change is written or no
longer due; a refusal of the table's rules is not retried."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from functools import partial
from typing import TypeVar

from bot.errors import NotYourTurn, StaleButton, TableError
from bot.i18n import _
from bot.i18n.readers import in_server_language
from bot.settings import Settings
from bot.storage import DATABASE_ERRORS, StorageError
from bot.tables import handlog, store
from bot.tables.models import Status, Table
from bot.tables.presenter import Presenter
from bot.tables.runner import Runner
from bot.tables.service import TableService
from bot.tables.unattended import closing_line
from bot.words.vocab import variant_name
from engine.core.game import Action, IllegalAction

log = logging.getLogger(__name__)
T = TypeVar("T")

REMINDER_BEFORE = 30.0
#: Seconds between two tries of a lobby expiry, a timeout, a move or a closing the database
#: refused (it was down, or the write kept losing races): the clock never dies of it.
DATABASE_RETRY = 5.0
#: What "the database refused" is (a refusal of the table's rules is not).
DATABASE_FAILURES: tuple[type[BaseException], ...] = (StorageError, *DATABASE_ERRORS)


class Scheduler:
    """Timers and automatic moves of one table service (see the module docstring)."""

    def __init__(
        self,
        service: TableService,
        presenter: Presenter,
        runner: Runner,
        settings: Callable[[], Settings],
    ) -> None:
        self.service, self.presenter, self.runner = service, presenter, runner
        self.watch = presenter.watch
        self._settings = settings  # read at each use: a test may change the bot's settings

    @property
    def settings(self) -> Settings:
        """The bot's settings now."""
        return self._settings()

    async def _persevere(self, what: str, step: Callable[[], Awaitable[T]]) -> T:
        """``await step()``; while the database fails it, again every :data:`DATABASE_RETRY`
        seconds, the first failure logged (once, a warning: it is handled); any other error is
        raised."""
        told = False
        while True:
            try:
                return await step()
            except DATABASE_FAILURES as error:
                if not told:
                    log.warning(
                        "%s failed (%s); trying again every %s s", what, error, DATABASE_RETRY
                    )
                    told = True
            await self.runner.sleep(DATABASE_RETRY)

    def watch_lobby(self, table: Table) -> None:
        """(Re)start the lobby's expiry: it closes after ``lobby_timeout`` without a change."""
        tasks = table.tasks
        previous, tasks.lobby = tasks.lobby, None
        if previous is not None and previous is not asyncio.current_task():
            previous.cancel()
        if table.status is Status.LOBBY:
            tasks.lobby = self.runner.spawn(self._lobby_timer(table), f"lobby-{table.id}")

    @in_server_language
    async def _lobby_timer(self, table: Table) -> None:
        await self.runner.sleep(self.settings.lobby_timeout)
        await self.service.ready()
        if await self._persevere(f"expiry of lobby {table.id}", lambda: self.service.expire(table)):
            self.presenter.request_render(table)
            minutes = round(self.settings.lobby_timeout / 60)
            await self.presenter.say(
                table,
                _(
                    "The {variant} lobby closed: nobody started it for {minutes} minutes. "
                    "Every buy-in was refunded."
                ).format(variant=variant_name(table.variant), minutes=minutes),
            )

    def _stop_clock(self, table: Table) -> None:
        table.tasks.stop_timer()
        table.deadline = None

    def close_unattended(self, table: Table) -> None:
        """Close a game nobody plays at any more (in the background), then say why."""
        self.runner.spawn(self._close(table), f"close-{table.id}")

    @in_server_language
    async def _close(self, table: Table) -> None:
        await self.service.ready()  # also when found at start-up (recovery)
        if await self._persevere(
            f"closing of table {table.id}", lambda: self.service.close_unattended(table)
        ):
            await self.presenter.say(table, closing_line(table))

    def schedule(self, table: Table) -> None:
        """(Re)start the turn timer when a new decision began; start bot and sit-out moves."""
        game = table.game
        if game is None or game.finished or table.status is not Status.PLAYING:
            self._stop_clock(table)
            return
        tasks = table.tasks
        if tasks.timer is None or tasks.timer_turn != game.turn or tasks.timer.done():
            self._stop_clock(table)
            table.deadline = store.now() + table.turn_timeout
            tasks.timer = self.runner.spawn(self._timer(table, game.turn), f"timer-{table.id}")
            tasks.timer_turn = game.turn
        for seat in game.pending_seats():
            automatic = table.seats[seat].is_bot or seat in table.sitting_out
            auto = tasks.autos.get(seat)
            if automatic and (auto is None or auto.done()):
                tasks.autos[seat] = self.runner.spawn(
                    self._auto(table, seat), f"auto-{table.id}-{seat}"
                )

    def decide(self, table: Table, seat: int) -> Action:
        """The move of a bot or of a player who sits out."""
        game = table.game
        assert game is not None
        style = table.seats[seat].bot_style
        if style is not None:
            from engine.bots import choose_action  # imported lazily: bots are optional

            return choose_action(table.variant.id, game, seat, style)
        return game.default_action(seat)

    async def think(self, table: Table, seat: int) -> Action:
        """:meth:`decide`, with a bot's thinking done in a worker thread on a private copy of
        the game, so the event loop keeps answering clicks however long a bot thinks (bots are
        deterministic: the copy gives the same move). Sitting-out defaults stay on the loop."""
        game = table.game
        assert game is not None
        style = table.seats[seat].bot_style
        if style is None:
            return self.decide(table, seat)
        from engine.bots import choose_action  # imported lazily: bots are optional

        copy = table.variant.restore(game.to_json())
        return await asyncio.to_thread(choose_action, table.variant.id, copy, seat, style)

    async def _auto(self, table: Table, seat: int) -> None:
        await self.service.ready()
        is_bot = table.seats[seat].is_bot
        delay = self.settings.bot_delay if is_bot else 0.0
        if delay > 0:
            await self.runner.sleep(delay)
        table.tasks.autos.pop(seat, None)
        game = table.game
        if game is None or game.finished or seat not in game.pending_seats():
            return
        turn = game.turn
        action = await self.think(table, seat)
        source = "bot" if is_bot else "auto"
        try:
            await self._persevere(
                f"move of seat {seat} at table {table.id}",
                lambda: self.service.act(table, seat, action, turn=turn, source=source),
            )
        except (StaleButton, NotYourTurn, TableError):
            return
        except IllegalAction:
            log.exception("automatic move %s of seat %s was illegal; using default", action, seat)
            with contextlib.suppress(StaleButton, NotYourTurn, TableError, IllegalAction):
                await self.service.act(
                    table, seat, game.default_action(seat), turn=game.turn, source="auto"
                )

    @in_server_language
    async def _timer(self, table: Table, turn: int) -> None:
        """Play the default move of whoever is late; the clock starts when the turn is on
        screen (the edit that shows it succeeded) and stops while the table cannot be seen (a
        redraw after such a pause gives a full turn again)."""
        await self.service.ready()
        reminded: float | None = None  # the deadline a reminder was sent for
        while self._current(table, turn):
            await self.watch.until_shown(table, turn)
            deadline = table.deadline or store.now()
            left = deadline - store.now()
            if left <= 0:
                if self.watch.visible(table):
                    await self._time_out(table, turn)
                    return
            elif left > REMINDER_BEFORE and reminded != deadline:
                await self.runner.sleep(left - REMINDER_BEFORE)
                reminded = deadline
                late = self._humans_pending(table)
                if late and self._current(table, turn) and table.deadline == deadline:
                    who = ", ".join(table.seats[s].mention for s in late)
                    await self.presenter.say(
                        table,
                        "⏳ "
                        + _("{players}: {seconds} seconds left to act.").format(
                            players=who, seconds=int(REMINDER_BEFORE)
                        ),
                    )
            else:
                await self.runner.sleep(left)

    async def _time_out(self, table: Table, turn: int) -> None:
        for seat in self._humans_pending(table):
            if not self._current(table, turn):
                return
            game = table.game
            assert game is not None
            default = game.default_action(seat)
            try:
                events = await self._persevere(
                    f"timeout at table {table.id}",
                    partial(self.service.act, table, seat, default, turn=turn, source="timeout"),
                )
            except (StaleButton, NotYourTurn, TableError):
                continue
            mention = table.seats[seat].mention
            player = table.seats[seat].player_id
            what = table.names(handlog.played(table.variant.id, events, player), plain=True)
            if await self.service.strike(table, seat):
                self.service.schedule(table)  # if they are to act again already, play it now
                await self.presenter.say(
                    table,
                    _(
                        "{player} timed out twice and now sits out (I played for them: {what}); "
                        "I play their turns until they click **I'm back**."
                    ).format(player=mention, what=what),
                )
            else:
                await self.presenter.say(
                    table,
                    _("{player} ran out of time; I played for them: {what}.").format(
                        player=mention, what=what
                    ),
                )

    def _current(self, table: Table, turn: int) -> bool:
        game = table.game
        return game is not None and not game.finished and game.turn == turn

    @staticmethod
    def _humans_pending(table: Table) -> list[int]:
        game = table.game
        if game is None:
            return []
        return sorted(
            s
            for s in game.pending_seats()
            if not table.seats[s].is_bot and s not in table.sitting_out
        )
