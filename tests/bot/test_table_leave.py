"""Leaving a running game: a stale or simultaneous "Leave the game" confirmation after the game
ended answers that the game is over and changes nothing, in every variant."""

from __future__ import annotations

import pytest

from tests.bot.variant_table import SHORT_GAMES, start_seeded
from tests.helpers import World, burst, text_of
from tests.table_driver import assert_settled, balances, open_accounts


@pytest.mark.parametrize("group", sorted(SHORT_GAMES))
async def test_a_stale_leave_confirmation_changes_nothing(world: World, group: str) -> None:
    before = await open_accounts(world)
    table = await start_seeded(world, group, 5, 2, **SHORT_GAMES[group])
    asked = {m: await m.slash(world.channel, f"{group} leave") for m in (world.alice, world.bob)}
    left = await world.bob.click(asked[world.bob].response, custom_id="leave:yes")
    assert left.acknowledged and "You left" in left.response.content
    assert not table.open and table.game is not None and table.game.finished
    paid = await balances(world)
    late = await world.alice.click(asked[world.alice].response, custom_id="leave:yes")
    said = [late.response.content, *(f.content for f in late.followups)]
    assert any("game is over" in text for text in said), said
    assert await balances(world) == paid
    await assert_settled(world, table, before)


@pytest.mark.parametrize("group", ["classic", "kessel"])
async def test_two_leave_confirmations_at_once(world: World, group: str) -> None:
    before = await open_accounts(world)
    table = await start_seeded(world, group, 5, 2, **SHORT_GAMES[group])
    asked = {m: await m.slash(world.channel, f"{group} leave") for m in (world.alice, world.bob)}
    clicks = [(member, shown.response) for member, shown in asked.items()]
    results = await burst(world.env, clicks, custom_id="leave:yes")  # at the same instant
    assert not table.open
    said = [text_of(r.response) + "".join(f.content for f in r.followups) for r in results]
    assert sum("You left" in text for text in said) == 1
    assert sum("game is over" in text for text in said) == 1, said
    await assert_settled(world, table, before)
