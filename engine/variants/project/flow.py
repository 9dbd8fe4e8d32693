"""The Sabacc Project state machine (spec §3): every automatic step between two decisions.

HAND_START → ANTE → OPEN_BET → DEAL → DRAW(1) → BET(1) → SHIFT_CHECK → DRAW(2) → … until a call
(from round ``pot_building_rounds + 1``) → FINAL_BET → SHIFT_CHECK → REVEAL → SETTLE → HAND_END; any
betting phase that leaves one live player → AWARD_UNCONTESTED. The functions mutate a
:class:`~engine.variants.project.state.ProjectState`, append events to ``ev`` and stop only where a
player must decide (a betting action or a draw turn) or at GAME_OVER.

Decisions where the spec is silent:

* P-impl-3: a player who leaves mid-hand folds at once (§3); their cards go face down to the dead
  cards; if it was their draw turn the next player draws; their credits behind go home.
* P-impl-4: a forced call (idle rule, SP-5) is announced publicly and makes that player the caller.
"""

from __future__ import annotations

from engine.core.deck import Deck
from engine.core.game import Events
from engine.core.seats import next_seat
from engine.variants.classic.flow import stacked_deck as stacked_deck  # re-exported (TwoPotFlow)
from engine.variants.project.cards import Card, full_deck
from engine.variants.project.events import (
    CardsDealt,
    CashedOut,
    DrawTaken,
    Drew,
    HandCalled,
    HandStarted,
    PhaseNote,
    PhaseStarted,
    ShiftChanged,
    ShiftHappened,
)
from engine.variants.project.payout import award_uncontested, end_game, reveal
from engine.variants.project.shift import shift, shift_happens
from engine.variants.project.state import BET_PHASES, Phase, ProjectState, Seat
from engine.variants.twopot.flow import Exits, hand_players, leave_hand, next_hand

# --------------------------------------------------------------------------- hand start


def start_hand(
    st: ProjectState, ev: Events, *, deck: Deck[Card] | None = None, dealer: int | None = None
) -> None:
    """HAND_START, ANTE and OPEN_BET (or GAME_OVER). ``deck`` / ``dealer`` override the shuffled
    pile and the dealer (stacked-deck tests)."""
    opts = st.options
    least = opts.total_ante  # SP-6
    players = hand_players(st, ev, end_game, lambda stack: stack < least, CashedOut)
    if players is None:
        return
    if dealer is not None:
        st.dealer = dealer
    elif st.hand_no == 0:
        st.dealer = st.rng.randrange(st.n)  # §2.1
    else:
        st.dealer = next_seat(st.dealer, st.n, lambda s: st.status[s] is Seat.IN) or 0
    start = next_seat(st.dealer, st.n, lambda s: st.status[s] is Seat.IN)
    assert start is not None
    st.start_seat = start
    st.open_hand(players, deck, full_deck)
    st.fields = [[] for _ in range(st.n)]
    st.shifted = [[] for _ in range(st.n)]
    st.notes = [None] * st.n
    st.mucked = []
    st.idle, st.round_no, st.caller, st.shifts, st.shift_note = 0, 0, None, 0, None
    st.take_antes(st.hand_order(), opts.ante, opts.ante)  # covered: stack ≥ 2 × ante
    ev.append(
        HandStarted(
            st.hand_no,
            st.players[st.dealer],
            st.players[st.start_seat],
            len(players),
            opts.ante,
            st.betting.pot_total,
            st.sabacc_pot,
        )
    )
    begin_bet(st, ev, Phase.OPEN_BET)


# --------------------------------------------------------------------------- betting


def begin_bet(st: ProjectState, ev: Events, phase: Phase) -> None:
    """Open OPEN_BET, BET(r) or FINAL_BET; a phase nobody can bet in is skipped (§4.3)."""
    if len(st.live()) < 2:
        EXITS.concede(st, ev)
        return
    st.phase = phase
    st.queue = []
    first = st.caller if phase is Phase.FINAL_BET and st.caller is not None else st.start_seat
    if st.betting.start_phase(first):
        ev.append(PhaseStarted(st.round_no, phase))
    else:
        ev.append(PhaseStarted(st.round_no, phase, PhaseNote.SKIPPED))
        end_bet(st, ev)


def end_bet(st: ProjectState, ev: Events) -> None:
    """The betting phase is over: uncontested, or DEAL / SHIFT_CHECK → DRAW / REVEAL."""
    if len(st.live()) < 2:
        EXITS.concede(st, ev)
        return
    if st.phase is Phase.OPEN_BET:
        deal(st, ev)
        begin_draw(st, ev)
        return
    shift_check(st, ev)
    if st.phase is Phase.FINAL_BET:
        reveal(st, ev)
        end_hand(st, ev)
    else:
        begin_draw(st, ev)


