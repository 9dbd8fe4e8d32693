"""Classic Sabacc (``classic``): the Game of spec ``docs/rules/classic.md`` and its :data:`INFO`.
The decisions below are listed in that file's "Engine decisions" section.

Modules: :mod:`~engine.variants.classic.cards` (deck, notation, scoring),
:mod:`~engine.variants.classic.settle` (Sudden Demise, caller rule, pots, penalties),
:mod:`~engine.variants.classic.state` (options, state, JSON), :mod:`~engine.variants.classic.flow`
(state machine), :mod:`~engine.variants.classic.payout` (piles, reveal, settlement, game end),
:mod:`~engine.variants.classic.actions` (decisions), :mod:`~engine.variants.classic.events`,
:mod:`~engine.variants.classic.views` (views, stats), :mod:`~engine.variants.classic.judge`.

Betting goes through the shared :class:`engine.core.betting.Betting` (which owns stacks and the
hand-pot contributions) and pot layering through :mod:`engine.core.pots`; the Sabacc pot, antes
into it and penalties are Classic's own bookkeeping.

Money: Σ stacks + hand pot + Sabacc pot = buy_in × seats − credits already handed back by
:meth:`ClassicGame.leave`. At game end the leftover Sabacc pot is shared among the players still in
the game (CL-30), so :meth:`ClassicGame.payouts` plus every ``leave`` return equals
``buy_in × seats``.

Implementation decisions where the spec is silent (IDs referenced in the modules):

* C-impl-1 leave = fold (a caller who leaves is folded, no caller rule); C-impl-2 game-end Sabacc
  pot fallback; C-impl-3 hand-1 starting player from the RNG (flow / payout).
* C-impl-4: a trade turn ends by itself after the trade action when neither a stasis operation
  nor a Call remains possible (actions).
* C-impl-5: action kinds follow the spec: ``change`` (not "trade"), ``call_hand`` ("Call the
  hand") distinct from the betting ``call`` (CL-33); ``stasis`` / ``unstasis`` for the one stasis
  operation per turn.
* C-impl-6: :attr:`PlayerView.hand` lists the hidden cards only; stasis cards are public
  (SeatView.public) and are added in ``hand_text`` and ``notes`` (whole-hand total and name).
* C-impl-7: the buy-in must cover one hand's antes; ``leave`` after GAME_OVER returns 0 (the
  credits are in :meth:`ClassicGame.payouts`).
"""

from __future__ import annotations

from typing import ClassVar

from engine.variants.classic import actions, flow, views
from engine.variants.classic.cards import DECK
from engine.variants.classic.judge import judge
from engine.variants.classic.state import CODEC, ClassicOptions, ClassicState, Phase
from engine.variants.twopot.game import TwoPotGame


class ClassicGame(TwoPotGame[ClassicState]):
    """A running Classic Sabacc table (implements :class:`engine.core.game.Game`); 2–8 players
    (CL-27). Test hooks of :meth:`create`: ``deck`` (see
    :func:`~engine.variants.classic.flow.stacked_deck`) and ``start_seat``."""

    VARIANT: ClassVar[str] = "classic"
    STAKES: ClassVar[tuple[str, ...]] = ("hand_ante", "sabacc_ante")
    NAME = "Classic Sabacc"
    MIN_BUY_IN = 20  # §2.2 "custom any integer ≥ 20"
    OPTIONS = ClassicOptions
    CODEC = CODEC
    OVER = Phase.GAME_OVER
    actions, flow, views = actions, flow, views
    SEAT_FIELDS = {"last_drawn": None, "traded": False}


INFO = ClassicGame.variant_info(judge=judge, bot="engine.bots.classic", deck=DECK)
