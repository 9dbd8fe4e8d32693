"""What the simcord tests of the one-decision-at-a-time variants (Classic, Centran, Sabacc Project)
share: reading buttons and embed fields, a seeded four-player table played by a deterministic
policy and replayed on the engine alone, a :class:`TableWatcher` checking conservation and the
table message after every click, and the restart-mid-hand-then-finish flow.

:class:`VariantTable` bundles one variant's test game (slash-command group, seed, buy-in, policy,
what its table message must show); the lower-level :func:`start_seeded`,
:func:`restart_and_restore` and :func:`finish_settled` also serve Kessel.

Each variant's deal is seeded (its ``SEED``) and its policy is deterministic, so its game is
always the same one; :meth:`VariantTable.simulate` replays it on the engine alone (that is how
the seed was picked).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from bot import words
from bot.tables.models import Table
from engine.core.game import Action, ActionSpec
from tests.helpers import World, text_of
from tests.table_driver import (
    Policy,
    assert_settled,
    balances,
    driver,
    money,
    open_accounts,
    play,
    table_in,
    table_message,
)

HAND_BUTTON = "🂠 My hand"
PLAYERS = ("a", "b", "c", "d")

# Variant-specific checks of the table message while a seat is pending:
# (game, public view, table message, its text).
MessageCheck = Callable[[Any, Any, Any, str], None]


def policy_sees(
    table: Table, game: type, specs: tuple[ActionSpec, ...]
) -> tuple[Any, dict[str, ActionSpec]]:
    """What a test policy reads before it decides: the state of ``table``'s game (which must be a
    ``game``) and its legal ``specs`` by kind."""
    assert isinstance(table.game, game)
    return table.game.state, {spec.kind: spec for spec in specs}


# Every variant's slash group, with start options for a short game (tests over all variants).
SHORT_GAMES = {
    "centran": {"buy_in": 60, "options": "max_hands=3"},
    "classic": {"buy_in": 40, "options": "max_hands=3"},
    "coruscant": {"buy_in": 30, "options": "max_hands=3"},
    "kessel": {"stakes": "lay"},
    "sabacc-project": {"buy_in": 40, "options": "max_hands=3"},
    "spike": {"buy_in": 40, "options": "max_hands=3"},
}


def labels(message: Any) -> list[str]:
    """The labels of a message's buttons, in order (a channel message or a simcord response)."""
    rows = [
        row["components"] if isinstance(row, dict) else row.children for row in message.components
    ]
    return [item["label"] if isinstance(item, dict) else item.label for r in rows for item in r]


def field_value(message: Any, name: str) -> str:
    """One embed field's value ('' when absent)."""
    return next((f.value for f in message.embeds[0].fields if f.name == name), "")


def public_messages(world: World, table: Table) -> list[str]:
    """Every channel message except the table message (hand results, standings)."""
    return [text_of(m) for m in world.channel.history() if m.id != table.message_id]


def dms(member: Any) -> list[str]:
    """The texts of the member's direct messages from the bot."""
    channel = member.user.dm_channel
    return [text_of(m) for m in channel.history()] if channel is not None else []


async def start_seeded(
    world: World, group: str, seed: int, players: int = 4, **options: Any
) -> Table:
    """alice runs ``/<group> start`` with ``options``, the next members join, alice starts it;
    the deal is seeded with ``seed``. These scripted scenarios were picked with plain seeded
    deals (the engine's ``seed=int``), so the table is opened without fair per-hand seeds;
    fair tables are tested in ``test_fairplay``."""
    world.bot.tables.seeds = random.Random(seed)
    world.bot.tables.history.fair_seeds = False
    sim = driver(world)
    await sim.open_lobby(world.alice, group, **options)
    for member in world.players[1:players]:
        await sim.control(member, "join")
    await sim.control(world.alice, "start")
    return table_in(world)


async def restart_and_restore(world: World, restart: Any, table: Table) -> Table:
    """Restart the bot; the channel's table comes back as a new object with the same game."""
    assert table.game is not None
    saved = table.game.to_json()
    await restart()
    restored = table_in(world)
    assert restored is not table and restored.game is not None
    assert restored.game.to_json() == saved
    return restored


