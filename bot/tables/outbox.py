"""What a table sends besides its table message and interaction replies: public posts and
private hands by DM, each paced by the process's :class:`bot.tables.pacing.Budget` (Discord's
global limit) and never holding up the action that caused it.

* Public posts (results with their showdown picture, notices, reminders) go out in the order a
  table queued them (:meth:`Outbox.post`; :meth:`Outbox.say` waits until posted); a picture is
  painted only when its message is about to be sent.
* Private hands: a seat whose hidden cards changed gets a DM of its hand; if the hand changes
  again before that DM went out, one DM goes, with the hand as it is then (at most one DM waits
  per seat, so under load the DMs follow the budget, not the actions). The hand is read from
  the committed state under the table's lock when the DM is sent, for the member who sat there
  when it changed, and the picture is painted only then. A member whose DMs are closed is told
  once, in the table's channel, to use **🂠 My hand**; no DM is tried again for that seat.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.art import present
from bot.tables.models import Table, hand_of
from bot.tables.pacing import Budget, Lane
from bot.tables.watch import NEEDED

if TYPE_CHECKING:
    from bot.client import SabaccBot
    from bot.tables.watch import TableWatch

log = logging.getLogger(__name__)

DM_CLOSED = 50007
Attach = Callable[[], Awaitable[dict[str, Any]]]


@dataclass(slots=True)
class Post:
    """One queued public message: ``send`` arguments, ``attach`` painting more of them (a
    picture) when it is due; ``sent`` resolves once it was sent (or failed, logged)."""

    content: str | None
    kwargs: dict[str, Any]
    attach: Attach | None = None
    sent: asyncio.Future[None] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )


class Outbox:
    """Posts and hand DMs of tables; :class:`bot.tables.effects.Effects` inherits them."""

    bot: SabaccBot
    watch: TableWatch
    budget: Budget

    if TYPE_CHECKING:  # implemented by Effects

        def spawn(self, coro: Coroutine[Any, Any, Any], name: str) -> asyncio.Task[Any]: ...

        async def _channel(self, table: Table) -> discord.abc.Messageable | None: ...

        def link(self, table: Table) -> str: ...

    def _open_outbox(self) -> None:
        self._posts: dict[int, deque[Post]] = {}
        self._posters: dict[int, asyncio.Task[Any]] = {}
        self._dms_due: dict[tuple[int, int], int] = {}  # (table, seat) -> the member to DM
        self._dmers: dict[tuple[int, int], asyncio.Task[Any]] = {}

    # ------------------------------------------------------------------ public posts

    def post(
        self,
        table: Table,
        content: str | None = None,
        *,
        attach: Attach | None = None,
        **kwargs: Any,
    ) -> asyncio.Future[None]:
        """Queue a message in the table's channel after the ones queued before; the returned
        future resolves once it was sent (errors are logged, not raised)."""
        post = Post(content, kwargs, attach)
        self._posts.setdefault(table.id, deque()).append(post)
        task = self._posters.get(table.id)
        if task is None or task.done():
            self._posters[table.id] = self.spawn(self._post_all(table), f"posts-{table.id}")
        return post.sent

    async def say(self, table: Table, content: str | None = None, **kwargs: Any) -> None:
        """Post a public message in the table's channel and wait until it was sent (errors
        are logged, not raised; a caller cancelled meanwhile does not take the post back)."""
        await asyncio.shield(self.post(table, content, **kwargs))

    async def _post_all(self, table: Table) -> None:
        queue = self._posts[table.id]
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
            self._posts.pop(table.id, None)
            self._posters.pop(table.id, None)

    async def _send_post(self, table: Table, post: Post) -> None:
        channel = await self._channel(table)
        if channel is None or self.watch.blocked(table, channel):
            return
        async with self.budget.slot(Lane.POST):
            extra: dict[str, Any] = {}
            if post.attach is not None:  # painted only now that it goes
                try:
                    extra = await post.attach()
                except Exception:  # the message goes without its picture
                    log.exception("could not paint the picture of a table %s post", table.id)
            try:
                await channel.send(
                    post.content,
                    allowed_mentions=discord.AllowedMentions(users=True),
                    **post.kwargs,
                    **extra,
                )
            except discord.Forbidden:
                self.watch.blocked(table, channel, [NEEDED["send_messages"]])
            except discord.HTTPException:
                log.exception("could not post in the channel of table %s", table.id)

    # ------------------------------------------------------------------ private hands

    def deal_hands(self, table: Table) -> None:
        """DM every human whose hidden cards changed since they were last shown."""
        game = table.game
        assert game is not None
        for index, seat in enumerate(table.seats):
            if seat.is_bot:
                continue
            hand = hand_of(game, index)
            if table.hands_sent.get(index) == hand:
                continue
            table.hands_sent[index] = hand
            if hand and index not in table.dm_closed_told:
                key = (table.id, index)
                self._dms_due[key] = seat.user_id
                task = self._dmers.get(key)
                if task is None or task.done():
                    self._dmers[key] = self.spawn(
                        self._dm_all(table, key), f"dm-{table.id}-{index}"
                    )

    async def _dm_all(self, table: Table, key: tuple[int, int]) -> None:
        """Send the seat's hand while one is due: whatever changed while a DM waited for its
        slot goes in that one DM."""
        try:
            while key in self._dms_due:
                # a DM channel not open yet (or no longer kept) is opened first: a request
                requests = 2 if self._dm_channel(self._dms_due[key]) is None else 1
                async with self.budget.slot(Lane.DM, requests):
                    user_id = self._dms_due.pop(key)
                    await self._dm_hand(table, key[1], user_id)
        except asyncio.CancelledError:  # shutdown: nothing will send it
            self._dms_due.pop(key, None)
            raise
        finally:
            self._dmers.pop(key, None)

    def _dm_channel(self, user_id: int) -> discord.DMChannel | None:
        """The member's DM channel if the bot keeps it open (its 128 latest), without asking
        Discord: a member need not be cached to get their hand."""
        for channel in self.bot.private_channels:
            recipient = getattr(channel, "recipient", None)
            if recipient is not None and recipient.id == user_id:
                return channel  # type: ignore[return-value]  # a DM has a recipient
        return None

    async def _dm_hand(self, table: Table, index: int, user_id: int) -> None:
        seat = table.seats[index]
        try:
            channel = self._dm_channel(user_id) or await self.bot.create_dm(
                discord.Object(id=user_id)
            )
            async with table.lock:  # the committed state, never one an action is writing
                game = table.game
                if game is None or table.seats[index].user_id != user_id:
                    return
                view = game.view_for(index)
            if not view.hand:
                return
            guild = self.bot.get_guild(table.guild_id)
            where = f"**{guild.name if guild else 'your server'}** in <#{table.channel_id}>"
            embed, file = await present.hand_message(self.bot, table, view)
            content = f"Your hand at {where}: {self.link(table)}"
            await channel.send(content=content, embed=embed, **present.file_kw(file))
        except discord.HTTPException as exc:
            if isinstance(exc, discord.Forbidden) or exc.code == DM_CLOSED:
                if index not in table.dm_closed_told:
                    table.dm_closed_told.add(index)
                    self.post(
                        table,
                        f"{seat.mention}, I can't send you direct messages. Use the "
                        "**🂠 My hand** button on the table message to see your cards.",
                    )
            else:
                log.warning("could not DM the hand of seat %s at table %s", index, table.id)
