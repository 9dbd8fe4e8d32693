"""Hostile Discord: strangers, out-of-turn, stale and double clicks, bad amounts, closed DMs,
AFK players, old table messages, and the lobby's money rules."""

from __future__ import annotations

from typing import Any

import pytest

from bot.tables.models import Table
from bot.ui.pickers import parse_amount
from engine.core.game import ActionSpec, ParamKind
from tests.bot.test_tables import start_table
from tests.helpers import World, burst_click, close_dms, text_of
from tests.table_driver import actor_of, do, money, open_accounts, table_in, table_message


def betting_seat(world: World) -> int:
    table = table_in(world)
    assert table.game is not None
    (seat,) = table.game.pending_seats()
    return seat


async def to_betting(world: World) -> None:
    """Both players keep their whole hand: round-1 betting starts."""
    table = table_in(world)
    assert table.game is not None
    for seat in sorted(table.game.pending_seats()):
        spec = table.game.legal_actions(seat)[0]
        await do(world, seat, "select", [o.value for o in spec.options])


async def at_timed_betting(world: World) -> tuple[Table, int]:
    """A two-player table with a 60 s turn timer at its first betting turn: table, turn."""
    await start_table(world, 2, buy_in=50, turn_timer=60)
    await to_betting(world)
    table = table_in(world)
    assert table.game is not None
    return table, table.game.turn


async def test_stranger_and_out_of_turn_clicks_are_refused(world: World) -> None:
    await start_table(world, 2, buy_in=50)
    await to_betting(world)
    table = table_in(world)
    assert table.game is not None
    seq = table.game.seq
    message = table_message(world)
    check_id = f"sabacc:{table.id}:{table.game.turn}:check"
    stranger = await world.carol.click(message, custom_id=check_id)
    assert stranger.ephemeral and "not seated" in stranger.response.content
    waiting = actor_of(world, table, 1 - betting_seat(world))
    early = await waiting.click(message, custom_id=check_id)
    assert early.ephemeral and early.response.content == "It's not your turn."
    hand = await world.carol.click(message, label="🂠 My hand")
    assert hand.ephemeral and "not seated" in hand.response.content
    assert table.game.seq == seq


async def test_double_click_applies_once(world: World) -> None:
    await start_table(world, 2, buy_in=50)
    await to_betting(world)
    table = table_in(world)
    assert table.game is not None
    actor = actor_of(world, table, betting_seat(world))
    check_id = f"sabacc:{table.id}:{table.game.turn}:check"
    seq = table.game.seq
    results = await burst_click(world.env, [actor, actor], table_message(world), custom_id=check_id)
    assert table.game.seq == seq + 1  # applied exactly once
    refused = [r for r in results if r.ephemeral]
    assert len(refused) == 1 and "out of date" in refused[0].response.content


async def open_bet_form(world: World) -> tuple[Any, Any]:
    """A two-player table at its first bet; the betting member opens the bet form.
    Returns the member and the form's interaction result."""
    await start_table(world, 2, buy_in=50, turn_timer=60)
    await to_betting(world)
    table = table_in(world)
    assert table.game is not None
    actor = actor_of(world, table, betting_seat(world))
    shown = await actor.click(
        table_message(world), custom_id=f"sabacc:{table.id}:{table.game.turn}:bet"
    )
    assert shown.modal is not None
    return actor, shown


async def test_stale_prompt_is_refused(world: World) -> None:
    """A bet modal opened before the turn timer played for the player is out of date."""
    actor, shown = await open_bet_form(world)
    table = table_in(world)
    assert table.game is not None
    await world.env.advance_time(61)  # the timer checks for them
    seq = table.game.seq
    late = await actor.submit_modal(shown, {"amount": "5"})
    assert late.ephemeral and "out of date" in late.response.content
    assert table.game.seq == seq


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("lots", "not a whole number"),
        ("0", "positive"),
        ("-5", "positive"),
        ("2.5", "not a whole number"),
        ("999999", "at most"),
        ("1,5", "not a whole number"),
        ("1.500", "not a whole number"),
        ("12,50", "not a whole number"),
        ("1,5000", "not a whole number"),
        (",500", "not a whole number"),
        ("1__0", "not a whole number"),
    ],
)
async def test_bad_amounts_in_the_modal_change_nothing(
    world: World, text: str, message: str
) -> None:
    await start_table(world, 2, buy_in=50)
    await to_betting(world)
    table = table_in(world)
    assert table.game is not None
    seat = betting_seat(world)
    actor = actor_of(world, table, seat)
    before = table.game.to_json()
    bet_id = f"sabacc:{table.id}:{table.game.turn}:bet"
    shown = await actor.click(table_message(world), custom_id=bet_id)
    assert shown.modal is not None
    result = await actor.submit_modal(shown, {"amount": text})
    assert result.ephemeral and message in result.response.content
    assert table.game.to_json() == before
    shown = await actor.click(table_message(world), custom_id=bet_id)
    good = await actor.submit_modal(shown, {"amount": "7"})
    confirmed = good.followups[-1]  # a follow-up: the form updated the table message
    assert confirmed.ephemeral and "7" in text_of(confirmed)
    assert table.game.seq == before["seq"] + 1


async def test_closed_dms_fall_back_to_the_hand_button(world: World) -> None:
    bob = world.bob
    dm = close_dms(world.env, bob)
    await start_table(world, 2, buy_in=50)
    notices = [m for m in world.channel.history() if "can't send you direct messages" in m.content]
    assert len(notices) == 1 and bob.mention in notices[0].content
    assert "●" not in notices[0].content and "▲" not in notices[0].content
    assert dm.history() == []
    shown = await bob.click(table_message(world), label="🂠 My hand")
    assert shown.ephemeral and "Your hand" in shown.response.embeds[0].title
    await to_betting(world)  # a later hand change does not repeat the notice
    again = [m for m in world.channel.history() if "can't send you direct messages" in m.content]
    assert len(again) == 1


