"""What a click on a table button does: checks, then a direct action, an amount modal, or an
ephemeral card/option picker; plus the lobby and table controls."""

from __future__ import annotations

import dataclasses
import logging
import re
from collections.abc import Awaitable
from typing import Any, Protocol, runtime_checkable

import discord

from bot import metrics, words
from bot.art import present
from bot.errors import (
    TableError,
    UserFacingError,
    quote,
)
from bot.i18n import N_, _
from bot.i18n.readers import for_server
from bot.tables.models import Seat, Table
from bot.tables.presenter import Presenter
from bot.tables.refusals import check_start, check_turn
from bot.tables.rides import Ride
from bot.tables.service import TableService
from bot.ui import render
from bot.ui.controls import build_table_message
from bot.ui.revive import Prompts, PromptView, amount_id
from engine.core.game import Action, ActionSpec, ParamKind

log = logging.getLogger(__name__)

BOT_STYLES = ("cautious", "balanced", "bold")
BOT_STYLE_NAMES = {"cautious": N_("Cautious"), "balanced": N_("Balanced"), "bold": N_("Bold")}
BOT_STYLES_LOWER = {"cautious": N_("cautious"), "balanced": N_("balanced"), "bold": N_("bold")}
BOT_NAMES = ("IG-88", "Lando", "Dengar", "Bossk", "Zuckuss", "Greedo", "4-LOM", "Aurra")


@runtime_checkable
class HasTables(Protocol):
    """A client with a table runtime (:class:`bot.client.SabaccBot`)."""

    tables: TableService
    presenter: Presenter


def runtime_of(interaction: discord.Interaction[Any]) -> HasTables:
    """The clicked bot's table runtime."""
    client = interaction.client
    if not isinstance(client, HasTables):
        raise RuntimeError("the table runtime is not loaded")
    return client


def manager_of(interaction: discord.Interaction[Any]) -> TableService:
    """The clicked bot's table service."""
    return runtime_of(interaction).tables


async def confirm(reply: Awaitable[Any]) -> None:
    """Send a reply about a change that is already committed. If it fails, the change stands:
    the failure is logged, and the member is never told that nothing was changed."""
    try:
        await reply
    except discord.HTTPException as exc:
        log.warning("could not confirm a committed action (%s %s)", exc.status, exc.code)


def plain_spec(table: Table, spec: ActionSpec) -> ActionSpec:
    """``spec`` with its words written (:func:`bot.words.spec_text`) and engine player ids shown
    as names (buttons and menus render no mentions)."""
    spec = words.spec_text(table.variant.id, spec)
    return dataclasses.replace(
        spec,
        label=table.names(spec.label, plain=True),
        prompt=table.names(spec.prompt, plain=True),
        options=tuple(
            dataclasses.replace(
                o,
                label=table.names(o.label, plain=True),
                description=table.names(o.description, plain=True),
            )
            for o in spec.options
        ),
    )


def adds_to(label: str, description: str) -> bool:
    """Whether an option's description says more than its label (``value 6`` under
    ``6 of Coins``, ``Hand now: 5/4 …`` under ``Keep Blood 4 → 5/4 …`` say nothing new)."""
    core = description.rsplit(": ", 1)[-1].strip()
    if core.lower().startswith("value "):
        core = core[6:].replace("-", "−")
    return bool(core) and core not in label.replace("-", "−")


def done_text(label: str, done: str) -> str:
    """What a finished pick says: ``Put in stasis: 6 of Coins``, but ``Keep Blood 4`` rather
    than ``Keep which card?: Keep Blood 4`` (a question or a repeated verb is dropped)."""
    label = label.rstrip("…").strip()
    if label.endswith("?") or label.split(" ", 1)[0] == done.split(" ", 1)[0]:
        return done
    return f"{label}: {done}"


def seated_turn(
    interaction: discord.Interaction[Any], table_id: int, turn: int, kind: str
) -> tuple[Table, int, ActionSpec]:
    """Who clicked, and may they do ``kind`` now? Raises a user-facing error otherwise."""
    service = manager_of(interaction)
    table = service.index.require(table_id)
    seat = table.seat_of(interaction.user.id)
    spec = check_turn(table, seat, turn, kind)
    assert seat is not None
    return table, seat, spec


async def play(
    interaction: discord.Interaction[Any],
    table: Table,
    seat: int,
    action: Action,
    turn: int,
    *,
    ride: Ride | None = None,
) -> None:
    """Apply an action for the clicking player (the interaction is already acknowledged, as a
    deferred update of the table message, which is then redrawn through it; ``ride``: the table
    button's token, for a picker), then show them their hand privately if it changed (their
    reply shows it: no DM repeats it)."""
    runtime = runtime_of(interaction)
    reply = runtime.presenter.answering(table, interaction, seat, ride=ride)
    await runtime.tables.act(table, seat, action, turn=turn)
    game = table.game
    if reply.hand_shown and game is not None:
        view = game.view_for(seat)
        embed, file = await present.hand_message(interaction.client, table, view)
        await confirm(
            interaction.followup.send(
                render.jump(table), embed=embed, ephemeral=True, **present.file_kw(file)
            )
        )


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


