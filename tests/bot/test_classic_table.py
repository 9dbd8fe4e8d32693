"""Classic Sabacc through simcord: the ``/classic`` commands, what the table message and the
buttons show in every phase, the amount modal and the card picker, a whole four-player game (a
Sabacc Shift, bomb-outs and their penalties, showdowns decided by tie-breaks) with credits
conserved at every step, and a restart mid-hand.

``SEED`` and the policy make it always the same game (:mod:`tests.bot.variant_table`).
"""

from __future__ import annotations

import re
from typing import Any

from bot.sim_driver import picker_of
from bot.tables.models import Table
from engine.core.game import ActionSpec
from engine.variants.classic import ClassicGame
from engine.variants.classic.cards import hand_total
from tests.bot.variant_table import (
    HAND_BUTTON,
    VariantTable,
    dms,
    field_value,
    labels,
    policy_sees,
    public_messages,
)
from tests.helpers import World, modal_ids, text_of
from tests.table_driver import actor_of, play, table_in, table_message

# With classic_policy, SEED gives: hand 1 a Sabacc Shift, a bombed hand and a losing caller paying
# penalties, a tie at +19 where both tied hands bust in Sudden Demise; hand 2 a Pure Sabacc taking
# the Sabacc pot; hand 3 decided by "at equal distance the negative total wins"; over in 4 hands.
SEED = 100
BUY_IN = 20


def classic_policy(table: Table, seat: int, specs: tuple[ActionSpec, ...]) -> tuple[str, Any]:
    """A deterministic player that peeks at its own cards: it bets 1 and raises to 2 in round 2,
    puts a big card into stasis, draws while far from ±23, and calls the hand when close."""
    st, kinds = policy_sees(table, ClassicGame, specs)
    if "fold" in kinds:  # betting
        if st.round_no == 2 and "bet" in kinds:
            return "bet", 1
        if st.round_no == 2 and "raise" in kinds and st.betting.current_bet < 2:
            return "raise", 2
        return ("check" if "check" in kinds else "call"), None
    total = hand_total(st.full_hand(seat))
    big = [card for card in st.hands[seat] if abs(card.value) >= 13]
    if "stasis" in kinds and not st.stasis[seat] and big and len(st.hands[seat]) > 1:
        return "stasis", [big[0].notation]
    if "gain" in kinds:
        if abs(total) >= 17:
            return "stand", None
        if abs(total) < 9 or "change" not in kinds:
            return "gain", None
        return "change", [min(st.hands[seat], key=lambda card: abs(card.value)).notation]
    if "stand" in kinds:
        return "stand", None
    if "call_hand" in kinds and abs(total) >= 18:
        return "call_hand", None
    return "end_turn", None


def classic_shows(game: Any, view: Any, message: Any, text: str) -> None:
    """The round, the call rule, and the betting buttons."""
    round_no = int(field_value(message, "Round"))
    call_possible = "· Trade" in view.phase and round_no >= 3 and "End turn" in labels(message)
    assert ("Call the hand" in labels(message)) == call_possible
    if "Betting" in view.phase:
        assert {"Fold", HAND_BUTTON} <= set(labels(message))
        assert "Check" in labels(message) or re.search(r"\bCall \d+", " ".join(labels(message)))


CLASSIC = VariantTable(
    "classic", "Classic Sabacc", ClassicGame, classic_policy, SEED, BUY_IN, check=classic_shows
)


async def test_rules_and_lobby_commands(world: World) -> None:
    words = ("±23", "Sabacc Shift", "stasis", "Call the hand", "Bomb-out", "Sudden Demise")
    await CLASSIC.rules_embed(world, words)
    await CLASSIC.lobby_moves_no_credit(world)


