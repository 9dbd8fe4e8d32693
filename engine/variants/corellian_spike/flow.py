"""The Corellian Spike state machine (§3): every automatic step between two decisions.

HAND_START → ANTE → DEAL → CARD(1) → BET(1) → DICE(1) → CARD(2) … → DICE(rounds) → REVEAL →
SETTLE → HAND_END (option ``dice_before_betting``: CARD → DICE → BET), or AWARD_UNCONTESTED as soon
as one live player is left. The functions mutate a :class:`SpikeState` and append events to
``ev``; they stop only where a player must decide (a card turn, its draw-then-choose step, a
betting action) or at GAME_OVER.

Decisions (``docs/rules/corellian-spike.md``, "Engine decisions"): a betting fold is a junk
(SPK-impl-2); a player who leaves junks (SPK-impl-3); hand 1's starting player is ``rng.choice``
over the players dealt in (SPK-impl-4); a skipped betting phase never skips the dice
(SPK-impl-10).
"""

from __future__ import annotations

from engine.core.betting import BetKind, BetResult
from engine.core.betting_events import BetMade
from engine.core.deck import stacker
from engine.core.game import Events
from engine.variants.corellian_spike.cards import Card, full_deck, is_shift, roll_dice
from engine.variants.corellian_spike.events import (
    CashedOut,
    DiceRolled,
    Junked,
    PhaseNote,
    PhaseStarted,
    ShiftDealt,
    ShiftDone,
    Stage,
)
from engine.variants.corellian_spike.payout import award_conceded, draw_card, end_game, reveal
from engine.variants.corellian_spike.settle import ante_up
from engine.variants.corellian_spike.settle import sabacc_shift as shift_cards
from engine.variants.corellian_spike.state import Phase, Seat, SpikeState
from engine.variants.twopot.flow import Exits, leave_hand, next_hand, next_starter

stacked_deck = stacker(Card.parse, full_deck)
"""The draw pile of stacked-deck tests and rigged hands: the notations first, then the other
cards of the 62 in a fixed order."""


# --------------------------------------------------------------------------- hand start


def start_hand(st: SpikeState, ev: Events) -> None:
    """HAND_START, ANTE and DEAL, then the first card phase (or GAME_OVER)."""
    opts = st.options
    if opts.max_hands is not None and st.hand_no >= opts.max_hands:
        end_game(st, ev)
        return
    seated = st.in_game()
    antes = ante_up(
        {s: st.stacks[s] for s in seated}, seated, opts.hand_ante, opts.sabacc_ante, st.sabacc_pot
    )
    for s in antes.out:
        st.status[s] = Seat.OUT
        ev.append(CashedOut(st.players[s], st.stacks[s]))
    players = antes.dealt_in
    if len(players) < 2:
        end_game(st, ev)
        return
    # hand 1: a random in-game seat (or the rigged one); later: the next in-game seat (SPK-4)
    rigged = st.rigged_start if st.hand_no == 0 else None
    st.start_seat = next_starter(st, st.start_seat, rigged, players)
    pile = stacked_deck(st.rigged_decks.pop(0)) if st.rigged_decks else None
    st.open_hand(players, pile, full_deck)
    st.discard = []
    st.last_drawn = [None] * st.n
    st.dice = None
    order = st.hand_order()
    st.take_antes(order, opts.hand_ante, opts.sabacc_ante)
    assert st.sabacc_pot == antes.sabacc_pot and st.betting.pot_total == antes.hand_pot
    for _ in range(2):
        for s in order:
            st.hands[s].append(st.draw.draw_one())
    st.discard.append(st.draw.draw_one())
    ev.append(st.hand_started(order, opts.hand_ante, opts.sabacc_ante, st.discard[-1].notation))
    st.round_no = 1
    begin_cards(st, ev)


# --------------------------------------------------------------------------- card phase


def begin_cards(st: SpikeState, ev: Events) -> None:
    """CARD(r): every live player takes one card action, clockwise from the starting player."""
    st.phase = Phase.CARD
    st.queue = st.live_order()
    ev.append(PhaseStarted(st.round_no, st.options.rounds, Stage.CARDS))


def junk(st: SpikeState, seat: int, ev: Events, *, folded: bool) -> None:
    """Put every card of ``seat`` face up on the discard pile, in hand order (§3.2)."""
    cards = tuple(c.notation for c in st.hands[seat])
    st.discard.extend(st.hands[seat])
    st.hands[seat] = []
    ev.append(Junked(st.players[seat], cards, folded))


