"""Prize structures and prizes (pure): whole credits that always add up to the pool."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.errors import TableError
from bot.tournaments.payouts import default_structure, parse_structure, points, prizes


def test_default_structure_by_field_size() -> None:
    assert [default_structure(n) for n in (2, 4, 5, 8, 9, 30)] == [
        (100,),
        (100,),
        (65, 35),
        (65, 35),
        (50, 30, 20),
        (50, 30, 20),
    ]


@st.composite
def structures(draw: st.DrawFn) -> tuple[int, ...]:
    """Valid percentages by place: positive, non-increasing, summing to 100."""
    cuts = sorted(draw(st.sets(st.integers(1, 99), max_size=6)))
    parts = [b - a for a, b in zip([0, *cuts], [*cuts, 100], strict=True)]
    return tuple(sorted(parts, reverse=True))


@given(st.integers(0, 10**12), structures(), st.integers(1, 16))
def test_prizes_are_whole_credits_that_add_up_to_the_pool(
    pool: int, structure: tuple[int, ...], field: int
) -> None:
    paid = prizes(pool, structure, field)
    assert sum(paid) == pool
    assert all(isinstance(p, int) and p >= 0 for p in paid)
    assert len(paid) == min(len(structure), field)
    assert paid == sorted(paid, reverse=True)  # the remainder goes to the winner


def test_remainders_go_to_the_winner() -> None:
    assert prizes(100, (50, 30, 20), 12) == [50, 30, 20]
    assert prizes(101, (50, 30, 20), 12) == [51, 30, 20]
    assert prizes(7, (65, 35), 5) == [5, 2]  # 4.55 -> 4 (+1 left over), 2.45 -> 2
    assert prizes(300, (50, 30, 20), 2) == [188, 112]  # only two played: 50:30 of the pool


def test_given_structures_are_parsed_or_refused_clearly() -> None:
    assert parse_structure("60/25/15", 6) == (60, 25, 15)
    assert parse_structure("70, 30%", 2) == (70, 30)
    for text, said in [
        ("60/30", "add up to 100, not 90"),
        ("30/70", "more than the place above it"),
        ("a/b", "whole percentages"),
        ("40/30/20/10", "4 places can't be paid with only 3 seats"),
        ("100/0", "positive"),
    ]:
        with pytest.raises(TableError, match=said):
            parse_structure(text, 3)


def test_season_points_grow_with_the_field() -> None:
    assert [points(p, 4) for p in (1, 2, 3, 4)] == [4, 3, 2, 1]
    assert points(1, 12) > points(1, 4)
