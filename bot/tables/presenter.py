"""Shows the tables in Discord: the table message (coalesced edits, re-posted when old or
deleted), results and standings, notices; public posts and private hands go through the
:class:`~bot.tables.outbox.Outbox`, whether a table is on screen is the
:class:`~bot.tables.watch.TableWatch`'s. Every request counted against Discord's global limit
takes a slot of one budget (:mod:`bot.tables.pacing`).

A click that changes a table is answered with a deferred update, and the table message is
edited through that click's own interaction at once; changes without a click use the freshest
click's token of the table while it lives; only without one (or when Discord refuses it) do
they take the paced channel route (:mod:`bot.tables.rides`). A hand's result goes as a
follow-up of the click that ended it, and a clicker is never sent by DM the hand their reply
shows.

What the end of a hand says is worded in :mod:`bot.tables.results`. The :class:`Presenter` is
told what was committed by the table service (the :class:`~bot.tables.ports.Display` methods)
and never writes a table: where a table message was posted is handed back to the service
(:meth:`TableService.set_message`)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import Callable
from typing import Any

import discord

from bot import metrics
from bot.art import present
from bot.i18n import _
from bot.i18n.readers import in_server_language
from bot.settings import Settings
from bot.tables import results, store
from bot.tables.models import Table
from bot.tables.outbox import Outbox, refused_for_now
from bot.tables.pacing import Budget, Lane
from bot.tables.ports import Outcome
from bot.tables.record import EDITS_PER_WINDOW
from bot.tables.rides import Reply, Ride, answer, reply_for
from bot.tables.runner import Runner
from bot.tables.service import TableService
from bot.tables.watch import NEEDED, TableWatch
from bot.ui import controls, render
from bot.words import says_left_with

log = logging.getLogger(__name__)

MESSAGE_MAX_AGE = 3600.0  # Discord refuses many edits of messages older than an hour (30046)
EDIT_TOO_OLD = 30046
RETRY_AFTER = 2.0  # seconds before drawing again after a refused edit
# Discord allows 5 edits of a channel's messages per 5 s: stay below (when edits are paced,
# EDITS_PER_WINDOW of bot.tables.record).
EDIT_WINDOW = 5.0


class Presenter:
    """Shows the tables of one table service (see the module docstring)."""

    def __init__(
        self,
        client: discord.Client,
        service: TableService,
        runner: Runner,
        settings: Callable[[], Settings],
    ) -> None:
        self.bot, self.service, self.runner = client, service, runner
        self._settings = settings  # read at each use: a test may change the bot's settings
        # Edits, posts and DMs of all tables share Discord's global request limit (paced runs
        # only: tests and the demo draw at once).
        # This process's share of Discord's per-bot limit (Settings.request_budget).
        rate, window = self.settings.request_budget
        self.budget = Budget(
            rate if self.settings.edit_interval > 0 else 0,
            window=window,
            clock=runner.clock,
            sleep=runner.sleep,
            spawn=lambda coro: runner.spawn(coro, "budget"),
            wait=runner.intended,
        )
        metrics.watch_budget(
            {lane.name: functools.partial(self.budget.waiting, lane) for lane in Lane}
        )
        self.watch = TableWatch(
            client,
            service,
            runner,
            render=self.request_render,
            redraw=self.redraw,
            rate=self.budget.rate,
        )
        self.outbox = Outbox(client, runner, self.budget, self.watch, self._channel, self.link)
        self.post = self.outbox.post
        self.say = self.outbox.say

    @property
    def settings(self) -> Settings:
        """The bot's settings now."""
        return self._settings()

    def link(self, table: Table) -> str:
        """A link to the table message."""
        return render.table_url(table)

    # ------------------------------------------------------------------ clicks

    def answering(
        self,
        table: Table,
        interaction: discord.Interaction[Any],
        seat: int | None = None,
        *,
        ride: Ride | None = None,
    ) -> Reply:
        """``interaction`` (already acknowledged) is about to change ``table``: remember it as
        the click answered in this task (:data:`bot.tables.rides.REPLY`), and, when its
        original response is the table message (a deferred update of a click on it), as the
        table's freshest token. ``seat``: the clicker, whose reply shows their hand. ``ride``:
        the token to use instead (the table button that opened a picker being answered)."""
        return answer(table, interaction, self.runner.clock(), seat, ride)

    def hand_seen(self, table: Table, seat: int) -> None:
        """``seat``'s member was just shown their hand (**🂠 My hand**): no DM repeats it."""
        self.outbox.seen(table, seat)

    # ------------------------------------------------------------------ what was committed

    def lobby_changed(self, table: Table) -> None:
        """Seats, status or sitting-out changed: draw the table message again."""
        self.request_render(table)

    def started(self, table: Table) -> None:
        """The first hand was dealt."""
        self.request_render(table)
        self.outbox.deal_hands(table, reply_for(table), deal=True)

    def resumed(self, table: Table) -> None:
        """A table restored after a restart (or taken over) is drawn again (an edit may have
        been pending; paced, :meth:`TableWatch.recovered`); its clock starts once it is shown."""
        self.watch.recovered(table)

    @in_server_language
    def acted(self, table: Table, outcome: Outcome) -> None:
        """Show a committed step: the table message, changed hands, the result of a hand that
        ended (its whole log, else the events' lines), who left, the final standings. The
        messages are queued (:mod:`bot.tables.outbox`), so the action is not held up by them."""
        game = table.game
        assert game is not None
        reply = reply_for(table)
        self.request_render(table)
        self.outbox.deal_hands(table, reply, deal=outcome.hand_ended)
        via = reply.ride if reply is not None else None  # results follow the click that ended
        events = outcome.events
        lines = (
            results.hand_summary(
                table, list(outcome.hand) or results.result_lines(table.variant.id, events)
            )
            + self.service.history.reveal_lines(table)
            if outcome.hand_ended
            else []
        )
        if outcome.left is not None:
            seat, credits = outcome.left
            # Said once: the result message below may already have the leaving event's line.
            if not (lines and says_left_with(events, credits)):
                self.post(table, results.left_line(table, seat, credits))
        if lines:
            embed = render.result_embed(table, results.result_title(table), lines)
            picture = present.result_picture(self.bot, table, results.result_events(events), embed)
            self.post(table, embed=embed, attach=picture, via=via)
        if game.finished:
            table.deadline = None
            self.post(table, embed=results.standings(table))

    # ------------------------------------------------------------------ messages

    async def _channel(self, table: Table) -> discord.abc.Messageable | None:
        channel = self.bot.get_channel(table.channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(table.channel_id)
            except discord.NotFound:  # deleted while we did not listen: the table ends
                self.runner.spawn(self.watch.channel_gone(table.channel_id), f"gone-{table.id}")
                return None
            except discord.Forbidden:
                self.watch.blocked(table, None, [NEEDED["view_channel"]])
                return None
            except discord.HTTPException as exc:
                log.warning("could not fetch the channel of table %s: %s", table.id, exc)
                return None
        return channel if isinstance(channel, discord.abc.Messageable) else None

    def request_render(self, table: Table) -> None:
        """Ask for the table message to be redrawn; edits are coalesced per table. Asked by a
        click whose token edits the table message (:meth:`answering`), it is drawn at once
        through it: a redraw waiting for its pace or for a slot of the budget gives way."""
        tasks = table.tasks
        tasks.dirty = True
        reply = reply_for(table)
        if reply is not None and reply.ride is not None:
            tasks.urgent = reply.ride
        render = tasks.render
        if (
            tasks.urgent is not None
            and render is not None
            and not render.done()
            and not tasks.sending
        ):
            render.cancel()  # only waiting: nothing is on its way
            tasks.render = None
        if tasks.render is None or tasks.render.done():
            tasks.render = self.runner.spawn(self._render_loop(table), f"render-{table.id}")

    def _ride(self, table: Table) -> Ride | None:
        """The table's freshest click token still usable, if any."""
        ride = table.tasks.ride
        if ride is not None and not ride.usable(table.message_id, self.runner.clock()):
            table.tasks.ride = ride = None
        return ride

    @in_server_language
    async def _render_loop(self, table: Table) -> None:
        await self.bot.wait_until_ready()  # recovered tables are drawn from the cache
        interval = self.settings.edit_interval
        loop = asyncio.get_running_loop()
        tasks = table.tasks
        recent = tasks.edit_times
        while tasks.dirty:
            urgent, tasks.urgent = tasks.urgent, None
            if (
                urgent is not None
                and urgent.usable(table.message_id, self.runner.clock())
                and await self._draw_through(table, urgent)
            ):
                tasks.last_edit = loop.time()  # a click's change, shown through its own token
                continue
            # no click's own token (or it was refused): at the table's pace
            last = tasks.last_edit if tasks.last_edit is not None else -interval
            wait = last + interval - loop.time()
            if interval > 0 and self._ride(table) is None and len(recent) == EDITS_PER_WINDOW:
                wait = max(wait, recent[0] + EDIT_WINDOW - loop.time())
            if wait > 0:
                await self.runner.sleep(wait)
            ride = self._ride(table)
            if ride is not None and await self._draw_through(table, ride):
                tasks.last_edit = loop.time()
                continue
            async with self.budget.slot(Lane.EDIT):  # built only now, from the newest state
                tasks.dirty, tasks.sending = False, True
                try:
                    drawn = await self.redraw(table)
                finally:
                    tasks.sending = False
            tasks.last_edit = loop.time()
            recent.append(loop.time())
            if not drawn:  # refused for now: draw the newest state a little later
                tasks.dirty = True
                await self.runner.sleep(RETRY_AFTER)

    def _fresh(self, table: Table) -> bool:
        """Whether the table message may be edited (else it is posted anew): it exists and is
        less than an hour old and not buried under many messages, or the table is closed (never
        posted again, only edited)."""
        return table.message_id is not None and (
            not table.open
            or (
                not table.tasks.buried
                and table.message_posted_at is not None
                and store.now() - table.message_posted_at < MESSAGE_MAX_AGE
            )
        )

    @in_server_language
    def _message(self, table: Table) -> tuple[discord.Embed, discord.ui.View | None]:
        """The table message as it is now (public state only)."""
        embed, view = controls.build_table_message(table)
        present.with_emojis(self.bot, table, embed)
        return embed, view

    async def _draw_through(self, table: Table, ride: Ride) -> bool:
        """Edit the table message through a click's token, outside the budget. False when it
        cannot (a message to post anew, a channel the bot cannot show it in) or Discord
        refused the token (a 429, expired, unknown): the token is dropped, and the caller
        draws through the paced channel route, so no edit is lost."""
        channel = self.bot.get_channel(table.channel_id)
        if not self._fresh(table) or (channel is not None and self.watch.blocked(table, channel)):
            return False
        tasks = table.tasks
        tasks.dirty, tasks.sending = False, True
        try:
            self.watch.drawing(table)
            clicks = metrics.drawing(table)
            embed, view = self._message(table)
            await ride.edit(embed=embed, view=view)
        except discord.HTTPException as exc:
            log.info(
                "table %s: edit through a click refused (%s %s); paced instead",
                table.id,
                exc.status,
                exc.code,
            )
            if tasks.ride is ride:
                tasks.ride = None
            tasks.dirty = True
            return False
        finally:
            tasks.sending = False
        self.watch.drawn(table)
        metrics.shown(table, clicks)
        return True

    @in_server_language
    async def redraw(self, table: Table) -> bool:
        """Edit the table message now, or post it anew when missing or over an hour old.
        Returns False when Discord refused for now (rate limit, outage) and it should retry."""
        channel = await self._channel(table)
        if channel is None or self.watch.blocked(table, channel):
            return True  # drawn again when the channel can show it
        self.watch.drawing(table)
        clicks = metrics.drawing(table)
        embed, view = self._message(table)
        partial = getattr(channel, "get_partial_message", None)
        if self._fresh(table) and table.message_id is not None and partial is not None:
            try:
                await partial(table.message_id).edit(embed=embed, view=view)
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
                if refused_for_now(exc):
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
            if view is None:
                message = await channel.send(embed=embed)
            else:
                message = await channel.send(embed=embed, view=view)
        except discord.Forbidden:
            self.watch.blocked(table, channel, [NEEDED["send_messages"]])
            return False
        except discord.HTTPException:
            log.exception("could not post table %s message", table.id)
            self.watch.drawn(table)  # an unknown failure never stops the clock
            return False
        self.watch.drawn(table)
        table.tasks.below, table.tasks.buried = 0, False
        await self.service.set_message(table, message.id)
        if old is not None and isinstance(channel, discord.abc.GuildChannel | discord.Thread):
            self.runner.spawn(self._moved(channel, old, message.jump_url), f"moved-{table.id}")
        return True

    async def _moved(
        self, channel: discord.abc.GuildChannel | discord.Thread, old: int, url: str
    ) -> None:
        """The old table message points at the new one (a request of its own)."""
        async with self.budget.slot(Lane.EDIT):
            with contextlib.suppress(discord.HTTPException):
                moved = discord.Embed(description=_("This table moved: {url}").format(url=url))
                partial = getattr(channel, "get_partial_message", None)
                if partial is not None:
                    await partial(old).edit(embed=moved, view=None)