# A whole number, optionally grouped by thousands with one kind of separator: 1500, 1,500,
# 1 500 (also a no-break or thin space), 1_500. "1,5" or "1.500" is not an amount.
AMOUNT = re.compile(
    r"-?(?:[0-9]+|[0-9]{1,3}(?:(?P<sep>[,_ \u00a0\u202f\u2009])[0-9]{3})"
    r"(?:(?P=sep)[0-9]{3})*)"
)


def parse_amount(raw: str, spec: ActionSpec) -> int:
    """A validated amount from modal text; raises UserFacingError with a clear reason."""
    text = raw.strip()
    if AMOUNT.fullmatch(text) is None:
        raise UserFacingError(
            _("{text} is not a whole number of credits.").format(text=quote(text, 20))
        )
    amount = int(re.sub(r"[^0-9-]", "", text))
    if amount <= 0:
        raise UserFacingError(_("The amount must be a positive number of credits."))
    if amount < spec.min_amount:
        raise UserFacingError(_("The minimum here is {amount}.").format(amount=spec.min_amount))
    if amount > spec.max_amount:
        raise UserFacingError(
            _("You can put in at most {amount} here.").format(amount=spec.max_amount)
        )
    return amount


async def submit_amount(
    interaction: discord.Interaction[Any], table_id: int, turn: int, kind: str, raw: str
) -> None:
    """An amount form was submitted (by this process's form or one opened before a restart):
    validate the amount, then play it."""
    metrics.click()
    table, seat, spec = seated_turn(interaction, table_id, turn, kind)
    amount = parse_amount(raw, spec)
    await interaction.response.defer()  # a deferred update of the table message the form is on
    await play(interaction, table, seat, Action(kind, amount=amount), turn)
    label = plain_spec(table, spec).label.rstrip("…")
    await confirm(
        interaction.followup.send(f"✅ {label} {amount}\n{render.jump(table)}", ephemeral=True)
    )


class AmountModal(discord.ui.Modal):
    """Asks for a bet or raise amount. Its custom id says which table, turn and action it is
    for; every submission is answered by :meth:`Prompts.on_interaction` from that alone."""

    def __init__(self, table: Table, turn: int, spec: ActionSpec) -> None:
        spec = plain_spec(table, spec)
        super().__init__(
            title=(spec.prompt or spec.label.rstrip("…"))[:45] or _("Amount"),
            custom_id=amount_id(table.id, turn, spec.kind),
        )
        self.table_id, self.turn, self.kind = table.id, turn, spec.kind
        # The current modal layout: a Label (component type 18) around the text input, not
        # the deprecated action row with the label on the input.
        self.amount: discord.ui.TextInput[AmountModal] = discord.ui.TextInput(
            custom_id="amount", placeholder=str(spec.min_amount), max_length=12
        )
        self.add_item(
            discord.ui.Label(
                text=_("Amount ({least}–{most})").format(
                    least=spec.min_amount, most=spec.max_amount
                )[:45],
                component=self.amount,
            )
        )

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        """Nothing here: the submission is answered by :meth:`Prompts.on_interaction`."""


