"""Sit-and-go tournaments through simcord: registration and the prize pool, a game to one
winner with bots, places and prizes to the credit, refunds, a restart mid-hand."""

from __future__ import annotations

import json
import random
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

import discord
import pytest
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

from bot.bank import HOUSE
from bot.sim_driver import SimDriver, engine_policy
from bot.tournaments.balance import steps
from bot.tournaments.models import Stage, Tournament
from tests.helpers import BOTH_BACKENDS, World, text_of
from tests.table_driver import (
    balances,
    money,
    open_accounts,
    play,
    public_text,
    table_in,
    table_message,
)


def tournament(world: World) -> Tournament:
    """The channel's open tournament (the service's, in memory); a LookupError if none."""
    found = world.bot.tournaments.in_channel(world.channel.id)
    if found is None:
        raise LookupError("no open tournament")
    return found


async def pool(world: World, t: Tournament) -> int:
    """Credits held by the tournament's prize pool."""
    return sum((await world.bot.bank.table_escrow(None, t.pool_id)).values())


async def create(world: World, **options: Any) -> Any:
    options = {"variant": "kessel", "buy_in": 100, "seats": 4, **options}
    made = await world.admin.slash(world.channel, "tournament create", **options)
    assert made.acknowledged and not made.ephemeral, made.response
    return made


async def join_all(world: World, members: Iterable[Any]) -> None:
    """Each of ``members`` joins the channel's tournament (``/tournament join``), in order."""
    for member in members:
        await member.slash(world.channel, "tournament join")


async def all_accounts(world: World) -> int:
    """Open the admin's account and the four players'; the credits of the guild."""
    await world.bot.bank.balance(world.guild.id, world.admin.id)
    return await open_accounts(world)


def table_message_text(world: World) -> str:
    """The tournament table's message, as text."""
    return text_of(table_message(world))


def seeded(world: World, seed: int) -> None:
    world.bot.tables.seeds = random.Random(seed)
    world.bot.tournaments.seating = random.Random(seed)


async def seeded_tournament(world: World, seed: int, **options: Any) -> tuple[int, Tournament]:
    """The guild's credits once every account is open (:func:`all_accounts`), then the channel's
    tournament, created with ``options`` (see :func:`create`) once its deals and seating are
    seeded with ``seed``."""
    before = await all_accounts(world)
    seeded(world, seed)
    await create(world, **options)
    return before, tournament(world)


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


async def refusal(result: Any) -> str:
    assert result.ephemeral, "a refusal is ephemeral"
    return str(result.response.content)


@BOTH_BACKENDS
async def test_cancellation_and_withdrawal_refund_every_buy_in(world: World) -> None:
    before = await open_accounts(world)
    await create(world, buy_in=250, seats=6, bots=True)
    t = tournament(world)
    await join_all(world, (world.alice, world.bob, world.carol))
    await world.admin.slash(world.channel, "tournament bot")
    assert await pool(world, t) == 1000 and await money(world) == before
    left = await world.bob.slash(world.channel, "tournament leave")
    assert "your buy-in of 250 credits is back" in await refusal(left)
    assert await balances(world) == [750, 1000, 750, 1000]
    assert "not registered" in await refusal(
        await world.bob.slash(world.channel, "tournament leave")
    )
    refused = await world.alice.slash(world.channel, "tournament cancel")
    assert "Only the organizer" in await refusal(refused)
    assert t.stage is Stage.REGISTERING and await pool(world, t) == 750
    cancelled = await world.admin.slash(world.channel, "tournament cancel")
    assert "3 buy-ins refunded" in await refusal(cancelled)
    assert t.stage is Stage.CANCELLED and await pool(world, t) == 0
    assert await balances(world) == [1000] * 4
    assert await world.bot.bank.balance(world.guild.id, HOUSE) == 0
    assert await money(world) == before
    gone = await world.alice.slash(world.channel, "tournament join")
    assert "no open tournament" in await refusal(gone)
    await world.env.settle()
    assert f"Tournament #{t.id} was cancelled; every buy-in was refunded." in public_text(world)


