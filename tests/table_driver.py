"""Drive a table through simcord like players would: find the table message, click buttons, pick
cards in the ephemeral picker, fill amount modals. Used by the table and variant tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from simcord.results import InteractionResult

from bot.tables.models import Table
from engine.core.game import ActionSpec, ParamKind
from tests.helpers import World

# A policy picks (kind, amount or choices) for a seat from its legal actions.
Policy = Callable[[Table, int, tuple[ActionSpec, ...]], tuple[str, Any]]


def manager(world: World) -> Any:
    return world.bot.tables


def table_in(world: World) -> Table:
    table = manager(world).in_channel(world.channel.id)
    if table is None:  # finished: the newest table of the channel
        table = max(
            (t for t in manager(world).tables.values() if t.channel_id == world.channel.id),
            key=lambda t: t.id,
        )
    return table


def table_message(world: World) -> Any:
    table = table_in(world)
    for message in world.channel.history():
        if message.id == table.message_id:
            return message
    raise AssertionError("the table message is not in the channel")


def actor_of(world: World, table: Table, seat: int) -> Any:
    user_id = table.seats[seat].user_id
    for member in (*world.players, world.admin):
        if member.id == user_id:
            return member
    raise AssertionError(f"seat {seat} is not a test member")


def passive(table: Table, seat: int, specs: tuple[ActionSpec, ...]) -> tuple[str, Any]:
    """Keep every card, check or call; never fold."""
    kinds = {s.kind: s for s in specs}
    for kind in ("check", "call", "stand"):
        if kind in kinds:
            return kind, None
    spec = specs[0]
    if spec.param is ParamKind.CHOICE:
        return spec.kind, [o.value for o in spec.options[: spec.max_choices]]
    return spec.kind, None


def all_in(table: Table, seat: int, specs: tuple[ActionSpec, ...]) -> tuple[str, Any]:
    """Push: all-in whenever possible, else like :func:`passive`."""
    if any(s.kind == "all_in" for s in specs):
        return "all_in", None
    return passive(table, seat, specs)


async def do(world: World, seat: int, kind: str, value: Any = None) -> InteractionResult:
    """The seated member clicks ``kind`` on the table message and completes any prompt."""
    table = table_in(world)
    actor = actor_of(world, table, seat)
    game = table.game
    assert game is not None
    spec = next(s for s in game.legal_actions(seat) if s.kind == kind)
    clicked = await actor.click(
        table_message(world), custom_id=f"sabacc:{table.id}:{game.turn}:{kind}"
    )
    if spec.param is ParamKind.AMOUNT:
        return await actor.submit_modal(clicked, {"amount": str(value)})
    if spec.param is ParamKind.CHOICE:
        values = list(value)
        picker = clicked.response
        if spec.max_choices == 1 and len(spec.options) <= 5:
            index = [o.value for o in spec.options].index(values[0])
            return await actor.click(picker, custom_id=f"pick:{index}")
        picked = await actor.select(picker, values, custom_id="pick:select")
        if spec.max_choices == 1:
            return picked
        return await actor.click(picked.response, custom_id="pick:confirm")
    return clicked


async def play(
    world: World,
    policy: Policy = passive,
    *,
    max_steps: int = 2000,
    after_step: Callable[[], Any] | None = None,
    stop: Callable[[Table], bool] | None = None,
) -> Table:
    """Play human seats with ``policy`` until the game ends (or ``stop`` says so)."""
    for _ in range(max_steps):
        table = table_in(world)
        game = table.game
        assert game is not None
        if game.finished or (stop is not None and stop(table)):
            return table
        humans = [s for s in sorted(game.pending_seats()) if not table.seats[s].is_bot]
        assert humans, "no human to act and the game is not over"
        seat = humans[0]
        kind, value = policy(table, seat, game.legal_actions(seat))
        result = await do(world, seat, kind, value)
        assert result.acknowledged, f"{kind} by seat {seat} was not acknowledged"
        if after_step is not None:
            await after_step()
    raise AssertionError("the game did not end")
