"""What a slash command may receive, checked before any command runs.

Discord's client keeps a command out of DMs when it is guild-only and keeps options within the
bounds the command declares, but a request can still carry anything: an out-of-date client, a
hand-made request, or a command registered before a change. :class:`InputCheck` (run by
:meth:`bot.client.SabaccTree.interaction_check`) checks every slash command invocation against
the command's own declaration, the payload Discord was given (``Command.to_dict``), so no command
repeats these checks and a new option is covered without writing anything:

* a guild-only command (the variant groups, the economy and history commands) used in a DM is
  refused with :class:`discord.app_commands.NoPrivateMessage` ("only works in a server");
* a required option that is missing is refused with :class:`BadOption`;
* every option is checked against its declared range (``min_value``/``max_value``), length
  (``min_length``/``max_length``, else Discord's 6 000 characters), choices, and Discord's
  integer bounds (±2^53 - 1: a hand id of 2^63 never reaches the database); a value outside
  is refused with :class:`BadOption`, whose message names the option and what it accepts.

Public API (stable)::

    class BadOption(UserFacingError, app_commands.AppCommandError)
    needs_server(command) -> bool
    guild_of(interaction) -> int                    # NoPrivateMessage outside a server
    server_command(name, **options) -> decorator    # a guild-only /name, options described
    class InputCheck:  check(interaction) -> bool   # raises NoPrivateMessage or BadOption
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable, Coroutine, Iterator, Mapping
from typing import Any

import discord
from discord import app_commands

from bot.errors import UserFacingError
from bot.i18n import _, current

__all__ = [
    "DISCORD_INTEGER",
    "STRING_LIMIT",
    "BadOption",
    "InputCheck",
    "guild_of",
    "needs_server",
    "server_command",
]

#: Discord's bounds of an INTEGER or NUMBER option (Application Commands, option types).
DISCORD_INTEGER = 2**53 - 1
#: The longest string option Discord accepts.
STRING_LIMIT = 6000
_SUBCOMMANDS = (
    discord.AppCommandOptionType.subcommand.value,
    discord.AppCommandOptionType.subcommand_group.value,
)
_NUMBERS = (discord.AppCommandOptionType.integer.value, discord.AppCommandOptionType.number.value)
_STRING = discord.AppCommandOptionType.string.value


class BadOption(UserFacingError, app_commands.AppCommandError):
    """An option value outside what its command declares; nothing ran."""


def needs_server(command: Any) -> bool:
    """Whether ``command`` (a slash command, a group or a context menu) is guild-only: its
    root's contexts leave DMs out (``@app_commands.guild_only()`` on a command, a Group or a
    GroupCog class; on a subcommand it is ignored, as Discord reads the root only)."""
    root = getattr(command, "root_parent", None) or command
    contexts = getattr(root, "allowed_contexts", None)
    if contexts is not None and (contexts.dm_channel or contexts.private_channel):
        return False
    return bool(getattr(root, "guild_only", False)) or (
        contexts is not None and bool(contexts.guild)
    )


def _leaf_options(data: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The options of the invoked (sub)command in an application command's data."""
    options: list[Mapping[str, Any]] = list(data.get("options") or ())
    while options and options[0].get("type") in _SUBCOMMANDS:
        options = list(options[0].get("options") or ())
    return options


def _bounds(low: Any, high: Any) -> str:
    number = current().number
    if low is not None and high is not None:
        return _("from {low} to {high}").format(low=number(low), high=number(high))
    if low is not None:
        return _("at least {low}").format(low=number(low))
    return _("at most {high}").format(high=number(high))


def _number_problem(spec: Mapping[str, Any], value: Any) -> str | None:
    integer = spec["type"] == discord.AppCommandOptionType.integer.value
    if isinstance(value, bool) or not isinstance(value, int | float):
        return _("a whole number") if integer else _("a number")
    if integer and not isinstance(value, int):
        return _("a whole number")
    if not math.isfinite(value):
        return _("a number")
    low = spec.get("min_value", -DISCORD_INTEGER)
    high = spec.get("max_value", DISCORD_INTEGER)
    if not low <= value <= high:
        kind = _("a whole number") if integer else _("a number")
        return f"{kind} {_bounds(low, high)}"
    return None


