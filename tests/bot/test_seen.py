"""Every click visible at once (issue [seen]): table edits ride the click's own interaction,
changes without a click ride the table's freshest token, a refused token falls back to the
paced route, no DM repeats what a reply showed, DM channels are opened once, the budget is the
process's share of the bot's, and a turn's clock starts when the turn is on screen. Also (issue
#25, point 18) the table stays in reach: replies link back to it, and a table buried under
many messages is posted again at the bottom.

The pacing is production-like (an edit interval, a tiny request budget) and runs in virtual
time: what a click shows "when it returns" is what simcord shows before any time passes."""

from __future__ import annotations

import dataclasses
import random
from typing import Any, cast

import pytest

from bot.settings import Settings
from bot.sim_driver import SimDriver, passive, picker_of
from bot.tables.models import Table, hand_of
from bot.tables.presenter import Presenter
from bot.tables.rides import TOKEN_USABLE
from bot.tables.runner import Runner
from bot.tables.watch import BURIED_AFTER
from engine.core.game import ParamKind
from tests.bot.test_outgoing_pace import counted, hand_changing
from tests.bot.variant_table import start_seeded
from tests.helpers import World, bot_scope
from tests.table_driver import manager, table_message

RATE = 2  # requests per second: 20 busy tables are a crowd
ORIGINAL = "/webhooks/*/*/messages/@original"


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """An edit interval and a tiny request budget, in virtual time."""
    return dataclasses.replace(settings, edit_interval=1.0, request_rate=RATE)


def shows_turn(message: Any, table: Table) -> bool:
    """Whether a table message shows the table's current decision (its buttons carry the
    engine's turn; a finished game has none)."""
    game = table.game
    assert game is not None
    ids = [
        str(getattr(child, "custom_id", None))
        for row in message.components
        for child in getattr(row, "children", ())
    ]
    if game.finished:
        return not ids
    return any(i.startswith(f"sabacc:{table.id}:{game.turn}:") for i in ids)


async def click_quietly(driver: SimDriver) -> Any:
    """The member to act clicks what :func:`bot.sim_driver.passive` plays."""
    table = driver.table()
    game = table.game
    assert game is not None
    seat = min(game.pending_seats())
    kind, value = passive(table, seat, game.legal_actions(seat))
    return await driver.do(seat, kind, value)


def requests_since(world: World, first: int, method: str, part: str) -> list[Any]:
    """The requests made since index ``first`` with ``method`` whose path contains ``part``."""
    return [r for r in world.env.http_requests[first:] if r.method == method and part in r.path]


async def test_twenty_busy_tables_show_every_click_when_it_returns(world: World) -> None:
    """With a budget of 2 requests a second, 20 tables played at once: every click's table
    message shows the click when the click returns, without a moment of virtual time, and no
    table edit waited in the budget (the edits rode the clicks)."""
    env = world.env
    drivers = []
    for index in range(20):
        channel = world.guild.create_text_channel(f"busy-{index}")
        lobby = await world.alice.slash(channel, "coruscant start", buy_in=20)
        await world.bob.click(lobby.response, label="Join")
        started = await world.alice.click(lobby.response, label="Start")
        assert started.acknowledged and not started.ephemeral
        drivers.append(SimDriver(env, channel, (world.alice, world.bob), seen=world.seen))
    first = len(env.http_requests)
    clicks = shown = 0
    for _ in range(6):
        for driver in drivers:
            table = driver.table()
            game = table.game
            assert game is not None
            if game.finished:
                continue
            result = await click_quietly(driver)
            assert result.acknowledged
            clicks += 1
            shown += shows_turn(driver.table_message(), table)
    assert clicks >= 100
    assert shown == clicks
    paced_edits = [
        r
        for r in requests_since(world, first, "PATCH", "/channels/")
        if "/messages/" in r.path and counted(r)
    ]
    assert paced_edits == []
    assert len(requests_since(world, first, "PATCH", "/messages/@original")) >= clicks


async def hand_shown_by(result: Any) -> bool:
    """Whether a click's reply showed the clicker's hand (a hand follow-up, or the picker's
    confirmation with the hand)."""
    messages = [*result.followups]
    if result.response is not None and result.response.ephemeral:
        messages.append(result.response)
    return any(
        embed.title and embed.title.startswith("Your hand")
        for message in messages
        for embed in message.embeds
    )


