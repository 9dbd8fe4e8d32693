"""Corellian Spike (``corellian-spike``): the Game of spec
``docs/rules/corellian-spike.md`` (its "Engine decisions" list the SPK-impl-n) and its INFO.

Modules: :mod:`~engine.variants.corellian_spike.cards` (hands, dice, blind-draw order; the deck and
notation are Coruscant Shift's), :mod:`~engine.variants.corellian_spike.settle` (antes, the Sabacc
Shift, blind draws, pots and the Sabacc pot, pure), :mod:`~engine.variants.corellian_spike.state`
(options, state, JSON), :mod:`~engine.variants.corellian_spike.flow` (state machine),
:mod:`~engine.variants.corellian_spike.payout` (reveal, settlement, game end),
:mod:`~engine.variants.corellian_spike.actions` (decisions),
:mod:`~engine.variants.corellian_spike.events`, :mod:`~engine.variants.corellian_spike.views`,
:mod:`~engine.variants.corellian_spike.judge`.

Betting goes through the shared :class:`engine.core.betting.Betting`, pot layering through
:mod:`engine.core.pots`; seats, statistics, leaving and the game-end Sabacc pot are the two-pot
family's (:mod:`engine.variants.twopot`).

Money: Σ stacks + hand pot + Sabacc pot = buy_in × seats − credits already handed back by
:meth:`SpikeGame.leave`; at the end the leftover Sabacc pot is shared (SPK-18). The buy-in must
cover one hand's antes and ``hand_ante`` is at least 1 (SPK-impl-9).

>>> game = SpikeGame.create(["ann", "bo"], buy_in=50, seed=3)
>>> game.total_credits(), sorted(game.pending_seats()) in ([0], [1])
(100, True)
>>> seat = next(iter(game.pending_seats()))
>>> [spec.kind for spec in game.legal_actions(seat)]
['gain', 'gain_discard', 'swap', 'stand', 'junk']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from engine.core.game import Event
from engine.variants.corellian_spike import actions, flow, views
from engine.variants.corellian_spike.cards import is_shift
from engine.variants.corellian_spike.judge import judge
from engine.variants.corellian_spike.state import CODEC, Phase, SpikeOptions, SpikeState
from engine.variants.coruscant.cards import DECK
from engine.variants.twopot.game import TwoPotGame

__all__ = ["INFO", "Phase", "SpikeGame", "SpikeOptions", "SpikeState", "judge"]


class SpikeGame(TwoPotGame[SpikeState]):
    """A running Corellian Spike table (implements :class:`engine.core.game.Game`); 2–8 players
    (SPK-20)."""

    VARIANT: ClassVar[str] = "corellian-spike"
    STAKES: ClassVar[tuple[str, ...]] = ("hand_ante", "sabacc_ante")
    NAME = "Corellian Spike"
    MIN_BUY_IN = 10  # §2.2 "custom any integer ≥ 10"
    OPTIONS = SpikeOptions
    CODEC = CODEC
    OVER = Phase.GAME_OVER
    actions, flow, views = actions, flow, views

    @classmethod
    def new_state(
        cls,
        seats: dict[str, Any],
        events: list[Event],
        *,
        decks: Sequence[Sequence[str]] = (),
        dice: Sequence[tuple[int, int]] = (),
        start_seat: int | None = None,
    ) -> SpikeState:
        """The state over ``seats`` (:meth:`~engine.variants.twopot.game.TwoPotGame.seat`),
        its first hand dealt.

        Test hooks: ``decks`` are top-first card orders dealt instead of a shuffle in the first
        hands (the other cards follow in a fixed order), ``dice`` the next spike-dice rolls,
        ``start_seat`` hand 1's starting player.
        """
        if start_seat is not None and not 0 <= start_seat < len(seats["players"]):
            raise ValueError("start_seat out of range")
        rigged_decks = [list(d) for d in decks]
        for deck in rigged_decks:
            flow.stacked_deck(deck)  # validates the cards
        rigged_dice = [(int(a), int(b)) for a, b in dice]
        for a, b in rigged_dice:
            is_shift(a, b)  # validates the faces
        st = SpikeState(
            **seats, rigged_decks=rigged_decks, rigged_dice=rigged_dice, rigged_start=start_seat
        )
        flow.start_hand(st, events)
        return st


INFO = SpikeGame.variant_info(judge=judge, bot="engine.bots.spike", deck=DECK)
