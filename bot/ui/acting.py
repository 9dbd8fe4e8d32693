"""Playing a click on a table: the clicked bot's table runtime, the checks every click on a
game action passes (:func:`seated_turn`), the action applied for the clicker with their hand
shown in their reply (:func:`play`), and replies about what is already committed
(:func:`confirm`)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from typing import Any, Protocol, cast, runtime_checkable

import discord

from bot.art import present
from bot.shapes import conforms
from bot.tables.models import Table
from bot.tables.presenter import Presenter
from bot.tables.refusals import check_turn
from bot.tables.rides import Reply, Ride
from bot.tables.service import TableService
from bot.ui import render
from engine.core.game import Action, ActionSpec

log = logging.getLogger(__name__)


@runtime_checkable
class HasTables(Protocol):
    """A client with a table runtime (:class:`bot.client.SabaccBot`)."""

    tables: TableService
    presenter: Presenter


def runtime_of(interaction: discord.Interaction[Any]) -> HasTables:
    """The clicked bot's table runtime."""
    client = interaction.client
    if not conforms(client, HasTables):
        raise RuntimeError("the table runtime is not loaded")
    return cast(HasTables, client)


def manager_of(interaction: discord.Interaction[Any]) -> TableService:
    """The clicked bot's table service."""
    return runtime_of(interaction).tables


async def confirm(reply: Awaitable[Any]) -> None:
    """Send a reply about a change that is already committed. If it fails, the change stands:
    the failure is logged, and the member is never told that nothing was changed."""
    try:
        await reply
    except discord.HTTPException as exc:
        log.warning("could not confirm a committed action (%s %s)", exc.status, exc.code)


def seated_turn(
    interaction: discord.Interaction[Any], table_id: int, turn: int, kind: str
) -> tuple[Table, int, ActionSpec]:
    """Who clicked, and may they do ``kind`` now? Raises a user-facing error otherwise."""
    service = manager_of(interaction)
    table = service.index.require(table_id)
    seat = table.seat_of(interaction.user.id)
    spec = check_turn(table, seat, turn, kind)
    assert seat is not None
    return table, seat, spec


async def commit(
    interaction: discord.Interaction[Any],
    table: Table,
    seat: int,
    action: Action,
    turn: int,
    *,
    ride: Ride | None = None,
) -> Reply:
    """Apply an action for the clicking player as the click answered in this task (already
    acknowledged; ``ride``: the token that redraws the table, else the click's own): the reply,
    whose ``hand_shown`` says whether the step changed the clicker's hand."""
    runtime = runtime_of(interaction)
    reply = runtime.presenter.answering(table, interaction, seat, ride=ride)
    await runtime.tables.act(table, seat, action, turn=turn)
    return reply


async def play(
    interaction: discord.Interaction[Any], table: Table, seat: int, action: Action, turn: int
) -> None:
    """Apply an action for the clicking player (the interaction is already acknowledged, as a
    deferred update of the table message, which is then redrawn through it; a picker, which
    redraws through the table button's token, calls :func:`commit` itself), then show them their
    hand privately if it changed (their reply shows it: no DM repeats it)."""
    reply = await commit(interaction, table, seat, action, turn)
    game = table.game
    if reply.hand_shown and game is not None:
        view = game.view_for(seat)
        embed, file = await present.hand_message(interaction.client, table, view)
        await confirm(
            interaction.followup.send(
                render.jump(table), embed=embed, ephemeral=True, **present.file_kw(file)
            )
        )
