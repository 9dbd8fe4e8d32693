"""Finishing places from one table's state (pure: no I/O).

A tournament hands out places from the bottom: players who go out take the worst places still
free in the whole tournament, the one seated earlier (lower seat) the better of them. When a
table's game ends and every player still in the tournament sat at it, it decided the
tournament: they are ranked by the chips they end with (then by seat), places 1 to n.
Otherwise (a table of a multi-table tournament that one player won, or that closed to move
its players: :mod:`bot.tournaments.balance`) only those left without chips go out; the others
take their chips to another table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Decided:
    """What one write of a table decided: ``(user_id, place)`` pairs and whether the
    tournament is over."""

    places: tuple[tuple[int, int], ...]
    over: bool = False


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
    Decided(places=((10, 1), (11, 2)), over=True)
    >>> decide(6, [10, 11, 12], [False, False, True], {0: 90, 1: 30, 2: 0}).places
    ((12, 6),)
    """
    if chips is not None and len(seats) == unplaced:  # all still in sat here: decided
        ranked = sorted(range(len(seats)), key=lambda i: (-chips.get(i, 0), i))
        return Decided(tuple((seats[i], 1 + n) for n, i in enumerate(ranked)), over=True)
    gone = [
        user
        for i, (user, is_out) in enumerate(zip(seats, out, strict=True))
        if is_out or (chips is not None and not chips.get(i))
    ]
    first = unplaced - len(gone) + 1
    return Decided(tuple((user, first + i) for i, user in enumerate(gone)))
