"""A tournament's rising antes through simcord: the ``antes`` schedule refused clearly when it
is bad, the tables' antes rising between hands (said in the table's log), stored with the game
and the tournament across a restart, and a later table opening at the tournament's level."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.sim_driver import engine_policy
from bot.tables.models import Table
from bot.tournaments.models import Stage
from tests.bot.test_tournaments import (
    join_all,
    play_thread,
    pool,
    refusal,
    seeded,
    seeded_tournament,
    thread_tables,
    tournament,
)
from tests.helpers import BOTH_BACKENDS, World, text_of
from tests.table_driver import balances, money, open_accounts, play, public_text, table_in

RISE = "From the next hand the antes rise: hand ante {0}, Sabacc ante {0}."


async def test_a_bad_antes_schedule_is_refused_clearly_and_changes_nothing(world: World) -> None:
    before = await open_accounts(world)
    for options, said in [
        ({"antes": "whenever"}, "Say how the antes rise, e.g. `every 5 hands x2`"),
        ({"antes": "every 0 hands"}, "every 1 to 100 hands or every 1 to 240 minutes"),
        ({"antes": "every 300 min"}, "not every 300 minutes"),
        ({"antes": "every 5 hands x9"}, "by 2 to 4, not 9"),
        ({"antes": "every 5 hands", "variant": "kessel"}, "aren't offered for Kessel Sabacc."),
        ({"antes": "every 5 hands", "variant": "centran"}, "aren't offered for Centran"),
        (
            {"antes": "every 5 hands", "variant": "coruscant-shift"},
            "(its ante already rises every hand)",
        ),
    ]:
        made = {"variant": "classic", "buy_in": 10, "seats": 4, **options}
        bad = await world.admin.slash(world.channel, "tournament create", **made)
        assert said in await refusal(bad), options
    assert world.bot.tournaments.in_channel(world.channel.id) is None
    assert await world.bot.db.fetchval("SELECT COUNT(*) FROM tournaments") == 0
    assert await money(world) == before


def stakes(table: Table) -> dict[str, int]:
    assert table.game is not None
    return table.game.stakes()


@BOTH_BACKENDS
async def test_antes_rise_between_hands_and_survive_a_restart(
    world: World, restart: Callable[..., Awaitable[Any]]
) -> None:
    before, t = await seeded_tournament(
        world, 5, variant="classic", seats=5, antes="every 2 hands x2"
    )
    assert t.blinds is not None and t.blinds.describe() == "every 2 hands ×2"
    await join_all(world, (*world.players, world.admin))
    assert t.stage is Stage.RUNNING
    shown = text_of(world.channel.history()[0])  # the tournament message
    assert "every 2 hands ×2 · now hand ante 2, Sabacc ante 2" in shown
    table = table_in(world)
    assert stakes(table) == {"hand_ante": 2, "sabacc_ante": 2}  # the variant's own: level 0

    def risen(table: Table) -> bool:
        return stakes(table)["hand_ante"] > 2

    table = await play(world, engine_policy("bold"), max_steps=4000, stop=risen)
    assert table.game is not None and not table.game.finished
    assert table.public_view().hand_no == 2  # said as hand 2 began: hand 3 pays the new antes
    assert stakes(table) == {"hand_ante": 4, "sabacc_ante": 4}
    assert RISE.format(4) in "\n".join(table.log)
    level = await world.bot.db.fetchval("SELECT level FROM tournaments WHERE id = ?", (t.id,))
    assert level == 1 and t.level == 1  # stored with the hand that raised it
    await restart()
    t = tournament(world)
    table = table_in(world)
    assert t.level == 1 and t.blinds is not None and t.started_at is not None
    assert stakes(table) == {"hand_ante": 4, "sabacc_ante": 4}  # the game kept them
    seen: set[int] = set()

    async def conserved() -> None:
        assert await money(world) == before
        current = table_in(world)
        if current.game is not None:
            seen.add(stakes(current)["hand_ante"])

    await play(world, engine_policy("bold"), max_steps=6000, after_step=conserved)
    await world.env.settle()
    assert t.stage is Stage.FINISHED
    assert max(seen) > 4  # they kept rising after the restart
    top = t.blinds.top_level(t.base_stakes(), t.chips)
    assert max(seen) <= 2 * 2**top  # never past the top level
    assert await pool(world, t) == 0 and await money(world) == before
    prizes = await world.bot.db.fetchall(
        "SELECT user_id, place, prize FROM tournament_entries WHERE tournament_id = ? "
        "ORDER BY place",
        (t.id,),
    )
    assert [r["prize"] for r in prizes] == [325, 175, 0, 0, 0]
    assert [r["place"] for r in prizes] == [1, 2, 3, 4, 5]
    members = [*world.players, world.admin]
    assert sum(await balances(world, members)) == 5 * 900 + 500
    by_id = {r["user_id"]: r["prize"] for r in prizes}
    assert await balances(world, members) == [900 + by_id[m.id] for m in members]
    assert "out in 5th place of 5" in public_text(world)
    # a rise is not a step of a hand's record: /verify replays every hand, around a rise too
    hands = await world.bot.db.fetchall(
        "SELECT id FROM hands WHERE table_id = ? ORDER BY hand_no", (table.id,)
    )
    assert len(hands) > 3
    for row in hands:
        checked = await world.bob.slash(world.channel, "verify", hand=row["id"])
        assert "Verified" in checked.response.embeds[0].description, row["id"]


async def test_a_later_table_opens_at_the_tournaments_antes_level(
    world: World, restart: Callable[..., Awaitable[Any]]
) -> None:
    before, t = await seeded_tournament(
        world, 21, variant="classic", seats=5, table_size=3, antes="every 1 hand x2"
    )
    await join_all(world, (*world.players, world.admin))
    await world.env.settle()
    first = thread_tables(world)
    assert len(first) == 2 and t.stage is Stage.RUNNING

    async def conserved() -> None:
        assert await money(world) == before

    for index, (thread, table) in enumerate(first):
        if table.open:
            await play_thread(world, thread, conserved)
        if index == 0:
            await restart()
            seeded(world, 22)
            t = tournament(world)
    await world.env.settle()
    assert t.level >= 1
    final = [(th, tb) for th, tb in thread_tables(world) if th.name.endswith("final table")]
    assert len(final) == 1
    thread, table = final[0]
    opened = t.stakes(t.level)
    assert opened["hand_ante"] >= 4
    options, stacks = table.game_params()
    assert {k: options[k] for k in opened} == opened  # opened at the tournament's level
    assert stacks is not None and sum(stacks) == 5 * t.chips  # every chip carried over
    if table.open:
        await play_thread(world, thread, conserved)
    await world.env.settle()
    assert t.stage is Stage.FINISHED and await pool(world, t) == 0
    assert await money(world) == before
    places = await world.bot.db.fetchall(
        "SELECT place, prize FROM tournament_entries WHERE tournament_id = ? ORDER BY place",
        (t.id,),
    )
    assert [(r["place"], r["prize"]) for r in places] == [
        (1, 325),
        (2, 175),
        (3, 0),
        (4, 0),
        (5, 0),
    ]


async def test_a_schedule_in_minutes_raises_the_antes_to_the_level_of_the_time_played(
    world: World,
) -> None:
    before, t = await seeded_tournament(
        world, 8, variant="project", seats=3, antes="every 10 min x3"
    )
    await join_all(world, (world.alice, world.bob, world.carol))
    assert t.stage is Stage.RUNNING and t.started_at is not None
    table = table_in(world)
    assert stakes(table) == {"ante": 5}
    stored = await world.bot.db.fetchval("SELECT started_at FROM tournaments WHERE id = ?", (t.id,))
    assert stored == pytest.approx(t.started_at)
    t.started_at -= 25 * 60  # as if 25 minutes had been played: level 2 is due

    def risen(table: Table) -> bool:
        return stakes(table)["ante"] > 5

    table = await play(world, engine_policy("bold"), max_steps=4000, stop=risen)
    assert stakes(table) == {"ante": 45}  # two levels at once: 5 × 3 × 3
    assert "From the next hand the antes rise: ante 45." in "\n".join(table.log)
    assert t.level == 2 and await money(world) == before
