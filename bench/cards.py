"""Card art speed: ``.venv/bin/python bench/cards.py [--reps N]``.

Prints, in milliseconds: painting one face (cold, per deck), one emoji image, a hand picture
(cached faces composed and encoded as PNG, the work done per DM or "My hand") and a showdown
picture of four hands. Goals (issue #15): a hand under 10 ms, a showdown under 30 ms. It asserts
nothing; figures depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.art.compose import ShowRow, hand_image, hand_png, showdown_png, warm
from bot.art.decks import DECKS, deck_faces
from bot.art.draw import draw_emoji, draw_face

HANDS = {
    "kessel": ["sand:3", "blood:impostor"],
    "coruscant": ["circle:+7", "square:-2", "sylop", "triangle:+10", "circle:-5"],
    "classic": ["coins:12", "queen", "staves:1", "sabers:9", "flasks:15"],
    "centran": ["coins:ace", "major:-5", "sabers:14", "staves:5", "major:-21"],
}


def timed(work: Callable[[], object], reps: int) -> tuple[float, float, float]:
    """Best, mean and 95th percentile of ``work`` in ms."""
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    return times[0], statistics.fmean(times), p95


def main(argv: list[str] | None = None) -> int:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=50, help="repetitions per figure")
    args = parser.parse_args(argv)
    print(
        f"{'deck':10} {'faces':>5} {'face':>7} {'emoji':>7} {'compose':>8}"
        f" {'hand min/mean/p95':>19} {'showdown min/mean/p95':>23}"
    )
    for deck in DECKS:
        faces = deck_faces(deck)
        start = time.perf_counter()
        for spec in faces:
            draw_face(spec)
        face_ms = (time.perf_counter() - start) * 1000 / len(faces)
        start = time.perf_counter()
        for spec in faces[:20]:
            draw_emoji(spec)
        emoji_ms = (time.perf_counter() - start) * 1000 / min(20, len(faces))
        warm(deck)
        cards = HANDS[deck]
        _, compose, _ = timed(lambda cards=cards, deck=deck: hand_image(deck, cards), args.reps)
        hand = timed(lambda cards=cards, deck=deck: hand_png(deck, cards), args.reps)
        rows = [
            ShowRow("Alice", tuple(cards), "winning hand", winner=True),
            ShowRow("Bob", tuple(reversed(cards)), "second"),
            ShowRow("Carol", tuple(cards[:2]), "third"),
            ShowRow("Dave", (), "did not show", face_down=2),
        ]
        show = timed(lambda rows=rows, deck=deck: showdown_png(deck, rows), args.reps)
        print(
            f"{deck:10} {len(faces):5d} {face_ms:7.2f} {emoji_ms:7.2f} {compose:8.2f}"
            f" {'/'.join(f'{v:.1f}' for v in hand):>19} {'/'.join(f'{v:.1f}' for v in show):>23}"
        )
    print(
        "ms. face, emoji: painting one (once per process); compose: pasting a hand's cached"
        " faces; hand: compose + PNG (what a DM or My hand costs); showdown: 4 seats + PNG"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
