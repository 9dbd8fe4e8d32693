"""``/tournament``: sit-and-go tournaments (the logic is :mod:`bot.tournaments`).

``create`` (Manage Server, or every member where the server allows it with ``settings``),
``join``, ``bot`` (the organizer seats a bot, where allowed), ``leave`` (before the start:
refunded), ``start`` (the organizer; also at the start time or once full), ``standings``,
``cancel`` (before the start: refunds everyone), ``settings`` and ``season`` (Manage Server).
"""

from __future__ import annotations

import datetime
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import TableError, UserFacingError
from bot.i18n import _, current, using
from bot.i18n.readers import server_locale
from bot.tables.models import BOT_STYLES, Seat, bot_seat
from bot.tables.store import now
from bot.tournaments import store
from bot.tournaments.blinds import parse_schedule
from bot.tournaments.formats import check_antes, check_seats, variant_named
from bot.tournaments.models import Stage, Tournament
from bot.tournaments.payouts import parse_structure
from bot.tournaments.present import tournament_embed
from bot.tournaments.service import TournamentService
from bot.words.vocab import variant_name
from engine.variants import get_variant, variant_ids

if TYPE_CHECKING:
    from bot.client import SabaccBot

log = logging.getLogger(__name__)

EVENT_HOURS = 2  # the scheduled event's length (Discord asks an end for events held elsewhere)


def _admin(interaction: discord.Interaction[Any]) -> bool:
    return bool(interaction.permissions.manage_guild)


def _name(user: discord.abc.User) -> str:
    return str(getattr(user, "display_name", user.name))


