"""Sabacc Project views: the public table, one seat's private view, and per-seat statistics.

Public: card counts, Interference-Field cards (face up), both pots, stacks, dealer and starting
player, the round and whether the hand may be called, the idle counter, the draw pile, Shift news
and the last hand's result. Private: the seat's own hidden cards, the whole hand's value and name,
which cards the last Shift changed, and the card it last drew. The views carry typed facts
(:class:`ProjectTable`, :class:`ProjectHand`; cards as notations); the bot's renderer
(``bot/words/project.py``) writes their words.

P-impl-7: like Classic's stasis cards, :attr:`PlayerView.hand` lists the hidden cards only (plain
notation); field cards are public (the seat's facts) and are added in the private words.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass

from engine.core.codec import meta
from engine.core.facts import Fact
from engine.core.game import PlayerView, PublicView
from engine.variants.project.actions import pending
from engine.variants.project.cards import HandEval, evaluate
from engine.variants.project.events import Decided, Note, ShiftHappened
from engine.variants.project.state import DECIDED, NOTE, SHIFT, Phase, ProjectState
from engine.variants.twopot.events import Worded
from engine.variants.twopot.views import HAND_POT as HAND_POT  # re-exported
from engine.variants.twopot.views import SABACC_POT as SABACC_POT  # re-exported
from engine.variants.twopot.views import SeatFacts, fact_view
from engine.variants.twopot.views import seat_stats as seat_stats


@dataclass(frozen=True, slots=True)
class ProjectSeat(SeatFacts):
    """What everyone sees of one seat (:class:`~engine.variants.twopot.views.SeatFacts`),
    whether it called the hand, and its Interference Field (notations, in the order placed)."""

    called: bool
    field: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ProjectTable(Fact):
    """The public table beyond seats and pots: the phase, hand and round, dealer and starting
    player, the current bet, the caller, the pot-building rounds (no call before), the stands
    in a row and their limit, the draw pile, this hand's Shifts and their chance (percent), the
    last Shift (``shift_fresh``: during the last action) and why the last hand went so."""

    phase: Phase
    hand_no: int
    round_no: int
    dealer: str
    starter: str
    current_bet: int
    caller: str | None
    pot_building_rounds: int
    idle: int
    idle_limit: int | None
    draw_pile: int
    shifts: int
    shift_percent: int
    shift: ShiftHappened | Worded | None = dataclasses.field(metadata=meta(shape=SHIFT))
    shift_fresh: bool
    decided: Decided | Worded | None = dataclasses.field(metadata=meta(shape=DECIDED))
    seats: tuple[ProjectSeat, ...]


@dataclass(frozen=True, slots=True)
class ProjectHand(Fact):
    """One seat's private facts: its hidden cards (notations) and which of them the last Shift
    changed, its Interference Field, the whole hand's evaluation (``None`` without cards) and
    its last private note."""

    hidden: tuple[str, ...]
    shifted: tuple[bool, ...]
    field: tuple[str, ...]
    hand: HandEval | None
    note: Note | None = dataclasses.field(metadata=meta(shape=NOTE))


_SEAT = functools.lru_cache(maxsize=4096)(ProjectSeat)  # equal seats share one instance


def _seats(st: ProjectState) -> tuple[ProjectSeat, ...]:
    betting, dealt, hands, fields = st.betting, st.dealt, st.hands, st.fields
    dealt_in, folded = betting.in_hand, betting.folded
    out = []
    for seat in range(len(st.players)):
        live = dealt_in[seat] and not folded[seat]  # (Betting.is_live: one view per change)
        placed = fields[seat] if fields else ()
        held = hands[seat] if hands else ()
        out.append(
            _SEAT(
                st.status[seat],
                bool(dealt) and dealt[seat],
                live,
                seat == st.dealer,
                live and betting.stacks[seat] == 0,  # all-in
                betting.phase_commit[seat],
                len(held),
                st.caller == seat,
                tuple(held[i].notation for i in placed),
            )
        )
    return tuple(out)


def public_view(st: ProjectState) -> PublicView:
    """Everything public; never a hidden card."""
    opts, players, betting = st.options, st.players, st.betting
    table = ProjectTable(
        st.phase,
        st.hand_no,
        st.round_no,
        players[st.dealer],
        players[st.start_seat],
        betting.current_bet,
        None if st.caller is None else players[st.caller],
        opts.pot_building_rounds,
        st.idle,
        opts.idle_call_limit,
        len(st.draw),
        st.shifts,
        round(opts.shift_probability * 100),
        st.shift_note,
        st.shift_fresh,
        st.last_decision(),
        _seats(st),
    )
    return fact_view(st, "project", pending(st), table, over=st.phase is Phase.GAME_OVER)


def hand_of(st: ProjectState, seat: int) -> tuple[str, ...]:
    """``view_for(st, seat).hand`` alone: the cards outside the Interference Field."""
    hand = st.hands[seat] if st.hands else []
    protected = set(st.fields[seat]) if st.fields else set()
    return tuple(hand[i].plain for i in range(len(hand)) if i not in protected)


def view_for(st: ProjectState, seat: int) -> PlayerView:
    """The seat's hidden cards (notation) and its private facts."""
    hand = st.hands[seat] if st.hands else []
    protected = set(st.fields[seat]) if st.fields else set()
    marked = set(st.shifted[seat]) if st.shifted else set()
    hidden = [i for i in range(len(hand)) if i not in protected]
    return PlayerView(
        seat=seat,
        hand=hand_of(st, seat),
        public=public_view(st),
        facts=ProjectHand(
            hidden=tuple(hand[i].notation for i in hidden),
            shifted=tuple(i in marked for i in hidden),
            field=tuple(hand[i].notation for i in st.fields[seat]) if st.fields else (),
            hand=evaluate(hand) if hand else None,
            note=st.notes[seat] if st.notes else None,
        ),
    )
