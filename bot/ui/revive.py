"""Prompts that outlive the process that opened them.

The amount form (a modal) carries ``sabaccamt:<table>:<turn>:<kind>`` as its custom id and is
answered from that alone, so a form opened before a restart and submitted after it still bets.
The ephemeral pickers (cards, bot style, leave confirmation) are views of one process: a click
on one opened by an earlier process, or one that timed out, gets a clear answer instead of
Discord's "This interaction failed".
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, cast, runtime_checkable

import discord

from bot.errors import handle_interaction_error
from bot.i18n.readers import read_by
from bot.shapes import conforms

AMOUNT_ID = re.compile(r"sabaccamt:(?P<table>[0-9]+):(?P<turn>[0-9]+):(?P<kind>[a-z_]+)")
PROMPT_IDS = ("pick:", "botstyle:", "leave:")
KEPT = 4096  # prompts remembered (the oldest are forgotten first; they timed out long ago)
GONE = (
    "This prompt is no longer active (the bot was restarted or it timed out): "
    "press the button on the table again."
)


def amount_id(table_id: int, turn: int, kind: str) -> str:
    """The custom id of an amount form."""
    return f"sabaccamt:{table_id}:{turn}:{kind}"


def modal_value(data: Any, custom_id: str) -> str:
    """The text typed in the input ``custom_id`` of a submitted modal's raw data."""
    for row in data.get("components", ()):
        inner = row.get("components") or [row.get("component", row)]
        for component in inner:
            if component.get("custom_id") == custom_id:
                return str(component.get("value") or "")
    return ""


# submit(interaction, table_id, turn, kind, typed text): plays an amount form's action.
SubmitAmount = Callable[[discord.Interaction[Any], int, int, str, str], Awaitable[None]]


class Prompts:
    """The ephemeral prompts this process opened and still answers (by opening interaction),
    and the one handler of every amount form."""

    def __init__(self, submit_amount: SubmitAmount) -> None:
        self._open: OrderedDict[int, None] = OrderedDict()
        self.submit_amount = submit_amount

    def opened(self, interaction: discord.Interaction[Any]) -> None:
        """``interaction`` was answered with a prompt view of this process."""
        self._open[interaction.id] = None
        while len(self._open) > KEPT:
            self._open.popitem(last=False)

    def closed(self, interaction: discord.Interaction[Any]) -> None:
        """The prompt ``interaction`` opened timed out."""
        self._open.pop(interaction.id, None)

    def live(self, message: discord.Message | None) -> bool:
        """Whether a prompt message is one this process still answers."""
        meta = message.interaction_metadata if message is not None else None
        return meta is not None and meta.id in self._open

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Every interaction: answer amount forms, and clicks on prompts nobody answers (in the
        member's language)."""
        read_by(interaction)
        data: Any = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        try:
            if interaction.type is discord.InteractionType.modal_submit:
                match = AMOUNT_ID.fullmatch(custom_id)
                if match is not None:
                    raw = modal_value(data, "amount")
                    turn, kind = int(match["turn"]), match["kind"]
                    await self.submit_amount(interaction, int(match["table"]), turn, kind, raw)
            elif (
                interaction.type is discord.InteractionType.component
                and custom_id.startswith(PROMPT_IDS)
                and not self.live(interaction.message)
            ):
                await interaction.response.send_message(GONE, ephemeral=True)
        except Exception as error:
            await handle_interaction_error(interaction, error)


@runtime_checkable
class HasPrompts(Protocol):
    """A click handler with a prompt registry (:class:`bot.ui.prompts.TableClicks`)."""

    prompts: Prompts


@runtime_checkable
class HasClickHandler(Protocol):
    """A client with a click handler of the table buttons (:class:`bot.client.SabaccBot`)."""

    table_clicks: object


def prompts_of(client: object) -> Prompts | None:
    """The bot's prompt registry (set with the table runtime), if loaded."""
    clicks = (
        cast(HasClickHandler, client).table_clicks if conforms(client, HasClickHandler) else None
    )
    prompts = cast(HasPrompts, clicks).prompts if conforms(clicks, HasPrompts) else None
    return prompts if isinstance(prompts, Prompts) else None


class PromptView(discord.ui.View):
    """An ephemeral prompt view: call :meth:`opened_by` once it is sent, so clicks on it after
    it timed out (or after a restart) get a clear answer; errors are answered ephemerally."""

    _opener: discord.Interaction[Any] | None = None

    def opened_by(self, interaction: discord.Interaction[Any]) -> None:
        """This view was sent as the answer to ``interaction``."""
        prompts = prompts_of(interaction.client)
        if prompts is not None:
            prompts.opened(interaction)
            self._opener = interaction

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """Every click is answered in the clicking member's language."""
        read_by(interaction)
        return True

    async def on_timeout(self) -> None:
        opener = self._opener
        prompts = prompts_of(opener.client) if opener is not None else None
        if opener is not None and prompts is not None:
            prompts.closed(opener)

    async def on_error(
        self, interaction: discord.Interaction[Any], error: Exception, item: discord.ui.Item[Any], /
    ) -> None:
        await handle_interaction_error(interaction, error)
