"""Sabacc Project (``project``): the Game of spec ``docs/rules/project.md`` and its :data:`INFO`.
The decisions below are listed in that file's "Engine decisions" section.

Modules: :mod:`~engine.variants.project.cards` (notation, evaluation; the deck is Classic's),
:mod:`~engine.variants.project.settle` (penalties, Sudden Demise, layers, Sabacc pot),
:mod:`~engine.variants.project.shift` (the Shift's RNG sequence),
:mod:`~engine.variants.project.state` (options, state, JSON),
:mod:`~engine.variants.project.flow` (state machine),
:mod:`~engine.variants.project.payout` (reveal, settlement, game end),
:mod:`~engine.variants.project.actions` (decisions), :mod:`~engine.variants.project.events`,
:mod:`~engine.variants.project.views` and :mod:`~engine.variants.project.judge`.

Betting goes through the shared :class:`engine.core.betting.Betting` (stacks and Main-Pot
contributions) and pot layering through :mod:`engine.core.pots`; the Sabacc pot, its antes and
the penalties are this variant's own bookkeeping.

Money: Σ stacks + Main Pot + Sabacc pot = buy_in × seats − credits already handed back by
:meth:`ProjectGame.leave`; at game end the Sabacc pot is shared out (SP-28), so
:meth:`ProjectGame.payouts` plus every ``leave`` return equals ``buy_in × seats``.

Implementation decisions where the spec is silent (IDs used in the modules):

* P-impl-1 short vector draw piles (settle); P-impl-2 game-end Sabacc pot fallback (payout);
  P-impl-3 leaving mid-hand, P-impl-4 forced calls (flow); P-impl-5 the Interference Field on the
  player's own turns, P-impl-6 unique field option values (actions); P-impl-7 the private hand
  lists hidden cards only (views).
* P-impl-8: the buy-in must cover one hand's antes (2 × ante); ``leave`` after GAME_OVER returns
  0 (the credits are in :meth:`ProjectGame.payouts`).
* P-impl-9: the turn counter grows with every accepted action of the pending seat and with every
  leave; an Interference-Field placement out of turn does not make the pending seat's buttons
  stale.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engine.variants.classic.cards import DECK
from engine.variants.project import actions, flow, views
from engine.variants.project.judge import judge
from engine.variants.project.state import CODEC, Phase, ProjectOptions, ProjectState
from engine.variants.twopot.game import TwoPotGame


class ProjectGame(TwoPotGame[ProjectState]):
    """A running Sabacc Project table (implements :class:`engine.core.game.Game`); 2–8 players
    (§2.1). Test hooks of :meth:`create`: ``deck`` (notations, top first, special cards with
    their copy index ``queen#2``) and ``dealer``."""

    VARIANT: ClassVar[str] = "project"
    STAKES: ClassVar[tuple[str, ...]] = ("ante",)
    NAME = "Sabacc Project"
    MIN_BUY_IN = 10  # 2 × the default ante (P-impl-8)
    OPTIONS = ProjectOptions
    CODEC = CODEC
    OVER = Phase.GAME_OVER
    actions, flow, views = actions, flow, views
    OUT_OF_TURN = True  # the Interference Field may be placed at any moment

    @classmethod
    def table_options(
        cls, players: Sequence[str], buy_in: int, raw: Mapping[str, Any]
    ) -> ProjectOptions:
        """The validated options; the buy-in must cover what a player needs to stay in the game
        at HAND_START (2 × ante, SP-6)."""
        opts = ProjectOptions.from_mapping(raw)
        cls.check_buy_in(players, buy_in, opts.total_ante)
        return opts


INFO = ProjectGame.variant_info(
    judge=judge,
    bot="engine.bots.project",
    deck=DECK,
    presets={"standard": 500, "high": 1000},
    default_preset="standard",
)
