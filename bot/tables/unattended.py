"""A running table with no human left to play closes instead of letting its bots play on.

"No human left": every member seated at the game has left it or is out of it (busted), or
every member still in sits out (the table would play their turns forever). Then, in one
transaction, the seats still in leave the game in turn — bot opponents first, then the members
who sit out — until the engine ends it: each leave returns what the variant's rules give back
(the bots' credits go to the house, a member's to them), the last seat takes what the final
settlement pays. The usual result and final standings follow, then one closing line.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from bot.bank import HOUSE
from bot.history.recorder import HandHistory, HandStep
from bot.storage import Tx
from bot.tables import store
from bot.tables.handlog import public_lines
from bot.tables.models import Status, Table
from engine.core.game import Action, Event, Game

log = logging.getLogger(__name__)

SOURCE = "unattended"  # the action log's source of these leaves


class Closer(Protocol):
    """What closing needs from the table manager."""

    bot: Any

    async def _apply_moves(
        self,
        conn: Tx,
        table: Table,
        moves: tuple[tuple[str, int, int], ...],
        *,
        everyone: bool = False,
    ) -> None: ...

    async def _record(
        self, conn: Tx, table: Table, index: int, credits: int, won: bool = False
    ) -> None: ...

    async def _settle(self, conn: Tx, table: Table) -> None: ...

    history: HandHistory

    # Effects.after_action and Effects.say (their signatures are not repeated here).
    after_action: Callable[..., Awaitable[None]]
    say: Callable[..., Awaitable[None]]


def nobody_playing(table: Table) -> bool:
    """Whether a running game has no member left who plays their own turns."""
    game = table.game
    if game is None or game.finished or table.status is not Status.PLAYING:
        return False
    members = [i for i in table.humans() if table.still_in(i)]
    return all(i in table.sitting_out for i in members)


def leave_order(table: Table) -> list[int]:
    """The seats still in, bot opponents first, then members (both in seat order)."""
    seats = [i for i in range(len(table.seats)) if table.still_in(i)]
    return sorted(seats, key=lambda i: (not table.seats[i].is_bot, i))


def closing_line(table: Table) -> str:
    """The table's last message."""
    bots = any(seat.is_bot for seat in table.seats)
    why = (
        "every member still in sits out"
        if any(table.still_in(i) for i in table.humans())
        else "no member is left in the game"
    )
    house = " The bots' credits went back to the house." if bots else ""
    return f"This {table.variant.name} table closed: {why}.{house}"


async def close(manager: Closer, table: Table) -> bool:
    """Close ``table`` if nobody plays at it any more (see the module docstring); returns
    whether it closed. Nothing changes if a step fails."""
    await manager.bot.wait_until_ready()  # also when found at start-up (recovery)
    async with table.lock:
        game = table.game
        if game is None or not nobody_playing(table):
            return False
        saved = (game.to_json(), dict(table.left_seats), tuple(table.log))
        events: list[Event] = []
        moves: list[tuple[str, int, int]] = []
        left: list[tuple[int, int]] = []
        steps: list[tuple[int, HandStep, Game]] = []  # each departure for the hand history
        try:
            for seat in leave_order(table):
                if game.finished:
                    break
                before, hand_before = game.to_json(), game.public_view().hand_no
                seat_events, credits = game.leave(seat)
                table.view_version += 1  # the cached public view is out of date
                after = table.variant.restore(game.to_json())  # the game right after it
                steps.append((seat, (seat_events, before, hand_before), after))
                events.extend(seat_events)
                table.left_seats[seat] = credits
                account = HOUSE if table.seats[seat].is_bot else table.seats[seat].user_id
                moves.append(("out", account, credits))
                left.append((seat, credits))
            table.log.extend(public_lines(table.variant.id, tuple(events)))
            rewind = manager.history.rewinder(table.id)

            async def write(conn: Tx) -> None:
                rewind()  # run again (it lost a race): the departures are recorded once
                await manager._apply_moves(conn, table, tuple(moves), everyone=True)
                for seat, credits in left:
                    await store.log_action(conn, table, seat, Action("leave"), SOURCE)
                    await manager._record(conn, table, seat, credits)
                for seat, step, after in steps:  # departures, replayed as such (source "leave")
                    await manager.history.on_step(
                        conn, table, seat, Action("leave"), "leave", step, after
                    )
                if game.finished:
                    await manager._settle(conn, table)
                else:  # not expected: every engine ends a game with one seat left
                    log.error("table %s: the game did not end when its seats left", table.id)
                await store.save_table(conn, table)

            await manager.bot.db.write(write)
        except BaseException:
            table.game = table.variant.restore(saved[0])
            table.view_version += 1
            table.left_seats = saved[1]
            table.log.clear()
            table.log.extend(saved[2])
            table.status = Status.PLAYING
            raise
    if not game.finished:
        return False
    log.info("table %s closed: nobody plays at it any more", table.id)
    await manager.after_action(table, tuple(events), hand_ended=True, hand=list(table.log))
    await manager.say(table, closing_line(table))
    return True