def _string_problem(spec: Mapping[str, Any], value: Any) -> str | None:
    if not isinstance(value, str):
        return _("text")
    low, high = spec.get("min_length", 0), spec.get("max_length", STRING_LIMIT)
    if not low <= len(value) <= high:
        return _("text of {bounds} characters (yours has {n})").format(
            bounds=_bounds(low or 1, high), n=current().number(len(value))
        )
    return None


def _problem(spec: Mapping[str, Any], value: Any) -> str | None:
    """What the option declared by ``spec`` (its Discord payload) accepts, when ``value`` is not
    among it; None when ``value`` is fine."""
    choices = spec.get("choices")
    if choices:
        allowed = [choice["value"] for choice in choices]
        if value not in allowed:
            return _("one of {choices}").format(
                choices=", ".join(str(choice["name"]) for choice in choices)
            )
        return None
    if spec["type"] in _NUMBERS:
        return _number_problem(spec, value)
    if spec["type"] == _STRING:
        return _string_problem(spec, value)
    return None


def guild_of(interaction: discord.Interaction[Any]) -> int:
    """The id of the server a guild-only command runs in; :class:`NoPrivateMessage
    <discord.app_commands.NoPrivateMessage>` in a DM (which :class:`InputCheck` refuses first)."""
    if interaction.guild_id is None:
        raise app_commands.NoPrivateMessage()
    return interaction.guild_id


def server_command(
    name: str, **options: str
) -> Callable[[Callable[..., Coroutine[Any, Any, None]]], app_commands.Command[Any, ..., None]]:
    """A cog's slash command ``/name`` that only works in a server, each of its ``options``
    described (option name -> description; the command's own description is its callback's
    docstring): the ``app_commands.command``, ``guild_only`` and ``describe`` decorators such a
    command stacks, in one."""

    def decorate(
        callback: Callable[..., Coroutine[Any, Any, None]],
    ) -> app_commands.Command[Any, ..., None]:
        described = app_commands.describe(**options)(callback) if options else callback
        return app_commands.command(name=name)(app_commands.guild_only()(described))

    return decorate


class InputCheck:
    """Checks every slash command invocation against its command's declaration (see module)."""

    def __init__(self, tree: app_commands.CommandTree[Any]) -> None:
        self.tree = tree
        # per command object (a reloaded cog brings new ones; the old ones are forgotten)
        self._specs: weakref.WeakKeyDictionary[Any, dict[str, Any]] = weakref.WeakKeyDictionary()

    def _declared(self, command: app_commands.Command[Any, ..., Any]) -> dict[str, Any]:
        specs = self._specs.get(command)
        if specs is None:
            payload = command.to_dict(self.tree)
            specs = {option["name"]: option for option in payload.get("options", ())}
            self._specs[command] = specs
        return specs

    def check(self, interaction: discord.Interaction[Any]) -> bool:
        """Raise :class:`~discord.app_commands.NoPrivateMessage` for a guild-only command in a
        DM, :class:`BadOption` for an option outside its declaration; False for a guild-only
        command's autocomplete in a DM (it gets no suggestions); else True."""
        command = interaction.command
        if command is None:
            return True
        invoked = interaction.type is discord.InteractionType.application_command
        if interaction.guild_id is None and needs_server(command):
            if not invoked:
                return False
            raise app_commands.NoPrivateMessage()
        if not invoked or not isinstance(command, app_commands.Command):
            return True  # autocomplete: values are partial while the member types
        declared = self._declared(command)
        given = set()
        for name, value in self._values(interaction):
            given.add(name)
            spec = declared.get(name)
            if spec is None:
                continue  # discord.py ignores an option the command does not declare
            wanted = _problem(spec, value)
            if wanted is not None:
                raise BadOption(
                    _("`{name}` must be {wanted}. Nothing was changed.").format(
                        name=name, wanted=wanted
                    )
                )
        for name, spec in declared.items():
            if spec.get("required") and name not in given:
                raise BadOption(_("`{name}` is required. Nothing was changed.").format(name=name))
        return True

    @staticmethod
    def _values(interaction: discord.Interaction[Any]) -> Iterator[tuple[str, Any]]:
        data: Any = interaction.data or {}
        for option in _leaf_options(data):
            yield str(option.get("name")), option.get("value")
