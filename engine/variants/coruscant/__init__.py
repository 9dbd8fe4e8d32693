"""Coruscant Shift (variant id ``coruscant-shift``): registry entry, factory and judge adapter.

Rules: ``docs/rules/coruscant-shift.md`` (its "Engine decisions" section lists what the engine
decides where the spec is silent).

The rules live in :mod:`engine.variants.coruscant.cards` (cards, dice, evaluation, antes), the state
in :mod:`.state`, the decisions in :mod:`.actions`, the automatic steps in :mod:`.flow`, the views
in :mod:`.views` (their facts in :mod:`.facts`, the events in :mod:`.events`) and
:mod:`engine.variants.coruscant.game` makes them a :class:`~engine.core.game.Game`; this module
wires them to the platform.

The judge of the §0 test vectors and its pure API (``evaluate``, ``distribute_pot``,
``ante_schedule``) are in :mod:`engine.variants.coruscant.judge`.
"""

from __future__ import annotations

from engine.core.game import VariantInfo
from engine.variants.coruscant.cards import (
    DECK,
    ante_schedule,
    evaluate,
    evaluate_cards,
)
from engine.variants.coruscant.game import CoruscantGame, CoruscantOptions, Phase
from engine.variants.coruscant.judge import distribute_pot, judge

__all__ = [
    "INFO",
    "CoruscantGame",
    "CoruscantOptions",
    "Phase",
    "ante_schedule",
    "create",
    "distribute_pot",
    "evaluate",
    "evaluate_cards",
    "judge",
    "restore",
]


create = CoruscantGame.create
"""Start a game (:meth:`CoruscantGame.new_game`)."""

restore = CoruscantGame.from_json
"""Inverse of :meth:`CoruscantGame.to_json`."""


INFO = VariantInfo(
    id="coruscant-shift",
    name="Coruscant Shift",
    min_players=2,
    max_players=6,
    buy_in_presets={"lay": 500, "tournament": 1000},
    default_preset="lay",
    min_buy_in=CoruscantGame.MIN_BUY_IN,
    create=create,
    restore=restore,
    judge=judge,
    options={
        "ante_escalation": True,
        "base_ante": 2,
        "lock_first_selection": False,
        "sylop_counts_as_target_suit": True,
        "max_hands": None,
        "min_bet": 1,
    },
    bot="engine.bots.coruscant",
    deck=DECK,
    vocabulary="coruscant",
)
