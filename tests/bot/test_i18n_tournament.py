"""A whole tournament in each language (issue #26 point 5, for ``/tournament``): the same
seeded sit-and-go (two members, two bots, played to its winner) runs first in English, then
after an admin sets the server's language with ``/language`` and with members whose client
speaks it; not one English word of the English run's texts reaches them (the tournament
message, the joins and refusals, the table, places, prizes and results, the season board)."""

from __future__ import annotations

import re

import pytest

from bot.i18n import LOCALES, SOURCE
from bot.sim_driver import engine_policy
from bot.tables.models import BOT_NAMES
from tests.bot.test_i18n_game import catalog_words, leaks, sent, words
from tests.bot.test_tournaments import seeded
from tests.helpers import World, member_locales
from tests.table_driver import play

COMMITMENT = re.compile(r"\b[0-9a-f]{12}\b")  # a hand's seed commitment on the table message


async def one_tournament(world: World) -> list[str]:
    """The seeded sit-and-go of two members and two bots, to its winner; every text the bot
    sent meanwhile."""
    since = len(world.env.http_requests)
    seeded(world, 4)
    made = await world.admin.slash(
        world.channel, "tournament create", variant="kessel", buy_in=100, seats=4, bots=True
    )
    assert made.acknowledged and not made.ephemeral
    for member in (world.alice, world.bob):
        await member.slash(world.channel, "tournament join")
    await world.alice.slash(world.channel, "tournament join")  # registered already: refused
    await world.alice.slash(world.channel, "tournament bot")  # not the organizer: refused
    await world.admin.slash(world.channel, "tournament bot", style="bold")
    await world.admin.slash(world.channel, "tournament bot", style="cautious")  # full: starts
    await world.alice.slash(world.channel, "tournament standings")
    await play(world, engine_policy("balanced"), max_steps=4000)
    await world.env.settle()
    await world.alice.slash(world.channel, "leaderboard", by="season")
    return [COMMITMENT.sub(" ", text) for text in sent(world, since)]


@pytest.mark.parametrize("locale", [locale for locale in LOCALES if locale != SOURCE])
async def test_a_whole_tournament_reaches_its_players_in_their_language(
    world: World, locale: str
) -> None:
    english = await one_tournament(world)
    assert any("wins tournament #1" in text for text in english)  # played to its winner

    members = (world.admin, world.alice, world.bob)
    with member_locales({m.id: locale for m in members}):
        chosen = await world.admin.slash(world.channel, "language", language=locale)
        assert chosen.acknowledged
        theirs = await one_tournament(world)

    assert len(theirs) >= len(english) > 20
    names = words(" ".join((world.guild.name, *BOT_NAMES)))  # the server's, the bots'
    allowed = catalog_words(locale) | names | {"alice", "bob", locale.lower()}
    leaked = leaks(english, theirs, allowed)
    assert not leaked, f"English reached {locale} players: {leaked}"
