"""Drive a table through simcord like players would: open a lobby with the real slash command,
join, seat bot opponents with **Add bot**, start, then click action buttons, pick options in the
ephemeral picker and fill the amount modal.

The offline demo (:mod:`bot.demo`) and the tests (``tests/table_driver.py``) share this code.
It needs simcord (the ``dev`` or ``demo`` extra), never a Discord connection.

Policies decide for a seat: ``policy(table, seat, legal_specs) -> (kind, value)`` where
``value`` is ``None``, an amount, or a sequence of option values. :func:`engine_policy` wraps
the engine's bot opponents (:mod:`engine.bots`) once they support the variant; otherwise
:func:`random_policy` is a simple legal fallback.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import simcord.env as _simcord_env
from simcord.actors import MemberActor
from simcord.builders import ChannelHandle
from simcord.env import Env
from simcord.results import InteractionResult, ResponseMessage

from bot.client import SabaccBot
from bot.tables.models import Table
from bot.tables.service import TableService
from engine.core.game import Action, ActionSpec, ParamKind

__all__ = [
    "Policy",
    "SimDriver",
    "VirtualSleep",
    "all_in",
    "as_choice",
    "bots_support",
    "component_interaction",
    "engine_policy",
    "fast_idle",
    "passive",
    "random_policy",
]

# A policy picks (kind, amount or choices) for a seat from its legal actions.
Policy = Callable[[Table, int, tuple[ActionSpec, ...]], tuple[str, Any]]

_QUIET = ("check", "call", "stand")


@dataclass
class VirtualSleep:
    """A bot's ``sleeper``: every wait of the table runtime (turn timers, bot delays, edit
    intervals) is declared to simcord as an intentional wait, so its wake-up is virtual from
    birth and only :meth:`simcord.env.Env.advance_time` moves it. A test's outcome then never
    depends on how fast the machine runs, and the demo's clock moves bots at their own pace
    without holding up a player's click."""

    env: Env | None = None

    async def __call__(self, seconds: float) -> None:
        if self.env is None or seconds <= 0:
            await asyncio.sleep(seconds)
            return
        await self.env.external_wait(asyncio.sleep(seconds), reason="table timer")

    def now(self) -> float:
        """Seconds on the clock these waits follow: simcord's virtual clock (the event loop's
        before an env is given)."""
        if self.env is None:
            return asyncio.get_running_loop().time()
        return self.env.now().timestamp()

    async def wait(self, event: Awaitable[Any]) -> Any:
        """An intentional wait for an event of the outside world (a paused table's clock)."""
        if self.env is None:
            return await event
        return await self.env.external_wait(event, reason="table paused")


def passive(table: Table, seat: int, specs: tuple[ActionSpec, ...]) -> tuple[str, Any]:
    """Keep every card, check or call; never fold."""
    kinds = {s.kind: s for s in specs}
    for kind in _QUIET:
        if kind in kinds:
            return kind, None
    spec = specs[0]
    if spec.param is ParamKind.CHOICE:
        return spec.kind, [o.value for o in spec.options[: spec.max_choices]]
    if spec.param is ParamKind.AMOUNT:
        return spec.kind, spec.min_amount
    return spec.kind, None


def all_in(table: Table, seat: int, specs: tuple[ActionSpec, ...]) -> tuple[str, Any]:
    """Push: all-in whenever possible, else like :func:`passive`."""
    if any(s.kind == "all_in" for s in specs):
        return "all_in", None
    return passive(table, seat, specs)


def random_policy(rng: random.Random) -> Policy:
    """A simple legal policy: mostly quiet, sometimes a small bet or raise, rarely a fold."""

    def decide(table: Table, seat: int, specs: tuple[ActionSpec, ...]) -> tuple[str, Any]:
        weights = [0.1 if s.kind == "fold" else 3.0 if s.kind in _QUIET else 1.0 for s in specs]
        spec = rng.choices(specs, weights=weights)[0]
        if spec.param is ParamKind.AMOUNT:
            top = min(spec.max_amount, max(spec.min_amount, spec.min_amount * 3))
            return spec.kind, rng.randint(spec.min_amount, top)
        if spec.param is ParamKind.CHOICE:
            options = list(spec.options[:25])
            low = max(spec.min_choices, 1)
            high = min(spec.max_choices, len(options))
            return spec.kind, [o.value for o in rng.sample(options, rng.randint(low, high))]
        return spec.kind, None

    return decide


