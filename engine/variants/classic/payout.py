"""Classic Sabacc card piles and the end of a hand: REVEAL, SETTLE, AWARD_CONCEDED, GAME_OVER.

Credits move here: :func:`~engine.variants.classic.settle.settle` decides, this module applies
the result to the shared :class:`~engine.core.betting.Betting` stacks and to the Sabacc pot, and
writes the public reveal (every hand, value and name, each pot's winner, penalties, the Sabacc pot,
and one line on why the winner won).

C-impl-2: the game-end Sabacc pot goes to the players still in the game (CL-30); if nobody is
(every remaining player was cashed out at the same HAND_START), to the players of the last hand
who did not leave, so credits are always conserved.
"""

from __future__ import annotations

from engine.core.game import Events
from engine.variants.classic.cards import Card
from engine.variants.classic.events import (
    DemiseDraw,
    PenaltyPaid,
    Revealed,
    SabaccPotResult,
    SuddenDemiseDrew,
    TieStands,
)
from engine.variants.classic.settle import Settlement, explain, settle, settle_conceded
from engine.variants.classic.state import ClassicState, Phase
from engine.variants.twopot import payout as twopot_payout
from engine.variants.twopot.events import Penalty
from engine.variants.twopot.flow import discard_seat as discard_seat  # re-exported
from engine.variants.twopot.flow import draw_card as draw_card  # re-exported
from engine.variants.twopot.payout import (
    apply_credits,
    award_pots,
    award_uncontested,
    money_of,
)


class _PileDrawer:
    """Sudden-Demise draws from the game's pile (the settlement's :class:`Drawer`)."""

    def __init__(self, st: ClassicState, ev: Events) -> None:
        self.st, self.ev = st, ev

    def available(self) -> int:
        return self.st.available()

    def draw(self) -> Card:
        card = draw_card(self.st, self.ev)
        assert card is not None
        return card


# --------------------------------------------------------------------------- hands


def _apply_settlement(st: ClassicState, result: Settlement[int], ev: Events) -> None:
    """Move the credits a settlement decided and record statistics and the public summary."""
    name = st.players.__getitem__
    apply_credits(st, result, result.sabacc_payouts, result.penalties)
    award_pots(st, result.pots, ev)
    for s, paid in result.penalties.items():
        why = Penalty.BOMBED if result.evals[s].bombed else Penalty.CALLER_LOST
        ev.append(PenaltyPaid(name(s), paid, why))
    if not result.conceded:
        won = sum(result.sabacc_payouts.values())
        ev.append(SabaccPotResult(tuple(map(name, result.sabacc_winners)), won or st.sabacc_pot))
    decided = explain(result, name)
    ev.append(decided)
    st.decided = decided


def reveal(st: ClassicState, ev: Events) -> None:
    """REVEAL and SETTLE (§5.5); the caller moves on to HAND_END."""
    order = st.hand_order()
    live = st.live()
    caller = st.caller if st.caller in live else None
    hands = {s: st.full_hand(s) for s in live}
    result = settle(
        order,
        hands,
        *money_of(st, order),
        caller,
        _PileDrawer(st, ev),
        st.options.bomb_out_penalty,
    )
    for s in order:
        if s in hands:
            e = result.evals[s]
            cards = tuple(c.notation for c in hands[s])
            ev.append(Revealed(st.players[s], cards, e, s == caller))
    n_pots = len(result.pots)
    for step in result.sudden_demise:
        draws: list[DemiseDraw] = []
        for s in step.players:
            card = step.draws[s]
            if card is not None:
                st.hands[s].append(card)  # Sudden-Demise cards stay in the hand (CL-21)
            hand = step.evals[s] if s in step.evals else TieStands()
            draws.append(DemiseDraw(st.players[s], card.notation if card else "", hand))
        ev.append(SuddenDemiseDrew(step.pot, n_pots, tuple(draws)))
    _apply_settlement(st, result, ev)


def award_conceded(st: ClassicState, ev: Events) -> None:
    """AWARD_CONCEDED (§5.6): the last live player takes every layer; nothing is revealed."""
    award_uncontested(st, ev, settle_conceded, _apply_settlement)


def end_game(st: ClassicState, ev: Events) -> None:
    """GAME_OVER: share the leftover Sabacc pot (CL-30, C-impl-2) and freeze the payouts."""
    twopot_payout.end_game(st, ev, Phase.GAME_OVER, st.in_game(), st.start_seat)