async def test_no_dm_repeats_the_hand_a_reply_showed(world: World) -> None:
    """Clicks that change the clicker's hand show it in their reply; the DMs that follow
    (after the budget had all the time it needs) never repeat it for the clicker."""
    table = await start_seeded(world, "coruscant", 3, players=2, buy_in=50)
    await world.env.advance_time(30)  # the deal's DMs went out
    game = table.game
    assert game is not None
    driver = SimDriver(world.env, world.channel, world.players, seen=world.seen)
    rng = random.Random(5)
    replies = 0
    for _ in range(12):
        if game.finished:
            break
        seat = min(game.pending_seats())
        member = driver.actor_of(table, seat)
        before = len(member.user.dm_channel.history())
        action = hand_changing(table, seat, rng)
        spec = next(s for s in game.legal_actions(seat) if s.kind == action.kind)
        value = (
            list(action.choices)
            if spec.param is ParamKind.CHOICE
            else action.amount
            if spec.param is ParamKind.AMOUNT
            else None
        )
        hand = hand_of(game, seat)
        result = await driver.do(seat, action.kind, value)
        changed = hand_of(game, seat) != hand
        await world.env.advance_time(30)
        if changed and await hand_shown_by(result):
            replies += 1
            assert len(member.user.dm_channel.history()) == before, "a DM repeated the reply"
    assert replies >= 3


async def test_a_refused_token_falls_back_to_the_paced_route(world: World) -> None:
    """A 429 on the edit through the click's interaction: the edit goes through the channel
    instead, and the table shows the click."""
    table = await start_seeded(world, "coruscant", 3, players=2, buy_in=50)
    await world.env.advance_time(30)
    game = table.game
    assert game is not None
    world.env.inject_error(
        "PATCH", ORIGINAL, status=429, message="You are being rate limited.", times=None
    )
    driver = SimDriver(world.env, world.channel, world.players, seen=world.seen)
    first = len(world.env.http_requests)
    await click_quietly(driver)
    await world.env.advance_time(5)
    assert requests_since(world, first, "PATCH", "/messages/@original")  # tried, refused
    assert requests_since(world, first, "PATCH", f"/messages/{table.message_id}")
    assert shows_turn(table_message(world), table)


async def test_an_unknown_token_falls_back_to_the_paced_route(world: World) -> None:
    """Discord no longer knows the token (10015): the edit goes through the channel."""
    table = await start_seeded(world, "coruscant", 3, players=2, buy_in=50)
    await world.env.advance_time(30)
    game = table.game
    assert game is not None
    world.env.inject_error(
        "PATCH", ORIGINAL, status=404, code=10015, message="Unknown Webhook", times=None
    )
    driver = SimDriver(world.env, world.channel, world.players, seen=world.seen)
    first = len(world.env.http_requests)
    await click_quietly(driver)
    await world.env.advance_time(5)
    assert requests_since(world, first, "PATCH", f"/messages/{table.message_id}")
    assert shows_turn(table_message(world), table)


@pytest.mark.parametrize("later", [60.0, TOKEN_USABLE + 1])
async def test_a_change_without_a_click_rides_the_freshest_live_token(
    world: World, settings: Settings, later: float
) -> None:
    """A move without a click (here: the service called like a bot's move) edits the table
    through the freshest click's token while it is young enough; an older token is not used
    and the edit takes the paced route."""
    world.bot.settings = dataclasses.replace(settings, turn_timeout=3600.0)
    table = await start_seeded(world, "coruscant", 3, players=2, buy_in=50)
    game = table.game
    assert game is not None
    driver = SimDriver(world.env, world.channel, world.players, seen=world.seen)
    await click_quietly(driver)  # a click: the freshest token
    await world.env.advance_time(later)
    first = len(world.env.http_requests)
    seat = min(game.pending_seats())
    with bot_scope(world.env):
        await manager(world).act(table, seat, game.default_action(seat), turn=game.turn)
    await world.env.advance_time(5)
    through_token = requests_since(world, first, "PATCH", "/messages/@original")
    paced = requests_since(world, first, "PATCH", f"/messages/{table.message_id}")
    if later < TOKEN_USABLE:
        assert through_token and not paced
    else:
        assert paced and not through_token
    assert shows_turn(table_message(world), table)


async def test_a_dm_channel_is_opened_once(world: World) -> None:
    """discord.py forgets DM channels (it keeps 128): the bot keeps their ids, so a member's
    DM channel is opened once however many hands they are sent."""
    table = await start_seeded(world, "coruscant", 3, players=2, buy_in=50)
    await world.env.advance_time(30)
    game = table.game
    assert game is not None
    state = world.bot._connection
    rng = random.Random(11)
    hands = 0
    while hands < 4 and not game.finished:
        state._private_channels.clear()  # evicted from discord.py's cache
        state._private_channels_by_user.clear()
        with bot_scope(world.env):
            for seat in sorted(game.pending_seats()):
                action = hand_changing(table, seat, rng)
                await manager(world).act(table, seat, action, turn=game.turn)
        await world.env.advance_time(30)
        hands += 1
    opened = [
        r.json["recipient_id"]
        for r in world.env.http_requests
        if r.method == "POST" and r.path == "/users/@me/channels"
    ]
    assert sorted(opened) == sorted({world.alice.id, world.bob.id})
    assert len(world.alice.user.dm_channel.history()) >= 3


