"""A player who leaves is announced once: when the leave ends the game, the result message has
the leaving event's line, and the runtime adds its own "left the table" message only when that
line does not say the credits taken (decided from the events' facts, not their text)."""

from __future__ import annotations

import pytest

from bot.words import says_left_with
from engine.core.betting_events import BetMade
from engine.variants.kessel.events import PlayerLeft as KesselLeft
from engine.variants.twopot.events import PlayerLeft
from tests.bot.variant_table import SHORT_GAMES, public_messages, start_seeded
from tests.helpers import World


def test_the_leaving_fact_says_the_credits_taken() -> None:
    bet = BetMade("bob", "fold", "fold", 0, 0, False)
    assert says_left_with((bet, PlayerLeft("bob", 40, True)), 40)
    assert not says_left_with((bet, PlayerLeft("bob", 40, True)), 39)
    assert not says_left_with((KesselLeft("bob"),), 0)  # Kessel's leaver forfeits: not said
    assert not says_left_with((bet,), 0)


@pytest.mark.parametrize("group", sorted(SHORT_GAMES))
async def test_a_leave_that_ends_the_game_is_said_once(world: World, group: str) -> None:
    table = await start_seeded(world, group, 5, 2, **SHORT_GAMES[group])
    asked = await world.bob.slash(world.channel, f"{group} leave")
    left = await world.bob.click(asked.response, custom_id="leave:yes")
    assert left.acknowledged and table.game is not None and table.game.finished
    credits = table.left_seats[1]
    said = [
        text
        for text in public_messages(world, table)
        if f"left the table with **{credits}** credits" in text
        or f"leaves the table with {credits} credits" in text
    ]
    assert len(said) == 1, said
