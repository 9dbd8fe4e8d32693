"""Prize structures, prizes and season points of a tournament (pure: no I/O, no Discord).

* The default structure depends on the field (the number of players registered): the winner
  takes all up to 4 players, 65/35 up to 8, 50/30/20 above.
* A given structure is percentages by place, e.g. ``"60/25/15"``: whole numbers, each
  positive, no place paid more than the one above it, summing to 100.
* Prizes are whole credits: each paid place gets ``pool × percent // total`` (``total`` is the
  sum of the percentages of the places the field can fill, so a structure with more places than
  players pays only as many as played, in the same proportions); the credits left over by the
  rounding go to the winner. The prizes always add up to the pool exactly.
* Season points: ``field − place + 1`` (the winner of a 12-player field earns 12, its last
  player 1), so bigger fields are worth more.
"""

from __future__ import annotations

import re

from bot.errors import TableError
from bot.i18n import _

DEFAULTS: tuple[tuple[int, tuple[int, ...]], ...] = ((4, (100,)), (8, (65, 35)))
LARGE: tuple[int, ...] = (50, 30, 20)


def default_structure(field: int) -> tuple[int, ...]:
    """The percentages by place for a field of ``field`` players."""
    for most, structure in DEFAULTS:
        if field <= most:
            return structure
    return LARGE


def parse_structure(text: str, seats: int) -> tuple[int, ...]:
    """``"50/30/20"`` (or ``"50,30,20"``, ``"50 30 20"``) as percentages by place; a clear
    :class:`~bot.errors.TableError` for anything else."""
    parts = [p for p in re.split(r"[/,\s]+", text.strip().rstrip("%")) if p]
    if not parts or not all(p.rstrip("%").isdigit() for p in parts):
        raise TableError(
            _("Payouts must be whole percentages by place, highest first, e.g. 60/25/15.")
        )
    values = tuple(int(p.rstrip("%")) for p in parts)
    if any(v <= 0 for v in values) or sum(values) != 100:
        raise TableError(
            _("The payout percentages must be positive and add up to 100, not {n}.").format(
                n=sum(values)
            )
        )
    if list(values) != sorted(values, reverse=True):
        raise TableError(_("No place may be paid more than the place above it."))
    if len(values) > seats:
        raise TableError(
            _("{n} places can't be paid with only {seats} seats.").format(
                n=len(values), seats=seats
            )
        )
    return values


def prizes(pool: int, structure: tuple[int, ...], field: int) -> list[int]:
    """Whole-credit prizes by place (index 0 = the winner) for ``field`` players sharing
    ``pool`` (see the module docstring); they add up to ``pool``."""
    paid = structure[: max(field, 1)]
    total = sum(paid)
    shares = [pool * percent // total for percent in paid]
    shares[0] += pool - sum(shares)
    return shares


def points(place: int, field: int) -> int:
    """Season points for finishing ``place`` (1 = first) of ``field`` players."""
    return max(field - place + 1, 0)
