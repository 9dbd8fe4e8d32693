"""Whether each table can be seen in Discord, and what to do when it cannot.

A table's turn clock only runs while its message is on screen with the current buttons: a
player is never struck for a turn whose buttons they never had. The message is not on screen

* after a restart, until the first redraw of the recovered table;
* after a moderator deleted it (``on_raw_message_delete``; at the latest the next ``/… start``
  or ``/… join`` in that channel finds it gone): it is posted again at once;
* when :data:`BURIED_AFTER` messages were posted below it in its channel (replies, results,
  chat): it scrolled out of reach, so it is posted again at the bottom;
* while the bot lacks View Channel, Send Messages or Embed Links there: the host is told once,
  the timers wait, and the table is drawn again when the permissions come back (channel, role
  and member updates; a cheap check from the cache every :data:`BLOCKED_RECHECK` seconds).

A deleted channel ends its table at once (:meth:`TableService.abandon`): every stack goes back
to its owner, who is told by DM where possible, and one line is logged.

Its state per table (on screen, missing permissions, their re-check) lives on the table's record
(:class:`bot.tables.record.TableTasks`); it is given the service (which tables are open), the
runner, and the presenter's two drawing calls.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord.ext.commands.bot import BotBase

from bot.i18n import _, using, write_for
from bot.i18n.readers import member_locale
from bot.tables import store
from bot.tables.models import Status, Table
from bot.tables.runner import Runner
from bot.tables.service import TableService
from bot.words.vocab import variant_name

log = logging.getLogger(__name__)

BLOCKED_RECHECK = 300.0  # seconds between cache-only permission checks of a blocked table
BURIED_AFTER = 20  # messages below a table message before it is posted again at the bottom
# Redraws of recovered tables per second: half the edit budget (bot.tables.pacing), the other
# half stays free for the tables being played.
RECOVERY_RATE = 20.0
NEEDED = {
    "view_channel": "View Channel",
    "send_messages": "Send Messages",
    "embed_links": "Embed Links",
}


def missing_permissions(channel: Any) -> list[str]:
    """The permissions the bot lacks to show a table in ``channel`` (from the cache)."""
    guild = getattr(channel, "guild", None)
    me = getattr(guild, "me", None)
    if guild is None or me is None or not hasattr(channel, "permissions_for"):
        return []
    allowed = channel.permissions_for(me)
    needed = dict(NEEDED)
    if isinstance(channel, discord.Thread):
        needed["send_messages_in_threads"] = needed.pop("send_messages")
    return [label for name, label in needed.items() if not getattr(allowed, name)]


async def send_dm(bot: discord.Client, user_id: int, text: str) -> bool:
    """DM a member; False when they cannot be reached (closed DMs, unknown user)."""
    try:
        user = bot.get_user(user_id) or await bot.fetch_user(user_id)
        await user.send(text)
    except discord.HTTPException:
        return False
    return True


class TableWatch:
    """The on-screen state of every table of one table runtime."""

    def __init__(
        self,
        client: discord.Client,
        service: TableService,
        runner: Runner,
        *,
        render: Callable[[Table], None],
        redraw: Callable[[Table], Awaitable[bool]],
        rate: float,
    ) -> None:
        self.bot, self.service, self.runner = client, service, runner
        self.render, self.redraw, self.rate = render, redraw, rate
        self._recovering: deque[int] = deque()  # recovered tables waiting for their redraw
        self._recovery: asyncio.Task[Any] | None = None

    # ------------------------------------------------------------------ state

    @staticmethod
    def _event(table: Table) -> asyncio.Event:
        return table.tasks.visible

    def visible(self, table: Table) -> bool:
        """Whether the table message is on screen with the state last drawn."""
        return self._event(table).is_set()

    async def until_shown(self, table: Table, turn: int) -> None:
        """Wait (the turn clock is paused) until the table message is on screen showing the
        decision ``turn`` (or a later one)."""
        tasks = table.tasks
        while not (tasks.visible.is_set() and tasks.shown_turn >= turn):
            tasks.redrawn.clear()
            await self.runner.until(tasks.redrawn)

    def drawing(self, table: Table) -> None:
        """A redraw is about to be sent: a turn it shows for the first time (or after a pause)
        gets its whole time from now, the moment it appears, not from when it was committed."""
        game = table.game
        tasks = table.tasks
        tasks.drawing_turn = game.turn if game is not None else -1
        if (
            table.status is Status.PLAYING
            and table.deadline
            and (not self.visible(table) or tasks.drawing_turn != tasks.shown_turn)
        ):
            table.deadline = store.now() + table.turn_timeout

    def drawn(self, table: Table) -> None:
        """The table message was edited or posted (or failed for an unknown reason, which
        never stops the clock): it is on screen with the turn drawn; the clock runs."""
        tasks = table.tasks
        tasks.visible.set()
        tasks.shown_turn = max(tasks.shown_turn, tasks.drawing_turn)
        tasks.redrawn.set()
        if tasks.blocked is not None:
            tasks.blocked = None
            log.info("table %s can be shown again; its clock runs", table.id)
            task, tasks.recheck = tasks.recheck, None
            if task is not None and task is not asyncio.current_task():
                task.cancel()

    def recovered(self, table: Table) -> None:
        """A table restored at start-up (or taken over) is drawn again, in turn with the others:
        with edits paced, at most :data:`RECOVERY_RATE` a second, so thousands of recovered
        tables never stampede Discord nor queue ahead of the edits of tables being played (a
        table played meanwhile is drawn by its own action, and skipped here)."""
        if self.rate <= 0:  # unpaced (tests, the offline demo): at once
            self.render(table)
            return
        self._recovering.append(table.id)
        if self._recovery is None or self._recovery.done():
            self._recovery = self.runner.spawn(self._recover(), "recovery-redraws")

    async def _recover(self) -> None:
        pause = 1.0 / min(RECOVERY_RATE, self.rate)
        while self._recovering:
            table = self.service.index.get(self._recovering.popleft())
            if table is None or self.visible(table):
                continue
            self.render(table)
            await self.runner.sleep(pause)

    def lost(self, table: Table) -> None:
        """The table message is gone from the screen: pause the clock and draw it again."""
        self._event(table).clear()
        self.render(table)

    # ------------------------------------------------------------------ permissions

    def blocked(self, table: Table, channel: Any, missing: list[str] | None = None) -> bool:
        """Whether the bot cannot show ``table`` in ``channel`` now; tells the host once."""
        missing = missing_permissions(channel) if missing is None else missing
        if not missing:
            return False
        tasks = table.tasks
        tasks.visible.clear()
        if tasks.blocked is None:
            tasks.blocked = tuple(missing)
            log.warning("table %s cannot be shown (missing %s); paused", table.id, missing)
            self.runner.spawn(self._tell_host(table, missing), f"blocked-{table.id}")
        if table.open and (tasks.recheck is None or tasks.recheck.done()):
            tasks.recheck = self.runner.spawn(self._recheck(table), f"recheck-{table.id}")
        return True

    async def _recheck(self, table: Table) -> None:
        while table.tasks.blocked is not None and table.open:
            await self.runner.sleep(BLOCKED_RECHECK)
            self.render(table)

    async def _tell_host(self, table: Table, missing: list[str]) -> None:
        guild = self.bot.get_guild(table.guild_id)
        write_for(member_locale(table.host_id, table.guild_id))  # this task's one reader
        where = _("{channel} on **{server}**").format(
            channel=f"<#{table.channel_id}>", server=guild.name if guild else _("your server")
        )
        text = _(
            "I can't show your {variant} table in {where}: I am missing **{permissions}** "
            "there. The turn timers are paused until I can post in that channel again."
        ).format(variant=variant_name(table.variant), where=where, permissions=", ".join(missing))
        await send_dm(self.bot, table.host_id, text)

    def _guild_changed(self, guild_id: int | None) -> None:
        """Permissions may have come back: draw the blocked tables of the guild again."""
        for table in list(self.service.index.tables.values()):
            if table.tasks.blocked is not None and guild_id in (None, table.guild_id):
                self.render(table)

    # ------------------------------------------------------------------ events

    def listen(self, bot: BotBase) -> None:
        """Register the gateway listeners that keep the on-screen state true."""
        bot.add_listener(self.on_raw_message_delete)
        bot.add_listener(self.on_message)
        bot.add_listener(self.on_raw_bulk_message_delete)
        bot.add_listener(self.on_guild_channel_delete)
        bot.add_listener(self.on_raw_thread_delete)
        bot.add_listener(self.on_guild_channel_update)
        bot.add_listener(self.on_guild_role_update)
        bot.add_listener(self.on_member_update)

    async def on_message(self, message: discord.Message) -> None:
        """A message below a table message pushes it up: buried under :data:`BURIED_AFTER` of
        them, the table is posted again at the bottom (its old message says where it went)."""
        table = self.service.index.in_channel(message.channel.id)
        if table is None or table.message_id in (None, message.id) or message.flags.ephemeral:
            return
        tasks = table.tasks
        tasks.below += 1
        if tasks.below >= BURIED_AFTER and not tasks.buried:
            tasks.buried = True
            log.info(
                "table %s is buried under %s messages; posting it again", table.id, tasks.below
            )
            self.render(table)

    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        """A table message was deleted: post it again now."""
        for table in self.service.index.with_message([payload.message_id]):
            log.info("table %s message was deleted; posting it again", table.id)
            self.lost(table)

    async def on_raw_bulk_message_delete(self, payload: discord.RawBulkMessageDeleteEvent) -> None:
        """Several messages were deleted at once (a purge)."""
        for table in self.service.index.with_message(payload.message_ids):
            self.lost(table)

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """A channel was deleted: its table ends now."""
        await self.channel_gone(channel.id)

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """A thread was deleted: its table ends now."""
        await self.channel_gone(payload.thread_id)

    async def on_guild_channel_update(self, _before: Any, after: Any) -> None:
        """Overwrites may have changed."""
        self._guild_changed(getattr(getattr(after, "guild", None), "id", None))

    async def on_guild_role_update(self, _before: Any, after: discord.Role) -> None:
        """A role's permissions may have changed."""
        self._guild_changed(after.guild.id)

    async def on_member_update(self, _before: Any, after: discord.Member) -> None:
        """The bot's own roles may have changed."""
        me = self.bot.user
        if me is not None and after.id == me.id:
            self._guild_changed(after.guild.id)

    async def channel_gone(self, channel_id: int) -> None:
        """End the open table of a channel that no longer exists."""
        table = self.service.index.in_channel(channel_id)
        if table is None:
            return
        paid = await self.service.abandon(table)
        if not paid or table.tournament_id is not None:  # a tournament tells its players
            return
        log.warning("channel of table %s is gone: table ended, paid back %s", table.id, paid)
        guild = self.bot.get_guild(table.guild_id)
        for index, credits in paid.items():
            seat = table.seats[index]
            if not seat.is_bot:
                with using(member_locale(seat.user_id, table.guild_id)):
                    text = _(
                        "The channel of your {variant} table on **{server}** was deleted, so the "
                        "game ended. **{credits}** credits went back to your balance."
                    ).format(
                        variant=variant_name(table.variant),
                        server=guild.name if guild else _("your server"),
                        credits=credits,
                    )
                self.runner.spawn(
                    send_dm(self.bot, seat.user_id, text), f"gone-dm-{table.id}-{index}"
                )

    async def check_message(self, table: Table) -> None:
        """Make sure the table message still exists (before a command links to it); post it
        again at once if it was deleted without our hearing of it."""
        channel = self.bot.get_channel(table.channel_id)
        if table.message_id is None or not isinstance(
            channel, discord.TextChannel | discord.Thread
        ):
            return
        try:
            await channel.fetch_message(table.message_id)
        except discord.NotFound:
            log.info("table %s message is gone; posting it again", table.id)
            self._event(table).clear()
            await self.redraw(table)
        except discord.HTTPException:
            return