@app_commands.guild_only()
class TournamentCog(commands.GroupCog, group_name="tournament"):
    """Sit-and-go tournaments with a prize pool."""

    def __init__(self, bot: SabaccBot) -> None:
        self.bot = bot

    @property
    def service(self) -> TournamentService:
        """The bot's tournaments."""
        return self.bot.tournaments

    def _here(self, interaction: discord.Interaction[Any]) -> Tournament:
        tournament = self.service.in_channel(interaction.channel_id or 0)
        if tournament is None:
            raise TableError(_("There is no open tournament in this channel."))
        return tournament

    def _organizer(self, interaction: discord.Interaction[Any], tournament: Tournament) -> None:
        if interaction.user.id != tournament.organizer_id and not _admin(interaction):
            raise TableError(_("Only the organizer (or a server manager) can do that."))

    @app_commands.command(name="create", description="Open a sit-and-go tournament here")
    @app_commands.describe(
        variant="The variant played",
        buy_in="Credits each player pays into the prize pool",
        seats="How many players (the tournament starts when it is full)",
        start="Start automatically in this many minutes",
        payouts="Percentages by place, e.g. 60/25/15 (default: by the number of players)",
        bots="Let the organizer fill seats with bots",
        table_size="Seats per table: more players play at several tables, in threads",
        antes="Rising antes, e.g. 'every 5 hands x2' or 'every 10 min x2' (default: fixed)",
    )
    async def create(
        self,
        interaction: discord.Interaction[Any],
        variant: str,
        buy_in: app_commands.Range[int, 1, 1_000_000],
        seats: app_commands.Range[int, 2, 64],
        start: app_commands.Range[int, 1, 10_080] | None = None,
        payouts: app_commands.Range[str, 1, 60] | None = None,
        bots: bool = False,
        table_size: app_commands.Range[int, 2, 8] | None = None,
        antes: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        """Open a sit-and-go tournament in this channel."""
        assert interaction.guild_id is not None and interaction.channel_id is not None
        members_create, season = await store.guild_settings(self.bot.db, interaction.guild_id)
        if not (_admin(interaction) or members_create):
            raise TableError(
                _("Only members with Manage Server can create tournaments on this server.")
            )
        info = variant_named(variant)
        multi = check_seats(info, seats, table_size)
        threads = interaction.app_permissions
        if multi and not (threads.create_public_threads and threads.send_messages_in_threads):
            raise TableError(
                _(
                    "A multi-table tournament seats its tables in threads of this channel: I "
                    "need Create Public Threads and Send Messages in Threads here."
                )
            )
        structure = parse_structure(payouts, seats) if payouts else None
        blinds = parse_schedule(antes) if antes else None
        check_antes(info, blinds)
        tournament = Tournament(
            id=0,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            organizer_id=interaction.user.id,
            variant=info,
            buy_in=buy_in,
            seats=seats,
            chips=info.buy_in_presets[info.default_preset],
            season=season,
            structure=structure,
            allow_bots=bots,
            table_size=table_size,
            blinds=blinds,
            start_at=None if start is None else now() + 60 * start,
        )
        await self.service.create(tournament)
        with using(server_locale(tournament.guild_id)):  # public: the server's language
            embed = tournament_embed(tournament)
        await interaction.response.send_message(embed=embed)
        message = await interaction.original_response()
        tournament.message_id = message.id
        if tournament.start_at is not None:
            tournament.event_id = await self._scheduled_event(interaction, tournament)
        await store.set_ids(self.bot.db, tournament)

    @create.autocomplete("variant")
    async def _variant_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        wanted = current.lower()
        return [
            app_commands.Choice(name=get_variant(vid).name, value=vid)
            for vid in variant_ids()
            if wanted in vid or wanted in get_variant(vid).name.lower()
        ][:25]

    async def _scheduled_event(
        self, interaction: discord.Interaction[Any], tournament: Tournament
    ) -> int | None:
        """A Discord scheduled event for the start time, if the bot may create one."""
        guild = interaction.guild
        assert guild is not None and tournament.start_at is not None
        allowed = guild.me.guild_permissions
        if not (allowed.create_events or allowed.manage_events):
            await interaction.followup.send(
                _(
                    "I can't create a server event for the start time (I need the Create "
                    "Events permission); the tournament is open anyway."
                ),
                ephemeral=True,
            )
            return None
        start = datetime.datetime.fromtimestamp(tournament.start_at, datetime.UTC)
        channel = interaction.channel
        where = "#{name}".format(name=getattr(channel, "name", "sabacc"))
        with using(server_locale(guild.id)):  # the server's event: its language
            name = _("{variant} tournament #{id}").format(
                variant=variant_name(tournament.variant), id=tournament.id
            )
            description = _("Buy-in {credits}, {seats} seats: /tournament join").format(
                credits=_("{n} credits").format(n=current().number(tournament.buy_in)),
                seats=tournament.seats,
            )
        try:
            event = await guild.create_scheduled_event(
                name=name[:100],
                start_time=start,
                end_time=start + datetime.timedelta(hours=EVENT_HOURS),
                entity_type=discord.EntityType.external,
                privacy_level=discord.PrivacyLevel.guild_only,
                location=where[:100],
                description=description,
            )
        except discord.HTTPException as exc:
            log.info("no scheduled event for tournament %s: %s", tournament.id, exc)
            return None
        return int(event.id)

    @app_commands.command(name="join", description="Register for the tournament here")
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        """Register for the tournament in this channel (the buy-in goes into the prize pool)."""
        tournament = self._here(interaction)
        user = interaction.user
        full = await self.service.join(tournament, Seat(user.id, _name(user)))
        await interaction.response.send_message(
            _("You're registered: {credits} are in the prize pool.").format(
                credits=_("{n} credits").format(n=current().number(tournament.buy_in))
            ),
            ephemeral=True,
        )
        if full:
            await self._start_full(tournament)

    @app_commands.command(name="bot", description="Seat a bot in the tournament (organizer)")
    @app_commands.describe(style="How the bot plays")
    @app_commands.choices(style=[app_commands.Choice(name=s, value=s) for s in BOT_STYLES])
    async def add_bot(self, interaction: discord.Interaction[Any], style: str = "balanced") -> None:
        """Seat a bot opponent, paid by the house (where the organizer allowed bots)."""
        tournament = self._here(interaction)
        self._organizer(interaction, tournament)
        if not tournament.allow_bots:
            raise TableError(_("This tournament was created without bots."))
        taken = {e.name for e in tournament.entries}
        count = sum(1 for e in tournament.entries if e.bot_style is not None)
        seat = bot_seat(taken, count, style, count + 1)
        full = await self.service.join(tournament, seat)
        await interaction.response.send_message(
            "🤖 " + _("{name} ({style}) is registered.").format(name=seat.name, style=_(style)),
            ephemeral=True,
        )
        if full:
            await self._start_full(tournament)

    async def _start_full(self, tournament: Tournament) -> None:
        """A full sit-and-go starts (a refusal is posted, the tournament stays open)."""
        if tournament.stage is not Stage.REGISTERING:  # the organizer started it meanwhile
            return
        try:
            await self.service.start(tournament)
        except UserFacingError as refused:
            channel = self.bot.get_channel(tournament.channel_id)
            if isinstance(channel, discord.abc.Messageable):
                await channel.send(refused.message)

    @app_commands.command(name="leave", description="Withdraw before the start (refunded)")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        """Withdraw from the tournament before it starts; your buy-in comes back."""
        tournament = self._here(interaction)
        await self.service.leave(tournament, interaction.user.id)
        await interaction.response.send_message(
            _("You withdrew; your buy-in of {credits} is back.").format(
                credits=_("{n} credits").format(n=current().number(tournament.buy_in))
            ),
            ephemeral=True,
        )

    @app_commands.command(name="start", description="Start the tournament now (organizer)")
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        """Seat the players and deal (organizer); a running tournament opens the tables it
        could not open before."""
        tournament = self._here(interaction)
        self._organizer(interaction, tournament)
        if tournament.stage is Stage.RUNNING:
            await self.service.resume(tournament)
            await interaction.response.send_message(
                _("Tournament #{id}: every table it needs is open.").format(id=tournament.id),
                ephemeral=True,
            )
            return
        self.service.check_start(tournament)  # refused at once, ephemerally: nothing written
        # seating the field opens its tables (threads, first deals): seconds, past Discord's
        # 3 s to answer, so acknowledged first; the announcement follows in the same reply
        await interaction.response.defer(thinking=True)
        await self.service.start(tournament)
        with using(server_locale(tournament.guild_id)):  # public: the server's language
            text = _("Tournament #{id} started with {n} players.").format(
                id=tournament.id, n=len(tournament.entries)
            )
        await interaction.followup.send(text)

    @app_commands.command(name="standings", description="Places and prizes so far")
    async def standings(self, interaction: discord.Interaction[Any]) -> None:
        """The tournament message as it stands now (registrations, places, prizes)."""
        await interaction.response.send_message(
            embed=tournament_embed(self._here(interaction)), ephemeral=True
        )

    @app_commands.command(name="cancel", description="Cancel before the start (refunds all)")
    async def cancel(self, interaction: discord.Interaction[Any]) -> None:
        """Cancel the tournament before it starts; every buy-in is refunded."""
        tournament = self._here(interaction)
        self._organizer(interaction, tournament)
        await self.service.cancel(tournament)
        await interaction.response.send_message(
            _("Tournament #{id} cancelled; {n} buy-ins refunded.").format(
                id=tournament.id, n=len(tournament.entries)
            ),
            ephemeral=True,
        )
        guild = interaction.guild
        if tournament.event_id is not None and guild is not None:
            try:
                event = await guild.fetch_scheduled_event(tournament.event_id)
                await event.delete()
            except discord.HTTPException as exc:
                log.info("tournament %s event not deleted: %s", tournament.id, exc)

    @app_commands.command(name="settings", description="Who may create tournaments (admins)")
    @app_commands.describe(members_create="Let every member create tournaments")
    async def settings(self, interaction: discord.Interaction[Any], members_create: bool) -> None:
        """Let every member (or only server managers) create tournaments."""
        self._manager_only(interaction)
        assert interaction.guild_id is not None
        guild = interaction.guild_id
        _members_create, season = await store.guild_settings(self.bot.db, guild)
        await self.bot.db.write(
            lambda conn: store.save_guild_settings(conn, guild, members_create, season)
        )
        text = (
            _("From now on every member can create tournaments.")
            if members_create
            else _("From now on only members with Manage Server can create tournaments.")
        )
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(name="season", description="Start a new season (admins)")
    async def season(self, interaction: discord.Interaction[Any]) -> None:
        """Start a new season of tournament points (the old one stays readable)."""
        self._manager_only(interaction)
        assert interaction.guild_id is not None
        guild = interaction.guild_id
        members_create, season = await store.guild_settings(self.bot.db, guild)
        await self.bot.db.write(
            lambda conn: store.save_guild_settings(conn, guild, members_create, season + 1)
        )
        with using(server_locale(guild)):  # public: the server's language
            text = _(
                "Season {new} has begun; season {old}'s board stays readable with "
                "`/leaderboard by:season season:{old}`."
            ).format(new=season + 1, old=season)
        await interaction.response.send_message(text)

    def _manager_only(self, interaction: discord.Interaction[Any]) -> None:
        if not _admin(interaction):
            raise TableError(_("Only members with Manage Server can do that."))


async def setup(bot: SabaccBot) -> None:
    """Extension entry point."""
    await bot.add_cog(TournamentCog(bot))
