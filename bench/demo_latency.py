"""Click-to-visible latency of the interactive demo: ``.venv/bin/python bench/demo_latency.py``.

Runs the real interactive demo session (simcord Preview, real-time clock, bot opponents with
their normal delay) and clicks Check / Call / Stand / Fold through the preview's own action
entry point, exactly as the browser page does. For each click it measures the wall time until
the preview has published a page whose table message shows the player's own action, and the
time until the bots have answered (it is the player's turn again or the hand moved on).
Other decisions (card pickers) are made by an engine bot policy outside the measurement.

Prints the figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.demo.interactive import Session, interactive_session
from bot.demo.page import browser_action, buttons, embed_text
from bot.sim_driver import engine_policy

QUICK = ("check", "call", "stand", "fold")


def _has_button(driver: Any, custom_id: str) -> bool:
    message = driver.table_message()
    return any(
        getattr(child, "custom_id", None) == custom_id
        for row in message.components
        for child in getattr(row, "children", ())
    )


async def _browser_click(session: Session, message_id: str, control_key: str) -> dict[str, Any]:
    """One click as the page sends it (``POST /api/action``), through the demo's wrapper."""
    fields = {"kind": "click", "target_id": message_id, "control_key": control_key}
    return await browser_action(session.preview, session.env, fields)


async def measure(clicks: int, bot_delay: float) -> tuple[list[float], list[float]]:
    """Play until ``clicks`` quick actions were measured; returns (visible, bots answered)."""
    visible: list[float] = []
    answered: list[float] = []
    policy = engine_policy("balanced")
    with tempfile.TemporaryDirectory() as tmp:
        async with interactive_session(
            "coruscant-shift", players=2, db=Path(tmp) / "d.db", bot_delay=bot_delay, start=True
        ) as session:
            driver = session.driver
            you = driver.members[0]
            deadline = time.monotonic() + 300
            while len(visible) < clicks and time.monotonic() < deadline:
                table = driver.table()
                game = table.game
                if game is None or game.finished:
                    break
                seat = table.seat_of(you.id)
                if seat is None or seat not in game.pending_seats():
                    await asyncio.sleep(0.02)
                    continue
                specs = game.legal_actions(seat)
                quick = [s.kind for s in specs if s.kind in QUICK and s.kind != "fold"]
                if not quick:
                    kind, value = policy(table, seat, specs)
                    async with session.clock.lock:
                        if _has_button(driver, f"sabacc:{table.id}:{game.turn}:{kind}"):
                            await driver.do(seat, kind, value)
                    await asyncio.sleep(0.02)
                    continue
                kind = quick[0]
                custom_id = f"sabacc:{table.id}:{game.turn}:{kind}"
                async with session.clock.lock:
                    await session.preview.refresh()
                shown = buttons(session.preview._python.snapshot)
                if custom_id not in shown:
                    await asyncio.sleep(0.02)
                    continue
                lines_before = embed_text(session.preview._python.snapshot, table.message_id)
                turn = game.turn
                start = time.perf_counter()
                receipt = await _browser_click(session, *shown[custom_id])
                took = time.perf_counter() - start
                published = embed_text(session.preview._python.snapshot, table.message_id)
                if receipt.get("rejected") or published == lines_before:
                    print(f"  click {kind}: not shown at once ({receipt.get('settlement')})")
                    continue
                visible.append(took)
                while time.perf_counter() - start < 30:
                    now = driver.table().game
                    if (
                        now is None
                        or now.finished
                        or (
                            now.turn != turn
                            and (
                                seat in now.pending_seats()
                                or now.public_view().hand_no != game.public_view().hand_no
                            )
                        )
                    ):
                        break
                    await asyncio.sleep(0.01)
                answered.append(time.perf_counter() - start)
    return visible, answered


def _line(name: str, values: list[float]) -> str:
    if not values:
        return f"{name}: no sample"
    ms = sorted(v * 1000 for v in values)
    return (
        f"{name}: n={len(ms)} mean {statistics.mean(ms):.0f} ms, "
        f"median {statistics.median(ms):.0f} ms, max {ms[-1]:.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=8)
    parser.add_argument("--bot-delay", type=float, default=1.5)
    args = parser.parse_args()
    visible, answered = asyncio.run(measure(args.clicks, args.bot_delay))
    print(f"Interactive demo, coruscant-shift, 2 bots, bot delay {args.bot_delay} s")
    print(_line("click -> own action visible on the page", visible))
    print(_line("click -> bots have answered (server side)", answered))


if __name__ == "__main__":
    main()
