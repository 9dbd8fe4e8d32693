"""The automatic steps of a Coruscant Shift hand (coruscant-shift.md §3): ante, dice, deals,
betting phases, reveal, payouts and the end of the game. Functions of a
:class:`~engine.variants.coruscant.state.CoruscantState`; they append events to ``events``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from typing import TypeVar

from engine.core.betting_events import BetMade
from engine.core.deck import Deck
from engine.core.fair import begin_hand
from engine.core.game import Event, IllegalAction
from engine.core.pots import distribute
from engine.core.seats import next_seat
from engine.variants.coruscant.cards import Card, Rank, Suit, full_deck, next_ante, roll_dice
from engine.variants.coruscant.events import (
    AntePosted,
    BettingSkipped,
    CardsDealt,
    DiceRolled,
    GameOver,
    HandRevealed,
    HandStarted,
    PlayerLeft,
    PlayerOut,
    PotAwarded,
    SelectionsMade,
    UncontestedWin,
)
from engine.variants.coruscant.state import CoruscantState, Phase

K = TypeVar("K", bound=Hashable)


def _unchosen(hand: list[Card], chosen: list[Card]) -> list[Card]:
    """The cards of ``hand`` not ``chosen``, as ``(Counter(hand) - Counter(chosen)).elements()``
    lists them (each card as first held, grouped), counted by notation: a str hashes in C, a
    Card's dataclass hash in Python (every selection of every seat)."""
    first: dict[str, Card] = {}
    for card in hand:
        first.setdefault(card.notation, card)
    rest = Counter([c.notation for c in hand]) - Counter([c.notation for c in chosen])
    return [first[notation] for notation in rest.elements()]


def end_selection(st: CoruscantState, events: list[Event]) -> None:
    """Everyone chose: discard the rest face down, publish the counts, open the betting."""
    round_no = st.phase.round_no
    kept: list[tuple[str, int]] = []
    for s in st.order():
        chosen = st.choice[s]
        if chosen is None:
            continue
        st.discard.extend(_unchosen(st.hands[s], chosen))
        st.hands[s] = list(chosen)
        st.kept[s] = list(chosen)
        st.choice[s] = None
        kept.append((st.seat_players[s], len(chosen)))
    events.append(SelectionsMade(round_no, tuple(kept)))
    st.phase = Phase.BET_1 if round_no == 1 else Phase.BET_2
    if st.bet.start_phase(st.start_seat):
        st.turn_count += 1
        return
    if len(st.bet.live_seats()) >= 2:
        events.append(BettingSkipped(round_no))
    after_betting(st, events)


def after_bet_result(st: CoruscantState, phase_over: bool, events: list[Event]) -> None:
    """A betting action (or a fold out of turn) was logged: end the phase or pass the turn."""
    if phase_over:
        after_betting(st, events)
    else:
        st.turn_count += 1


def after_betting(st: CoruscantState, events: list[Event]) -> None:
    """A betting phase is over: uncontested win, round 2, or the showdown."""
    live = st.bet.live_seats()
    if len(live) == 1:
        award_uncontested(st, live[0], events)
    elif st.phase.round_no == 1:
        deal(st, 2, events)
        st.phase = Phase.SELECT_2
        st.turn_count += 1
    else:
        showdown(st, events)


def start_hand(st: CoruscantState, events: list[Event]) -> None:
    """HAND_START → ANTE → DICE → R1_DEAL → R1_SELECT, or GAME_OVER (§3)."""
    seats = [s for s in range(st.n) if not st.left[s] and st.stacks[s] > 0]
    limit = st.opts.max_hands
    if len(seats) < 2 or (limit is not None and st.hand_no >= limit):
        st.phase = Phase.GAME_OVER
        st.turn_count += 1
        events.append(GameOver(tuple(zip(st.seat_players, st.payouts().values(), strict=True))))
        return
    st.hand_no += 1
    begin_hand(st.rng, st.hand_no)
    if st.hand_no == 1:
        if st.rigged_start is not None:
            st.start_seat = st.rigged_start
        else:
            st.start_seat = seats[st.rng.randrange(len(seats))]
    else:
        if st.opts.ante_escalation:
            st.ante = next_ante(st.ante, len(seats))
        following = next_seat(st.start_seat, st.n, lambda s: s in seats)
        st.start_seat = st.start_seat if following is None else following
    if st.rigged_decks:
        st.deck = Deck.stacked(Card.parse(c) for c in st.rigged_decks.pop(0))
    else:
        st.deck = Deck.shuffled(full_deck(), st.rng)
    st.discard = []
    st.hands = [[] for _ in range(st.n)]
    st.kept = [[] for _ in range(st.n)]
    st.choice = [None] * st.n
    st.bet.start_hand(seats)
    events.append(HandStarted(st.hand_no, st.seat_players[st.start_seat], st.ante))
    for s in st.order():
        if s in seats:
            paid = st.bet.post(s, st.ante)
            events.append(AntePosted(st.seat_players[s], paid, st.stacks[s] == 0))
            st.stats[s]["hands_played"] += 1
    if st.rigged_dice:
        target, suit = st.rigged_dice.pop(0)
        st.target, st.suit = target, Suit(suit)
    else:
        st.target, st.suit = roll_dice(st.rng)
    events.append(DiceRolled(st.target, st.suit))
    deal(st, 1, events)
    st.phase = Phase.SELECT_1
    st.turn_count += 1


