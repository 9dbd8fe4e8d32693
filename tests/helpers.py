"""Reusable test helpers for the simcord harness (fixtures live in ``tests/conftest.py``).

* :class:`World` - what the ``world`` fixture returns (env, guild, channel, members).
* :func:`modal_ids` - label -> custom_id of a modal shown in an interaction result.
* :func:`burst_click` - several users click the same button at the same instant;
  :func:`burst` - several clicks, each on its own message, at the same instant.
* :func:`text_of` - content + embed text of a response, for loose assertions.
* :func:`close_dms` - a member refuses DMs from now on.
* :func:`refuse_tokens` - Discord refuses table edits through interactions (the paced route).
* :func:`raw_slash` - a slash command as a hand-made request or an out-of-date client sends it.
* :func:`member_locales` - interactions carry each member's client language and the server's.

``burst_click``, ``raw_slash`` and ``member_locales`` use private simcord 3.2.1 internals
(pinned in pyproject).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest
from simcord.actors import _find_component, _visible_message
from simcord.builders import ChannelHandle, GuildHandle
from simcord.enums import ComponentType
from simcord.env import Env
from simcord.results import InteractionResult

from bot.sim_driver import component_interaction
from bot.storage import Database
from engine.verify import verify

BACKENDS = ("sqlite", "postgres")
#: ``pytestmark = BOTH_BACKENDS`` (or as a decorator): the test runs on SQLite and on PostgreSQL
#: (the ``backend`` fixture of conftest.py, parametrized indirectly).
BOTH_BACKENDS = pytest.mark.parametrize("backend", BACKENDS, indirect=True)


@dataclass(frozen=True)
class World:
    """A guild "Cantina" with channel #sabacc, four players and an admin (Manage Server)."""

    env: Env
    guild: GuildHandle
    channel: ChannelHandle
    alice: Any  # simcord MemberActor
    bob: Any
    carol: Any
    dave: Any
    admin: Any
    # channel -> the newest table the drivers saw open there (bot.sim_driver.SimDriver.seen)
    seen: dict[int, Any] = field(default_factory=dict)

    @property
    def players(self) -> tuple[Any, ...]:
        """alice, bob, carol, dave."""
        return (self.alice, self.bob, self.carol, self.dave)

    @property
    def bot(self) -> Any:
        """The bot currently attached to the env (changes after a restart)."""
        return self.env.bot


@contextlib.contextmanager
def bot_scope(env: Env) -> Iterator[None]:
    """Bot work a test starts by calling the bot directly (e.g. a lease take-over it ticks)
    counts as the bot's own inside this block: its tasks are settled and their timers are
    virtual, as if the bot had started them (simcord 3.2.1's private bot scope, pinned)."""
    from simcord._runtime import _BOT_SCOPE

    token = _BOT_SCOPE.set((env, env._generation))
    try:
        yield
    finally:
        _BOT_SCOPE.reset(token)


def modal_ids(shown: InteractionResult) -> dict[str, str]:
    """Label -> custom_id of every text input of the modal ``shown`` opened (simcord G5)."""
    assert shown.modal is not None, "the interaction did not open a modal"
    ids: dict[str, str] = {}
    for row in shown.modal["components"]:
        # Classic modals wrap inputs in action rows; label components wrap them in "component".
        inner = row.get("components") or [row.get("component", row)]
        for component in inner:
            label = component.get("label") or row.get("label")
            ids[label] = component["custom_id"]
    return ids


