"""What players see of a tournament: its message (registrations, start time, pool, payouts)
and the lines posted in its channel (who went out in which place, the results). Every
sentence is one template with named placeholders."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.errors import TableError
from bot.i18n import _, current, locale_code, using
from bot.i18n.readers import server_locale
from bot.tables.runner import Runner
from bot.tables.watch import send_dm
from bot.tournaments.models import Entry, Seating, Stage, Tournament
from bot.words.betting import stake_name
from bot.words.vocab import variant_name

log = logging.getLogger(__name__)

COLOUR = discord.Colour.dark_gold()
NO_PINGS = discord.AllowedMentions(users=True, roles=False, everyone=False)
SHOWN = 20  # registrations listed by name on the message


# A place's ordinal in the languages other than English (gettext has no ordinals): French
# ``1re`` (une place), ``2e``; German ``2.``; Spanish ``2.º`` (un puesto); Portuguese ``2º``.
ORDINALS = {"fr": "{n}e", "de": "{n}.", "es-ES": "{n}.º", "pt-BR": "{n}º"}


def ordinal(place: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``22nd`` (in the reader's language)."""
    template = ORDINALS.get(locale_code())
    if template is not None:
        return "1re" if place == 1 and locale_code() == "fr" else template.format(n=place)
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def credits(amount: int) -> str:
    """``1,200 credits`` (the reader's digits)."""
    return _("{n} credits").format(n=current().number(amount))


def payout_lines(tournament: Tournament) -> list[str]:
    """``1st: 65 % — 260 credits`` for every paid place, for the field registered now."""
    structure = tournament.payout_structure()
    amounts = tournament.prizes()
    return [
        f"{ordinal(i + 1)}: {percent} % — {credits(amount)}"
        for i, (percent, amount) in enumerate(zip(structure, amounts, strict=False))
    ]


def start_text(tournament: Tournament) -> str:
    """When it starts."""
    if tournament.start_at is not None:
        return _("<t:{at}:F> (<t:{at}:R>), or when it fills").format(at=int(tournament.start_at))
    return _("when it fills, or when the organizer starts it")


def standings_lines(tournament: Tournament) -> list[str]:
    """Places so far (finished players, best first), then who is still in."""
    done = sorted(
        (e for e in tournament.entries if e.place is not None), key=lambda e: e.place or 0
    )
    lines = [
        "**{place}.** {who}{prize}".format(
            place=e.place,
            who=e.shown,
            prize=f" — {credits(e.prize)}" if e.prize else "",
        )
        for e in done
    ]
    still = [e.shown for e in tournament.entries if e.place is None]
    if still and tournament.stage is Stage.RUNNING:
        lines.append(_("Still in: {players}").format(players=", ".join(still)))
    return lines


def kind(tournament: Tournament) -> str:
    """``sit-and-go`` or ``multi-table tournament`` (with its table size)."""
    if tournament.multi_table:
        return _("multi-table tournament ({n} per table)").format(n=tournament.table_size)
    return _("sit-and-go")


def antes_text(tournament: Tournament) -> str:
    """The schedule and the antes of the tournament's level: ``every 5 hands ×2 · now hand
    ante 4, Sabacc ante 4``."""
    assert tournament.blinds is not None
    now = ", ".join(f"{stake_name(name)} {amount}" for name, amount in tournament.stakes().items())
    return _("{schedule} · now {antes}").format(schedule=tournament.blinds.describe(), antes=now)