@BOTH_BACKENDS
async def test_bad_input_is_refused_clearly_and_changes_nothing(world: World) -> None:
    before = await open_accounts(world)
    create_ = "tournament create"

    async def unchanged() -> None:
        assert await money(world) == before and await balances(world) == [1000] * 4

    member = await world.alice.slash(world.channel, create_, variant="kessel", buy_in=10, seats=4)
    assert "Only members with Manage Server" in await refusal(member)
    denied = await world.alice.slash(world.channel, "tournament settings", members_create=True)
    assert "Only members with Manage Server" in await refusal(denied)
    for options, said in [
        ({"variant": "pazaak"}, "Unknown variant"),
        ({"payouts": "50/30"}, "add up to 100, not 80"),
        ({"payouts": "20/80"}, "more than the place above it"),
        ({"payouts": "fifty"}, "whole percentages"),
        ({"seats": 16}, "seats at most"),
    ]:
        bad = await world.admin.slash(
            world.channel, create_, **{"variant": "kessel", "buy_in": 10, "seats": 4, **options}
        )
        assert said in await refusal(bad), options
    assert world.bot.tournaments.in_channel(world.channel.id) is None
    assert await world.bot.db.fetchval("SELECT COUNT(*) FROM tournaments") == 0
    allowed = await world.admin.slash(world.channel, "tournament settings", members_create=True)
    assert "every member can create" in await refusal(allowed)
    await world.alice.slash(world.channel, create_, variant="kessel", buy_in=2000, seats=2)
    t = tournament(world)
    assert t.organizer_id == world.alice.id
    poor = await world.bob.slash(world.channel, "tournament join")
    assert "You have 1,000 credits but 2,000 are needed." in await refusal(poor)
    await unchanged()
    assert t.entries == []
    early = await world.alice.slash(world.channel, "tournament start")
    assert "needs at least 2 players; 0 registered" in await refusal(early)
    other = await world.bob.slash(world.channel, "tournament start")
    assert "Only the organizer" in await refusal(other)
    bots = await world.alice.slash(world.channel, "tournament bot")
    assert "without bots" in await refusal(bots)
    again = await world.admin.slash(world.channel, create_, variant="kessel", buy_in=5, seats=2)
    assert "already has an open tournament" in await refusal(again)
    await unchanged()
    assert t.stage is Stage.REGISTERING


@BOTH_BACKENDS
@pytest.mark.parametrize("seed", range(3))
async def test_random_registrations_conserve_credits(world: World, seed: int) -> None:
    rng = random.Random(seed)
    before = await all_accounts(world)
    await create(world, buy_in=rng.randint(1, 400), seats=6, bots=True)
    t = tournament(world)
    actors = [*world.players, world.admin]
    for _ in range(25):
        op = rng.choice(["join", "join", "leave", "bot"])
        actor = rng.choice(actors)
        if op == "bot":
            await world.admin.slash(world.channel, "tournament bot")
        else:
            await actor.slash(world.channel, f"tournament {op}")
        assert await money(world) == before
        assert await pool(world, t) == t.pool
        if t.stage is not Stage.REGISTERING:
            break
        registered = {e.account: 0 for e in t.entries}
        for e in t.entries:
            registered[e.account] += t.buy_in
        escrow = await world.bot.bank.table_escrow(None, t.pool_id)
        assert escrow == registered
    if t.stage is Stage.REGISTERING:
        await world.admin.slash(world.channel, "tournament cancel")
        assert await pool(world, t) == 0
        assert await balances(world, actors) == [1000] * 5
    assert await money(world) == before
    ledger = await world.bot.db.fetchall(
        "SELECT user_id, SUM(delta) FROM ledger GROUP BY user_id ORDER BY user_id"
    )
    accounts = await world.bot.db.fetchall("SELECT user_id, balance FROM accounts ORDER BY user_id")
    assert [tuple(r) for r in ledger] == [tuple(r) for r in accounts]


