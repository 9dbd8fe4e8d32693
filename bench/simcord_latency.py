"""The simcord half of ``bench/latency.py``: the real bot in a simulated Discord, every pending
member's click emitted as one burst (pickers answered in a second burst, multi-card confirms in
a third), beside a bare discord.py bot (one button per channel: defer, then edit its message)
clicked as often in the same run, so the simulator's own share is visible.

A burst is over when every click is acknowledged and the bot has nothing left to do
(:class:`bench.simcord_quiet.Quiet`): not ``env.settle()``, whose bookkeeping is O(N³) in the
number of busy tables (see that module). Turn timers never come due (:class:`NeverDue`), the
table message is edited after every action (``edit_interval=0``, as in the tests: a paced edit
would have to wait for simcord's virtual clock, and moving it settles). Times are wall-clock:

* click → ack: until simcord's backend saw the interaction answered (defer, picker, modal);
* click → committed: until ``TableService.act`` returned (state and ledger in the database);
  the bare bot: until its message edit returned;
* click → table message: until the next edit of that table's message after the commit.

Uses private simcord 3.2.1 internals (as ``tests/helpers.burst_click`` does); the fast idle
poll is on (``bot.sim_driver.fast_idle``).
"""

from __future__ import annotations

import asyncio
import logging
import random
import re
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import discord
import simcord
from discord.ext import commands
from simcord.backend.models import interaction as _records
from simcord.enums import ComponentType

from bench.sampler import Sampler
from bench.simcord_quiet import NeverDue, Quiet
from bench.stub import BUY_INS, SEATS, VARIANTS, StallMonitor, Traffic
from bot.client import create_bot
from bot.settings import Settings
from bot.sim_driver import component_interaction, fast_idle
from bot.tables.models import Seat, Table
from engine.bots.random_legal import random_for_spec
from engine.core.game import ParamKind
from engine.variants import get_variant

ACKED: dict[int, float] = {}  # interaction id -> wall time of its first acknowledgement
BURST_TIMEOUT = 600.0  # seconds a burst may take before the run is reported as stuck


def _watch_acks() -> None:
    """Record when simcord's backend sees each interaction acknowledged."""
    for name in ("respond_with_message", "defer", "defer_update", "update_source", "show_modal"):
        original = getattr(_records.Interaction, name)

        def marked(self: Any, *args: Any, _original: Any = original, **kwargs: Any) -> Any:
            ACKED.setdefault(self.id, time.perf_counter())
            return _original(self, *args, **kwargs)

        setattr(_records.Interaction, name, marked)


class Edits:
    """Every edit of the watched messages as simcord's backend applies it (wall time)."""

    def __init__(self, env: Any, watched: set[int]) -> None:
        self.watched = watched
        self.traffic = Traffic()
        self.waiting: dict[int, list[float]] = defaultdict(list)  # message -> burst starts
        self.visible: list[float] = []
        backend = env.backend
        original = backend.edit_message

        def edit_message(channel_id: int, message_id: int, fields: Any) -> Any:
            result = original(channel_id, message_id, fields)
            if message_id in self.watched:
                now = time.perf_counter()
                self.traffic.edits[channel_id].append(now)
                self.visible.extend(now - start for start in self.waiting.pop(message_id, ()))
            return result

        backend.edit_message = edit_message

    def committed(self, message_id: int | None, start: float) -> None:
        """An action of the table with this message was committed (its burst began at start)."""
        if message_id is not None:
            self.waiting[message_id].append(start)


def _component(stored: Any, custom_id: str) -> dict[str, Any]:
    for row in stored.components or ():
        for item in row.get("components", ()):
            if item.get("custom_id") == custom_id:
                return dict(item)
    raise LookupError(f"{custom_id} not in {stored.components}")


