"""The end of a Centran hand and of the game: REVEAL, SETTLE, AWARD_UNCONTESTED, GAME_OVER.

Credits move here: :func:`~engine.variants.centran.settle.settle_hand` decides, this module
applies the result to the shared :class:`~engine.core.betting.Betting` stacks and the Sabacc pot,
and announces the reveal: every hand with its evaluation (the chosen value of each Ace and table
five included), each pot's winners, penalties, the Sabacc pot, and why the winner won.

CE-impl-4: the game-end Sabacc pot goes to the players still in the game (CE-38); if nobody is
(everyone lost their last credit in the same hand), to the players of the last hand who did not
leave, so credits are always conserved.
"""

from __future__ import annotations

from engine.core.game import Events
from engine.variants.centran.deal import last_five_by
from engine.variants.centran.events import (
    PenaltyPaid,
    Revealed,
    SabaccPotResult,
)
from engine.variants.centran.settle import Settlement, explain, settle_hand, settle_uncontested
from engine.variants.centran.state import CentranState, Phase
from engine.variants.twopot import payout as twopot_payout
from engine.variants.twopot.events import Penalty
from engine.variants.twopot.payout import apply_credits, award_pots, money_of


def _apply(st: CentranState, result: Settlement[int], ev: Events) -> None:
    """Move the credits a settlement decided; record statistics and why the hand went so."""
    name = st.players.__getitem__
    apply_credits(st, result, result.sabacc_award, result.penalties)
    award_pots(st, result.pots, ev)
    for s, paid in result.penalties.items():
        if s in result.evals and result.evals[s].bombed:
            ev.append(PenaltyPaid(name(s), paid, Penalty.NO_TOTAL))
    if result.end != "uncontested":
        won = sum(result.sabacc_award.values())
        winners = tuple(name(s) for s in result.sabacc_award)
        ev.append(SabaccPotResult(winners, won or result.sabacc_pot_after))
    st.decided = explain(result, name)
    st.last_result = []  # the words an earlier version kept (see CentranState.last_decision)
    ev.append(st.decided)


def reveal(st: CentranState, ev: Events, end: str) -> None:
    """REVEAL and SETTLE (§5.6) for the hand that ended by ``end``."""
    order = st.hand_order()
    hands = {s: st.held(s) for s in st.live()}
    result = settle_hand(
        order,
        hands,
        len(st.fives),
        end,
        last_five_by(st),
        *money_of(st, order),
        st.options.penalty,
    )
    for s in order:
        if s in hands:
            notations = tuple(c.notation for c in hands[s])
            ev.append(Revealed(st.players[s], notations, result.evals[s]))
    _apply(st, result, ev)


def award_uncontested(st: CentranState, ev: Events) -> None:
    """AWARD_UNCONTESTED (CE-32): the last live player takes the whole hand pot unseen."""
    twopot_payout.award_uncontested(st, ev, settle_uncontested, _apply)


def end_game(st: CentranState, ev: Events) -> None:
    """GAME_OVER (§2.5): share the Sabacc pot among the players still in the game, odd credits
    clockwise from the last hand's first to act (CE-impl-4), and freeze the payouts."""
    still_in = [s for s in st.in_game() if st.stacks[s] > 0]
    twopot_payout.end_game(st, ev, Phase.GAME_OVER, still_in, st.first)
