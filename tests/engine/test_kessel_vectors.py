"""The public Kessel vectors (kessel.md §8, §6.4, §6.5) pass through ``python -m engine.judge``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.judge import main
from engine.variants.kessel import INFO

VECTORS = Path(__file__).parent / "vectors"
FILES = {
    "kessel.json": 41,
    "kessel-rank-tables.json": 11,
    "kessel-tokens.json": 27,
    "kessel-audit.json": 62,  # hand-derived from kessel.md by the rules audit
}


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


MALFORMED: list[dict[str, Any]] = [
    {"id": "one-card", "hands": {"A": ["sand:1"], "B": ["sand:2", "blood:2"]}},
    {"id": "hands-not-object", "hands": "nope"},
    {
        "id": "context-not-object",
        "hands": {"A": ["sand:1", "blood:1"], "B": ["sand:2", "blood:2"]},
        "context": [1, 2],
    },
    {
        "id": "stock-not-number",
        "hands": {"A": ["sand:1", "blood:1"], "B": ["sand:2", "blood:2"]},
        "context": {"stock": {"A": "x"}},
    },
    {
        "id": "negative-stock",
        "hands": {"A": ["sand:1", "blood:1"], "B": ["sand:2", "blood:2"]},
        "context": {"stock": {"A": -1, "B": 1}},
    },
    {
        "id": "seven-players",
        "hands": {p: [f"sand:{i % 6 + 1}", f"blood:{i % 6 + 1}"] for i, p in enumerate("ABCDEFG")},
    },
    {
        "id": "same-copy-twice",
        "hands": {"A": ["sand:4#2", "blood:1"], "B": ["sand:4#2", "blood:2"]},
    },
    {
        "id": "two-sand-sylops",
        "hands": {"A": ["sand:sylop", "blood:1"], "B": ["sand:sylop", "blood:2"]},
    },
    {
        "id": "die-7",
        "hands": {"A": ["sand:impostor", "blood:1"], "B": ["sand:2", "blood:2"]},
        "context": {"impostor_choices": {"A": {"sand": 7}}},
    },
    {"id": "no-die", "hands": {"A": ["sand:impostor", "blood:1"], "B": ["sand:2", "blood:2"]}},
    {"id": "prime-0", "tokens_active": [{"prime_sabacc": 0}]},
    {"id": "not-a-fix-token", "tokens_active": ["immunity"]},
    {"id": "no-kind"},
    {"id": "no-actor", "state_before": {"turn": 1, "players": {"A": {}, "B": {}}}, "play": {}},
    {
        "id": "turn-7",
        "state_before": {"turn": 7, "actor": "A", "players": {"A": {}, "B": {}}},
        "play": {"action": "stand"},
    },
    {
        "id": "bad-dice",
        "state_before": {"turn": 1, "actor": "A", "players": {"A": {}, "B": {}}},
        "play": {"token": "prime_sabacc", "roll": [0, 9]},
    },
    {
        "id": "roll-not-pair",
        "state_before": {"turn": 1, "actor": "A", "players": {"A": {}, "B": {}}},
        "play": {"token": "prime_sabacc", "roll": 3},
    },
    {
        "id": "unknown-target",
        "state_before": {"turn": 1, "actor": "A", "players": {"A": {}, "B": {}}},
        "play": {"token": "target_tariff", "target": "Z"},
    },
    {
        "id": "unknown-pile",
        "state_before": {"turn": 1, "actor": "A", "players": {"A": {}, "B": {}}},
        "play": {"action": "draw", "source": "moon"},
    },
    {
        "id": "play-not-object",
        "state_before": {"turn": 1, "actor": "A", "players": {"A": {}, "B": {}}},
        "play": 5,
    },
    {  # one named player is completed with a placeholder (§6.5), seven are too many
        "id": "seven-players",
        "state_before": {"turn": 1, "actor": "A", "order": list("ABCDEFG")},
        "play": {"action": "stand"},
    },
]


def test_malformed_vectors_get_an_error_and_never_stop_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = json.loads((VECTORS / "kessel-audit.json").read_text())[:3]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps([*MALFORMED[:5], *good, *MALFORMED[5:]]))
    status = main(["kessel", str(path), "--check"])
    out = capsys.readouterr().out
    results = json.loads(out[: out.index("\n}\n") + 2])["results"]
    for vector in MALFORMED:
        assert set(results[vector["id"]]) == {"error"}, vector["id"]
        assert isinstance(results[vector["id"]]["error"], str)
    assert out.rstrip().endswith(f"{len(MALFORMED) + 3} passed, 0 failed")  # no "expected"
    assert status == 0
    with pytest.raises(ValueError):
        INFO.judge(["not", "an", "object"])  # type: ignore[arg-type]


def test_results_have_the_schema_keys_and_shapes() -> None:
    vectors = {v["id"]: v for v in json.loads((VECTORS / "kessel-audit.json").read_text())}
    showdown = INFO.judge(vectors["KA-S13"])
    assert set(showdown) >= {"winners", "eval", "tax", "stock_after", "eliminated"}
    assert showdown["winners"] == ["P1", "P5"] and showdown["eliminated"] == ["P3", "P6"]
    sabacc, nulhrek = showdown["eval"]["P1"], showdown["eval"]["P3"]
    assert set(sabacc) == {"category", "values", "pair", "position", "name", "rank_key"}
    assert set(nulhrek) == {"category", "values", "difference", "sum", "name", "rank_key"}
    assert all(isinstance(x, int) for x in sabacc["rank_key"] + nulhrek["values"])
    table = INFO.judge(vectors["KA-R08"])
    assert (
        list(table) == ["order"]
        and [set(r) for r in table["order"]] == [{"rank", "pair", "name"}] * 8
    )
    move = INFO.judge(vectors["KA-T04"])
    assert move["in_stand"] == sorted(move["in_stand"]) and move["eliminated_now"] == []
    assert {"legal", "players", "discard_top", "embargoed", "tokens_active", "sabacc_order"} <= set(
        move
    )
    assert move["round_ends"] is False and move["next_phase"] == "card_turn"
    json.dumps([INFO.judge(v) for v in vectors.values()])


def test_transition_play_shapes() -> None:
    base = {"turn": 1, "actor": "A", "players": {"A": {"stock": 0}, "B": {}, "C": {}}}
    prime = INFO.judge(
        {"id": "p", "state_before": base, "play": {"token": "prime_sabacc", "choice": 4}}
    )
    assert prime["tokens_active"] == [{"prime_sabacc": 4}]
    wrong = {"token": "prime_sabacc", "roll": [2, 5], "choice": 4}
    result = INFO.judge({"id": "w", "state_before": base, "play": wrong})
    assert result["legal"] is False and result["spent"] is False
    embargo = INFO.judge(
        {"id": "e", "state_before": base, "play": {"token": "embargo", "target": "B"}}
    )
    assert embargo["legal"] is True and embargo["embargoed"] == "B"
    bare = INFO.judge({"id": "b", "state_before": base, "play": "stand"})
    assert bare["legal"] is True and bare["next_actor"] == "B" and bare["in_stand"] == ["A"]
    other = {"action": "stand", "then": {"actor": "B", "token": "general_tariff"}}
    chained = INFO.judge({"id": "o", "state_before": base, "play": other})
    assert chained["legal"] is True and chained["players"]["C"]["stock"] == 5
    marked = {**base, "players": {"A": {"embargoed": True}, "B": {}}}
    forced = INFO.judge({"id": "m", "state_before": marked, "play": {"action": "draw"}})
    assert forced["legal"] is False


def test_a_state_naming_one_player_gets_a_placeholder_opponent(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    vector = {
        "id": "K-single",
        "state_before": {
            "turn": 1,
            "actor": "A",
            "players": {"A": {"stock": 0}},
            "tokens_played_this_turn": ["free_draw"],
        },
        "play": {"action": "draw", "source": "sand_draw", "keep": "drawn"},
        "expected": {"legal": True, "players": {"A": {"stock": 0, "hand_pot": 0}}},
    }
    result = INFO.judge(vector)
    assert result["legal"] is True and result["players"]["A"]["stock"] == 0
    opponent = result["players"]["opponent"]
    assert (opponent["stock"], opponent["hand_pot"], opponent["tokens_left"]) == (4, 0, 0)
    assert result["next_actor"] == "opponent"
    # The placeholder takes another id when a player is already called "opponent".
    named = {**vector, "state_before": {**vector["state_before"], "actor": "opponent"}}
    named["state_before"]["players"] = {"opponent": {"stock": 0}}
    assert set(INFO.judge(named)["players"]) == {"opponent", "opponent2"}
    path = tmp_path / "single.json"
    path.write_text(json.dumps([vector]))
    assert main(["kessel", str(path), "--check"]) == 0
    assert "1 passed, 0 failed" in capsys.readouterr().out
