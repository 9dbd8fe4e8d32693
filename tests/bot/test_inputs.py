"""Every command answers every input (issue #25 points 1, 14 and 16): guild-only commands stay
out of DMs and answer a DM use clearly; option values outside their declaration, and inputs
Discord allows but the bot does not know (a 6 000-character stakes), get a short, clear reply."""

from __future__ import annotations

from typing import Any

import pytest
from discord import app_commands

from bot.errors import APOLOGY, CONTENT_LIMIT, TableError
from bot.inputs import DISCORD_INTEGER, needs_server
from bot.tables.options import parse_options
from engine.variants import get_variant
from tests.helpers import World, raw_slash, text_of

VARIANT_GROUPS = ("kessel", "coruscant", "classic", "centran", "sabacc-project", "spike")
ONLY_SERVER = "This command only works in a server, not in direct messages."


def registered(world: World) -> list[dict[str, Any]]:
    """Every global command as Discord was given it."""
    return [c for (_name, _type), c in world.env.backend.commands.get(None, {}).items()]


async def test_only_about_is_offered_in_direct_messages(world: World) -> None:
    offered = world.alice.user.available_commands()
    assert offered == ("about",)
    for command in registered(world):
        if command["name"] != "about":
            assert command.get("contexts") == [0], command["name"]  # 0: GUILD only


async def test_every_group_and_command_used_in_a_dm_is_answered_clearly(world: World) -> None:
    """A request that still reaches the bot from a DM (an out-of-date client) is answered."""
    user = world.alice.user
    dm = user.dm_channel
    for group in VARIANT_GROUPS:
        for sub in ("start", "join", "leave", "rules"):
            result = await raw_slash(user, dm, f"{group} {sub}")
            assert result.ephemeral and result.response is not None
            assert result.response.content == ONLY_SERVER, f"/{group} {sub}"
    for name in ("balance", "daily", "leaderboard", "stats", "history"):
        result = await raw_slash(user, dm, name)
        assert result.response is not None and result.response.content == ONLY_SERVER, name
    result = await raw_slash(user, dm, "verify", hand=1)
    assert result.response is not None and result.response.content == ONLY_SERVER
    assert world.bot.tables.index.tables == {}  # nothing was opened
    about = await raw_slash(user, dm, "about")
    assert about.response is not None and "Shard" in text_of(about.response)


def test_needs_server_reads_the_root_group() -> None:
    @app_commands.guild_only()
    class Guilded(app_commands.Group):
        @app_commands.command()
        async def sub(self, interaction: Any) -> None: ...

    open_group = app_commands.Group(name="open", description="d")

    @open_group.command(name="sub")
    @app_commands.guild_only()  # ignored on a subcommand, as Discord ignores it
    async def ignored(interaction: Any) -> None: ...

    guilded = Guilded(name="guilded", description="d")
    assert needs_server(guilded) and needs_server(guilded.get_command("sub"))
    assert not needs_server(open_group) and not needs_server(ignored)


@pytest.mark.parametrize(
    ("command", "options", "says"),
    [
        ("kessel start", {"turn_timer": -5}, "`turn_timer` must be a whole number from 20 to 900"),
        ("kessel start", {"turn_timer": 901}, "`turn_timer` must be a whole number from 20 to 900"),
        ("kessel start", {"buy_in": 0}, "`buy_in` must be a whole number from 1 to 1,000,000"),
        ("kessel start", {"turn_timer": 1.5}, "`turn_timer` must be a whole number"),
        ("kessel start", {"options": "x" * 301}, "`options` must be text of from 1 to 300"),
        ("kessel start", {"stakes": "x" * 6001}, "`stakes` must be text of from 1 to 6,000"),
        ("leaderboard", {"by": "richest"}, "`by` must be one of balance, net winnings, hands"),
        ("verify", {"hand": 0}, "`hand` must be a whole number from 1 to 9,007,199,254,740,991"),
        ("verify", {"hand": 2**63 + 5}, "`hand` must be a whole number from 1 to 9,007,199,"),
        ("replay", {"hand": 2**64}, "`hand` must be a whole number from 1 to 9,007,199,"),
        ("export", {"hand": DISCORD_INTEGER + 1}, "`hand` must be a whole number from 1 to 9,"),
        ("credits grant", {"amount": -5}, "`amount` must be a whole number from 1 to"),
    ],
)
async def test_an_option_outside_its_declaration_is_refused_clearly(
    world: World, command: str, options: dict[str, Any], says: str
) -> None:
    actor = world.admin if command.startswith("credits") else world.alice
    if command.startswith("credits"):
        options = {"member": str(world.bob.id), **options}
    result = await raw_slash(actor, world.channel, command, **options)
    assert result.ephemeral and result.response is not None
    assert result.response.content.startswith(says), result.response.content
    assert result.response.content.endswith("Nothing was changed.")
    assert world.bot.tables.index.tables == {}


def string_options(world: World) -> list[tuple[str, str]]:
    """(command, option) for every string option of every registered slash command."""
    found = []
    for root in registered(world):
        stack = [([root["name"]], root)]
        while stack:
            path, node = stack.pop()
            for option in node.get("options") or []:
                if option["type"] in (1, 2):
                    stack.append(([*path, option["name"]], option))
                elif option["type"] == 3 and not option.get("choices"):
                    found.append((" ".join(path), option["name"]))
    return sorted(found)


async def test_every_text_option_answers_any_length_within_a_message(world: World) -> None:
    """Discord allows 6 000 characters in a text option; every command still answers, and no
    answer is longer than a message may be (a reply Discord refuses is no reply at all)."""
    found = string_options(world)
    assert ("leaderboard", "variant") in found and ("kessel start", "stakes") in found
    for command, option in found:
        for value in ("y" * 2100, "z" * 6000):
            result = await raw_slash(world.alice, world.channel, command, **{option: value})
            assert result.response is not None, f"/{command} {option}: no reply"
            text = text_of(result.response)
            assert 0 < len(result.response.content) <= CONTENT_LIMIT
            assert APOLOGY not in text
            assert value[:100] not in text  # the input is quoted short, not echoed whole
            if result.ephemeral is False:  # something was opened: a table; close it
                await world.alice.slash(world.channel, command.split()[0] + " leave")
    assert world.bot.tables.index.in_channel(world.channel.id) is None


async def test_long_stakes_and_leaderboard_variant_get_an_answer(world: World) -> None:
    """Through a real client (simcord checks Discord's own limits): 2 100 characters."""
    stakes = await world.alice.slash(world.channel, "kessel start", stakes="x" * 2100)
    assert stakes.ephemeral and stakes.response is not None
    assert stakes.response.content.startswith("Unknown stakes “" + "x" * 39 + "…”. Choose one of:")
    board = await world.alice.slash(world.channel, "leaderboard", by="net", variant="v" * 2100)
    assert board.ephemeral and board.response is not None
    assert board.response.content == "Unknown variant “" + "v" * 39 + "…”."


@pytest.mark.parametrize(
    "written",
    ["max_hands=-5", "min_bet=99999999999999999999999", "max_hands=1_000_001", "base_ante=1e9"],
)
def test_house_rule_numbers_stay_in_range(written: str) -> None:
    with pytest.raises(TableError, match=r"must be a whole number from 0 to 1,000,000, not “"):
        parse_options(get_variant("coruscant-shift"), written)


@pytest.mark.parametrize("written", ["nan", "inf", "-inf", "1e400"])
def test_house_rule_decimals_are_finite(written: str) -> None:
    with pytest.raises(TableError, match="must be a number"):
        parse_options(get_variant("centran"), f"random_shift_probability={written}")
