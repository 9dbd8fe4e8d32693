"""What a table does in Discord after its state changed: the table message (coalesced edits,
re-posted when old), result messages; private hands by DM and every public post are
:mod:`bot.tables.outbox`, the clock (turn timers, bot and sit-out moves) :mod:`bot.tables.clock`.
Every request counted against Discord's global limit takes a slot of one budget
(:mod:`bot.tables.pacing`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Awaitable, Coroutine, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

import discord

from bot import metrics
from bot.art import present
from bot.history.recorder import HandHistory
from bot.tables import handlog, store
from bot.tables.clock import Clock
from bot.tables.handlog import public_lines
from bot.tables.models import Table
from bot.tables.outbox import Outbox
from bot.tables.pacing import Budget, Lane
from bot.tables.watch import NEEDED
from bot.ui import controls, render
from bot.words.vocab import hand_word
from engine.core.game import Event

if TYPE_CHECKING:
    from bot.client import SabaccBot
    from bot.tables.watch import TableWatch

log = logging.getLogger(__name__)
T = TypeVar("T")

MESSAGE_MAX_AGE = 3600.0  # Discord refuses many edits of messages older than an hour (30046)
EDIT_TOO_OLD = 30046
RATE_LIMITED = 429
RETRY_AFTER = 2.0  # seconds before drawing again after a refused edit
# Discord allows 5 edits of a channel's messages per 5 s: stay below (when edits are paced).
EDIT_WINDOW = 5.0
EDITS_PER_WINDOW = 4


def result_events(events: tuple[Event, ...]) -> tuple[Event, ...]:
    """The events that ended a hand, without the next hand's opening."""
    for index, event in enumerate(events):
        if index and handlog.opens_hand(event):
            return events[:index]
    return events


def result_lines(variant: str, events: tuple[Event, ...]) -> list[str]:
    """The public lines of the events that ended a hand, without the next hand's opening."""
    return public_lines(variant, result_events(events))