async def test_turn_timer_reminds_plays_and_sits_out(world: World) -> None:
    await start_table(world, 2, buy_in=50, turn_timer=60)
    table = table_in(world)
    assert table.game is not None
    turn = table.game.turn
    await world.env.advance_time(31)
    reminder = world.channel.history()[-1].content
    assert "30 seconds left" in reminder
    await world.env.advance_time(30)
    assert table.game.turn != turn  # both selections were made for them
    assert "ran out of time" in "\n".join(m.content for m in world.channel.history()[-3:])
    # Second timeout in a row (the betting turn): that player now sits out.
    sitter = betting_seat(world)
    await world.env.advance_time(61)
    assert sitter in table.sitting_out
    assert "sits out" in "\n".join(m.content for m in world.channel.history())
    actor = actor_of(world, table, sitter)
    back = await actor.click(table_message(world), label="I'm back")
    (welcome,) = back.followups
    assert welcome.ephemeral and "Welcome back" in welcome.content
    assert sitter not in table.sitting_out


async def test_old_table_message_is_posted_again(world: World) -> None:
    await start_table(world, 2, buy_in=50)
    table = table_in(world)
    first = table.message_id
    assert table.message_posted_at is not None
    table.message_posted_at -= 3601  # as if the game had gone on for an hour
    await to_betting(world)
    assert table.message_id != first
    old = next(m for m in world.channel.history() if m.id == first)
    assert "moved" in old.embeds[0].description and old.components == []
    assert table_message(world).components  # the new one carries the buttons


async def test_lobby_money_rules(world: World) -> None:
    before = await open_accounts(world)
    ch = world.channel
    lobby = await world.alice.slash(ch, "coruscant start", buy_in=300)
    assert await world.bot.bank.balance(world.guild.id, world.alice.id) == 700
    second = await world.bob.slash(ch, "coruscant start")
    assert second.ephemeral and "already has" in second.response.content
    await world.admin.slash(ch, "credits take", member=world.carol, amount=800)
    poor = await world.carol.click(lobby.response, label="Join")
    assert poor.ephemeral and "200" in poor.response.content
    assert len(table_in(world).seats) == 1
    await world.bob.click(lobby.response, label="Join")
    assert await world.bot.bank.balance(world.guild.id, world.bob.id) == 700
    twice = await world.bob.click(lobby.response, label="Join")
    assert twice.ephemeral and "already seated" in twice.response.content
    not_host = await world.bob.click(lobby.response, label="Start")
    assert not_host.ephemeral and "Only the host" in not_host.response.content
    not_host = await world.bob.click(lobby.response, label="Cancel")
    assert not_host.ephemeral and "Only the host can cancel" in not_host.response.content
    assert table_in(world).open and len(table_in(world).seats) == 2
    await world.bob.click(lobby.response, label="Leave")
    assert await world.bot.bank.balance(world.guild.id, world.bob.id) == 1000
    alone = await world.alice.click(lobby.response, label="Start")
    assert alone.ephemeral and "at least 2" in alone.response.content
    await world.alice.click(lobby.response, label="Cancel")
    assert await world.bot.bank.balance(world.guild.id, world.alice.id) == 1000
    assert "cancelled" in text_of(table_message(world))
    assert await money(world) == before - 800
    reopened = await world.bob.slash(ch, "coruscant start")
    assert not reopened.ephemeral


async def test_lobby_survives_a_restart(world: World, restart: Any) -> None:
    lobby = await world.alice.slash(world.channel, "coruscant start")
    await restart()
    joined = await world.bob.click(lobby.response, label="Join")
    assert joined.acknowledged and not joined.ephemeral
    assert len(table_in(world).seats) == 2
    started = await world.alice.click(lobby.response, label="Start")
    assert started.acknowledged and table_in(world).game is not None


async def test_turn_timer_resumes_after_a_restart(world: World, restart: Any) -> None:
    await start_table(world, 2, buy_in=50, turn_timer=60)
    await to_betting(world)
    await restart()
    table = table_in(world)
    assert table.game is not None
    turn = table.game.turn
    await world.env.advance_time(61)
    assert table.game.turn != turn  # the restored table's timer played the waiting turn
    assert "ran out of time" in "\n".join(m.content for m in world.channel.history()[-3:])


async def test_an_idle_lobby_expires_and_refunds(world: World, restart: Any) -> None:
    before = await open_accounts(world)
    lobby = await world.alice.slash(world.channel, "coruscant start", buy_in=100)
    await world.env.advance_time(1000)
    await world.bob.click(lobby.response, label="Join")  # a change restarts the 30 minutes
    await world.env.advance_time(1000)
    assert table_in(world).open
    await restart()  # the expiry survives a restart too
    table = table_in(world)  # restored by the new process
    await world.env.advance_time(1801)
    assert not table.open
    assert "lobby closed" in world.channel.history()[-1].content
    assert "cancelled" in text_of(table_message(world))
    assert await money(world) == before
    for member in (world.alice, world.bob):
        assert await world.bot.bank.balance(world.guild.id, member.id) == 1000


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("7", 7),
        ("1,500", 1500),
        ("1 500", 1500),
        ("1_500", 1500),
        ("1\u202f500", 1500),
        (" 12 ", 12),
    ],
)
def test_amounts_accept_digit_grouping_where_it_belongs(text: str, amount: int) -> None:
    spec = ActionSpec("bet", "Bet", param=ParamKind.AMOUNT, min_amount=1, max_amount=5000)
    assert parse_amount(text, spec) == amount
