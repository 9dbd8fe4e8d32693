"""The base of every variant cog: ``/<variant> start|join|leave|rules`` over the table runtime.

A variant cog only names its variant and its rules summary::

    class Coruscant(VariantCog, group_name="coruscant", group_description="Coruscant Shift"):
        variant_id = "coruscant-shift"
        rules = RULES_EMBED_TEXT

Every command answers before anything that can be slow: a busy channel or a running game is
refused from memory at once (the table message is checked in the background), and ``/start``
either shows its lobby or holds no credits (a lobby whose message could not be posted is closed
and refunded at once).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import TableError, quote
from bot.i18n import _
from bot.i18n.readers import for_server
from bot.tables.models import Seat, Status, Table
from bot.tables.options import check_options, parse_options, settable, show_value
from bot.tables.refusals import ChannelBusy, busy_text
from bot.tables.service import TableService
from bot.ui.acting import confirm
from bot.ui.controls import build_table_message
from bot.ui.revive import PromptView
from bot.words.vocab import variant_name
from engine.core.game import VariantInfo
from engine.variants import get_variant

if TYPE_CHECKING:
    from bot.client import SabaccBot


class LeaveConfirm(PromptView):
    """Asks a player to confirm leaving a running game."""

    def __init__(self, manager: TableService, table: Table) -> None:
        super().__init__(timeout=60)
        self.manager, self.table = manager, table
        self.leave.label, self.stay.label = _("Leave the game"), _("Stay")

    @discord.ui.button(
        label="Leave the game", style=discord.ButtonStyle.danger, custom_id="leave:yes"
    )
    async def leave(self, interaction: discord.Interaction[Any], _button: Any) -> None:
        self.stop()
        if self.table.status is not Status.PLAYING:  # stale: the game ended meanwhile
            await interaction.response.edit_message(content=_("This game is over."), view=None)
            return
        await interaction.response.defer()
        await self.manager.leave_game(self.table, interaction.user.id)
        await confirm(
            interaction.edit_original_response(content=_("You left the game."), view=None)
        )

    @discord.ui.button(label="Stay", style=discord.ButtonStyle.secondary, custom_id="leave:no")
    async def stay(self, interaction: discord.Interaction[Any], _button: Any) -> None:
        self.stop()
        await interaction.response.edit_message(content=_("You stay at the table."), view=None)


@app_commands.guild_only()  # on the class: the group (its subcommands' own decorator is ignored)
class VariantCog(commands.GroupCog):
    """Slash commands shared by every variant; subclasses set ``variant_id`` and ``rules``.

    The whole ``/<variant>`` group is guild-only (its root decides; Discord ignores contexts on
    subcommands), so it is not offered in DMs; a DM use still gets a clear answer
    (:mod:`bot.inputs`)."""

    variant_id: ClassVar[str]
    rules: ClassVar[str]

    def __init__(self, bot: SabaccBot) -> None:
        self.bot = bot

    @property
    def info(self) -> VariantInfo:
        """The cog's variant."""
        return get_variant(self.variant_id)

    def _manager(self) -> TableService:
        return self.bot.tables

    async def _refuse(
        self, interaction: discord.Interaction[Any], table: Table, text: Callable[[str], str]
    ) -> None:
        """Refuse with a link to ``table`` (``text(link)``) at once; then check its message,
        which is posted again if it was deleted without our hearing of it (the refusal then
        links to the new one)."""
        presenter = self.bot.presenter
        await interaction.response.send_message(text(presenter.link(table)), ephemeral=True)
        old = table.message_id
        await presenter.watch.check_message(table)
        if table.message_id != old:
            await confirm(interaction.edit_original_response(content=text(presenter.link(table))))

    async def _stakes_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        presets = self.info.buy_in_presets
        return [
            app_commands.Choice(
                name=_("{preset} — {amount} credits").format(preset=_(name), amount=amount),
                value=name,
            )
            for name, amount in presets.items()
            if current.lower() in name.lower()
        ][:25]

    @app_commands.command(name="start", description="Open a table in this channel")
    @app_commands.describe(
        stakes="A stake preset (buy-in per player)",
        buy_in="A custom buy-in in credits (instead of a preset)",
        turn_timer="Seconds each player has to act (default 90)",
        options="House rules as name=value pairs, e.g. max_hands=5",
    )
    async def start(
        self,
        interaction: discord.Interaction[Any],
        stakes: str | None = None,
        buy_in: app_commands.Range[int, 1, 1_000_000] | None = None,
        turn_timer: app_commands.Range[int, 20, 900] | None = None,
        options: app_commands.Range[str, 1, 300] | None = None,
    ) -> None:
        """Open a table in this channel."""
        info = self.info
        house_rules = parse_options(info, options)
        if buy_in is None:
            preset = stakes or info.default_preset
            if preset not in info.buy_in_presets:
                names = ", ".join(info.buy_in_presets)
                raise TableError(
                    _("Unknown stakes {stakes}. Choose one of: {names}.").format(
                        stakes=quote(preset), names=names
                    )
                )
            buy_in = info.buy_in_presets[preset]
        if buy_in < info.min_buy_in:
            raise TableError(
                _("The buy-in must be at least {amount} credits.").format(amount=info.min_buy_in)
            )
        if house_rules:
            check_options(info, buy_in, house_rules)
        assert interaction.guild_id is not None and interaction.channel_id is not None
        user = interaction.user
        try:
            table = await self._manager().create(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                host=Seat(user.id, getattr(user, "display_name", user.name)),
                info=info,
                buy_in=buy_in,
                turn_timeout=int(turn_timer or self.bot.settings.turn_timeout),
                options=house_rules,
            )
        except ChannelBusy as busy:
            await self._refuse(interaction, busy.table, partial(busy_text, busy.table))
            return
        with for_server(table):  # the public lobby message
            embed, view = build_table_message(table)
        try:
            await interaction.response.send_message(embed=embed, **_view_kw(view))
        except BaseException:
            await self._manager().close_unshown(table)  # no lobby shown: no credits held
            raise
        message = await interaction.original_response()
        await self._manager().set_message(table, message.id)

    start.autocomplete("stakes")(_stakes_autocomplete)

    async def _options_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """Suggest the options not written yet, each with its default."""
        written = current.rstrip()
        taken = {name.lower() for name, _ in (p.split("=", 1) for p in written.split() if "=" in p)}
        choices = []
        for name, default in settable(self.info).items():
            if name in taken:
                continue
            text = f"{written} {name}={show_value(default)}".strip()[:100]
            choices.append(app_commands.Choice(name=text, value=text))
        return choices[:25]

    start.autocomplete("options")(_options_autocomplete)

    @app_commands.command(name="join", description="Sit down at the table in this channel")
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        """Sit down at the table in this channel."""
        table = self._table_here(interaction)
        user = interaction.user
        if table.status is Status.PLAYING:
            await self._refuse(interaction, table, _("The game has already started: {}").format)
            return
        await self._manager().join(table, Seat(user.id, getattr(user, "display_name", user.name)))
        self.bot.presenter.request_render(table)
        await interaction.response.send_message(
            _("You sat down; {amount} credits are held for the game.").format(amount=table.buy_in),
            ephemeral=True,
        )

    @app_commands.command(name="leave", description="Leave the table in this channel")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        """Leave the table in this channel (in a game you fold and cash out what is left)."""
        table = self._table_here(interaction)
        manager = self._manager()
        if table.status is Status.LOBBY:
            await manager.leave_lobby(table, interaction.user.id)
            self.bot.presenter.request_render(table)
            await interaction.response.send_message(
                _("You left; your buy-in is back."), ephemeral=True
            )
            return
        seat = table.seat_of(interaction.user.id)
        if seat is None or not table.still_in(seat):
            raise TableError(_("You are not playing at this table."))
        confirm = LeaveConfirm(manager, table)
        await interaction.response.send_message(
            _(
                "Leave the game? You fold or forfeit as the rules say, and what is left of your "
                "stack goes back to your balance now."
            )
            if table.tournament_id is None
            else _(
                "Leave the tournament? You forfeit your chips and take the lowest place still open."
            ),
            view=confirm,
            ephemeral=True,
        )
        confirm.opened_by(interaction)

    @app_commands.command(name="rules", description="A short summary of the rules")
    async def rules_command(self, interaction: discord.Interaction[Any]) -> None:
        """A short summary of the rules."""
        embed = discord.Embed(
            title=_("{variant} — rules").format(variant=variant_name(self.info)),
            description=_(self.rules)[:4000],
            colour=discord.Colour.gold(),
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    def _table_here(self, interaction: discord.Interaction[Any]) -> Table:
        table = self._manager().index.in_channel(interaction.channel_id or 0)
        if table is None or table.variant.id != self.variant_id:
            raise TableError(
                _("There is no {variant} table in this channel.").format(
                    variant=variant_name(self.info)
                )
            )
        return table


def _view_kw(view: discord.ui.View | None) -> dict[str, Any]:
    """``{"view": view}`` for a send call, ``{}`` without one."""
    return {} if view is None else {"view": view}