def as_choice(action: Action) -> tuple[str, Any]:
    """An engine :class:`Action` as a policy answer ``(kind, value)``."""
    if action.amount is not None:
        return action.kind, action.amount
    if action.choices:
        return action.kind, list(action.choices)
    return action.kind, None


def bots_support(variant_id: str) -> bool:
    """Whether :mod:`engine.bots` exists and plays ``variant_id`` (then **Add bot** shows)."""
    try:
        from engine.bots import supports
    except ImportError:
        return False
    return bool(supports(variant_id))


def engine_policy(style: str = "balanced") -> Policy:
    """Decide like the engine's bot opponent of ``style`` (the same call the tables make)."""
    from engine.bots import choose_action

    def decide(table: Table, seat: int, specs: tuple[ActionSpec, ...]) -> tuple[str, Any]:
        assert table.game is not None
        return as_choice(choose_action(table.variant.id, table.game, seat, style))

    return decide


def component_interaction(
    env: Env, actor: Any, stored: Any, data: dict[str, Any]
) -> tuple[Any, dict[str, Any]]:
    """A component interaction of ``actor`` on the stored message ``stored`` (simcord's record
    and its INTERACTION_CREATE payload), to emit later with others "at the same instant".

    Uses private simcord 3.2.1 internals (pinned), like the fast idle patch below.
    """
    from simcord import interactions
    from simcord.backend import serializers
    from simcord.enums import InteractionType

    backend = env.backend
    record, payload = interactions.base_payload(
        backend,
        type=InteractionType.MESSAGE_COMPONENT,
        channel_id=stored.channel_id,
        guild_id=actor.guild.id,
        user_id=actor.id,
        data=data,
    )
    payload["message"] = dict(serializers.message_payload(backend, stored))
    record.source_message_id = stored.id
    return record, payload


@contextlib.contextmanager
def fast_idle() -> Iterator[None]:
    """Shorten simcord's idle poll from 50 ms to 1 ms while inside.

    A documented private patch of the pinned simcord 3.2.1: every actor call then takes ~2 ms.
    Only for scripted runs (tests, the headless demo); restored on exit.
    """
    original = _simcord_env.Env._settle_internal

    async def fast(
        self: Any,
        *,
        timeout: float | None = None,
        idle: float = 0.05,
        dispatch: Any = None,
        _deadline: float | None = None,
    ) -> Any:
        return await original(
            self, timeout=timeout, idle=min(idle, 0.001), dispatch=dispatch, _deadline=_deadline
        )

    _simcord_env.Env._settle_internal = fast  # type: ignore[method-assign]
    try:
        yield
    finally:
        _simcord_env.Env._settle_internal = original  # type: ignore[method-assign]


