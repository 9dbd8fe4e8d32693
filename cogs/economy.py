"""Economy commands: /balance, /daily, /leaderboard, /stats and the admin /credits group.

Everything is per server (balances are keyed by guild and user). Private answers (your balance,
/daily) are ephemeral; the leaderboard, stats and admin adjustments are posted in the channel.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.bank import MAX_BALANCE
from bot.errors import UserFacingError, quote
from bot.history import leaderboard as boards
from bot.history.records import amount, ranked, stats_field, stats_footer
from bot.history.views import variant_name as _variant_name
from bot.i18n import _, current, using
from bot.i18n.readers import server_locale
from bot.inputs import guild_of, server_command
from bot.tournaments import store as tournament_store
from engine.variants import UnknownVariant, get_variant, variant_ids

if TYPE_CHECKING:
    from bot.client import SabaccBot

log = logging.getLogger(__name__)

COLOUR = discord.Colour.gold()
Amount = app_commands.Range[int, 1, MAX_BALANCE]

Account = discord.Member | discord.User


def _human(member: Account) -> Account:
    if member.bot:
        raise UserFacingError(
            _("{name} is a bot; bots don't hold credits.").format(name=member.display_name)
        )
    return member


class Economy(commands.Cog):
    """Credits: balances, the daily bonus, the leaderboard, player statistics."""

    def __init__(self, bot: SabaccBot) -> None:
        self.bot = bot

    @server_command("balance", member="Whose balance to show (default: yours)")
    async def balance(
        self, interaction: discord.Interaction[SabaccBot], member: discord.Member | None = None
    ) -> None:
        """Show your credits (or another member's) in this server."""
        guild = guild_of(interaction)
        target = _human(member or interaction.user)
        bank = self.bot.bank
        amount = await bank.balance(guild, target.id)
        own = target.id == interaction.user.id
        number = current().number
        embed = discord.Embed(
            title=_("Your balance")
            if own
            else _("{name}'s balance").format(name=target.display_name),
            description=_("**{amount}** credits").format(amount=number(amount)),
            colour=COLOUR,
        )
        embed.add_field(name=_("Rank"), value=f"#{await bank.rank(guild, target.id)}")
        at_tables = await bank.escrowed(guild, target.id)
        if at_tables:
            embed.add_field(
                name=_("At tables"), value=_("{amount} credits").format(amount=number(at_tables))
            )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @server_command("daily")
    async def daily(self, interaction: discord.Interaction[SabaccBot]) -> None:
        """Claim your daily credits (once every 24 hours)."""
        guild = guild_of(interaction)
        balance = await self.bot.bank.claim_daily(guild, interaction.user.id)
        number = current().number
        await interaction.response.send_message(
            _("You received **{amount}** credits. Your balance is now **{balance}**.").format(
                amount=number(self.bot.bank.daily_amount), balance=number(balance)
            ),
            ephemeral=True,
        )

    @server_command(
        "leaderboard",
        by="What to rank by (default: balance)",
        variant="Only this variant (not for balance)",
        season="Which tournament season (by:season; default: the current one)",
    )
    @app_commands.choices(
        by=[
            app_commands.Choice(name="balance", value="balance"),
            app_commands.Choice(name="net winnings", value="net"),
            app_commands.Choice(name="hands won", value="hands"),
            app_commands.Choice(name="best win", value="best"),
            app_commands.Choice(name="season points", value="season"),
        ]
    )
    async def leaderboard(
        self,
        interaction: discord.Interaction[SabaccBot],
        by: str = "balance",
        variant: str | None = None,
        season: app_commands.Range[int, 1, 10_000] | None = None,
    ) -> None:
        """Show the best players of this server (by balance, net winnings, hands won, best win,
        tournament season points)."""
        guild = guild_of(interaction)
        if by == "season":
            if variant is not None:
                raise UserFacingError(_("Season points are not per variant: leave `variant:` out."))
            await self._season_board(interaction, guild, season)
            return
        if season is not None:
            raise UserFacingError(_("`season:` is for `by:season` only."))
        if by != "balance":
            await self._stats_board(interaction, guild, by, variant)
            return
        if variant is not None:
            raise UserFacingError(_("Balances are not per variant: choose another `by:`."))
        bank = self.bot.bank
        own_rank = await bank.rank(guild, interaction.user.id)
        own_balance = await bank.balance(guild, interaction.user.id)
        top = await bank.leaderboard(guild, limit=10)
        with using(server_locale(guild)):  # a public reply: the server's language
            lines = ranked(top, interaction.user.id, "credits")
            name = interaction.guild.name if interaction.guild else _("this server")
            embed = discord.Embed(
                title=_("Richest players in {server}").format(server=name),
                description="\n".join(lines),
                colour=COLOUR,
            )
            embed.add_field(
                name=_("Your rank"),
                value=_("#{rank} with {amount}").format(
                    rank=own_rank, amount=amount(own_balance, "credits")
                ),
                inline=False,
            )
        await interaction.response.send_message(
            embed=embed, allowed_mentions=discord.AllowedMentions.none()
        )

    async def _season_board(
        self, interaction: discord.Interaction[SabaccBot], guild: int, season: int | None
    ) -> None:
        """Tournament points of a season (:mod:`bot.tournaments.payouts`)."""
        _members_create, current = await tournament_store.guild_settings(self.bot.db, guild)
        shown = current if season is None else season
        if shown > current:
            raise UserFacingError(
                _("Season {shown} has not begun; this is season {current}.").format(
                    shown=shown, current=current
                )
            )
        top = await tournament_store.season_board(self.bot.db, guild, shown)
        with using(server_locale(guild)):  # a public reply: the server's language
            name = interaction.guild.name if interaction.guild else _("this server")
            embed = discord.Embed(
                title=_("Tournament season {n} in {server}").format(n=shown, server=name),
                description="\n".join(ranked(top, interaction.user.id, "points"))
                or _("No tournament finished this season yet."),
                colour=COLOUR,
            )
        await interaction.response.send_message(
            embed=embed, allowed_mentions=discord.AllowedMentions.none()
        )

    async def _stats_board(
        self, interaction: discord.Interaction[SabaccBot], guild: int, by: str, variant: str | None
    ) -> None:
        if variant is not None:
            try:
                variant = get_variant(variant).id
            except UnknownVariant:
                raise UserFacingError(
                    _("Unknown variant {name}.").format(name=quote(variant))
                ) from None
        db = self.bot.db
        title, _sql = boards.BOARDS[by]
        unit = boards.UNITS[by]
        top = await boards.top(db, guild, by, variant)
        mine = await boards.standing(db, guild, interaction.user.id, by, variant)
        with using(server_locale(guild)):  # a public reply: the server's language
            lines = ranked(top, interaction.user.id, unit)
            scope = _variant_name(variant) if variant else _("all variants")
            name = interaction.guild.name if interaction.guild else _("this server")
            embed = discord.Embed(
                title=_("{board} in {server} — {scope}").format(
                    board=_(title), server=name, scope=scope
                ),
                description="\n".join(lines) or _("No hands played yet."),
                colour=COLOUR,
            )
            if mine is not None:
                embed.add_field(
                    name=_("Your rank"),
                    value=_("#{rank} with {amount}").format(
                        rank=mine[0], amount=amount(mine[1], unit)
                    ),
                )
        await interaction.response.send_message(
            embed=embed, allowed_mentions=discord.AllowedMentions.none()
        )

    @leaderboard.autocomplete("variant")
    async def _variant_autocomplete(
        self, interaction: discord.Interaction[SabaccBot], current: str
    ) -> list[app_commands.Choice[str]]:
        names = {vid: _variant_name(vid) for vid in variant_ids()}
        wanted = current.lower()
        return [
            app_commands.Choice(name=name, value=vid)
            for vid, name in names.items()
            if wanted in name.lower() or wanted in vid
        ][:25]

    @server_command("stats", member="Whose statistics to show (default: yours)")
    async def stats(
        self, interaction: discord.Interaction[SabaccBot], member: discord.Member | None = None
    ) -> None:
        """Show Sabacc statistics per variant for you or another member."""
        guild = guild_of(interaction)
        target = _human(member or interaction.user)
        db, bank = self.bot.db, self.bot.bank
        balance = await bank.balance(guild, target.id)
        rank = await bank.rank(guild, target.id)
        rows = await boards.member_stats(db, guild, target.id)
        with using(server_locale(guild)):  # a public reply: the server's language
            embed = discord.Embed(
                title=_("{name}'s Sabacc record").format(name=target.display_name),
                description=_("Balance: **{amount}** credits · rank #{rank}").format(
                    amount=current().number(balance), rank=rank
                ),
                colour=COLOUR,
            )
            if rows is not None:
                for row in rows[:24]:
                    name, value = stats_field(row)
                    embed.add_field(name=name, value=value, inline=False)
                embed.set_footer(text=stats_footer(rows))
        await interaction.response.send_message(
            embed=embed, allowed_mentions=discord.AllowedMentions.none()
        )

    credits = app_commands.Group(
        name="credits",
        description="Adjust members' credits (server managers only)",
        default_permissions=discord.Permissions(manage_guild=True),
        guild_only=True,
        allowed_contexts=app_commands.AppCommandContext(guild=True),  # "contexts": [0]
    )

    async def _adjust(
        self,
        interaction: discord.Interaction[SabaccBot],
        member: discord.Member,
        amount: int,
        *,
        grant: bool,
    ) -> None:
        guild = guild_of(interaction)
        _human(member)
        bank = self.bot.bank
        reason = f"{'grant' if grant else 'take'} by {interaction.user.id}"
        if grant:
            balance = await bank.grant(guild, member.id, amount, reason)
        else:
            balance = await bank.take(guild, member.id, amount, reason)
        log.info(
            "%s (%s) %s %s credits %s %s in guild %s",
            interaction.user,
            interaction.user.id,
            "granted" if grant else "took",
            amount,
            "to" if grant else "from",
            member.id,
            guild,
        )
        with using(server_locale(guild)):  # a public reply: the server's language
            number = current().number
            text = (
                _(
                    "{admin} granted **{amount}** credits to {member}. "
                    "New balance: **{balance}** credits."
                )
                if grant
                else _(
                    "{admin} took **{amount}** credits from {member}. "
                    "New balance: **{balance}** credits."
                )
            ).format(
                admin=interaction.user.mention,
                amount=number(amount),
                member=member.mention,
                balance=number(balance),
            )
        await interaction.response.send_message(
            text, allowed_mentions=discord.AllowedMentions.none()
        )

    @credits.command(name="grant")
    @app_commands.checks.has_permissions(manage_guild=True)
    @app_commands.describe(member="Who receives the credits", amount="How many credits to create")
    async def credits_grant(
        self, interaction: discord.Interaction[SabaccBot], member: discord.Member, amount: Amount
    ) -> None:
        """Give a member new credits."""
        await self._adjust(interaction, member, amount, grant=True)

    @credits.command(name="take")
    @app_commands.checks.has_permissions(manage_guild=True)
    @app_commands.describe(member="Whose credits to remove", amount="How many credits to remove")
    async def credits_take(
        self, interaction: discord.Interaction[SabaccBot], member: discord.Member, amount: Amount
    ) -> None:
        """Remove credits from a member."""
        await self._adjust(interaction, member, amount, grant=False)


async def setup(bot: SabaccBot) -> None:
    """Extension entry point."""
    await bot.add_cog(Economy(bot))
