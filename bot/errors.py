"""User-facing errors and the one place that turns any interaction error into a reply.

Public API (stable)::

    class UserFacingError(Exception)          # .message is shown to the user, ephemerally
        InsufficientFunds(balance, needed, *, theirs=False)      # .balance .needed
        DailyNotReady(retry_after: float)                          # .retry_after seconds
        BalanceTooHigh(cap: int)
        TableError(message)                   # lobby/table problems ("table is full", ...)
        NotYourTurn(message=...)
        StaleButton(message=...)
    APOLOGY: str                              # what a user sees for an unexpected error
    quote(text, limit=QUOTE_LIMIT) -> str     # “text” for a message, cut to limit characters
    fit(content, limit=CONTENT_LIMIT) -> str  # content cut to what Discord accepts in a message
    user_message(error) -> str | None         # the text for an expected error, None if unexpected
    async respond(interaction, content=None, *, embed=None, ephemeral=True, view=None) -> None
    async handle_interaction_error(interaction, error) -> None
    error_boundary(interaction)               # async context manager for DynamicItem callbacks
    class BaseView(discord.ui.View)           # on_error -> handle_interaction_error
    class BaseModal(discord.ui.Modal)         # same for modals

``engine.core.game.IllegalAction`` is treated like a :class:`UserFacingError`: its reason is
written for players by :func:`bot.words.reason_text`. Expected errors are never logged as
errors; unexpected ones are logged with their traceback on the ``bot.errors`` logger and the
user only gets :data:`APOLOGY`.

Every reply is an answer: a message that echoes what a member typed quotes it with
:func:`quote` (a 6 000-character option stays a short quote), and :func:`respond` cuts any
content to Discord's 2 000 characters, so an error reply can never be refused for its length.

Note: discord.py only *logs* exceptions raised in a ``DynamicItem`` callback, so wrap such
callbacks in ``async with error_boundary(interaction): ...``.
"""

from __future__ import annotations

import logging
import math
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import discord
from discord import app_commands

from bot import metrics
from bot.i18n import N_, _, current
from bot.i18n.readers import read_by
from bot.words.reasons import reason_text
from engine.core.game import IllegalAction

__all__ = [
    "APOLOGY",
    "BalanceTooHigh",
    "BaseModal",
    "BaseView",
    "DailyNotReady",
    "InsufficientFunds",
    "NotYourTurn",
    "StaleButton",
    "TableError",
    "UserFacingError",
    "error_boundary",
    "fit",
    "format_duration",
    "handle_interaction_error",
    "quote",
    "respond",
    "user_message",
]

log = logging.getLogger(__name__)

APOLOGY = N_(
    "Something went wrong on our side; nothing was changed. "
    "Please try again, and tell a server admin if it keeps happening."
)


#: Discord's limit on a message's content.
CONTENT_LIMIT = 2000
#: How much of a member's input a message quotes back.
QUOTE_LIMIT = 40


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``“text”`` for a message, cut to ``limit`` characters with an ellipsis.

    >>> quote("high")
    '“high”'
    >>> quote("x" * 50, 5)
    '“xxxx…”'
    """
    text = text.strip()
    return f"“{text if len(text) <= limit else text[: limit - 1] + '…'}”"


def fit(content: str, limit: int = CONTENT_LIMIT) -> str:
    """``content`` cut to ``limit`` characters (with an ellipsis) for Discord."""
    return content if len(content) <= limit else content[: limit - 1] + "…"


class UserFacingError(Exception):
    """An expected failure whose message is written for the user and shown ephemerally."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class InsufficientFunds(UserFacingError):
    """A debit larger than the balance."""

    def __init__(self, balance: int, needed: int, *, theirs: bool = False) -> None:
        text = (
            _("They have {balance} credits but {needed} are needed.")
            if theirs
            else _("You have {balance} credits but {needed} are needed.")
        )
        number = current().number
        super().__init__(text.format(balance=number(balance), needed=number(needed)))
        self.balance = balance
        self.needed = needed


class DailyNotReady(UserFacingError):
    """``/daily`` was claimed less than its cooldown ago."""

    def __init__(self, retry_after: float) -> None:
        super().__init__(
            _("You already claimed your daily credits. Come back in {duration}.").format(
                duration=format_duration(retry_after)
            )
        )
        self.retry_after = retry_after


class BalanceTooHigh(UserFacingError):
    """A credit would push a balance above the cap."""

    def __init__(self, cap: int) -> None:
        super().__init__(
            _("That would put the balance above the maximum of {cap} credits.").format(
                cap=current().number(cap)
            )
        )
        self.cap = cap


class TableError(UserFacingError):
    """Something about a table prevents the request (full, already seated, no table here...)."""


class NotYourTurn(UserFacingError):
    """A seat tried to act when it is not pending."""

    def __init__(self, message: str = N_("It's not your turn.")) -> None:
        super().__init__(message)


