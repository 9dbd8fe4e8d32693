"""Reply first, and say only what is true (issue #22 point 6, issue #25 point 3): ``/start``
either shows its lobby or holds no credits; ``/join`` during a game and ``/start`` in a busy
channel answer before any request to Discord; a committed bet whose confirmation cannot be sent
is never called "nothing was changed"; a result refused by Discord for a while still appears."""

from __future__ import annotations

from typing import Any

import discord

from tests.bot.test_tables import start_table
from tests.bot.variant_table import start_seeded
from tests.helpers import World, text_of
from tests.table_driver import actor_of, money, open_accounts, play, table_in, table_message


def history(world: World) -> list[Any]:
    """The channel's messages."""
    return list(world.channel.history())


def requests(world: World) -> list[str]:
    """Every REST call the bot made so far, as ``METHOD path``."""
    return [f"{r.method} {r.path}" for r in world.env.http_requests]


async def test_a_start_whose_reply_fails_holds_no_credits(world: World) -> None:
    """The reply comes too late (Discord answers 10062): no lobby is shown, so none is held."""
    before = await open_accounts(world)
    world.env.inject_error(
        "POST", "/interactions/*/callback", status=404, code=10062, message="Unknown interaction"
    )
    await world.alice.slash(world.channel, "coruscant start", buy_in=100)
    failed = [getattr(e, "original", e) for e in world.env.errors]  # seen, and logged
    assert any(isinstance(e, discord.NotFound) for e in failed), failed
    assert world.bot.tables.index.in_channel(world.channel.id) is None
    assert await world.bot.bank.balance(world.guild.id, world.alice.id) == 1000
    assert await money(world) == before
    rows = await world.bot.db.fetchall("SELECT status FROM game_tables")
    assert [r[0] for r in rows] == ["cancelled"]
    again = await world.alice.slash(world.channel, "coruscant start", buy_in=100)
    assert again.acknowledged and not again.ephemeral  # the channel is free at once


async def test_busy_channel_and_running_game_are_answered_before_any_request(
    world: World,
) -> None:
    await start_table(world, 2, buy_in=50)
    table = table_in(world)
    for member, command in ((world.bob, "coruscant start"), (world.carol, "coruscant join")):
        made = len(requests(world))
        refused = await member.slash(world.channel, command)
        assert refused.ephemeral and str(table.message_id) in refused.response.content
        after = requests(world)[made:]
        # the reply is the first request; the table message is checked only after it
        assert after[0].startswith("POST /interactions/"), after
        assert any(r.startswith("GET /channels/") for r in after[1:]), after


async def test_a_bet_whose_confirmation_fails_is_not_called_unchanged(world: World) -> None:
    table = await start_seeded(world, "classic", 3, players=2, buy_in=40)
    game = table.game
    assert game is not None
    (seat,) = game.pending_seats()
    actor = actor_of(world, table, seat)
    shown = await actor.click(table_message(world), custom_id=f"sabacc:{table.id}:{game.turn}:bet")
    world.env.inject_error("POST", "/webhooks/*", status=503)  # the confirmation
    submitted = await actor.submit_modal(shown, {"amount": "3"})
    replies = [submitted.response, *submitted.followups]
    said = [text_of(reply) for reply in replies if reply is not None]
    assert not any("nothing was changed" in text for text in said), said
    assert "bets 3." in text_of(table_message(world))  # the bet stands


async def test_a_result_refused_by_discord_for_a_while_still_appears(world: World) -> None:
    """Every post in the channel fails with 503 for a while around the end of each hand: the
    results, follow-ups of the clicks that ended the hands, go out at once; the final
    standings, posted in the channel, once Discord takes them again."""
    before = await open_accounts(world)
    await start_table(world, 2, buy_in=20, options="max_hands=2")
    posts = f"/channels/{world.channel.id}/messages"

    async def outage() -> Any:
        world.env.inject_error("POST", posts, status=503, times=2)

    table = await play(world, after_step=outage)
    assert table.game is not None and table.game.finished
    early = [text_of(m) for m in history(world)]
    assert len([t for t in early if t.startswith(("Hand ", "Game over"))]) == 2, early
    assert not any("Final standings" in t for t in early)
    await world.env.advance_time(3600)  # the retries wait in virtual time
    texts = [text_of(m) for m in history(world)]
    results = [t for t in texts if t.startswith(("Hand ", "Game over"))]
    assert len(results) == 2, texts
    assert "Final standings" in texts[-1]
    assert await money(world) == before
