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


# ----------------------------------------------------------------------------- audit vectors

AUDIT = VECTORS / "coruscant-shift-audit.json"


def test_audit_vectors_pass_the_judge_check(capsys: pytest.CaptureFixture[str]) -> None:
    """Hand-derived vectors (side pots with folds at several levels, odd credits per pot,
    targets ±10/0, Sylops, ante schedules with players dropping out)."""
    vectors = json.loads(AUDIT.read_text())
    assert len({v["id"] for v in vectors}) == len(vectors)
    status = main(["coruscant-shift", str(AUDIT), "--check"])
    out = capsys.readouterr().out
    assert status == 0, out
    assert out.rstrip().endswith(f"{len(vectors)} passed, 0 failed")


def _same_shape(expected: object, actual: object) -> bool:
    """Same keys (exactly) and the same kinds of values, recursively."""
    if isinstance(expected, dict):
        return (
            isinstance(actual, dict)
            and set(expected) == set(actual)
            and all(_same_shape(v, actual[k]) for k, v in expected.items())
        )
    if isinstance(expected, list):
        return isinstance(actual, list) and all(
            _same_shape(expected[0], a) for a in actual[: 1 if expected else 0]
        )
    return type(expected) is type(actual)


@pytest.mark.parametrize("path", [*FILES, AUDIT], ids=lambda p: p.name)
def test_results_have_exactly_the_expected_shape(path: Path) -> None:
    judge = get_variant("coruscant-shift").judge
    for vector in json.loads(path.read_text()):
        result = judge(vector)
        want = vector.get("expected") or {"expected_antes": vector["expected_antes"]}
        assert _same_shape(want, result), vector["id"]
        if "payouts" in result:
            assert sum(result["payouts"].values()) == sum(
                vector["context"]["contributions"].values()
            )
            for pot in result["pots"]:
                assert pot["eligible"] == sorted(pot["eligible"])


HANDS = {"A": ["circle:+5"], "B": ["circle:+4"]}
FIRST_PUBLIC = json.loads(FILES[0].read_text())[0]


def _ctx(**extra: object) -> dict[str, object]:
    return {"target": 5, "suit": "circle", **extra}


@pytest.mark.parametrize(
    "vector",
    [
        {"id": "no-context", "hands": HANDS},
        {"id": "hands-list", "hands": ["A", "B"], "context": _ctx()},
        {"id": "hand-string", "hands": {"A": ["circle:+5"], "B": "circle:+4"}, "context": _ctx()},
        {"id": "card-int", "hands": {"A": ["circle:+5"], "B": [4]}, "context": _ctx()},
        {"id": "target-bool", "hands": HANDS, "context": {"target": True, "suit": "circle"}},
        {"id": "target-list", "hands": HANDS, "context": {"target": [5], "suit": "circle"}},
        {"id": "no-suit", "hands": HANDS, "context": {"target": 5}},
        {"id": "suit-case", "hands": HANDS, "context": {"target": 5, "suit": "Circle"}},
        {"id": "suit-int", "hands": HANDS, "context": {"target": 5, "suit": 1}},
        {"id": "contrib-list", "hands": HANDS, "context": _ctx(contributions=[5, 5])},
        {"id": "contrib-neg", "hands": HANDS, "context": _ctx(contributions={"A": -1, "B": 5})},
        {"id": "contrib-frac", "hands": HANDS, "context": _ctx(contributions={"A": 5.5, "B": 5})},
        {"id": "contrib-str", "hands": HANDS, "context": _ctx(contributions={"A": "5", "B": 5})},
        {
            "id": "folded-shows",
            "hands": HANDS,
            "context": _ctx(contributions={"A": 5, "B": 5}, folded=["B"]),
        },
        {"id": "folded-str", "hands": HANDS, "context": _ctx(contributions={"A": 5}, folded="C")},
        {
            "id": "seat-dup",
            "hands": HANDS,
            "context": _ctx(contributions={"A": 5, "B": 5}, seat_order=["A", "B", "A"]),
        },
        {
            "id": "seat-missing-live",
            "hands": HANDS,
            "context": _ctx(contributions={"A": 5, "B": 5}, seat_order=["A"]),
        },
        {
            "id": "start-unknown",
            "hands": HANDS,
            "context": _ctx(contributions={"A": 5, "B": 5}, starting_player="Z"),
        },
        {"id": "ante-neg", "base_ante": -2, "players_in_game_per_hand": [4, 4]},
        {"id": "ante-frac", "base_ante": 2.5, "players_in_game_per_hand": [4, 4]},
        {"id": "ante-bool", "base_ante": True, "players_in_game_per_hand": [4, 4]},
        {"id": "ante-str", "base_ante": "x", "players_in_game_per_hand": [4]},
        {"id": "counts-int", "base_ante": 2, "players_in_game_per_hand": 4},
        {"id": "counts-one", "base_ante": 2, "players_in_game_per_hand": [4, 1]},
        {"id": "counts-seven", "base_ante": 2, "players_in_game_per_hand": [7, 7]},
        {"id": "counts-none", "base_ante": 2},
        {
            "id": "escalation-str",
            "base_ante": 2,
            "players_in_game_per_hand": [4, 4],
            "ante_escalation": "no",
        },
    ],
    ids=lambda v: str(v["id"]),
)
def test_judge_gives_an_error_for_malformed_vectors(vector: dict[str, object]) -> None:
    results = run_vectors(get_variant("coruscant-shift").judge, [vector, FIRST_PUBLIC])
    assert set(results[str(vector["id"])]) == {"error"}
    assert results["CS-V01"]["winners"] == ["A"]  # one bad vector never stops the others


