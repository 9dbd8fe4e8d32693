"""Shows the tables in Discord: the table message (coalesced edits, re-posted when old or
deleted), results and standings, notices; public posts and private hands go through the
:class:`~bot.tables.outbox.Outbox`, whether a table is on screen is the
:class:`~bot.tables.watch.TableWatch`'s. Every request counted against Discord's global limit
takes a slot of one budget (:mod:`bot.tables.pacing`).

The :class:`Presenter` is told what was committed by the table service (the
:class:`~bot.tables.ports.Display` methods) and never writes a table: where a table message was
posted is handed back to the service (:meth:`TableService.set_message`)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import Callable

import discord

from bot import metrics
from bot.art import present
from bot.i18n import _
from bot.i18n.readers import in_server_language
from bot.settings import Settings
from bot.tables import handlog, store
from bot.tables.handlog import public_lines
from bot.tables.models import Table
from bot.tables.outbox import Outbox, refused_for_now
from bot.tables.pacing import Budget, Lane
from bot.tables.ports import Outcome
from bot.tables.record import EDITS_PER_WINDOW
from bot.tables.runner import Runner
from bot.tables.service import TableService
from bot.tables.watch import NEEDED, TableWatch
from bot.ui import controls, render
from bot.words import says_left_with
from bot.words.vocab import hand_word
from engine.core.game import Event

log = logging.getLogger(__name__)

MESSAGE_MAX_AGE = 3600.0  # Discord refuses many edits of messages older than an hour (30046)
EDIT_TOO_OLD = 30046
RETRY_AFTER = 2.0  # seconds before drawing again after a refused edit
# Discord allows 5 edits of a channel's messages per 5 s: stay below (when edits are paced,
# EDITS_PER_WINDOW of bot.tables.record).
EDIT_WINDOW = 5.0


def result_events(events: tuple[Event, ...]) -> tuple[Event, ...]:
    """The events that ended a hand, without the next hand's opening."""
    for index, event in enumerate(events):
        if index and handlog.opens_hand(event):
            return events[:index]
    return events


def result_lines(variant: str, events: tuple[Event, ...]) -> list[str]:
    """The public lines of the events that ended a hand, without the next hand's opening."""
    return public_lines(variant, result_events(events))


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
        self.budget = Budget(
            self.settings.request_rate if self.settings.edit_interval > 0 else 0,
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

    # ------------------------------------------------------------------ what was committed

    def lobby_changed(self, table: Table) -> None:
        """Seats, status or sitting-out changed: draw the table message again."""
        self.request_render(table)

    def started(self, table: Table) -> None:
        """The first hand was dealt."""
        self.request_render(table)
        self.outbox.deal_hands(table)

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
        self.request_render(table)
        self.outbox.deal_hands(table)
        events = outcome.events
        lines = (
            self._hand_summary(table, list(outcome.hand) or result_lines(table.variant.id, events))
            + self.service.history.reveal_lines(table)
            if outcome.hand_ended
            else []
        )
        if outcome.left is not None:
            seat, credits = outcome.left
            # Said once: the result message below may already have the leaving event's line.
            if not (lines and says_left_with(events, credits)):
                mention = table.seats[seat].mention
                self.post(
                    table,
                    _("{player} left the table with **{credits}** credits.").format(
                        player=mention, credits=credits
                    ),
                )
        if lines:
            word = hand_word(table.variant.id)
            title = (
                _("Game over")
                if game.finished
                else _("{hand_word} {n}").format(hand_word=word, n=table.public_view().hand_no - 1)
            )
            embed = render.result_embed(table, title, lines)
            picture = present.result_picture(self.bot, table, result_events(events), embed)
            self.post(table, embed=embed, attach=picture)
        if game.finished:
            table.deadline = None
            self.post(table, embed=self._standings(table))

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
        chips = table.tournament_id is not None  # a tournament's table: no credits paid here
        for index, seat in sorted(enumerate(table.seats), key=lambda p: -took[p[0]]):
            note = " — " + _("left early") if index in table.left_seats else ""
            net = took[index] - table.buy_in
            lines.append(
                (
                    _("{player}: **{chips}** chips ({net})")
                    if chips
                    else _("{player}: **{credits}** credits ({net})")
                ).format(
                    player=seat.mention, chips=took[index], credits=took[index], net=f"{net:+d}"
                )
                + note
            )
        title = (
            _("Final standings — tournament chips")
            if chips
            else _("Final standings — credits paid out")
        )
        return render.result_embed(table, title, lines)

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
        """Ask for the table message to be redrawn; edits are coalesced per table."""
        tasks = table.tasks
        tasks.dirty = True
        if tasks.render is None or tasks.render.done():
            tasks.render = self.runner.spawn(self._render_loop(table), f"render-{table.id}")

    @in_server_language
    async def _render_loop(self, table: Table) -> None:
        await self.bot.wait_until_ready()  # recovered tables are drawn from the cache
        interval = self.settings.edit_interval
        loop = asyncio.get_running_loop()
        tasks = table.tasks
        recent = tasks.edit_times
        while tasks.dirty:
            last = tasks.last_edit if tasks.last_edit is not None else -interval
            wait = last + interval - loop.time()
            if interval > 0 and len(recent) == EDITS_PER_WINDOW:
                wait = max(wait, recent[0] + EDIT_WINDOW - loop.time())
            if wait > 0:
                await self.runner.sleep(wait)
            async with self.budget.slot(Lane.EDIT):  # built only now, from the newest state
                tasks.dirty = False
                drawn = await self.redraw(table)
            tasks.last_edit = loop.time()
            recent.append(loop.time())
            if not drawn:  # refused for now: draw the newest state a little later
                tasks.dirty = True
                await self.runner.sleep(RETRY_AFTER)

    @in_server_language
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
        partial = getattr(channel, "get_partial_message", None)
        if fresh and table.message_id is not None and partial is not None:
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
