"""Sitting out, in memory: two timeouts in a row sit a member out, "I'm back" brings them in.

The scheduler (:mod:`bot.tables.scheduler`) counts each turn a member let run out (a strike);
the second in a row sits them out, and their turns are played for them from then on. Any
action a member takes themselves clears their count. These functions change only memory;
the table service (:mod:`bot.tables.service`) runs them under the table's lock and writes.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.tables.models import Table
from bot.tables.refusals import seated

STRIKES_TO_SIT_OUT = 2  # timeouts in a row


def strike(table: Table, seat: int) -> bool:
    """Count a timeout of ``seat``: whether it sits out from now on."""
    table.strikes[seat] = table.strikes.get(seat, 0) + 1
    sat_out = table.strikes[seat] >= STRIKES_TO_SIT_OUT and seat not in table.sitting_out
    if sat_out:
        table.sitting_out.add(seat)
    return sat_out


def played(table: Table, seat: int) -> None:
    """``seat`` acted itself: its timeouts are no longer in a row."""
    table.strikes.pop(seat, None)


def come_back(table: Table, user_id: int) -> Callable[[], None] | None:
    """``user_id`` plays their own turns again: the undo of that, or None if they did not sit
    out (nothing changed)."""
    index = seated(table, user_id)
    if index not in table.sitting_out:
        return None
    table.sitting_out.discard(index)
    strikes = table.strikes.pop(index, None)

    def undo() -> None:
        table.sitting_out.add(index)
        if strikes is not None:
            table.strikes[index] = strikes

    return undo
