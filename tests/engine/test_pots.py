"""Side-pot layering and settlement (coruscant-shift.md §4.4, §5.3, CS-V18…V24, CS-V27)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core.pots import build_pots, distribute, rotate_to, split_evenly

# rank keys computed by hand from each vector's cards (lower is better)
CASES: list[dict[str, Any]] = [
    {
        "id": "CS-V18",
        "contrib": {"A": 11, "B": 11, "C": 11},
        "folded": [],
        "order": ["B", "C", "A"],
        "keys": {"A": (0, -1), "B": (0, -1), "C": (0, 0)},
        "pots": [(33, ("B", "C", "A"), ("B", "A"))],
        "payouts": {"A": 16, "B": 17, "C": 0},
    },
    {
        "id": "CS-V19",
        "contrib": {"A": 5, "B": 20, "C": 20},
        "folded": [],
        "order": ["A", "B", "C"],
        "keys": {"A": (0, -1), "B": (1, -1), "C": (2, 0)},
        "pots": [(15, ("A", "B", "C"), ("A",)), (30, ("B", "C"), ("B",))],
        "payouts": {"A": 15, "B": 30, "C": 0},
    },
    {
        "id": "CS-V20",
        "contrib": {"A": 5, "B": 20, "C": 20},
        "folded": [],
        "order": ["A", "B", "C"],
        "keys": {"A": (0, -1), "B": (1, 0), "C": (1, 0)},
        "pots": [(15, ("A", "B", "C"), ("A",)), (30, ("B", "C"), ("B", "C"))],
        "payouts": {"A": 15, "B": 15, "C": 15},
    },
    {
        "id": "CS-V21",
        "contrib": {"A": 5, "B": 20, "C": 20},
        "folded": [],
        "order": ["A", "B", "C"],
        "keys": {"A": (4, 0), "B": (0, -1), "C": (2, 0)},
        "pots": [(15, ("A", "B", "C"), ("B",)), (30, ("B", "C"), ("B",))],
        "payouts": {"A": 0, "B": 45, "C": 0},
    },
    {
        "id": "CS-V22",
        "contrib": {"A": 12, "B": 12, "C": 12, "D": 7},
        "folded": ["D"],
        "order": ["A", "B", "C", "D"],
        "keys": {"A": (0, -2), "B": (4, 0), "C": (9, 0)},
        "pots": [(43, ("A", "B", "C"), ("A",))],
        "payouts": {"A": 43, "B": 0, "C": 0, "D": 0},
    },
    {
        "id": "CS-V23",
        "contrib": {"A": 3, "B": 8, "C": 20, "D": 20},
        "folded": [],
        "order": ["A", "B", "C", "D"],
        "keys": {"A": (0, -2), "B": (0, 0), "C": (1, 0), "D": (2, 0)},
        "pots": [
            (12, ("A", "B", "C", "D"), ("A",)),
            (15, ("B", "C", "D"), ("B",)),
            (24, ("C", "D"), ("C",)),
        ],
        "payouts": {"A": 12, "B": 15, "C": 24, "D": 0},
    },
    {
        "id": "CS-V24",
        "contrib": {"A": 7, "B": 7, "C": 7, "D": 5},
        "folded": ["D"],
        "order": ["C", "D", "A", "B"],
        "keys": {"A": (0, -1), "B": (0, -1), "C": (0, -1)},
        "pots": [(26, ("C", "A", "B"), ("C", "A", "B"))],
        "payouts": {"A": 9, "B": 8, "C": 9, "D": 0},
    },
    {
        "id": "CS-V27",
        "contrib": {"A": 20, "B": 35},
        "folded": [],
        "order": ["A", "B"],
        "keys": {"A": (1, 0), "B": (5, -2)},
        "pots": [(40, ("A", "B"), ("A",)), (15, ("B",), ("B",))],
        "payouts": {"A": 40, "B": 15},
    },
]


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_pot_vectors(case: dict[str, Any]) -> None:
    live = [p for p in case["order"] if p not in case["folded"]]
    result = distribute(case["contrib"], live, case["order"], case["keys"])
    got = [(p.amount, p.eligible, p.winners) for p in result.pots]
    assert got == case["pots"]
    assert result.payouts == case["payouts"]
    assert sum(result.payouts.values()) == sum(case["contrib"].values())


def test_empty_eligible_layer_goes_to_previous_pot() -> None:
    # D folded after putting in the most: its top layer has no live player
    pots = build_pots({"A": 5, "B": 10, "D": 30}, live=["A", "B"], order=["A", "B", "D"])
    assert [(p.amount, p.eligible) for p in pots] == [(15, ("A", "B")), (30, ("B",))]


def test_bottom_layer_without_live_player_carries_up() -> None:
    pots = build_pots({"A": 0, "B": 4, "C": 2}, live=["A", "B"], order=["A", "B", "C"])
    assert [(p.amount, p.eligible) for p in pots] == [(6, ("B",))]


def test_unwinnable_pot_is_unawarded() -> None:
    result = distribute({"A": 5, "B": 5}, ["A", "B"], ["A", "B"], {"A": None, "B": None})
    assert result.unawarded == 10 and result.pots[0].winners == ()


def test_split_and_rotate() -> None:
    assert split_evenly(33, ["B", "A"]) == {"B": 17, "A": 16}
    assert split_evenly(26, ["C", "A", "B"]) == {"C": 9, "A": 9, "B": 8}
    assert rotate_to(["A", "B", "C", "D"], "C") == ["C", "D", "A", "B"]
    with pytest.raises(ValueError):
        split_evenly(3, [])
    with pytest.raises(ValueError, match="missing"):
        build_pots({"Z": 3}, ["A"], ["A"])


@given(
    st.lists(st.integers(0, 60), min_size=2, max_size=6),
    st.lists(st.booleans(), min_size=6, max_size=6),
    st.lists(st.tuples(st.integers(0, 3), st.integers(-2, 0)), min_size=6, max_size=6),
)
def test_layering_conserves_credits(
    contrib: list[int], folded: list[bool], keys: list[tuple[int, int]]
) -> None:
    order = list(range(len(contrib)))
    live = [p for p in order if not folded[p]] or [0]
    result = distribute(dict(enumerate(contrib)), live, order, {p: keys[p] for p in live})
    assert sum(p.amount for p in result.pots) == sum(contrib)
    assert sum(result.payouts.values()) + result.unawarded == sum(contrib)
    for pot in result.pots:
        assert set(pot.winners) <= set(pot.eligible) <= set(live)