def end_card_turn(st: SpikeState, ev: Events) -> None:
    """The current card turn is over: the next one, or the end of the card phase."""
    st.phase = Phase.CARD
    st.queue.pop(0)
    if len(st.live()) < 2:
        _concede(st, ev)
    elif not st.queue:
        _after_cards(st, ev)


def _after_cards(st: SpikeState, ev: Events) -> None:
    if st.options.dice_before_betting:
        roll(st, ev)
    else:
        begin_bet(st, ev)


# --------------------------------------------------------------------------- betting


def begin_bet(st: SpikeState, ev: Events) -> None:
    """BET(r): open a betting phase, first to act the starting player; skip it when nobody can
    bet (§4.3)."""
    st.phase = Phase.BET
    st.queue = []
    if st.betting.start_phase(st.start_seat):
        ev.append(PhaseStarted(st.round_no, st.options.rounds, Stage.BETTING))
        return
    ev.append(PhaseStarted(st.round_no, st.options.rounds, Stage.BETTING, PhaseNote.SKIPPED))
    _after_betting(st, ev)


def after_bet(st: SpikeState, ev: Events, result: BetResult) -> None:
    """Log a betting action (a fold is a junk, §3.2) and move on when it ended the phase."""
    ev.append(BetMade.from_result(result, st.players))
    if result.kind is BetKind.FOLD:
        junk(st, result.seat, ev, folded=True)
    if len(st.live()) < 2:
        _concede(st, ev)
    elif result.phase_over:
        _after_betting(st, ev)


def _after_betting(st: SpikeState, ev: Events) -> None:
    if not st.options.dice_before_betting:
        roll(st, ev)
    else:
        _next_round(st, ev)


# --------------------------------------------------------------------------- dice


def roll(st: SpikeState, ev: Events) -> None:
    """DICE(r): the spike dice; doubles → Sabacc Shift (§3.3). Then the rest of the round."""
    dice = st.rigged_dice.pop(0) if st.rigged_dice else roll_dice(st.rng)
    st.dice = dice
    ev.append(DiceRolled(st.round_no, *dice))
    if is_shift(*dice):
        sabacc_shift(st, ev)
    if st.options.dice_before_betting:
        begin_bet(st, ev)
    else:
        _next_round(st, ev)


def sabacc_shift(st: SpikeState, ev: Events) -> None:
    """Every live hand goes face up to the discard pile (clockwise, hand order), then as many
    cards are dealt back one at a time, clockwise from the starting player (§3.3)."""
    order = st.live_order()
    old = tuple((st.players[s], tuple(c.notation for c in st.hands[s])) for s in order)

    def draw() -> Card:
        card = draw_card(st, ev)
        assert card is not None  # every hand was discarded first (§3.4)
        return card

    new = shift_cards(order, {s: st.hands[s] for s in order}, st.discard, draw)
    for s in order:
        st.hands[s] = new[s]
        st.last_drawn[s] = ShiftDealt(tuple(c.notation for c in new[s]))
    ev.append(ShiftDone(old))


def _next_round(st: SpikeState, ev: Events) -> None:
    if st.round_no >= st.options.rounds:
        reveal(st, ev)
        end_hand(st, ev)
        return
    st.round_no += 1
    begin_cards(st, ev)


# --------------------------------------------------------------------------- hand end


def _concede(st: SpikeState, ev: Events) -> None:
    award_conceded(st, ev)
    end_hand(st, ev)


def end_hand(st: SpikeState, ev: Events) -> None:
    """HAND_END: every card returns to the deck; then the next hand or the end of the game."""
    st.discard = []
    next_hand(st, ev, start_hand)


def leave(st: SpikeState, seat: int, ev: Events) -> int:
    """The player leaves for good: a live hand is junked (its contributions stay in the pot);
    returns the credits behind."""

    def set_aside(st: SpikeState, folded: int) -> None:
        junk(st, folded, ev, folded=True)

    def turn_over(st: SpikeState, ev: Events) -> None:
        st.queue.insert(0, seat)  # end_card_turn pops the current turn
        end_card_turn(st, ev)

    exits = Exits(set_aside, award_conceded, _after_betting, turn_over, end_hand)
    over, betting = st.phase is Phase.GAME_OVER, st.phase is Phase.BET
    return leave_hand(st, seat, ev, exits, over=over, betting=betting)
