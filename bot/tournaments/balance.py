"""Balancing a multi-table tournament's tables (pure: no I/O).

As players go out, the tables are regrouped (:func:`regroup`): when everyone still in fits
fewer tables, the shortest breaks up (down to one final table); a player moves from the
fullest table to the shortest while they differ by two or more; and players whose table ended
(they won it, or it closed to move them) are seated too. A regrouping is a plan
(:class:`~bot.tournaments.models.Seating`) written before anything moves: each table whose
players are not a group of the plan closes at a hand boundary (every seat keeping its chips),
and each group opens once all its players are free — so a restart carries the same plan on
(:func:`steps`).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from bot.tournaments.models import split


def regroup(tables: Sequence[Sequence[int]], free: Sequence[int], size: int) -> list[list[int]]:
    """The groups the players still in should sit in: ``tables`` the players still in at each
    table being played (in table order), ``free`` those waiting for a seat, ``size`` the seats
    of a table. While they fit fewer tables, the shortest table breaks up; each player without
    a seat joins the shortest group with room (else they sit together); then while the fullest
    group has two players or more than the shortest, its last player moves there. Everyone
    left fitting one table, that is the final table.

    >>> regroup([[1, 2, 3, 4], [5, 6]], [], 4)
    [[1, 2, 3], [5, 6, 4]]
    >>> regroup([[1, 2], [5, 6]], [], 4)
    [[1, 2, 5, 6]]
    >>> regroup([[1, 2, 3], [4, 5, 6], [7, 8]], [9], 4)
    [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    >>> regroup([[1, 2, 3], [4, 5, 6], [7, 8]], [], 4)
    [[1, 2, 3, 7], [4, 5, 6, 8]]
    >>> regroup([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]], [], 4)
    [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]
    >>> regroup([], [1, 2, 3, 4, 5], 4)
    [[1, 3, 5], [2, 4]]
    """
    groups = [list(t) for t in tables if t]
    waiting = list(free)
    count = -(-(sum(map(len, groups)) + len(waiting)) // size)
    while len(groups) > count:
        shortest = min(range(len(groups)), key=lambda i: (len(groups[i]), -i))
        waiting = groups.pop(shortest) + waiting
    if not groups:
        return split(waiting, size)
    for user in waiting:
        room = [g for g in groups if len(g) < size]
        if room:
            min(room, key=len).append(user)
        else:
            groups.append([user])
    while True:
        big = max(range(len(groups)), key=lambda i: (len(groups[i]), -i))
        small = min(range(len(groups)), key=lambda i: (len(groups[i]), i))
        if len(groups[big]) - len(groups[small]) < 2:
            return groups
        groups[small].append(groups[big].pop())


@dataclass(frozen=True, slots=True)
class Steps:
    """What carrying a plan on takes now: the tables to close (indexes into the tables being
    played) and the groups to open (their players still in); ``done`` once every group of the
    plan that can be played is being played."""

    close: tuple[int, ...]
    open: tuple[tuple[int, ...], ...]
    done: bool


def steps(
    plan: Sequence[Sequence[int]], tables: Sequence[Sequence[int]], out: Collection[int]
) -> Steps:
    """Carry ``plan`` on: ``tables`` are the players still in at each table being played,
    ``out`` the players who went out. A table whose players are a group of the plan goes on;
    the others close. A group (its players still in, two or more) opens once none of them
    is at a table being played.

    >>> steps([[1, 2, 3], [5, 6, 4]], [[1, 2, 3, 4], [5, 6]], ())
    Steps(close=(0, 1), open=(), done=False)
    >>> steps([[1, 2, 3], [5, 6, 4]], [[1, 2, 3]], [7])
    Steps(close=(), open=((5, 6, 4),), done=False)
    >>> steps([[1, 2, 3], [5, 6, 4]], [[1, 2], [5, 6, 4]], [3])
    Steps(close=(), open=(), done=True)
    """
    groups = [tuple(u for u in group if u not in out) for group in plan]
    playing = [frozenset(t) for t in tables]
    wanted = {frozenset(g) for g in groups}
    close = tuple(i for i, t in enumerate(playing) if t not in wanted)
    seated = {user for t in playing for user in t}
    waiting = [g for g in groups if len(g) >= 2 and frozenset(g) not in playing]
    ready = tuple(g for g in waiting if not seated.intersection(g))
    return Steps(close, ready, not waiting)
