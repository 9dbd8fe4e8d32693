"""The headless demo: simulated members play a table through the real bot, no browser.

``python -m bot demo --headless --variant V --hands N [--players P] [--bots B] [--seed S]``

* P simulated members (default 3) sit at a ``/<variant>`` table, plus B **Add bot** seats;
* every member decides like the engine's bot opponents (:func:`bot.sim_driver.engine_policy`)
  when :mod:`engine.bots` plays the variant, else with a simple legal random policy, and
  applies the decision by clicking the real buttons, pickers and modals;
* the transcript (:mod:`bot.demo.transcript`) shows what a spectator sees in the channel, in
  order: the table's public log lines from the first hand's opening on, each hand's result
  before the next hand's first lines, and notices (never a hidden card); when the game ends
  before N hands it says why;
* after N hands (or the game's end) the members still seated leave (the table then closes by
  itself), so every credit is settled; the run succeeds only if Σ balances + escrow is
  unchanged, nothing is left at the table and the bot logged no unexpected error;
* a kept ``--db`` first closes the tables an interrupted run left open (their buy-ins are
  refunded at start-up);
* provably fair hands: the transcript shows each hand's commitment as the table message shows
  it before the deal (🔒), each hand's result with its seed still sealed (🔐), every seed
  revealed when the table closes (🔓), and at the end the spectator runs ``/verify`` on every
  finished hand.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.bank import HOUSE
from bot.demo.common import (
    close_leftover_tables,
    database_path,
    demo_settings,
    demo_variants,
    running_bot,
)
from bot.demo.transcript import Transcript
from bot.errors import user_message
from bot.sim_driver import (
    Policy,
    SimDriver,
    bots_support,
    engine_policy,
    fast_idle,
    random_policy,
)
from bot.tables.models import Table
from engine.core.game import ActionSpec

__all__ = ["HeadlessResult", "run_headless", "run_headless_cli"]

MEMBER_NAMES = ("Rey", "Finn", "Poe", "Rose", "Jyn", "Cassian", "Hera", "Kanan")
STYLES = ("balanced", "bold", "cautious")

# Called with the driver and the transcript lines of each step (tests check them).
Observer = Callable[[SimDriver, list[str]], None]


@dataclass
class HeadlessResult:
    """What a headless run produced."""

    transcript: list[str] = field(default_factory=list)
    hands: int = 0
    balances: dict[str, int] = field(default_factory=dict)
    money_before: int = 0
    money_after: int = 0
    escrow_left: dict[int, int] = field(default_factory=dict)
    errors: list[BaseException] = field(default_factory=list)
    failure: str = ""  # why the run stopped early, if it did
    ended: str = ""  # why the game ended before the hands asked for, if it did

    @property
    def conserved(self) -> bool:
        """Σ balances + escrow (credits held by tables count) unchanged."""
        return self.money_before == self.money_after

    @property
    def settled(self) -> bool:
        """Nothing left in the escrow of the run's table."""
        return not self.escrow_left

    @property
    def ok(self) -> bool:
        """Conserved and settled credits, the run completed, and no unexpected bot error."""
        return self.conserved and self.settled and not self.errors and not self.failure


def _member_policy(variant: str, styles: dict[int, str], rng: random.Random) -> Policy:
    """Each member plays the engine bot of its style; a random legal policy without bots."""
    if not bots_support(variant):
        return random_policy(rng)
    by_style = {style: engine_policy(style) for style in set(styles.values())}

    def decide(table: Table, seat: int, specs: tuple[ActionSpec, ...]) -> tuple[str, Any]:
        return by_style[styles[table.seats[seat].user_id]](table, seat, specs)

    return decide


