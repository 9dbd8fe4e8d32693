"""What the runtime keeps for one table besides its stored state: its tasks, render, post and DM
state, whether it is on screen. One :class:`TableTasks` lives on each :class:`Table`
(``table.tasks``), created with it and dropped with it: nothing about a table is kept in a
dictionary keyed by its id, so a finished table leaves memory as soon as its last message went.

:meth:`TableTasks.stop` cancels what would change the table (its turn timer, bot and sit-out
moves, lobby expiry, permission re-checks); what shows what was committed (the table message's
last edit, queued posts, due DMs) runs to its end and needs no table index to do so.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord

EDITS_PER_WINDOW = 4  # edits of one channel remembered for Discord's 5 per 5 s (presenter)
Attach = Callable[[], Awaitable[dict[str, Any]]]

TOKEN_LIFE = 15 * 60.0  # Discord's lifetime of an interaction token
TOKEN_USABLE = TOKEN_LIFE - 120.0  # used only while this young: a margin for a slow request


@dataclass(slots=True, eq=False)
class Ride:
    """An interaction whose original response is a table message: received at ``since``
    (the runtime's clock), the message ``message_id``, edited through it ``uses`` times."""

    interaction: discord.Interaction[Any]
    since: float
    message_id: int
    uses: int = 0

    def usable(self, message_id: int | None, now: float) -> bool:
        """Whether it can still edit the table message ``message_id`` (young enough, the same
        message)."""
        return self.message_id == message_id and now - self.since < TOKEN_USABLE

    async def edit(self, **kwargs: Any) -> None:
        """Edit the table message through the token (raises :class:`discord.HTTPException`)."""
        await self.interaction.edit_original_response(**kwargs)
        self.uses += 1

    async def follow(self, content: str | None = None, **kwargs: Any) -> None:
        """A public follow-up message of the click (raises :class:`discord.HTTPException`)."""
        await self.interaction.followup.send(content or discord.utils.MISSING, **kwargs)


@dataclass(slots=True)
class Post:
    """One queued public message: ``send`` arguments, ``attach`` painting more of them (a
    picture) when it is due; ``via``, a click it is posted as a follow-up of (else, or if that
    is refused, in the channel); ``sent`` resolves once it was sent (or given up, logged)."""

    content: str | None
    kwargs: dict[str, Any]
    attach: Attach | None = None
    via: Ride | None = None
    sent: asyncio.Future[None] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )


def _cancel(task: asyncio.Task[Any] | None) -> None:
    if task is not None and task is not asyncio.current_task():
        task.cancel()


@dataclass(slots=True, eq=False)
class TableTasks:
    """The runtime record of one table (see the module docstring)."""

    # scheduler: the turn timer (for ``timer_turn``), bot and sit-out moves per seat, expiry
    timer: asyncio.Task[Any] | None = None
    timer_turn: int = -1
    autos: dict[int, asyncio.Task[Any]] = field(default_factory=dict)
    lobby: asyncio.Task[Any] | None = None
    # presenter: the table message (coalesced edits), public posts in order, hand DMs per seat
    render: asyncio.Task[Any] | None = None
    dirty: bool = False
    sending: bool = False  # an edit of the table message is on its way (not to be cancelled)
    ride: Ride | None = None  # the freshest click whose token edits the table message
    urgent: Ride | None = None  # a click to show at once through its token
    last_edit: float | None = None
    edit_times: deque[float] = field(default_factory=lambda: deque(maxlen=EDITS_PER_WINDOW))
    posts: deque[Post] = field(default_factory=deque)
    poster: asyncio.Task[Any] | None = None
    dms_due: dict[int, int] = field(default_factory=dict)  # seat -> the member to DM
    deal_dms: set[int] = field(default_factory=set)  # seats whose due DM is a deal's
    dmers: dict[int, asyncio.Task[Any]] = field(default_factory=dict)
    attach_told: bool = False  # the host was told the channel refuses pictures
    below: int = 0  # messages posted below the table message in its channel
    buried: bool = False  # ... so many that it is to be posted again at the bottom
    # watch: on screen with the state last drawn; missing permissions; their re-check
    visible: asyncio.Event = field(default_factory=asyncio.Event)
    shown_turn: int = -1  # the game's decision counter the table message last showed
    drawing_turn: int = -1  # ... and the one of the redraw on its way
    redrawn: asyncio.Event = field(default_factory=asyncio.Event)  # set at each redraw
    blocked: tuple[str, ...] | None = None
    recheck: asyncio.Task[Any] | None = None

    def stop_timer(self) -> None:
        """Cancel the turn timer (unless it is the caller)."""
        _cancel(self.timer)
        self.timer, self.timer_turn = None, -1

    def stop(self) -> None:
        """Cancel everything that would change the table (the table ended, or another process
        drives it now); the render, posts and DMs of what was committed go on."""
        self.stop_timer()
        for task in (self.lobby, self.recheck, *self.autos.values()):
            _cancel(task)
        self.lobby = self.recheck = None
        self.autos.clear()

    def cancel_all(self) -> None:
        """Cancel every task of the table (it is no longer ours to show either)."""
        self.stop()
        for task in (self.render, self.poster, *self.dmers.values()):
            _cancel(task)
        self.dirty = False
        self.ride = self.urgent = None
        self.dms_due.clear()
