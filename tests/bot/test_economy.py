"""The economy cog, driven through simcord like real users would."""

from __future__ import annotations

import discord
import pytest
from discord import app_commands
from simcord import assert_error
from simcord.backend.errors import SetupError

from bot.bank import HOUSE
from bot.errors import (
    APOLOGY,
    BaseView,
    NotYourTurn,
    StaleButton,
    TableError,
    error_boundary,
    user_message,
)
from engine.core.game import IllegalAction
from tests.helpers import BOTH_BACKENDS, World, text_of


async def test_balance_is_private_and_starts_at_the_starting_balance(world: World) -> None:
    result = await world.alice.slash(world.channel, "balance")
    assert result.ephemeral
    embed = result.response.embeds[0]
    assert embed.title == "Your balance"
    assert embed.description == "**1,000** credits"
    assert world.channel.history(viewer=world.bob) == []


async def test_balance_of_another_member_shows_their_escrow(world: World) -> None:
    bank = world.bot.bank
    await bank.escrow(world.guild.id, world.bob.id, 7, 300)
    result = await world.alice.slash(world.channel, "balance", member=world.bob)
    embed = result.response.embeds[0]
    assert embed.title == "Bob's balance"
    assert embed.description == "**700** credits"
    assert {f.name: f.value for f in embed.fields}["At tables"] == "300 credits"


@BOTH_BACKENDS
async def test_daily_then_refused_until_24_hours_later(world: World) -> None:
    first = await world.alice.slash(world.channel, "daily")
    assert first.ephemeral
    assert first.response.content == (
        "You received **250** credits. Your balance is now **1,250**."
    )

    await world.env.advance_time(3600)
    again = await world.alice.slash(world.channel, "daily")
    assert again.ephemeral
    assert again.response.content == ("You already claimed your daily credits. Come back in 23 h.")
    assert await world.bot.bank.balance(world.guild.id, world.alice.id) == 1250

    await world.env.advance_time(23 * 3600 - 61)
    assert (
        "Come back in 2 min." in (await world.alice.slash(world.channel, "daily")).response.content
    )
    await world.env.advance_time(61)
    later = await world.alice.slash(world.channel, "daily")
    assert later.response.content.endswith("Your balance is now **1,500**.")


async def test_daily_is_per_member(world: World) -> None:
    await world.alice.slash(world.channel, "daily")
    bob = await world.bob.slash(world.channel, "daily")
    assert bob.response.content.endswith("**1,250**.")


@BOTH_BACKENDS
async def test_leaderboard_orders_by_balance_and_shows_own_rank(world: World) -> None:
    bank, guild = world.bot.bank, world.guild.id
    await bank.grant(guild, world.bob.id, 500)
    await bank.take(guild, world.carol.id, 400)
    await bank.balance(guild, world.alice.id)
    await bank.grant(guild, HOUSE, 10**6)  # the house never shows up

    result = await world.carol.slash(world.channel, "leaderboard")
    assert not result.ephemeral
    embed = result.response.embeds[0]
    assert embed.title == "Richest players in Cantina"
    assert embed.description.splitlines() == [
        f"**1.** <@{world.bob.id}> — 1,500 credits",
        f"**2.** <@{world.alice.id}> — 1,000 credits",
        f"**3.** <@{world.carol.id}> — 600 credits ← you",
    ]
    assert embed.fields[0].value == "#3 with 600 credits"


async def test_leaderboard_shows_own_rank_below_the_top_ten(world: World) -> None:
    bank, guild = world.bot.bank, world.guild.id
    for user_id in range(1000, 1012):  # twelve richer players
        await bank.grant(guild, user_id, 1)
    result = await world.dave.slash(world.channel, "leaderboard")
    embed = result.response.embeds[0]
    assert len(embed.description.splitlines()) == 10
    assert str(world.dave.id) not in embed.description
    assert embed.fields[0].value == "#13 with 1,000 credits"


