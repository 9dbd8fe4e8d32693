"""The Centran Sabacc state machine (spec §3): every automatic step between two decisions.

HAND_START → ANTE → DEAL → ARRAY_START → CARD(1) → BET(1) → SHIFT(1) → CARD(2) … until every
player checks (→ REVEAL), the round-5 Shift is done (→ REVEAL), the fifth five reaches the table
(Five Brothers → REVEAL) or everyone else folds (→ AWARD_UNCONTESTED). The functions mutate a
:class:`CentranState` and append events to ``ev``; they stop only where a player must decide (a
Card-Phase turn or a betting action) or at GAME_OVER.

Implementation decisions (not in the spec):

* CE-impl-1: a player who leaves mid-hand folds (contributions stay in the pot, cards go to the
  discard pile) and takes the credits behind; the hand goes on without them.
* CE-impl-2: the hand-1 dealer is drawn from the game's RNG among the seated players (§3 says
  "uniformly random seat").
* CE-impl-3: a Shift Phase that cannot turn any card (unreachable, §3.7) ends the hand as the
  round limit does (``end = "round_limit"``).
"""

from __future__ import annotations

from engine.core.deck import Deck
from engine.core.game import Events
from engine.variants.centran.cards import Card, full_deck
from engine.variants.centran.deal import (
    deal_round_robin,
    discard_seat,
    five_brothers,
    sabacc_shift,
    turn_for_array,
)
from engine.variants.centran.deal import stacked_deck as stacked_deck  # re-exported (TwoPotFlow)
from engine.variants.centran.events import (
    ArrayStarted,
    HandStarted,
    PhaseNote,
    PhaseStarted,
    PlayerOut,
    ShiftTurned,
)
from engine.variants.centran.payout import award_uncontested, end_game, reveal
from engine.variants.centran.settle import ante_amounts, shift_trigger
from engine.variants.centran.state import RANDOM, CentranState, Phase, Step
from engine.variants.twopot.flow import Exits, hand_players, leave_hand, next_hand, next_starter

ROUNDS = 5
ADVANCED_END = 5  # Array cards besides the start card that end the hand (CE-36)


def start_hand(
    st: CentranState, ev: Events, *, deck: Deck[Card] | None = None, dealer: int | None = None
) -> None:
    """HAND_START, ANTE, DEAL and ARRAY_START, then the first Card Phase (or GAME_OVER).
    ``deck`` and ``dealer`` override the shuffled pile and the dealer (stacked-deck tests)."""
    opts = st.options
    players = hand_players(
        st, ev, end_game, lambda stack: stack == 0, lambda player, _: PlayerOut(player)
    )
    if players is None:
        return
    st.dealer = next_starter(st, st.dealer, dealer, players)
    st.open_hand(players, deck, full_deck)
    st.discard, st.array, st.fives, st.queue = [], [], [], []
    st.stasis = [[] for _ in range(st.n)]
    st.notes = [None] * st.n
    st.shift_note = None
    st.round_no = 0
    order = st.hand_order()
    for s in order:  # each pays what it can (CE-19)
        st.take_antes((s,), *ante_amounts(opts.hand_ante, st.stacks[s]))
    ev.append(
        HandStarted(
            st.hand_no,
            st.players[st.dealer],
            st.players[st.first],
            len(order),
            st.betting.pot_total,
            st.sabacc_pot,
        )
    )
    deal_round_robin(st, ev, dict.fromkeys(order, 2))
    if five_brothers(st):
        showdown(st, ev, "five_brothers")
        return
    card = turn_for_array(st, ev)
    if card is None and five_brothers(st):
        showdown(st, ev, "five_brothers")
        return
    if card is not None:
        st.array.append(card)
        ev.append(ArrayStarted(card.notation))
    st.round_no = 1
    begin_card(st, ev)


# --------------------------------------------------------------------------- card phase


def begin_card(st: CentranState, ev: Events) -> None:
    """CARD(r): every live player (all-in included) takes one turn, clockwise (CE-41)."""
    st.phase = Phase.CARD
    st.queue = [s for s in st.hand_order() if st.betting.is_live(s)]
    ev.append(PhaseStarted(st.round_no, "card phase"))
    start_turn(st, ev)


