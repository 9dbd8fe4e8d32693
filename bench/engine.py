"""Engine speed: ``.venv/bin/python bench/engine.py [--seconds S]``.

Random legal playouts of every variant on one core, in actions per CPU second (the machine may
be shared: this process's CPU time is the clock, for the bare loop too), each action with
what the table runtime does around it: ``legal_actions`` of the acting seat, ``apply``, the public
text of every event and the public view, written by the bot's words (:mod:`bot.words`). Beside
them, in the same run, a bare Python loop of the
same Kessel game (no Shift Tokens, four players): the same rules (three card turns, DRAW from
four piles for a chip, keep one card, STAND, early reveal when everyone stands, Impostor dice
with a choice, Sylops, settlement, elimination) written as plain lists and integers, with the
same random choices among legal moves, but no action descriptions, previews, events or views.
The ratio engine / bare loop is the figure of merit (goal: at least 0.3). Under each variant,
the microseconds per action spent in each part of a playout (``pending_seats``,
``legal_actions``, the random choice (the bench's own work), ``apply``, the events' public text,
the public view), from a second, clocked run. One game of each variant is played before its
clock starts (the first loads the variant's modules and words: a cost paid once per process,
not per action). Prints figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot import words
from engine.bots.random_legal import random_for_spec
from engine.core.game import Game
from engine.variants import get_variant, variant_ids

SETTINGS: dict[str, tuple[int, dict[str, object]]] = {
    "kessel": (90, {}),
    "kessel-no-tokens": (90, {"token_mode": "none"}),
    "coruscant-shift": (500, {}),
    "classic": (500, {"max_hands": 10}),
    "centran": (500, {"max_hands": 10}),
    "project": (500, {"max_hands": 10}),
}
PLAYERS = 4
MAX_STEPS = 20_000
WARM_UP_SEED = 1_000_000  # one game before a variant's clock starts, with a seed none measured


PARTS = ("pending_seats", "legal_actions", "choice", "apply", "events text", "public view")


def new_game(variant: str, seed: int) -> Game:
    """A fresh game of ``variant`` (a ``SETTINGS`` row or a variant id) for :data:`PLAYERS`."""
    info = get_variant(variant.removesuffix("-no-tokens"))
    buy_in, options = SETTINGS.get(variant, (info.buy_in_presets[info.default_preset], {}))
    return info.create(
        [f"p{i}" for i in range(PLAYERS)],
        buy_in=buy_in,
        options={**info.options, **options},
        seed=seed,
    )


def engine_playout(variant: str, seed: int, *, views: bool = True) -> int:
    """One random legal game through the engine; returns the number of actions applied."""
    game = new_game(variant, seed)
    rng = random.Random(seed)
    steps = 0
    while not game.finished and steps < MAX_STEPS:
        seat = min(game.pending_seats())
        specs = game.legal_actions(seat)
        action = random_for_spec(rng.choice(specs), rng) if specs else game.default_action(seat)
        events = game.apply(seat, action)
        steps += 1
        if views:
            words.events_lines(game.VARIANT, events)
            words.table_text(game.VARIANT, game.public_view())
    return steps


def timed_playout(variant: str, seed: int, spent: dict[str, float]) -> int:
    """:func:`engine_playout` with a clock around each part; adds seconds per part to ``spent``."""
    clock = time.perf_counter
    game = new_game(variant, seed)
    rng = random.Random(seed)
    steps = 0
    while not game.finished and steps < MAX_STEPS:
        t0 = clock()
        seat = min(game.pending_seats())
        t1 = clock()
        specs = game.legal_actions(seat)
        t2 = clock()
        action = random_for_spec(rng.choice(specs), rng) if specs else game.default_action(seat)
        t3 = clock()
        events = game.apply(seat, action)
        t4 = clock()
        words.events_lines(game.VARIANT, events)
        t5 = clock()
        words.table_text(game.VARIANT, game.public_view())
        t6 = clock()
        steps += 1
        took = (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4, t6 - t5)
        for part, seconds in zip(PARTS, took, strict=True):
            spent[part] += seconds
    return steps


def breakdown(variant: str, seconds: float, per_action: float) -> str:
    """Microseconds per action spent in each part of a playout, over about ``seconds``: each
    part's share of the clocked time, applied to ``per_action`` (the CPU seconds per action
    measured without clocks, so neither the clocks nor other processes count)."""
    spent = dict.fromkeys(PARTS, 0.0)
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        timed_playout(variant, games, spent)
        games += 1
    total = sum(spent.values())
    return "  ".join(f"{part} {spent[part] / total * per_action * 1e6:.1f}" for part in PARTS)


# --- the bare loop --------------------------------------------------------------------------
# Cards are ints: 1..6 numbers, 7 Impostor, 0 Sylop; index 0 is Sand, 1 is Blood.
IMPOSTOR, SYLOP = 7, 0
FAMILY = [n for n in range(1, 8) for _ in range(3)] + [SYLOP]


def _value(card: int, die: int | None) -> int | None:
    if card == IMPOSTOR:
        return die
    return None if card == SYLOP else card


def _rank(sand: int, blood: int, dice: dict[int, int]) -> tuple[int, int, int]:
    s, b = _value(sand, dice.get(0)), _value(blood, dice.get(1))
    if s is None and b is None:
        s = b = 0
    elif s is None:
        s = b
    elif b is None:
        b = s
    assert s is not None and b is not None
    return (0, s, 0) if s == b else (1, abs(s - b), s + b)


def bare_playout(seed: int, players: int = PLAYERS) -> int:
    """One random Kessel game (no tokens) as a plain loop; returns the number of decisions."""
    rng = random.Random(seed)
    stock = [6] * players
    out = [False] * players
    starter = rng.randrange(players)
    first = True
    steps = 0
    while sum(not o for o in out) >= 2:
        if not first:
            starter = next(
                (starter + k) % players
                for k in range(1, players + 1)
                if not out[(starter + k) % players]
            )
        first = False
        order = [
            (starter + k) % players for k in range(players) if not out[(starter + k) % players]
        ]
        draw = [FAMILY[:], FAMILY[:]]
        rng.shuffle(draw[0])
        rng.shuffle(draw[1])
        discard = [[draw[0].pop()], [draw[1].pop()]]
        hand = {p: [draw[0].pop(), draw[1].pop()] for p in order}
        pot = dict.fromkeys(order, 0)
        for _turn in range(3):
            stood = 0
            for p in order:
                sources = [
                    (f, d)
                    for d in (False, True)
                    for f in (0, 1)
                    if (discard[f] if d else (draw[f] or len(discard[f]) > 1))
                ]
                moves = 2 if stock[p] >= 1 and sources else 1
                steps += 1
                if rng.randrange(moves) == moves - 1:
                    stood += 1
                    continue
                fam, from_discard = rng.choice(sources)
                stock[p] -= 1
                pot[p] += 1
                if not from_discard and not draw[fam]:
                    draw[fam], discard[fam] = discard[fam][:-1], discard[fam][-1:]
                    rng.shuffle(draw[fam])
                card = discard[fam].pop() if from_discard else draw[fam].pop()
                steps += 1  # keep the drawn card or the held one
                if rng.random() < 0.5:
                    hand[p][fam], card = card, hand[p][fam]
                discard[fam].append(card)
            if stood == len(order):
                break
        ranks = {}
        for p in order:
            dice: dict[int, int] = {}
            for fam in (0, 1):
                if hand[p][fam] == IMPOSTOR:
                    a, b = rng.randint(1, 6), rng.randint(1, 6)
                    if a != b:
                        steps += 1
                        a = rng.choice((a, b))
                    dice[fam] = a
            ranks[p] = _rank(hand[p][0], hand[p][1], dice)
        best = min(ranks.values())
        for p in order:
            if ranks[p] == best:
                stock[p] += pot[p]
            else:
                rank = ranks[p]
                stock[p] -= min(1 if rank[0] == 0 else rank[1], stock[p])
                out[p] = stock[p] == 0
    return steps


def rate(play: object, seconds: float) -> tuple[float, int]:
    """Actions per CPU second of ``play(seed)`` over about ``seconds`` of this process's CPU
    time (another process sharing the core does not count); and the games played."""
    run = play  # a callable seed -> steps
    actions = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        actions += run(games)  # type: ignore[operator]
        games += 1
    return actions / (time.process_time() - start), games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per measurement")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} · one core · {PLAYERS} players · random legal play")
    bare, bare_games = rate(bare_playout, args.seconds)
    print(
        f"{'bare Kessel loop (no tokens)':34} {bare:>10,.0f} actions/s  ({bare_games} games)"
        f"  {1e6 / bare:.1f} µs/action"
    )
    rows = [*SETTINGS, *(v for v in variant_ids() if v not in SETTINGS)]
    results: dict[str, float] = {}
    for variant in rows:
        if variant.removesuffix("-no-tokens") not in variant_ids():
            continue
        engine_playout(variant, WARM_UP_SEED)  # (loads the variant's words: not an action's cost)
        full, games = rate(lambda seed, v=variant: engine_playout(v, seed), args.seconds)
        core, _ = rate(lambda seed, v=variant: engine_playout(v, seed, views=False), args.seconds)
        results[variant] = full
        print(
            f"{'engine ' + variant:34} {full:>10,.0f} actions/s  ({games} games)"
            f"  without events/views {core:,.0f}"
        )
        print(f"{'':34} µs/action: {breakdown(variant, args.seconds / 2, 1 / full)}")
    same = results.get("kessel-no-tokens")
    if same:
        print(f"\nengine / bare loop, same Kessel game: {same / bare:.3f}  (goal >= 0.3)")


if __name__ == "__main__":
    main()