def test_judge_accepts_every_input_shape_the_schema_allows() -> None:
    judge = get_variant("coruscant-shift").judge
    # only contributions: seat order by id, A starts
    r = judge({"id": "x", "hands": HANDS, "context": _ctx(contributions={"B": 5, "A": 5})})
    assert r["pots"] == [{"amount": 10, "eligible": ["A", "B"], "winners": ["A"]}]
    assert r["payouts"] == {"A": 10, "B": 0}
    # optional keys given as null are absent
    ctx = _ctx(contributions={"A": 1, "B": 1}, folded=None, seat_order=None, starting_player=None)
    assert judge({"id": "x", "hands": HANDS, "context": ctx})["payouts"] == {"A": 2, "B": 0}
    assert "pots" not in judge({"id": "x", "hands": HANDS, "context": _ctx(contributions=None)})
    # a contributor without a hand folded, even if "folded" forgets it; a live player missing
    # from contributions put in nothing; a folded player missing from seat_order never wins
    r = judge(
        {
            "id": "x",
            "hands": HANDS,
            "context": _ctx(
                contributions={"A": 5, "C": 3}, seat_order=["B", "A"], starting_player="B"
            ),
        }
    )
    assert r["pots"] == [{"amount": 8, "eligible": ["A"], "winners": ["A"]}]
    assert r["payouts"] == {"A": 8, "B": 0, "C": 0}
    # a seat order that does not begin with the starting player is rotated to it (§5.3)
    tie = {"A": ["circle:+5"], "B": ["sylop", "square:+5"]}
    ctx = _ctx(contributions={"A": 6, "B": 6, "C": 3}, folded=["C"], seat_order=["A", "B", "C"])
    r = judge({"id": "x", "hands": tie, "context": {**ctx, "starting_player": "B"}})
    assert r["pots"][0]["winners"] == ["B", "A"] and r["payouts"] == {"A": 7, "B": 8, "C": 0}
    # numeric ids in seat_order are the same players as the JSON object keys
    num = {"1": ["circle:+5"], "2": ["circle:+4"]}
    ctx = _ctx(contributions={"1": 2, "2": 2}, seat_order=[2, 1], starting_player=2)
    assert judge({"id": "x", "hands": num, "context": ctx})["payouts"] == {"1": 4, "2": 0}


def test_only_folded_money_goes_to_the_live_players() -> None:
    """§4.4 has no lower pot for a layer nobody live reached when every live player put in 0:
    it goes to a pot of every live player, so payouts still sum to the contributions (§0)."""
    judge = get_variant("coruscant-shift").judge
    ctx = _ctx(contributions={"A": 0, "B": 0, "C": 5}, folded=["C"])
    r = judge({"id": "x", "hands": HANDS, "context": ctx})
    assert r["pots"] == [{"amount": 5, "eligible": ["A", "B"], "winners": ["A"]}]
    assert r["payouts"] == {"A": 5, "B": 0, "C": 0}


def test_vector_options_sylop_and_escalation() -> None:
    judge = get_variant("coruscant-shift").judge
    hands = {"A": ["sylop", "square:+5"], "B": ["circle:+5"]}
    base = {"id": "x", "hands": hands, "context": _ctx()}
    assert judge(base)["winners"] == ["A", "B"]  # default: the Sylop counts (CS-5)
    off = {**base, "options": {"sylop_counts_as_target_suit": False}}
    assert judge(off)["winners"] == ["B"] and judge(off)["eval"]["A"]["suit_count"] == 0
    antes = {"id": "y", "base_ante": 3, "players_in_game_per_hand": [4, 4, 3]}
    assert judge(antes) == {"expected_antes": [3, 5, 8]}
    assert judge({**antes, "ante_escalation": False}) == {"expected_antes": [3, 3, 3]}
    assert judge({**antes, "options": {"ante_escalation": False}})["expected_antes"] == [3, 3, 3]


def test_docstring_examples_of_coruscant_hold() -> None:
    import doctest
    import importlib

    for name in ("coruscant.cards", "coruscant.flow", "coruscant"):
        module = importlib.import_module(f"engine.variants.{name}")
        assert doctest.testmod(module).failed == 0, name
