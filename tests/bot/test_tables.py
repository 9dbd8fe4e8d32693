"""The table platform driven through simcord with the first variant (Coruscant Shift): whole
games, conservation at every step, restarts, leaving, and no hidden card in public."""

from __future__ import annotations

import random
import re
from typing import Any

from bot.tables.models import Table
from engine.core.game import ActionSpec
from engine.variants.coruscant.cards import Card
from tests.bot.variant_table import finish_settled, restart_and_restore
from tests.helpers import BOTH_BACKENDS, World, text_of
from tests.table_driver import (
    all_in,
    assert_settled,
    balances,
    do,
    money,
    open_accounts,
    passive,
    play,
    public_text,
    table_in,
    table_message,
)

__all__ = ["money", "open_accounts", "public_text", "start_table"]  # also used by other tests

pytestmark = BOTH_BACKENDS  # the whole table platform on SQLite and on PostgreSQL

CARD = re.compile(r"[●▲■] [+-]\d{1,2}|Ø|\b(?:circle|triangle|square):[+-]\d{1,2}\b|\bsylop\b")


async def start_table(world: World, players: int = 2, **options: object) -> Any:
    """alice opens a Coruscant table, the next members join, alice starts it (seeded deal)."""
    world.bot.tables.seeds = random.Random(players)
    ch = world.channel
    lobby = await world.alice.slash(ch, "coruscant start", **options)
    assert lobby.acknowledged and not lobby.ephemeral
    for member in world.players[1:players]:
        joined = await member.click(lobby.response, label="Join")
        assert joined.acknowledged and not joined.ephemeral
    started = await world.alice.click(lobby.response, label="Start")
    assert started.acknowledged
    return lobby


async def test_two_player_game_to_payout(world: World) -> None:
    before = await open_accounts(world)
    await start_table(world, 2, buy_in=20)
    table = await play(world, all_in)
    assert table.game is not None and table.game.finished
    assert sorted(await balances(world, world.players[:2])) == [980, 1020]
    await assert_settled(world, table, before)
    final = text_of(world.channel.history()[-1])
    assert "Final standings" in final and "(+20)" in final and "(-20)" in final
    assert table_message(world).components == []  # no buttons left on a finished table
    rows = await world.bot.db.fetchall(
        "SELECT user_id, games_played, games_won, hands_played FROM stats ORDER BY user_id"
    )
    assert [(r[1], r[3] > 0) for r in rows] == [(1, True), (1, True)]
    assert sorted(r[2] for r in rows) == [0, 1]
    shown = await world.bob.slash(world.channel, "stats")
    stats = text_of(shown.response)
    assert "Coruscant Shift" in stats and "Games: **1** played" in stats


def side_pot_policy(table: Table, seat: int, specs: tuple[ActionSpec, ...]) -> tuple[str, Any]:
    """Hand 1: seat 0 bets 3, seat 3 folds, the others call: three different stacks. Then
    everybody shoves, which needs a side pot."""
    assert table.game is not None
    if table.game.public_view().hand_no > 1:
        return all_in(table, seat, specs)
    kinds = {s.kind for s in specs}
    if seat == 0 and "bet" in kinds:
        return "bet", 3
    if seat == 3 and "call" in kinds:
        return "fold", None
    return passive(table, seat, specs)


async def test_four_players_side_pots_and_conservation_at_every_step(world: World) -> None:
    before = await open_accounts(world)

    async def conserved() -> None:
        assert await money(world) == before
        table = table_in(world)
        assert table.game is not None
        held = sum((await world.bot.bank.table_escrow(None, table.id)).values())
        in_play = sum(s.stack for s in table.game.public_view().seats) + sum(
            amount for _, amount in table.game.public_view().pots
        )
        assert held == in_play or table.game.finished

    await start_table(world, 4, buy_in=30)
    table = await play(world, side_pot_policy, after_step=conserved)
    assert table.game is not None and table.game.finished
    log = public_text(world)
    assert "side pot" in log.lower()
    final = await balances(world)
    assert sum(final) == 4000 and max(final) > 1000
    assert await money(world) == before


