"""Amounts are whole numbers of credits: every betting variant refuses a float, NaN, a bool or a
string with ``IllegalAction`` and changes nothing, and ``engine.verify`` refuses an exported hand
whose recorded action carries such an amount (issue #24, point 5)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from bot.words import reason_text
from engine.bots import choose_action
from engine.core.betting import Betting
from engine.core.game import Action, ActionSpec, Game, IllegalAction, ParamKind
from engine.variants import get_variant, variant_ids
from engine.verify import main, verify
from tests.engine.test_fair import play

BAD_AMOUNTS: list[Any] = [float("nan"), float("inf"), 2.0, 2.5, True, False, "5", [5]]
NO_BETTING = {"kessel"}  # Kessel Sabacc has no wagers: no action of it takes an amount


def first_amount_spec(variant: str) -> tuple[Game, int, ActionSpec] | None:
    """A seeded bot game of ``variant`` played up to the first bet or raise control a pending
    seat is offered: the game, the seat and that control; ``None`` when a whole game offers
    none."""
    info = get_variant(variant)
    buy_in = info.buy_in_presets[info.default_preset]
    game = info.create(["p0", "p1", "p2"], buy_in=buy_in, options=dict(info.options), seed=7)
    for _ in range(3000):
        if game.finished:
            return None
        for seat in sorted(game.pending_seats()):
            for spec in game.legal_actions(seat):
                if spec.param is ParamKind.AMOUNT:
                    return game, seat, spec
        seat = min(game.pending_seats())
        game.apply(seat, choose_action(variant, game, seat, "balanced"))
    raise AssertionError(f"{variant}: the game did not end")


@pytest.mark.parametrize("variant", variant_ids())
def test_every_betting_variant_refuses_a_non_integer_amount(variant: str) -> None:
    found = first_amount_spec(variant)
    if variant in NO_BETTING:
        assert found is None, f"{variant} offers an amount: add it to the betting variants"
        return
    assert found is not None, f"{variant}: no bet or raise was ever offered"
    game, seat, spec = found
    before = game.to_json()
    for bad in BAD_AMOUNTS:
        for kind in (spec.kind, "fold"):
            with pytest.raises(IllegalAction, match="whole_amount"):
                game.apply(seat, Action(kind, amount=bad))
            assert game.to_json() == before, (variant, kind, bad)
    game.apply(seat, Action(spec.kind, amount=spec.min_amount))  # a whole number still works
    assert game.to_json() != before


def test_the_bot_says_why() -> None:
    with pytest.raises(IllegalAction) as refused:
        Action.from_json({"kind": "bet", "amount": 2.5})
    assert refused.value.reason == "whole_amount" and refused.value.data == {}
    assert reason_text(refused.value) == "An amount must be a whole number of credits."


def test_betting_refuses_before_anything_moves() -> None:
    betting = Betting(2, [10, 10])
    betting.start_hand([0, 1])
    betting.start_phase(0)
    for bad in BAD_AMOUNTS:
        with pytest.raises(IllegalAction, match="whole_amount"):
            betting.act(0, "bet", bad)
    assert betting.stacks == [10, 10] and betting.to_act == 0
    assert betting.act(0, "bet", 3).paid == 3


@pytest.mark.parametrize("bad", BAD_AMOUNTS)
def test_action_from_json_refuses_a_non_integer_amount(bad: Any) -> None:
    with pytest.raises(IllegalAction, match="whole_amount"):
        Action.from_json({"kind": "bet", "amount": bad, "choices": []})
    assert Action.from_json({"kind": "bet", "amount": 4}).amount == 4
    assert Action.from_json({"kind": "check"}).amount is None


def _crafted(variant: str, bad: Any) -> tuple[dict[str, Any], int]:
    """An exported hand of ``variant`` whose first recorded bet or raise carries ``bad``."""
    for record in play(variant):
        for index, step in enumerate(record["steps"]):
            action = step.get("action") or {}
            if action.get("kind") in ("bet", "raise"):
                crafted = copy.deepcopy(record)
                crafted["steps"][index]["action"]["amount"] = bad
                return crafted, index
    raise AssertionError(f"{variant}: the bots never bet")


@pytest.mark.parametrize("variant", [v for v in variant_ids() if v not in NO_BETTING])
def test_verify_refuses_a_crafted_amount(variant: str) -> None:
    for bad in (float("nan"), 2.0, True, "3"):
        record, index = _crafted(variant, bad)
        verdict = verify(record)
        assert not verdict.ok and verdict.step == index, (variant, bad, verdict)
        assert "the engine refuses it" in verdict.failure and "whole_amount" in verdict.failure


def test_verify_cli_refuses_a_nan_amount_in_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, index = _crafted("classic", float("nan"))
    path = tmp_path / "crafted.json"
    path.write_text(json.dumps(record))  # json writes the float as the literal NaN
    assert "NaN" in path.read_text()
    assert main([str(path)]) == 1
    out = capsys.readouterr().out
    assert f"FAILED at step {index}" in out and "whole_amount" in out