class Burst:
    """Several interactions emitted at one instant, then waited for (acks and a quiet bot)."""

    def __init__(self, env: Any, quiet: Quiet) -> None:
        self.env, self.quiet = env, quiet
        self.pending: list[tuple[Any, dict[str, Any]]] = []
        self.emitting = 0.0  # wall time the emission itself took (simcord + gateway parsing)

    def add(self, actor: Any, stored: Any, data: dict[str, Any]) -> None:
        self.pending.append(component_interaction(self.env, actor, stored, data))

    async def fire(self, acks: list[float], start: float) -> list[Any]:
        """Emit every click, wait until all are answered; append click → ack times."""
        for _record, payload in self.pending:
            self.env.backend.emit("INTERACTION_CREATE", payload)
        self.emitting = time.perf_counter() - start
        records = [record for record, _ in self.pending]
        answered = await self.quiet.until(records, ACKED, BURST_TIMEOUT)
        if not answered:
            missing = sum(1 for r in records if r.id not in ACKED)
            raise TimeoutError(f"{missing} of {len(records)} clicks unanswered after the burst")
        acks.extend(ACKED[r.id] - start for r in records)
        return records


class Run:
    """What one bot's run measured."""

    def __init__(self) -> None:
        self.acks: list[float] = []
        self.commits: list[float] = []
        self.finals = 0  # clicks that should commit an action (pickers opened do not)
        self.total = 0.0  # wall time of all bursts
        self.emitting = 0.0
        self.clicks = 0

    def figures(
        self, stalls: StallMonitor, edits: Edits | None, quiet: Quiet, sampler: Sampler
    ) -> dict[str, Any]:
        """What :func:`bench.latency.report` prints, plus the simulator's own figures."""
        return {
            "acks": self.acks,
            "commits": self.commits,
            "visible": edits.visible if edits is not None else None,
            "refused": self.finals - len(self.commits),
            "rate": len(self.commits) / self.total if self.total else 0.0,
            "clicks_per_s": self.clicks / self.total if self.total else 0.0,
            "stall": stalls.worst,
            "edits": edits.traffic.max_edits_per_5s() if edits is not None else None,
            "emitting": self.emitting,
            "total": self.total,
            "polls": (quiet.polls, quiet.cpu),
            "layers": sampler.line(),
            "top": {layer: sampler.top(layer) for layer in ("simcord", "discord.py", "bot")},
        }


def _settings(tmp: str) -> Settings:
    return Settings(
        token=None,
        database_path=Path(tmp) / "bench.db",
        bot_delay=0.0,
        edit_interval=0.0,
        starting_balance=10**9,
        shard_count=1,  # the simulated Discord's one shard
        lease_ttl=Settings.SIMULATED_LEASE_TTL,
        card_emojis=False,
    )


async def sabacc_run(count: int, waves: int, seed: int) -> dict[str, Any]:
    """The real bot: ``count`` tables, ``waves`` bursts of every pending member's click."""
    ACKED.clear()
    with tempfile.TemporaryDirectory() as tmp:
        bot = create_bot(_settings(tmp))
        sleeper = bot.sleeper = NeverDue()  # type: ignore[attr-defined]
        try:
            async with simcord.run(bot, check_errors=False, settle_timeout=600.0) as env:
                sleeper.env = env
                return await _sabacc_waves(env, bot, count, waves, seed)
        finally:
            await bot.release_resources()


