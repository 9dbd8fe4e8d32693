"""The Classic Sabacc state machine (spec §3): every automatic step between two decisions.

HAND_START → ANTE → DEAL → BET(r) → TRADE(r) → DICE(r) → BET(r+1) … until a Call (→ FINAL_TURNS →
REVEAL → SETTLE) or the ``max_rounds`` safeguard (→ REVEAL without caller), or until everyone else
folds (→ AWARD_CONCEDED). The functions mutate a :class:`ClassicState` and append events to ``ev``;
they stop only where a player must decide (a betting action or a trade turn) or at GAME_OVER.

Implementation decisions (not in the spec):

* C-impl-1: a player who leaves mid-hand folds (contributions stay in the pot); a caller who leaves
  before the reveal is simply folded: no caller rule, no penalty.
* C-impl-2: see :mod:`engine.variants.classic.payout` (the game-end Sabacc pot).
* C-impl-3: the hand-1 starting player is drawn from the game's RNG among the seated players.
"""

from __future__ import annotations

from engine.core.deck import Deck, stacker
from engine.core.game import Events
from engine.variants.classic.cards import Card, full_deck
from engine.variants.classic.events import (
    CashedOut,
    DiceRolled,
    HandCalled,
    PhaseNote,
    PhaseStarted,
    ShiftDealt,
    ShiftDone,
)
from engine.variants.classic.payout import award_conceded, discard_seat, draw_card, end_game, reveal
from engine.variants.classic.state import REST_OF_ROUND, ClassicState, Phase, Step
from engine.variants.twopot.flow import Exits, hand_players, leave_hand, next_hand, next_starter

# --------------------------------------------------------------------------- cards


stacked_deck = stacker(Card.parse, full_deck)
"""The draw pile of stacked-deck tests: the notations first (special cards with their copy
index, ``queen#2``), then the other cards of the 76 in a fixed order."""


def start_hand(
    st: ClassicState,
    ev: Events,
    *,
    deck: Deck[Card] | None = None,
    start_seat: int | None = None,
) -> None:
    """HAND_START, ANTE and DEAL, then the first betting phase (or GAME_OVER). ``deck`` and
    ``start_seat`` override the shuffled pile and the starting player (stacked-deck tests)."""
    opts = st.options
    least = max(opts.total_ante, 1)
    players = hand_players(st, ev, end_game, lambda stack: stack < least, CashedOut)
    if players is None:
        return
    st.start_seat = next_starter(st, st.start_seat, start_seat, players)
    st.open_hand(players, deck, full_deck)
    st.discard = []
    st.stasis = [[] for _ in range(st.n)]
    st.last_drawn = [None] * st.n
    order = st.hand_order()
    st.take_antes(order, opts.hand_ante, opts.sabacc_ante)  # covered: stack ≥ total ante
    for _ in range(2):
        for s in order:
            card = draw_card(st, ev)
            assert card is not None
            st.hands[s].append(card)
    st.round_no, st.caller, st.dice = 1, None, None
    ev.append(st.hand_started(order, opts.hand_ante, opts.sabacc_ante))
    begin_bet(st, ev)


def begin_bet(st: ClassicState, ev: Events) -> None:
    """BET(r): open a betting phase; skip it when nobody can bet (§4.3)."""
    if len(st.live()) < 2:
        EXITS.concede(st, ev)
        return
    st.phase = Phase.BET
    st.queue = []
    if st.betting.start_phase(st.start_seat):
        ev.append(PhaseStarted(st.round_no, "betting"))
    else:
        ev.append(PhaseStarted(st.round_no, "betting", PhaseNote.SKIPPED))
        begin_trade(st, ev)


def _bet_closed(st: ClassicState, ev: Events) -> None:
    """The betting phase is over: uncontested, or TRADE(r)."""
    if len(st.live()) < 2:
        EXITS.concede(st, ev)
    else:
        begin_trade(st, ev)


# --------------------------------------------------------------------------- trade


def begin_trade(st: ClassicState, ev: Events) -> None:
    """TRADE(r): every live player takes one trade turn, clockwise from the starting player."""
    st.phase = Phase.TRADE
    live = set(st.live())
    st.queue = [s for s in st.hand_order() if s in live]
    st.traded = [False] * st.n
    allowed = st.round_no >= st.options.min_call_round
    note = PhaseNote.CALL_ALLOWED if allowed else PhaseNote.NONE
    ev.append(PhaseStarted(st.round_no, "trade", note))
    start_turn(st)


def start_turn(st: ClassicState) -> None:
    """A fresh trade turn for ``queue[0]``: one trade action and one stasis operation to use."""
    st.step = Step.ACTION
    st.stasis_used = False


