"""The public Kessel vectors (kessel.md §8, §6.4, §6.5) pass through ``python -m engine.judge``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.judge import main
from engine.variants.kessel import INFO

VECTORS = Path(__file__).parent / "vectors"
FILES = {"kessel.json": 41, "kessel-rank-tables.json": 11, "kessel-tokens.json": 27}


@pytest.mark.parametrize(("name", "count"), sorted(FILES.items()))
def test_vectors_pass_the_judge(name: str, count: int, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["kessel", str(VECTORS / name), "--check"])
    out = capsys.readouterr().out
    assert out.rstrip().endswith(f"{count} passed, 0 failed"), out[-2000:]
    assert status == 0


def test_judge_rejects_bad_vectors_with_an_error() -> None:
    bad = {"id": "x", "hands": {"A": ["sand:1", "sand:2"], "B": ["sand:1", "blood:1"]}}
    with pytest.raises(ValueError):
        INFO.judge(bad)
    dup = {"id": "y", "hands": {"A": ["sand:sylop", "blood:1"], "B": ["sand:sylop", "blood:2"]}}
    with pytest.raises(ValueError):
        INFO.judge(dup)


def test_judge_results_are_json() -> None:
    vectors = json.loads((VECTORS / "kessel-tokens.json").read_text())
    for vector in vectors:
        json.dumps(INFO.judge(vector))
