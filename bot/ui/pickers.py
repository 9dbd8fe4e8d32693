"""The pickers of a game action: an amount form (:class:`AmountModal`, answered by
:func:`submit_amount` even after a restart) and an ephemeral card/option picker
(:class:`ChoiceView`, with a live preview from the engine); and how their words are shown.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import discord

from bot import metrics, words
from bot.errors import UserFacingError, quote
from bot.i18n import _
from bot.tables.models import Table
from bot.tables.rides import Ride
from bot.ui import render
from bot.ui.acting import commit, confirm, play, seated_turn
from bot.ui.revive import PromptView, amount_id
from engine.core.game import Action, ActionSpec


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
        """The picker's message: the question, what each option does, the choice so far and
        the engine's preview of it."""
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
        """The clicker's hand as it is now (none before the deal)."""
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
        await commit(interaction, table, seat, action, self.turn, ride=self.ride)
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
