"""This engine against an earlier commit: ``.venv/bin/python bench/engine_vs.py [REV]``.

Checks ``REV`` (default ``b9deaeb``, the engine before it spoke facts) out into a temporary git
worktree and times, in alternating child processes, each tree's own ``bench/engine.py`` playout
(legal actions, apply, every event's text, the public view's text: what the table runtime does
per action) on the same fixed seeds. A child plays ``--games`` games ``--repeats`` times per
variant and keeps its quickest repeat (wall clock: on a shared machine the quickest repeat is the
one another process disturbed least); the rounds alternate the trees, so a slow spell of the
machine falls on both. Prints actions per second per round and, per variant, the median of the
rounds' ratios this tree / ``REV`` with their range. Prints figures; it asserts nothing. Needs
git and the earlier commit in this clone's history; both trees run with this interpreter.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = (
    "kessel",
    "kessel-no-tokens",
    "coruscant-shift",
    "classic",
    "centran",
    "project",
    "corellian-spike",
)
WARM_UP = 20  # games per variant before its clock starts (modules, words, caches)

# Run in a child process with the tree's root as its working directory: both trees' modules have
# the same names, so each tree gets an interpreter of its own.
CHILD = """
import importlib.util, sys, time
root, warm_up, games, repeats = sys.argv[1], *map(int, sys.argv[2:5])
sys.path.insert(0, root)
spec = importlib.util.spec_from_file_location("tree_bench_engine", root + "/bench/engine.py")
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)
rates = []
for variant in sys.argv[5:]:
    for seed in range(warm_up):
        bench.engine_playout(variant, 1_000_000 + seed)
    best = float("inf")
    for _ in range(repeats):
        start, actions = time.perf_counter(), 0
        for seed in range(games):
            actions += bench.engine_playout(variant, seed)
        best = min(best, time.perf_counter() - start)
    rates.append(actions / best)
print(" ".join(f"{rate:.0f}" for rate in rates))
"""


def rates(tree: Path, games: int, repeats: int, variants: list[str]) -> list[float]:
    """Actions per second of each variant in ``tree`` (its quickest of ``repeats``)."""
    args = [str(tree), str(WARM_UP), str(games), str(repeats), *variants]
    out = subprocess.run(
        [sys.executable, "-c", CHILD, *args], cwd=tree, check=True, capture_output=True, text=True
    )
    return [float(x) for x in out.stdout.split()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("rev", nargs="?", default="b9deaeb", help="the earlier commit")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=30, help="games per repeat")
    parser.add_argument("--repeats", type=int, default=9)
    parser.add_argument("--variants", nargs="*", default=list(VARIANTS))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="engine-vs-") as scratch:
        old = Path(scratch) / "tree"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(old), args.rev],
            check=True,
        )
        try:
            ratios: list[list[float]] = []
            print(f"{'':6}" + "".join(f"{v:>18}" for v in args.variants))
            for _ in range(args.rounds):
                before = rates(old, args.games, args.repeats, args.variants)
                after = rates(ROOT, args.games, args.repeats, args.variants)
                print(f"{args.rev[:6]:6}" + "".join(f"{r:>18,.0f}" for r in before))
                print(f"{'this':6}" + "".join(f"{r:>18,.0f}" for r in after))
                ratios.append([a / b for a, b in zip(after, before, strict=True)])
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)], check=False
            )
    print(f"\nthis tree / {args.rev}, actions per second (median of the rounds, their range):")
    for i, variant in enumerate(args.variants):
        column = [row[i] for row in ratios]
        print(
            f"  {variant:18} {statistics.median(column):.2f}  ({min(column):.2f}–{max(column):.2f})"
        )


if __name__ == "__main__":
    main()
