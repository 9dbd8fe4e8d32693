"""Corellian Spike views: the public table, one seat's private view, and per-seat statistics.

Public (§3.5): card counts, the top of the discard pile, bets, dice, both pots, stacks, the last
hand's result. Private: the seat's own cards with their evaluation. The views carry typed facts
(:class:`SpikeTable`, :class:`SpikeHand`); the bot's renderer (``bot/words/corellian_spike.py``)
writes their words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from engine.core.facts import Fact
from engine.core.game import PlayerView, PublicView
from engine.variants.corellian_spike.actions import pending
from engine.variants.corellian_spike.cards import MAX_HAND, MIN_HAND, HandEval, evaluate_cards
from engine.variants.corellian_spike.events import HandDecided
from engine.variants.corellian_spike.state import DECIDED, Phase, Seat, SpikeState
from engine.variants.twopot.events import Worded
from engine.variants.twopot.state import NOTE, Note
from engine.variants.twopot.views import fact_view
from engine.variants.twopot.views import hand_of as hand_of  # re-exported: Game.hand
from engine.variants.twopot.views import seat_stats as seat_stats


@dataclass(frozen=True, slots=True)
class SpikeSeat(Fact):
    """What everyone sees of one seat: its place in the game, whether it was dealt in and is
    still live, all-in, its bet in this phase, and how many cards it holds (``None``: none shown,
    a seat out of the hand or the game over)."""

    place: Seat
    dealt: bool
    live: bool
    all_in: bool
    commit: int
    cards: int | None


@dataclass(frozen=True, slots=True)
class SpikeTable(Fact):
    """The public table beyond seats and pots: the phase, hand and round (of ``rounds``), who
    starts, the top of the discard pile (a notation), the current bet, the last spike dice and
    how the last hand was decided."""

    phase: Phase
    hand_no: int
    round_no: int
    rounds: int
    starter: str
    discard_top: str | None
    current_bet: int
    dice: tuple[int, int] | None
    decided: HandDecided | Worded | None = field(default=None, metadata=DECIDED)
    seats: tuple[SpikeSeat, ...] = ()


@dataclass(frozen=True, slots=True)
class SpikeHand(Fact):
    """One seat's private facts: its cards (notations, acquisition order), the hand's evaluation
    (``None`` outside 2–5 cards or once the game is over), whether it must now keep the drawn
    card or discard one, and its last private note."""

    cards: tuple[str, ...]
    hand: HandEval | None
    choosing: bool
    note: Note | None = field(default=None, metadata=NOTE)


# one shared instance per value: views are built after every action, mostly of the same seats
_spike_seat = lru_cache(maxsize=1024)(SpikeSeat)


def _seats(st: SpikeState, over: bool) -> tuple[SpikeSeat, ...]:
    betting, dealt, hands = st.betting, st.dealt, st.hands
    in_hand, folded, stacks, commits = (
        betting.in_hand,
        betting.folded,
        betting.stacks,
        betting.phase_commit,
    )
    shown = not over and bool(hands)
    out = []
    for s, place in enumerate(st.status):
        live = in_hand[s] and not folded[s]  # (Betting.is_live, is_all_in: one view per change)
        out.append(
            _spike_seat(
                place,
                bool(dealt) and dealt[s],
                live,
                live and stacks[s] == 0,
                commits[s],
                len(hands[s]) if shown and live else None,
            )
        )
    return tuple(out)


def public_view(st: SpikeState) -> PublicView:
    """Everything public; never a hidden card."""
    over = st.phase is Phase.GAME_OVER
    return fact_view(
        st,
        "corellian-spike",
        pending(st),
        SpikeTable(
            phase=st.phase,
            hand_no=st.hand_no,
            round_no=st.round_no,
            rounds=st.options.rounds,
            starter=st.players[st.start_seat],
            discard_top=st.discard[-1].notation if st.discard else None,
            current_bet=st.betting.current_bet,
            dice=st.dice,
            decided=st.last_decision(),
            seats=_seats(st, over),
        ),
        over=over,
    )


def view_for(st: SpikeState, seat: int) -> PlayerView:
    """The seat's cards (acquisition order) and its private facts."""
    hand = st.hands[seat] if st.hands else []
    cards = tuple(c.notation for c in hand)
    sized = MIN_HAND <= len(hand) <= MAX_HAND and st.phase is not Phase.GAME_OVER
    return PlayerView(
        seat=seat,
        hand=cards,
        public=public_view(st),
        facts=SpikeHand(
            cards=cards,
            hand=evaluate_cards(hand, extras=st.options.named_hand_extras) if sized else None,
            choosing=st.phase is Phase.CHOOSE and seat in pending(st),
            note=st.last_drawn[seat] if st.last_drawn else None,
        ),
    )