def test_each_process_paces_its_share_of_the_bot_budget() -> None:
    """``REQUEST_RATE`` is the bot's: processes running slices of the shards share it, so
    together they stay within it."""
    whole = Settings(request_rate=40)
    assert whole.request_budget == (40, 1.0)
    slices = [(0, 1), (2,), (3,), (4, 5, 6, 7)]
    rates = [Settings(request_rate=40, shard_count=8, shard_ids=s).request_budget for s in slices]
    assert rates == [(10, 1.0), (5, 1.0), (5, 1.0), (20, 1.0)]
    assert sum(rate / window for rate, window in rates) <= 40
    tiny = Settings(request_rate=40, shard_count=100, shard_ids=(7,)).request_budget
    assert tiny == (1, 2.5)  # 0.4 a second: one request every 2.5 s
    settings = Settings(request_rate=40, shard_count=4, shard_ids=(1,), edit_interval=1.0)
    presenter = Presenter(cast(Any, None), cast(Any, None), Runner(), lambda: settings)
    assert (presenter.budget.rate, presenter.budget.window) == (10, 1.0)


async def test_the_turn_clock_starts_when_the_turn_is_on_screen(
    world: World, settings: Settings
) -> None:
    """The turn passes without a click while Discord refuses the edit that shows it for a
    while: the member gets their whole time from when the turn appeared, not from the
    commit."""
    table = await start_seeded(world, "coruscant", 3, players=2, buy_in=50)
    await world.env.advance_time(30)
    game = table.game
    assert game is not None
    env = world.env
    env.inject_error("PATCH", ORIGINAL, status=404, code=10015, message="Unknown", times=None)
    env.inject_error(
        "PATCH", "/channels/*/messages/*", status=503, message="Service Unavailable", times=3
    )
    before = game.turn
    with bot_scope(env):  # everyone to act moves (a decision taken together ends at once)
        for seat in sorted(game.pending_seats()):
            await manager(world).act(table, seat, game.default_action(seat), turn=game.turn)
    turn = game.turn
    assert turn != before and game.pending_seats() and not game.finished
    await env.advance_time(20)  # three refusals, 2 s apart, then the edit went out
    assert shows_turn(table_message(world), table)
    timeout = world.bot.settings.turn_timeout
    await env.advance_time(timeout - 20 + 1)  # the commit was a whole turn ago
    assert game.turn == turn, "timed out before the turn had its time on screen"
    await env.advance_time(20)
    assert game.turn != turn or game.finished


# ---------------------------------------------------------------- keeping the table in reach


async def test_replies_link_back_to_the_table(world: World) -> None:
    """Replies pile up below the table message: a picker, its confirmation and a hand reply
    each carry a link back to the table message."""
    table = await start_seeded(world, "coruscant", 3, players=2, buy_in=50)
    game = table.game
    assert game is not None
    driver = SimDriver(world.env, world.channel, world.players, seen=world.seen)
    url = f"/channels/{table.guild_id}/{table.channel_id}/{table.message_id}"
    seat = min(game.pending_seats())
    spec = next(s for s in game.legal_actions(seat) if s.param is ParamKind.CHOICE)
    member = driver.actor_of(table, seat)
    clicked = await member.click(
        driver.table_message(), custom_id=f"sabacc:{table.id}:{game.turn}:{spec.kind}"
    )
    picker = picker_of(clicked)
    assert url in picker.content
    done = await member.click(picker, custom_id="pick:0") if spec.max_choices == 1 else None
    if done is None:
        chosen = [spec.options[0].value]
        picked = await member.select(picker, chosen, custom_id="pick:select")
        done = await member.click(picked.response, custom_id="pick:confirm")
    assert done.response.content.startswith("✅") and url in done.response.content
    mine = await member.click(driver.table_message(), label="🂠 My hand")
    assert url in mine.response.content


async def test_a_buried_table_is_posted_again_at_the_bottom(world: World) -> None:
    """Chat buries the table message: it is posted again below, the old message points at it,
    and play goes on from the new one."""
    table = await start_seeded(world, "coruscant", 3, players=2, buy_in=50)
    await world.env.advance_time(30)
    old = table.message_id
    for index in range(BURIED_AFTER - 1):
        await world.carol.send(world.channel, f"chat {index}")
    await world.env.advance_time(5)
    assert table.message_id == old  # not buried yet
    await world.carol.send(world.channel, "one more")
    await world.env.advance_time(5)
    assert table.message_id != old
    newest = world.channel.history()[-1]
    assert newest.id == table.message_id and shows_turn(newest, table)
    moved = next(m for m in world.channel.history() if m.id == old)
    assert "This table moved" in (moved.embeds[0].description or "")
    driver = SimDriver(world.env, world.channel, world.players, seen=world.seen)
    result = await click_quietly(driver)
    assert result.acknowledged and shows_turn(driver.table_message(), table)