async def _open_tables(env: Any, count: int) -> tuple[list[Table], dict[int, Any]]:
    """``count`` started tables of the same four members, one per channel, variants in turn.

    Opened through the table runtime (as ``/<variant> start``, **Join** and **Start** would),
    all at once inside the bot's scope, so simcord tracks their work as the bot's own: one
    actor call per step would settle 5 × N times (~0.1 s each on a loaded machine). The
    table messages are posted by the bot's own render loop."""
    from simcord._runtime import _BOT_SCOPE

    guild = env.create_guild("Cantina")
    members = [guild.add_member(env.create_user(f"m{k}")) for k in range(SEATS)]
    channels = [guild.create_text_channel(f"t{index}") for index in range(count)]
    seats = [Seat(m.id, m.name) for m in members]
    manager = env.bot.tables

    async def open_one(index: int) -> Table:
        variant = VARIANTS[index % len(VARIANTS)]
        table = await manager.create(
            guild_id=guild.id,
            channel_id=channels[index].id,
            host=seats[0],
            info=get_variant(variant),
            buy_in=BUY_INS[variant],
            turn_timeout=90,
        )
        for seat in seats[1:]:
            await manager.join(table, seat)
        await manager.start(table, seats[0].user_id)
        return table

    token = _BOT_SCOPE.set((env, env._generation))
    try:
        tables = await asyncio.gather(*(open_one(index) for index in range(count)))
    finally:
        _BOT_SCOPE.reset(token)
    await env.settle()
    return list(tables), {m.id: m for m in members}


async def _sabacc_waves(env: Any, bot: Any, count: int, waves: int, seed: int) -> dict[str, Any]:
    began = time.perf_counter()
    tables, by_id = await _open_tables(env, count)
    opening = time.perf_counter() - began
    manager = bot.tables
    run = Run()
    quiet = Quiet(env)
    edits = Edits(env, {t.message_id for t in tables if t.message_id is not None})
    original_act = manager.act
    current = {"start": 0.0}

    async def timed_act(table: Table, *args: Any, **kwargs: Any) -> Any:
        events = await original_act(table, *args, **kwargs)
        run.commits.append(time.perf_counter() - current["start"])
        edits.committed(table.message_id, current["start"])
        return events

    manager.act = timed_act
    rng = random.Random(seed)

    async def fire(burst: Burst) -> list[Any]:
        current["start"] = start = time.perf_counter()
        run.clicks += len(burst.pending)
        records = await burst.fire(run.acks, start)
        run.emitting = max(run.emitting, burst.emitting)
        run.total += time.perf_counter() - start
        return records

    with StallMonitor() as stalls, Sampler() as sampler:
        for _wave in range(waves):
            first = Burst(env, quiet)
            follow: list[tuple[Any, Any, Any]] = []
            for table in tables:
                game = table.game
                if game is None or game.finished:
                    continue
                stored = env.backend.get_message(table.channel_id, table.message_id)
                for seat in sorted(game.pending_seats()):
                    specs = [s for s in game.legal_actions(seat) if s.param is not ParamKind.AMOUNT]
                    spec = rng.choice(specs)
                    action = random_for_spec(spec, rng)
                    actor = by_id[table.seats[seat].user_id]
                    custom_id = f"sabacc:{table.id}:{game.turn}:{spec.kind}"
                    first.add(actor, stored, _button(stored, custom_id))
                    if spec.param is ParamKind.CHOICE:
                        follow.append((actor, spec, action))
                    else:
                        run.finals += 1
            if not first.pending:
                break
            records = await fire(first)
            second = Burst(env, quiet)
            confirms: list[tuple[Any, Any]] = []
            pickers = [r for r in records if _picker(env, r) is not None]
            for (actor, spec, action), record in zip(follow, pickers, strict=False):
                stored = _picker(env, record)
                if spec.max_choices == 1 and len(spec.options) <= 5:
                    index = [o.value for o in spec.options].index(action.choices[0])
                    second.add(actor, stored, _button(stored, f"pick:{index}"))
                    run.finals += 1
                    continue
                menu = _component(stored, "pick:select")
                data = {
                    "custom_id": "pick:select",
                    "component_type": ComponentType.STRING_SELECT,
                    "values": list(action.choices) or [menu["options"][0]["value"]],
                }
                second.add(actor, stored, data)
                if spec.max_choices > 1:
                    confirms.append((actor, stored))
                else:
                    run.finals += 1
            if second.pending:
                await fire(second)
            if confirms:
                third = Burst(env, quiet)
                for actor, stored in confirms:
                    fresh = env.backend.get_message(stored.channel_id, stored.id)
                    third.add(actor, fresh, _button(fresh, "pick:confirm"))
                    run.finals += 1
                await fire(third)
    figures = run.figures(stalls, edits, quiet, sampler)
    figures["opening"] = opening
    return figures


