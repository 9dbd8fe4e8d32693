"""House rules at /<variant> start."""

from __future__ import annotations

import random

import pytest

from bot.errors import TableError
from bot.tables.options import parse_options
from engine.variants import get_variant
from tests.bot.test_tables import money, open_accounts
from tests.helpers import World, text_of
from tests.table_driver import passive, play, table_in, table_message


def test_parse_options_types_and_errors() -> None:
    info = get_variant("coruscant-shift")
    assert parse_options(info, "max_hands=3 ante-escalation=off, base_ante: 5") == {
        "max_hands": 3,
        "ante_escalation": False,
        "base_ante": 5,
    }
    assert parse_options(info, "max_hands=none") == {"max_hands": None}
    assert parse_options(info, "") == {}
    with pytest.raises(TableError, match="no option `colour`"):
        parse_options(info, "colour=red")
    with pytest.raises(TableError, match="whole number"):
        parse_options(info, "base_ante=lots")
    with pytest.raises(TableError, match="on or off"):
        parse_options(info, "ante_escalation=maybe")
    with pytest.raises(TableError, match="name=value"):
        parse_options(info, "fast please")
    assert parse_options(get_variant("centran"), "random_shift_probability=0.25") == {
        "random_shift_probability": 0.25
    }


async def test_house_rules_shape_the_game(world: World) -> None:
    before = await open_accounts(world)
    world.bot.tables.seeds = random.Random(1)
    bad = await world.alice.slash(world.channel, "coruscant start", options="colour=red")
    assert bad.ephemeral and "no option" in bad.response.content
    assert world.bot.tables.index.in_channel(world.channel.id) is None
    lobby = await world.alice.slash(
        world.channel, "coruscant start", buy_in=100, options="max_hands=1 base_ante=5"
    )
    assert not lobby.ephemeral
    assert "max hands: **1**" in text_of(table_message(world))
    await world.bob.click(lobby.response, label="Join")
    await world.alice.click(lobby.response, label="Start")
    table = table_in(world)
    assert table.game is not None and table.public_view().pots == (("Pot", 10),)  # rendered
    await play(world, passive)
    assert table.game.finished and table.game.public_view().hand_no == 1  # one hand only
    assert await money(world) == before


async def test_options_autocomplete_suggests_the_rest(world: World) -> None:
    choices = await world.alice.autocomplete(
        world.channel, "coruscant start", "options", "max_hands=2"
    )
    names = [c["name"] for c in choices]
    assert names and all(n.startswith("max_hands=2 ") for n in names)
    assert not any("max_hands=none" in n for n in names)
