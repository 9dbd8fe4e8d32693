"""Seats leaving a running game, in memory: what the engine gives back and what is written.

Three changes take seats out of a game: a member's ``/leave``, the close of a game nobody plays
at any more (:mod:`bot.tables.unattended`), and the end of a table whose channel is gone. Each
leave is the same (:func:`leave`): the engine's :meth:`~engine.core.game.Game.leave`, the cached
public view out of date, the seat's credits noted in :attr:`~bot.tables.models.Table.left_seats`.

These functions change only memory. The table service (:mod:`bot.tables.service`) runs them
under the table's lock after a :class:`~bot.tables.snapshot.Snapshot`, writes the change once
through the one write function, and puts memory back if that fails.
"""

from __future__ import annotations

from bot.tables.models import Table
from bot.tables.unattended import leave_order
from bot.tables.writer import Change, account
from engine.core.game import Action, Event, Game

UNATTENDED = "unattended"  # the action log's source of the leaves of a table nobody plays at


def _game(table: Table) -> Game:
    game = table.game
    assert game is not None, "only a running game's seats leave it"
    return game


def leave(table: Table, index: int) -> tuple[tuple[Event, ...], int]:
    """Seat ``index`` leaves the game: its events, and the credits it takes with it."""
    events, credits = _game(table).leave(index)
    table.view_version += 1  # the cached public view is out of date
    table.left_seats[index] = credits
    return events, credits


def leave_unattended(table: Table) -> tuple[list[Event], Change]:
    """The seats still in leave in turn (:func:`~bot.tables.unattended.leave_order`) until the
    engine ends the game: their events, and the change to write (each leave a step with the
    game right after it, and what the seat takes back)."""
    game = _game(table)
    events: list[Event] = []
    change = Change(log_source=UNATTENDED)
    for seat in leave_order(table):
        if game.finished:
            break
        before, hand_before = game.to_json(), game.public_view().hand_no
        seat_events, credits = leave(table, seat)
        after = table.variant.restore(game.to_json())  # the game right after it
        change.steps.append(
            (seat, Action("leave"), "leave", (seat_events, before, hand_before), after)
        )
        events.extend(seat_events)
        change.moves.append(("out", account(table.seats[seat]), credits))
        change.left.append((seat, credits))
    return events, change


def leave_everyone(table: Table) -> tuple[dict[int, int], Change]:
    """Everyone still seated leaves, in seat order, until the game ends (the last one takes
    what is left on the table): the credits each seat took, and the change to write (no steps
    in the hand history)."""
    game = _game(table)
    leaving: dict[int, int] = {}
    for index in range(len(table.seats)):
        if not game.finished and table.still_in(index):
            leaving[index] = leave(table, index)[1]
    moves = [("out", account(table.seats[i]), c) for i, c in leaving.items()]
    return leaving, Change(moves, left=list(leaving.items()), history=False)