async def run_headless(
    variant: str,
    *,
    hands: int,
    players: int = 3,
    bots: int = 0,
    seed: int | None = None,
    db: Any,
    out: Callable[[str], None] = print,
    observer: Observer | None = None,
) -> HeadlessResult:
    """Play ``hands`` hands of ``variant`` with simulated members; see the module docstring."""
    import simcord

    group = demo_variants()[variant]
    result = HeadlessResult()
    settings = demo_settings(db, bot_delay=0.0, edit_interval=0.0)

    def emit(lines: Sequence[str]) -> None:
        result.transcript.extend(lines)
        for line in lines:
            out(line)

    emit(await close_leftover_tables(db))
    with fast_idle():
        async with (
            running_bot(settings) as bot,
            simcord.run(bot, check_errors=False) as env,
        ):
            guild = env.create_guild("Cantina")
            channel = guild.create_text_channel("sabacc")
            names = MEMBER_NAMES[: max(players, 1)]
            members = [guild.add_member(env.create_user(n.lower(), global_name=n)) for n in names]
            spectator = guild.add_member(env.create_user("spectator", global_name="Spectator"))
            if seed is not None:
                bot.tables.seeds = random.Random(seed)
            accounts = {name: m.id for name, m in zip(names, members, strict=True)}
            accounts["house (bots' stakes)"] = HOUSE
            for user_id in accounts.values():
                await bot.bank.balance(guild.id, user_id)  # open the accounts
            result.money_before = await bot.bank.total_money(guild.id)

            driver = SimDriver(env, channel, members)
            labels = {m.id: name for name, m in zip(names, members, strict=True)}
            transcript = Transcript(driver, spectator, labels)

            async def after_step() -> None:
                lines = transcript.collect()
                emit(lines)
                if observer is not None:
                    observer(driver, lines)

            try:
                await _open_table(driver, group, variant, bots, emit)
                await after_step()
                result.hands = await _play(driver, variant, hands, random.Random(seed), after_step)
                result.ended = _why_ended(driver.table(), result.hands, hands)
                await _leave_all(driver, group, after_step)
                await _wait_closed(env, driver.table(), after_step)
                await _verify_hands(bot, spectator, channel, driver.table(), after_step)
            except RuntimeError as error:
                result.failure = str(error)
            for name, user_id in accounts.items():
                result.balances[name] = await bot.bank.balance(guild.id, user_id)
            result.money_after = await bot.bank.total_money(guild.id)
            with contextlib.suppress(LookupError):
                result.escrow_left = await bot.bank.table_escrow(None, driver.table().id)
            result.errors = [e for e in env.errors if user_message(e) is None]
    _summary(result, emit)
    return result


async def _open_table(
    driver: SimDriver, group: str, variant: str, bots: int, emit: Callable[[list[str]], None]
) -> None:
    """The first member opens the table, the others join, bots sit down, the host starts."""
    host, *others = driver.members
    await driver.open_lobby(host, group)
    table = driver.table()
    for member in others[: table.variant.max_players - 1]:
        await driver.control(member, "join")
    room = table.variant.max_players - len(table.seats)
    wanted = min(bots, room) if bots_support(variant) else 0
    for index in range(wanted):
        await driver.add_bot(host, STYLES[index % len(STYLES)])
    mode = "engine bots" if bots_support(variant) else "a random legal policy"
    emit(
        [
            f"{table.variant.name}: {len(table.seats)} seats ({wanted} Add-bot), buy-in "
            f"{table.buy_in}; members decide with {mode}."
        ]
    )
    if bots > wanted:
        emit([f"(only {wanted} of {bots} Add-bot seats: bots unavailable or table full)"])
    await driver.control(host, "start")


async def _play(
    driver: SimDriver,
    variant: str,
    hands: int,
    rng: random.Random,
    after_step: Callable[[], Awaitable[None]],
) -> int:
    """The members play until ``hands`` hands are over (or the game); returns hands played."""
    table = driver.table()
    assert table.game is not None
    first = max(table.game.public_view().hand_no, 1)

    def enough(t: Table) -> bool:
        return t.game is not None and t.game.public_view().hand_no >= first + hands

    styles = {m.id: STYLES[i % len(STYLES)] for i, m in enumerate(driver.members)}
    policy = _member_policy(variant, styles, rng)
    table = await driver.play(policy, stop=enough, after_step=after_step)
    assert table.game is not None
    played = table.game.public_view().hand_no - first + int(table.game.finished)
    return min(played, hands)


