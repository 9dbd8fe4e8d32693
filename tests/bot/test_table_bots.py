"""Bot opponents at a Discord table: seated by the host, paid by the house, playing on their own."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.bank import HOUSE
from bot.sim_driver import engine_policy
from tests.helpers import BOTH_BACKENDS, World, burst, burst_click, text_of
from tests.table_driver import (
    all_in,
    money,
    open_accounts,
    passive,
    play,
    table_in,
    table_message,
)


async def add_bot(world: World, lobby: object, style: str) -> None:
    asked = await world.alice.click(lobby, label="Add bot")  # type: ignore[arg-type]
    assert asked.ephemeral and "Which kind" in asked.response.content
    seated = await world.alice.click(asked.response, label=style.capitalize())
    assert "sat down" in seated.response.content


@BOTH_BACKENDS
async def test_solo_table_against_bots(world: World) -> None:
    before = await open_accounts(world)
    world.bot.tables.seeds = random.Random(11)
    lobby = await world.alice.slash(world.channel, "coruscant start", buy_in=40)
    refused = await world.bob.click(lobby.response, label="Add bot")
    assert refused.ephemeral and "Only the host" in refused.response.content
    await add_bot(world, lobby.response, "balanced")
    await add_bot(world, lobby.response, "bold")
    players = text_of(table_message(world))
    assert players.count("🤖") == 2
    assert await world.bot.bank.balance(world.guild.id, HOUSE) == -80  # the house staked them
    await world.alice.click(lobby.response, label="Start")
    table = await play(world, passive)
    assert table.game is not None and table.game.finished
    alice = await world.bot.bank.balance(world.guild.id, world.alice.id)
    house = await world.bot.bank.balance(world.guild.id, HOUSE)
    assert alice - 1000 + house == 0  # whatever alice won came from the house, and back
    assert await money(world) == before
    ledger = await world.bot.db.fetchall(
        "SELECT reason, SUM(delta) FROM ledger WHERE user_id = ? GROUP BY reason", (HOUSE,)
    )
    assert {r[0] for r in ledger} >= {"buy-in"}
    log = "\n".join(text_of(m) for m in world.channel.history())
    assert any(line.startswith("🤖 IG-88 ") for line in log.splitlines()), "the bots played"


async def test_bots_act_without_anyone_clicking(world: World) -> None:
    world.bot.tables.seeds = random.Random(3)
    lobby = await world.alice.slash(world.channel, "coruscant start", buy_in=20)
    await add_bot(world, lobby.response, "cautious")
    await world.alice.click(lobby.response, label="Start")
    table = table_in(world)
    assert table.game is not None
    # Only alice is ever waited for: the bot's selections and bets are made by themselves.
    assert {s for s in table.game.pending_seats()} <= {0}
    await play(world, all_in)
    assert table.game.finished


@pytest.mark.parametrize(("command", "buy_in"), [("kessel", 90), ("classic", 60)])
async def test_every_variant_plays_solo_against_bots(
    world: World, command: str, buy_in: int
) -> None:
    before = await open_accounts(world)
    world.bot.tables.seeds = random.Random(5)
    lobby = await world.alice.slash(world.channel, f"{command} start", buy_in=buy_in)
    for style in ("cautious", "bold", "balanced"):
        await add_bot(world, lobby.response, style)
    await world.alice.click(lobby.response, label="Start")
    table = await play(world, engine_policy("balanced"), max_steps=3000)
    assert table.game is not None and table.game.finished
    assert await money(world) == before
    assert await world.bot.bank.table_escrow(None, table.id) == {}
    alice = await world.bot.bank.balance(world.guild.id, world.alice.id)
    assert alice + await world.bot.bank.balance(world.guild.id, HOUSE) == 1000


async def test_a_double_click_on_a_bot_style_seats_one_bot(world: World) -> None:
    lobby = await world.alice.slash(world.channel, "coruscant start", buy_in=40)
    asked = await world.alice.click(lobby.response, label="Add bot")
    results = await burst_click(
        world.env, [world.alice, world.alice], asked.response, custom_id="botstyle:bold"
    )
    assert [s.is_bot for s in table_in(world).seats] == [False, True]
    assert await world.bot.bank.balance(world.guild.id, HOUSE) == -40
    refused = [r for r in results if r.ephemeral and r.response.content != ""]
    assert any("already" in r.response.content for r in refused)
    # A new picker seats the next one.
    await add_bot(world, lobby.response, "cautious")
    assert [s.is_bot for s in table_in(world).seats] == [False, True, True]


async def test_add_bot_is_refused_before_the_picker_when_no_seat_is_free(world: World) -> None:
    lobby = await world.alice.slash(world.channel, "coruscant start", buy_in=20)
    seats = table_in(world).variant.max_players
    for _ in range(seats - 1):
        await add_bot(world, lobby.response, "balanced")
    full = await world.alice.click(lobby.response, label="Add bot")
    assert full.ephemeral and "This table is full" in full.response.content
    assert "Which kind" not in full.response.content  # no picker opened
    assert len(table_in(world).seats) == seats


async def test_a_picker_opened_in_the_lobby_seats_nobody_after_the_start(world: World) -> None:
    await open_accounts(world)
    lobby = await world.alice.slash(world.channel, "coruscant start", buy_in=20)
    await add_bot(world, lobby.response, "cautious")
    picker = await world.alice.click(lobby.response, label="Add bot")
    await world.alice.click(lobby.response, label="Start")
    late = await world.alice.click(picker.response, label="Bold")
    assert late.ephemeral and "already started" in late.response.content
    assert len(table_in(world).seats) == 2


async def test_two_pickers_clicked_at_once_seat_two_different_bots(world: World) -> None:
    lobby = await world.alice.slash(world.channel, "coruscant start", buy_in=40)
    first = await world.alice.click(lobby.response, label="Add bot")
    second = await world.alice.click(lobby.response, label="Add bot")
    # Another change of the table holds its lock while both picks arrive: each pick waits for
    # it, and the seat each one gets is chosen only once it has the lock.
    async with table_in(world).lock:
        picks = asyncio.ensure_future(
            burst(
                world.env,
                [(world.alice, first.response), (world.alice, second.response)],
                custom_id="botstyle:bold",
            )
        )
        for _ in range(200):  # let both picks run up to the lock
            await asyncio.sleep(0)
    await picks
    bots = [s for s in table_in(world).seats if s.is_bot]
    assert len(bots) == 2
    assert len({s.user_id for s in bots}) == 2 and len({s.name for s in bots}) == 2
    assert await world.bot.bank.balance(world.guild.id, HOUSE) == -80
