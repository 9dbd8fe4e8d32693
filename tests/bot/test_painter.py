"""Pictures painted in a worker process: the same picture as in a thread, threads take over when
the worker dies, nothing is left running after a stop; and the bot paints its DMs there when
``PICTURE_PROCESSES`` is set."""

from __future__ import annotations

import contextlib
import dataclasses
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from collections import OrderedDict
from pathlib import Path

import pytest

from bot.art import attach
from bot.art.attach import Showdown, showdown_attachment
from bot.art.compose import ShowRow, faces_of_png, hand_png, showdown_png
from bot.art.painter import Painter
from bot.settings import Settings
from tests.bot.variant_table import start_seeded
from tests.helpers import World

HAND = ("kessel", ("sand:1", "blood:impostor"))


async def test_a_worker_paints_what_a_thread_paints_and_threads_take_over() -> None:
    painter = Painter(1)
    try:
        painter.start()
        assert await painter.started()
        from_worker = await painter.paint(hand_png, *HAND)
        assert from_worker == hand_png(*HAND)  # the same bytes as painted here
        rows = (ShowRow("Alice", ("sand:1",), "Sabacc", True), ShowRow("Bob", (), "", False, 2))
        file = await showdown_attachment(
            type("Client", (), {"card_painter": painter})(), Showdown("kessel", rows)
        )
        assert file.fp.read() == showdown_png("kessel", rows)
        for child in multiprocessing.active_children():  # a worker dies (OOM, a kill)
            os.kill(child.pid, signal.SIGKILL)  # type: ignore[arg-type]
            child.join()
        again = await painter.paint(hand_png, *HAND)
        assert again == from_worker and not painter.in_processes  # painted in a thread
        assert painter.painted == 3
    finally:
        await painter.stop()
    assert not multiprocessing.active_children()


async def test_without_workers_pictures_are_painted_in_threads() -> None:
    painter = Painter(0)
    painter.start()
    assert not await painter.started()
    assert faces_of_png(await painter.paint(hand_png, *HAND)) == [
        "kessel:sand:1",
        "kessel:blood:impostor",
    ]
    await painter.stop()


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """The test settings with one picture worker, as in production."""
    return dataclasses.replace(settings, picture_processes=1)


async def test_the_bot_paints_hands_in_its_worker(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(attach, "_hands", OrderedDict())  # no hand painted by earlier tests
    painter = world.bot.card_painter
    assert await painter.started()  # started in the background at start-up
    table = await start_seeded(world, "coruscant", 3, players=2, buy_in=50)
    assert painter.painted >= 2  # both players' hands, painted in the worker
    (dm,) = world.alice.user.dm_channel.history()
    (picture,) = dm.attachments
    faces = faces_of_png(await picture.read())
    assert len(faces) == len(table.game.view_for(0).hand)  # type: ignore[union-attr]
    await painter.stop()
    assert not multiprocessing.active_children()


BOT_PROCESS = """
import asyncio, multiprocessing
from bot.art.painter import Painter

async def main():
    painter = Painter(1)
    painter.start()
    assert await painter.started()
    print(*[child.pid for child in multiprocessing.active_children()], flush=True)
    await asyncio.sleep(3600)

asyncio.run(main())
"""


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie waiting for its new parent to reap it does not)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_killed_bot_process_leaves_no_painting_worker() -> None:
    """Issue 25 point 12: SIGKILL the process that owns the painter: its worker dies too, and
    the pipe both held closes (bench/cluster.py waited on it forever)."""
    root = Path(__file__).resolve().parents[2]
    bot = subprocess.Popen(
        [sys.executable, "-c", BOT_PROCESS], cwd=root, stdout=subprocess.PIPE, text=True
    )
    workers: list[int] = []
    try:
        assert bot.stdout is not None
        workers = [int(pid) for pid in bot.stdout.readline().split()]
        assert len(workers) == 1 and _alive(workers[0])
        bot.kill()
        # EOF only once no process holds the pipe's write end: a generous bound, not a timing
        # check (an orphaned worker holds it forever)
        rest, _ = bot.communicate(timeout=120)
        assert rest == ""
        deadline = time.monotonic() + 120
        while _alive(workers[0]) and time.monotonic() < deadline:
            time.sleep(0.05)  # SIGKILLed by the kernel with its parent: gone within moments
        assert not _alive(workers[0])
    finally:
        bot.kill()
        for pid in workers:  # an orphan left by a failure is not left running
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
