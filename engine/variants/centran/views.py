"""Centran Sabacc views: the public table, one seat's private view, and per-seat statistics.

Public (§3.1): the Array (in order), the table fives and who tabled each, card counts, Stasis
Fields, pots, stacks, the last Shift Phase and the last reveal. Private: the seat's own hidden
cards, with the best value of all its held cards together with the table fives. The views carry
typed facts (:class:`CentranTable`, :class:`CentranHand`; cards as notations); the bot's renderer
(``bot/words/centran.py``) writes their words.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from engine.core.codec import meta
from engine.core.facts import Fact
from engine.core.game import PlayerView, PublicView
from engine.variants.centran.actions import pending
from engine.variants.centran.cards import HandEval, evaluate
from engine.variants.centran.events import Decided, Note, ShiftTurned
from engine.variants.centran.state import DECIDED, NOTE, SHIFT, CentranState, Phase
from engine.variants.twopot.events import Worded
from engine.variants.twopot.views import HAND_POT as HAND_POT  # re-exported
from engine.variants.twopot.views import SABACC_POT as SABACC_POT  # re-exported
from engine.variants.twopot.views import SeatFacts, fact_view
from engine.variants.twopot.views import hand_of as hand_of  # re-exported: Game.hand
from engine.variants.twopot.views import seat_stats as seat_stats

ROUNDS = 5


@dataclass(frozen=True, slots=True)
class CentranSeat(SeatFacts):
    """What everyone sees of one seat (:class:`~engine.variants.twopot.views.SeatFacts`) and
    its Stasis Field (notations)."""

    stasis: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CentranTable(Fact):
    """The public table beyond seats and pots: the phase, hand and round (of :data:`ROUNDS`),
    the dealer, the Array (notations, in order), the table fives with who tabled each (``""``:
    turned up for the Array), the current bet, the draw pile, this round's Shift Phase card and
    why the last hand went as it did."""

    phase: Phase
    hand_no: int
    round_no: int
    rounds: int
    dealer: str
    array: tuple[str, ...]
    fives: tuple[tuple[str, str], ...]
    current_bet: int
    draw_pile: int
    shift: ShiftTurned | Worded | None = field(metadata=meta(shape=SHIFT))
    decided: Decided | Worded | None = field(metadata=meta(shape=DECIDED))
    seats: tuple[CentranSeat, ...]


@dataclass(frozen=True, slots=True)
class CentranHand(Fact):
    """One seat's private facts: its hidden cards and Stasis Field (notations), the best value
    of its held cards with the ``fives`` table fives (``None`` without cards or once the game is
    over) and its last private note. (Fields holding one of several facts carry their stored
    shape, so every view fact goes through the state codec.)"""

    hidden: tuple[str, ...]
    stasis: tuple[str, ...]
    best: HandEval | None
    fives: int
    note: Note | None = field(metadata=meta(shape=NOTE))


_SEAT = functools.lru_cache(maxsize=4096)(CentranSeat)  # equal seats share one instance


def _seats(st: CentranState) -> tuple[CentranSeat, ...]:
    betting, dealt, hands, stasis = st.betting, st.dealt, st.hands, st.stasis
    dealt_in, folded = betting.in_hand, betting.folded
    out = []
    for seat in range(len(st.players)):
        in_hand = bool(dealt) and dealt[seat]
        live = dealt_in[seat] and not folded[seat]  # (Betting.is_live: one view per change)
        field = stasis[seat] if in_hand else ()
        out.append(
            _SEAT(
                st.status[seat],
                in_hand,
                live,
                seat == st.dealer,
                live and betting.stacks[seat] == 0,  # all-in
                betting.phase_commit[seat],
                len(hands[seat]) + len(field) if in_hand else 0,
                tuple(c.notation for c in field) if field else (),
            )
        )
    return tuple(out)


def public_view(st: CentranState) -> PublicView:
    """Everything public; never a hidden card."""
    players, betting = st.players, st.betting
    table = CentranTable(
        st.phase,
        st.hand_no,
        st.round_no,
        ROUNDS,
        players[st.dealer],
        tuple(c.notation for c in st.array),
        tuple((c.notation, "" if s is None else players[s]) for c, s in st.fives),
        betting.current_bet,
        len(st.draw),
        st.shift_note,
        st.last_decision(),
        _seats(st),
    )
    return fact_view(st, "centran", pending(st), table, over=st.phase is Phase.GAME_OVER)


def view_for(st: CentranState, seat: int) -> PlayerView:
    """The seat's hidden cards (notation) and its private facts."""
    hidden = st.hands[seat] if st.hands else []
    field = st.stasis[seat] if st.stasis else []
    held = hidden + field
    over = st.phase is Phase.GAME_OVER
    return PlayerView(
        seat=seat,
        hand=hand_of(st, seat),
        public=public_view(st),
        facts=CentranHand(
            hidden=tuple(c.notation for c in hidden),
            stasis=tuple(c.notation for c in field),
            best=evaluate(held, len(st.fives)) if held and not over else None,
            fives=len(st.fives),
            note=st.notes[seat] if st.notes else None,
        ),
    )
