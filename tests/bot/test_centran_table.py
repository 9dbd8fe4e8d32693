"""Centran Sabacc through simcord: ``/centran rules``, a whole four-player game from ``/centran
start`` to the payout (Wild Fives tabled, trades with the Array, stasis cards, a Sabacc Shift, a
bomb-out and its penalty, a Pure Sabacc taking the Sabacc pot) with credits conserved and the
buttons checked at every step, the two-step trade picker, and a restart mid-hand.

``SEED`` and the policy make it always the same game (:mod:`tests.bot.variant_table`).
"""

from __future__ import annotations

import re
from typing import Any

from bot.sim_driver import picker_of
from bot.tables.models import Table
from engine.core.game import ActionSpec
from engine.variants.centran import CentranGame
from engine.variants.centran.cards import evaluate
from tests.bot.variant_table import (
    HAND_BUTTON,
    VariantTable,
    field_value,
    labels,
    policy_sees,
    public_messages,
)
from tests.helpers import World, text_of
from tests.table_driver import actor_of, table_in, table_message

# With centran_policy, SEED gives: hand 1 won by "nearer to 0"; hand 2 a Sabacc Shift, then a
# trade and a Pure Sabacc −23 taking the Sabacc pot; hand 3 another Shift and a bomb-out paying
# its penalty; Wild Fives tabled by players and by the Array; over in 5 hands.
SEED = 3
BUY_IN = 60


def centran_policy(table: Table, seat: int, specs: tuple[ActionSpec, ...]) -> tuple[str, Any]:
    """A deterministic player that peeks at its own cards: it bets 2 in rounds 1–2 (so Shift
    phases happen) and checks or calls later, puts a big card into stasis, trades for an Array
    card that brings it much nearer, draws while far from a target, and stands otherwise."""
    st, kinds = policy_sees(table, CentranGame, specs)
    if "fold" in kinds:  # betting
        if st.round_no <= 2 and "bet" in kinds:
            return "bet", min(2, kinds["bet"].max_amount)
        return ("check" if "check" in kinds else "call"), None
    held, fives = st.held(seat), len(st.fives)
    now = evaluate(held, fives)
    if "give" in kinds:
        taken = st.array[st.trade_index]

        def after_giving(card: Any) -> tuple[Any, str]:
            rest = [c for c in held if c != card] + [taken]
            return evaluate(rest, fives).rank_key, card.notation

        return "give", [min(held, key=after_giving).notation]
    big = [c for c in st.hands[seat] if abs(c.value) >= 12]
    if "stasis" in kinds and not st.stasis[seat] and big and len(held) > 1:
        return "stasis", [big[0].notation]
    if "stand" not in kinds:
        return "end_turn", None
    if now.rank_key[0] <= 5:
        return "stand", None
    if "trade" in kinds:
        for i, card in enumerate(st.array):
            for c in held:
                key = evaluate([x for x in held if x != c] + [card], fives).rank_key
                if key < now.rank_key and key[0] <= 6 and key[1] < now.rank_key[1] - 2:
                    return "trade", [f"array:{i + 1}"]
    if now.bombed or now.rank_key[1] > 4:
        return "gain", None
    return "stand", None


def centran_shows(game: Any, view: Any, message: Any, text: str) -> None:
    """The round, the Array, and no hidden card in public."""
    assert isinstance(game, CentranGame)
    assert re.fullmatch(r"[1-5]/5", field_value(message, "Round"))
    array = field_value(message, "Array")
    assert array == " · ".join(c.name for c in game.state.array) or array == "—"
    hidden = {c.notation for hand in game.state.hands for c in hand}
    assert not hidden & set(re.findall(r"[a-z]+:-?\w+", text))  # no hidden card in public
    names = {c.name for hand in game.state.hands for c in hand}
    assert not any(name in seat.public for seat in view.seats for name in names)


CENTRAN = VariantTable(
    "centran", "Centran Sabacc", CentranGame, centran_policy, SEED, BUY_IN, check=centran_shows
)


