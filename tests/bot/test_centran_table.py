"""Centran Sabacc through simcord: ``/centran rules``, a whole four-player game from ``/centran
start`` to the payout (Wild Fives tabled, trades with the Array, stasis cards, a Sabacc Shift, a
bomb-out and its penalty, a Pure Sabacc taking the Sabacc pot) with credits conserved and the
buttons checked at every step, the two-step trade picker, and a restart mid-hand.

The deal is seeded (``SEED``) and the policy is deterministic, so the game is always the same one;
:func:`simulate` replays it on the engine alone (that is how the seed was picked).
"""

from __future__ import annotations

import random
import re
from types import SimpleNamespace
from typing import Any

from bot.tables.models import Table
from engine.core.game import Action, ActionSpec
from engine.variants.centran import CentranGame
from engine.variants.centran_cards import evaluate
from tests.bot.test_tables import money, open_accounts
from tests.helpers import World, text_of
from tests.table_driver import actor_of, driver, play, table_in, table_message

# With centran_policy, SEED gives: hand 1 won by "nearer to 0"; hand 2 a Sabacc Shift, then a
# trade and a Pure Sabacc −23 taking the Sabacc pot; hand 3 another Shift and a bomb-out paying
# its penalty; Wild Fives tabled by players and by the Array; over in 5 hands.
SEED = 3
BUY_IN = 60
HAND_BUTTON = "🂠 My hand"


def centran_policy(table: Table, seat: int, specs: tuple[ActionSpec, ...]) -> tuple[str, Any]:
    """A deterministic player that peeks at its own cards: it bets 2 in rounds 1–2 (so Shift
    phases happen) and checks or calls later, puts a big card into stasis, trades for an Array
    card that brings it much nearer, draws while far from a target, and stands otherwise."""
    assert isinstance(table.game, CentranGame)
    st = table.game.state
    kinds = {spec.kind: spec for spec in specs}
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


def simulate(seed: int, players: tuple[str, ...] = ("a", "b", "c", "d")) -> tuple[Any, list[str]]:
    """The test game on the engine alone (the table's seed, the same policy): the finished game
    and every public log line."""
    game = CentranGame.create(players, buy_in=BUY_IN, seed=random.Random(seed).randrange(2**63))
    lines = [text for event in game.opening_events if (text := event.public_text())]
    table: Any = SimpleNamespace(game=game)
    while not game.finished:
        (seat,) = game.pending_seats()
        kind, value = centran_policy(table, seat, game.legal_actions(seat))
        if isinstance(value, int):
            action = Action(kind, amount=value)
        else:
            action = Action(kind, choices=tuple(value or ()))
        lines += [text for event in game.apply(seat, action) if (text := event.public_text())]
    return game, lines


async def start_centran(world: World, players: int = 4) -> None:
    """alice runs ``/centran start``, the next members join, alice starts it (seeded deal)."""
    world.bot.tables.seeds = random.Random(SEED)
    sim = driver(world)
    await sim.open_lobby(world.alice, "centran", buy_in=BUY_IN)
    for member in world.players[1:players]:
        await sim.control(member, "join")
    await sim.control(world.alice, "start")


def labels(message: Any) -> list[str]:
    """The labels of a message's buttons, in order (a channel message or a simcord response)."""
    rows = [
        row["components"] if isinstance(row, dict) else row.children for row in message.components
    ]
    return [item["label"] if isinstance(item, dict) else item.label for r in rows for item in r]


def field(message: Any, name: str) -> str:
    """One embed field's value ('' when absent)."""
    return next((f.value for f in message.embeds[0].fields if f.name == name), "")


class Watcher:
    """Checks after every click what everyone sees, and keeps what the table message showed."""

    def __init__(self, world: World, before: int) -> None:
        self.world, self.before = world, before
        self.shown: list[str] = []
        self.buttons: set[tuple[str, ...]] = set()

    async def __call__(self) -> None:
        world = self.world
        assert await money(world) == self.before  # Σ balances + Σ escrow never changes
        table = table_in(world)
        game = table.game
        assert isinstance(game, CentranGame)
        escrow = sum((await world.bot.bank.table_escrow(None, table.id)).values())
        view = game.public_view()
        if game.finished:
            assert escrow == 0
            return
        assert escrow == sum(s.stack for s in view.seats) + sum(a for _, a in view.pots)
        message = table_message(world)
        text = text_of(message)
        self.shown.append(text)
        (seat,) = game.pending_seats()
        specs = game.legal_actions(seat)
        assert labels(message) == [spec.label for spec in specs] + [HAND_BUTTON]
        self.buttons.add(tuple(labels(message)))
        ids = [item.custom_id for row in message.components for item in row.children]
        assert ids[:-1] == [f"sabacc:{table.id}:{game.turn}:{spec.kind}" for spec in specs]
        assert f"**{view.phase}** — waiting for {table.seats[seat].mention}" in text
        pots = field(message, "Pots")
        assert "Hand pot" in pots and "Sabacc pot" in pots
        assert re.fullmatch(r"[1-5]/5", field(message, "Round"))
        array = field(message, "Array")
        assert array == " · ".join(c.notation for c in game.state.array) or array == "—"
        hidden = {c.notation for hand in game.state.hands for c in hand}
        assert not hidden & set(re.findall(r"[a-z]+:-?\w+", text))  # no hidden card in public


def public_messages(world: World, table: Table) -> list[str]:
    """Every channel message except the table message (hand results, standings)."""
    return [text_of(m) for m in world.channel.history() if m.id != table.message_id]


