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
from engine.core.game import PlayerView, PublicView, SeatView
from engine.variants.project.actions import pending
from engine.variants.project.cards import HandEval, evaluate
from engine.variants.project.events import Decided, Note, ShiftHappened
from engine.variants.project.state import DECIDED, NOTE, SHIFT, Phase, ProjectState, Seat
from engine.variants.twopot.events import Worded
from engine.variants.twopot.views import seat_stats as seat_stats

HAND_POT, SABACC_POT = "hand", "sabacc"  # the pots' keys in the public view


@dataclass(frozen=True, slots=True)
class ProjectSeat(Fact):
    """What everyone sees of one seat: its place in the game, whether it was dealt in and is
    still live, its flags (dealer, caller, all-in), its bet in this phase, how many cards it
    holds and its Interference Field (notations, in the order placed)."""

    place: Seat
    dealt: bool
    live: bool
    dealer: bool
    called: bool
    all_in: bool
    commit: int
    cards: int
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


def _seat(st: ProjectState, seat: int) -> ProjectSeat:
    betting = st.betting
    return _SEAT(
        st.status[seat],
        bool(st.dealt) and st.dealt[seat],
        betting.is_live(seat),
        seat == st.dealer,
        st.caller == seat,
        betting.is_all_in(seat),
        betting.phase_commit[seat],
        len(st.hands[seat]) if st.hands else 0,
        tuple(c.notation for c in st.field_cards(seat)) if st.fields and st.fields[seat] else (),
    )


def public_view(st: ProjectState) -> PublicView:
    """Everything public; never a hidden card."""
    n = len(st.players)
    stacks = st.stacks
    seats = tuple(
        SeatView(seat=s, player=st.players[s], stack=stacks[s], active=st.status[s] is Seat.IN)
        for s in range(n)
    )
    opts = st.options
    return PublicView(
        variant="project",
        title="",
        phase="",
        hand_no=st.hand_no,
        acting=tuple(sorted(pending(st))),
        seats=seats,
        pots=((HAND_POT, st.betting.pot_total), (SABACC_POT, st.sabacc_pot)),
        finished=st.phase is Phase.GAME_OVER,
        facts=ProjectTable(
            phase=st.phase,
            hand_no=st.hand_no,
            round_no=st.round_no,
            dealer=st.players[st.dealer],
            starter=st.players[st.start_seat],
            current_bet=st.betting.current_bet,
            caller=None if st.caller is None else st.players[st.caller],
            pot_building_rounds=opts.pot_building_rounds,
            idle=st.idle,
            idle_limit=opts.idle_call_limit,
            draw_pile=len(st.draw),
            shifts=st.shifts,
            shift_percent=round(opts.shift_probability * 100),
            shift=st.shift_note,
            shift_fresh=st.shift_fresh,
            decided=st.last_decision(),
            seats=tuple(_seat(st, s) for s in range(n)),
        ),
    )


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
