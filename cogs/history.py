"""Hand history commands: /verify, /history, /replay and /export (per server).

Every finished hand of a fair table is stored with its seed (see :mod:`bot.history.recorder`),
revealed when its table closes or in a daily batch (:mod:`bot.history.sealing`). ``/verify``
recomputes the commitment and replays the hand through the engine (off the event loop);
``/replay`` steps through it with ◀ ▶ buttons (public facts only, so also while sealed);
``/export`` attaches its JSON for ``python -m engine.verify``. A hand still being played is never
replayed or exported, and a sealed one is neither verified nor exported: they say when.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import BaseView, UserFacingError
from bot.history import sealing, views
from bot.history import store as hstore
from bot.history.retention import prune_forever
from bot.i18n import _, using
from bot.i18n.readers import server_locale
from bot.inputs import guild_of, server_command
from bot.tables.store import now
from engine.replay import Frame, frames
from engine.verify import verify

if TYPE_CHECKING:
    from bot.client import SabaccBot

HandId = app_commands.Range[int, 1]
HAND = "The hand's number (see /history)"  # the description of a command's hand option
REPLAY_TIMEOUT = 900.0


async def _finished(
    bot: SabaccBot, guild_id: int, hand_id: int, *, sealed_ok: bool = False
) -> tuple[Any, dict[str, Any]]:
    """A finished hand of this server and its record (the stored seed and commitment win);
    one whose seed is still sealed (:mod:`bot.history.sealing`) only with ``sealed_ok``."""
    row = await hstore.hand_row(bot.db, guild_id, hand_id)
    if row is None:
        raise UserFacingError(_("There is no hand #{id} at this server.").format(id=hand_id))
    if row["status"] != hstore.FINISHED:
        raise UserFacingError(
            _(
                "Hand #{id} is still being played: its seed stays secret until its table "
                "closes (or a day after the hand ends). Commitment: {commitment}"
            ).format(id=hand_id, commitment=f"`{row['commitment']}`")
        )
    due = sealing.sealed_until(row, now=now())
    if due is not None and not sealed_ok:
        raise UserFacingError(sealing.sealed_text(hand_id, due))
    record = json.loads(row["record"])
    record |= {"seed": row["seed"], "commitment": row["commitment"], "hand_id": row["id"]}
    return row, record


class ReplayView(BaseView):
    """◀ ▶ through the frames of one hand, on the ephemeral reply of who asked."""

    def __init__(
        self,
        record: dict[str, Any],
        hand_frames: list[Frame],
        viewer_seat: int | None,
        sealed: bool = False,
    ) -> None:
        super().__init__(timeout=REPLAY_TIMEOUT)
        self.record, self.frames = record, hand_frames
        self.viewer_seat, self.sealed = viewer_seat, sealed
        self.index = 0
        self._sync()

    def embed(self) -> discord.Embed:
        """The current frame."""
        return views.frame_embed(
            self.record, self.frames, self.index, viewer_seat=self.viewer_seat, sealed=self.sealed
        )

    def _sync(self) -> None:
        self.back.disabled = self.index == 0
        self.forward.disabled = self.index >= len(self.frames) - 1

    async def _turn(self, interaction: discord.Interaction[Any], delta: int) -> None:
        self.index = max(0, min(len(self.frames) - 1, self.index + delta))
        self._sync()
        await interaction.response.edit_message(embed=self.embed(), view=self)

    @discord.ui.button(label="◀", style=discord.ButtonStyle.secondary)
    async def back(self, interaction: discord.Interaction[Any], _button: Any) -> None:
        """One step back."""
        await self._turn(interaction, -1)

    @discord.ui.button(label="▶", style=discord.ButtonStyle.primary)
    async def forward(self, interaction: discord.Interaction[Any], _button: Any) -> None:
        """One step forward."""
        await self._turn(interaction, 1)


class History(commands.Cog):
    """Provably fair hands: verify, list, replay and export them."""

    def __init__(self, bot: SabaccBot) -> None:
        self.bot = bot
        self._pruner: asyncio.Task[None] | None = None
        bot.add_cleanup(self.cog_unload)  # a bot released without unloading its cogs

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """Start the retention task once connected (finished hands older than HISTORY_DAYS
        are deleted, now and every few hours)."""
        if self._pruner is None or self._pruner.done():
            self._pruner = asyncio.get_running_loop().create_task(
                prune_forever(self.bot), name="history-retention"
            )

    async def cog_unload(self) -> None:
        """Stop the retention task."""
        if self._pruner is not None:
            self._pruner.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._pruner
            self._pruner = None

    async def _private(
        self, interaction: discord.Interaction[SabaccBot], hand: int, *, sealed_ok: bool = False
    ) -> tuple[Any, dict[str, Any]]:
        """A finished hand of this server and its record (see :func:`_finished`) for a private
        answer: the interaction is acknowledged first (ephemeral, thinking), before any read."""
        guild = guild_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        return await _finished(self.bot, guild, hand, sealed_ok=sealed_ok)

    @server_command("verify", hand=HAND)
    async def verify_hand(self, interaction: discord.Interaction[SabaccBot], hand: HandId) -> None:
        """Check a hand: its seed matches the commitment, and replaying it reproduces it."""
        guild = guild_of(interaction)
        row = await hstore.hand_row(self.bot.db, guild, hand)
        if row is None:
            raise UserFacingError(_("There is no hand #{id} at this server.").format(id=hand))
        public = server_locale(guild)  # the answers are public: in the server's language
        if row["status"] != hstore.FINISHED:
            with using(public):
                embed = views.running_embed(row)
            await interaction.response.send_message(embed=embed)
            return
        due = sealing.sealed_until(row, now=now())
        if due is not None:
            with using(public):
                embed = views.sealed_embed(row, due)
            await interaction.response.send_message(embed=embed)
            return
        await interaction.response.defer(thinking=True)
        row, record = await _finished(self.bot, guild, hand)
        verdict = await asyncio.to_thread(verify, record)
        with using(public):
            embed = views.verdict_embed(row, verdict)
        await interaction.followup.send(embed=embed)

    @server_command("history", member="Only the hands this member played (default: everyone's)")
    async def history(
        self, interaction: discord.Interaction[SabaccBot], member: discord.Member | None = None
    ) -> None:
        """Recent finished hands at this server: variant, pot and result."""
        guild = guild_of(interaction)
        user_id = member.id if member is not None else None
        rows = await hstore.recent_hands(self.bot.db, guild, user_id=user_id)
        title = (
            _("Recent hands of {name}").format(name=member.display_name)
            if member
            else _("Recent hands")
        )
        await interaction.response.send_message(
            embed=views.history_embed(title, rows), ephemeral=True
        )

    @server_command("replay", hand=HAND)
    async def replay(self, interaction: discord.Interaction[SabaccBot], hand: HandId) -> None:
        """Step through a finished hand with ◀ ▶ (your own cards too, if you played it)."""
        row, record = await self._private(interaction, hand, sealed_ok=True)  # public facts only
        try:
            hand_frames = await asyncio.to_thread(frames, record)
        except ValueError as exc:
            await interaction.followup.send(
                _("Hand #{id} cannot be replayed: {error}. `/verify hand:{id}` says where.").format(
                    id=hand, error=exc
                ),
                ephemeral=True,
            )
            return
        seats = await hstore.hand_seats(self.bot.db, row["id"])
        sealed = sealing.sealed_until(row, now=now()) is not None
        view = ReplayView(record, hand_frames, seats.get(interaction.user.id), sealed)
        await interaction.followup.send(embed=view.embed(), view=view, ephemeral=True)

    @server_command("export", hand=HAND)
    async def export(self, interaction: discord.Interaction[SabaccBot], hand: HandId) -> None:
        """The hand as JSON, to check it yourself with python -m engine.verify."""
        _row, record = await self._private(interaction, hand)
        data = json.dumps(record, indent=1).encode()
        await interaction.followup.send(
            _("Hand #{id}: check it with `python -m engine.verify hand-{id}.json`.").format(
                id=hand
            ),
            file=discord.File(io.BytesIO(data), filename=f"hand-{hand}.json"),
            ephemeral=True,
        )


async def setup(bot: SabaccBot) -> None:
    """Extension entry point."""
    await bot.add_cog(History(bot))