def tournament_embed(tournament: Tournament) -> discord.Embed:
    """The tournament message."""
    stage = {
        Stage.REGISTERING: _("Registration open — `/tournament join`"),
        Stage.RUNNING: _("Playing"),
        Stage.FINISHED: _("Finished"),
        Stage.CANCELLED: _("Cancelled — every buy-in was refunded"),
    }[tournament.stage]
    embed = discord.Embed(
        title=_("{variant} {kind} #{id}").format(
            variant=variant_name(tournament.variant), kind=kind(tournament), id=tournament.id
        ),
        description=stage,
        colour=COLOUR,
    )
    number = current().number
    embed.add_field(name=_("Buy-in"), value=credits(tournament.buy_in))
    embed.add_field(name=_("Prize pool"), value=credits(tournament.pool))
    embed.add_field(name=_("Chips"), value=_("{n} each").format(n=number(tournament.chips)))
    if tournament.blinds is not None:
        embed.add_field(name=_("Antes"), value=antes_text(tournament))
    embed.add_field(name=_("Starts"), value=start_text(tournament), inline=False)
    embed.add_field(name=_("Payouts"), value="\n".join(payout_lines(tournament)), inline=False)
    names = [e.shown for e in tournament.entries[:SHOWN]]
    more = len(tournament.entries) - len(names)
    listed = ", ".join(names) + (" " + _("and {n} more").format(n=more) if more else "")
    embed.add_field(
        name=_("Registered ({n}/{seats})").format(
            n=len(tournament.entries), seats=tournament.seats
        ),
        value=listed or _("Nobody yet."),
        inline=False,
    )
    if tournament.stage in (Stage.RUNNING, Stage.FINISHED):
        embed.add_field(
            name=_("Standings"), value="\n".join(standings_lines(tournament)) or "—", inline=False
        )
    return embed


def out_line(entry: Entry, field: int) -> str:
    """A player went out."""
    place = ordinal(entry.place or 0)
    if entry.prize:
        return _("{player} is out in {place} place of {field} and wins {credits}.").format(
            player=entry.shown, place=place, field=field, credits=credits(entry.prize)
        )
    return _("{player} is out in {place} place of {field}.").format(
        player=entry.shown, place=place, field=field
    )


def regroup_text(tournament: Tournament, plan: Seating, moving: list[int]) -> str:
    """The tables are regrouped (:mod:`bot.tournaments.balance`): who moves, and the tables."""
    names = ", ".join(e.shown for e in map(tournament.entry, moving) if e is not None)
    if len(plan.tables) == 1:
        return _(
            "Everyone left fits one table: {players} move to the final table after their "
            "table's next hand, each with their chips."
        ).format(players=names)
    lines = [
        _(
            "The tables are balanced: {players} move to another table after their table's next "
            "hand, each with their chips."
        ).format(players=names)
    ]
    for number, group in enumerate(plan.tables, start=1):
        seated = ", ".join(e.shown for e in map(tournament.entry, group) if e is not None)
        lines.append(_("Table {n}: {players}").format(n=number, players=seated))
    return "\n".join(lines)


def result_line(tournament: Tournament) -> str:
    """The tournament ended."""
    if tournament.stage is Stage.CANCELLED:
        return _("Tournament #{id} was cancelled; every buy-in was refunded.").format(
            id=tournament.id
        )
    winner = next(e for e in tournament.entries if e.place == 1)
    return "🏆 " + _("{player} wins tournament #{id} and {credits}!").format(
        player=winner.shown, id=tournament.id, credits=credits(winner.prize)
    )


