"""Seat rotation: seats are in join order and "clockwise" is the next index, wrapping."""

from __future__ import annotations

from collections.abc import Callable, Iterator


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
