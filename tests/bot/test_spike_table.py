"""Corellian Spike through simcord: ``/spike rules`` and the lobby, a whole four-player game from
``/spike start`` to the payout (antes, three rounds of card phase, betting and spike dice, swaps,
gains and junks, a Sabacc Shift, a showdown tied on every tie-break and decided by a single blind
draw that also takes the Sabacc pot) with credits conserved after every click, house rules through
``options:``, and a restart mid-hand that resumes.

``SEED`` and the policy (:mod:`tests.bot.spike_policy`) make it always the same game
(:mod:`tests.bot.variant_table`).
"""

from __future__ import annotations

import re
from typing import Any

from engine.variants.corellian_spike import SpikeGame
from tests.bot.spike_policy import spike_policy
from tests.bot.variant_table import (
    HAND_BUTTON,
    VariantTable,
    dms,
    field_value,
    labels,
    public_messages,
)
from tests.helpers import World, text_of
from tests.table_driver import money, open_accounts, passive, play, table_in, table_message

# With spike_policy, SEED gives: junks in the early hands, hand 9 heads-up with a Sabacc Shift
# (double spikes in round 2), both players revealing a Sabacc Pair of 5s, a single blind draw
# (▲ +3 beats ▲ -10) giving d the hand pot and the Sabacc pot (10); d ends with every credit.
SEED = 27
BUY_IN = 30


def spike_shows(game: Any, view: Any, message: Any, text: str) -> None:
    """Round and discard pile on the table message; betting buttons while betting."""
    assert re.fullmatch(r"[1-3] of 3", field_value(message, "Round"))
    assert field_value(message, "Discard pile")
    if "Betting" in view.phase:
        assert "Fold" in labels(message)


SPIKE = VariantTable(
    "spike", "Corellian Spike", SpikeGame, spike_policy, SEED, BUY_IN, check=spike_shows
)


async def test_rules_and_lobby_commands(world: World) -> None:
    words = ("Sabacc Shift", "single blind draw", "Sabacc pot", "Junk", "Swap", "Yee-Haa", "Rhylet")
    await SPIKE.rules_embed(world, words)
    await SPIKE.lobby_moves_no_credit(world)


async def test_four_player_game_shift_junk_blind_draw_sabacc_pot(world: World) -> None:
    table, watch, before = await SPIKE.play_whole_game(world)
    rows = watch.button_rows()
    assert ("Check", "Bet…", "All-in", "Fold", HAND_BUTTON) in rows
    assert any(row[:1] == ("Gain (draw)",) and "Junk" in row for row in rows)
    assert any(any(label.startswith("Swap for ") for label in row) for row in rows)
    results = public_messages(world, table)
    # The table message shows the hand in play; a hand's last lines are in its result message.
    seen = "\n".join([*watch.shown, *results])
    antes = r"Hand \d+: <@\d+> starts\. (\d) players ante 2 \+ 1 \(hand pot (\d+), Sabacc pot \d+\)"
    found = re.findall(antes, seen)  # every hand start: each player antes 2 into the hand pot
    assert found and all(int(pot) == 2 * int(n) for n, pot in found)
    for round_no in (1, 2, 3):
        assert f"Round {round_no}/3 · card phase." in seen
        assert f"Round {round_no}/3 · betting." in seen
        assert f"Spike dice (round {round_no}): " in seen
    assert "Sabacc Shift! The spike dice showed 1 and 1." in seen
    assert "Spike dice (round 2): 1 and 1 — doubles: SABACC SHIFT!" in seen
    assert re.search(r"swaps: takes . [+-]\d+ from the discard pile", seen)
    nine = next(text for text in results if "Hand 9: " in text)  # the last hand's summary
    assert nine.count("— total 0: Sabacc Pair (5s).") == 2
    assert re.search(
        r"Single blind draw for the hand pot: <@\d+> draws ▲ \+3, <@\d+> draws ▲ -10", nine
    )
    assert re.search(r"<@\d+> takes the Sabacc pot \(10\)!", nine)
    assert "on every tie-break, won the single blind draw." in nine
    junks = "\n".join(results)
    assert re.search(r"<@\d+> junks: .+ go face up to the discard pile", junks + seen)
    assert any("Final" in text for text in results)
    assert any("Sabacc Shift dealt you" in text for m in world.players for text in dms(m))
    await SPIKE.settled_at(world, table, before, [970, 970, 970, 1090])


async def test_house_rules_stakes_and_autocomplete(world: World) -> None:
    before = await open_accounts(world)
    choices = await world.alice.autocomplete(world.channel, "spike start", "options", "rounds=2")
    names = [c["name"] for c in choices]
    assert "rounds=2 tie_break=blind_draw" in names and "rounds=2 gain_mode=discard_first" in names
    stakes = await world.alice.autocomplete(world.channel, "spike start", "stakes", "tour")
    assert [c["name"] for c in stakes] == ["tournament — 1000 credits"]
    bad = await world.bob.slash(world.channel, "spike start", options="gain_mode=peek")
    assert bad.ephemeral and "gain_mode must be discard_first or draw_then_choose" in (
        bad.response.content
    )
    lobby = await world.alice.slash(
        world.channel,
        "spike start",
        stakes="tournament",
        options="tie_break=split rounds=1 max_hands=1 gain_mode=draw_then_choose",
    )
    assert not lobby.ephemeral and "1000" in text_of(lobby.response)
    await world.bob.click(lobby.response, label="Join")
    await world.alice.click(lobby.response, label="Start")
    table = table_in(world)
    assert table.game is not None and table.buy_in == 1000
    assert "Round 1/1" in table.public_view().phase
    await play(world, passive)  # everyone stands and checks
    assert table.game.finished and table.game.public_view().hand_no == 1  # one hand only
    assert await money(world) == before


async def test_restart_mid_hand_then_finish(world: World, restart: Any) -> None:
    pots = {"Hand pot": 8, "Sabacc pot": 4}
    await SPIKE.restart_mid_hand_then_finish(world, restart, 1, "Round 2/3 · Card phase", pots)
    assert table_message(world) is not None and table_in(world).game is not None