def start_turn(st: CentranState, ev: Events) -> None:
    """A fresh Card-Phase turn for ``queue[0]``, or the Betting Phase when nobody is left."""
    st.step = Step.ACTION
    st.stasis_used = False
    st.trade_index = -1
    if not st.queue:
        begin_bet(st, ev)


def can_stasis_add(st: CentranState, seat: int) -> bool:
    """A hidden card could go into the Stasis Field this turn (CE-31)."""
    return not st.stasis_used and bool(st.hands[seat])


def can_stasis_remove(st: CentranState, seat: int) -> bool:
    """A Stasis card could come back to the hand this turn."""
    return not st.stasis_used and bool(st.stasis[seat])


def maybe_end_turn(st: CentranState, ev: Events) -> None:
    """After the main action, end the turn at once when no Stasis operation is left."""
    seat = st.queue[0]
    if st.step is Step.END and not (can_stasis_add(st, seat) or can_stasis_remove(st, seat)):
        end_turn(st, ev)


def end_turn(st: CentranState, ev: Events) -> None:
    """End the current Card-Phase turn."""
    st.queue.pop(0)
    start_turn(st, ev)


# --------------------------------------------------------------------------- betting


def begin_bet(st: CentranState, ev: Events) -> None:
    """BET(r): a skipped phase counts as "every player checks" → REVEAL (CE-22)."""
    st.phase = Phase.BET
    st.queue = []
    if st.betting.start_phase(st.first):
        ev.append(PhaseStarted(st.round_no, "betting"))
        return
    ev.append(PhaseStarted(st.round_no, "betting", PhaseNote.SKIPPED))
    showdown(st, ev, "all_checked")


def close_bet(st: CentranState, ev: Events) -> None:
    """The three exits of BET(r): uncontested, all checked → REVEAL, a bet → SHIFT (CE-24)."""
    if len(st.live()) < 2:
        EXITS.concede(st, ev)
    elif st.betting.current_bet > 0:
        shift_phase(st, ev)
    else:
        showdown(st, ev, "all_checked")


# --------------------------------------------------------------------------- shift


def shift_phase(st: CentranState, ev: Events) -> None:
    """SHIFT(r) (§3.5): turn the Shift card, maybe shift, then the next round or REVEAL."""
    trigger = turn_for_array(st, ev)
    if trigger is None:
        showdown(st, ev, "five_brothers" if five_brothers(st) else "round_limit")  # CE-impl-3
        return
    before = list(st.array)
    k = len(before)
    if st.options.shift_mode == RANDOM:
        shift = k > 0 and st.rng.random() < st.options.random_shift_probability
    else:
        shift = shift_trigger(before, trigger)[0]
    st.array.append(trigger)
    prev = before[-1].notation if before else ""
    event = ShiftTurned(
        st.round_no, trigger.notation, prev, shift, k, st.options.shift_mode == RANDOM
    )
    ev.append(event)
    st.shift_note = event
    if shift:
        sabacc_shift(st, ev, k)
    if five_brothers(st):
        showdown(st, ev, "five_brothers")
    elif st.round_no >= ROUNDS or (
        st.options.advanced_actions and len(st.array) - 1 >= ADVANCED_END
    ):
        showdown(st, ev, "round_limit")
    else:
        st.round_no += 1
        begin_card(st, ev)


# --------------------------------------------------------------------------- end of hand


def showdown(st: CentranState, ev: Events, end: str) -> None:
    """REVEAL and SETTLE, then HAND_END."""
    reveal(st, ev, end)
    end_hand(st, ev)


def end_hand(st: CentranState, ev: Events) -> None:
    """HAND_END: every card returns to the deck; then the next hand or GAME_OVER."""
    st.stasis = [[] for _ in range(st.n)]
    st.array, st.fives, st.discard = [], [], []
    next_hand(st, ev, start_hand)


def leave(st: CentranState, seat: int, ev: Events) -> int:
    """The player leaves for good (CE-impl-1): fold if live, hand back the credits behind."""
    phase = st.phase
    over, betting, turns = phase is Phase.GAME_OVER, phase is Phase.BET, phase is Phase.CARD
    return leave_hand(st, seat, ev, EXITS, over=over, betting=betting, turns=turns)


EXITS: Exits[CentranState] = Exits(discard_seat, award_uncontested, close_bet, start_turn, end_hand)
"""How a Centran hand goes on without a seat (:class:`~engine.variants.twopot.flow.Exits`)."""