@BOTH_BACKENDS
async def test_a_sit_and_go_survives_a_restart_mid_hand_and_pays_its_places(
    world: World, restart: Callable[..., Awaitable[Any]]
) -> None:
    before, t = await seeded_tournament(world, 7, seats=5)
    await join_all(world, (*world.players, world.admin))
    assert t.stage is Stage.RUNNING and t.prizes() == [325, 175]  # 65/35 for five players
    table = await play(world, engine_policy("bold"), stop=lambda table: table.game.seq >= 7)
    assert table.game is not None and not table.game.finished
    await restart()
    t = tournament(world)
    assert t.stage is Stage.RUNNING and len(t.entries) == 5
    table = table_in(world)
    assert table.tournament_id == t.id and table.game is not None and table.game.seq >= 7

    async def conserved() -> None:
        assert await money(world) == before

    await play(world, engine_policy("bold"), max_steps=6000, after_step=conserved)
    await world.env.settle()
    done = await world.bot.db.fetchall(
        "SELECT user_id, place, prize, points FROM tournament_entries ORDER BY place"
    )
    assert [(r["place"], r["prize"], r["points"]) for r in done] == [
        (1, 325, 5),
        (2, 175, 4),
        (3, 0, 3),
        (4, 0, 2),
        (5, 0, 1),
    ]
    status = await world.bot.db.fetchval("SELECT status FROM tournaments WHERE id = ?", (t.id,))
    assert status == "finished"
    assert await pool(world, t) == 0 and await money(world) == before
    members = [*world.players, world.admin]
    by_id = {r["user_id"]: r["prize"] for r in done}
    assert await balances(world, members) == [900 + by_id[m.id] for m in members]
    text = public_text(world)
    assert "out in 5th place of 5" in text and "out in 2nd place of 5 and wins 175 credits" in text

    board = await world.alice.slash(world.channel, "leaderboard", by="season")
    winner = done[0]["user_id"]
    assert f"**1.** <@{winner}> — 5 points" in board.response.embeds[0].description
    new = await world.admin.slash(world.channel, "tournament season")
    assert "Season 2 has begun" in new.response.content
    empty = await world.alice.slash(world.channel, "leaderboard", by="season")
    assert "No tournament finished this season yet." in empty.response.embeds[0].description
    old = await world.alice.slash(world.channel, "leaderboard", by="season", season=1)
    assert f"<@{winner}> — 5 points" in old.response.embeds[0].description
    future = await world.alice.slash(world.channel, "leaderboard", by="season", season=3)
    assert "Season 3 has not begun" in await refusal(future)


async def test_the_start_time_starts_it_or_cancels_it_and_a_server_event_announces_it(
    world: World,
) -> None:
    before = await open_accounts(world)
    await create(world, start=30)
    first = tournament(world)
    events = world.env.backend.get_guild(world.guild.id).scheduled_events
    assert [e.name for e in events.values()] == [f"Kessel Sabacc tournament #{first.id}"]
    await world.alice.slash(world.channel, "tournament join")
    await world.env.advance_time(30 * 60 + 1)
    assert first.stage is Stage.CANCELLED  # one player at the start time: refunded
    assert await balances(world) == [1000] * 4 and await money(world) == before

    seeded(world, 2)
    await create(world, start=10, seats=3)
    second = tournament(world)
    await join_all(world, (world.alice, world.bob))
    await world.env.advance_time(10 * 60 + 1)
    assert second.stage is Stage.RUNNING
    table = table_in(world)
    assert sorted(s.user_id for s in table.seats) == sorted((world.alice.id, world.bob.id))
    assert "tournament #2 · 90 chips each" in table_message_text(world)
    await world.env.settle()
    assert await money(world) == before and await pool(world, second) == 200


async def test_a_player_who_leaves_takes_the_lowest_place_open(world: World) -> None:
    before = await open_accounts(world)
    seeded(world, 5)
    await create(world, seats=3)
    await join_all(world, (world.alice, world.bob, world.carol))
    t = tournament(world)
    asked = await world.carol.slash(world.channel, "kessel leave")
    assert "take the lowest place still open" in asked.response.content
    await world.carol.click(asked.response, custom_id="leave:yes")
    await world.env.settle()
    carol = t.entry(world.carol.id)
    assert carol is not None and carol.place == 3 and carol.prize == 0
    assert "is out in 3rd place of 3." in public_text(world)
    await play(world, engine_policy("bold"), max_steps=4000)
    await world.env.settle()
    assert t.stage is Stage.FINISHED and await money(world) == before
    assert sorted(await balances(world, [world.alice, world.bob])) == [900, 1200]
    assert "Final standings — tournament chips" in public_text(world)


