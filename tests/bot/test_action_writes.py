"""What an accepted action writes (the table runtime over a real database, only Discord's HTTP
stubbed): an ordinary action is plain statements of its group commit (no savepoint, one fencing
query for its batch); the running hand's facts in the database stay exactly those in memory, so
a restart continues every hand where it was; the state column gives back the engine's JSON."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest

from bench.stub import BUY_INS, VARIANTS, open_runtime, open_tables, pending_moves
from bot.history import store as hstore
from bot.tables.rowstate import dump_state, load_state
from engine.core.fair import SeedSource
from engine.variants import get_variant
from engine.verify import verify
from tests.helpers import BOTH_BACKENDS


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("seed", [7, SeedSource(master=bytes(range(32)))])
def test_the_state_column_gives_back_the_engine_s_json(variant: str, seed: Any) -> None:
    info = get_variant(variant)
    options = dict(info.options)
    game = info.create(["1", "2", "3", "4"], buy_in=BUY_INS[variant], options=options, seed=seed)
    text = dump_state(game)
    assert load_state(text) == game.to_json()
    assert len(text) < len(json.dumps(game.to_json())) * 2 // 3  # the generator's words packed
    restored = info.restore(load_state(text))
    assert json.dumps(restored.to_json()) == json.dumps(game.to_json())
    assert load_state(json.dumps(game.to_json())) == game.to_json()  # rows of the old format


@BOTH_BACKENDS
async def test_running_hands_in_the_database_are_those_in_memory_after_every_action(
    database_target: str | Path,
) -> None:
    """Five fair tables (every variant) play on; after every wave the running hand a restart
    would load (:func:`bot.history.store.running_hands`) equals the one in memory, and every
    hand that ended verifies."""
    bot, manager = await open_runtime(database_target, edit_interval=0.0)
    rng = random.Random(5)
    compared = 0
    try:
        tables = await open_tables(manager, 5)
        for _wave in range(60):
            for table, seat, action, turn in pending_moves(tables, rng):
                if table.game is not None and table.game.turn == turn:
                    await manager.act(table, seat, action, turn=turn)
            stored = await hstore.running_hands(bot.db, [t.id for t in tables])
            memory = manager.history.running
            assert set(stored) == {t for t in memory if t in {t.id for t in tables}}
            for table_id, (hand_id, hand) in stored.items():
                assert memory[table_id][0] == hand_id
                assert memory[table_id][1].to_json() == hand.to_json()
            compared += len(stored)
        records = await bot.db.fetchall("SELECT record FROM hands WHERE status = 'finished'")
    finally:
        await manager.close()
        await bot.db.close()
    assert compared >= 5 * 60 // 2  # running hands were stored and compared, not an empty match
    assert len(records) >= 5
    for (record,) in records:
        verdict = verify(json.loads(record))
        assert verdict.ok, verdict.failure


async def test_an_ordinary_action_is_plain_statements_fenced_once(tmp_path: Path) -> None:
    """Every action that neither moves credits nor ends or opens a hand is written without a
    savepoint, with one fencing query of its lease; the others (hand boundaries, settlement)
    keep their savepoint."""
    bot, manager = await open_runtime(tmp_path / "bench.db", edit_interval=0.0)
    traced: list[str] = []
    rng = random.Random(2)
    plain = boundaries = 0
    try:
        (table,) = await open_tables(manager, 1)
        await asyncio.sleep(0.05)  # its table message is posted (and where, written) first
        await bot.db._conn.set_trace_callback(traced.append)  # type: ignore[attr-defined]
        while table.game is not None and not table.game.finished:
            game = table.game
            hand = manager.history.running.get(table.id, (None,))[0]
            traced.clear()
            (_table, seat, action, turn), *_ = pending_moves([table], rng)
            await manager.act(table, seat, action, turn=turn)
            after = manager.history.running.get(table.id, (None,))[0]
            fences = [s for s in traced if s.startswith("UPDATE table_leases") and " IN (" in s]
            assert len(fences) == 1
            if after == hand and not game.finished:
                plain += 1
                assert not any("SAVEPOINT" in s for s in traced), traced
            else:
                boundaries += 1
                assert any("SAVEPOINT" in s for s in traced)
    finally:
        await manager.close()
        await bot.db.close()
    assert plain > boundaries > 0