class Herald:
    """Shows tournaments in Discord (the service's :class:`bot.tournaments.ports.Herald`):
    every message is sent in the background, so no change waits for Discord."""

    def __init__(self, client: discord.Client, runner: Runner) -> None:
        self.client, self.runner = client, runner

    def changed(self, tournament: Tournament) -> None:
        """Draw the tournament message again."""
        self.runner.spawn(self._redraw(tournament), f"tournament-{tournament.id}-message")

    def placed(self, tournament: Tournament, entries: list[Entry]) -> None:
        """Tell who went out their place."""
        field = len(tournament.entries)
        with using(server_locale(tournament.guild_id)):  # public: the server's language
            text = "\n".join(
                out_line(e, field) for e in sorted(entries, key=lambda e: e.place or 0)
            )
        self.runner.spawn(self._post(tournament, text), f"tournament-{tournament.id}-out")
        self.changed(tournament)

    def ended(self, tournament: Tournament) -> None:
        """Post the result (or the cancellation)."""
        with using(server_locale(tournament.guild_id)):  # public: the server's language
            text = result_line(tournament)
            if tournament.stage is Stage.FINISHED:
                text += "\n" + "\n".join(standings_lines(tournament))
        self.runner.spawn(self._post(tournament, text), f"tournament-{tournament.id}-end")
        self.changed(tournament)

    def say(self, tournament: Tournament, text: str) -> None:
        """Post ``text`` in the tournament's channel."""
        self.runner.spawn(self._post(tournament, text), f"tournament-{tournament.id}-say")

    def regrouped(
        self, tournament: Tournament, plan: Seating, moving: list[int], channels: list[int]
    ) -> None:
        """Tell the tournament's channel, the tables that close (``channels``) and each player
        who moves (by DM) how the tables are regrouped."""
        with using(server_locale(tournament.guild_id)):  # public: the server's language
            text = regroup_text(tournament, plan, moving)
        name = f"tournament-{tournament.id}-regroup"
        self.runner.spawn(self._post(tournament, text), name)
        for channel_id in channels:
            self.runner.spawn(self._post(tournament, text, channel_id), name)
        for user in moving:
            entry = tournament.entry(user)
            if entry is not None and entry.bot_style is None:
                self.runner.spawn(send_dm(self.client, user, text), name)

    async def table_channel(self, tournament: Tournament, label: str) -> int:
        """The tournament's channel for a sit-and-go; for a multi-table tournament a new
        public thread of it named after the table (a clear refusal without the permissions)."""
        if not tournament.multi_table:
            return tournament.channel_id
        channel = self.check_seating(tournament)
        assert channel is not None
        thread = await channel.create_thread(
            name=self._thread_name(tournament, label),
            type=discord.ChannelType.public_thread,
        )
        return thread.id

    @staticmethod
    def _thread_name(tournament: Tournament, label: str) -> str:
        with using(server_locale(tournament.guild_id)):
            return _("Tournament #{id} · {label}").format(id=tournament.id, label=label)[:100]

    def check_seating(self, tournament: Tournament) -> discord.TextChannel | None:
        """A multi-table tournament's channel, if the bot may open threads there (else a
        clear :class:`~bot.errors.TableError`); ``None`` for a sit-and-go."""
        if not tournament.multi_table:
            return None
        channel = self._channel(tournament)
        if not isinstance(channel, discord.TextChannel):
            raise TableError(
                _("A multi-table tournament seats its tables in threads of a text channel.")
            )
        allowed = channel.permissions_for(channel.guild.me)
        missing = [
            name
            for name, ok in (
                ("Create Public Threads", allowed.create_public_threads),
                ("Send Messages in Threads", allowed.send_messages_in_threads),
            )
            if not ok
        ]
        if missing:
            raise TableError(
                _("I need {permissions} in this channel to seat the tables in threads.").format(
                    permissions=(" " + _("and") + " ").join(missing)
                )
            )
        return channel

    def _channel(self, tournament: Tournament) -> Any:
        return self.client.get_channel(tournament.channel_id)

    async def _post(self, tournament: Tournament, text: str, channel_id: int | None = None) -> None:
        """Post in the tournament's channel (or a table's thread of it, ``channel_id``); when
        the tournament's channel is gone, DM every registered member."""
        channel: Any
        if channel_id is not None:
            channel = self.client.get_channel(channel_id)
            if channel is None:
                return
        else:
            channel = self._channel(tournament)
        if channel is None:
            for entry in tournament.members():
                await send_dm(self.client, entry.user_id, text)
            return
        try:
            await channel.send(text, allowed_mentions=NO_PINGS)
        except discord.HTTPException as exc:
            log.warning("could not post in tournament %s channel: %s", tournament.id, exc)

    async def _redraw(self, tournament: Tournament) -> None:
        channel = self._channel(tournament)
        if channel is None or tournament.message_id is None:
            return
        try:
            with using(server_locale(tournament.guild_id)):  # public: the server's language
                embed = tournament_embed(tournament)
            await channel.get_partial_message(tournament.message_id).edit(embed=embed)
        except discord.HTTPException as exc:
            log.info("could not edit tournament %s message: %s", tournament.id, exc)
