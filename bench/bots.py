"""Bot strength and speed benchmark: ``.venv/bin/python bench/bots.py [--games N]``.

For every variant with a bot: each style against random-legal players heads-up and at four
seats (one bot, three random players), and the three styles against each other at one table.
Seeds are fixed (game ``i`` uses seed ``i``) and the bot's seat rotates with the seed. A game is
won by every seat that ends with the most credits. Prints win rates with 95 % Wilson intervals
and the mean / p99 time of one bot decision; it asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.bots import STYLES, choose_action, play_out, supports
from engine.core.game import Action, Game
from engine.variants import get_variant, variant_ids

RANDOM = "random"
MAX_STEPS = 50_000
# Table settings per variant (defaults otherwise). Classic hands never run out of credits
# between strong players, so its games stop after 10 hands (most credits wins).
SETTINGS: dict[str, dict[str, Any]] = {
    "coruscant-shift": {"buy_in": 500, "options": {}},
    "kessel": {"buy_in": 90, "options": {}},
    "classic": {"buy_in": 500, "options": {"max_hands": 10}},
    "corellian-spike": {"buy_in": 100, "options": {"max_hands": 20}},
}


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denom = 1 + z * z / n
    return (centre - spread) / denom, (centre + spread) / denom


def play(variant: str, seats: Sequence[str], seed: int, times: list[float]) -> Game:
    """One game to the end; bot decision times are appended to ``times`` (seconds)."""
    setting = SETTINGS.get(variant, {"buy_in": 100, "options": {}})
    names = [f"{who}{i}" for i, who in enumerate(seats)]
    game = get_variant(variant).create(
        names, buy_in=setting["buy_in"], options=setting["options"], seed=seed
    )

    def timed(game: Game, seat: int, style: str) -> Action:
        start = time.perf_counter()
        action = choose_action(variant, game, seat, style)
        times.append(time.perf_counter() - start)
        return action

    styles = [None if who == RANDOM else who for who in seats]
    return play_out(game, styles, random.Random(seed), timed, max_steps=MAX_STEPS)


def winners(game: Game) -> set[int]:
    """Seats that finished with the most credits."""
    payouts = game.payouts()
    best = max(payouts.values(), default=0)
    return {seat for seat, credits in payouts.items() if credits == best}


def rotate(line_up: Sequence[str], k: int) -> list[str]:
    """``line_up`` turned by ``k`` seats (so every player sits everywhere)."""
    k %= len(line_up)
    return [*line_up[k:], *line_up[:k]]


def matchup(variant: str, line_up: Sequence[str], games: int, times: list[float]) -> dict[str, int]:
    """Wins per distinct player kind over ``games`` seeded games, seats rotating."""
    wins = dict.fromkeys(line_up, 0)
    for seed in range(games):
        seats = rotate(line_up, seed)
        for seat in winners(play(variant, seats, seed, times)):
            wins[seats[seat]] += 1
    return wins


def report(label: str, who: str, wins: int, games: int) -> None:
    """One result line: matchup, player, games, win rate and its interval."""
    low, high = wilson(wins, games)
    rate = 100 * wins / games if games else 0.0
    print(f"  {label:<28} {who:<9} {games:>5} {rate:>6.1f}%  [{100 * low:5.1f}, {100 * high:5.1f}]")


def bench_variant(variant: str, games: int) -> None:
    """Every matchup of one variant, then its decision times."""
    print(f"\n{variant}  (settings {SETTINGS.get(variant)})")
    print(f"  {'matchup':<28} {'player':<9} {'games':>5} {'win':>7}  95% CI")
    times: list[float] = []
    for style in STYLES:
        for seats in (2, 4):
            line_up = [style] + [RANDOM] * (seats - 1)
            wins = matchup(variant, line_up, games, times)
            report(f"{style} vs {seats - 1} random", style, wins[style], games)
    wins = matchup(variant, list(STYLES), games, times)
    for style in STYLES:
        report("cautious/balanced/bold", style, wins[style], games)
    times.sort()
    if times:
        mean = 1000 * sum(times) / len(times)
        p99 = 1000 * times[min(len(times) - 1, int(0.99 * len(times)))]
        print(f"  decision time: mean {mean:.2f} ms, p99 {p99:.2f} ms over {len(times)} decisions")


def main(argv: Sequence[str] | None = None) -> None:
    """Parse ``--games`` / ``--variant`` and run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=150, help="games per matchup (default 150)")
    parser.add_argument("--variant", action="append", help="only this variant (repeatable)")
    args = parser.parse_args(argv)
    variants = args.variant or [v for v in variant_ids() if supports(v)]
    print(f"Bots vs random-legal players and each other: {args.games} games per matchup")
    for variant in variants:
        bench_variant(variant, args.games)


if __name__ == "__main__":
    main()
