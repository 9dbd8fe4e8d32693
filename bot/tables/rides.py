"""Table messages shown through interactions: what a click (or the freshest click of a table)
lets the presenter send outside the bot's request budget.

Discord counts interaction responses and everything sent with an interaction's token
(``/webhooks/{application}/{token}/…``: the original response, follow-ups) against no global
limit, and a token lives 15 minutes. A click on the table message answered with a deferred
update (``InteractionResponse.defer`` on a component or on a form opened from one) has the
table message itself as its original response, so :meth:`Ride.edit` can redraw the table
through it (``edit_original_response``). So:

* a click that changes the table is answered with a deferred update and the table message is
  edited through that click's own token at once (:class:`Reply`, set for the click's task);
* a change without a click (a bot's move, a time-out, a new hand) edits the table through the
  freshest token of that table still usable (:data:`TOKEN_USABLE`, a margin below Discord's 15
  minutes), and only without one through the paced channel route;
* a hand's result is posted as a follow-up of the click that ended it.

A refused token (a 429, an expired or unknown token, an outage) is dropped and the edit goes the
paced route: nothing is lost. A table keeps one token, its freshest (``TableTasks.ride``).
"""

from __future__ import annotations

import contextvars
from dataclasses import dataclass
from typing import Any

import discord

from bot.tables.models import Table
from bot.tables.record import TOKEN_LIFE, TOKEN_USABLE, Ride

__all__ = ["REPLY", "TOKEN_LIFE", "TOKEN_USABLE", "Reply", "Ride", "answer", "reply_for"]


@dataclass(slots=True, eq=False)
class Reply:
    """The click being answered in this task (see :data:`REPLY`): its table, the ride it
    offers (``None`` when its original response is not the table message), and the seat of
    the clicker whose reply shows their hand (``None``: the reply shows no hand).
    ``hand_shown`` is set by the presenter when the committed step changed that hand, so the
    reply must show it and no DM repeats it."""

    table_id: int
    ride: Ride | None
    seat: int | None = None
    hand_shown: bool = False


#: The click whose task this is. The runner gives every task it spawns a context without it,
#: so a bot move started from a click is never taken for that click.
REPLY: contextvars.ContextVar[Reply | None] = contextvars.ContextVar("sabacc_reply", default=None)


def reply_for(table: Table) -> Reply | None:
    """The click being answered in this task, if it is about ``table``."""
    reply = REPLY.get()
    return reply if reply is not None and reply.table_id == table.id else None


def answer(
    table: Table,
    interaction: discord.Interaction[Any],
    now: float,
    seat: int | None = None,
    ride: Ride | None = None,
) -> Reply:
    """Make ``interaction`` (already acknowledged) the click answered in this task
    (:data:`REPLY`); when its original response is the table message (a deferred update of a
    click on it), or ``ride`` is given, that token becomes the table's freshest if it is."""
    message = interaction.message
    if (
        ride is None
        and message is not None
        and message.id == table.message_id
        and interaction.response.type
        in (
            discord.InteractionResponseType.deferred_message_update,
            discord.InteractionResponseType.message_update,
        )
    ):
        ride = Ride(interaction, now, message.id)
    if ride is not None and not ride.usable(table.message_id, now):
        ride = None
    tasks = table.tasks
    if ride is not None and (tasks.ride is None or tasks.ride.since <= ride.since):
        tasks.ride = ride
    reply = Reply(table.id, ride, seat)
    REPLY.set(reply)
    return reply
