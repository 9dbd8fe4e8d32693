"""The end of a Sabacc Project hand: REVEAL + SETTLE, AWARD_UNCONTESTED, and GAME_OVER.

Credits move here: :func:`~engine.variants.project.settle.settle` decides, this module applies the
result to the shared :class:`~engine.core.betting.Betting` stacks and to the Sabacc pot, and writes
the public reveal: every hand with its value and name, the Sudden-Demise cards, each layer's
winners, penalties, the Sabacc pot, and one line on why the winner won.

P-impl-2: at game end the Sabacc pot is split among the players still in the game, else among the
players dealt into the final hand who have not left, else among everyone who has not left (SP-28),
so credits are always conserved.
"""

from __future__ import annotations

from engine.core.game import Event
from engine.variants.project.cards import Card, evaluate
from engine.variants.project.events import (
    HandWon,
    PenaltyPaid,
    PotAwarded,
    Revealed,
    SabaccPotResult,
    SuddenDemiseDealt,
)
from engine.variants.project.settle import Settlement, explain, settle, settle_uncontested
from engine.variants.project.state import Phase, ProjectState
from engine.variants.twopot import payout as twopot_payout
from engine.variants.twopot.events import Penalty
from engine.variants.twopot.payout import (
    apply_credits,
    contributions_of,
    public_lines,
    stacks_of,
)

Events = list[Event]


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
    """Move the credits a settlement decided; statistics and the public summary."""
    name = st.players.__getitem__
    apply_credits(
        st,
        result.order,
        result.payouts,
        result.sabacc_award,
        result.penalties,
        result.sabacc_pot_after,
        result.winners,
        result.evals,
    )
    for s, paid in result.penalties.items():
        ev.append(PenaltyPaid(name(s), paid, Penalty.TOTAL, result.evals[s].total))
    for i, layer in enumerate(result.pots):
        ev.append(PotAwarded(i, len(result.pots), layer.amount, tuple(map(name, layer.winners))))
    if not result.uncontested:
        won = sum(result.sabacc_award.values())
        before = result.sabacc_pot_after - result.to_sabacc_pot
        ev.append(SabaccPotResult(tuple(map(name, result.sabacc_winners)), won or before))
    ev.append(HandWon(explain(result, name)))


def reveal(st: ProjectState, ev: Events) -> None:
    """REVEAL and SETTLE (§3, §5): every live hand face up, then the settlement."""
    start = len(ev)
    order = st.hand_order()
    hands = {s: list(st.hands[s]) for s in st.live_order()}
    result = settle(
        order,
        hands,
        contributions_of(st, order),
        stacks_of(st, order),
        st.sabacc_pot,
        GamePile(st),
    )
    for s in order:
        if s in hands:
            e = result.evals[s]
            cards = tuple(c.plain for c in hands[s])
            ev.append(Revealed(st.players[s], cards, e.total, e.label, s == st.caller))
    for deal in result.sudden_demise:
        draws = []
        for s, card in deal.cards.items():
            st.hands[s].append(card)  # the extra card is dealt face up to the player
            label = evaluate(result.hand_at(s, deal.depth)).label
            draws.append((st.players[s], card.plain, label))
        ev.append(SuddenDemiseDealt(deal.depth, tuple(draws)))
    _apply(st, result, ev)
    st.last_result = public_lines(ev[start:])


def award_uncontested(st: ProjectState, ev: Events) -> None:
    """AWARD_UNCONTESTED (§5.6): the last live player takes every layer; nothing is revealed."""
    twopot_payout.award_uncontested(st, ev, settle_uncontested, _apply)


def end_game(st: ProjectState, ev: Events) -> None:
    """GAME_OVER: share the leftover Sabacc pot (SP-28, P-impl-2) and freeze the payouts."""
    twopot_payout.end_game(st, ev, Phase.GAME_OVER, st.in_game(), st.start_seat)
