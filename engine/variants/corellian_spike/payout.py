"""Corellian Spike card piles and the end of a hand: REVEAL, SETTLE, AWARD_UNCONTESTED,
GAME_OVER.

Credits move here: :func:`~engine.variants.corellian_spike.settle.settle_hand` decides, this
module applies the result to the shared :class:`~engine.core.betting.Betting` stacks and the
Sabacc pot (through the two-pot family's :func:`~engine.variants.twopot.payout.apply_credits`),
and announces every revealed hand with its evaluation, every blind draw, each pot's winners, the
Sabacc pot, and who won the hand and why
(:class:`~engine.variants.corellian_spike.events.HandDecided`). Blind-drawn cards go face up on
the discard pile after SETTLE (SPK-impl-7); the game-end Sabacc pot follows the two-pot family
(SPK-impl-8).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.game import Events
from engine.variants.corellian_spike.cards import Card, Category, HandEval
from engine.variants.corellian_spike.events import (
    BlindDrew,
    HandDecided,
    PotAwarded,
    Reshuffled,
    Revealed,
    SabaccPotResult,
    Step,
    Why,
)
from engine.variants.corellian_spike.settle import SPLIT, HandResult, settle_conceded, settle_hand
from engine.variants.corellian_spike.state import Phase, SpikeState
from engine.variants.twopot import payout as twopot_payout
from engine.variants.twopot.payout import apply_credits, award_uncontested, contributions_of


def draw_card(st: SpikeState, ev: Events) -> Card | None:
    """The top card of the draw pile; when it is empty every discard but the top card is
    shuffled into it first (§3.4). ``None`` when no card can be drawn."""
    if not len(st.draw):
        if len(st.discard) < 2:
            return None
        top = st.discard.pop()
        count = len(st.discard)
        st.draw.shuffle_in(st.discard, st.rng)
        st.discard = [top]
        ev.append(Reshuffled(count))
    return st.draw.draw_one()


class PileDrawer:
    """Blind draws from the game's draw pile (the settlement's ``Drawer``)."""

    def __init__(self, st: SpikeState, ev: Events) -> None:
        self.st, self.ev = st, ev
        self.drawn: list[Card] = []

    def available(self) -> int:
        """Cards that can still be drawn."""
        return self.st.available()

    def draw(self) -> Card:
        """The next card of the pile (it goes on the discard pile after SETTLE)."""
        card = draw_card(self.st, self.ev)
        assert card is not None  # only called when available() is positive
        self.drawn.append(card)
        return card


# --------------------------------------------------------------------------- why a hand won

_CARD_STEPS = {3: Step.MORE_CARDS, 4: Step.POSITIVE_TOTAL, 5: Step.POSITIVE_CARD}


def beaten_at(win: HandEval, lose: HandEval) -> tuple[Step, int]:
    """The §5.3 step that put ``win`` ahead of ``lose``, and the index of ``rank_key`` it
    compared."""
    step = next(
        i for i, (a, b) in enumerate(zip(win.rank_key, lose.rank_key, strict=True)) if a != b
    )
    if step == 0:
        return (Step.SABACC if win.is_sabacc and not lose.is_sabacc else Step.CATEGORY), step
    if win.category is Category.NULRHEK:
        return (Step.CLOSER if step == 1 else Step.POSITIVE), step
    if step in (1, 2):
        run = win.category is Category.STRAIGHT_KHYRON
        return (Step.RUN_CLOSER if run else Step.SET_CLOSER), step
    return _CARD_STEPS[step], step


def decide(st: SpikeState, result: HandResult[int]) -> HandDecided:
    """Who won the hand (the main pot) and why."""
    name = st.players.__getitem__
    main = result.pots[0]
    winners = tuple(map(name, main.winners))
    if result.conceded:
        return HandDecided(st.hand_no, Why.CONCEDED, winners)
    best = result.evals[main.winners[0]]
    tied = [p for p in main.eligible if result.evals[p].rank_key == best.rank_key]
    if len(winners) > 1:
        why = Why.SPLIT_RULE if st.options.tie_break == SPLIT else Why.NO_CARD
        return HandDecided(st.hand_no, why, winners, best)
    if len(tied) > 1:
        others = tuple(name(p) for p in tied if p not in main.winners)
        return HandDecided(st.hand_no, Why.BLIND_DRAW, winners, best, others)
    rest = [p for p in main.eligible if p not in main.winners]
    runner = min(rest, key=lambda p: result.evals[p].rank_key)
    lose = result.evals[runner]
    step, index = beaten_at(best, lose)
    return HandDecided(
        st.hand_no,
        Why.BEATS,
        winners,
        best,
        runner=name(runner),
        runner_hand=lose,
        step=step,
        mine=-best.rank_key[index],
        theirs=-lose.rank_key[index],
    )


# --------------------------------------------------------------------------- settlement


def _apply(st: SpikeState, result: HandResult[int], ev: Events) -> None:
    """Move the credits a settlement decided; announce pots, the Sabacc pot and the reason."""
    name = st.players.__getitem__
    apply_credits(st, result, result.sabacc_payouts, {})
    count = len(result.pots)
    for i, pot in enumerate(result.pots):
        shares = tuple((name(w), pot.shares[w]) for w in pot.winners)
        ev.append(PotAwarded(i, count, pot.amount, shares))
    if not result.conceded:
        won = result.sabacc_won
        amount = won if result.sabacc_winners else result.sabacc_pot_after
        ev.append(SabaccPotResult(tuple(map(name, result.sabacc_winners)), amount))
    st.decided = decide(st, result)
    ev.append(st.decided)


def reveal(st: SpikeState, ev: Events) -> None:
    """REVEAL and SETTLE (§5.6); blind-drawn cards go face up on the discard pile afterwards."""
    order = st.hand_order()
    hands = {s: list(st.hands[s]) for s in st.live_order()}
    drawer = PileDrawer(st, ev)
    result = settle_hand(
        order,
        hands,
        contributions_of(st, order),
        st.sabacc_pot,
        drawer,
        tie_break=st.options.tie_break,
        extras=st.options.named_hand_extras,
    )
    for s in order:
        if s in hands:
            cards = tuple(c.notation for c in hands[s])
            ev.append(Revealed(st.players[s], cards, result.evals[s]))
    count = len(result.pots)
    for rnd in result.blind_rounds:
        index = next(
            i for i, pot in enumerate(result.pots) if set(rnd.players) <= set(pot.eligible)
        )
        draws = tuple((st.players[s], rnd.draws[s].notation) for s in rnd.players)
        ev.append(BlindDrew(index, count, rnd.level, draws))
    st.discard.extend(drawer.drawn)
    _apply(st, result, ev)
    st.last_result = []  # (a table stored by an earlier version kept its lines here)


def award_conceded(st: SpikeState, ev: Events) -> None:
    """AWARD_UNCONTESTED (§5.7): the last live player takes the whole hand pot unseen."""
    apply: Callable[[SpikeState, HandResult[int], Events], None] = _apply
    award_uncontested(st, ev, settle_conceded, apply)


def end_game(st: SpikeState, ev: Events) -> None:
    """GAME_OVER: share the leftover Sabacc pot (SPK-18) and freeze the payouts."""
    twopot_payout.end_game(st, ev, Phase.GAME_OVER, st.in_game(), st.start_seat)
