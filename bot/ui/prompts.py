"""What a click on a table button does (:class:`TableClicks`, the table buttons' click
handler): a game action is checked, then played at once, or asks for an amount or a choice
(:mod:`bot.ui.pickers`); the lobby and table controls are :mod:`bot.ui.lobby`'s. Playing a click
is :mod:`bot.ui.acting`'s."""

from __future__ import annotations

from typing import Any

import discord

from bot.art import present
from bot.ui.acting import play, runtime_of, seated_turn
from bot.ui.lobby import on_control_click
from bot.ui.pickers import AmountModal, ChoiceView, submit_amount
from bot.ui.revive import Prompts
from engine.core.game import Action, ParamKind


async def on_action_click(
    interaction: discord.Interaction[Any], table_id: int, turn: int, kind: str
) -> None:
    """A game action button on the table message: answered with a deferred update of the
    table message (redrawn through this click once the action committed); a picker is an
    ephemeral follow-up, an amount a form."""
    table, seat, spec = seated_turn(interaction, table_id, turn, kind)
    if spec.param is ParamKind.AMOUNT:
        await interaction.response.send_modal(AmountModal(table, turn, spec))
    elif spec.param is ParamKind.CHOICE:
        await interaction.response.defer()
        presenter = runtime_of(interaction).presenter
        picker = ChoiceView(table, seat, turn, spec, presenter.answering(table, interaction).ride)
        present.decorate_picker(interaction.client, table, picker)
        hand, text = picker.hand(), picker.text()
        if hand is None:
            await interaction.followup.send(text, view=picker, ephemeral=True)
        else:
            await interaction.followup.send(text, embed=hand, view=picker, ephemeral=True)
        picker.opened_by(interaction)
    else:
        await interaction.response.defer()
        await play(interaction, table, seat, Action(kind), turn)


class TableClicks:
    """The :class:`bot.ui.controls.ClickHandler` of the table buttons."""

    def __init__(self) -> None:
        self.prompts = Prompts(submit_amount)

    async def on_action(
        self, interaction: discord.Interaction[Any], table_id: int, turn: int, kind: str
    ) -> None:
        """A game action button: see :func:`on_action_click`."""
        await on_action_click(interaction, table_id, turn, kind)

    async def on_control(
        self, interaction: discord.Interaction[Any], table_id: int, what: str
    ) -> None:
        """A lobby or table control: see :func:`on_control_click`."""
        await on_control_click(interaction, table_id, what)
