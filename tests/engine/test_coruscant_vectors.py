"""The public vectors of coruscant-shift.md §8, run through the real judge CLI entry point."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.judge import main, matches, run_vectors
from engine.variants import get_variant

VECTORS = Path(__file__).parent / "vectors"
FILES = [VECTORS / "coruscant-shift.json", VECTORS / "coruscant-shift-ante.json"]


def test_vector_files_are_complete() -> None:
    showdown = json.loads(FILES[0].read_text())
    ante = json.loads(FILES[1].read_text())
    assert [v["id"] for v in showdown] == [f"CS-V{i:02d}" for i in range(1, 30)]
    assert [v["id"] for v in ante] == [f"CS-A{i:02d}" for i in range(1, 7)]


def test_judge_cli_check_passes(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["coruscant-shift", *map(str, FILES), "--check"])
    out = capsys.readouterr().out
    assert status == 0
    assert out.rstrip().endswith("35 passed, 0 failed")


@pytest.mark.parametrize(
    "vector",
    [
        {
            "id": "bad-card",
            "hands": {"A": ["circle:7"], "B": ["sylop"]},
            "context": {"target": 0, "suit": "circle"},
        },
        {
            "id": "dup",
            "hands": {"A": ["circle:+7"], "B": ["circle:+7"]},
            "context": {"target": 0, "suit": "circle"},
        },
        {
            "id": "3-sylops",
            "hands": {"A": ["sylop", "sylop"], "B": ["sylop"]},
            "context": {"target": 0, "suit": "circle"},
        },
        {
            "id": "target",
            "hands": {"A": ["sylop"], "B": ["circle:+1"]},
            "context": {"target": 3, "suit": "circle"},
        },
        {
            "id": "empty",
            "hands": {"A": [], "B": ["circle:+1"]},
            "context": {"target": 0, "suit": "circle"},
        },
        {
            "id": "six",
            "hands": {
                "A": ["circle:+1", "circle:+2", "circle:+3", "circle:+4", "circle:+5", "circle:+6"],
                "B": ["sylop"],
            },
            "context": {"target": 0, "suit": "circle"},
        },
    ],
)
def test_judge_rejects_bad_vectors(vector: dict[str, object]) -> None:
    result = run_vectors(get_variant("coruscant-shift").judge, [vector])
    assert "error" in result[str(vector["id"])]


def test_judge_results_are_computed_not_copied() -> None:
    vector = json.loads(FILES[0].read_text())[18]  # CS-V19
    vector["expected"] = {"winners": ["C"]}
    result = get_variant("coruscant-shift").judge(vector)
    assert not matches(vector["expected"], result)
    assert result["payouts"] == {"A": 15, "B": 30, "C": 0}
