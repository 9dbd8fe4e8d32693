"""Corellian Spike views: the public table, one seat's private view, and per-seat statistics.

Public (§3.5): card counts, every action, the top of the discard pile, bets, dice, both pots,
stacks, the last hand's result. Private: the seat's own cards with their value and category.
"""

from __future__ import annotations

from engine.core.game import PlayerView, PublicView, SeatView
from engine.variants.corellian_spike.actions import pending
from engine.variants.corellian_spike.cards import (
    MAX_HAND,
    MIN_HAND,
    card_name,
    evaluate_cards,
    signed,
)
from engine.variants.corellian_spike.state import Phase, Seat, SpikeState
from engine.variants.twopot.views import dice_row, seat_status, table_view
from engine.variants.twopot.views import seat_stats as seat_stats

TITLE = "Corellian Spike"
_NAMES = {Phase.CARD: "Card phase", Phase.CHOOSE: "Card phase", Phase.BET: "Betting"}


def _phase_text(st: SpikeState) -> str:
    if st.phase is Phase.GAME_OVER:
        return "Game over"
    return f"Hand {st.hand_no} · Round {st.round_no}/{st.options.rounds} · {_NAMES[st.phase]}"


def _seat_status(st: SpikeState, seat: int) -> str:
    commit = st.betting.phase_commit[seat]
    return seat_status(
        st,
        seat,
        dealt=bool(st.dealt) and st.dealt[seat],
        over=st.phase is Phase.GAME_OVER,
        flags=(
            (st.betting.is_all_in(seat), "all-in"),
            (st.phase is Phase.BET and bool(commit), f"bet {commit}"),
        ),
    )


def public_view(st: SpikeState) -> PublicView:
    """Everything public; never a hidden card."""
    over = st.phase is Phase.GAME_OVER
    seats = tuple(
        SeatView(
            seat=s,
            player=st.players[s],
            stack=st.stacks[s],
            status=_seat_status(st, s),
            public=(
                f"{len(st.hands[s])} cards"
                if not over and st.hands and st.betting.is_live(s)
                else ""
            ),
            active=st.status[s] is Seat.IN,
        )
        for s in range(st.n)
    )
    info: list[tuple[str, str]] = []
    if not over:
        info.append(("Starting player", st.players[st.start_seat]))
        info.append(("Round", f"{st.round_no} of {st.options.rounds}"))
        if st.discard:
            info.append(("Discard pile", card_name(st.discard[-1])))
        if st.phase is Phase.BET:
            info.append(("Current bet", str(st.betting.current_bet)))
    dice, highlight = dice_row(st.dice, "Spike dice", "spike dice", over=over)
    if dice is not None:
        info.append(dice)
    return table_view(
        st,
        variant="corellian-spike",
        title=TITLE,
        phase=_phase_text(st),
        acting=pending(st),
        seats=seats,
        info=info,
        highlight=highlight,
        finished=over,
    )


def view_for(st: SpikeState, seat: int) -> PlayerView:
    """The seat's cards (acquisition order), a readable text, and its hand's value as notes."""
    hand = st.hands[seat] if st.hands else []
    notes: list[str] = []
    if MIN_HAND <= len(hand) <= MAX_HAND and st.phase is not Phase.GAME_OVER:
        ev = evaluate_cards(hand, extras=st.options.named_hand_extras)
        notes.append(f"Total {signed(ev.total)}: {ev.label}")
    if st.phase is Phase.CHOOSE and seat in pending(st):
        notes.append("Keep the drawn card or put one card face up on the discard pile.")
    if st.last_drawn and st.last_drawn[seat]:
        notes.append(st.last_drawn[seat])
    text = "  ".join(card_name(c) for c in hand) if hand else "no cards"
    return PlayerView(
        seat=seat,
        hand=tuple(c.notation for c in hand),
        hand_text=text,
        notes=tuple(notes),
        public=public_view(st),
    )