async def test_rules_command(world: World) -> None:
    rules = await world.bob.slash(world.channel, "centran rules")
    assert rules.ephemeral
    embed = rules.response.embeds[0]
    assert embed.title == "Centran Sabacc — rules" and len(embed.description) <= 4000
    for words in (
        "Wild Fives",
        "Five Brothers",
        "Array",
        "Stasis Field",
        "Sabacc Shift",
        "Pure Sabacc",
        "Nulhrek",
        "Bombed out",
        "Sabacc pot",
        "Desperado",
    ):
        assert words in embed.description
    before = await open_accounts(world)
    lobby = await world.alice.slash(world.channel, "centran start", buy_in=BUY_IN)
    assert not lobby.ephemeral and "Centran Sabacc table" in text_of(lobby.response)
    joined = await world.bob.slash(world.channel, "centran join")
    assert joined.ephemeral and f"{BUY_IN} credits are held" in joined.response.content
    left = await world.bob.slash(world.channel, "centran leave")
    assert left.ephemeral and "buy-in is back" in left.response.content
    assert await money(world) == before


async def test_four_player_game_with_shift_bomb_out_and_sabacc_pot(world: World) -> None:
    before = await open_accounts(world)
    await start_centran(world)
    watch = Watcher(world, before)
    table = await play(world, centran_policy, after_step=watch)
    game = table.game
    assert game is not None and game.finished
    final, expected = simulate(SEED, game.players)
    assert list(table.log) == expected[-len(table.log) :]
    shown = {
        tuple(re.sub(r"All-in \d+", "All-in", label) for label in row) for row in watch.buttons
    }
    assert {
        ("Check", "Bet…", "All-in", "Fold", HAND_BUTTON),
        ("Call 2", "Raise to…", "All-in", "Fold", HAND_BUTTON),
        ("Gain (draw a card)", "Trade with the Array", "Stand", "Put in stasis", HAND_BUTTON),
        ("End turn", "Put in stasis", HAND_BUTTON),
    } <= shown
    assert any(row[0].startswith("Give a card for ") for row in shown)

    seen = "\n".join(watch.shown)
    assert "## Sabacc Shift! Shift Phase (round 1): The Star (−17) joins the Array" in seen
    assert "opposite families. SABACC SHIFT! Everyone discards up to 1 non-stasis card(s)" in seen
    assert "Sabacc Shift done: cards replaced" in seen
    assert "a Wild Five goes face up to the table" in seen
    assert re.search(r"Wild Fives\n1/5: [a-z]+:5 \(Array\)", seen)
    assert re.search(r"\d cards · stasis: [a-z]+:-?\d+", seen)  # stasis cards are public
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

    balances = [await world.bot.bank.balance(world.guild.id, m.id) for m in world.players]
    assert sorted(balances) == [940, 940, 940, 1180]
    assert final.payouts() == game.payouts()
    assert await money(world) == before
    assert await world.bot.bank.table_escrow(None, table.id) == {}
    assert table_message(world).components == []


async def test_trade_picker_two_steps(world: World) -> None:
    await start_centran(world)
    table = table_in(world)
    game = table.game
    assert isinstance(game, CentranGame)
    (seat,) = game.pending_seats()
    actor = actor_of(world, table, seat)
    base = f"sabacc:{table.id}"
    shown = await actor.click(table_message(world), custom_id=f"{base}:{game.turn}:trade")
    picker = shown.response
    assert shown.ephemeral and picker.content.startswith("Which Array card do you take?")
    assert labels(picker) == ["Take Array #1: 3 of Sabers"]
    await actor.click(picker, custom_id="pick:0")
    assert [s.kind for s in game.legal_actions(seat)] == ["give", "cancel_trade"]
    assert labels(table_message(world))[:2] == ["Give a card for 3 of Sabers", "Cancel the trade"]
    held = [c.name for c in game.state.held(seat)]
    shown = await actor.click(table_message(world), custom_id=f"{base}:{game.turn}:give")
    assert labels(shown.response) == [f"Give {name}" for name in held]
    assert "takes the place of 3 of Sabers" in shown.response.content
    done = await actor.click(shown.response, custom_id="pick:1")
    assert done.response.content == f"✅ Give a card for 3 of Sabers: Give {held[1]}"
    assert f"trades for 3 of Sabers (Array #1); {held[1]} takes its place" in text_of(
        table_message(world)
    )


async def test_restart_mid_hand_then_finish(world: World, restart: Any) -> None:
    before = await open_accounts(world)
    await start_centran(world)

    def mid_hand(table: Table) -> bool:
        assert table.game is not None
        view = table.game.public_view()
        return view.hand_no == 2 and "Round 2/5 · Card phase" in view.phase

    table = await play(world, centran_policy, stop=mid_hand)
    assert table.game is not None
    saved = table.game.to_json()
    await restart()
    restored = table_in(world)
    assert restored is not table and restored.game is not None
    assert restored.game.to_json() == saved
    assert dict(restored.game.public_view().pots)["Hand pot"] == 48
    assert await money(world) == before
    watch = Watcher(world, before)
    finished = await play(world, centran_policy, after_step=watch)
    assert finished.game is not None and finished.game.finished
    assert finished.game.payouts() == simulate(SEED)[0].payouts()
    assert await money(world) == before
    assert await world.bot.bank.table_escrow(None, finished.id) == {}
