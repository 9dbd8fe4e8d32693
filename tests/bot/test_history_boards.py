"""Leaderboards by net winnings, hands won and best win (per variant too), and the retention of
the hand history (finished hands older than HISTORY_DAYS go, a running hand never)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from bot.history.retention import DAY, prune_history
from bot.sim_driver import engine_policy
from tests.helpers import World, text_of
from tests.table_driver import open_accounts, play, table_in


async def two_hands_of_classic(world: World) -> Any:
    """alice against one bot, until hand 3 is dealt (two hands over, the third running)."""
    await open_accounts(world)
    world.bot.tables.seeds = random.Random(5)
    lobby = await world.alice.slash(world.channel, "classic start", buy_in=500)
    asked = await world.alice.click(lobby.response, label="Add bot")
    await world.alice.click(asked.response, label="Balanced")
    await world.alice.click(lobby.response, label="Start")

    def third_hand(table: Any) -> bool:
        return table.game is not None and table.game.public_view().hand_no >= 3

    return await play(world, engine_policy("balanced"), max_steps=3000, stop=third_hand)


async def test_leaderboard_by_stats_and_variant(world: World) -> None:
    await two_hands_of_classic(world)
    db, guild = world.bot.db, world.guild.id
    await db.execute(
        "INSERT INTO stats (guild_id, user_id, variant, hands_played, hands_won, credits_won,"
        " credits_lost, biggest_pot) VALUES (?, ?, 'kessel', 9, 7, 50, 400, 900)",
        (guild, world.bob.id),
    )
    hands = await world.carol.slash(world.channel, "leaderboard", by="hands")
    text = text_of(hands.response)
    assert "Hands won in Cantina — all variants" in text
    assert text.index(f"<@{world.bob.id}> — 7 hands") < text.index(f"<@{world.alice.id}>")
    only = await world.carol.slash(world.channel, "leaderboard", by="hands", variant="classic")
    text = text_of(only.response)
    assert "— Classic Sabacc" in text and f"<@{world.bob.id}>" not in text
    assert f"**1.** <@{world.alice.id}>" in text
    net = await world.bob.slash(world.channel, "leaderboard", by="net")
    assert "−350 credits ← you" in text_of(net.response)
    best = await world.bob.slash(world.channel, "leaderboard", by="best")
    assert f"**1.** <@{world.bob.id}> — 900 pot ← you" in text_of(best.response)
    assert "Your rank\n#1 with 900 pot" in text_of(best.response)
    refused = await world.bob.slash(world.channel, "leaderboard", variant="kessel")
    assert refused.ephemeral and "not per variant" in refused.response.content
    rich = await world.bob.slash(world.channel, "leaderboard")
    assert "Richest players in Cantina" in text_of(rich.response)


async def test_retention_prunes_old_finished_hands_only(world: World) -> None:
    table = await two_hands_of_classic(world)
    db = world.bot.db
    rows = await db.fetchall("SELECT id, status FROM hands WHERE table_id = ?", (table.id,))
    assert sorted(r["status"] for r in rows) == ["finished", "finished", "running"]
    assert await prune_history(world.bot) == 0  # nothing is 90 days old
    await db.execute("UPDATE hands SET ended_at = ended_at - ?, started_at = 0", (91 * DAY,))
    assert await prune_history(world.bot) == 2
    left = await db.fetchall("SELECT status FROM hands WHERE table_id = ?", (table.id,))
    assert [r["status"] for r in left] == ["running"]  # never mid-hand
    assert await db.fetchone("SELECT 1 FROM hand_players") is None
    listed = await world.alice.slash(world.channel, "history")
    assert "No finished hands yet." in text_of(listed.response)
    # the running hand still ends and is stored as usual
    await play(
        world,
        engine_policy("balanced"),
        max_steps=3000,
        stop=lambda t: t.game.public_view().hand_no >= 4,
    )
    assert await db.fetchone("SELECT 1 FROM hands WHERE hand_no = 3 AND status = 'finished'")
    assert table_in(world).game is not None
    # a hand left running by a table that was closed without playing it out goes too
    await db.execute("UPDATE game_tables SET status = 'cancelled' WHERE id = ?", (table.id,))
    await db.execute("UPDATE hands SET started_at = 0 WHERE status = 'running'")
    assert await prune_history(world.bot) == 1
    assert await db.fetchone("SELECT 1 FROM hands WHERE status = 'running'") is None


async def test_history_days_zero_keeps_everything(world: World) -> None:
    table = await two_hands_of_classic(world)
    world.bot.settings = dataclasses.replace(world.bot.settings, history_days=0)
    await world.bot.db.execute("UPDATE hands SET ended_at = 0 WHERE table_id = ?", (table.id,))
    assert await prune_history(world.bot) == 0


async def test_a_restart_mid_hand_keeps_recording(world: World, restart: Any) -> None:
    table = await two_hands_of_classic(world)
    master = table.fair_master
    await restart()
    restored = table_in(world)
    assert restored is not table and restored.fair_master == master
    assert any("🔒 hand 3 " in text_of(m) for m in world.channel.history())
    finished = await play(world, engine_policy("balanced"), max_steps=3000)
    assert finished.game is not None and finished.game.finished
    rows = await world.bot.db.fetchall(
        "SELECT id, status FROM hands WHERE table_id = ? ORDER BY hand_no", (table.id,)
    )
    assert len(rows) >= 3 and {r["status"] for r in rows} == {"finished"}
    for row in rows:
        checked = await world.bob.slash(world.channel, "verify", hand=row["id"])
        assert "Verified" in checked.response.embeds[0].description
