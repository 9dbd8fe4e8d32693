"""Seats: rotation (seats are in join order and "clockwise" is the next index, wrapping) and
the starting stacks of a new game."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence


def starting_stacks(buy_in: int, n_seats: int, stacks: Sequence[int] | None = None) -> list[int]:
    """Each seat's chips at the start: ``buy_in`` each, or ``stacks`` (one per seat, e.g. a
    tournament table carrying its players' chips over). Raises ``ValueError`` unless ``stacks``
    has one positive integer per seat.

    >>> starting_stacks(50, 3)
    [50, 50, 50]
    >>> starting_stacks(50, 2, [12, 88])
    [12, 88]
    """
    chips = [buy_in] * n_seats if stacks is None else list(stacks)
    if len(chips) != n_seats or any(
        not isinstance(c, int) or isinstance(c, bool) or c < 1 for c in chips
    ):
        raise ValueError("every player needs a positive integer stack")
    return chips


def clockwise_from(start: int, n_seats: int) -> Iterator[int]:
    """Every seat once, beginning with ``start``.

    >>> list(clockwise_from(2, 4))
    [2, 3, 0, 1]
    """
    for i in range(n_seats):
        yield (start + i) % n_seats


def next_seat(after: int, n_seats: int, eligible: Callable[[int], bool]) -> int | None:
    """The first eligible seat strictly after ``after`` (wrapping, ``after`` itself last)."""
    for i in range(1, n_seats + 1):
        seat = (after + i) % n_seats
        if eligible(seat):
            return seat
    return None


def first_from(start: int, n_seats: int, eligible: Callable[[int], bool]) -> int | None:
    """The first eligible seat beginning with ``start`` itself."""
    for seat in clockwise_from(start, n_seats):
        if eligible(seat):
            return seat
    return None
