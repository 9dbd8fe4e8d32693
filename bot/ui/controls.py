"""Persistent table buttons (``DynamicItem``s that survive restarts) and the table message.

Custom ids carry everything a click needs, so a click after a restart still finds its table:

* ``sabacc:<table>:<turn>:<action>`` — a game action; ``turn`` is the engine's decision counter,
  an older value means the button is out of date;
* ``sabacct:<table>:<control>`` — lobby and table controls (join, leave, start, cancel, addbot,
  hand, back).
"""

from __future__ import annotations

import re
from typing import Any, Protocol, Self, cast, runtime_checkable

import discord

from bot import metrics, words
from bot.errors import handle_interaction_error
from bot.i18n import N_, _
from bot.i18n.readers import read_by
from bot.shapes import conforms
from bot.tables.models import Status, Table
from bot.ui import render

ACTION_ID = re.compile(r"sabacc:(?P<table>[0-9]+):(?P<turn>[0-9]+):(?P<kind>[a-z_]+)")
CONTROL_ID = re.compile(
    r"sabacct:(?P<table>[0-9]+):(?P<what>join|leave|start|cancel|addbot|hand|back)"
)

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}

CONTROLS: dict[str, tuple[str, discord.ButtonStyle]] = {  # labels: English source (N_)
    "join": (N_("Join"), discord.ButtonStyle.success),
    "leave": (N_("Leave"), discord.ButtonStyle.secondary),
    "addbot": (N_("Add bot"), discord.ButtonStyle.secondary),
    "start": (N_("Start"), discord.ButtonStyle.primary),
    "cancel": (N_("Cancel"), discord.ButtonStyle.danger),
    "hand": (N_("My hand"), discord.ButtonStyle.primary),
    "back": (N_("I'm back"), discord.ButtonStyle.success),
}
ICONS = {"hand": "🂠 "}  # before a control's label


class ClickHandler(Protocol):
    """What a click on a table button does; the bot's ``table_clicks``
    (:class:`bot.ui.prompts.TableClicks`, built in ``SabaccBot.setup_hook``) implements it. The
    buttons sit below the table runtime, which draws them, so they reach the click logic above it
    through this."""

    async def on_action(
        self, interaction: discord.Interaction[Any], table_id: int, turn: int, kind: str
    ) -> None:
        """A game action button was clicked."""

    async def on_control(
        self, interaction: discord.Interaction[Any], table_id: int, what: str
    ) -> None:
        """A lobby or table control was clicked."""


@runtime_checkable
class HasClicks(Protocol):
    """A client with a click handler of the table buttons (:class:`bot.client.SabaccBot`)."""

    table_clicks: ClickHandler


def clicks_of(interaction: discord.Interaction[Any]) -> ClickHandler:
    """The clicked bot's click handler."""
    client = interaction.client
    if not conforms(client, HasClicks):
        raise RuntimeError("the table runtime is not loaded")
    return cast(HasClicks, client).table_clicks


class _TableClick:
    """What both kinds of table buttons share: rebuilt from their custom id after a restart,
    answered in the clicking member's language, a failure shown to the clicker."""

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls.from_match(match)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        """The button its custom id (matched by its template) names."""
        raise NotImplementedError

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """The click is answered in the clicking member's language."""
        read_by(interaction)
        return True

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await self.on_click(interaction, clicks_of(interaction))
        except Exception as error:
            await handle_interaction_error(interaction, error)

    async def on_click(self, interaction: discord.Interaction[Any], clicks: ClickHandler) -> None:
        """What the click does."""
        raise NotImplementedError


class ActionButton(_TableClick, discord.ui.DynamicItem[discord.ui.Button[Any]], template=ACTION_ID):
    """A game action button on the table message."""

    def __init__(
        self,
        table_id: int,
        turn: int,
        kind: str,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80], style=style, custom_id=f"sabacc:{table_id}:{turn}:{kind}"
            )
        )
        self.table_id, self.turn, self.kind = table_id, turn, kind

    @classmethod
    def from_match(cls, match: re.Match[str]) -> ActionButton:
        """The action button of ``sabacc:<table>:<turn>:<action>``."""
        return cls(int(match["table"]), int(match["turn"]), match["kind"])

    async def on_click(self, interaction: discord.Interaction[Any], clicks: ClickHandler) -> None:
        """Count the click and play the action."""
        metrics.click()
        await clicks.on_action(interaction, self.table_id, self.turn, self.kind)


class ControlButton(
    _TableClick, discord.ui.DynamicItem[discord.ui.Button[Any]], template=CONTROL_ID
):
    """A lobby or table control (join, start, my hand, …)."""

    def __init__(self, table_id: int, what: str) -> None:
        label, style = CONTROLS[what]
        super().__init__(
            discord.ui.Button(
                label=ICONS.get(what, "") + _(label),
                style=style,
                custom_id=f"sabacct:{table_id}:{what}",
            )
        )
        self.table_id, self.what = table_id, what

    @classmethod
    def from_match(cls, match: re.Match[str]) -> ControlButton:
        """The control of ``sabacct:<table>:<control>``."""
        return cls(int(match["table"]), match["what"])

    async def on_click(self, interaction: discord.Interaction[Any], clicks: ClickHandler) -> None:
        """Run the control."""
        await clicks.on_control(interaction, self.table_id, self.what)


def _bots_available(table: Table) -> bool:
    try:
        from engine.bots import supports
    except ImportError:
        return False
    return bool(supports(table.variant.id))


def build_table_message(table: Table) -> tuple[discord.Embed, discord.ui.View | None]:
    """The embed and the buttons of a table's one public message, from public state only."""
    if table.status is Status.CANCELLED:
        return render.lobby_embed(table), None
    if table.status is Status.LOBBY:
        view = discord.ui.View(timeout=None)
        for what in ("join", "leave", "addbot", "start", "cancel"):
            if what != "addbot" or _bots_available(table):
                view.add_item(ControlButton(table.id, what))
        return render.lobby_embed(table), view
    game = table.game
    assert game is not None
    embed = render.table_embed(table, table.public_view(), table.deadline)
    if table.status is Status.FINISHED or game.finished:
        return embed, None
    view = discord.ui.View(timeout=None)
    # The pending seats' actions first (their labels win), then out-of-turn ones of the others.
    pending = sorted(game.pending_seats())
    others = [s for s in range(len(table.seats)) if s not in pending and not table.seats[s].is_bot]
    specs: dict[str, Any] = {}
    for seat in pending + others:
        for spec in table.legal_actions(seat):
            specs.setdefault(spec.kind, spec)
    for spec in list(specs.values())[:22]:
        view.add_item(
            ActionButton(
                table.id,
                game.turn,
                spec.kind,
                label=table.names(words.spec_text(table.variant.id, spec).label, plain=True),
                style=STYLES.get(spec.style, discord.ButtonStyle.secondary),
            )
        )
    view.add_item(ControlButton(table.id, "hand"))
    if table.sitting_out:
        view.add_item(ControlButton(table.id, "back"))
    return embed, view
