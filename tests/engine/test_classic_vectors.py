"""Classic Sabacc public vectors (spec §8) through the judge CLI and the judge function."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from engine.judge import main, matches
from engine.variants import get_variant

VECTORS = Path(__file__).parent / "vectors" / "classic.json"


def load() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(VECTORS.read_text(encoding="utf-8"))
    return data


def test_all_public_vectors_are_present() -> None:
    ids = [v["id"] for v in load()]
    assert ids == [f"CL-V{i:02d}" for i in range(1, 35)]


def test_cli_check_passes(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["classic", str(VECTORS), "--check"])
    out = capsys.readouterr().out
    assert out.rstrip().endswith("34 passed, 0 failed")
    assert status == 0


@pytest.mark.parametrize("vector", load(), ids=lambda v: v["id"])
def test_vector(vector: dict[str, Any]) -> None:
    result = get_variant("classic").judge(vector)
    assert matches(vector["expected"], result), json.dumps(result)


def test_results_follow_output_conventions() -> None:
    """Every seat appears in payouts/stock_after; penalties list every penalised player."""
    judge = get_variant("classic").judge
    for vector in load():
        result = judge(vector)
        seats = vector["context"]["seat_order"]
        assert list(result["payouts"]) == seats
        assert list(result["stock_after"]) == seats
        assert set(result["penalties"]) == set(result["bombed_out"])
        before = sum(vector["context"]["stock"].values()) + vector["context"]["sabacc_pot"]
        before += sum(vector["context"]["contributions"].values())
        assert sum(result["stock_after"].values()) + result["sabacc_pot_after"] == before


def _v14() -> dict[str, Any]:
    return copy.deepcopy(next(v for v in load() if v["id"] == "CL-V14"))


@pytest.mark.parametrize(
    "mutate",
    [
        lambda v: v["hands"].update(B=["coins:2", "flasks:6"]),  # coins:2 twice
        lambda v: v["hands"].update(B=["queen", "queen#2"]),  # third queen
        lambda v: v["hands"].update(B=["coins:16", "flasks:6"]),  # not a card
        lambda v: v["hands"].update(B=["flasks:6"]),  # one card
        lambda v: v["context"].update(caller="Z"),
        lambda v: v["context"]["contributions"].update(A=-1),
    ],
)
def test_impossible_vectors_give_an_error(mutate: Any) -> None:
    vector = _v14()
    mutate(vector)
    with pytest.raises(ValueError):
        get_variant("classic").judge(vector)


def test_bad_vector_does_not_stop_others(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = _v14()
    bad["id"] = "BAD"
    bad["hands"]["B"] = ["coins:99", "flasks:6"]
    path = tmp_path / "v.json"
    path.write_text(json.dumps([bad, _v14()]), encoding="utf-8")
    assert main(["classic", str(path)]) == 0
    results = json.loads(capsys.readouterr().out)["results"]
    assert "error" in results["BAD"] and results["CL-V14"]["winners"] == ["B"]


def test_rank_names_are_accepted_on_input() -> None:
    vector = copy.deepcopy(next(v for v in load() if v["id"] == "CL-V06"))
    vector["hands"]["A"] = ["coins:ace", "sabers:8"]
    result = get_variant("classic").judge(vector)
    assert matches(vector["expected"], result)
