"""What the bot sends outside interaction replies stays within Discord's global limit, in
virtual time: hand DMs are coalesced per seat (one DM with the newest hand), many tables at once
never make more requests in a second than ``REQUEST_RATE``, and a closed DM is tried once."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from bot.art.compose import faces_of_png
from bot.art.decks import deck_of, face
from bot.settings import Settings
from bot.tables.models import Table, hand_of
from engine.bots.random_legal import random_for_spec
from engine.core.game import Action
from tests.bot.variant_table import start_seeded
from tests.helpers import World, bot_scope, close_dms
from tests.table_driver import manager, table_in

RATE = 2  # requests per second in these tests: a handful of tables is a crowd


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """Production-like pacing (edit interval, a small global request rate), in virtual time."""
    return dataclasses.replace(settings, edit_interval=5.0, request_rate=RATE)


def counted(request: Any) -> bool:
    """Whether Discord counts a request against the global limit (interaction responses and
    follow-ups, sent with the interaction's token, do not count)."""
    return not request.path.startswith(("/interactions/", "/webhooks/"))


def hand_changing(table: Table, seat: int, rng: random.Random) -> Action:
    """A legal action of ``seat`` that changes its hidden cards, if one is found (tried on a
    copy of the game), else its default action."""
    game = table.game
    assert game is not None
    before = hand_of(game, seat)
    for spec in game.legal_actions(seat):
        for _ in range(4):
            action = random_for_spec(spec, rng)
            copy = table.variant.restore(game.to_json())
            copy.apply(seat, action)
            if hand_of(copy, seat) != before and hand_of(copy, seat):
                return action
    return game.default_action(seat)


async def dm_faces(member: Any) -> list[list[str]]:
    """The card faces of every hand picture ``member`` got by DM, oldest first."""
    pictures = []
    for message in member.user.dm_channel.history():
        (attachment,) = message.attachments
        data = await attachment.read()
        pictures.append([entry.split(":", 1)[1] for entry in faces_of_png(data)])
    return pictures


def keys(deck: str, hand: tuple[str, ...]) -> list[str]:
    return [face(deck, card).key for card in hand]  # type: ignore[union-attr]


async def test_a_burst_of_hand_changes_is_one_dm_with_the_newest_hand(world: World) -> None:
    table = await start_seeded(world, "coruscant", 3, players=2, buy_in=50)
    await world.env.advance_time(30)  # the deal's DMs went out
    deck = deck_of(table.variant.id)
    assert deck is not None
    alice = world.alice
    before = await dm_faces(alice)
    assert before and before[-1] == keys(deck, hand_of(table.game, 0))  # type: ignore[arg-type]
    game = table.game
    assert game is not None
    rng = random.Random(7)
    hands = [hand_of(game, 0)]
    with bot_scope(world.env):  # every click at the same instant: the clock stands still
        while len(hands) < 5 and not game.finished:
            for seat in sorted(game.pending_seats()):
                action = hand_changing(table, seat, rng) if seat == 0 else game.default_action(seat)
                await manager(world).act(table, seat, action, turn=game.turn)
            if hand_of(game, 0) != hands[-1]:
                hands.append(hand_of(game, 0))
    assert len(hands) >= 4, "alice's hand changed at least three times"
    await world.env.advance_time(30)
    after = (await dm_faces(alice))[len(before) :]
    # the first change found the budget free; every later one waited and went in one DM
    assert 1 <= len(after) <= 2 < len(hands) - 1
    assert after[-1] == keys(deck, hands[-1])  # the newest hand, painted when sent
    await world.env.advance_time(30)
    assert len(await dm_faces(alice)) == len(before) + len(after)  # nothing more to send


async def test_many_tables_never_exceed_the_request_rate(world: World) -> None:
    """Six two-player tables start at the same virtual instant: their table messages, hand DMs
    and lobby edits queue up; in no second of virtual time do more than ``RATE`` counted
    requests go out, and every player ends up with a DM of their current hand."""
    env = world.env
    first = len(env.http_requests)
    tables = []
    for index in range(6):
        channel = world.guild.create_text_channel(f"sabacc-{index}")
        lobby = await world.alice.slash(channel, "coruscant start", buy_in=50)
        await world.bob.click(lobby.response, label="Join")
        await world.alice.click(lobby.response, label="Start")
        tables.append(manager(world).index.in_channel(channel.id))
    step, seconds = 0.25, 40
    counts = [sum(1 for r in env.http_requests[first:] if counted(r))]
    seen = len(env.http_requests)
    for _ in range(int(seconds / step)):
        await env.advance_time(step)
        counts.append(sum(1 for r in env.http_requests[seen:] if counted(r)))
        seen = len(env.http_requests)
    per_second = int(1 / step)
    busiest = max(sum(counts[i : i + per_second]) for i in range(len(counts)))
    assert busiest <= RATE, counts
    # both players' DMs of six tables (the table edits rode the clicks: not counted)
    assert sum(counts) >= 6 * 2, counts
    deck = deck_of("coruscant-shift")
    assert deck is not None
    for seat, member in enumerate((world.alice, world.bob)):
        pictures = await dm_faces(member)
        newest = {tuple(p) for p in pictures}
        for table in tables:
            assert tuple(keys(deck, hand_of(table.game, seat))) in newest  # type: ignore[arg-type]


async def test_closed_dms_are_tried_once_and_told_once(world: World) -> None:
    bob = world.bob
    dm = close_dms(world.env, bob)
    table = await start_seeded(world, "coruscant", 3, players=2, buy_in=50)
    await world.env.advance_time(30)
    game = table.game
    assert game is not None
    rng = random.Random(3)
    with bot_scope(world.env):
        for _ in range(6):
            if game.finished:
                break
            for seat in sorted(game.pending_seats()):
                await manager(world).act(
                    table, seat, hand_changing(table, seat, rng), turn=game.turn
                )
    await world.env.advance_time(30)
    tries = [
        r
        for r in world.env.http_requests
        if r.method == "POST" and r.path.endswith(f"/channels/{dm.id}/messages")
    ]
    assert len(tries) == 1  # refused once: no DM is tried again for that seat
    notices = [m for m in world.channel.history() if "can't send you direct messages" in m.content]
    assert len(notices) == 1 and bob.mention in notices[0].content
    assert table_in(world).dm_closed_told == {1}
