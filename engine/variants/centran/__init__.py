"""Centran Sabacc (``centran``): the Game of spec ``docs/rules/centran.md`` and its :data:`INFO`.
The decisions below are listed in that file's "Engine decisions" section.

Modules: :mod:`~engine.variants.centran.cards` (deck, notation, scoring, rank_key),
:mod:`~engine.variants.centran.settle` (antes, Shift trigger, pots, Sabacc pot, penalties),
:mod:`~engine.variants.centran.state` (options, state, JSON), :mod:`~engine.variants.centran.deal`
(draws, Wild Fives, the Shift), :mod:`~engine.variants.centran.flow` (state machine),
:mod:`~engine.variants.centran.payout` (reveal, settlement, game end),
:mod:`~engine.variants.centran.actions` (decisions), :mod:`~engine.variants.centran.events`,
:mod:`~engine.variants.centran.views` (views, stats), :mod:`~engine.variants.centran.judge`.

Shared code: betting through :class:`engine.core.betting.Betting` (stacks, hand-pot
contributions, all-in), pot layering and splits through :mod:`engine.core.pots`; the state, the
events, the seat statistics and the stored forms Centran has in common with the two-pot family
are :mod:`engine.variants.twopot`'s. Events, views, controls and previews are facts; the bot's
renderer ``bot/words/centran.py`` words them.

Money: Σ stacks + hand pot + Sabacc pot = buy_in × seats − credits already handed back by
:meth:`CentranGame.leave`; at GAME_OVER the Sabacc pot is shared among the players still in the
game (CE-38), so :meth:`CentranGame.payouts` plus every ``leave`` return equals ``buy_in × seats``.

Implementation decisions where the spec is silent (details in the modules):
CE-impl-1 leave = fold, credits behind go home (flow); CE-impl-2 hand-1 dealer from the RNG
(flow); CE-impl-3 a Shift Phase without any card ends the hand as the round limit (flow);
CE-impl-4 game-end Sabacc pot fallback (payout); CE-impl-5 a Card-Phase turn ends by itself when
no Stasis operation is left, and CE-impl-6 ``array_draw`` needs a card to refill (actions);
CE-impl-7 :attr:`PlayerView.hand` lists the hidden cards only, Stasis cards are public and appear
in the seat's facts (``CentranHand.stasis``, hence in its private words); CE-impl-8 a ``trade``
is two single choices (the Array card to take, then the card to give, or ``cancel_trade``) so
that every control fits a button row or one select; CE-impl-9 the buy-in must cover two hands'
antes (§2.2 ``custom``); ``leave`` after GAME_OVER returns 0.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engine.variants.centran import actions, flow, views
from engine.variants.centran.cards import DECK
from engine.variants.centran.judge import judge
from engine.variants.centran.state import CODEC, CentranOptions, CentranState, Phase
from engine.variants.twopot.game import TwoPotGame


class CentranGame(TwoPotGame[CentranState]):
    """A running Centran Sabacc table (implements :class:`engine.core.game.Game`); 2–8 players
    (CE-34). Test hooks of :meth:`create`: ``deck`` (notations, top first) and ``dealer``."""

    VARIANT: ClassVar[str] = "centran"
    NAME = "Centran Sabacc"
    MIN_BUY_IN = 30  # 2 × (10 + 5) with the default ante (§2.2)
    OPTIONS = CentranOptions
    CODEC = CODEC
    OVER = Phase.GAME_OVER
    actions, flow, views = actions, flow, views
    SEAT_FIELDS = {"notes": None}

    @classmethod
    def table_options(
        cls, players: Sequence[str], buy_in: int, raw: Mapping[str, Any]
    ) -> CentranOptions:
        """The validated options; the buy-in must cover two hands' antes (CE-impl-9)."""
        opts = CentranOptions.from_mapping(raw)
        cls.check_buy_in(players, buy_in, 2 * (opts.hand_ante + opts.sabacc_ante))
        return opts


INFO = CentranGame.variant_info(judge=judge, bot="engine.bots.centran", deck=DECK)