async def _leave_all(
    driver: SimDriver, group: str, after_step: Callable[[], Awaitable[None]]
) -> None:
    """Every member still in the game leaves with ``/<group> leave``: stacks go back now."""
    table = driver.table()
    for seat in table.humans():
        game = table.game
        if game is None or game.finished or not table.still_in(seat):
            continue
        left = await driver.leave(driver.actor_of(table, seat), group)
        if not left.acknowledged or table.still_in(seat):
            raise RuntimeError(f"{table.seats[seat].name} could not leave")
        await after_step()


async def _wait_closed(
    env: Any, table: Table, after_step: Callable[[], Awaitable[None]], limit: int = 10
) -> None:
    """Once every member left, the table closes by itself (:mod:`bot.tables.unattended`)."""
    for _ in range(limit):
        if table.game is None or table.game.finished:
            return
        with contextlib.suppress(TimeoutError):  # progress made so far is kept
            await env.advance_time(1.0)
        await after_step()
    raise RuntimeError("every member left but the table did not close")


def _why_ended(table: Table, played: int, asked: int) -> str:
    """Why the game ended after ``played`` of the ``asked`` hands ("" if it did not)."""
    game = table.game
    if game is None or not game.finished or played >= asked:
        return ""
    payouts = game.payouts()
    holders = [i for i in range(len(table.seats)) if payouts.get(i, 0) > 0]
    names = " and ".join(table.seats[i].display for i in holders) or "nobody"
    if holders and all(table.seats[i].is_bot for i in holders):
        why = (
            "every member was out of credits or gone, so the table closed and the bots' "
            "credits went back to the house"
        )
    elif len(holders) == 1:
        why = f"{names} won every credit at the table"
    else:
        why = f"only {names} still had credits"
    return f"The game ended after {played} of the {asked} hands asked: {why}."


async def _verify_hands(
    bot: Any, spectator: Any, channel: Any, table: Table, after_step: Callable[[], Awaitable[None]]
) -> None:
    """The spectator checks every finished hand of the table with ``/verify``."""
    rows = await bot.db.fetchall(
        "SELECT id FROM hands WHERE table_id = ? AND status = 'finished' ORDER BY id", (table.id,)
    )
    for row in rows:
        await spectator.slash(channel, "verify", hand=row["id"])
        await after_step()


def _summary(result: HeadlessResult, emit: Callable[[Sequence[str]], None]) -> None:
    lines = ["", f"Played {result.hands} hand(s)."]
    if result.ended:
        lines.append(result.ended)
    lines.append("Final balances:")
    lines += [f"  {name}: {amount}" for name, amount in result.balances.items()]
    conserved = "OK" if result.conserved else "FAILED"
    settled = "OK" if result.settled else "FAILED"
    lines.append(
        f"Credits (Σ balances + escrow held by tables): {result.money_before} before, "
        f"{result.money_after} after — conserved: {conserved}; left at the table: "
        f"{result.escrow_left or 'none'} — settled: {settled}"
    )
    if result.failure:
        lines.append(f"The run stopped early: {result.failure}")
    for error in result.errors:
        lines.append(f"Unexpected bot error: {type(error).__name__}: {error}")
    emit(lines)


def run_headless_cli(args: argparse.Namespace) -> int:
    """``--headless`` from the command line: 0 only if credits were conserved."""
    with database_path(args.db) as db:
        result = asyncio.run(
            run_headless(
                args.variant,
                hands=args.hands,
                players=3 if args.players is None else args.players,
                bots=args.bots,
                seed=args.seed,
                db=db,
            )
        )
    return 0 if result.ok else 1