class StaleButton(UserFacingError):
    """A click on a control from an earlier turn."""

    def __init__(
        self, message: str = N_("This button is out of date: the hand has moved on.")
    ) -> None:
        super().__init__(message)


def format_duration(seconds: float) -> str:
    """Whole hours and minutes, rounded up: ``"23 h 59 min"``, ``"5 min"``, ``"2 h"``.

    >>> format_duration(3600 * 23 + 59 * 60 + 1)
    '24 h'
    >>> format_duration(61)
    '2 min'
    """
    minutes = max(1, math.ceil(seconds / 60))
    hours, minutes = divmod(minutes, 60)
    if hours and minutes:
        return f"{hours} h {minutes} min"
    return f"{hours} h" if hours else f"{minutes} min"


def _permission_names(names: list[str]) -> str:
    return ", ".join(name.replace("_", " ").replace("guild", "server").title() for name in names)


def user_message(error: BaseException) -> str | None:
    """The text to show for an expected error, or ``None`` when ``error`` is a bug."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, UserFacingError):
        return _(error.message)  # a constant marked N_ is translated here
    if isinstance(error, IllegalAction):
        return reason_text(error)
    if isinstance(error, app_commands.NoPrivateMessage):
        return _("This command only works in a server, not in direct messages.")
    if isinstance(error, app_commands.MissingPermissions):
        needed = _permission_names(error.missing_permissions)
        return _("You need the {permission} permission to do that.").format(permission=needed)
    if isinstance(error, app_commands.BotMissingPermissions):
        needed = _permission_names(error.missing_permissions)
        return _("I need the {permission} permission in this channel to do that.").format(
            permission=needed
        )
    if isinstance(error, app_commands.CommandOnCooldown):
        return _("Slow down: try again in {seconds} s.").format(seconds=f"{error.retry_after:.0f}")
    if isinstance(error, app_commands.CheckFailure):
        return _("You can't use this command here.")
    return None


async def respond(
    interaction: discord.Interaction[Any],
    content: str | None = None,
    *,
    embed: discord.Embed | None = None,
    ephemeral: bool = True,
    view: discord.ui.View | None = None,
) -> None:
    """Reply to ``interaction`` whether or not it was already responded to or deferred."""
    kwargs: dict[str, Any] = {"ephemeral": ephemeral}
    if content is not None:
        kwargs["content"] = fit(content)
    if embed is not None:
        kwargs["embed"] = embed
    if view is not None:
        kwargs["view"] = view
    if interaction.response.is_done():
        await interaction.followup.send(**kwargs)
    else:
        await interaction.response.send_message(**kwargs)


async def handle_interaction_error(
    interaction: discord.Interaction[Any], error: BaseException
) -> None:
    """Answer ``interaction`` ephemerally for ``error``: its message if expected, else an apology.

    Unexpected errors are logged with their traceback; their details never reach the user.
    """
    message = user_message(error)
    if message is None:
        command = interaction.command.qualified_name if interaction.command else None
        log.error(
            "Unexpected error (command=%s, user=%s, guild=%s)",
            command,
            interaction.user.id,
            interaction.guild_id,
            exc_info=error,
        )
        message = _(APOLOGY)
        metrics.failed("interaction")
    try:
        await respond(interaction, message, ephemeral=True)
    except discord.HTTPException:
        # The interaction expired or was answered elsewhere; nothing more we can tell the user.
        log.warning("Could not send an error reply for interaction %s", interaction.id)


@asynccontextmanager
async def error_boundary(interaction: discord.Interaction[Any]) -> AsyncIterator[None]:
    """Route any exception of the block to :func:`handle_interaction_error` (and swallow it)."""
    try:
        yield
    except Exception as error:  # this *is* the error handler
        await handle_interaction_error(interaction, error)


class BaseView(discord.ui.View):
    """A View whose callback errors become ephemeral replies (see module doc), answered in the
    clicking member's language."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """Every click is answered in the clicking member's language."""
        read_by(interaction)
        return True

    async def on_error(
        self,
        interaction: discord.Interaction[Any],
        error: Exception,
        item: discord.ui.Item[Any],
        /,
    ) -> None:
        """Delegate to :func:`handle_interaction_error`."""
        await handle_interaction_error(interaction, error)


class BaseModal(discord.ui.Modal):
    """A Modal whose submit errors become ephemeral replies (see module doc), answered in the
    member's language."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """Every submission is answered in the member's language."""
        read_by(interaction)
        return True

    async def on_error(  # type: ignore[override]  # Modal narrows BaseView.on_error
        self, interaction: discord.Interaction[Any], error: Exception, /
    ) -> None:
        """Delegate to :func:`handle_interaction_error`."""
        await handle_interaction_error(interaction, error)
