"""Finishing places from one table's state (pure: no I/O).

A tournament hands out places from the bottom: players who go out take the worst places still
free in the whole tournament, the one seated earlier (lower seat) the better of them. When a
table's game ends, its players still in are ranked by the chips they end with (then by seat):
if every player still in the tournament sat at that table, it decided the tournament (places 1
to n); otherwise (a first-round table of a multi-table tournament) its winner goes on to the
next round unplaced and the others take the worst places still free.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Decided:
    """What one write of a table decided: ``(user_id, place)`` pairs, whether the tournament
    is over, and whether the table's winner goes on to another round."""

    places: tuple[tuple[int, int], ...]
    over: bool = False
    advances: int | None = None


def decide(
    unplaced: int,
    seats: Sequence[int],
    out: Sequence[bool],
    chips: Mapping[int, int] | None,
) -> Decided:
    """Places decided at a table: ``unplaced`` players of the tournament have no place yet;
    ``seats`` are the user ids of the table's seats still without one (in seat order),
    ``out[i]`` whether seat ``i`` of those is out of the game, ``chips`` the final chips by
    position in ``seats`` when the game ended (else ``None``).

    >>> decide(5, [10, 11, 12], [False, True, True], None).places
    ((11, 4), (12, 5))
    >>> decide(2, [10, 11], [False, True], {0: 90, 1: 0})
    Decided(places=((10, 1), (11, 2)), over=True, advances=None)
    """
    if chips is None:
        gone = [user for user, is_out in zip(seats, out, strict=True) if is_out]
        first = unplaced - len(gone) + 1
        return Decided(tuple((user, first + i) for i, user in enumerate(gone)))
    ranked = [seats[i] for i in sorted(range(len(seats)), key=lambda i: (-chips.get(i, 0), i))]
    if len(seats) == unplaced:  # every player still in sat here: the tournament is decided
        return Decided(tuple((user, 1 + i) for i, user in enumerate(ranked)), over=True)
    beaten = ranked[1:]
    first = unplaced - len(beaten) + 1
    return Decided(
        tuple((user, first + i) for i, user in enumerate(beaten)),
        advances=ranked[0] if ranked else None,
    )
