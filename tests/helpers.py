"""Reusable test helpers for the simcord harness (fixtures live in ``tests/conftest.py``).

* :class:`World` - what the ``world`` fixture returns (env, guild, channel, members).
* :func:`modal_ids` - label -> custom_id of a modal shown in an interaction result.
* :func:`burst_click` - several users click the same button at the same instant;
  :func:`burst` - several clicks, each on its own message, at the same instant.
* :func:`text_of` - content + embed text of a response, for loose assertions.
* :class:`VirtualSleep` - the bot's ``sleeper`` in tests: its timers wait in simcord's
  virtual time only (they pass with ``advance_time``, never with wall-clock time).

``burst_click`` uses private simcord 3.2.1 internals (pinned in pyproject).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from simcord import interactions as _interactions
from simcord.actors import _find_component, _visible_message
from simcord.backend import serializers
from simcord.builders import ChannelHandle, GuildHandle
from simcord.enums import ComponentType, InteractionType
from simcord.env import Env
from simcord.results import InteractionResult


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

    @property
    def players(self) -> tuple[Any, ...]:
        """alice, bob, carol, dave."""
        return (self.alice, self.bob, self.carol, self.dave)

    @property
    def bot(self) -> Any:
        """The bot currently attached to the env (changes after a restart)."""
        return self.env.bot


@dataclass
class VirtualSleep:
    """A bot's ``sleeper``: every wait of the table runtime is declared to simcord as an
    intentional wait, so its wake-up is virtual from birth. A test's outcome then never depends
    on how fast the machine runs, whatever ``settle_timeout`` is."""

    env: Env | None = None

    async def __call__(self, seconds: float) -> None:
        if self.env is None or seconds <= 0:
            await asyncio.sleep(seconds)
            return
        await self.env.external_wait(asyncio.sleep(seconds), reason="table timer")

    async def wait(self, event: Awaitable[Any]) -> Any:
        """An intentional wait for an event of the outside world (a paused table's clock)."""
        if self.env is None:
            return await event
        return await self.env.external_wait(event, reason="table paused")


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
        record, payload = _interactions.base_payload(
            backend,
            type=InteractionType.MESSAGE_COMPONENT,
            channel_id=stored.channel_id,
            guild_id=actor.guild.id,
            user_id=actor.id,
            data=data,
        )
        payload["message"] = dict(serializers.message_payload(backend, stored))
        record.source_message_id = stored.id
        records.append((record, payload))
    for _record, payload in records:
        backend.emit("INTERACTION_CREATE", payload)
    await env.settle()
    return [InteractionResult(env, record) for record, _ in records]
