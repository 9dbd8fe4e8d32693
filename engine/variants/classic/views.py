"""Classic Sabacc views: the public table, one seat's private view, and per-seat statistics.

Public (§3.6): stasis-field cards, card counts, pots, stacks, dice, the caller, the last reveal.
Private: the seat's own hidden cards, with the whole hand's evaluation. The views carry typed
facts (:class:`ClassicTable`, :class:`ClassicHand`); the bot's renderer (``bot/words/classic.py``)
writes their words.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from engine.core.facts import Fact
from engine.core.game import PlayerView, PublicView
from engine.variants.classic.actions import pending
from engine.variants.classic.cards import HandEval, evaluate
from engine.variants.classic.events import HandDecided
from engine.variants.classic.state import ClassicState, Phase, Seat
from engine.variants.twopot.events import Worded
from engine.variants.twopot.state import Note
from engine.variants.twopot.views import HAND_POT as HAND_POT  # re-exported
from engine.variants.twopot.views import SABACC_POT as SABACC_POT  # re-exported
from engine.variants.twopot.views import fact_view
from engine.variants.twopot.views import hand_of as hand_of  # re-exported: Game.hand
from engine.variants.twopot.views import seat_stats as seat_stats


@dataclass(frozen=True, slots=True)
class ClassicSeat(Fact):
    """What everyone sees of one seat: its place in the game, whether it was dealt in and is
    still live, its flags (called, all-in, traded), its bet in this phase, how many cards it
    holds and its stasis field (notations)."""

    place: Seat
    dealt: bool
    live: bool
    called: bool
    all_in: bool
    commit: int
    traded: bool
    cards: int
    stasis: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ClassicTable(Fact):
    """The public table beyond seats and pots: the phase, hand and round, who starts, the current
    bet, the caller, from which round the hand may be called, the draw pile, the last dice and
    why the last hand went as it did."""

    phase: Phase
    hand_no: int
    round_no: int
    starter: str
    current_bet: int
    caller: str | None
    min_call_round: int
    draw_pile: int
    dice: tuple[int, int] | None
    decided: HandDecided | Worded | None
    seats: tuple[ClassicSeat, ...]


@dataclass(frozen=True, slots=True)
class ClassicHand(Fact):
    """One seat's private facts: its hidden cards and stasis field (notations), the whole hand's
    evaluation (``None`` without cards) and its last private note."""

    hidden: tuple[str, ...]
    stasis: tuple[str, ...]
    hand: HandEval | None
    note: Note | None


_SEAT = functools.lru_cache(maxsize=4096)(ClassicSeat)  # equal seats share one instance


def _seats(st: ClassicState) -> tuple[ClassicSeat, ...]:
    betting, dealt, traded, hands, stasis = st.betting, st.dealt, st.traded, st.hands, st.stasis
    out = []
    dealt_in, folded = betting.in_hand, betting.folded
    for seat in range(st.n):
        in_hand = bool(dealt) and dealt[seat]
        field = stasis[seat] if in_hand else ()
        live = dealt_in[seat] and not folded[seat]  # (Betting.is_live: one view per change)
        out.append(
            _SEAT(
                st.status[seat],
                in_hand,
                live,
                st.caller == seat,
                live and betting.stacks[seat] == 0,  # all-in
                betting.phase_commit[seat],
                bool(traded) and traded[seat],
                len(hands[seat]) + len(field) if in_hand else 0,
                tuple(c.notation for c in field) if field else (),
            )
        )
    return tuple(out)


def public_view(st: ClassicState) -> PublicView:
    """Everything public; never a hidden card."""
    return fact_view(
        st,
        "classic",
        pending(st),
        ClassicTable(
            phase=st.phase,
            hand_no=st.hand_no,
            round_no=st.round_no,
            starter=st.players[st.start_seat],
            current_bet=st.betting.current_bet,
            caller=None if st.caller is None else st.players[st.caller],
            min_call_round=st.options.min_call_round,
            draw_pile=len(st.draw),
            dice=st.dice,
            decided=st.last_decision(),
            seats=_seats(st),
        ),
        over=st.phase is Phase.GAME_OVER,
    )


def view_for(st: ClassicState, seat: int) -> PlayerView:
    """The seat's hidden cards (notation) and its private facts."""
    hidden = st.hands[seat] if st.hands else []
    field = st.stasis[seat] if st.stasis else []
    return PlayerView(
        seat=seat,
        hand=hand_of(st, seat),
        public=public_view(st),
        facts=ClassicHand(
            hidden=tuple(c.notation for c in hidden),
            stasis=tuple(c.notation for c in field),
            hand=evaluate(hidden + field) if hidden or field else None,
            note=st.last_drawn[seat] if st.last_drawn else None,
        ),
    )
