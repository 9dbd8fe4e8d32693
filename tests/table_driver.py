"""Drive a table through simcord like players would, in the ``world`` fixture's channel.

Thin wrappers over :class:`bot.sim_driver.SimDriver` (shared with the offline demo), so the
table and variant tests keep their short calls: ``await play(world, all_in)``,
``await do(world, seat, "bet", 10)``, ``table_in(world)``, ``table_message(world)``; and the
credit checks every table test makes (``money``, ``open_accounts``, ``assert_settled``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from simcord.results import InteractionResult

from bot.sim_driver import Policy, SimDriver, all_in, passive
from bot.tables.models import Table
from tests.helpers import World, text_of

__all__ = [
    "Policy",
    "actor_of",
    "all_in",
    "assert_settled",
    "balances",
    "do",
    "driver",
    "manager",
    "money",
    "open_accounts",
    "passive",
    "play",
    "public_text",
    "table_in",
    "table_message",
]


def driver(world: World) -> SimDriver:
    """A driver for the world's channel; every member (and the admin) may be seated."""
    return SimDriver(world.env, world.channel, (*world.players, world.admin), seen=world.seen)


def manager(world: World) -> Any:
    """The bot's table manager."""
    return world.bot.tables


def table_in(world: World) -> Table:
    """The channel's open table, else its newest one."""
    return driver(world).table()


def table_message(world: World) -> Any:
    """The table's public message."""
    return driver(world).table_message()


def actor_of(world: World, table: Table, seat: int) -> Any:
    """The member seated at ``seat``."""
    return driver(world).actor_of(table, seat)


async def do(world: World, seat: int, kind: str, value: Any = None) -> InteractionResult:
    """The seated member clicks ``kind`` and completes any prompt."""
    return await driver(world).do(seat, kind, value)


async def play(
    world: World,
    policy: Policy = passive,
    *,
    max_steps: int = 2000,
    after_step: Callable[[], Awaitable[Any]] | None = None,
    stop: Callable[[Table], bool] | None = None,
) -> Table:
    """Play the members' seats with ``policy`` until the game ends (or ``stop`` says so)."""
    return await driver(world).play(policy, max_steps=max_steps, after_step=after_step, stop=stop)


async def money(world: World) -> int:
    """Σ balances (house included) + Σ escrow in the guild."""
    return int(await world.bot.bank.total_money(world.guild.id))


async def open_accounts(world: World) -> int:
    """Open the four members' accounts; returns :func:`money`."""
    for member in world.players:
        await world.bot.bank.balance(world.guild.id, member.id)
    return await money(world)


async def balances(world: World, members: Sequence[Any] | None = None) -> list[int]:
    """The members' balances (default: the four players), in order."""
    members = world.players if members is None else members
    return [await world.bot.bank.balance(world.guild.id, m.id) for m in members]


async def assert_settled(world: World, table: Table, before: int) -> None:
    """The guild holds ``before`` credits in all and nothing is left in the table's escrow."""
    assert await money(world) == before
    assert await world.bot.bank.table_escrow(None, table.id) == {}


def public_text(world: World) -> str:
    """Every message of the channel, as text."""
    return "\n".join(text_of(m) for m in world.channel.history())
