"""The lobby and table controls: Join / Leave / Add bot (with its style picker) / Start /
Cancel in the lobby, My hand / I'm back in play."""

from __future__ import annotations

from typing import Any

import discord

from bot.art import present
from bot.errors import TableError
from bot.i18n import N_, _
from bot.i18n.readers import for_server
from bot.tables.models import BOT_STYLES, Seat, Table
from bot.tables.refusals import check_add_bot, check_start, hand_of
from bot.ui import render
from bot.ui.acting import manager_of, runtime_of
from bot.ui.controls import build_table_message
from bot.ui.revive import PromptView

BOT_STYLE_NAMES = {"cautious": N_("Cautious"), "balanced": N_("Balanced"), "bold": N_("Bold")}
BOT_STYLES_LOWER = {"cautious": N_("cautious"), "balanced": N_("balanced"), "bold": N_("bold")}


class BotStyleView(PromptView):
    """Host picks the style of a bot opponent to seat."""

    def __init__(self, table: Table) -> None:
        super().__init__(timeout=120)
        self.table = table
        self.used = False  # one picker seats one bot, however many clicks reach it
        for style in BOT_STYLES:
            button: discord.ui.Button[BotStyleView] = discord.ui.Button(
                label=_(BOT_STYLE_NAMES[style]),
                style=discord.ButtonStyle.primary,
                custom_id=f"botstyle:{style}",
            )
            button.callback = self._make(style)  # type: ignore[method-assign]
            self.add_item(button)

    def _make(self, style: str) -> Any:
        async def add(interaction: discord.Interaction[Any]) -> None:
            table = self.table
            check_add_bot(table, interaction.user.id)
            if self.used:
                raise TableError(_("A bot was already seated from this picker."))
            self.used = True
            await interaction.response.defer()
            runtime = runtime_of(interaction)
            try:
                seat = await runtime.tables.add_bot(table, interaction.user.id, style)
            except BaseException:
                self.used = False  # nothing was seated: the picker may be used again
                raise
            runtime.presenter.request_render(table)
            self.stop()
            await interaction.edit_original_response(
                content="🤖 "
                + _("{name} ({style}) sat down.").format(
                    name=seat.name, style=_(BOT_STYLES_LOWER[style])
                ),
                view=None,
            )

        return add


async def on_control_click(interaction: discord.Interaction[Any], table_id: int, what: str) -> None:
    """Join / Leave / Add bot / Start / Cancel in the lobby; My hand / I'm back in play."""
    manager = manager_of(interaction)
    table = manager.index.require(table_id)
    user = interaction.user
    if what == "hand":
        game, seat = hand_of(table, user.id)
        view = game.view_for(seat)
        # acknowledged at once: the picture is drawn in a thread
        await interaction.response.defer(ephemeral=True, thinking=True)
        runtime_of(interaction).presenter.hand_seen(table, seat)  # no DM repeats it
        embed, file = await present.hand_message(interaction.client, table, view)
        await interaction.followup.send(
            render.jump(table), embed=embed, ephemeral=True, **present.file_kw(file)
        )
        return
    if what == "back":
        # the table shows them back in play through this click (a deferred update of the table
        # message), like every click that changes a table; the welcome is a private follow-up
        await interaction.response.defer()
        runtime_of(interaction).presenter.answering(table, interaction)
        if not await manager.set_back(table, user.id):
            raise TableError(_("You are not sitting out."))
        await interaction.followup.send(
            _("Welcome back: your turns are yours again."), ephemeral=True
        )
        return
    if what == "addbot":
        check_add_bot(table, user.id)  # refused before the picker opens
        picker = BotStyleView(table)
        await interaction.response.send_message(
            _("Which kind of opponent?"), view=picker, ephemeral=True
        )
        picker.opened_by(interaction)
        return
    if what == "join":
        name = getattr(user, "display_name", user.name)
        await manager.join(table, Seat(user.id, name))
    elif what == "leave":
        await manager.leave_lobby(table, user.id)
    elif what == "start":
        # the first deal is drawn through this click (a deferred update of the table message)
        check_start(table, user.id)  # refused at once, ephemerally
        await interaction.response.defer()
        runtime_of(interaction).presenter.answering(table, interaction)
        await manager.start(table, user.id)
        return
    elif what == "cancel":
        await manager.cancel(table, user.id)
    # Lobby changes are quick SQLite writes: answer by redrawing the message in place (it is
    # the public table message: in the server's language).
    with for_server(table):
        embed, shown = build_table_message(table)
    await interaction.response.edit_message(embed=embed, view=shown)