def _button(stored: Any, custom_id: str) -> dict[str, Any]:
    button = _component(stored, custom_id)
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": ComponentType.BUTTON}
    if button.get("id") is not None:
        data["id"] = button["id"]
    return data


def _picker(env: Any, record: Any) -> Any:
    """The ephemeral picker an interaction answered with, if any."""
    message_id = record.message_id if record.ephemeral else None
    if message_id is None:
        return None
    stored = env.backend.get_message(record.channel_id, message_id)
    ids = re.findall(r"pick:\w+", str(stored.components))
    return stored if ids else None


class _BareButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"bare:(?P<n>[0-9]+)"):
    """A bare bot's button: defer, then edit the message (what a table click costs Discord)."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label="Go", custom_id=f"bare:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction: Any, item: Any, match: Any, /) -> _BareButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer()
        self.n += 1
        assert interaction.message is not None
        await interaction.message.edit(content=f"clicked {self.n}")
        BARE_DONE.append(time.perf_counter())


BARE_DONE: list[float] = []


async def bare_run(count: int, waves: int, clicks_per_wave: int) -> dict[str, Any]:
    """A bare discord.py bot: one message per channel, the same number of clicks per burst."""
    ACKED.clear()

    class Bare(commands.Bot):
        async def setup_hook(self) -> None:
            self.add_dynamic_items(_BareButton)

    bot = Bare(command_prefix="!", intents=discord.Intents.default())
    async with simcord.run(bot, check_errors=False, settle_timeout=600.0) as env:
        guild = env.create_guild("Bare")
        members = [guild.add_member(env.create_user(f"b{k}")) for k in range(SEATS)]
        messages = []
        for index in range(count):
            channel = guild.create_text_channel(f"c{index}")
            view = discord.ui.View(timeout=None)
            view.add_item(_BareButton(0))
            sent = await bot.get_channel(channel.id).send("table", view=view)
            messages.append(env.backend.get_message(channel.id, sent.id))
        await env.settle()
        run, quiet = Run(), Quiet(env)
        edits = Edits(env, {m.id for m in messages})
        with StallMonitor() as stalls, Sampler() as sampler:
            for wave in range(waves):
                one = Burst(env, quiet)
                for k in range(clicks_per_wave):
                    stored = env.backend.get_message(
                        messages[k % count].channel_id, messages[k % count].id
                    )
                    one.add(members[(k // count + wave) % SEATS], stored, _button(stored, "bare:0"))
                BARE_DONE.clear()
                start = time.perf_counter()
                await one.fire(run.acks, start)
                run.emitting = max(run.emitting, one.emitting)
                run.clicks += clicks_per_wave
                run.finals += clicks_per_wave
                run.commits.extend(t - start for t in BARE_DONE)
                run.total += time.perf_counter() - start
        figures = run.figures(stalls, edits, quiet, sampler)
        figures["visible"] = None  # its commit is the edit
        await bot.close()
    return figures


def simcord_main(counts: list[int], waves: int, seed: int) -> None:
    """Both bots through simcord for every table count."""
    from bench.latency import report

    logging.getLogger("discord").setLevel(logging.ERROR)
    _watch_acks()
    with fast_idle():
        for count in counts:
            result = asyncio.run(sabacc_run(count, waves, seed))
            report(f"simcord · Sabacc bot · {count} tables · {waves} waves", result)
            per_wave = max(1, round(len(result["acks"]) / max(waves, 1)))
            bare = asyncio.run(bare_run(count, waves, per_wave))
            report(f"simcord · bare discord.py bot · {count} channels · {per_wave} clicks", bare)
