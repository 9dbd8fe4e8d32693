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


def test_transition_inputs_in_other_shapes() -> None:
    first_actor = {
        "id": "x1",
        "state_before": {
            "turn": 1,
            "actor": "A",
            "players": {"A": {}, "B": {}, "C": {}},
            "history": {"B": ["stand"], "C": ["stand"]},
        },
        "play": {"action": "stand"},
    }
    assert INFO.judge(first_actor)["round_ends"] is True
    in_stand = {
        "id": "x2",
        "state_before": {
            "turn": 2,
            "actor": "A",
            "players": {"A": {"tokens": ["markdown"]}, "B": {"in_stand": True, "stock": 4}},
        },
        "play": {"token": "target_audit", "target": "B"},
    }
    result = INFO.judge(in_stand)
    assert result["legal"] is True and result["players"]["B"]["stock"] == 1
    assert result["players"]["A"]["tokens_left"] == 1
    then_name = {
        "id": "x3",
        "state_before": {"turn": 1, "actor": "A", "players": {"A": {"stock": 0}, "B": {}}},
        "play": {"token": "free_draw", "then": "draw", "source": "blood_discard", "keep": "held"},
    }
    result = INFO.judge(then_name)
    assert result["legal"] is True and result["players"]["A"]["stock"] == 0