def close_dms(env: Env, member: Any) -> Any:
    """``member`` refuses DMs from now on (Discord answers 50007 to every DM to them); their
    DM channel is returned."""
    dm = member.user.dm_channel
    env.inject_error(
        "POST",
        f"/channels/{dm.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )
    return dm


def refuse_tokens(env: Env) -> None:
    """From now on Discord refuses every edit through an interaction's token (10015, as for an
    expired one): table messages are edited through the paced channel route only."""
    env.inject_error(
        "PATCH",
        "/webhooks/*/*/messages/@original",
        status=404,
        code=10015,
        message="Unknown Webhook",
        times=None,
    )


async def raw_slash(actor: Any, channel: Any, name: str, /, **options: Any) -> InteractionResult:
    """``/name`` with ``options`` sent as a hand-made request (or a client with an out-of-date
    command list) would: the registered command is found by name, but neither its contexts
    (``actor`` may be a user in their DM) nor its option bounds, choices or Discord's own
    limits are checked, so the bot alone decides what to answer."""
    from simcord import interactions as sim_interactions
    from simcord.actors import _dispatch_actor_interaction
    from simcord.enums import InteractionType

    env: Env = actor._env
    parts = name.split()
    root = env.backend.find_command(parts[0], None, type=1)
    assert root is not None, f"/{parts[0]} is not registered"
    leaf, nesting = sim_interactions.walk_to_subcommand(root, parts[1:])
    declared = {option["name"]: option for option in leaf.get("options") or []}
    values = [
        {"name": key, "type": declared[key]["type"], "value": value}
        for key, value in options.items()
    ]
    data = {
        "id": root["id"],
        "name": root["name"],
        "type": 1,
        "options": sim_interactions.nest_options(root, nesting, values),
    }
    env._begin_operation("slash")
    try:
        return await _dispatch_actor_interaction(
            actor, InteractionType.APPLICATION_COMMAND, channel, data
        )
    finally:
        env._end_operation()


def text_of(message: Any) -> str:
    """Content plus every embed's title, description, field names/values and footer."""
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or ""]
        parts += [f"{field.name}\n{field.value}" for field in embed.fields]
        parts.append(embed.footer.text or "")
    return "\n".join(part for part in parts if part)


async def burst_click(
    env: Env,
    actors: Iterable[Any],
    message: Any,
    *,
    custom_id: str | None = None,
    label: str | None = None,
) -> Sequence[InteractionResult]:
    """Every actor clicks the same button "at the same time"; one result per actor, in order.

    All INTERACTION_CREATE events are emitted before the bot runs any handler, so handlers really
    interleave (the public actors serialise calls and refuse overlapping ones).
    """
    return await burst(
        env, [(actor, message) for actor in actors], custom_id=custom_id, label=label
    )


async def burst(
    env: Env,
    clicks: Sequence[tuple[Any, Any]],
    *,
    custom_id: str | None = None,
    label: str | None = None,
) -> Sequence[InteractionResult]:
    """Each ``(actor, message)`` clicks the button on its message "at the same time" (e.g. two
    players confirming on their own ephemeral prompts); one result per click, in order."""
    backend = env.backend
    records = []
    for actor, message in clicks:
        stored = _visible_message(actor, message)
        button = _find_component(
            stored.components, types=(ComponentType.BUTTON,), custom_id=custom_id, label=label
        )
        data: dict[str, Any] = {
            "custom_id": button["custom_id"],
            "component_type": ComponentType.BUTTON,
        }
        if button.get("id") is not None:
            data["id"] = button["id"]
        records.append(component_interaction(env, actor, stored, data))
    for _record, payload in records:
        backend.emit("INTERACTION_CREATE", payload)
    await env.settle()
    return [InteractionResult(env, record) for record, _ in records]


@contextlib.contextmanager
def member_locales(locales: dict[int, str]) -> Iterator[None]:
    """Inside the block, an interaction of the member ``user_id`` carries ``locales[user_id]``
    as ``locale`` (their Discord client's language; others keep ``en-US``) and its server's
    preferred locale as ``guild_locale``.

    simcord 3.2.1 sends every interaction as ``en-US`` from an ``en-US`` server
    (``simcord.interactions.base_payload``); this wraps that function, which the actors look up
    on its module at each interaction."""
    from simcord import interactions

    original = interactions.base_payload

    def localized(backend: Any, **fields: Any) -> Any:
        record, payload = original(backend, **fields)
        payload["locale"] = locales.get(int(fields["user_id"]), "en-US")
        guild_id = fields.get("guild_id")
        if guild_id is not None:
            payload["guild_locale"] = backend.get_guild(guild_id).preferred_locale
        return record, payload

    interactions.base_payload = localized
    try:
        yield
    finally:
        interactions.base_payload = original


async def assert_hands_verify(db: Database, at_least: int) -> None:
    """At least ``at_least`` hands were played, each finished and verifiable."""
    hands = await db.fetchall("SELECT status, record FROM hands ORDER BY id")
    assert len(hands) >= at_least
    for status, record in hands:
        assert status == "finished"
        verdict = verify(json.loads(record))
        assert verdict.ok, verdict.failure