async def finish_settled(
    world: World, policy: Policy, before: int, after_step: Callable[[], Any] | None = None
) -> Table:
    """Play the game to its end; then ``before`` credits are still there and escrow is empty."""
    finished = await play(world, policy, after_step=after_step)
    assert finished.game is not None and finished.game.finished
    await assert_settled(world, finished, before)
    return finished


def _no_check(game: Any, view: Any, message: Any, text: str) -> None:
    return None


class TableWatcher:
    """Checks after every click what everyone sees, and keeps what the table message showed."""

    def __init__(
        self,
        world: World,
        before: int,
        pot_names: Sequence[str] = ("Hand pot", "Sabacc pot"),
        check: MessageCheck = _no_check,
    ) -> None:
        self.world, self.before = world, before
        self.pot_names, self.check = tuple(pot_names), check
        self.shown: list[str] = []
        self.buttons: set[tuple[str, ...]] = set()

    async def __call__(self) -> None:
        world = self.world
        assert await money(world) == self.before  # Σ balances + Σ escrow never changes
        table = table_in(world)
        game = table.game
        assert game is not None
        escrow = sum((await world.bot.bank.table_escrow(None, table.id)).values())
        view = table.public_view()
        if game.finished:
            assert escrow == 0
            return
        assert escrow == sum(s.stack for s in view.seats) + sum(a for _, a in view.pots)
        message = table_message(world)
        text = text_of(message)
        self.shown.append(text)
        (seat,) = game.pending_seats()
        specs = game.legal_actions(seat)
        # Exactly the actions the rules allow now, each carrying the current decision counter.
        shown = [words.spec_text(game.VARIANT, spec).label for spec in specs]
        assert labels(message) == [*shown, HAND_BUTTON]
        self.buttons.add(tuple(labels(message)))
        ids = [item.custom_id for row in message.components for item in row.children]
        assert ids[:-1] == [f"sabacc:{table.id}:{game.turn}:{spec.kind}" for spec in specs]
        # Public state: phase and whose turn, both pots.
        assert f"**{view.phase}** — waiting for {table.seats[seat].mention}" in text
        pots = field_value(message, "Pots")
        assert all(name in pots for name in self.pot_names), pots
        self.check(game, view, message, text)

    def button_rows(self) -> set[tuple[str, ...]]:
        """Every row of buttons shown, with "All-in N" as "All-in"."""
        return {
            tuple(re.sub(r"All-in \d+", "All-in", label) for label in row) for row in self.buttons
        }


