"""The end of a Sabacc Project hand: REVEAL + SETTLE, AWARD_UNCONTESTED, and GAME_OVER.

Credits move here: :func:`~engine.variants.project.settle.settle` decides, this module applies the
result to the shared :class:`~engine.core.betting.Betting` stacks and to the Sabacc pot, and
announces the reveal: every hand with its evaluation, the Sudden-Demise cards, each layer's
winners, penalties, the Sabacc pot, and why the winner won.

P-impl-2: at game end the Sabacc pot is split among the players still in the game, else among the
players dealt into the final hand who have not left, else among everyone who has not left (SP-28),
so credits are always conserved.
"""

from __future__ import annotations

from engine.core.game import Events
from engine.variants.project.cards import Card, evaluate
from engine.variants.project.events import (
    DemiseCard,
    PenaltyPaid,
    Revealed,
    SabaccPotResult,
    SuddenDemiseDealt,
)
from engine.variants.project.settle import Settlement, explain, settle, settle_uncontested
from engine.variants.project.state import Phase, ProjectState
from engine.variants.twopot import payout as twopot_payout
from engine.variants.twopot.events import Penalty
from engine.variants.twopot.payout import apply_credits, award_pots, money_of


class GamePile:
    """The game's draw pile as the settlement's Sudden-Demise :class:`Pile`."""

    def __init__(self, st: ProjectState) -> None:
        self.st = st

    def can_deal(self, count: int) -> bool:
        """Enough cards left in the draw pile (no reshuffle, SP-25)."""
        return count <= len(self.st.draw)

    def deal(self) -> Card:
        """The top card."""
        return self.st.draw.draw_one()


def _apply(st: ProjectState, result: Settlement[int], ev: Events) -> None:
    """Move the credits a settlement decided; statistics and why the hand went so."""
    name = st.players.__getitem__
    apply_credits(st, result, result.sabacc_award, result.penalties)
    for s, paid in result.penalties.items():
        ev.append(PenaltyPaid(name(s), paid, Penalty.TOTAL, result.evals[s].total))
    award_pots(st, result.pots, ev)
    if not result.uncontested:
        won = sum(result.sabacc_award.values())
        before = result.sabacc_pot_after - result.to_sabacc_pot
        ev.append(SabaccPotResult(tuple(map(name, result.sabacc_winners)), won or before))
    st.decided = explain(result, name)
    st.last_result = []  # the words an earlier version kept (see ProjectState.last_decision)
    ev.append(st.decided)


def reveal(st: ProjectState, ev: Events) -> None:
    """REVEAL and SETTLE (§3, §5): every live hand face up, then the settlement."""
    order = st.hand_order()
    hands = {s: list(st.hands[s]) for s in st.live_order()}
    result = settle(order, hands, *money_of(st, order), GamePile(st))
    for s in order:
        if s in hands:
            cards = tuple(c.plain for c in hands[s])
            ev.append(Revealed(st.players[s], cards, result.evals[s], s == st.caller))
    for deal in result.sudden_demise:
        draws = []
        for s, card in deal.cards.items():
            st.hands[s].append(card)  # the extra card is dealt face up to the player
            hand = evaluate(result.hand_at(s, deal.depth))
            draws.append(DemiseCard(st.players[s], card.plain, hand))
        ev.append(SuddenDemiseDealt(deal.depth, tuple(draws)))
    _apply(st, result, ev)


def award_uncontested(st: ProjectState, ev: Events) -> None:
    """AWARD_UNCONTESTED (§5.6): the last live player takes every layer; nothing is revealed."""
    twopot_payout.award_uncontested(st, ev, settle_uncontested, _apply)


def end_game(st: ProjectState, ev: Events) -> None:
    """GAME_OVER: share the leftover Sabacc pot (SP-28, P-impl-2) and freeze the payouts."""
    twopot_payout.end_game(st, ev, Phase.GAME_OVER, st.in_game(), st.start_seat)
