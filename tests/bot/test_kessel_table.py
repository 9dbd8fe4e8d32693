"""Kessel Sabacc tables through simcord: a four-player game with Shift Tokens from ``/kessel
start`` to the payout (what players see in pickers, on the table message and at the reveals),
the Impostor dice by button and by timeout, ``/kessel rules``, and a restart mid-round."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from typing import Any

from bot import words
from bot.sim_driver import picker_of
from bot.tables.models import Table
from bot.ui.pickers import done_text
from engine.core.game import ActionSpec
from engine.variants.kessel import KesselGame
from engine.variants.kessel.cards import FAMILIES, evaluate
from engine.variants.kessel.state import KesselState, Phase
from tests.bot.variant_table import (
    finish_settled,
    public_messages,
    restart_and_restore,
    start_seeded,
)
from tests.helpers import BOTH_BACKENDS, World, text_of
from tests.table_driver import (
    actor_of,
    assert_settled,
    balances,
    money,
    open_accounts,
    play,
    public_text,
    table_in,
    table_message,
)

# Chosen by simulating the engine alone with the same policy (same seed → same game): seed 4
# lasts two rounds; carol (seat 2) wins; 8 tokens are played (4 targeted, a Prime Sabacc, an
# Exhaustion); draws come from all four piles; both reveals ask two players in turn for their
# Impostor dice (four choices; in round 1 carol's other Impostor rolled a double).
SEED = 4
WINNER = 2
BUY_IN = 90  # the "lay" preset: 6 chips at 15 credits
START_BALANCE = 1000

TOKENS_BY_SEAT = (
    ("target_tariff", "cook_the_books", "free_draw"),
    ("exhaustion", "prime_sabacc", "refund"),
    ("direct_transaction", "markdown", "general_tariff"),
    ("target_audit", "embargo", "immunity"),
)
IMPOSTOR_BUTTON = re.compile(r"^[1-6] → [0-6]/[0-6] [A-Z ()]+")


def state(table: Table) -> KesselState:
    """The Kessel game state behind a table."""
    assert isinstance(table.game, KesselGame)
    return table.game.state


def policy(table: Table, seat: int, specs: tuple[ActionSpec, ...]) -> tuple[str, Any]:
    """Fixed tokens per seat; play a token on turn 2 (the first option: targeted when the seat
    has one); draw on turns 1–2 while the Stock allows it, cycling through the four piles; stand
    on turn 3; keep, Prime Sabacc and Impostor dice like the turn timer would."""
    st = state(table)
    kinds = {spec.kind: spec for spec in specs}
    if "select_tokens" in kinds:
        return "select_tokens", list(TOKENS_BY_SEAT[seat])
    if "token" in kinds and st.t == 2:
        return "token", [kinds["token"].options[0].value]
    if "draw" in kinds and st.seats[seat].stock >= 2 and st.t < 3:
        options = kinds["draw"].options
        return "draw", [options[(st.round_no + st.t + seat) % len(options)].value]
    if "stand" in kinds:
        return "stand", None
    assert table.game is not None
    action = table.game.default_action(seat)
    return action.kind, list(action.choices)


async def start_kessel(world: World, seed: int = SEED, **options: Any) -> Table:
    """alice opens a Kessel table with ``/kessel start``, bob, carol and dave join, alice starts
    (seeded deal)."""
    return await start_seeded(world, "kessel", seed, **options)


async def pick_by_button(world: World, seat: int, kind: str, value: str) -> list[str]:
    """The seat's member clicks ``kind`` and then the ephemeral picker's button for ``value``;
    returns the labels of the picker's buttons."""
    table = table_in(world)
    game = table.game
    assert game is not None
    spec = words.spec_text("kessel", next(s for s in game.legal_actions(seat) if s.kind == kind))
    actor = actor_of(world, table, seat)
    shown = await actor.click(
        table_message(world), custom_id=f"sabacc:{table.id}:{game.turn}:{kind}"
    )
    picker = picker_of(shown)  # a follow-up: the click was a deferred update of the table
    assert picker.ephemeral
    buttons = [c for row in picker.components for c in row["components"]]
    assert [c["custom_id"] for c in buttons] == [f"pick:{i}" for i in range(len(spec.options))]
    index = [o.value for o in spec.options].index(value)
    done = await actor.click(picker, custom_id=f"pick:{index}")
    assert done.response is not None and done.response.ephemeral
    assert done.response.content.splitlines()[0] == (
        f"✅ {done_text(spec.label, buttons[index]['label'])}"
    )
    return [c["label"] for c in buttons]


