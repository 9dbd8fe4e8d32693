"""State JSON speed: ``.venv/bin/python bench/state_json.py [--seconds S]``.

The table runtime writes a running game's whole state after every action
(:func:`bot.tables.rowstate.dump_state`) and restores every unfinished game at start-up. For each
variant, a four-player game is played to a mid-hand point with random legal actions; then, in
microseconds per call (this process's CPU time, best of three runs of about ``S`` seconds):
``game.to_json()`` (write), ``restore(json)`` (read), and the bot's row text both ways
(``dump_state`` / ``load_state``). Prints figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.tables.rowstate import dump_state, load_state
from engine.bots.random_legal import random_for_spec
from engine.core.game import Game
from engine.variants import get_variant, variant_ids

PLAYERS = 4
STEPS = 12  # random legal actions before measuring (mid-hand in every variant)


def mid_game(variant: str, seed: int = 5) -> Game:
    """A game of ``variant`` after :data:`STEPS` random legal actions."""
    info = get_variant(variant)
    buy_in = info.buy_in_presets[info.default_preset]
    game = info.create([f"p{i}" for i in range(PLAYERS)], buy_in=buy_in, options={}, seed=seed)
    rng = random.Random(seed)
    for _ in range(STEPS):
        pending = sorted(game.pending_seats())
        if game.finished or not pending:
            break
        seat = pending[0]
        spec = rng.choice(game.legal_actions(seat))
        game.apply(seat, random_for_spec(spec, rng))
    return game


def per_call(fn: Callable[[], object], seconds: float) -> float:
    """Microseconds per call of ``fn``: the best of three CPU-timed runs."""
    best = float("inf")
    for _ in range(3):
        calls, start = 0, time.process_time()
        deadline = start + seconds / 3
        while True:
            for _ in range(50):
                fn()
            calls += 50
            now = time.process_time()
            if now >= deadline:
                break
        best = min(best, (now - start) / calls)
    return best * 1e6


def main() -> None:
    """Print the table of figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=1.5, help="per measurement")
    args = parser.parse_args()
    print(f"{'variant':<17}{'to_json':>10}{'restore':>10}{'dump_state':>12}{'load+restore':>14}")
    for variant in variant_ids():
        game = mid_game(variant)
        restore = get_variant(variant).restore
        data = game.to_json()
        text = dump_state(game)
        figures = (
            per_call(game.to_json, args.seconds),
            per_call(lambda: restore(data), args.seconds),  # noqa: B023 - called at once
            per_call(lambda: dump_state(game), args.seconds),  # noqa: B023
            per_call(lambda: restore(load_state(text)), args.seconds),  # noqa: B023
        )
        print(f"{variant:<17}" + "".join(f"{f:>10.1f}" for f in figures[:2]), end="")
        print(f"{figures[2]:>12.1f}{figures[3]:>14.1f}")
    print("(µs per call, CPU time)")


if __name__ == "__main__":
    main()