async def test_a_deleted_channel_cancels_a_running_tournament_and_refunds_it(
    world: World,
) -> None:
    before = await open_accounts(world)
    seeded(world, 3)
    await create(world, seats=3)
    await join_all(world, (world.alice, world.bob, world.carol))
    t = tournament(world)
    await play(world, engine_policy("bold"), stop=lambda table: table.game.seq >= 5)
    world.env.backend.delete_channel(world.channel.id)
    await world.env.settle()
    assert t.stage is Stage.CANCELLED and await pool(world, t) == 0
    assert await balances(world) == [1000] * 4 and await money(world) == before
    for member in (world.alice, world.bob, world.carol):
        (dm,) = [m for m in member.user.dm_channel.history() if "cancelled" in m.content]
        assert dm.content == f"Tournament #{t.id} was cancelled; every buy-in was refunded."


async def test_a_table_written_but_never_dealt_deals_after_a_restart(
    world: World, restart: Callable[..., Awaitable[Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    before = await open_accounts(world)
    await create(world, seats=3)
    await join_all(world, (world.alice, world.bob))
    t = tournament(world)

    async def crash(*_args: Any) -> None:
        raise ConnectionError("the process died before the deal")

    monkeypatch.setattr(type(world.bot.tables), "start", crash)
    with pytest.raises(ConnectionError):
        await world.bot.tournaments.start(t)
    monkeypatch.undo()
    status = await world.bot.db.fetchval("SELECT status FROM game_tables")
    assert status == "lobby"  # written with the tournament's start, not dealt
    await restart()
    t = tournament(world)
    assert t.stage is Stage.RUNNING
    table = table_in(world)
    assert table.game is not None and table.tournament_id == t.id
    await play(world, engine_policy("bold"), max_steps=4000)
    await world.env.settle()
    assert t.stage is Stage.FINISHED and await money(world) == before
    assert sorted(await balances(world, [world.alice, world.bob])) == [900, 1100]


def thread_tables(world: World) -> list[tuple[Any, Any]]:
    """``(thread, its newest table)`` of every thread of the channel with a table."""
    found = []
    for thread in world.channel.threads:
        driver = SimDriver(world.env, thread, (*world.players, world.admin), seen=world.seen)
        try:
            found.append((thread, driver.table()))
        except LookupError:
            continue
    return found


async def play_thread(world: World, thread: Any, after_step: Any) -> None:
    driver = SimDriver(world.env, thread, (*world.players, world.admin), seen=world.seen)
    await driver.play(engine_policy("bold"), max_steps=4000, after_step=after_step)
    await world.env.settle()


def regrouping(world: World, t: Tournament) -> bool:
    """A regrouping plan is written and not carried out yet (tables still to close or open)."""
    if t.seating is None or t.seating.round < 2:
        return False
    out = {e.user_id for e in t.entries if e.place is not None}
    tables = [
        [s.user_id for s in table.seats if s.user_id not in out]
        for _, table in thread_tables(world)
        if table.open
    ]
    return not steps(t.seating.tables, tables, out).done


@BOTH_BACKENDS
async def test_a_twelve_player_tournament_balances_its_tables_down_to_a_final_table(
    world: World, restart: Callable[..., Awaitable[Any]]
) -> None:
    before, t = await seeded_tournament(
        world, 12, variant="classic", seats=12, table_size=4, bots=True, antes="every 2 hands x2"
    )
    await join_all(world, (*world.players, world.admin))
    for _ in range(7):
        await world.admin.slash(world.channel, "tournament bot")
    await world.env.settle()
    assert t.stage is Stage.RUNNING and t.prizes() == [600, 360, 240]
    first = thread_tables(world)
    assert len(first) == 3
    assert sorted(len(table.seats) for _, table in first) == [4, 4, 4]
    seated = sorted(s.user_id for _, table in first for s in table.seats)
    assert seated == sorted(e.user_id for e in t.entries)  # everyone seated once, at random
    assert all(
        thread.name.startswith(f"Tournament #{t.id} · round 1 · table") for thread, _ in first
    )
    chips = 12 * t.chips

    async def conserved() -> None:
        assert await money(world) == before

    restarted_at: int | None = None
    for _ in range(80):  # each pass plays one table with members at it to its end
        await world.env.settle()
        if t.stage is not Stage.RUNNING:
            break
        if restarted_at is None and regrouping(world, t):  # a restart mid-rebalancing
            restarted_at = t.seating.round if t.seating is not None else None
            await restart()
            seeded(world, 13)
            t = tournament(world)
            assert t.stage is Stage.RUNNING and t.seating is not None
            assert t.seating.round == restarted_at  # the stored plan, carried on
            continue
        playing = [(th, tb) for th, tb in thread_tables(world) if tb.open]
        for _, table in playing:  # chips only move between the tables: none lost, none made
            _options, stacks = table.game_params()
            assert stacks is None or len(stacks) == len(table.seats)
        humans = [(th, tb) for th, tb in playing if any(not s.is_bot for s in tb.seats)]
        assert humans, "tables without members play on their own"
        await play_thread(world, humans[0][0], conserved)
    await world.env.settle()
    assert restarted_at is not None and restarted_at >= 2
    assert t.stage is Stage.FINISHED
    text = public_text(world)
    assert "The tables are balanced:" in text  # a player moved from a fuller table
    assert "move to the final table after their table's next hand" in text
    final = [(th, tb) for th, tb in thread_tables(world) if th.name.endswith("final table")]
    assert len(final) == 1
    _, table = final[0]
    final_options, stacks = table.game_params()
    # the antes rose on schedule: the final table opened at the tournament's level
    assert t.level >= 1
    assert final_options["hand_ante"] == t.stakes()["hand_ante"] > t.stakes(0)["hand_ante"]
    rows = await world.bot.db.fetchall("SELECT left_seats FROM game_tables")
    forfeited = sum(sum(json.loads(row["left_seats"]).values()) for row in rows)
    # every chip went on to the final table but those of players who left (forfeited)
    assert stacks is not None and sum(stacks) == chips - forfeited
    assert len(stacks) == len(table.seats) >= 2
    done = await world.bot.db.fetchall(
        "SELECT user_id, bot_style, place, prize FROM tournament_entries ORDER BY place"
    )
    assert [r["place"] for r in done] == list(range(1, 13))
    assert [r["prize"] for r in done[:4]] == [600, 360, 240, 0]
    assert await pool(world, t) == 0 and await money(world) == before
    members = [*world.players, world.admin]
    prize = {r["user_id"]: r["prize"] for r in done}
    assert await balances(world, members) == [900 + prize[m.id] for m in members]
    house = await world.bot.bank.balance(world.guild.id, HOUSE)
    bots_won = sum(r["prize"] for r in done if r["bot_style"] is not None)
    assert house == bots_won - 700  # the house paid seven buy-ins and took the bots' prizes
    assert "is out in 12th place of 12." in text and f"wins tournament #{t.id}" in text
    # hands at tables that started with carried stacks, and the last hand of a table that
    # closed to move its players, verify: their records recreate those games
    hands = await world.bot.db.fetchall(
        "SELECT h.id FROM hands h JOIN game_tables g ON g.id = h.table_id"
        " WHERE g.options LIKE '%stacks%' OR h.hand_no = (SELECT MAX(hand_no) FROM hands"
        " WHERE table_id = g.id) ORDER BY h.id"
    )
    assert len(hands) > 5
    for row in hands:
        checked = await world.bob.slash(world.channel, "verify", hand=row["id"])
        assert "Verified" in checked.response.embeds[0].description, row["id"]


async def test_kessel_is_refused_at_several_tables_with_the_reason(world: World) -> None:
    before = await open_accounts(world)
    refused = await world.admin.slash(
        world.channel, "tournament create", variant="kessel", buy_in=10, seats=6, table_size=3
    )
    assert "Kessel Sabacc can't be played at several tables" in await refusal(refused)
    assert world.bot.tournaments.in_channel(world.channel.id) is None  # nothing was created
    assert await money(world) == before


async def test_a_restart_while_a_round_is_being_seated_opens_the_tables_left(
    world: World, restart: Callable[..., Awaitable[Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    before, _ = await seeded_tournament(
        world, 7, variant="classic", seats=6, table_size=3, bots=True
    )
    await join_all(world, (*world.players, world.admin))
    second = tournament(world)
    opened = type(world.bot.tables).open_seated
    calls = 0

    async def dies_on_the_second(self: Any, **seating: Any) -> Any:
        nonlocal calls
        calls += 1
        if calls == 2:
            raise ConnectionError("the process died while seating the round")
        return await opened(self, **seating)

    monkeypatch.setattr(type(world.bot.tables), "open_seated", dies_on_the_second)
    await world.admin.slash(world.channel, "tournament bot")  # full: starts, dies midway
    monkeypatch.undo()
    failed = [getattr(e, "original", e) for e in world.env.errors]  # seen, and logged
    assert [type(e) for e in failed] == [ConnectionError]
    assert len(thread_tables(world)) == 1
    await restart()
    await world.env.settle()
    tables = thread_tables(world)
    assert len(tables) == 2 and tournament(world).stage is Stage.RUNNING
    seated = sorted(s.user_id for _, table in tables for s in table.seats)
    assert seated == sorted(e.user_id for e in second.entries)
    assert await money(world) == before


async def test_without_thread_permissions_a_multi_table_tournament_says_what_is_missing(
    world: World,
) -> None:
    before = await open_accounts(world)
    me = world.env.bot.user.id

    def deny_threads() -> None:
        deny = discord.Permissions(create_public_threads=True).value
        world.env.backend.set_overwrite(
            world.channel.id, Overwrite(target_id=me, type=OverwriteType.MEMBER, deny=deny)
        )

    deny_threads()
    refused = await world.admin.slash(
        world.channel, "tournament create", variant="classic", buy_in=10, seats=6, table_size=3
    )
    assert "I need Create Public Threads and Send Messages in Threads" in await refusal(refused)
    world.env.backend.set_overwrite(
        world.channel.id, Overwrite(target_id=me, type=OverwriteType.MEMBER)
    )
    await create(world, variant="classic", seats=6, table_size=3)
    t = tournament(world)
    await join_all(world, (world.alice, world.bob, world.carol))
    deny_threads()  # taken away after the creation
    started = await world.admin.slash(world.channel, "tournament start")
    assert "I need Create Public Threads in this channel" in await refusal(started)
    assert t.stage is Stage.REGISTERING and thread_tables(world) == []  # nothing changed
    assert await money(world) == before
    # given back: the start is acknowledged before the threads open, then announced publicly
    world.env.backend.set_overwrite(
        world.channel.id, Overwrite(target_id=me, type=OverwriteType.MEMBER)
    )
    first = len(world.env.http_requests)
    started = await world.admin.slash(world.channel, "tournament start")
    sent = world.env.http_requests[first:]
    answer = next(i for i, r in enumerate(sent) if r.path.endswith("/callback"))
    thread = next(i for i, r in enumerate(sent) if r.path.endswith("/threads"))
    assert answer < thread and sent[answer].json["type"] == 5  # "thinking…", then the threads
    assert not started.ephemeral and started.response is not None
    assert started.response.content == f"Tournament #{t.id} started with 3 players."
    assert t.stage is Stage.RUNNING and len(thread_tables(world)) == 1  # 3 players: one table


async def test_a_sit_and_go_waits_for_a_cash_table_in_its_channel(world: World) -> None:
    before = await open_accounts(world)
    await world.carol.slash(world.channel, "kessel start")
    await create(world, seats=3)
    t = tournament(world)
    await join_all(world, (world.alice, world.bob))
    busy = await world.admin.slash(world.channel, "tournament start")
    assert "This channel has a table in play" in await refusal(busy)
    assert t.stage is Stage.REGISTERING and t.seating is None
    status = await world.bot.db.fetchval("SELECT status FROM tournaments WHERE id = ?", (t.id,))
    assert status == "registering" and await money(world) == before


async def test_a_deleted_table_thread_cancels_a_multi_table_tournament(world: World) -> None:
    before, _ = await seeded_tournament(world, 9, variant="classic", seats=5, table_size=3)
    await join_all(world, (*world.players, world.admin))
    t = tournament(world)
    await world.env.settle()
    (thread, _), (_, other) = thread_tables(world)
    world.env.backend.delete_channel(thread.id)
    await world.env.settle()
    assert t.stage is Stage.CANCELLED and not other.open  # its other table ended too
    assert await pool(world, t) == 0 and await money(world) == before
    assert await balances(world, [*world.players, world.admin]) == [1000] * 5
    assert f"Tournament #{t.id} was cancelled; every buy-in was refunded." in public_text(world)
