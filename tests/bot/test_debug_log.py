"""``LOG_LEVEL=DEBUG`` writes no secret (issue #25 point 7): the database drivers' statement
parameters (table master secrets, game states with every hand and the deck) and discord.py's
request and event bodies stay out of the log, whatever the level."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest

from bot.startup import QUIET_LOGGERS, configure_logging
from tests.bot.test_tables import start_table
from tests.helpers import BOTH_BACKENDS, World
from tests.table_driver import passive, play, table_in


@pytest.fixture
def root_logging() -> Iterator[None]:
    """The root logger's level and handlers, and the quiet loggers' levels, restored after."""
    root = logging.getLogger()
    saved = root.level, list(root.handlers)
    levels = {name: logging.getLogger(name).level for name in QUIET_LOGGERS}
    try:
        yield
    finally:
        root.setLevel(saved[0])
        root.handlers[:] = saved[1]
        for name, level in levels.items():
            logging.getLogger(name).setLevel(level)


def hidden_parts(state: dict[str, Any]) -> list[str]:
    """What only the game state holds while a hand runs, as it would appear in a logged
    statement: the deck order, every hand, the random generator's state."""
    parts = [state["deck"], *state["hands"], state["rng"]["mt"][1][:8]]
    styles = (None, (",", ":"))
    return [json.dumps(part, separators=style) for part in parts for style in styles]


@BOTH_BACKENDS
async def test_a_debug_run_logs_no_master_secret_and_no_hidden_card(
    world: World, root_logging: None
) -> None:
    log = io.StringIO()
    configure_logging(logging.DEBUG, log)
    await start_table(world, 2)
    table = table_in(world)
    assert table.game is not None
    hidden = hidden_parts(table.game.to_json())  # the first hand, dealt and not yet played
    await play(world, passive)
    assert table.game.finished
    text = log.getvalue()
    assert "Dispatching event interaction" in text  # the run really logged at DEBUG
    masters = [r["master"] for r in await world.bot.db.fetchall("SELECT master FROM table_secrets")]
    assert masters and all(len(master) >= 32 for master in masters)
    for secret in masters + hidden:
        assert secret not in text
    assert "executing functools.partial" not in text  # no driver statement at all


def test_the_secret_carrying_loggers_stay_above_debug_at_every_level(root_logging: None) -> None:
    configure_logging(logging.DEBUG, io.StringIO())
    assert logging.getLogger("bot.tables").getEffectiveLevel() == logging.DEBUG
    assert logging.getLogger("discord.client").getEffectiveLevel() == logging.DEBUG
    for name in ("aiosqlite", "asyncpg", "sqlite3"):
        assert logging.getLogger(name).getEffectiveLevel() == logging.WARNING, name
    for name in ("discord.http", "discord.gateway", "discord.webhook.async_"):
        assert logging.getLogger(name).getEffectiveLevel() == logging.INFO, name
    configure_logging(logging.ERROR, io.StringIO())
    assert logging.getLogger("aiosqlite").getEffectiveLevel() == logging.ERROR  # never below
