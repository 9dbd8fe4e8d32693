"""Table-message edits through the paced channel route are coalesced: at most one edit per
interval per table. (A click's own change rides its interaction; here Discord refuses those
tokens, so every edit takes the paced route.)"""

from __future__ import annotations

import dataclasses

import pytest

from bot.settings import Settings
from tests.bot.test_table_guards import to_betting
from tests.bot.test_tables import start_table
from tests.helpers import World, refuse_tokens
from tests.table_driver import table_in


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """Like the default test settings, but with production-like edit coalescing."""
    return dataclasses.replace(settings, edit_interval=5.0)


def table_edits(world: World) -> int:
    table = table_in(world)
    path = f"/channels/{world.channel.id}/messages/{table.message_id}"
    return sum(1 for r in world.env.http_requests if r.method == "PATCH" and r.path == path)


async def test_quick_actions_share_one_edit(world: World) -> None:
    await start_table(world, 2, buy_in=50)
    refuse_tokens(world.env)
    await world.env.advance_time(5)
    edits = table_edits(world)
    await to_betting(world)  # two selections within the same second
    assert table_edits(world) == edits + 1  # the first change is shown at once
    await world.env.advance_time(5)
    assert table_edits(world) == edits + 2  # the second waited and was drawn once
    table = table_in(world)
    assert table.game is not None
    await world.env.advance_time(5)
    assert table_edits(world) == edits + 2  # nothing more to draw


async def test_a_rate_limited_edit_is_retried(world: World) -> None:
    """The retry waits in virtual time only (a wait no longer than simcord's settle timeout
    included): no outcome depends on how fast the machine runs."""
    await start_table(world, 2, buy_in=50)
    refuse_tokens(world.env)
    await world.env.advance_time(5)
    table = table_in(world)
    world.env.inject_error(
        "PATCH",
        f"/channels/{world.channel.id}/messages/{table.message_id}",
        status=429,
        message="You are being rate limited.",
    )
    edits = table_edits(world)
    await to_betting(world)
    await world.env.settle()
    assert table_edits(world) == edits + 1  # refused; the retry waits for the clock
    await world.env.advance_time(4)
    assert table_edits(world) == edits + 1  # the edit interval (5 s) is not over
    await world.env.advance_time(1)
    assert table_edits(world) == edits + 2  # drawn again with the newest state
    fields = {f.name: f.value for f in world.channel.history()[-1].embeds[0].fields}
    assert "Seats" in fields