def deal(st: CoruscantState, round_no: int, events: list[Event]) -> None:
    """One card at a time clockwise from the starting player until every live hand has 5."""
    order = [s for s in st.order() if st.bet.is_live(s)]
    counts = dict.fromkeys(order, 0)
    while any(len(st.hands[s]) < 5 for s in order):
        for s in order:
            if len(st.hands[s]) < 5:
                st.hands[s].append(st.deck.draw_one())
                counts[s] += 1
    events.append(CardsDealt(round_no, tuple((st.seat_players[s], counts[s]) for s in order)))


def award_uncontested(st: CoruscantState, seat: int, events: list[Event]) -> None:
    """The last live player takes the whole hand pot; nothing is revealed."""
    amount = sum(st.bet.collect().values())
    st.bet.pay(seat, amount)
    events.append(UncontestedWin(st.seat_players[seat], amount))
    record_win(st, seat, amount)
    end_hand(st, events)


def showdown(st: CoruscantState, events: list[Event]) -> None:
    """REVEAL and AWARD: evaluate every live selection, pay main and side pots (§5)."""
    order = st.order()
    live = [s for s in order if st.bet.is_live(s)]
    keys: dict[int, tuple[int, int]] = {}
    for s in live:
        ev = st.evaluate(st.hands[s])
        keys[s] = ev.rank_key
        cards = tuple(c.notation for c in st.hands[s])
        events.append(
            HandRevealed(st.seat_players[s], cards, ev.total, ev.distance, ev.suit_count, st.suit)
        )
        if ev.score > st.stats[s]["best_hand_score"]:
            st.stats[s]["best_hand_score"] = ev.score
            st.stats[s]["best_hand"] = Rank(ev.total, st.target, st.suit, ev.suit_count).key
    settlement = distribute(st.bet.collect(), live, order, keys, showdown=True)  # §4.4, §2.4
    count = len(settlement.pots)
    for index, pot in enumerate(settlement.pots):
        shares = tuple((st.seat_players[w], pot.shares[w]) for w in pot.winners)
        events.append(PotAwarded(index, count, pot.amount, shares))
    for s, amount in settlement.payouts.items():
        st.bet.pay(s, amount)
    won = {w for pot in settlement.pots if len(pot.eligible) > 1 for w in pot.winners}
    for s in won:
        record_win(st, s, settlement.payouts[s])
    end_hand(st, events)


def record_win(st: CoruscantState, seat: int, amount: int) -> None:
    """Statistics of a won hand."""
    st.stats[seat]["hands_won"] += 1
    st.stats[seat]["biggest_pot"] = max(st.stats[seat]["biggest_pot"], amount)


def end_hand(st: CoruscantState, events: list[Event]) -> None:
    """HAND_END: cards back, players at 0 are out, then the next hand or the end."""
    for s in range(st.n):
        st.muck(s)
        if not st.left[s] and st.stacks[s] == 0 and st.bet.in_hand[s]:
            events.append(PlayerOut(st.seat_players[s]))
    st.bet.start_hand(())
    start_hand(st, events)


def leave(st: CoruscantState, seat: int, events: list[Event]) -> int:
    """``seat`` folds (if in the hand) and leaves for good, taking its stack; appends the events
    and returns the credits it took. Raises IllegalAction once the game is over or when the
    seat already left."""
    if st.finished:
        raise IllegalAction("coruscant_payouts_final")
    if st.left[seat]:
        raise IllegalAction("coruscant_already_left")
    player = st.seat_players[seat]
    took = st.bet.withdraw(seat, st.stacks[seat])
    st.left[seat] = True
    if not st.bet.is_live(seat):
        events.append(PlayerLeft(player, took))
        return took
    was_to_act = st.bet.to_act
    result = st.bet.forfeit(seat)
    st.muck(seat)
    if result is None:
        events.append(BetMade(player, "fold", "fold", 0, 0, False))
    else:
        events.append(BetMade.from_result(result, st.seat_players))
    events.append(PlayerLeft(player, took))
    if result is not None:
        if result.phase_over or st.bet.to_act != was_to_act:
            after_bet_result(st, result.phase_over, events)
    elif len(st.bet.live_seats()) == 1:
        award_uncontested(st, st.bet.live_seats()[0], events)
    elif st.phase.selecting and not st.pending_seats():
        end_selection(st, events)
    return took
