"""A table with no member left to play closes (bots' stacks back to the house, one closing line);
a finished hand's result shows the whole hand; a timeout says what was played."""

from __future__ import annotations

import random

from bot.bank import HOUSE
from bot.tables.handlog import summary
from tests.bot.test_table_bots import add_bot
from tests.bot.test_tables import start_table
from tests.helpers import World, text_of
from tests.table_driver import (
    assert_settled,
    do,
    open_accounts,
    passive,
    play,
    public_text,
    table_in,
)


async def _solo_with_bots(world: World, bots: int = 2) -> None:
    world.bot.tables.seeds = random.Random(7)
    lobby = await world.alice.slash(world.channel, "coruscant start", buy_in=100, turn_timer=60)
    for style in ("balanced", "bold", "cautious")[:bots]:
        await add_bot(world, lobby.response, style)
    await world.alice.click(lobby.response, label="Start")


async def test_the_last_member_leaving_closes_the_table(world: World) -> None:
    before = await open_accounts(world)
    await _solo_with_bots(world)
    table = table_in(world)
    asked = await world.alice.slash(world.channel, "coruscant leave")
    if asked.response is not None and "Leave" in str(asked.response.components):
        await world.alice.click(asked.response, custom_id="leave:yes")
    # At once, without the bots playing on: the game is over and settled.
    assert table.game is not None and table.game.finished and not table.open
    assert "table closed: no member is left in the game" in public_text(world)
    assert "bots' credits went back to the house" in world.channel.history()[-1].content
    await assert_settled(world, table, before)
    alice = await world.bot.bank.balance(world.guild.id, world.alice.id)
    house = await world.bot.bank.balance(world.guild.id, HOUSE)
    assert alice - 1000 + house == 0  # what alice lost went to the house, nothing else moved
    posts = len(world.channel.history())
    await world.env.advance_time(600)
    assert len(world.channel.history()) == posts  # nobody posts at a closed table


async def test_a_table_where_every_member_sits_out_closes(world: World) -> None:
    before = await open_accounts(world)
    await _solo_with_bots(world, bots=1)
    table = table_in(world)
    for _ in range(6):  # alice never clicks: two timeouts sit her out, then the table closes
        await world.env.advance_time(61)
        if not table.open:
            break
    assert table.game is not None and table.game.finished and not table.open
    assert "every member still in sits out" in world.channel.history()[-1].content
    await assert_settled(world, table, before)


async def test_a_timeout_says_what_was_played(world: World) -> None:
    await start_table(world, 2, buy_in=50, turn_timer=60)
    await world.env.advance_time(61)  # nobody chose cards
    said = [m.content for m in world.channel.history() if "ran out of time" in m.content]
    assert said and all("I played for them: " in line for line in said)
    assert all(not line.endswith("them.") for line in said)


async def test_the_hand_result_shows_the_whole_hand(world: World) -> None:
    await start_table(world, 2, buy_in=50)
    table = table_in(world)
    game = table.game
    assert game is not None
    first_moves: list[str] = []
    while game.public_view().hand_no == 1:
        (seat,) = sorted(game.pending_seats())[:1]
        kind, value = passive(table, seat, game.legal_actions(seat))
        await do(world, seat, kind, value)
        if not first_moves:
            first_moves = list(table.log)
    result = next(m for m in world.channel.history() if m.embeds and m.embeds[0].title == "Hand 1")
    text = text_of(result)
    assert "Hand 1 — " in text and "antes 2" in text  # the opening…
    assert "Round 1 selections" in text and "checks" in text  # …every decision…
    assert "wins" in text or "split" in text  # …and the payout
    assert "Hand 2 — " not in text  # the next hand opens on the table message
    await play(world, passive)


def test_a_long_hand_is_condensed_per_player() -> None:
    lines = ["Hand 3 — a starts, ante 2."]
    for turn in range(120):
        lines.append(f"{'ab'[turn % 2]} raises to {turn * 10}.")
    lines += ["a reveals ● +2 → total +2", "a wins the pot of 2400."]
    text = summary(lines, ["a", "b"], limit=1000)
    assert len(text) <= 1000
    shown = text.splitlines()
    assert shown[0].startswith("a: raises to 0 · raises to 20 · ")
    assert shown[1].startswith("b: raises to 10 · raises to 30 · ")
    assert shown[-2:] == ["a reveals ● +2 → total +2", "a wins the pot of 2400."]
    assert summary(lines[:5], ["a", "b"]) == "\n".join(lines[:5])  # short: as it is
