"""A player that picks uniformly among legal actions: the baseline for tests and benchmarks.

>>> import random
>>> from engine.variants import get_variant
>>> game = get_variant("kessel").create(["a", "b"], buy_in=90, options={}, seed=1)
>>> seat = min(game.pending_seats())
>>> random_action(game, seat, random.Random(0)).kind in {s.kind for s in game.legal_actions(seat)}
True
"""

from __future__ import annotations

import random

from engine.core.game import Action, ActionSpec, Game, ParamKind


def random_for_spec(spec: ActionSpec, rng: random.Random) -> Action:
    """A uniformly random valid action of one spec (amounts favour the low end a little)."""
    if spec.param is ParamKind.AMOUNT:
        low, high = spec.min_amount, spec.max_amount
        cap = min(high, low + max(1, (high - low) // 4)) if rng.random() < 0.8 else high
        return Action(spec.kind, amount=rng.randint(low, max(low, cap)))
    if spec.param is ParamKind.CHOICE:
        values = [o.value for o in spec.options]
        high = min(spec.max_choices, len(values))
        count = rng.randint(min(spec.min_choices, high), high)
        return Action(spec.kind, choices=tuple(rng.sample(values, count)))
    return Action(spec.kind)


def random_action(game: Game, seat: int, rng: random.Random) -> Action:
    """A random legal action of a pending ``seat``: a random spec, then random parameters."""
    specs = game.legal_actions(seat)
    if not specs:
        return game.default_action(seat)
    return random_for_spec(rng.choice(specs), rng)
