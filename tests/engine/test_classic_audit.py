"""Classic Sabacc audit vectors (``vectors/classic-audit.json``) and judge robustness.

The audit vectors were derived by hand from ``classic.md`` (§0, §4.4, §5, §7), not copied from the
engine: rank-key tie-breaks, bomb-out combinations, short-stacked penalties, Sabacc-pot rules,
multi-step and side-pot Sudden Demise, side pots with folded players, odd-credit order, and the
optional input keys (``folded``/``conceded``/``caller``/``options``/``sudden_demise_draws``
present or absent, copy indices, rank names).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from bot.words import events_lines
from engine.judge import main, matches, run_vectors
from engine.variants import get_variant
from engine.variants.classic.cards import parse_hand
from engine.variants.classic.events import Why
from engine.variants.classic.settle import ListDrawer, explain, settle

AUDIT = Path(__file__).parent / "vectors" / "classic-audit.json"
LIST_KEYS = ("bombed_out", "busted_in_sudden_demise", "sabacc_winners")


def load() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(AUDIT.read_text(encoding="utf-8"))
    return data


def test_audit_file_passes_the_cli_check(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["classic", str(AUDIT), "--check"])
    out = capsys.readouterr().out
    assert out.rstrip().endswith(f"{len(load())} passed, 0 failed"), out[-2000:]
    assert status == 0


@pytest.mark.parametrize("vector", load(), ids=lambda v: v["id"])
def test_audit_vector(vector: dict[str, Any]) -> None:
    result = get_variant("classic").judge(vector)
    assert matches(vector["expected"], result), json.dumps(result)


@pytest.mark.parametrize("vector", load(), ids=lambda v: v["id"])
def test_audit_vectors_hold_the_spec_invariants(vector: dict[str, Any]) -> None:
    """§0 invariants on the hand-derived expectations themselves (catches arithmetic slips)."""
    ctx, exp = vector["context"], vector["expected"]
    before = sum(ctx["stock"].values()) + sum(ctx["contributions"].values()) + ctx["sabacc_pot"]
    assert sum(exp["stock_after"].values()) + exp["sabacc_pot_after"] == before
    assert sum(p["amount"] for p in exp["pots"]) == sum(ctx["contributions"].values())
    for p in ctx["seat_order"]:
        gained = exp["payouts"][p] + exp["sabacc_payouts"][p] - exp["penalties"].get(p, 0)
        assert exp["stock_after"][p] == ctx["stock"][p] + gained
    assert set(exp["penalties"]) == set(exp["bombed_out"])


@pytest.mark.parametrize("vector", load(), ids=lambda v: v["id"])
def test_results_have_the_schema_shapes(vector: dict[str, Any]) -> None:
    """Exactly the expected keys; per-seat maps in seat order; player lists in seat order."""
    result = get_variant("classic").judge(vector)
    seat = vector["context"]["seat_order"]
    assert set(result) == set(vector["expected"])
    for key in ("payouts", "sabacc_payouts", "stock_after"):
        assert list(result[key]) == seat
    position = seat.index
    for key in LIST_KEYS:
        assert result[key] == sorted(result[key], key=position)
    for pot in result["pots"]:
        assert set(pot) == {"amount", "eligible", "winners"}
        assert pot["eligible"] == sorted(pot["eligible"], key=position)
        assert pot["winners"] == sorted(pot["winners"], key=position)
    for step in result["sudden_demise"]:
        assert set(step) == {"pot", "players", "draws", "eval", "busted"}
        assert list(step["draws"]) == step["players"]
    for e in result["eval"].values():
        assert set(e) == {"total", "category", "bombed", "rank_key"}


def _base() -> dict[str, Any]:
    return copy.deepcopy(next(v for v in load() if v["id"] == "CL-AU01"))


MALFORMED: dict[str, Any] = {
    "not-an-object": "CL-AU01",
    "context-list": lambda v: v.update(context=[1]),
    "hands-list": lambda v: v.update(hands=[["coins:1"]]),
    "hand-string": lambda v: v["hands"].update(A="coins:11"),
    "hand-ints": lambda v: v["hands"].update(A=[5, 6]),
    "seat-string": lambda v: v["context"].update(seat_order="AB"),
    "seat-int": lambda v: v["context"].update(seat_order=5),
    "contributions-list": lambda v: v["context"].update(contributions=[1, 2]),
    "stock-float": lambda v: v["context"]["stock"].update(A=1.5),
    "sabacc-pot-bool": lambda v: v["context"].update(sabacc_pot=True),
    "caller-list": lambda v: v["context"].update(caller=["A"]),
    "folded-string": lambda v: v["context"].update(folded="B"),
    "draws-string": lambda v: v["context"].update(sudden_demise_draws="coins:1"),
    "options-list": lambda v: v["context"].update(options=[1]),
    "penalty-bool": lambda v: v["context"].update(options={"bomb_out_penalty": {"fixed": True}}),
    "penalty-unknown": lambda v: v["context"].update(options={"bomb_out_penalty": "all"}),
    "conceded-string": lambda v: v["context"].update(conceded="yes"),
    "conceded-two-hands": lambda v: v["context"].update(conceded=True),
    "same-physical-copy": lambda v: v["hands"].update(A=["queen#1", "queen#1"]),
    "upper-case-card": lambda v: v["hands"].update(A=["Coins:11", "flasks:11"]),
    "unknown-rank-name": lambda v: v["hands"].update(A=["coins:king", "flasks:11"]),
}


@pytest.mark.parametrize("name", list(MALFORMED))
def test_malformed_vector_gives_an_error_not_a_crash(name: str) -> None:
    mutate = MALFORMED[name]
    if callable(mutate):
        vector: Any = _base()
        mutate(vector)
        vector["id"] = name
    else:
        vector = mutate  # a bare string where a vector object belongs
    judge = get_variant("classic").judge
    with pytest.raises(ValueError):
        judge(vector)
    if isinstance(vector, dict):  # the CLI runner keys results by the vector's id
        results = run_vectors(judge, [vector, _base()])
        assert set(results[name]) == {"error"}
        assert results["CL-AU01"]["winners"] == ["B"]


def test_nested_all_bust_reason_line() -> None:
    """CL-AU29: every tied player busts (in two steps): the reason names Sudden Demise."""
    vector = next(v for v in load() if v["id"] == "CL-AU29")
    ctx = vector["context"]
    hands = {p: parse_hand(h) for p, h in vector["hands"].items()}
    draws = ListDrawer(parse_hand(ctx["sudden_demise_draws"]))
    result = settle(
        ctx["seat_order"], hands, ctx["contributions"], ctx["stock"], ctx["sabacc_pot"], None, draws
    )
    decided = explain(result, str)
    assert result.winners == [] and decided.why is Why.ALL_BOMBED_IN_DEMISE
    assert "Sudden Demise" in events_lines("classic", [decided])[0]
