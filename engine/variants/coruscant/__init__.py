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

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.fair import SeedSource, game_rng
from engine.core.game import Event, VariantInfo
from engine.core.seats import starting_stacks
from engine.variants.coruscant import flow
from engine.variants.coruscant.cards import (
    DECK,
    TARGETS,
    Card,
    Suit,
    ante_schedule,
    check_unique,
    evaluate,
    evaluate_cards,
)
from engine.variants.coruscant.game import CoruscantGame, CoruscantOptions, Phase
from engine.variants.coruscant.judge import distribute_pot, judge
from engine.variants.coruscant.state import CoruscantState

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


def create(
    players: Sequence[str],
    *,
    buy_in: int,
    options: Mapping[str, Any],
    seed: int | SeedSource,
    stacks: Sequence[int] | None = None,
    decks: Sequence[Sequence[str]] = (),
    dice: Sequence[tuple[int, str]] = (),
    start_seat: int | None = None,
) -> CoruscantGame:
    """Start a game: seats in join order, every stack ``buy_in`` (``stacks`` overrides it).

    Test hooks: ``decks`` are top-first card orders used for the first hands instead of a
    shuffle, ``dice`` their ``(target, suit)`` rolls, ``start_seat`` the first starting player.
    """
    if buy_in < INFO.min_buy_in and stacks is None:
        raise ValueError(f"the buy-in must be at least {INFO.min_buy_in}")
    opts = CoruscantOptions.from_mapping(options)
    chips = starting_stacks(buy_in, len(players), stacks)
    st = CoruscantState(players, stacks=chips, options=opts, rng=game_rng(seed))
    for deck in decks:
        cards = [Card.parse(c) for c in deck]
        check_unique(cards)
        st.rigged_decks.append([c.notation for c in cards])
    for target, suit in dice:
        if target not in TARGETS:
            raise ValueError(f"{target} is not a gold die face")
        st.rigged_dice.append((target, Suit(suit).value))
    if start_seat is not None:
        if not 0 <= start_seat < len(players):
            raise ValueError("start_seat out of range")
        st.rigged_start = start_seat
    opening: list[Event] = []
    flow.start_hand(st, opening)
    return CoruscantGame.opened(st, opening)


restore = CoruscantGame.restore_game
"""Inverse of :meth:`CoruscantGame.to_json`."""


INFO = VariantInfo(
    id="coruscant-shift",
    name="Coruscant Shift",
    min_players=2,
    max_players=6,
    buy_in_presets={"lay": 500, "tournament": 1000},
    default_preset="lay",
    min_buy_in=10,
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
