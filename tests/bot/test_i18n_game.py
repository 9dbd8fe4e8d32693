"""A whole game in each language (issue #26 point 5): the same seeded game of each variant
(Kessel, Classic, Coruscant Shift, Corellian Spike, Centran, the Sabacc Project) is played on an
English server by English members and on a server whose preferred locale is ``fr``, ``de``,
``es-ES`` or ``pt-BR`` by members whose Discord client speaks it; not one English word of the
English game's messages reaches the other members (every message, embed, button, picker, form,
DM, reply, error and picture description the bot sent them), and the game is the same.

The simulated Discord sends every interaction as ``en-US``: :func:`tests.helpers.member_locales`
gives the members their language."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from babel.messages.pofile import read_po

from bot.i18n import DOMAIN, LOCALE_DIR, LOCALES, SOURCE, catalog_dir
from bot.sim_driver import Policy
from tests.bot import test_kessel_table
from tests.bot.test_centran_table import CENTRAN
from tests.bot.test_classic_table import CLASSIC
from tests.bot.test_project_table import PROJECT
from tests.bot.test_spike_table import SPIKE
from tests.bot.test_tables import side_pot_policy
from tests.bot.variant_table import VariantTable, start_seeded
from tests.helpers import World, member_locales
from tests.table_driver import play

#: Where a request body has words for people (not ids, urls, custom ids or file names).
TEXT_KEYS = {"content", "title", "description", "name", "value", "text", "label", "placeholder"}
WORD = re.compile(r"[^\W\d_]{3,}")
NOT_WORDS = re.compile(r"<[@#:a-z!&]*[^>]*>|https?://\S+|`[^`]*`|\bp\d\b")


def texts(value: Any, key: str = "") -> Iterator[str]:
    """Every text for people in a request body."""
    if isinstance(value, dict):
        ids = {"custom_id", "url", "filename", "id"}
        if "label" in value:  # a select option: its value is an id
            ids.add("value")
        for name, item in value.items():
            if name not in ids:
                yield from texts(item, name)
    elif isinstance(value, list):
        for item in value:
            yield from texts(item, key)
    elif isinstance(value, str) and key in TEXT_KEYS:
        yield value


def words(text: str) -> set[str]:
    """The words of a text (mentions, links, code and timestamps left out), lower case."""
    return {w.lower() for w in WORD.findall(NOT_WORDS.sub(" ", text))}


def sent(world: World, since: int) -> list[str]:
    """The texts of every request the bot made after the ``since`` first ones."""
    return [t for r in world.env.http_requests[since:] for t in texts(r.json)]


def catalog_words(locale: str) -> set[str]:
    """Every word of the locale's translations (a word both languages use is no leak)."""
    path = LOCALE_DIR / catalog_dir(locale) / "LC_MESSAGES" / f"{DOMAIN}.po"
    with path.open("rb") as po:
        found = read_po(po)
    out: set[str] = set()
    for message in found:
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        for form in forms:
            out |= words(form or "")
    return out


@dataclass(frozen=True)
class Game:
    """A variant's seeded test game: its command group, seed, policy and buy-in."""

    group: str
    seed: int
    policy: Policy
    buy_in: int | None = None


def of(table: VariantTable) -> Game:
    """A variant's four-player test game (:mod:`tests.bot.variant_table`)."""
    return Game(table.group, table.seed, table.policy, table.buy_in)


GAMES = {
    "kessel": Game("kessel", test_kessel_table.SEED, test_kessel_table.policy),
    "classic": of(CLASSIC),
    "coruscant-shift": Game("coruscant", 4, side_pot_policy, 30),
    "corellian-spike": of(SPIKE),
    "centran": of(CENTRAN),
    "project": of(PROJECT),
}


def leaks(english: list[str], theirs: list[str], allowed: set[str]) -> dict[str, str]:
    """The words of the English texts found in ``theirs`` (each with a text it is in), but for
    the ``allowed`` ones (the locale's own catalog uses them, names)."""
    english_words = set().union(*map(words, english))
    return {
        word: text
        for text in theirs
        for word in words(text)
        if word in english_words and word not in allowed
    }


async def one_game(world: World, members: list[Any], channel: Any, game: Game) -> list[str]:
    """The seeded ``game`` in ``channel`` by ``members`` (as alice, bob, carol, dave), plus a
    few commands; every text the bot sent meanwhile."""
    since = len(world.env.http_requests)
    place = World(world.env, world.guild, channel, *members, world.admin)
    await members[0].slash(channel, f"{game.group} rules")
    options = {} if game.buy_in is None else {"buy_in": game.buy_in}
    table = await start_seeded(place, game.group, game.seed, **options)
    # already seated: an error, in their language
    await members[1].slash(channel, f"{game.group} join")
    finished = await play(place, game.policy)
    assert finished.game is not None and finished.game.finished and table.id == finished.id
    for command in ("balance", "stats", "leaderboard", "history", "daily"):
        await members[0].slash(channel, command)
    return sent(world, since)


@pytest.mark.parametrize("variant", list(GAMES))
@pytest.mark.parametrize("locale", [locale for locale in LOCALES if locale != SOURCE])
async def test_a_whole_game_reaches_its_players_in_their_language(
    world: World, locale: str, variant: str
) -> None:
    game = GAMES[variant]
    english = await one_game(world, list(world.players), world.channel, game)

    env = world.env
    guild = env.create_guild(f"Sabacc {locale}", preferred_locale=locale)
    channel = guild.create_text_channel("sabacc")
    members = [
        guild.add_member(env.create_user(f"{name}{locale}", global_name=f"{name.title()}{locale}"))
        for name in ("alice", "bob", "carol", "dave")
    ]
    await env.settle()
    with member_locales({m.id: locale for m in members}):
        theirs = await one_game(world, members, channel, game)

    assert len(theirs) >= len(english) > 100  # the same game: as many messages
    allowed = catalog_words(locale) | {"alice", "bob", "carol", "dave", locale.lower()}
    leaked = leaks(english, theirs, allowed)
    assert not leaked, f"English reached {locale} players ({variant}): {leaked}"
