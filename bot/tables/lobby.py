"""A lobby's changes in memory, each with what to write and how to undo it.

A lobby (a table before its first hand) is built (:func:`new_table`: the host seated, or every
seat of a tournament's table taken), a member sits down (:func:`sit`: their buy-in escrowed, a
bot's from the house) or stands up (:func:`stand`: refunded), it is cancelled (:func:`cancel`:
every buy-in back), or its game is dealt (:func:`deal`). Each change returns the
:class:`~bot.tables.writer.Change` to write with the table and the undo that puts memory back
if that write fails. Nothing here checks, writes or waits: the table service
(:mod:`bot.tables.service`) checks (:mod:`bot.tables.refusals`), runs these under the table's
lock and writes once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.tables.handlog import extend
from bot.tables.models import Seat, Status, Table
from bot.tables.writer import Change, account
from engine.core.fair import SeedSource
from engine.core.game import VariantInfo

Changed = tuple[Change, Callable[[], object]]  # what to write, and the undo if that fails


def new_table(
    *,
    guild_id: int,
    channel_id: int,
    info: VariantInfo,
    seats: list[Seat],
    buy_in: int,
    turn_timeout: int,
    options: dict[str, Any],
    tournament_id: int | None = None,
) -> Table:
    """A new table of ``channel_id`` hosted by ``seats[0]``, not written yet (its id is 0)."""
    return Table(
        id=0,
        guild_id=guild_id,
        channel_id=channel_id,
        variant=info,
        host_id=seats[0].user_id,
        buy_in=buy_in,
        turn_timeout=turn_timeout,
        seats=seats,
        tournament_id=tournament_id,
        options=options,
    )


def sit(table: Table, seat: Seat) -> Changed:
    """``seat`` sits down: its buy-in goes into escrow (a bot's from the house)."""
    table.seats.append(seat)
    return Change([("in", account(seat), table.buy_in)]), table.seats.pop


def stand(table: Table, index: int) -> Changed:
    """The member at seat ``index`` stands up: their buy-in comes back."""
    seat = table.seats.pop(index)
    return Change([("out", seat.user_id, table.buy_in)]), lambda: table.seats.insert(index, seat)


def cancel(table: Table) -> Changed:
    """The lobby is cancelled: every buy-in comes back."""
    moves = [("out", account(s), table.buy_in) for s in table.seats]
    table.status = Status.CANCELLED

    def undo() -> None:
        table.status = Status.LOBBY

    return Change(moves), undo


def deal(table: Table, seed: int | SeedSource) -> Changed:
    """The game starts: created from the seats (and the table's options and stacks), its
    opening (antes, deal, target…) the first lines of the log."""
    options, stacks = table.game_params()
    table.game = table.variant.create(
        [s.player_id for s in table.seats],
        buy_in=table.buy_in,
        options=options,
        seed=seed,
        stacks=stacks,
    )
    table.status = Status.PLAYING
    table.hands_sent = {}
    table.log.clear()
    extend(table, table.game.opening_events)

    def undo() -> None:
        table.game, table.status = None, Status.LOBBY
        table.log.clear()

    return Change(started=True), undo