class Effects(Outbox, Clock):
    """Discord-side effects of tables; :class:`TableManager` inherits them."""

    watch: TableWatch  # whether each table is on screen (set by TableManager)

    def __init__(self, bot: SabaccBot) -> None:
        self.bot = bot
        self._tasks: set[asyncio.Task[Any]] = set()
        self._timers: dict[int, tuple[int, asyncio.Task[Any]]] = {}
        self._autos: dict[tuple[int, int], asyncio.Task[Any]] = {}
        self._renders: dict[int, asyncio.Task[Any]] = {}
        self._lobbies: dict[int, asyncio.Task[Any]] = {}
        self._dirty: set[int] = set()
        self._last_edit: dict[int, float] = {}
        self._edit_times: dict[int, deque[float]] = {}
        # Edits, posts and DMs of all tables share Discord's global request limit (paced runs
        # only: tests and the demo draw at once).
        self.budget = Budget(
            bot.settings.request_rate if bot.settings.edit_interval > 0 else 0,
            clock=self.clock,
            sleep=self.sleep,
            spawn=lambda coro: self.spawn(coro, "budget"),
            wait=self.intended,
        )
        metrics.watch_budget({lane.name: partial(self.budget.waiting, lane) for lane in Lane})
        self._open_outbox()

    # implemented by TableManager
    history: HandHistory

    def get(self, table_id: int) -> Table | None:
        raise NotImplementedError

    # ------------------------------------------------------------------ tasks

    def spawn(self, coro: Coroutine[Any, Any, Any], name: str) -> asyncio.Task[Any]:
        """A background task whose failure is logged, never lost."""
        task = asyncio.get_running_loop().create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    async def sleep(self, seconds: float) -> None:
        """Wait ``seconds`` (a timer, a bot's delay, an edit interval). Through the bot's
        ``sleeper`` when one is set: a simulated Discord makes these waits virtual, so they pass
        only when its clock is moved, never with wall-clock time."""
        sleeper = getattr(self.bot, "sleeper", None)
        await (sleeper or asyncio.sleep)(seconds)

    def clock(self) -> float:
        """Seconds on the clock :meth:`sleep` waits by: the ``sleeper``'s when it has one (a
        simulated Discord's virtual time), else the event loop's."""
        now = getattr(getattr(self.bot, "sleeper", None), "now", None)
        return float(now()) if now is not None else asyncio.get_running_loop().time()

    async def until(self, event: asyncio.Event) -> None:
        """Wait until ``event`` is set (an :meth:`intended` wait)."""
        if not event.is_set():
            await self.intended(event.wait())

    async def intended(self, awaitable: Awaitable[T]) -> T:
        """Await something the outside world or a timer brings (an event, a slot of the
        budget); like :meth:`sleep`, through the ``sleeper``'s ``wait`` when it has one (a
        simulated Discord then knows this wait is intentional)."""
        wait = getattr(getattr(self.bot, "sleeper", None), "wait", None)
        return await (wait(awaitable) if wait is not None else awaitable)  # type: ignore[no-any-return]

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            metrics.failed("table task")
            log.error("table task %s failed", task.get_name(), exc_info=task.exception())

    async def close(self) -> None:
        """Cancel every background task (bot shutdown; simcord restarts)."""
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def forget(self, table: Table) -> None:
        """Stop every timer and automatic move of a table this process no longer drives."""
        self._stop_clock(table)
        tasks = [self._lobbies.pop(table.id, None), self._renders.pop(table.id, None)]
        tasks += [self._autos.pop(key) for key in list(self._autos) if key[0] == table.id]
        for task in tasks:
            if task is not None and task is not asyncio.current_task():
                task.cancel()
        self._dirty.discard(table.id)

    def link(self, table: Table) -> str:
        return render.table_url(table)

    # ------------------------------------------------------------------ after changes

    async def after_start(self, table: Table) -> None:
        """The first hand was dealt."""
        self.watch_lobby(table)  # stops the lobby's expiry
        self.request_render(table)
        self.deal_hands(table)
        self.schedule(table)

    def resume(self, table: Table) -> None:
        """A game restored after a restart: drawn again (an edit may have been pending; paced,
        :meth:`TableWatch.recovered`), then timers and automatic moves run again; its clock
        starts once the table is shown."""
        self.watch.recovered(table)
        self.schedule(table)

    async def after_action(
        self,
        table: Table,
        events: tuple[Event, ...],
        *,
        hand_ended: bool,
        left: tuple[int, int] | None = None,
        hand: Sequence[str] = (),
    ) -> None:
        """Show what happened: the table message, changed hands, the result of a hand that
        ended (``hand``: its whole log, else the events' lines); then the clock. The messages
        are queued (:mod:`bot.tables.outbox`), so the action is not held up by them."""
        game = table.game
        assert game is not None
        self.request_render(table)
        self.deal_hands(table)
        lines = (
            self._hand_summary(table, list(hand) or result_lines(table.variant.id, events))
            + self.history.reveal_lines(table)
            if hand_ended
            else []
        )
        if left is not None:
            seat, credits = left
            # Said once: the result message below already has the engine's "leaves the table".
            if not any(f"leaves the table with {credits} credits" in line for line in lines):
                mention = table.seats[seat].mention
                self.post(table, f"{mention} left the table with **{credits}** credits.")
        if lines:
            word = hand_word(table.variant.id)
            title = "Game over" if game.finished else f"{word} {table.public_view().hand_no - 1}"
            embed = render.result_embed(table, title, lines)
            picture = present.result_picture(self.bot, table, result_events(events), embed)
            self.post(table, embed=embed, attach=picture)
        if game.finished:
            self._stop_clock(table)
            self.post(table, embed=self._standings(table))
        else:
            self.schedule(table)

    @staticmethod
    def _hand_summary(table: Table, lines: list[str]) -> list[str]:
        named = [table.names(line) for line in lines]
        players = [table.names(seat.player_id) for seat in table.seats]
        return handlog.summary(named, players).splitlines()

    def _standings(self, table: Table) -> discord.Embed:
        """What every player took home: the final payout, or the stack they left with."""
        assert table.game is not None
        payouts = table.game.payouts()
        took = {i: table.left_seats.get(i, payouts.get(i, 0)) for i in range(len(table.seats))}
        lines = []
        for index, seat in sorted(enumerate(table.seats), key=lambda p: -took[p[0]]):
            note = " — left early" if index in table.left_seats else ""
            net = took[index] - table.buy_in
            lines.append(f"{seat.mention}: **{took[index]}** credits ({net:+d}){note}")
        return render.result_embed(table, "Final standings — credits paid out", lines)

    # ------------------------------------------------------------------ messages

    async def _channel(self, table: Table) -> discord.abc.Messageable | None:
        channel = self.bot.get_channel(table.channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(table.channel_id)
            except discord.NotFound:  # deleted while we did not listen: the table ends
                self.spawn(self.watch.channel_gone(table.channel_id), f"gone-{table.id}")
                return None
            except discord.Forbidden:
                self.watch.blocked(table, None, [NEEDED["view_channel"]])
                return None
            except discord.HTTPException as exc:
                log.warning("could not fetch the channel of table %s: %s", table.id, exc)
                return None
        return channel if isinstance(channel, discord.abc.Messageable) else None

    def request_render(self, table: Table) -> None:
        """Ask for the table message to be redrawn; edits are coalesced per table."""
        self._dirty.add(table.id)
        task = self._renders.get(table.id)
        if task is None or task.done():
            self._renders[table.id] = self.spawn(self._render_loop(table), f"render-{table.id}")

    async def _render_loop(self, table: Table) -> None:
        await self.bot.wait_until_ready()  # recovered tables are drawn from the cache
        interval = self.bot.settings.edit_interval
        loop = asyncio.get_running_loop()
        recent = self._edit_times.setdefault(table.id, deque(maxlen=EDITS_PER_WINDOW))
        while table.id in self._dirty:
            wait = self._last_edit.get(table.id, -interval) + interval - loop.time()
            if interval > 0 and len(recent) == EDITS_PER_WINDOW:
                wait = max(wait, recent[0] + EDIT_WINDOW - loop.time())
            if wait > 0:
                await self.sleep(wait)
            async with self.budget.slot(Lane.EDIT):  # built only now, from the newest state
                self._dirty.discard(table.id)
                drawn = await self.redraw(table)
            self._last_edit[table.id] = loop.time()
            recent.append(loop.time())
            if not drawn:  # refused for now: draw the newest state a little later
                self._dirty.add(table.id)
                await self.sleep(RETRY_AFTER)

    async def redraw(self, table: Table) -> bool:
        """Edit the table message now, or post it anew when missing or over an hour old.
        Returns False when Discord refused for now (rate limit, outage) and it should retry."""
        channel = await self._channel(table)
        if channel is None or self.watch.blocked(table, channel):
            return True  # drawn again when the channel can show it
        self.watch.drawing(table)
        clicks = metrics.drawing(table)
        embed, view = controls.build_table_message(table)
        present.with_emojis(self.bot, table, embed)
        fresh = table.message_id is not None and (
            not table.open  # a closed table is never posted again, only edited
            or (
                table.message_posted_at is not None
                and store.now() - table.message_posted_at < MESSAGE_MAX_AGE
            )
        )
        if fresh and isinstance(channel, discord.abc.GuildChannel | discord.Thread):
            try:
                await channel.get_partial_message(table.message_id).edit(  # type: ignore[union-attr,arg-type]
                    embed=embed, view=view
                )
                self.watch.drawn(table)
                metrics.shown(table, clicks)
                return True
            except discord.Forbidden:
                self.watch.blocked(table, channel, [NEEDED["view_channel"]])
                return True
            except discord.NotFound:
                if not table.open:
                    return True
                log.info("table %s message was deleted; posting it again", table.id)
            except discord.HTTPException as exc:
                if exc.status == RATE_LIMITED or exc.status >= 500:
                    log.info("table %s edit refused (%s); retrying", table.id, exc.status)
                    return False
                if exc.code != EDIT_TOO_OLD or not table.open:
                    log.warning("could not edit table %s message: %s", table.id, exc)
                    self.watch.drawn(table)  # an unknown failure never stops the clock
                    return True
        if await self._repost(table, channel, embed, view):
            metrics.shown(table, clicks)
        return True

    async def _repost(
        self,
        table: Table,
        channel: discord.abc.Messageable,
        embed: discord.Embed,
        view: discord.ui.View | None,
    ) -> bool:
        """Post the table message anew; whether it was posted."""
        old = table.message_id
        try:
            message = await channel.send(embed=embed, view=view)
        except discord.Forbidden:
            self.watch.blocked(table, channel, [NEEDED["send_messages"]])
            return False
        except discord.HTTPException:
            log.exception("could not post table %s message", table.id)
            self.watch.drawn(table)  # an unknown failure never stops the clock
            return False
        self.watch.drawn(table)
        async with table.lock:
            table.message_id, table.message_posted_at = message.id, store.now()
            await self.bot.db.write(lambda conn: store.save_table(conn, table))
        if old is not None and isinstance(channel, discord.abc.GuildChannel | discord.Thread):
            self.spawn(self._moved(channel, old, message.jump_url), f"moved-{table.id}")
        return True

    async def _moved(
        self, channel: discord.abc.GuildChannel | discord.Thread, old: int, url: str
    ) -> None:
        """The old table message points at the new one (a request of its own)."""
        async with self.budget.slot(Lane.EDIT):
            with contextlib.suppress(discord.HTTPException):
                moved = discord.Embed(description=f"This table moved: {url}")
                await channel.get_partial_message(old).edit(embed=moved, view=None)  # type: ignore[union-attr]
