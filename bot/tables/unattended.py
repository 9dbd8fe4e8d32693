"""A running table with no human left to play closes instead of letting its bots play on.

"No human left": every member seated at the game has left it or is out of it (busted), or
every member still in sits out (the table would play their turns forever). Then, in one
transaction, the seats still in leave the game in turn — bot opponents first, then the members
who sit out — until the engine ends it: each leave returns what the variant's rules give back
(the bots' credits go to the house, a member's to them), the last seat takes what the final
settlement pays. The usual result and final standings follow, then one closing line.

This module says who and in what order (:func:`nobody_playing`, :func:`leave_order`,
:func:`closing_line`); the table service closes the table
(:meth:`bot.tables.service.TableService.close_unattended`), the scheduler says the line.
"""

from __future__ import annotations

from bot.i18n import _
from bot.tables.models import Status, Table
from bot.words.vocab import variant_name


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
        _("every member still in sits out")
        if any(table.still_in(i) for i in table.humans())
        else _("no member is left in the game")
    )
    house = " " + _("The bots' credits went back to the house.") if bots else ""
    return (
        _("This {variant} table closed: {why}.").format(
            variant=variant_name(table.variant), why=why
        )
        + house
    )
