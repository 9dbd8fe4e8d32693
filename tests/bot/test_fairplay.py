"""Provably fair hands through the real bot: commitments before the deal, seeds sealed while the
table is open and revealed when it closes (or a day later), every stored hand verified and
exported, tampering caught, per-hand statistics."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.history import sealing
from bot.sim_driver import engine_policy
from engine.core.fair import commitment, derive_hand_seed, short
from engine.verify import verify
from tests.helpers import BOTH_BACKENDS, World, text_of
from tests.table_driver import money, open_accounts, play, table_in

VARIANTS = [
    ("kessel", 90, None),
    ("coruscant", 500, "max_hands=3"),
    ("classic", 500, "max_hands=3"),
    ("centran", 500, "max_hands=3"),
    ("sabacc-project", 500, "max_hands=3"),
    ("spike", 500, "max_hands=3"),
]


async def add_bots(world: World, lobby: Any, count: int) -> None:
    for style in ("balanced", "bold", "cautious")[:count]:
        asked = await world.alice.click(lobby, label="Add bot")
        await world.alice.click(asked.response, label=style.capitalize())


def public_messages(world: World) -> list[str]:
    """Every message of the channel as a non-player sees it."""
    return [text_of(m) for m in world.channel.history(viewer=world.dave)]


async def fair_game(world: World, command: str, buy_in: int, options: str | None) -> Any:
    """alice against two bots, seeded; checks after every step that no public message holds
    the master secret, or while the game runs the seed of any of its hands, finished or not
    (a finished hand's seed would rebuild the folded hands of players still at the table)."""
    world.bot.tables.seeds = random.Random(23)
    kwargs: dict[str, Any] = {"buy_in": buy_in}
    if options:
        kwargs["options"] = options
    lobby = await world.alice.slash(world.channel, f"{command} start", **kwargs)
    table = table_in(world)
    master = table.fair_master
    assert master is not None
    first = commitment(derive_hand_seed(master, 1))
    assert short(first) in text_of(lobby.response.message or lobby.response)  # before the deal
    await add_bots(world, lobby.response, 2)
    await world.alice.click(lobby.response, label="Start")
    leaks: list[str] = []

    async def watch() -> None:
        game = table.game
        assert game is not None
        hand = game.public_view().hand_no
        secret = [master.hex()] + [
            derive_hand_seed(master, k).hex() for k in range(hand + 1, hand + 4)
        ]
        if not game.finished:  # every seed of the table's hands so far, the running one's too
            secret += [derive_hand_seed(master, k).hex() for k in range(1, hand + 1)]
        text = "\n".join(public_messages(world))
        leaks.extend(s for s in secret if s in text)

    await play(world, engine_policy("balanced"), max_steps=3000, after_step=watch)
    assert table.game is not None and table.game.finished
    assert leaks == []
    return table


@pytest.mark.parametrize(("command", "buy_in", "options"), VARIANTS)
async def test_every_hand_is_committed_revealed_and_verifies(
    world: World, command: str, buy_in: int, options: str | None
) -> None:
    before = await open_accounts(world)
    table = await fair_game(world, command, buy_in, options)
    master = table.fair_master
    rows = await world.bot.db.fetchall(
        "SELECT * FROM hands WHERE table_id = ? ORDER BY hand_no", (table.id,)
    )
    assert rows and all(r["status"] == "finished" for r in rows)
    assert [r["hand_no"] for r in rows] == list(range(1, len(rows) + 1))
    log = "\n".join(public_messages(world))
    assert "🔓 The table closed: the seed" in log  # all revealed at once
    for row in rows:
        seed = derive_hand_seed(master, row["hand_no"])
        assert row["seed"] == seed.hex() and row["commitment"] == commitment(seed)
        assert f"/verify hand:{row['id']}" in log
    for row in rows[-sealing.LISTED :]:  # the last ones written out in the closing result
        assert f"seed: `{row['seed']}`" in log
    assert master.hex() not in log
    # /verify replays every hand through the engine
    for row in rows:
        checked = await world.bob.slash(world.channel, "verify", hand=row["id"])
        embed = checked.response.embeds[0]
        assert "Verified" in embed.description, embed.description
        assert row["commitment"] in text_of(checked.response)
    # /export gives a file the offline verifier accepts, for every hand
    for row in rows:
        exported = await world.carol.slash(world.channel, "export", hand=row["id"])
        assert exported.ephemeral
        (attachment,) = exported.response.attachments
        record = json.loads(await attachment.read())
        assert verify(record).ok
        assert master.hex() not in json.dumps(record)
        later = derive_hand_seed(master, row["hand_no"] + 1).hex()
        assert later not in json.dumps(record)
    assert await money(world) == before


async def two_hands_played(world: World) -> Any:
    """alice against one bot at Classic, seeded, until hand 3 is dealt; the table."""
    await open_accounts(world)
    world.bot.tables.seeds = random.Random(5)
    lobby = await world.alice.slash(world.channel, "classic start", buy_in=500)
    await add_bots(world, lobby.response, 1)
    await world.alice.click(lobby.response, label="Start")
    table = table_in(world)

    def after_two_hands(t: Any) -> bool:
        return t.game is not None and t.game.public_view().hand_no >= 3

    await play(world, engine_policy("balanced"), max_steps=3000, stop=after_two_hands)
    assert table.game is not None and not table.game.finished
    return table


@BOTH_BACKENDS
async def test_stats_count_each_hand_as_it_ends(world: World) -> None:
    table = await two_hands_played(world)
    stats = await world.alice.slash(world.channel, "stats")
    text = text_of(stats.response)
    assert "No games played yet" not in text
    assert "Hands: **2** played" in text
    history = await world.alice.slash(world.channel, "history", member=world.alice)
    listed = text_of(history.response)
    assert "**#1** Classic Sabacc hand 1" in listed and "**#2** Classic Sabacc hand 2" in listed
    running = await world.bob.slash(world.channel, "verify", hand=3)
    assert "still being played" in text_of(running.response)
    refused = await world.bob.slash(world.channel, "export", hand=3)
    assert refused.ephemeral and "still being played" in refused.response.content
    seed = derive_hand_seed(table.fair_master, 3).hex()
    assert seed not in "\n".join(public_messages(world))


@BOTH_BACKENDS
async def test_seeds_stay_sealed_while_the_table_is_open(world: World) -> None:
    """Issue 25 point 9: a finished hand's seed is not shown, verified or exported while its
    table is open; /verify and /export say when; a day later the daily batch reveals it."""
    table = await two_hands_played(world)
    log = "\n".join(public_messages(world))
    seeds = [derive_hand_seed(table.fair_master, k).hex() for k in (1, 2, 3)]
    assert not any(seed in log for seed in seeds)  # no seed of a hand of this open table
    assert "🔐 Hand 1's seed stays sealed" in log and "`/verify hand:1`" in log
    assert "🔒 hand 3" in log  # commitments still shown before each deal
    first, second = await world.bot.db.fetchall(
        "SELECT id, ended_at FROM hands WHERE table_id = ? AND status = 'finished'"
        " ORDER BY hand_no",
        (table.id,),
    )
    due = sealing.batch_time(float(first["ended_at"]))
    sealed = await world.bob.slash(world.channel, "verify", hand=first["id"])
    text = text_of(sealed.response)
    assert "sealed" in text and f"<t:{int(due)}:f>" in text and "Verified" not in text
    refused = await world.carol.slash(world.channel, "export", hand=first["id"])
    assert refused.ephemeral and not refused.response.attachments
    assert "sealed" in text_of(refused.response) and f"<t:{int(due)}:f>" in text_of(
        refused.response
    )
    assert not any(seed in text_of(refused.response) + text for seed in seeds)
    # the hand ended more than a day before the last midnight: the daily batch revealed it
    await world.bot.db.execute(
        "UPDATE hands SET ended_at = ? WHERE id = ?",
        (float(first["ended_at"]) - 3 * 86400, first["id"]),
    )
    checked = await world.bob.slash(world.channel, "verify", hand=first["id"])
    assert "Verified" in text_of(checked.response) and seeds[0] in text_of(checked.response)
    exported = await world.carol.slash(world.channel, "export", hand=first["id"])
    (attachment,) = exported.response.attachments
    assert verify(json.loads(await attachment.read())).ok
    still = await world.bob.slash(world.channel, "verify", hand=second["id"])
    assert "sealed" in text_of(still.response) and seeds[1] not in text_of(still.response)


async def tamper(world: World, hand_id: int, change: Any) -> str:
    row = await world.bot.db.fetchone("SELECT record FROM hands WHERE id = ?", (hand_id,))
    record = json.loads(row["record"])
    change(record)
    await world.bot.db.execute(
        "UPDATE hands SET record = ? WHERE id = ?", (json.dumps(record), hand_id)
    )
    checked = await world.bob.slash(world.channel, "verify", hand=hand_id)
    return str(checked.response.embeds[0].description)


@BOTH_BACKENDS
async def test_tampering_fails_at_the_right_step(world: World) -> None:
    await open_accounts(world)
    table = await fair_game(world, "coruscant", 500, "max_hands=3")
    hand_id = int(
        (
            await world.bot.db.fetchone(
                "SELECT id FROM hands WHERE table_id = ? AND hand_no = 2", (table.id,)
            )
        )["id"]
    )

    def bump_bet(record: dict[str, Any]) -> None:
        for step in record["steps"]:
            if step.get("action", {}).get("amount"):
                step["action"]["amount"] += 1
                return
        raise AssertionError("no bet to tamper with")

    def drop_event(record: dict[str, Any]) -> None:
        record["steps"][2]["events"].pop(0)

    failed = await tamper(world, hand_id, drop_event)
    assert "failed** at step 2 " in failed
    failed = await tamper(world, hand_id, bump_bet)
    assert "Verification failed" in failed and "at step " in failed
    await world.bot.db.execute("UPDATE hands SET seed = ? WHERE id = ?", ("00" * 32, hand_id))
    failed = await tamper(world, hand_id, lambda record: None)
    assert "failed** at commitment: SHA-256 of the revealed seed" in failed
    await world.bot.db.execute(
        "UPDATE hands SET seed = ?, commitment = ? WHERE id = ?",
        (derive_hand_seed(bytes(32), 2).hex(), commitment(derive_hand_seed(bytes(32), 2)), hand_id),
    )
    failed = await tamper(world, hand_id, lambda record: None)
    assert "failed** at step 0 " in failed  # another seed deals other cards at once


async def test_replay_steps_through_a_hand(world: World) -> None:
    await open_accounts(world)
    table = await fair_game(world, "classic", 500, "max_hands=2")
    row = await world.bot.db.fetchone(
        "SELECT * FROM hands WHERE table_id = ? AND hand_no = 1", (table.id,)
    )
    shown = await world.alice.slash(world.channel, "replay", hand=row["id"])
    assert shown.ephemeral
    first = shown.response.embeds[0]
    assert first.footer.text.startswith("Step 1/")
    assert "Your cards then" in text_of(shown.response)  # alice played it: her own cards
    other = await world.dave.slash(world.channel, "replay", hand=row["id"])
    assert "Your cards then" not in text_of(other.response)
    total = int(first.footer.text.split("/")[1].split()[0])
    message = shown.response
    for _ in range(total - 1):
        clicked = await world.alice.click(message, label="▶")
        message = clicked.response or message
    last = message.embeds[0]
    assert f"Step {total}/{total}" in last.footer.text and "revealed" in last.footer.text
    back = await world.alice.click(message, label="◀")
    assert f"Step {total - 1}/{total}" in back.response.embeds[0].footer.text


def test_the_daily_batch_reveals_hands_older_than_a_day() -> None:
    """The batch runs at 00:00 UTC and reveals every hand that had ended more than a day
    before: between 24 and 48 hours after a hand ends."""
    day = sealing.DAY
    midnight = 20_000 * day
    assert sealing.batch_time(midnight - 60) == midnight + day  # 23:59: a day old tomorrow
    assert sealing.batch_time(midnight + 60) == midnight + 2 * day
    for ended in (midnight - 60, midnight, midnight + 60, midnight + day - 1):
        due = sealing.batch_time(ended)
        assert due % day == 0 and day < due - ended <= 2 * day
    row = {"status": "finished", "table_status": "playing", "ended_at": midnight + 60}
    assert sealing.sealed_until(row, now=midnight + 2 * day - 1) == midnight + 2 * day
    assert sealing.sealed_until(row, now=midnight + 2 * day) is None
    assert sealing.sealed_until({**row, "table_status": "finished"}, now=midnight) is None
    assert sealing.sealed_until({**row, "table_status": None}, now=midnight) is None
