"""Prompts opened before a restart: the amount form still plays; a picker answers clearly."""

from __future__ import annotations

from typing import Any

from bot.sim_driver import picker_of
from tests.bot.test_table_guards import open_bet_form
from tests.bot.test_tables import start_table
from tests.helpers import World, text_of
from tests.table_driver import actor_of, table_in, table_message


async def test_an_amount_form_opened_before_a_restart_still_bets(
    world: World, restart: Any
) -> None:
    actor, shown = await open_bet_form(world)
    await restart()
    table = table_in(world)
    assert table.game is not None
    seq = table.game.seq
    done = await actor.submit_modal(shown, {"amount": "5"})
    confirmed = text_of(done.followups[-1])  # a follow-up: the form updated the table
    assert done.acknowledged and "✅" in confirmed and "5" in confirmed
    assert table.game.seq == seq + 1


async def test_the_amount_form_uses_the_label_component(world: World) -> None:
    """Discord's current modal layout: each input inside a Label (type 18) that carries its
    text, no action row (type 1) and no label on the input itself."""
    actor, shown = await open_bet_form(world)
    assert shown.modal is not None
    (label,) = shown.modal["components"]
    assert label["type"] == 18 and label["label"].startswith("Amount (")
    text_input = label["component"]
    assert text_input["type"] == 4 and text_input["custom_id"] == "amount"
    assert text_input.get("label") is None  # discord.py sends null: the Label carries it
    done = await actor.submit_modal(shown, {"amount": "5"})
    assert done.acknowledged and "✅" in text_of(done.followups[-1])


async def test_a_picker_opened_before_a_restart_answers_clearly(world: World, restart: Any) -> None:
    await start_table(world, 2, buy_in=50)
    table = table_in(world)
    assert table.game is not None
    seat = min(table.game.pending_seats())
    actor = actor_of(world, table, seat)
    shown = await actor.click(
        table_message(world), custom_id=f"sabacc:{table.id}:{table.game.turn}:select"
    )
    picker = picker_of(shown)
    assert picker.ephemeral and picker.components
    await restart()
    spec = table_in(world).game.legal_actions(seat)[0]  # type: ignore[union-attr]
    late = await actor.select(picker, [spec.options[0].value], custom_id="pick:select")
    assert late.acknowledged and late.ephemeral
    assert "press the button on the table again" in late.response.content


async def test_a_leave_confirmation_from_before_a_restart_answers_clearly(
    world: World, restart: Any
) -> None:
    await start_table(world, 2, buy_in=50)
    asked = await world.bob.slash(world.channel, "coruscant leave")
    await restart()
    late = await world.bob.click(asked.response, custom_id="leave:yes")
    assert late.acknowledged and "no longer active" in late.response.content
    assert table_in(world).open
