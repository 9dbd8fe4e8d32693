"""The simcord half of ``bench/latency.py``: the real bot in a simulated Discord, every pending
member's click emitted as one burst (pickers answered in a second burst), beside a bare
discord.py bot clicked the same number of times in the same run.

Uses private simcord 3.2.1 internals (as ``tests/helpers.burst_click`` does); the fast idle
poll is on (``bot.sim_driver.fast_idle``). Times are wall-clock. The table message is edited
after every action here (``edit_interval=0``, as in the tests: simcord's virtual clock would hold
coalesced edits back); edits per 5 s are counted by the runtime half with the production
interval.
"""

from __future__ import annotations

import asyncio
import logging
import random
import re
import tempfile
import time
from pathlib import Path
from typing import Any

import discord
import simcord
from discord.ext import commands
from simcord.backend.models import interaction as _records
from simcord.enums import ComponentType

from bench.stub import SEATS, VARIANTS
from bot.client import create_bot
from bot.settings import Settings
from bot.sim_driver import SimDriver, component_interaction, fast_idle
from bot.tables.models import Table
from engine.bots.random_legal import random_for_spec
from engine.core.game import ParamKind

ACKED: dict[int, float] = {}  # interaction id -> wall time of its first acknowledgement


def _watch_acks() -> None:
    """Record when simcord's backend sees each interaction acknowledged."""
    for name in ("respond_with_message", "defer", "defer_update", "update_source", "show_modal"):
        original = getattr(_records.Interaction, name)

        def marked(self: Any, *args: Any, _original: Any = original, **kwargs: Any) -> Any:
            ACKED.setdefault(self.id, time.perf_counter())
            return _original(self, *args, **kwargs)

        setattr(_records.Interaction, name, marked)


def _component(stored: Any, custom_id: str) -> dict[str, Any]:
    for row in stored.components or ():
        for item in row.get("components", ()):
            if item.get("custom_id") == custom_id:
                return dict(item)
    raise LookupError(f"{custom_id} not in {stored.components}")


class Burst:
    """Several interactions emitted at one instant; their acknowledgement and end times."""

    def __init__(self, env: Any) -> None:
        self.env = env
        self.pending: list[tuple[Any, dict[str, Any]]] = []

    def add(self, actor: Any, stored: Any, data: dict[str, Any]) -> None:
        self.pending.append(component_interaction(self.env, actor, stored, data))

    async def fire(self, acks: list[float]) -> tuple[list[Any], float]:
        """Emit, settle; append click → ack times; return the records and the start time."""
        start = time.perf_counter()
        for _record, payload in self.pending:
            self.env.backend.emit("INTERACTION_CREATE", payload)
        await self.env.settle()
        records = [record for record, _ in self.pending]
        acks.extend(ACKED[r.id] - start for r in records if r.id in ACKED)
        return records, start


async def sabacc_run(count: int, waves: int, seed: int) -> dict[str, Any]:
    """The real bot: ``count`` tables, ``waves`` bursts of every pending member's click."""
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(
            token=None,
            database_path=Path(tmp) / "bench.db",
            bot_delay=0.0,
            edit_interval=0.0,
            starting_balance=10**9,
        )
        bot = create_bot(settings)
        try:
            async with simcord.run(bot, check_errors=False, settle_timeout=120.0) as env:
                return await _sabacc_waves(env, bot, count, waves, seed)
        finally:
            await bot.release_resources()


