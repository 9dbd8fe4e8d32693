"""The ``state`` column round trip on the stored-state fixtures of every variant: the row the
bot writes (generator words packed) reads back as exactly the JSON the engine wrote, and a row of
the fixtures' time, packed, restores the same game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.tables.rowstate import PACKED, dump_state, load_state
from engine.variants import get_variant

FIXTURES = Path(__file__).resolve().parent.parent / "engine" / "fixtures"


def _points() -> list[Any]:
    cases = []
    for path in sorted(FIXTURES.glob("*.json")):
        for index, game in enumerate(json.loads(path.read_text(encoding="utf-8"))):
            for point in game["points"]:
                variant = game["game"]["variant"]
                name = f"{path.stem}-{index}-{point['point']}"
                cases.append(pytest.param(variant, point["json"], id=name))
    return cases


@pytest.mark.parametrize(("variant", "stored"), _points())
def test_state_column_reads_back_the_engine_json(variant: str, stored: str) -> None:
    game = get_variant(variant).restore(json.loads(stored))
    row = dump_state(game)
    assert PACKED in row  # the generator's words are packed in the row
    assert json.dumps(load_state(row)) == stored
    again = get_variant(variant).restore(load_state(row))
    assert json.dumps(again.to_json()) == stored
