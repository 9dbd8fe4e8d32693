"""A seeded engine trace: ``.venv/bin/python bench/trace.py [--seeds N] [--variant V]``.

Plays seeded games of every variant with the random legal player and prints every text a player
could read from the engine, as the bot renders it: each event's log lines, the public view
(title, phase, seats, pots, info, highlight), every seat's private view, the legal actions of the
acting seat (labels, prompts, options), the preview of the chosen action, the reason of an
illegal action, the hands shown at a reveal and the final statistics. Refactors of the engine's
facts or of the bot's words diff this output before and after: it must not change.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot import words
from engine.bots.random_legal import random_for_spec
from engine.core.game import Action, Game, IllegalAction, Reveals
from engine.variants import get_variant, variant_ids

PLAYERS = (2, 3, 4)
MAX_STEPS = 400
OPTIONS: dict[str, list[dict[str, object]]] = {
    "kessel": [
        {},
        {"token_mode": "none"},
        {"token_mode": "random", "tokens_public": True, "token_pool": "shared"},
    ],
}


def new_game(variant: str, players: int, seed: int, options: dict[str, object]) -> Game:
    """A fresh seeded game of ``variant`` with the default buy-in and ``options``."""
    info = get_variant(variant)
    return info.create(
        [f"p{i}" for i in range(players)],
        buy_in=info.buy_in_presets[info.default_preset],
        options={**info.options, **options},
        seed=seed,
    )


def view_lines(variant: str, game: Game) -> Iterator[str]:
    """The public view and every seat's private view."""
    table = words.table_text(variant, game.public_view())
    yield f"  view: {table.title} | {table.phase} | hand {table.hand_no} | acting {table.acting}"
    for seat in table.seats:
        yield f"    seat {seat.seat} {seat.player} {seat.stack} [{seat.status}] [{seat.public}]"
    for name, amount in table.pots:
        yield f"    pot {name}: {amount}"
    for name, value in table.info:
        yield f"    info {name}: {value}"
    if table.highlight:
        yield f"    highlight: {table.highlight}"
    for seat in range(len(game.players)):
        own = words.hand_text(variant, game.view_for(seat))
        yield f"    own {seat}: {own.hand} {own.hand_text!r} {own.notes!r}"


def spec_lines(variant: str, game: Game, seat: int) -> Iterator[str]:
    """The legal actions of ``seat``, as buttons, prompts and options, with the preview of
    each action (of each option of a choice)."""
    for raw in game.legal_actions(seat):
        spec = words.spec_text(variant, raw)
        yield f"    action {spec.kind}: {spec.label!r} {spec.prompt!r} {spec.param.value}"
        if not spec.options:
            preview = words.preview_text(variant, game.preview(seat, Action(spec.kind)))
            yield f"      preview: {preview!r}"
        for option in spec.options:
            yield f"      option {option.value}: {option.label!r} {option.description!r}"
            picked = Action(spec.kind, choices=(option.value,))
            yield f"        preview: {words.preview_text(variant, game.preview(seat, picked))!r}"


def attempt(variant: str, game: Game, seat: int, action: Action) -> str:
    """The reason an illegal action is refused (applying a legal one would change the game,
    so only actions that must be illegal are tried)."""
    try:
        game.apply(seat, action)
    except IllegalAction as exc:
        return words.reason_text(exc)
    raise AssertionError(f"{action} by seat {seat} was accepted")


def play(variant: str, players: int, seed: int, options: dict[str, object]) -> Iterator[str]:
    """One traced game."""
    yield f"== {variant} {options} players {players} seed {seed}"
    game = new_game(variant, players, seed, options)
    rng = random.Random(seed)
    for event in game.opening_events:
        yield from (f"  log: {line}" for line in words.event_lines(variant, event))
    for step in range(MAX_STEPS):
        if game.finished:
            break
        yield from view_lines(variant, game)
        pending = sorted(game.pending_seats())
        seat = pending[0]
        yield f"  step {step} seat {seat}"
        yield from spec_lines(variant, game, seat)
        specs = game.legal_actions(seat)
        action = random_for_spec(rng.choice(specs), rng) if specs else game.default_action(seat)
        yield f"    bogus: {attempt(variant, game, seat, Action('no_such_action'))}"
        if action.choices:
            yield f"    preview: {words.preview_text(variant, game.preview(seat, action))!r}"
        yield f"    apply {action}"
        for event in game.apply(seat, action):
            yield from (f"  log: {line}" for line in words.event_lines(variant, event))
            if isinstance(event, Reveals):
                for shown in event.shown_hands():
                    name = words.hand_name(variant, shown.hand)
                    yield f"  shown: {shown.player} {shown.cards} {name!r}"
    yield from view_lines(variant, game)
    yield f"  payouts {game.payouts()}"
    for seat, stats in sorted(game.seat_stats().items()):
        best = words.hand_name(variant, stats.best_hand)
        yield f"  stats {seat}: {stats.hands_played} {stats.hands_won} {best!r} {stats.biggest_pot}"


def main() -> None:
    """Print the trace."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--variant", action="append", choices=variant_ids())
    args = parser.parse_args()
    for variant in args.variant or variant_ids():
        for options in OPTIONS.get(variant, [{}]):
            for seed in range(1, args.seeds + 1):
                players = PLAYERS[seed % len(PLAYERS)]
                info = get_variant(variant)
                players = max(info.min_players, min(players, info.max_players))
                for line in play(variant, players, seed, options):
                    print(line)


if __name__ == "__main__":
    main()