def call_allowed(st: ClassicState) -> bool:
    """§3.1: round ≥ ``min_call_round``, nobody called yet, not a final turn."""
    return (
        st.phase is Phase.TRADE and st.caller is None and st.round_no >= st.options.min_call_round
    )


def can_stasis_add(st: ClassicState, seat: int) -> bool:
    """One hidden card could go into the field (CL-13; ``stasis_max_cards`` respected)."""
    limit = st.options.stasis_max_cards
    room = limit is None or len(st.stasis[seat]) < limit
    return not st.stasis_used and bool(st.hands[seat]) and room


def can_stasis_remove(st: ClassicState, seat: int) -> bool:
    """A field card could come back to the hand this turn."""
    return not st.stasis_used and bool(st.stasis[seat])


def maybe_end_turn(st: ClassicState, ev: Events) -> None:
    """After the trade action, end the turn at once when nothing is left to decide."""
    seat = st.queue[0]
    if st.step is Step.END and not (
        call_allowed(st) or can_stasis_add(st, seat) or can_stasis_remove(st, seat)
    ):
        end_turn(st, ev, called=False)


def end_turn(st: ClassicState, ev: Events, *, called: bool) -> None:
    """End the current trade turn with ``end_turn`` or with a Call (§3.2)."""
    seat = st.queue.pop(0)
    st.traded[seat] = True
    if called:
        st.caller = seat
        live = set(st.live())
        if st.options.call_final_turns == REST_OF_ROUND:
            st.queue = [s for s in st.queue if s in live]
        else:
            after = [(seat + i) % st.n for i in range(1, st.n)]
            st.queue = [s for s in after if s in live]
        st.phase = Phase.FINAL_TURNS
        ev.append(HandCalled(st.players[seat], len(st.queue)))
    continue_trade(st, ev)


def continue_trade(st: ClassicState, ev: Events) -> None:
    """Next trade turn, or the end of the phase: REVEAL, or DICE then the next round."""
    if st.queue:
        start_turn(st)
        return
    if st.phase is Phase.FINAL_TURNS:
        _showdown(st, ev)
        return
    if st.options.max_rounds is not None and st.round_no >= st.options.max_rounds:
        ev.append(PhaseStarted(st.round_no, "reveal", PhaseNote.ROUND_LIMIT))
        _showdown(st, ev)
        return
    roll_dice(st, ev)


def roll_dice(st: ClassicState, ev: Events) -> None:
    """DICE(r): two d6 from the game's RNG; doubles → Sabacc Shift (§3.4). Then BET(r+1)."""
    d1, d2 = st.rng.randint(1, 6), st.rng.randint(1, 6)
    st.dice = (d1, d2)
    ev.append(DiceRolled(st.round_no, d1, d2))
    if d1 == d2:
        sabacc_shift(st, ev)
    st.round_no += 1
    begin_bet(st, ev)


def sabacc_shift(st: ClassicState, ev: Events) -> None:
    """Discard every live non-stasis card, then deal as many back one at a time, clockwise."""
    live = set(st.live())
    order = [s for s in st.hand_order() if s in live]
    wanted = {s: len(st.hands[s]) for s in order}
    for s in order:
        st.discard.extend(st.hands[s])
        st.hands[s] = []
    while any(len(st.hands[s]) < wanted[s] for s in order):
        for s in order:
            if len(st.hands[s]) < wanted[s]:
                card = draw_card(st, ev)
                assert card is not None  # all discards precede the deal (§3.4)
                st.hands[s].append(card)
    for s in order:
        st.last_drawn[s] = ShiftDealt(tuple(c.notation for c in st.hands[s]))
    ev.append(ShiftDone(tuple((st.players[s], wanted[s]) for s in order)))


# --------------------------------------------------------------------------- settlement


def _showdown(st: ClassicState, ev: Events) -> None:
    reveal(st, ev)
    end_hand(st, ev)


def end_hand(st: ClassicState, ev: Events) -> None:
    """HAND_END: cards back to the deck, stasis fields cleared; then the next hand or the end."""
    st.stasis = [[] for _ in range(st.n)]
    st.discard = []
    next_hand(st, ev, start_hand)


# --------------------------------------------------------------------------- leaving


def leave(st: ClassicState, seat: int, ev: Events) -> int:
    """The player leaves for good: fold if live (C-impl-1), hand back the credits behind."""
    return leave_hand(
        st, seat, ev, EXITS, over=st.phase is Phase.GAME_OVER, betting=st.phase is Phase.BET
    )


EXITS: Exits[ClassicState] = Exits(
    discard_seat, award_conceded, _bet_closed, continue_trade, end_hand
)
"""How a Classic hand goes on without a seat (:class:`~engine.variants.twopot.flow.Exits`)."""
