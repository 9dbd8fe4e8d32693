"""Bot opponents for every variant: pure decisions from what a seat may see.

The table runtime calls exactly :func:`choose_action` and :func:`supports`. A bot reads only
``game.view_for(seat)``, ``game.public_view()``, ``game.legal_actions(seat)`` and
``game.preview``; any randomness is seeded from public facts, so the same state gives the same
action. Styles: ``cautious``, ``balanced``, ``bold`` (:data:`STYLES`).

>>> from engine.variants import get_variant
>>> game = get_variant("coruscant-shift").create(["a", "b"], buy_in=100, options={}, seed=3)
>>> seat = min(game.pending_seats())
>>> choose_action("coruscant-shift", game, seat, "balanced").kind
'select'
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence

from engine.bots.common import STYLES, Undecided, is_valid
from engine.bots.random_legal import random_action
from engine.core.game import Action, Game
from engine.variants import UnknownVariant, get_variant

__all__ = ["STRICT", "STYLES", "Undecided", "choose_action", "play_out", "supports"]

STRICT = False
"""Tests set this: a bot that cannot decide (:class:`Undecided`) raises instead of playing the
variant's default action."""

Decide = Callable[[Game, int, str], Action]


def _bot_module(variant_id: str) -> str | None:
    """The module with ``decide(game, seat, style) -> Action`` that the variant's registration
    (:attr:`~engine.core.game.VariantInfo.bot`) names, if any."""
    try:
        return get_variant(variant_id).bot
    except UnknownVariant:
        return None


def supports(variant_id: str) -> bool:
    """Whether a bot can play ``variant_id``."""
    return _bot_module(variant_id) is not None


def _decider(variant_id: str) -> Decide:
    """The ``decide`` function of the variant's bot (``LookupError`` when it has none)."""
    module_path = _bot_module(variant_id)
    if module_path is None:
        raise LookupError(f"no bot plays {variant_id!r}")
    decide: Decide = importlib.import_module(module_path).decide
    return decide


def choose_action(variant_id: str, game: Game, seat: int, style: str) -> Action:
    """The bot's decision for a pending ``seat``; always a legal-looking action.

    Anything the variant's bot cannot decide (an unknown action kind, an unsupported variant,
    facts it does not know: :class:`Undecided`) falls back to ``game.default_action(seat)``;
    with :data:`STRICT` an :class:`Undecided` is raised instead.
    """
    specs = game.legal_actions(seat)
    if not specs or not supports(variant_id):
        return game.default_action(seat)
    try:
        action = _decider(variant_id)(game, seat, style)
    except Undecided:
        if STRICT:
            raise
        return game.default_action(seat)
    except ValueError:  # a view whose text the bot no longer understands
        return game.default_action(seat)
    return action if is_valid(action, specs) else game.default_action(seat)


def play_out(
    game: Game,
    styles: Sequence[str | None],
    rng: random.Random,
    decide: Decide,
    *,
    max_steps: int,
) -> Game:
    """Play ``game`` until it ends or ``max_steps`` actions were taken, and return it: each time
    the lowest pending seat acts, by ``decide(game, seat, style)`` in its style
    ``styles[seat]``, or uniformly at random (:func:`~engine.bots.random_legal.random_action`
    drawing from ``rng``) where its style is ``None``. Tests and benchmarks wrap
    :func:`choose_action` as ``decide`` to check or time each decision."""
    for _ in range(max_steps):
        if game.finished:
            break
        seat = min(game.pending_seats())
        style = styles[seat]
        action = random_action(game, seat, rng) if style is None else decide(game, seat, style)
        game.apply(seat, action)
    return game
