"""The published Centran vectors through the judge CLI, and malformed vectors rejected."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.judge import main
from engine.variants import get_variant

VECTORS = Path(__file__).parent / "vectors" / "centran.json"


def test_every_public_vector_passes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["centran", str(VECTORS), "--check"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("49 passed, 0 failed")


def test_settlement_shapes() -> None:
    vectors = {v["id"]: v for v in json.loads(VECTORS.read_text())}
    result = get_variant("centran").judge(vectors["CE-V32"])
    assert result["pots"] == [
        {"amount": 60, "eligible": ["A", "B", "C"], "winners": ["A"]},
        {"amount": 80, "eligible": ["B", "C"], "winners": ["B"]},
    ]
    assert result["stock_after"] == {"A": 105, "B": 280, "C": 140}
    conceded = get_variant("centran").judge(vectors["CE-V35"])
    assert "eval" not in conceded and conceded["pots"] == [
        {"amount": 90, "eligible": ["A"], "winners": ["A"]}
    ]


GOOD = {"id": "x", "hands": {"A": ["coins:10"], "B": ["major:-3"]}, "context": {}}


@pytest.mark.parametrize(
    "vector",
    [
        {"id": "x"},
        {"id": "x", "hands": {"A": ["coins:5"], "B": ["major:-3"]}},  # a five in a hand
        {"id": "x", "hands": {"A": ["coins:7"], "B": ["coins:7"]}},  # duplicate card
        {"id": "x", "hands": {"A": ["coins:1"], "B": ["major:-3"]}},  # bad notation
        {"id": "x", "hands": {"A": []}, "context": {"end": "uncontested"}},
        {"id": "x", "hands": {"A": ["coins:7"]}},  # one hand but not uncontested
        {**GOOD, "context": {"end": "five_brothers", "table_fives": ["coins:5"]}},
        {**GOOD, "context": {"table_fives": ["coins:6"]}},
        {**GOOD, "context": {"end": "showdown"}},
        {**GOOD, "context": {"seat_order": ["A"]}},  # B not seated
        {**GOOD, "context": {"seat_order": ["A", "B"], "stock": {"A": -1}}},
        {**GOOD, "context": {"seat_order": ["A", "B"], "bomb_penalty": {"mode": "x"}}},
        {"id": "x", "array_before": [], "trigger": "coins:7"},
        {"id": "x", "array_before": ["coins:5"], "trigger": "coins:7"},
        {"id": "x", "hand_ante": 7, "stock": {"A": 10}},
        {"id": "x", "hand_ante": 10, "stock": {"A": True}},
    ],
)
def test_malformed_vectors_raise(vector: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        get_variant("centran").judge(vector)


def test_edge_inputs_are_settled() -> None:
    judge = get_variant("centran").judge
    one_card = judge(GOOD)
    assert one_card["winners"] == ["B"]  # −3 (distance 3) beats +10 (distance 10)
    folded_claimant = judge(
        {
            "hands": {"A": ["coins:14", "sabers:13"], "B": ["major:-1"]},
            "context": {
                "table_fives": ["coins:5", "flasks:5", "sabers:5", "staves:5", "major:-5"],
                "end": "five_brothers",
                "last_five_by": "C",
                "seat_order": ["A", "B", "C"],
                "contributions": {"A": 10, "B": 10, "C": 4},
                "folded": ["C"],
                "stock": {"A": 10, "B": 10, "C": 0},
                "sabacc_pot": 7,
            },
        }
    )
    assert folded_claimant["payouts"] == {"A": 0, "B": 24, "C": 0}
    assert folded_claimant["sabacc_pot_after"] == 7