async def _sabacc_waves(env: Any, bot: Any, count: int, waves: int, seed: int) -> dict[str, Any]:
    guild = env.create_guild("Cantina")
    members = [guild.add_member(env.create_user(f"m{k}")) for k in range(SEATS)]
    manager = bot.tables
    manager.seeds = random.Random(1)
    groups = {
        "kessel": "kessel",
        "coruscant-shift": "coruscant",
        "classic": "classic",
        "centran": "centran",
        "project": "sabacc-project",
    }
    tables: list[Table] = []
    for index in range(count):
        channel = guild.create_text_channel(f"t{index}")
        variant = VARIANTS[index % len(VARIANTS)]
        driver = SimDriver(env, channel, members)
        host, *others = members
        await driver.open_lobby(host, groups[variant])
        for member in others:
            await driver.control(member, "join")
        await driver.control(host, "start")
        tables.append(driver.table())
    await env.settle()
    by_id = {m.id: m for m in members}

    commits: list[float] = []
    original_act = manager.act
    current = {"start": 0.0}

    async def timed_act(*args: Any, **kwargs: Any) -> Any:
        events = await original_act(*args, **kwargs)
        commits.append(time.perf_counter() - current["start"])
        return events

    manager.act = timed_act
    rng = random.Random(seed)
    acks: list[float] = []
    done = 0
    total = 0.0
    for _wave in range(waves):
        first = Burst(env)
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
        if not first.pending:
            break
        current["start"] = time.perf_counter()
        records, start = await first.fire(acks)
        second = Burst(env)
        confirms: list[tuple[Any, Any]] = []
        pickers = [r for r in records if _picker(env, r) is not None]
        for (actor, spec, action), record in zip(follow, pickers, strict=False):
            stored = _picker(env, record)
            if spec.max_choices == 1 and len(spec.options) <= 5:
                index = [o.value for o in spec.options].index(action.choices[0])
                second.add(actor, stored, _button(stored, f"pick:{index}"))
            else:
                menu = _component(stored, "pick:select")
                data = {
                    "custom_id": "pick:select",
                    "component_type": ComponentType.STRING_SELECT,
                    "values": list(action.choices) or [menu["options"][0]["value"]],
                }
                second.add(actor, stored, data)
                if spec.max_choices > 1:
                    confirms.append((actor, stored))
        if second.pending:
            current["start"] = time.perf_counter()
            await second.fire(acks)
        if confirms:
            third = Burst(env)
            for actor, stored in confirms:
                fresh = env.backend.get_message(stored.channel_id, stored.id)
                third.add(actor, fresh, _button(fresh, "pick:confirm"))
            current["start"] = time.perf_counter()
            await third.fire(acks)
        total += time.perf_counter() - start
        done += 1
        await env.advance_time(1.05)  # simulated time: turn timers stay far away (90 s)
    return _figures(acks, commits, total)


def _figures(acks: list[float], commits: list[float], total: float) -> dict[str, Any]:
    """What :func:`bench.latency.report` prints (no loop stall or edit count here)."""
    rate = len(commits) / total if total else 0.0
    return {"acks": acks, "commits": commits, "refused": 0, "rate": rate, "stall": None}


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

    class Bare(commands.Bot):
        async def setup_hook(self) -> None:
            self.add_dynamic_items(_BareButton)

    bot = Bare(command_prefix="!", intents=discord.Intents.default())
    async with simcord.run(bot, check_errors=False, settle_timeout=120.0) as env:
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
        acks: list[float] = []
        commits: list[float] = []
        total = 0.0
        for wave in range(waves):
            one = Burst(env)
            for k in range(clicks_per_wave):
                stored = env.backend.get_message(
                    messages[k % count].channel_id, messages[k % count].id
                )
                one.add(members[(k // count + wave) % SEATS], stored, _button(stored, "bare:0"))
            BARE_DONE.clear()
            _, start = await one.fire(acks)
            commits.extend(t - start for t in BARE_DONE)
            total += time.perf_counter() - start
        await bot.close()
    return _figures(acks, commits, total)


def simcord_main(counts: list[int], waves: int, seed: int) -> None:
    """Both bots through simcord for every table count."""
    from bench.latency import report

    logging.getLogger("discord").setLevel(logging.ERROR)
    _watch_acks()
    with fast_idle():
        for count in counts:
            result = asyncio.run(sabacc_run(count, waves, seed))
            report(f"simcord · Sabacc bot · {count} tables · {waves} waves", result)
            per_wave = max(1, len(result["acks"]) // max(waves, 1))
            bare = asyncio.run(bare_run(count, waves, per_wave))
            report(f"simcord · bare discord.py bot · {count} channels · {per_wave} clicks", bare)