@BOTH_BACKENDS
async def test_admin_grant_and_take(world: World) -> None:
    granted = await world.admin.slash(world.channel, "credits grant", member=world.bob, amount=250)
    assert not granted.ephemeral
    assert granted.response.content == (
        f"{world.admin.mention} granted **250** credits to {world.bob.mention}. "
        "New balance: **1,250** credits."
    )
    taken = await world.admin.slash(world.channel, "credits take", member=world.bob, amount=1000)
    assert taken.response.content.endswith("New balance: **250** credits.")
    too_much = await world.admin.slash(world.channel, "credits take", member=world.bob, amount=251)
    assert too_much.ephemeral
    assert too_much.response.content == "They have 250 credits but 251 are needed."


async def test_credits_group_is_hidden_from_non_admins(world: World) -> None:
    assert "credits grant" in world.admin.available_commands(world.channel)
    assert "credits grant" not in world.alice.available_commands(world.channel)
    with pytest.raises(SetupError, match="default-member-permissions"):
        await world.alice.slash(world.channel, "credits grant", member=world.alice, amount=5)


async def test_non_admin_allowed_by_an_override_is_still_refused(world: World) -> None:
    # A server may allow /credits for someone in Integrations settings; the bot still checks.
    commands = await world.bot.tree.fetch_commands()
    credits = next(c for c in commands if c.name == "credits")
    world.guild.set_command_permissions(credits, {world.alice: True})
    refused = await world.alice.slash(world.channel, "credits grant", member=world.alice, amount=5)
    assert refused.ephemeral
    assert refused.response.content == "You need the Manage Server permission to do that."
    assert await world.bot.bank.balance(world.guild.id, world.alice.id) == 1000


async def test_bots_hold_no_credits(world: World) -> None:
    droid = world.guild.add_member(world.env.create_user("R2", bot=True))
    result = await world.admin.slash(world.channel, "credits grant", member=droid, amount=5)
    assert result.ephemeral and "bots don't hold credits" in result.response.content
    for command in ("balance", "stats"):  # every command about a member's account refuses one
        shown = await world.alice.slash(world.channel, command, member=droid)
        assert shown.ephemeral and "bots don't hold credits" in shown.response.content, command
    opened = "SELECT COUNT(*) FROM accounts WHERE user_id = ?"
    assert await world.bot.db.fetchval(opened, (droid.id,)) == 0  # nothing was opened for it


@BOTH_BACKENDS
async def test_stats_shows_balance_and_one_field_per_variant(world: World) -> None:
    db, guild = world.bot.db, world.guild.id
    empty = await world.alice.slash(world.channel, "stats")
    assert empty.response.embeds[0].description.startswith("Balance: **1,000** credits")
    assert empty.response.embeds[0].footer.text == "No games played yet."
    await db.execute(
        "INSERT INTO stats (guild_id, user_id, variant, games_played, games_won, hands_played,"
        " hands_won, credits_won, credits_lost, best_hand, best_hand_score, biggest_pot)"
        " VALUES (?, ?, 'kessel', 4, 1, 12, 5, 900, 300, 'Pure Sabacc', 99, 800),"
        " (?, ?, 'nope', 1, 0, 2, 0, 0, 100, '', 0, 0)",
        (guild, world.alice.id, guild, world.alice.id),
    )
    result = await world.bob.slash(world.channel, "stats", member=world.alice)
    embed = result.response.embeds[0]
    assert embed.title == "Alice's Sabacc record"
    assert len(embed.fields) == 2
    first = embed.fields[0]
    assert "Games: **4** played · **1** won (25%)" in first.value
    assert "net **+600**" in first.value
    assert "Best hand: Pure Sabacc" in first.value and "Biggest pot: **800**" in first.value
    assert embed.fields[1].name == "nope"  # an unknown variant id is shown as is
    assert embed.footer.text == (
        "All variants: 14 hands, 5 won (35%) · 5 games, 1 won (20%) · favourite: Kessel Sabacc"
    )
    assert "Pure Sabacc" in text_of(result.response)