@dataclass
class SimDriver:
    """Plays the tables of one channel through simcord actors (``members`` may sit down)."""

    env: Env
    channel: ChannelHandle
    members: Sequence[MemberActor]
    # channel -> the newest table seen open there: the runtime forgets a table once it ended,
    # a driver still shows it (share one dict between the drivers of one session)
    seen: dict[int, Table] = field(default_factory=dict)

    # ------------------------------------------------------------------ lookups

    @property
    def bot(self) -> SabaccBot:
        """The bot under test."""
        bot = self.env.bot
        assert isinstance(bot, SabaccBot)
        return bot

    @property
    def manager(self) -> TableService:
        """The bot's table service."""
        return self.bot.tables

    def table(self) -> Table:
        """The open table of the channel, else the newest one seen (finished or cancelled)."""
        table = self.manager.index.in_channel(self.channel.id)
        if table is not None:
            self.seen[self.channel.id] = table
            return table
        table = self.seen.get(self.channel.id)
        if table is None:
            raise LookupError("no table was opened in this channel")
        return table

    def table_message(self) -> Any:
        """The table's one public message (a ``discord.Message``)."""
        table = self.table()
        for message in self.channel.history():
            if message.id == table.message_id:
                return message
        raise LookupError("the table message is not in the channel")

    def actor_of(self, table: Table, seat: int) -> MemberActor:
        """The member seated at ``seat``."""
        user_id = table.seats[seat].user_id
        for member in self.members:
            if member.id == user_id:
                return member
        raise LookupError(f"seat {seat} is not one of the driven members")

    # ------------------------------------------------------------------ lobby

    async def open_lobby(self, host: MemberActor, group: str, **options: Any) -> InteractionResult:
        """``host`` runs ``/<group> start`` in the channel; returns the lobby reply."""
        lobby = await host.slash(self.channel, f"{group} start", **options)
        if not lobby.acknowledged or lobby.ephemeral:
            raise RuntimeError(f"/{group} start failed: {_reply_text(lobby)}")
        return lobby

    async def control(self, member: MemberActor, what: str) -> InteractionResult:
        """``member`` clicks a lobby/table control (join, leave, addbot, start, cancel, hand)."""
        table = self.table()
        result = await member.click(self.table_message(), custom_id=f"sabacct:{table.id}:{what}")
        if not result.acknowledged or (result.ephemeral and what in ("join", "start")):
            raise RuntimeError(f"{what} failed: {_reply_text(result)}")
        return result

    async def add_bot(self, host: MemberActor, style: str) -> InteractionResult:
        """The host clicks **Add bot**, then the ``style`` button of the ephemeral picker."""
        shown = await self.control(host, "addbot")
        added = await host.click(_reply(shown), custom_id=f"botstyle:{style}")
        if not added.acknowledged:
            raise RuntimeError(f"adding a {style} bot failed")
        return added

    async def leave(self, member: MemberActor, group: str) -> InteractionResult:
        """``member`` runs ``/<group> leave`` and confirms if the bot asks."""
        asked = await member.slash(self.channel, f"{group} leave")
        response = asked.response
        if response is not None and "leave:yes" in _custom_ids(response.components):
            return await member.click(response, custom_id="leave:yes")
        return asked

    # ------------------------------------------------------------------ play

    async def do(self, seat: int, kind: str, value: Any = None) -> InteractionResult:
        """The seated member clicks ``kind`` on the table message and completes any prompt."""
        table = self.table()
        actor = self.actor_of(table, seat)
        game = table.game
        assert game is not None
        spec = next(s for s in game.legal_actions(seat) if s.kind == kind)
        clicked = await actor.click(
            self.table_message(), custom_id=f"sabacc:{table.id}:{game.turn}:{kind}"
        )
        if spec.param is ParamKind.AMOUNT:
            return await actor.submit_modal(clicked, {"amount": str(value)})
        if spec.param is ParamKind.CHOICE:
            values = list(value)
            picker = picker_of(clicked)
            if spec.max_choices == 1 and len(spec.options) <= 5:
                index = [o.value for o in spec.options].index(values[0])
                return await actor.click(picker, custom_id=f"pick:{index}")
            picked = await actor.select(picker, values, custom_id="pick:select")
            if spec.max_choices == 1:
                return picked
            return await actor.click(_reply(picked), custom_id="pick:confirm")
        return clicked

    async def play(
        self,
        policy: Policy = passive,
        *,
        max_steps: int = 2000,
        after_step: Callable[[], Awaitable[Any]] | None = None,
        stop: Callable[[Table], bool] | None = None,
    ) -> Table:
        """Play the members' seats with ``policy`` until the game ends (or ``stop`` says so).

        Seats of bot opponents move by themselves inside the bot; when only they are pending,
        the driver lets the simulated clock run until a member has to act.
        """
        for _ in range(max_steps):
            table = self.table()
            game = table.game
            assert game is not None
            if game.finished or (stop is not None and stop(table)):
                return table
            members = [s for s in sorted(game.pending_seats()) if not table.seats[s].is_bot]
            if not members:
                await self.env.advance_time(max(self.bot.settings.bot_delay, 0.001))
                continue
            seat = members[0]
            kind, value = policy(table, seat, game.legal_actions(seat))
            result = await self.do(seat, kind, value)
            if not result.acknowledged:
                raise RuntimeError(f"{kind} by seat {seat} was not acknowledged")
            if after_step is not None:
                await after_step()
        raise RuntimeError(f"the game did not end within {max_steps} steps")


def _custom_ids(components: Any) -> set[str]:
    """Every custom_id in raw component dicts (action rows nest their children)."""
    found: set[str] = set()
    for component in components or ():
        if isinstance(component, dict):
            if "custom_id" in component:
                found.add(str(component["custom_id"]))
            found |= _custom_ids(component.get("components"))
    return found


def _reply(result: InteractionResult) -> ResponseMessage:
    """The message an interaction answered with (a picker, a prompt); it must exist."""
    if result.response is None:
        raise RuntimeError("the bot did not answer the interaction")
    return result.response


def picker_of(result: InteractionResult) -> ResponseMessage:
    """The ephemeral card picker a click on the table opened: a follow-up of the click (the
    click itself is a deferred update of the table message)."""
    for message in reversed(result.followups):
        if any(i.startswith("pick:") for i in _custom_ids(message.components)):
            return message
    raise RuntimeError("the click opened no picker")


def _reply_text(result: InteractionResult) -> str:
    response = result.response
    return "" if response is None else str(response.content or "")