async def test_rules_command(world: World) -> None:
    words = ["Wild Fives", "Five Brothers", "Array", "Stasis Field", "Sabacc Shift"]
    words += ["Pure Sabacc", "Nulhrek", "Bombed out", "Sabacc pot", "Desperado"]
    await CENTRAN.rules_embed(world, words)
    await CENTRAN.lobby_moves_no_credit(world)


async def test_four_player_game_with_shift_bomb_out_and_sabacc_pot(world: World) -> None:
    table, watch, before = await CENTRAN.play_whole_game(world)
    shown = watch.button_rows()
    assert {
        ("Check", "Bet…", "All-in", "Fold", HAND_BUTTON),
        ("Call 2", "Raise to…", "All-in", "Fold", HAND_BUTTON),
        ("Gain (draw a card)", "Trade with the Array", "Stand", "Put in stasis", HAND_BUTTON),
        ("End turn", "Put in stasis", HAND_BUTTON),
    } <= shown
    assert any(row[0].startswith("Give a card for ") for row in shown)

    seen = "\n".join(watch.shown)
    assert "## Sabacc Shift! Shift Phase (round 1): The Star (−17) joins the Array" in seen
    assert (
        "opposite families. SABACC SHIFT! Everyone discards up to 1 non-stasis card at random"
        in seen
    )
    assert "Sabacc Shift done: cards replaced" in seen
    assert "a Wild Five goes face up to the table" in seen
    assert re.search(r"Wild Fives\n1/5: 5 of [A-Z][a-z]+ \(Array\)", seen)
    assert "2 cards · stasis: The World (−21)" in seen  # stasis cards are public, by name
    assert not re.search(r"stasis: [a-z]+:", seen)  # never as raw card ids
    assert "trades for" in seen and "bets 2." in seen

    results = public_messages(world, table)
    one = next(text for text in results if text.startswith("Hand 1\n"))
    assert len(re.findall(r"reveals .+ — (Nulhrek|Pure|Bombed)", one)) == 4
    assert "is nearer to 0 or ±23 than" in one
    two = next(text for text in results if text.startswith("Hand 2\n"))
    assert "Pure Sabacc −23 (fives −5, 0)" in two and "takes the Sabacc pot (40)!" in two
    three = next(text for text in results if text.startswith("Hand 3\n"))
    assert "— Bombed out." in three
    assert re.search(r"bombs out \(no total within ±23\) and pays 3 to the Sabacc pot", three)
    assert "at equal distance a negative total wins" in three
    assert any("Final standings" in text for text in results)

    await CENTRAN.settled_at(world, table, before, [940, 940, 940, 1180])


async def test_trade_picker_two_steps(world: World) -> None:
    await CENTRAN.start(world)
    table = table_in(world)
    game = table.game
    assert isinstance(game, CentranGame)
    (seat,) = game.pending_seats()
    actor = actor_of(world, table, seat)
    base = f"sabacc:{table.id}"
    shown = await actor.click(table_message(world), custom_id=f"{base}:{game.turn}:trade")
    picker = picker_of(shown)
    assert picker.ephemeral and picker.content.startswith("Which Array card do you take?")
    assert labels(picker) == ["Take Array #1: 3 of Sabers"]
    await actor.click(picker, custom_id="pick:0")
    assert [s.kind for s in game.legal_actions(seat)] == ["give", "cancel_trade"]
    assert labels(table_message(world))[:2] == ["Give a card for 3 of Sabers", "Cancel the trade"]
    held = [c.name for c in game.state.held(seat)]
    shown = await actor.click(table_message(world), custom_id=f"{base}:{game.turn}:give")
    picker = picker_of(shown)
    assert labels(picker) == [f"Give {name}" for name in held]
    assert "takes the place of 3 of Sabers" in picker.content
    done = await actor.click(picker, custom_id="pick:1")
    assert done.response.content.splitlines()[0] == f"✅ Give {held[1]}"
    assert f"trades for 3 of Sabers (Array #1); {held[1]} takes its place" in text_of(
        table_message(world)
    )


async def test_restart_mid_hand_then_finish(world: World, restart: Any) -> None:
    pots = {"Hand pot": 48, "Sabacc pot": 40}
    await CENTRAN.restart_mid_hand_then_finish(world, restart, 2, "Round 2/5 · Card phase", pots)
