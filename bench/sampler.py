"""Where the event loop's thread spends its time, by layer: a sampling profiler for benches.

A background thread looks at the main thread's stack every ``interval`` seconds and charges
the sample to the innermost frame that belongs to a layer we can name (standard-library frames
such as ``copy`` or ``json`` are charged to whoever called them): the simulated Discord
(simcord), discord.py, the bot (``bot/``, ``engine/``, ``cogs/``), the database driver
(aiosqlite, asyncpg), the bench itself, or the asyncio machinery; a thread blocked in
``select`` is idle (waiting for the database thread or a timer).
"""

from __future__ import annotations

import signal
from collections import Counter
from types import FrameType
from typing import Any

LAYERS = (
    ("/site-packages/simcord/", "simcord"),
    ("/site-packages/discord/", "discord.py"),
    ("/site-packages/aiosqlite/", "database driver"),
    ("/site-packages/asyncpg/", "database driver"),
    ("/bench/", "bench"),
    ("/bot/sim_driver.py", "bench"),  # the simulated players' clicks
    ("/bot/", "bot"),
    ("/engine/", "bot"),
    ("/cogs/", "bot"),
)


def layer_of(frame: FrameType | None) -> tuple[str, str]:
    """The layer a stack belongs to, from its innermost frame out to the event loop's
    callback runner, and the function charged."""
    if frame is not None and frame.f_code.co_filename.endswith("selectors.py"):
        return "idle", "select"
    while frame is not None:
        code = frame.f_code
        if code.co_name in ("_run_once", "_run") and "asyncio" in code.co_filename:
            break
        for marker, layer in LAYERS:
            if marker in code.co_filename:
                return layer, f"{code.co_filename.rsplit('/', 1)[-1]}:{code.co_name}"
        frame = frame.f_back
    return "asyncio", "loop"


class Sampler:
    """``with Sampler() as s: ...`` then ``s.shares()``: fraction of samples per layer.

    Samples with ``SIGALRM`` every ``interval`` seconds of wall time: the handler runs in the
    main thread at its next bytecode, so it sees exactly where Python is (a sampling thread
    would be biased towards calls that release the GIL). Interrupted system calls restart
    (``siginterrupt(False)``); main thread only."""

    def __init__(self, interval: float = 0.002) -> None:
        self.interval = interval
        self.samples: Counter[str] = Counter()
        self.functions: Counter[tuple[str, str]] = Counter()
        self._previous: Any = None

    def _sample(self, _signum: int, frame: FrameType | None) -> None:
        layer, function = layer_of(frame)
        self.samples[layer] += 1
        self.functions[layer, function] += 1

    def __enter__(self) -> Sampler:
        self._previous = signal.signal(signal.SIGALRM, self._sample)
        signal.siginterrupt(signal.SIGALRM, False)
        signal.setitimer(signal.ITIMER_REAL, self.interval, self.interval)
        return self

    def __exit__(self, *_: object) -> None:
        signal.setitimer(signal.ITIMER_REAL, 0, 0)
        signal.signal(signal.SIGALRM, self._previous)

    def shares(self) -> dict[str, float]:
        """Each layer's fraction of all samples (idle included), largest first."""
        total = sum(self.samples.values()) or 1
        return {layer: count / total for layer, count in self.samples.most_common()}

    def top(self, layer: str, count: int = 5) -> str:
        """The functions of ``layer`` charged most often, with their share of all samples."""
        total = sum(self.samples.values()) or 1
        found = [(f, n) for (lay, f), n in self.functions.most_common() if lay == layer]
        return ", ".join(f"{f} {n / total:.0%}" for f, n in found[:count])

    def line(self) -> str:
        """``simcord 41% · bot 30% · …`` for a report."""
        return " · ".join(f"{layer} {share:.0%}" for layer, share in self.shares().items())