async def test_restart_mid_hand_then_finish(world: World, restart: Any) -> None:
    before = await open_accounts(world)
    await start_table(world, 2, buy_in=20)
    table = table_in(world)
    assert table.game is not None
    seat = min(table.game.pending_seats())
    await do(world, seat, "select", [table.game.legal_actions(seat)[0].options[0].value])
    seq_before = table.game.seq
    restored = await restart_and_restore(world, restart, table)
    assert restored.game is not None and restored.game.seq == seq_before
    assert restored.game.to_json() == table.game.to_json()
    # The old table message's persistent buttons still work after the restart.
    await finish_settled(world, all_in, before)


async def test_leave_mid_game_settles_the_stack_at_once(world: World) -> None:
    before = await open_accounts(world)
    await start_table(world, 3, buy_in=40)
    table = table_in(world)
    assert table.game is not None
    carol = world.carol
    stack = table.game.public_view().seats[2].stack
    asked = await carol.slash(world.channel, "coruscant leave")
    assert asked.ephemeral and "Leave the game?" in asked.response.content
    stayed = await carol.click(asked.response, label="Stay")
    assert "stay" in stayed.response.content and table.game.public_view().seats[2].active
    asked = await carol.slash(world.channel, "coruscant leave")
    left = await carol.click(asked.response, label="Leave the game")
    assert left.response.ephemeral and "You left" in left.response.content
    assert await world.bot.bank.balance(world.guild.id, carol.id) == 960 + stack
    assert f"{carol.mention} left the table" in public_text(world)
    assert not table.game.public_view().seats[2].active
    again = await carol.slash(world.channel, "coruscant leave")
    assert again.ephemeral and "not playing" in again.response.content
    finished = await play(world, all_in)
    assert finished.game is not None and finished.game.finished
    assert await money(world) == before
    rows = await world.bot.db.fetchall(
        "SELECT user_id, games_played, credits_lost FROM stats ORDER BY user_id"
    )
    assert len(rows) == 3 and all(r[1] == 1 for r in rows)
    assert next(r[2] for r in rows if r[0] == carol.id) == 40 - stack
    standings = text_of(world.channel.history()[-1])
    assert f"{carol.mention}: **{stack}** credits ({stack - 40:+d}) — left early" in standings


async def test_no_hidden_card_in_any_public_message(world: World) -> None:
    """A whole 3-player game: a card shows up publicly only in the reveal line of the player
    who held it at that showdown; every other public line of every message is card-free."""
    seen: set[str] = set()  # public lines already checked
    held: dict[str, set[str]] = {}  # mention -> display labels of the cards held before a step

    def snapshot() -> None:
        table = table_in(world)
        assert table.game is not None
        held.clear()
        for index, seat in enumerate(table.seats):
            cards = table.game.view_for(index).hand
            held[seat.mention] = {t for c in cards for t in CARD.findall(Card.parse(c).display)}

    async def scan() -> None:
        for message in world.channel.history():
            for line in text_of(message).splitlines():
                if line in seen:
                    continue
                seen.add(line)
                cards = CARD.findall(line)
                if not cards:
                    continue
                owner = next((m for m in held if line.startswith(f"{m} reveals")), None)
                assert owner is not None, f"card outside a reveal line: {line}"
                assert set(cards) <= held[owner], f"{line} shows cards {owner} did not hold"
        snapshot()

    def mixed(table: Table, seat: int, specs: tuple[ActionSpec, ...]) -> tuple[str, Any]:
        kinds = {s.kind for s in specs}
        if "bet" in kinds and seat == 0:
            return "bet", 2
        if "call" in kinds and seat == 2:
            return "fold", None
        return passive(table, seat, specs)

    await start_table(world, 3, buy_in=30)
    snapshot()
    table = await play(world, mixed, after_step=scan)
    assert table.game is not None and table.game.finished
    assert any(" reveals " in line for line in seen), "the game had showdowns"
    assert any("folds" in line for line in seen), "and folds"
    dms = "\n".join(text_of(m) for m in world.alice.user.dm_channel.history())
    assert CARD.search(dms), "hands are sent privately"


async def test_showdown_reveals_only_after_the_last_bet(world: World) -> None:
    """Before a showdown the table message shows no card; reveal lines come with the result."""
    await start_table(world, 2, buy_in=10)

    async def scan() -> None:
        table = table_in(world)
        assert table.game is not None
        message = table_message(world)
        fields = {f.name: f.value for f in message.embeds[0].fields}
        for name in ("Seats", "Pots"):
            assert not CARD.findall(fields.get(name, "")), fields.get(name)

    await play(world, passive, after_step=scan)
    assert "reveals" in public_text(world)