class ChoiceView(PromptView):
    """An ephemeral picker: option buttons for a short single choice, else a select (plus
    Confirm for several cards) with a live preview line from the engine."""

    def __init__(
        self, table: Table, seat: int, turn: int, spec: ActionSpec, ride: Ride | None = None
    ) -> None:
        super().__init__(timeout=max(table.turn_timeout, 60))
        spec = plain_spec(table, spec)
        self.table, self.seat, self.turn, self.spec = table, seat, turn, spec
        self.ride = ride  # the table button's token: the table is redrawn through it
        self.chosen: tuple[str, ...] = ()
        single = spec.max_choices == 1
        self.buttons = single and len(spec.options) <= 5
        if self.buttons:
            for index, option in enumerate(spec.options):
                button: discord.ui.Button[ChoiceView] = discord.ui.Button(
                    label=option.label[:80],
                    style=discord.ButtonStyle.primary,
                    custom_id=f"pick:{index}",
                )
                button.callback = self._make_pick(option.value)  # type: ignore[method-assign]
                self.add_item(button)
            return
        self.select: discord.ui.Select[ChoiceView] = discord.ui.Select(
            custom_id="pick:select",
            placeholder=(spec.prompt or spec.label)[:150],
            min_values=spec.min_choices,
            max_values=min(spec.max_choices, len(spec.options)),
            options=[
                discord.SelectOption(
                    label=o.label[:100], value=o.value, description=o.description[:100] or None
                )
                for o in spec.options[:25]
            ],
        )
        self.select.callback = self._on_select  # type: ignore[method-assign]
        self.add_item(self.select)
        if not single:
            self.confirm: discord.ui.Button[ChoiceView] = discord.ui.Button(
                label=_("Confirm"),
                style=discord.ButtonStyle.success,
                custom_id="pick:confirm",
                disabled=True,
            )
            self.confirm.callback = self._on_confirm  # type: ignore[method-assign]
            self.add_item(self.confirm)

    def text(self) -> str:
        base = self.spec.prompt or f"**{self.spec.label}**"
        if self.buttons and any(adds_to(o.label, o.description) for o in self.spec.options):
            # Buttons cannot show descriptions: list them above the buttons.
            base += "".join(
                f"\n• **{o.label}** — {o.description}"
                if adds_to(o.label, o.description)
                else f"\n• **{o.label}**"
                for o in self.spec.options
            )
        base += f"\n{render.jump(self.table)}"
        if not self.chosen:
            return base
        game = self.table.game
        preview = (
            words.preview_text(
                self.table.variant.id,
                game.preview(self.seat, Action(self.spec.kind, choices=self.chosen)),
            )
            if game
            else ""
        )
        labels = {o.value: o.label for o in self.spec.options}
        picked = ", ".join(labels.get(v, v) for v in self.chosen)
        selected = _("Selected: {picked}").format(picked=picked)
        return f"{base}\n{selected}" + (f"\n{preview}" if preview else "")

    def hand(self) -> discord.Embed | None:
        game = self.table.game
        if game is None:
            return None
        return render.hand_embed(self.table, game.view_for(self.seat))

    def _make_pick(self, value: str) -> Any:
        async def pick(interaction: discord.Interaction[Any]) -> None:
            self.chosen = (value,)
            await self._submit(interaction)

        return pick

    async def _on_select(self, interaction: discord.Interaction[Any]) -> None:
        self.chosen = tuple(self.select.values)
        if self.spec.max_choices == 1:
            await self._submit(interaction)
            return
        self.confirm.disabled = not self.chosen
        for option in self.select.options:
            option.default = option.value in self.chosen
        await interaction.response.edit_message(content=self.text(), view=self)

    async def _on_confirm(self, interaction: discord.Interaction[Any]) -> None:
        await self._submit(interaction)

    async def _submit(self, interaction: discord.Interaction[Any]) -> None:
        metrics.click()
        table, seat, _spec = seated_turn(interaction, self.table.id, self.turn, self.spec.kind)
        await interaction.response.defer()
        action = Action(self.spec.kind, choices=self.chosen)
        # the picker shows the hand (below): no DM repeats it
        runtime_of(interaction).presenter.answering(table, interaction, seat, ride=self.ride)
        await manager_of(interaction).act(table, seat, action, turn=self.turn)
        self.stop()
        game = table.game
        embed = render.hand_embed(table, game.view_for(seat)) if game else None
        labels = {o.value: o.label for o in self.spec.options}
        done = ", ".join(labels.get(v, v) for v in self.chosen)
        await confirm(
            interaction.edit_original_response(
                content=f"✅ {done_text(self.spec.label, done)}\n{render.jump(table)}",
                embed=embed,
                view=None,
            )
        )


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
            if interaction.user.id != table.host_id:
                raise TableError(_("Only the host can add bots."))
            if self.used:
                raise TableError(_("A bot was already seated from this picker."))
            self.used = True
            await interaction.response.defer()
            taken = {s.name for s in table.seats}
            name = next((n for n in BOT_NAMES if n not in taken), f"Droid {len(table.seats)}")
            bot_id = -(1 + sum(1 for s in table.seats if s.is_bot))
            runtime = runtime_of(interaction)
            try:
                await runtime.tables.join(table, Seat(bot_id, name, style))
            except BaseException:
                self.used = False  # nothing was seated: the picker may be used again
                raise
            runtime.presenter.request_render(table)
            self.stop()
            await interaction.edit_original_response(
                content="🤖 "
                + _("{name} ({style}) sat down.").format(
                    name=name, style=_(BOT_STYLES_LOWER[style])
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
        seat = table.seat_of(user.id)
        if seat is None or table.game is None:
            raise TableError(_("You're not seated at this table."))
        view = table.game.view_for(seat)
        # acknowledged at once: the picture is drawn in a thread
        await interaction.response.defer(ephemeral=True, thinking=True)
        runtime_of(interaction).presenter.hand_seen(table, seat)  # no DM repeats it
        embed, file = await present.hand_message(interaction.client, table, view)
        await interaction.followup.send(
            render.jump(table), embed=embed, ephemeral=True, **present.file_kw(file)
        )
        return
    if what == "back":
        if not await manager.set_back(table, user.id):
            raise TableError(_("You are not sitting out."))
        await interaction.response.send_message(
            _("Welcome back: your turns are yours again."), ephemeral=True
        )
        return
    if what == "addbot":
        if user.id != table.host_id:
            raise TableError(_("Only the host can add bots."))
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