async def test_four_player_game_shift_bomb_out_tie_breaks(world: World) -> None:
    # The very game simulated on the engine alone (same seed, same policy).
    table, watch, before = await CLASSIC.play_whole_game(world)
    # Every kind of decision showed its own buttons (the watcher compared them at each step).
    assert {
        ("Check", "Bet…", "All-in", "Fold", HAND_BUTTON),
        ("Call 1", "Raise to…", "All-in", "Fold", HAND_BUTTON),
        ("Gain (draw a card)", "Change a card", "Stand", "Put in stasis", HAND_BUTTON),
        ("Gain (draw a card)", "Change a card", "Stand", HAND_BUTTON),  # stasis already used
        ("End turn", "Put in stasis", "Take from stasis", HAND_BUTTON),
        ("End turn", "Call the hand", HAND_BUTTON),
    } <= watch.button_rows()

    # Random events were announced on the table message while they mattered.
    seen = "\n".join(watch.shown)
    assert "## Sabacc Shift! The dice showed 1 and 1." in seen
    assert "Last dice\n1 · 1 — Sabacc Shift!" in seen and "Last dice\n2 · 3" in seen
    assert "Dice (round 1): 2 and 3 — no shift." in seen
    assert "Dice (round 2): 1 and 1 — doubles: SABACC SHIFT!" in seen
    assert "Sabacc Shift: non-stasis cards discarded and redealt" in seen
    assert "4 cards · stasis: The Evil One (−15)" in seen  # stasis-field cards are public, by name
    assert not re.search(r"stasis: [a-z_]+:", seen)  # never as raw card ids
    assert "bets 1." in seen and "raises to 2." in seen
    # Hand results: every hand with value and name, each pot's winner, penalties, and why.
    results = public_messages(world, table)
    one = next(text for text in results if text.startswith("Hand 1\n"))
    assert len(re.findall(r"reveals .+ — total -?\d+: ", one)) == 4
    assert "(caller) reveals" in one and "Bomb-out (+26)" in one
    assert re.search(r"bombs out \(called and did not win\) and pays 14 to the Sabacc pot", one)
    assert re.search(r"bombs out \(bombed hand\) and pays 14 to the Sabacc pot", one)
    assert re.search(r"Sudden Demise for the hand pot: <@\d+> draws [A-Z0-9][^;→]* → Bomb-out", one)
    assert re.search(r"<@\d+> wins the hand pot \(16\)", one)
    assert re.search(r"tied at Nulhrek \+19, and every tied player bombed out", one)
    assert "The Sabacc pot (36) carries over." in one
    assert "#" not in one.replace("<#", "")  # no copy index on revealed special cards
    two = next(text for text in results if text.startswith("Hand 2\n"))
    assert "Pure Sabacc +23" in two and re.search(r"takes the Sabacc pot \(40\)!", two)
    three = next(text for text in results if text.startswith("Hand 3\n"))
    assert "at equal distance the negative total wins (Nulhrek −20 over Nulhrek +20)" in three
    assert any("Final standings" in text for text in results)
    # Players were told their new hands privately, the Sabacc Shift's redeal included.
    assert all(dms(member) for member in world.players)
    assert any("Sabacc Shift dealt you" in text for m in world.players for text in dms(m))
    # Credits: the winner holds the four buy-ins, everything settled exactly.
    await CLASSIC.settled_at(world, table, before, [980, 980, 980, 1060])


async def test_amount_modal_and_card_picker(world: World) -> None:
    await CLASSIC.start(world)
    table = table_in(world)
    game = table.game
    assert game is not None
    (seat,) = game.pending_seats()
    actor = actor_of(world, table, seat)
    base = f"sabacc:{table.id}"
    shown = await actor.click(table_message(world), custom_id=f"{base}:{game.turn}:bet")
    assert shown.modal is not None and shown.modal["title"] == "Bet how much? (1–16)"
    assert list(modal_ids(shown)) == ["Amount (1–16)"]
    await actor.submit_modal(shown, {"amount": "3"})
    assert "bets 3." in text_of(table_message(world))
    assert "Call 3" in labels(table_message(world))

    def can_change(table: Table) -> bool:
        assert table.game is not None
        return any(
            s.kind == "change" for s in table.game.legal_actions(*table.game.pending_seats())
        )

    await play(world, classic_policy, stop=can_change)
    (seat,) = game.pending_seats()
    actor = actor_of(world, table, seat)
    assert isinstance(game, ClassicGame)
    hidden = [card.name for card in game.state.hands[seat]]
    shown = await actor.click(table_message(world), custom_id=f"{base}:{game.turn}:change")
    picker = picker_of(shown)
    assert picker.ephemeral and picker.content.startswith(
        "Which card do you discard before drawing?"
    )
    assert labels(picker) == hidden  # only hidden cards: stasis cards cannot be changed
    assert picker.embeds[0].title.startswith("Your hand")
    picked = await actor.click(picker, custom_id="pick:0")
    assert picked.response.content.splitlines()[0] == f"✅ Change a card: {hidden[0]}"
    assert hidden[0] not in picked.response.embeds[0].description.split(" | ")[0].split(", ")
    assert "changes a card" in text_of(table_message(world))


async def test_restart_mid_hand_then_finish(world: World, restart: Any) -> None:
    pots = {"Hand pot": 16, "Sabacc pot": 8}
    await CLASSIC.restart_mid_hand_then_finish(world, restart, 1, "Round 2 · Trade", pots)