def draw_buttons(st: KesselState) -> list[str]:
    """The Draw picker's buttons: both decks, then both discard piles with their top card."""
    sand, blood = (st.discard[f][-1].face.value.capitalize() for f in FAMILIES)
    return ["Sand deck", "Blood deck", f"Sand discard: {sand}", f"Blood discard: {blood}"]


def result_text(world: World) -> str:
    """Every public message except the table message (round results, final standings)."""
    return "\n".join(public_messages(world, table_in(world)))


@BOTH_BACKENDS
async def test_four_player_game_with_shift_tokens(world: World) -> None:
    before = await open_accounts(world)
    table = await start_kessel(world)
    moves: Counter[str] = Counter()
    pickers: dict[str, list[str]] = {}
    impostor_buttons: list[str] = []
    # Impostor prompts: (round, clockwise order of the round, chooser, turn, table message text)
    impostor_turns: list[tuple[int, list[int], int, int, str]] = []
    seen: list[str] = []  # the table message after every step

    def recording(table: Table, seat: int, specs: tuple[ActionSpec, ...]) -> tuple[str, Any]:
        kind, value = policy(table, seat, specs)
        moves[kind] += 1
        if kind == "draw":
            moves[value[0]] += 1
        if kind == "token" and ":" in value[0]:
            moves["targeted token"] += 1
        return kind, value

    def by_hand(table: Table) -> bool:
        """Impostor dice always, and the first draw, keep and token, go through the pickers."""
        assert table.game is not None
        seat = min(table.game.pending_seats())
        kind, _ = policy(table, seat, table.game.legal_actions(seat))
        return kind == "impostor" or (kind in ("draw", "keep", "token") and kind not in pickers)

    async def conserved() -> None:
        assert await money(world) == before
        seen.append(text_of(table_message(world)))

    while True:
        table = await play(world, recording, after_step=conserved, stop=by_hand)
        if table.game is None or table.game.finished:
            break
        st = state(table)
        seat = min(table.game.pending_seats())
        kind, value = recording(table, seat, table.game.legal_actions(seat))
        expected = draw_buttons(st) if kind == "draw" else None
        if kind == "impostor":  # one chooser at a time, the earlier choices on the table
            assert table.game.pending_seats() == {seat}
            shown = text_of(table_message(world))
            impostor_turns.append((st.round_no, list(st.order), seat, table.game.turn, shown))
        labels = await pick_by_button(world, seat, kind, value[0])
        assert expected is None or labels == expected
        if kind == "impostor":
            impostor_buttons += labels
        else:
            pickers[kind] = labels
        await conserved()

    # The pickers players saw.
    assert pickers["keep"][0].startswith("Keep ") and " (drawn) → " in pickers["keep"][0]
    assert " (held) → " in pickers["keep"][1]
    assert any(" → " in label for label in pickers["token"])  # targeted: one button per target
    assert len(impostor_buttons) >= 4 and all(IMPOSTOR_BUTTON.match(b) for b in impostor_buttons)
    # Impostor dice in turn (K-34): clockwise from the round's starting player, each a new
    # decision; the next chooser is asked after the previous choice was announced and is shown.
    assert [(r, s) for r, _, s, _, _ in impostor_turns] == [(1, 2), (1, 0), (2, 2), (2, 3)]
    for (r1, order, s1, t1, _), (r2, _, s2, t2, shown) in itertools.pairwise(impostor_turns):
        if r1 == r2:
            assert order.index(s1) < order.index(s2) and t1 < t2
            first = world.players[s1].mention
            assert re.search(rf"{first}: Sand \w+ · Blood \w+ — .*Impostor: \d and \d → \d", shown)
            assert re.search(rf"{first} rolls \d and \d for the \w+ Impostor and takes \d", shown)
    doubles = r"rolls (\d) and \1 for the \w+ Impostor and takes \1"  # no choice: announced
    assert re.search(doubles, "\n".join(shown for *_, shown in impostor_turns))
    # The policy really used tokens (a targeted one too) and every kind of pile.
    assert moves["token"] >= 4 and moves["targeted token"] >= 2 and moves["prime"] == 1
    assert all(moves[pile] >= 2 for pile in ("sand_draw", "blood_draw"))
    assert all(moves[pile] >= 2 for pile in ("sand_discard", "blood_discard"))
    # Tokens played and in force were on the table message.
    table_text = "\n".join(seen)
    assert re.search(r"<@\d+> plays Target Tariff: <@\d+> −2", table_text)
    assert re.search(
        r"plays Exhaustion: <@\d+> discards Sand \w+ and Blood \w+ and draws", table_text
    )
    assert re.search(r"Tokens in force\nMarkdown, Cook the Books, Prime Sabacc 4\n", table_text)
    # Reveals: every hand with its name, the winner and why, each player's tax.
    results = result_text(world)
    assert "Hand 0" not in results  # choosing tokens is no round of its own
    assert re.search(r"shows Sand \w+ · Blood \w+ → \d/\d \w+ Sabacc", results)
    assert "Nulhrek (difference" in results
    assert re.search(r"wins round \d with .*(beats|ahead of|smallest difference)", results)
    assert re.search(r"(pays|owes) \d+ tax.*; Stock \d", results)
    # Credits: the whole stake goes to the last player with chips.
    winner = world.players[WINNER]
    assert state(table).payout == {s: 4 * BUY_IN if s == WINNER else 0 for s in range(4)}
    assert f"{winner.mention}: **{4 * BUY_IN}** credits (+{3 * BUY_IN})" in results
    final = await balances(world)
    assert final[WINNER] == START_BALANCE + 3 * BUY_IN
    assert [b for i, b in enumerate(final) if i != WINNER] == [START_BALANCE - BUY_IN] * 3
    await assert_settled(world, table, before)
    assert table_message(world).components == []


