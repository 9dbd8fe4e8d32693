"""Nobody ever clicks: turn timers, strikes and sit-out moves carry every variant's game to its
end, with every credit back in the balances; "I'm back" gives a player their turns again."""

from __future__ import annotations

from typing import Any

import pytest

from bot.demo.common import demo_variants
from tests.bot.variant_table import SHORT_GAMES, start_seeded
from tests.helpers import World
from tests.table_driver import actor_of, assert_settled, open_accounts, table_in, table_message

HOURS = 8


@pytest.mark.parametrize("group", sorted(SHORT_GAMES))
@pytest.mark.parametrize(("players", "seed"), [(2, 7), (3, 7), (2, 11), (3, 12)])
async def test_a_table_nobody_plays_finishes(
    world: World, group: str, players: int, seed: int
) -> None:
    before = await open_accounts(world)
    table = await start_seeded(world, group, seed, players, turn_timer=20, **SHORT_GAMES[group])
    for _ in range(HOURS * 3600 // 60):
        if not table.open:
            break
        await world.env.advance_time(60)
    assert not table.open, f"{group} stalled: {table.game and table.game.public_view().phase}"
    assert table.game is not None and table.game.finished
    await assert_settled(world, table, before)


async def test_im_back_gives_the_turns_back(world: World) -> None:
    table = await start_seeded(world, "classic", 3, 2, turn_timer=20, buy_in=40)
    assert table.game is not None
    while not table.sitting_out:
        await world.env.advance_time(20)
    (sitter,) = table.sitting_out
    first = len(world.env.http_requests)
    back = await actor_of(world, table, sitter).click(table_message(world), label="I'm back")
    (welcome,) = back.followups
    assert welcome.ephemeral and "Welcome back" in welcome.content
    # the table shows it when the click returns, edited through the click's own token
    assert "sitting out" not in str(table_message(world).embeds[0].to_dict())
    edits = [r for r in world.env.http_requests[first:] if r.method == "PATCH"]
    assert any("/messages/@original" in r.path for r in edits)
    assert not any(r.path.startswith("/channels/") for r in edits)
    assert table.deadline is not None and table.open
    # Whenever they are to act again, they have a full turn timer to do it.
    for _ in range(40):
        if sitter in table.game.pending_seats():
            break
        await world.env.advance_time(1)
    assert sitter in table.game.pending_seats()
    turn = table.game.turn
    await world.env.advance_time(10)
    assert table.game.turn == turn and table_in(world).open  # not played for them at once


async def test_an_afk_table_finishes_across_a_restart(world: World, restart: Any) -> None:
    before = await open_accounts(world)
    table = await start_seeded(world, "classic", 7, 2, turn_timer=20, **SHORT_GAMES["classic"])
    while not table.sitting_out:
        await world.env.advance_time(20)
    await restart()
    table = table_in(world)
    for _ in range(HOURS * 60):
        if not table.open:
            break
        await world.env.advance_time(60)
    assert not table.open and table.game is not None and table.game.finished
    await assert_settled(world, table, before)


def test_every_variant_with_a_cog_is_covered() -> None:
    assert set(SHORT_GAMES) == set(demo_variants().values())