@dataclass(frozen=True)
class VariantTable:
    """One variant's seeded four-player test game."""

    group: str  # the slash-command group
    title: str  # "Classic Sabacc": rules embed "<title> — rules", lobby "<title> table"
    game: Any  # the variant's game class: game.create(players, buy_in=, seed=)
    policy: Policy
    seed: int
    buy_in: int
    pot_names: tuple[str, ...] = ("Hand pot", "Sabacc pot")
    check: MessageCheck = field(default=_no_check)

    async def start(self, world: World, players: int = 4) -> Table:
        """``/<group> start`` at the buy-in, the next members join, alice starts (seeded)."""
        return await start_seeded(world, self.group, self.seed, players, buy_in=self.buy_in)

    def simulate(self, players: tuple[str, ...] = PLAYERS) -> tuple[Any, list[str]]:
        """The test game on the engine alone (the table's seed, the same policy): the finished
        game and every public log line."""
        seed = random.Random(self.seed).randrange(2**63)
        game = self.game.create(players, buy_in=self.buy_in, seed=seed)
        lines = words.events_lines(game.VARIANT, game.opening_events)
        table: Any = SimpleNamespace(game=game)
        while not game.finished:
            (seat,) = game.pending_seats()
            kind, value = self.policy(table, seat, game.legal_actions(seat))
            if isinstance(value, int):
                action = Action(kind, amount=value)
            else:
                action = Action(kind, choices=tuple(value or ()))
            lines += words.events_lines(game.VARIANT, game.apply(seat, action))
        return game, lines

    def watcher(self, world: World, before: int) -> TableWatcher:
        """A watcher with this variant's pots and table-message checks."""
        return TableWatcher(world, before, self.pot_names, self.check)

    async def rules_embed(self, world: World, words: Sequence[str]) -> Any:
        """bob's ``/<group> rules``: an ephemeral embed titled after the variant that fits an
        embed description and names every one of ``words``."""
        rules = await world.bob.slash(world.channel, f"{self.group} rules")
        assert rules.ephemeral
        embed = rules.response.embeds[0]
        assert embed.title == f"{self.title} — rules" and len(embed.description) <= 4000
        for words_ in words:
            assert words_ in embed.description
        return embed

    async def join_and_leave_lobby(self, world: World) -> None:
        """alice opens a lobby by slash command; bob joins (the buy-in is held) and leaves (it is
        back)."""
        lobby = await world.alice.slash(world.channel, f"{self.group} start", buy_in=self.buy_in)
        assert not lobby.ephemeral and f"{self.title} table" in text_of(lobby.response)
        joined = await world.bob.slash(world.channel, f"{self.group} join")
        assert joined.ephemeral and f"{self.buy_in} credits are held" in joined.response.content
        assert await balances(world, [world.bob]) == [1000 - self.buy_in]
        left = await world.bob.slash(world.channel, f"{self.group} leave")
        assert left.ephemeral and "buy-in is back" in left.response.content
        assert await balances(world, [world.bob]) == [1000]

    async def lobby_moves_no_credit(self, world: World) -> None:
        """With every account open, :meth:`join_and_leave_lobby`, and a join of a table of
        another variant (Coruscant Shift) is refused; no credit moved."""
        before = await open_accounts(world)
        await self.join_and_leave_lobby(world)
        wrong = await world.bob.slash(world.channel, "coruscant join")
        assert wrong.ephemeral and "no Coruscant Shift table" in wrong.response.content
        assert await money(world) == before

    async def play_whole_game(self, world: World) -> tuple[Table, TableWatcher, int]:
        """Open the accounts, start, play to the end with the watcher after every click; the
        game is the simulated one. Returns the table, the watcher and the credits in the guild."""
        before = await open_accounts(world)
        await self.start(world)
        watch = self.watcher(world, before)
        table = await play(world, self.policy, after_step=watch)
        game = table.game
        assert game is not None and game.finished
        simulated, expected = self.simulate(game.players)
        assert game.payouts() == simulated.payouts()
        assert list(table.log) == expected[-len(table.log) :]
        return table, watch, before

    async def settled_at(self, world: World, table: Table, before: int, final: list[int]) -> None:
        """The players' sorted balances are ``final``, all credits are there, escrow is empty and
        the finished table message has no buttons."""
        assert sorted(await balances(world)) == final
        await assert_settled(world, table, before)
        assert table_message(world).components == []

    async def restart_mid_hand_then_finish(
        self, world: World, restart: Any, hand_no: int, phase: str, pots: Mapping[str, int]
    ) -> None:
        """Play until hand ``hand_no`` is in a phase containing ``phase``, restart the bot: the
        same game comes back with ``pots``; the old message's persistent buttons still work and
        the game ends as simulated, every credit conserved and checked by the watcher at every
        step."""

        def mid_hand(table: Table) -> bool:
            assert table.game is not None
            view = table.public_view()
            return view.hand_no == hand_no and phase in view.phase

        before = await open_accounts(world)
        await self.start(world)
        table = await play(world, self.policy, stop=mid_hand)
        restored = await restart_and_restore(world, restart, table)
        assert restored.game is not None
        assert dict(restored.public_view().pots) == dict(pots)
        assert await money(world) == before
        finished = await finish_settled(world, self.policy, before, self.watcher(world, before))
        assert finished.game is not None
        assert finished.game.payouts() == self.simulate()[0].payouts()
