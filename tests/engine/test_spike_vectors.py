"""The public vectors of corellian-spike.md §8 and our own hand-derived ones, run through the real
judge CLI entry point, and the judge's rejections of impossible vectors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.judge import main, run_vectors
from engine.variants import get_variant

VECTORS = Path(__file__).parent / "vectors"
PUBLIC = VECTORS / "corellian-spike.json"
EXTRA = VECTORS / "corellian-spike-extra.json"


def test_public_vector_file_is_complete() -> None:
    vectors = json.loads(PUBLIC.read_text())
    assert [v["id"] for v in vectors] == [f"SP-{i:02d}" for i in range(1, 63)]
    kinds = [("dice" in v, "hand_ante" in v, "seat_order" in v.get("context", {})) for v in vectors]
    assert kinds.count((True, False, False)) + kinds.count((True, False, True)) == 5
    assert kinds.count((False, True, False)) == 2
    assert kinds.count((False, False, True)) == 12 and kinds.count((False, False, False)) == 43


@pytest.mark.parametrize("path", [PUBLIC, EXTRA])
def test_judge_cli_check_passes(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    count = len(json.loads(path.read_text()))
    status = main(["corellian-spike", str(path), "--check"])
    out = capsys.readouterr().out
    assert status == 0
    assert out.rstrip().endswith(f"{count} passed, 0 failed")


def test_settlement_vectors_conserve_credits() -> None:
    vectors = [v for v in json.loads(PUBLIC.read_text()) if "stock" in v.get("context", {})]
    results = run_vectors(get_variant("corellian-spike").judge, vectors)
    for v in vectors:
        ctx, got = v["context"], results[v["id"]]
        before = sum(ctx["stock"].values()) + sum(ctx["contributions"].values())
        after = sum(got["stock_after"].values()) + got["sabacc_pot_after"]
        assert before + ctx["sabacc_pot"] == after
        assert sum(p["amount"] for p in got["pots"]) == sum(ctx["contributions"].values())


@pytest.mark.parametrize(
    "vector",
    [
        {"id": "bad-card", "hands": {"A": ["circle:7", "sylop"], "B": ["sylop", "circle:+1"]}},
        {"id": "dup", "hands": {"A": ["circle:+7", "sylop"], "B": ["circle:+7", "sylop"]}},
        {"id": "3-sylops", "hands": {"A": ["sylop", "sylop"], "B": ["sylop", "circle:+1"]}},
        {"id": "one-card", "hands": {"A": ["sylop"], "B": ["circle:+1", "circle:-1"]}},
        {"id": "six", "hands": {"A": [f"circle:+{i}" for i in range(1, 7)], "B": ["sylop"] * 2}},
        {"id": "die", "dice": [0, 7]},
        {"id": "ante", "hand_ante": 0, "sabacc_ante": 1, "stock": {"A": 5}},
        {
            "id": "tie-break",
            "hands": {"A": ["sylop", "sylop"], "B": ["circle:+1", "circle:-1"]},
            "context": {"options": {"tie_break": "coin"}},
        },
        {
            "id": "unseated",
            "hands": {"A": ["sylop", "sylop"], "B": ["circle:+1", "circle:-1"]},
            "context": {"seat_order": ["A", "C"], "contributions": {"A": 1, "C": 1}},
        },
        {
            "id": "short-pile",
            "dice": [3, 3],
            "hands": {"A": ["circle:+1", "circle:-2"], "B": ["square:+1", "square:+2"]},
            "context": {"seat_order": ["A", "B"], "draw_pile": ["sylop"]},
        },
    ],
    ids=lambda v: v["id"],
)
def test_impossible_vectors_are_rejected_one_by_one(vector: dict[str, object]) -> None:
    good = json.loads(PUBLIC.read_text())[0]
    results = run_vectors(get_variant("corellian-spike").judge, [vector, good])
    assert set(results[str(vector["id"])]) == {"error"}
    assert "error" not in results[good["id"]]