@BOTH_BACKENDS
async def test_balances_and_daily_cooldown_survive_a_restart(world: World, restart) -> None:
    await world.alice.slash(world.channel, "daily")
    old = world.bot
    new = await restart()
    assert new is world.bot and new is not old and old.db.closed
    assert (await world.alice.slash(world.channel, "balance")).response.embeds[0].description == (
        "**1,250** credits"
    )
    refused = await world.alice.slash(world.channel, "daily")
    assert refused.response.content.startswith("You already claimed")


# -- error handling (bot.errors) through the real command tree and views ------------------------


async def test_an_unexpected_error_gets_an_apology_and_no_internals(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken(guild: int, user: int) -> int:
        raise RuntimeError("secret internals")

    monkeypatch.setattr(world.bot.bank, "balance", broken)
    result = await world.alice.slash(world.channel, "balance")
    assert result.ephemeral
    assert result.response.content == APOLOGY
    assert "secret" not in text_of(result.response)
    assert_error(world.env, RuntimeError, contains="secret internals")


class _Buttons(BaseView):
    @discord.ui.button(label="Expected", custom_id="test:expected")
    async def expected(self, interaction: discord.Interaction, _: discord.ui.Button) -> None:
        raise TableError("This table is full.")

    @discord.ui.button(label="Deferred", custom_id="test:deferred")
    async def deferred(self, interaction: discord.Interaction, _: discord.ui.Button) -> None:
        await interaction.response.defer()
        raise IllegalAction("You cannot draw now.")

    @discord.ui.button(label="Bug", custom_id="test:bug")
    async def bug(self, interaction: discord.Interaction, _: discord.ui.Button) -> None:
        raise KeyError("seat 7")


async def test_base_view_errors_are_answered_ephemerally(world: World) -> None:
    @app_commands.command(name="buttons")
    async def buttons(interaction: discord.Interaction) -> None:
        """Test-only command."""
        await interaction.response.send_message("Pick one", view=_Buttons())

    world.bot.tree.add_command(buttons)
    await world.bot.tree.sync()
    shown = await world.alice.slash(world.channel, "buttons")

    full = await world.bob.click(shown.response, label="Expected")
    assert full.ephemeral and full.response.content == "This table is full."
    late = await world.bob.click(shown.response, label="Deferred")  # answered via a followup
    assert [m.content for m in late.followups] == ["You cannot draw now."]
    assert late.followups[0].ephemeral
    bug = await world.bob.click(shown.response, label="Bug")
    assert bug.ephemeral and bug.response.content == APOLOGY
    assert_error(world.env, KeyError)
    assert all(m.content == "Pick one" for m in world.channel.history(viewer=world.alice))


def test_user_messages_for_checks_and_wrapped_errors() -> None:
    from unittest.mock import Mock

    wrapped = app_commands.CommandInvokeError(Mock(), NotYourTurn())
    assert user_message(wrapped) == "It's not your turn."
    assert user_message(app_commands.NoPrivateMessage()) == (
        "This command only works in a server, not in direct messages."
    )
    assert user_message(app_commands.MissingPermissions(["manage_guild", "ban_members"])) == (
        "You need the Manage Server, Ban Members permission to do that."
    )
    assert user_message(StaleButton()).startswith("This button is out of date")
    assert user_message(ValueError("x")) is None


async def test_error_boundary_answers_and_the_harness_still_sees_the_bug(world: World) -> None:
    @app_commands.command(name="guarded")
    async def guarded(interaction: discord.Interaction) -> None:
        """Test-only command."""
        async with error_boundary(interaction):
            raise LookupError("only in the log")

    world.bot.tree.add_command(guarded)
    await world.bot.tree.sync()
    result = await world.alice.slash(world.channel, "guarded")
    assert result.ephemeral and result.response.content == APOLOGY
    assert_error(world.env, LookupError, contains="only in the log")  # forwarded from the log
