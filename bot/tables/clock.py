"""The clock of the tables: lobby expiry, turn timers with a reminder, strikes and sitting
out, and the moves of bots and of players who sit out. A turn timer only runs while the table
is on screen (:mod:`bot.tables.watch`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any, TypeVar

from bot.errors import NotYourTurn, StaleButton, TableError
from bot.storage import DATABASE_ERRORS, StorageError
from bot.tables import handlog, store
from bot.tables.models import Status, Table
from engine.core.game import Action, Event, IllegalAction

if TYPE_CHECKING:
    from bot.client import SabaccBot
    from bot.tables.watch import TableWatch

log = logging.getLogger(__name__)

REMINDER_BEFORE = 30.0
#: Seconds between two tries of a lobby expiry, a timeout or a bot move the database refused
#: (it was down, or the write kept losing races): the clock never dies of it.
DATABASE_RETRY = 30.0
#: What "the database refused" is (a refusal of the table's rules is not).
DATABASE_FAILURES: tuple[type[BaseException], ...] = (StorageError, *DATABASE_ERRORS)
T = TypeVar("T")


class Clock:
    """Timers and automatic moves; :class:`bot.tables.effects.Effects` inherits them."""

    bot: SabaccBot
    watch: TableWatch
    _timers: dict[int, tuple[int, asyncio.Task[Any]]]
    _autos: dict[tuple[int, int], asyncio.Task[Any]]
    _lobbies: dict[int, asyncio.Task[Any]]

    if TYPE_CHECKING:  # implemented by Effects and TableManager

        def spawn(self, coro: Coroutine[Any, Any, Any], name: str) -> asyncio.Task[Any]: ...

        async def sleep(self, seconds: float) -> None: ...

        async def say(self, table: Table, content: str | None = None, **kwargs: Any) -> None: ...

        def request_render(self, table: Table) -> None: ...

        async def expire(self, table: Table) -> bool: ...

        async def act(
            self, table: Table, seat: int, action: Action, *, turn: int, source: str = "player"
        ) -> tuple[Event, ...]: ...

        async def strike(self, table: Table, seat: int) -> bool: ...

    def watch_lobby(self, table: Table) -> None:
        """(Re)start the lobby's expiry: it closes after ``lobby_timeout`` without a change."""
        previous = self._lobbies.pop(table.id, None)
        if previous is not None and previous is not asyncio.current_task():
            previous.cancel()
        if table.status is Status.LOBBY:
            self._lobbies[table.id] = self.spawn(self._lobby_timer(table), f"lobby-{table.id}")

    async def _persevere(self, what: str, step: Callable[[], Awaitable[T]]) -> T:
        """``await step()``; while the database fails it, again every :data:`DATABASE_RETRY`
        seconds, the first failure logged (once)."""
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
            await self.sleep(DATABASE_RETRY)

    async def _lobby_timer(self, table: Table) -> None:
        await self.sleep(self.bot.settings.lobby_timeout)
        await self.bot.wait_until_ready()
        if await self._persevere(f"expiry of lobby {table.id}", lambda: self.expire(table)):
            self.request_render(table)
            minutes = round(self.bot.settings.lobby_timeout / 60)
            await self.say(
                table,
                f"The {table.variant.name} lobby closed: nobody started it for {minutes} minutes. "
                "Every buy-in was refunded.",
            )

    def _stop_clock(self, table: Table) -> None:
        timer = self._timers.pop(table.id, None)
        if timer is not None and timer[1] is not asyncio.current_task():
            timer[1].cancel()
        table.deadline = None

    def schedule(self, table: Table) -> None:
        """(Re)start the turn timer when a new decision began; start bot and sit-out moves."""
        game = table.game
        if game is None or game.finished or table.status is not Status.PLAYING:
            self._stop_clock(table)
            return
        current = self._timers.get(table.id)
        if current is None or current[0] != game.turn or current[1].done():
            self._stop_clock(table)
            table.deadline = store.now() + table.turn_timeout
            task = self.spawn(self._timer(table, game.turn), f"timer-{table.id}")
            self._timers[table.id] = (game.turn, task)
        for seat in game.pending_seats():
            automatic = table.seats[seat].is_bot or seat in table.sitting_out
            key = (table.id, seat)
            if automatic and (key not in self._autos or self._autos[key].done()):
                self._autos[key] = self.spawn(self._auto(table, seat), f"auto-{table.id}-{seat}")

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
        await self.bot.wait_until_ready()
        is_bot = table.seats[seat].is_bot
        delay = self.bot.settings.bot_delay if is_bot else 0.0
        if delay > 0:
            await self.sleep(delay)
        self._autos.pop((table.id, seat), None)
        game = table.game
        if game is None or game.finished or seat not in game.pending_seats():
            return
        turn = game.turn
        action = await self.think(table, seat)
        source = "bot" if is_bot else "auto"
        try:
            await self._persevere(
                f"move of seat {seat} at table {table.id}",
                lambda: self.act(table, seat, action, turn=turn, source=source),
            )
        except (StaleButton, NotYourTurn, TableError):
            return
        except IllegalAction:
            log.exception("automatic move %s of seat %s was illegal; using default", action, seat)
            with contextlib.suppress(StaleButton, NotYourTurn, TableError, IllegalAction):
                await self.act(
                    table, seat, game.default_action(seat), turn=game.turn, source="auto"
                )

    async def _timer(self, table: Table, turn: int) -> None:
        """Play the default move of whoever is late; the clock stops while the table cannot
        be seen (a redraw after such a pause gives a full turn again)."""
        await self.bot.wait_until_ready()
        reminded: float | None = None  # the deadline a reminder was sent for
        while self._current(table, turn):
            await self.watch.until_visible(table)
            deadline = table.deadline or store.now()
            left = deadline - store.now()
            if left <= 0:
                if self.watch.visible(table):
                    await self._persevere(
                        f"timeout at table {table.id}", lambda: self._time_out(table, turn)
                    )
                    return
            elif left > REMINDER_BEFORE and reminded != deadline:
                await self.sleep(left - REMINDER_BEFORE)
                reminded = deadline
                late = self._humans_pending(table)
                if late and self._current(table, turn) and table.deadline == deadline:
                    who = ", ".join(table.seats[s].mention for s in late)
                    await self.say(table, f"⏳ {who}: {int(REMINDER_BEFORE)} seconds left to act.")
            else:
                await self.sleep(left)

    async def _time_out(self, table: Table, turn: int) -> None:
        for seat in self._humans_pending(table):
            if not self._current(table, turn):
                return
            game = table.game
            assert game is not None
            try:
                events = await self.act(
                    table, seat, game.default_action(seat), turn=turn, source="timeout"
                )
            except (StaleButton, NotYourTurn, TableError):
                continue
            mention = table.seats[seat].mention
            player = table.seats[seat].player_id
            what = table.names(handlog.played(table.variant.id, events, player))
            if await self.strike(table, seat):
                self.schedule(table)  # if they are to act again already, play it now
                await self.say(
                    table,
                    f"{mention} timed out twice and now sits out (I played for them: {what}); I "
                    "play their turns until they click **I'm back**.",
                )
            else:
                await self.say(table, f"{mention} ran out of time; I played for them: {what}.")

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
