"""What a table sends besides its table message and interaction replies: public posts and
private hands by DM, each paced by the process's :class:`bot.tables.pacing.Budget` (Discord's
global limit) and never holding up the action that caused it.

* Public posts (results with their showdown picture, notices, reminders) go out in the order a
  table queued them (:meth:`Outbox.post`; :meth:`Outbox.say` waits until posted); a picture is
  painted only when its message is about to be sent. A post given a click (``via``, a hand's
  result) goes as a follow-up of that click, outside the budget; refused, in the channel.
* Private hands: a seat whose hidden cards changed gets a DM of its hand; if the hand changes
  again before that DM went out, one DM goes, with the hand as it is then (at most one DM waits
  per seat, so under load the DMs follow the budget, not the actions). The hand is read from
  the committed state under the table's lock when the DM is sent, for the member who sat there
  when it changed, and the picture is painted only then. A member whose DMs are closed (or who
  shares no server with the bot any more, 50278) is told once, in the table's channel, to use
  **🂠 My hand**; no DM is tried again for that seat. No DM goes for a hand the member's own
  reply showed (their click, **🂠 My hand**); the DMs of a deal wait behind every other
  request (:attr:`Lane.DEAL`). A member's DM channel is opened once and its id kept
  (:data:`DM_CHANNELS_KEPT` members), so a later DM is one request, not two.
* A post Discord refuses for now (a 5xx, a 429) is tried again, in order, until it goes out or
  the channel is gone (refused for good: 403/404). A picture the channel does not allow (no
  Attach Files) is left out: the result goes without it, and the host is told once.

Its state per table lives on the table's record (:class:`bot.tables.record.TableTasks`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.art import present
from bot.i18n import _, write_for
from bot.i18n.readers import for_server, in_server_language, member_locale
from bot.tables.models import Table, hand_of
from bot.tables.pacing import Budget, Lane
from bot.tables.record import Attach, Post
from bot.tables.rides import Reply, Ride
from bot.tables.runner import Runner
from bot.tables.watch import NEEDED, TableWatch, send_dm
from bot.words.vocab import variant_name

log = logging.getLogger(__name__)

DM_CLOSED = 50007
NO_MUTUAL_GUILD = 50278  # the member shares no server with the bot: a DM cannot reach them
UNREACHABLE = frozenset({DM_CLOSED, NO_MUTUAL_GUILD})
RATE_LIMITED = 429
POST_RETRY = (2.0, 5.0, 15.0, 30.0, 60.0)  # seconds between tries of a refused post (then 60)
DM_CHANNELS_KEPT = 100_000  # members whose DM channel id is kept (the oldest is forgotten)
Channel = Callable[[Table], Awaitable[discord.abc.Messageable | None]]


def refused_for_now(error: discord.HTTPException) -> bool:
    """Whether Discord refused a request only for now (an outage, a rate limit)."""
    return error.status == RATE_LIMITED or error.status >= 500


def can_attach(channel: discord.abc.Messageable) -> bool:
    """Whether the bot may attach files in ``channel`` (from the cache; yes when unknown)."""
    guild = getattr(channel, "guild", None)
    me = getattr(guild, "me", None)
    if me is None or not isinstance(channel, discord.abc.GuildChannel | discord.Thread):
        return True
    return bool(channel.permissions_for(me).attach_files)


class Outbox:
    """Posts and hand DMs of the tables of one presenter (see the module docstring)."""

    def __init__(
        self,
        client: discord.Client,
        runner: Runner,
        budget: Budget,
        watch: TableWatch,
        channel: Channel,
        link: Callable[[Table], str],
    ) -> None:
        self.bot, self.runner, self.budget, self.watch = client, runner, budget, watch
        self._channel, self.link = channel, link
        self._dm_ids: dict[int, int] = {}  # member -> their DM channel's id

    # ------------------------------------------------------------------ public posts

    def post(
        self,
        table: Table,
        content: str | None = None,
        *,
        attach: Attach | None = None,
        via: Ride | None = None,
        **kwargs: Any,
    ) -> asyncio.Future[None]:
        """Queue a message in the table's channel (or as a follow-up of the click ``via``)
        after the ones queued before; the returned future resolves once it was sent (errors
        are logged, not raised)."""
        post = Post(content, kwargs, attach, via)
        tasks = table.tasks
        tasks.posts.append(post)
        if tasks.poster is None or tasks.poster.done():
            tasks.poster = self.runner.spawn(self._post_all(table), f"posts-{table.id}")
        return post.sent

    async def say(self, table: Table, content: str | None = None, **kwargs: Any) -> None:
        """Post a public message in the table's channel and wait until it was sent (errors
        are logged, not raised; a caller cancelled meanwhile does not take the post back)."""
        # an intended wait: with the budget in use, the post may wait for its slot
        await self.runner.intended(asyncio.shield(self.post(table, content, **kwargs)))

    @in_server_language
    async def _post_all(self, table: Table) -> None:
        queue = table.tasks.posts
        try:
            while queue:
                post = queue[0]
                try:
                    await self._send_post(table, post)
                finally:
                    queue.popleft()
                    if not post.sent.done():
                        post.sent.set_result(None)
        finally:
            for post in queue:  # cancelled (shutdown): nobody waits for them any more
                post.sent.cancel()
            queue.clear()
            table.tasks.poster = None

    async def _send_post(self, table: Table, post: Post) -> None:
        """Send one post; refused for now, try it again (in order) until it goes out or the
        channel is gone or closed to the bot."""
        extra: dict[str, Any] | None = None
        for attempt in range(10**9):
            channel = await self._channel(table)
            if channel is None or self.watch.blocked(table, channel):
                return
            if extra is None and post.via is not None:
                extra = await self._picture(table, channel, post)
                if await self._follow(table, post, extra):
                    return
            async with self.budget.slot(Lane.POST):
                if extra is None:
                    extra = await self._picture(table, channel, post)
                try:
                    await channel.send(
                        post.content,
                        allowed_mentions=discord.AllowedMentions(users=True),
                        **post.kwargs,
                        **extra,
                    )
                    return
                except discord.Forbidden:
                    self.watch.blocked(table, channel, [NEEDED["send_messages"]])
                    return
                except discord.NotFound:
                    return  # the channel is gone (its table ends: bot.tables.watch)
                except discord.HTTPException as exc:
                    if not refused_for_now(exc):
                        log.exception("could not post in the channel of table %s", table.id)
                        return
                    log.info("table %s post refused (%s); trying again", table.id, exc.status)
            await self.runner.sleep(POST_RETRY[min(attempt, len(POST_RETRY) - 1)])

    async def _follow(self, table: Table, post: Post, extra: dict[str, Any]) -> bool:
        """Send ``post`` as a public follow-up of its click; False if Discord refused it (the
        token expired, a 429, …): then it goes in the channel."""
        assert post.via is not None
        try:
            await post.via.follow(
                post.content,
                allowed_mentions=discord.AllowedMentions(users=True),
                **post.kwargs,
                **extra,
            )
        except discord.HTTPException as exc:
            log.info("table %s: follow-up refused (%s); posted instead", table.id, exc.status)
            for file in extra.values():
                if isinstance(file, discord.File):
                    file.reset()  # read again by the channel post
            return False
        return True

    async def _picture(
        self, table: Table, channel: discord.abc.Messageable, post: Post
    ) -> dict[str, Any]:
        """The ``send`` keywords of the post's picture, painted only now that it goes; none
        when it has none, painting failed, or the channel does not allow files (the host is
        told once)."""
        if post.attach is None:
            return {}
        if not can_attach(channel):
            if not table.tasks.attach_told:
                table.tasks.attach_told = True
                log.info("table %s: no Attach Files; results go without pictures", table.id)
                self.runner.spawn(self._tell_no_pictures(table), f"no-files-{table.id}")
            return {}
        try:
            return await post.attach()
        except Exception:  # the message goes without its picture
            log.exception("could not paint the picture of a table %s post", table.id)
            return {}

    async def _tell_no_pictures(self, table: Table) -> None:
        write_for(member_locale(table.host_id, table.guild_id))  # this task's only reader
        guild = self.bot.get_guild(table.guild_id)
        where = _("{channel} on **{server}**").format(
            channel=f"<#{table.channel_id}>", server=guild.name if guild else _("your server")
        )
        text = _(
            "I can't attach pictures in {where}: I am missing **Attach Files** there, so your "
            "{variant} table's results are posted without their showdown picture."
        ).format(where=where, variant=variant_name(table.variant))
        await send_dm(self.bot, table.host_id, text)

    # ------------------------------------------------------------------ private hands

    def deal_hands(self, table: Table, reply: Reply | None = None, *, deal: bool = False) -> None:
        """DM every human whose hidden cards changed since they were last shown, but the
        clicker of ``reply``, whose reply shows theirs (``reply.hand_shown``). ``deal``: the
        DMs of a new deal, which wait behind every other request."""
        game = table.game
        assert game is not None
        tasks = table.tasks
        for index, seat in enumerate(table.seats):
            if seat.is_bot:
                continue
            hand = hand_of(game, index)
            if table.hands_sent.get(index) == hand:
                continue
            table.hands_sent[index] = hand
            if reply is not None and reply.seat == index:
                reply.hand_shown = bool(hand)
                tasks.dms_due.pop(index, None)  # the reply shows the newest hand
                continue
            if hand and index not in table.dm_closed_told:
                tasks.dms_due[index] = seat.user_id
                if deal:
                    tasks.deal_dms.add(index)
                else:
                    tasks.deal_dms.discard(index)
                task = tasks.dmers.get(index)
                if task is None or task.done():
                    tasks.dmers[index] = self.runner.spawn(
                        self._dm_all(table, index), f"dm-{table.id}-{index}"
                    )

    def seen(self, table: Table, seat: int) -> None:
        """``seat``'s member was shown their current hand: no DM of it is due any more."""
        game = table.game
        if game is not None and 0 <= seat < len(table.seats):
            table.hands_sent[seat] = hand_of(game, seat)
            table.tasks.dms_due.pop(seat, None)

    async def _dm_all(self, table: Table, index: int) -> None:
        """Send the seat's hand while one is due: whatever changed while a DM waited for its
        slot goes in that one DM."""
        due = table.tasks.dms_due
        try:
            while index in due:
                # a DM channel not open yet is opened first: a request
                requests = 2 if self._dm_channel(due[index]) is None else 1
                lane = Lane.DEAL if index in table.tasks.deal_dms else Lane.DM
                async with self.budget.slot(lane, requests):
                    user_id = due.pop(index, None)
                    if user_id is None:  # shown meanwhile (the member's own reply)
                        continue
                    table.tasks.deal_dms.discard(index)
                    await self._dm_hand(table, index, user_id)
        except asyncio.CancelledError:  # shutdown: nothing will send it
            due.pop(index, None)
            raise
        finally:
            table.tasks.dmers.pop(index, None)

    def _dm_channel(self, user_id: int) -> discord.abc.Messageable | None:
        """The member's DM channel if its id is known (kept here, or in discord.py's cache of
        the 128 latest), without asking Discord: a member need not be cached to get their
        hand, and a channel opened once is never opened again."""
        known = self._dm_ids.get(user_id)
        if known is not None:
            return self.bot.get_partial_messageable(known, type=discord.ChannelType.private)
        for channel in self.bot.private_channels:
            recipient = getattr(channel, "recipient", None)
            if recipient is not None and recipient.id == user_id:
                if isinstance(channel, discord.DMChannel):
                    self._keep_dm(user_id, channel.id)
                    return channel
                return None
        return None

    def _keep_dm(self, user_id: int, channel_id: int) -> None:
        self._dm_ids[user_id] = channel_id
        if len(self._dm_ids) > DM_CHANNELS_KEPT:
            del self._dm_ids[next(iter(self._dm_ids))]

    async def _open_dm(self, user_id: int) -> discord.abc.Messageable:
        """The member's DM channel: the kept one, else opened now (one request) and kept."""
        channel = self._dm_channel(user_id)
        if channel is None:
            channel = await self.bot.create_dm(discord.Object(id=user_id))
            self._keep_dm(user_id, channel.id)
        return channel

    async def _dm_hand(self, table: Table, index: int, user_id: int) -> None:
        write_for(member_locale(user_id, table.guild_id))  # this task writes to them only
        seat = table.seats[index]
        try:
            channel = await self._open_dm(user_id)
            async with table.lock:  # the committed state, never one an action is writing
                game = table.game
                if game is None or table.seats[index].user_id != user_id:
                    return
                view = game.view_for(index)
            if not view.hand:
                return
            guild = self.bot.get_guild(table.guild_id)
            where = _("**{server}** in {channel}").format(
                server=guild.name if guild else _("your server"), channel=f"<#{table.channel_id}>"
            )
            embed, file = await present.hand_message(self.bot, table, view)
            content = _("Your hand at {where}: {link}").format(where=where, link=self.link(table))
            await channel.send(content=content, embed=embed, **present.file_kw(file))
        except discord.HTTPException as exc:
            if isinstance(exc, discord.Forbidden) or exc.code in UNREACHABLE:
                if index not in table.dm_closed_told:
                    table.dm_closed_told.add(index)
                    with for_server(table):
                        self.post(
                            table,
                            _(
                                "{player}, I can't send you direct messages. Use the "
                                "**🂠 My hand** button on the table message to see your cards."
                            ).format(player=seat.mention),
                        )
            else:
                log.warning("could not DM the hand of seat %s at table %s", index, table.id)