async def test_impostor_timeout_takes_the_better_die(world: World) -> None:
    table = await start_kessel(world, turn_timer=20)
    table = await play(world, policy, stop=lambda t: state(t).phase is Phase.IMPOSTOR)
    assert table.game is not None
    st = state(table)
    # carol chooses first: her Sand Impostor waits, her Blood Impostor rolled a double
    (seat,) = table.game.pending_seats()
    ((family, (one, other)),) = st.open_rolls(seat).items()
    hand, done = list(st.seats[seat].hand), st.chosen.get(seat, {})
    assert seat == 2 and done

    def key(value: int) -> tuple[int, int, int]:
        return evaluate(hand, st.fix, {**done, family: value}).rank_key

    best, worse = sorted((one, other), key=key)
    assert key(best) < key(worse)
    turn = table.game.turn
    await world.env.advance_time(21)
    text = public_text(world)
    assert "ran out of time; I played for them" in text
    name = world.players[seat].mention
    impostor = f"the {family.value.capitalize()} Impostor"
    assert f"{name} rolls {one} and {other} for {impostor} and takes {best}" in text
    assert f"for {impostor} and takes {worse}" not in text
    # the next player in turn is asked now, with a fresh timer
    assert table.game.pending_seats() == {0} and table.game.turn == turn + 1


async def test_rules_summary(world: World) -> None:
    shown = await world.alice.slash(world.channel, "kessel rules")
    assert shown.ephemeral and shown.response is not None
    (embed,) = shown.response.embeds
    text = embed.description or ""
    assert embed.title == "Kessel Sabacc — rules" and len(text) <= 4000
    order = ["Pure", "Prime", "High", "Royal", "General", "Low", "Cheap", "Nulhrek"]
    hierarchy = text.split("Hand hierarchy")[1]
    assert [hierarchy.index(f"**{name}") for name in order] == sorted(
        hierarchy.index(f"**{name}") for name in order
    )
    for fact in ("0/0", "6/6", "difference", "Impostor", "Sylop", "Shift Token", "3 turns"):
        assert fact in text


@BOTH_BACKENDS
async def test_restart_mid_round_then_finish(world: World, restart: Any) -> None:
    before = await open_accounts(world)
    await start_kessel(world)
    # Stop in round 2 while a drawn card waits to be kept or discarded.
    table = await play(
        world, policy, stop=lambda t: state(t).round_no == 2 and state(t).phase is Phase.KEEP
    )
    await restart_and_restore(world, restart, table)
    finished = await finish_settled(world, policy, before)  # the old message's buttons still work
    assert state(finished).payout[WINNER] == 4 * BUY_IN  # the same game as without the restart
