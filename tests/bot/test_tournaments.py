"""Sit-and-go tournaments through simcord: registration and the prize pool, a game to one
winner with bots, places and prizes to the credit, refunds, a restart mid-hand."""

from __future__ import annotations

import random
from typing import Any

from bot.bank import HOUSE
from bot.sim_driver import engine_policy
from bot.tournaments.models import Stage, Tournament
from tests.helpers import BOTH_BACKENDS, World
from tests.table_driver import balances, money, open_accounts, play, public_text, table_in


def tournament(world: World) -> Tournament:
    """The channel's open tournament, else its newest one (read back from memory)."""
    service = world.bot.tournaments
    found = service.in_channel(world.channel.id)
    if found is not None:
        return found
    raise LookupError("no open tournament")


async def pool(world: World, t: Tournament) -> int:
    """Credits held by the tournament's prize pool."""
    return sum((await world.bot.bank.table_escrow(None, t.pool_id)).values())


async def create(world: World, **options: Any) -> Any:
    options = {"variant": "kessel", "buy_in": 100, "seats": 4, **options}
    made = await world.admin.slash(world.channel, "tournament create", **options)
    assert made.acknowledged and not made.ephemeral, made.response
    return made


def seeded(world: World, seed: int) -> None:
    world.bot.tables.seeds = random.Random(seed)
    world.bot.tournaments.seating = random.Random(seed)


@BOTH_BACKENDS
async def test_a_four_seat_sit_and_go_with_bots_plays_to_one_winner(world: World) -> None:
    before = await open_accounts(world)
    seeded(world, 4)
    await create(world, bots=True)
    t = tournament(world)
    for member in (world.alice, world.bob):
        joined = await member.slash(world.channel, "tournament join")
        assert joined.ephemeral and "100 credits are in the prize pool" in joined.response.content
        assert await money(world) == before
    assert await world.bot.bank.balance(world.guild.id, world.alice.id) == 900
    refused = await world.alice.slash(world.channel, "tournament bot")
    assert refused.ephemeral and "Only the organizer" in refused.response.content
    await world.admin.slash(world.channel, "tournament bot", style="bold")
    assert t.stage is Stage.REGISTERING
    await world.admin.slash(world.channel, "tournament bot", style="cautious")  # full: starts
    assert t.stage is Stage.RUNNING
    assert await pool(world, t) == 400 and await money(world) == before
    table = table_in(world)
    assert table.tournament_id == t.id and len(table.seats) == 4
    assert await world.bot.bank.table_escrow(None, table.id) == {}  # chips, not credits

    async def conserved() -> None:
        assert await money(world) == before

    await play(world, engine_policy("balanced"), max_steps=4000, after_step=conserved)
    await world.env.settle()
    assert t.stage is Stage.FINISHED
    assert sorted(e.place or 0 for e in t.entries) == [1, 2, 3, 4]
    winner = next(e for e in t.entries if e.place == 1)
    assert [e.prize for e in t.entries if e.place != 1] == [0, 0, 0]
    assert winner.prize == 400  # four players: the winner takes all
    assert await pool(world, t) == 0 and await money(world) == before
    alice, bob = await balances(world, [world.alice, world.bob])
    house = await world.bot.bank.balance(world.guild.id, HOUSE)
    assert alice + bob + house == 2000  # the two members' 2 000 credits, shared with the house
    text = public_text(world)
    assert "place of 4" in text and f"wins tournament #{t.id} and 400 credits" in text
    ledger = await world.bot.db.fetchall(
        "SELECT reason, SUM(delta) FROM ledger WHERE table_id = ? GROUP BY reason ORDER BY reason",
        (t.pool_id,),
    )
    assert [(r[0], int(r[1])) for r in ledger] == [("buy-in", -400), ("prize", 400)]
