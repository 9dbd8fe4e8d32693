"""The table platform driven through simcord with the first variant (Coruscant Shift)."""

from __future__ import annotations

from tests.helpers import World, text_of
from tests.table_driver import all_in, play


async def start_table(world: World, players: int = 2, **options: object) -> None:
    ch = world.channel
    lobby = await world.alice.slash(ch, "coruscant start", **options)
    assert lobby.acknowledged and not lobby.ephemeral
    for member in world.players[1:players]:
        joined = await member.click(lobby.response, label="Join")
        assert joined.acknowledged
    started = await world.alice.click(lobby.response, label="Start")
    assert started.acknowledged


async def money(world: World) -> int:
    return int(await world.bot.bank.total_money(world.guild.id))


async def test_two_player_game_to_payout(world: World) -> None:
    for m in world.players[:2]:
        await world.bot.bank.balance(world.guild.id, m.id)  # open the accounts
    before = await money(world)
    await start_table(world, 2, buy_in=20)
    table = await play(world, all_in)
    assert table.game is not None and table.game.finished
    balances = [await world.bot.bank.balance(world.guild.id, m.id) for m in world.players[:2]]
    assert sorted(balances) == [980, 1020]
    assert await money(world) == before
    assert await world.bot.bank.table_escrow(None, table.id) == {}
    final = text_of(world.channel.history()[-1])
    assert "Final standings" in final and "+20" in final