def muck(st: ProjectState, seat: int) -> None:
    """A folded hand is dead: its cards go face down out of play until HAND_END."""
    st.mucked.extend(st.hands[seat])
    st.hands[seat], st.fields[seat], st.shifted[seat] = [], [], []


# --------------------------------------------------------------------------- cards


def deal(st: ProjectState, ev: Events) -> None:
    """DEAL: one card at a time clockwise from the starting player, two passes (§3)."""
    order = st.live_order()
    for _ in range(2):
        for s in order:
            st.hands[s].append(st.draw.draw_one())
    ev.append(CardsDealt(len(order)))


def shift_check(st: ProjectState, ev: Events) -> None:
    """SHIFT_CHECK (§6.1) and, when it fires, the Sabacc Shift with the RNG sequence of §6.2."""
    if len(st.live()) < 2 or not shift_happens(st.rng, st.options.shift_probability):
        return
    order = st.live_order()
    pile = st.draw.top_first()
    swaps = shift(
        order,
        {s: st.hands[s] for s in order},
        {s: st.fields[s] for s in order},
        pile,
        st.rng,
        st.options.shift_cards_min,
        st.options.shift_cards_max,
    )
    st.draw = Deck.stacked(pile)
    st.shifts += 1
    st.shifted = [[] for _ in range(st.n)]
    for swap in swaps:
        st.shifted[swap.seat].append(swap.index)
    counts = tuple((st.players[s], len(st.shifted[s])) for s in order if st.shifted[s])
    for s in order:
        if st.shifted[s]:
            changed = tuple((w.old.notation, w.new.notation) for w in swaps if w.seat == s)
            st.notes[s] = ShiftChanged(changed)
    event = ShiftHappened(counts)
    st.shift_note = event
    st.shift_fresh = True
    ev.append(event)


# --------------------------------------------------------------------------- draw phase


def begin_draw(st: ProjectState, ev: Events) -> None:
    """DRAW(r): every live player takes one turn clockwise from the starting player."""
    st.round_no += 1
    st.phase = Phase.DRAW
    st.queue = st.live_order()
    can_call = st.round_no > st.options.pot_building_rounds
    note = PhaseNote.CALL_ALLOWED if can_call else PhaseNote.POT_BUILDING
    ev.append(PhaseStarted(st.round_no, Phase.DRAW, note))
    start_draw_turn(st, ev)


def call_allowed(st: ProjectState) -> bool:
    """Calling is possible on a draw turn after the pot-building rounds (SP-4)."""
    return st.phase is Phase.DRAW and st.round_no > st.options.pot_building_rounds


def start_draw_turn(st: ProjectState, ev: Events) -> None:
    """The next draw turn; the idle rule may call for its player (SP-5); the end of the
    phase opens BET(r)."""
    if not st.queue:
        begin_bet(st, ev, Phase.BET)
        return
    limit = st.options.idle_call_limit
    if call_allowed(st) and limit is not None and st.idle >= limit:
        call_hand(st, ev, st.queue[0], forced=True)


def draw_or_stand(st: ProjectState, ev: Events, seat: int, drew: bool) -> None:
    """A draw turn's choice: take the top card (idle counter reset) or stand (+1)."""
    if drew:
        card = st.draw.draw_one()
        st.hands[seat].append(card)
        st.notes[seat] = Drew(card.notation)
        st.idle = 0
    else:
        st.idle += 1
    ev.append(
        DrawTaken(st.players[seat], drew, len(st.hands[seat]), st.idle, st.options.idle_call_limit)
    )
    st.queue.pop(0)
    start_draw_turn(st, ev)


def call_hand(st: ProjectState, ev: Events, seat: int, *, forced: bool = False) -> None:
    """A call ends the draw phase at once; FINAL_BET starts with the caller (SP-4)."""
    st.caller = seat
    st.queue = []
    ev.append(HandCalled(st.players[seat], forced=forced))
    begin_bet(st, ev, Phase.FINAL_BET)


# --------------------------------------------------------------------------- hand end


def end_hand(st: ProjectState, ev: Events) -> None:
    """HAND_END: every card back to the deck, fields cleared; then the next hand or the end."""
    st.fields = [[] for _ in range(st.n)]
    st.shifted = [[] for _ in range(st.n)]
    st.mucked = []
    next_hand(st, ev, start_hand)


def leave(st: ProjectState, seat: int, ev: Events) -> int:
    """The player leaves for good: a live hand folds (P-impl-3); returns the credits behind."""
    return leave_hand(
        st, seat, ev, EXITS, over=st.phase is Phase.GAME_OVER, betting=st.phase in BET_PHASES
    )


EXITS: Exits[ProjectState] = Exits(muck, award_uncontested, end_bet, start_draw_turn, end_hand)
"""How a Project hand goes on without a seat (:class:`~engine.variants.twopot.flow.Exits`)."""
