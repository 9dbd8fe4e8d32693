"""Sabacc Project through simcord: ``/sabacc-project rules``, a whole four-player game from
``/sabacc-project start`` to the final standings (Interference-Field cards, Sabacc Shifts, a
forced call, Sudden Demise, a bomb-out paying the Main Pot, a Pure Sabacc taking the Sabacc pot)
with credits conserved and the buttons checked at every step, and a restart mid-hand.

``SEED`` and the policy make it always the same game (:mod:`tests.bot.variant_table`).
"""

from __future__ import annotations

import re
from typing import Any

from bot.tables.models import Table
from engine.core.game import ActionSpec
from engine.variants.project import ProjectGame
from engine.variants.project.cards import hand_total
from tests.bot.variant_table import VariantTable, field_value, labels, policy_sees, public_messages
from tests.helpers import World, text_of
from tests.table_driver import driver, table_in, table_message

# With project_policy, SEED gives: hand 1 cards in the Interference Field, a call forced by the
# idle rule and a tie at +20 broken by Sudden Demise; hand 2 two Sabacc Shifts, a bomb-out at 0
# paying the Main Pot into the Sabacc pot and a Pure Sabacc +23 taking the Sabacc pot; then the
# three others cannot pay both antes and the game is over.
SEED = 14
BUY_IN = 30
GROUP = "sabacc-project"


def project_policy(table: Table, seat: int, specs: tuple[ActionSpec, ...]) -> tuple[str, Any]:
    """A deterministic player that peeks at its own cards: checks or calls (bets 2 in round 2),
    puts one big card into the Interference Field, draws while far from ±23, calls when close."""
    st, kinds = policy_sees(table, ProjectGame, specs)
    if "fold" in kinds:  # betting
        if st.round_no == 2 and "bet" in kinds:
            return "bet", 2
        return ("check" if "check" in kinds else "call"), None
    hand = st.hands[seat]
    total = hand_total(hand)
    big = [c for i, c in enumerate(hand) if abs(c.value) >= 13 and i not in st.fields[seat]]
    if "field" in kinds and not st.fields[seat] and big:
        return "field", [big[0].plain]
    if "call_hand" in kinds and (abs(total) >= 18 or st.round_no >= 7):
        return "call_hand", None
    if "draw" in kinds and abs(total) < 16:
        return "draw", None
    return "stand", None


def project_shows(game: Any, view: Any, message: Any, text: str) -> None:
    """The call rule: from round 5, in a Draw phase."""
    round_no = int(field_value(message, "Round"))
    can_call = "· Draw" in view.phase and round_no >= 5
    assert ("Call the hand" in labels(message)) == can_call


PROJECT = VariantTable(
    GROUP,
    "Sabacc Project",
    ProjectGame,
    project_policy,
    SEED,
    BUY_IN,
    pot_names=("Main Pot", "Sabacc pot"),
    check=project_shows,
)


async def test_rules_command(world: World) -> None:
    words = ["+23 or −23", "Sabacc Shift", "Interference Field", "Call the hand"]
    words += ["Bomb-out", "Sudden Demise", "Idiot's Array", "Opening betting"]
    await PROJECT.rules_embed(world, words)


async def test_four_player_game_with_shifts_bomb_out_and_sudden_demise(world: World) -> None:
    table, watch, before = await PROJECT.play_whole_game(world)
    # Every kind of decision showed its own buttons.
    seen = "\n".join(watch.shown)
    assert "Opening betting" in seen and "· Draw" in seen and "Final betting" in seen
    # Public news on the table message while it mattered: field cards, the Shift, the call.
    assert "4 cards · field: Demise (−13)" in seen  # field cards are public, by name
    assert not re.search(r"field: [a-z_]+:", seen)  # never as raw card ids
    assert "## SABACC SHIFT! A Sabacc Shift occurred: 3 cards changed" in seen
    assert "puts Master of Coins (14) face up into the Interference Field." in seen
    assert "Too many stands in a row: the hand is called for" in seen
    assert "CALLS THE HAND." in seen
    # Hand results: hands with values and names, Sudden Demise, penalty, pots, and why.
    results = public_messages(world, table)
    one = next(text for text in results if text.startswith("Hand 1\n"))
    assert len(re.findall(r"reveals .+ — total -?\d+: ", one)) == 4
    assert re.search(
        r"Sudden Demise \(extra card 1\): <@\d+> gets The Evil One \(−15\) → Hand \+5", one
    )
    assert re.search(r"<@\d+> wins by Sudden Demise: <@\d+> and <@\d+> tied at Hand \+20", one)
    assert "The Sabacc pot (20) carries over." in one
    two = next(text for text in results if text.startswith("Game over\n"))  # hand 2
    assert "— total 0: Bomb-out (0)." in two and "— total 23: Pure Sabacc +23." in two
    assert re.search(r"<@\d+> bombs out \(total 0\) and pays 28 to the Sabacc pot\.", two)
    assert re.search(r"<@\d+> takes the Sabacc pot \(68\)!", two)
    assert re.search(r"<@\d+>: Pure Sabacc \+23 beats Hand \+17", two)
    assert any("Final standings" in text for text in results)
    # Credits: everything settled exactly.
    await PROJECT.settled_at(world, table, before, [976, 976, 976, 1072])


async def test_restart_mid_hand_then_finish(world: World, restart: Any) -> None:
    pots = {"Main Pot": 28, "Sabacc pot": 20}
    await PROJECT.restart_mid_hand_then_finish(world, restart, 1, "Round 3 · Draw", pots)


async def test_interference_field_out_of_turn(world: World) -> None:
    """A player who is not on turn puts a card into the field from the table's button: the turn
    does not pass, and the card becomes public."""
    await PROJECT.start(world)
    table = table_in(world)
    game = table.game
    assert isinstance(game, ProjectGame)
    sim = driver(world)
    waiting: list[int] = []
    for _ in range(60):  # play on (never using the field) until a waiting player could use it
        waiting = [s for s in range(4) if s not in game.pending_seats() and game.legal_actions(s)]
        if waiting:
            break
        (seat,) = game.pending_seats()
        specs = tuple(s for s in game.legal_actions(seat) if s.kind != "field")
        kind, value = project_policy(table, seat, specs)
        await sim.do(seat, kind, value)
    assert waiting, "no moment where a waiting player could use the field"
    seat = waiting[0]
    (spec,) = game.legal_actions(seat)
    assert spec.kind == "field"
    turn, pending = game.turn, game.pending_seats()
    card = spec.options[0]
    result = await sim.do(seat, "field", [card.value])
    assert result.acknowledged
    assert game.turn == turn and game.pending_seats() == pending
    assert card.label in text_of(table_message(world))
