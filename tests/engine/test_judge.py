"""The judge CLI: registry errors, per-vector isolation, --check summary and exit status."""

import json
from pathlib import Path

import pytest

from engine.judge import main, matches


def write(tmp_path: Path, data: object) -> str:
    path = tmp_path / "v.json"
    path.write_text(json.dumps(data))
    return str(path)


def test_unknown_variant_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["nope", write(tmp_path, [])]) == 2
    assert "unknown variant 'nope'" in capsys.readouterr().err


def test_bad_vectors_do_not_stop_the_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = {
        "id": "A1",
        "base_ante": 2,
        "players_in_game_per_hand": [2, 2],
        "expected_antes": [2, 7],
    }
    vectors = [1, {"id": "bad", "hands": "x", "expected": {"winners": ["A"]}}, good]
    assert main(["coruscant-shift", write(tmp_path, vectors), "--check"]) == 1
    out = capsys.readouterr().out
    results = json.loads(out[: out.index("\nFAIL")])["results"]
    assert "error" in results["#0"] and "error" in results["bad"]
    assert results["A1"] == {"expected_antes": [2, 7]}
    assert out.rstrip().endswith("1 passed, 2 failed")


def test_matching_rules() -> None:
    assert matches({"winners": ["B", "A"]}, {"winners": ["A", "B"], "extra": 1})
    assert matches({"pots": [{"winners": ["B", "A"]}]}, {"pots": [{"winners": ["A", "B"]}]})
    assert not matches({"order": ["B", "A"]}, {"order": ["A", "B"]})
    assert not matches([1, 2], [1, 2, 3])
    assert not matches(True, 1)
