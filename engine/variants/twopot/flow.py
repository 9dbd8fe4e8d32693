"""The flow steps the two-pot family (Classic, Centran, Project, Corellian Spike) shares, written
once: opening a hand (:func:`hand_players`, :func:`next_starter`), a betting action
(:func:`bet_made`), leaving the table (:func:`depart`, :func:`leave_hand`) and the end of a hand
(:func:`next_hand`); each variant declares how its hand goes on without a seat in one
:class:`Exits`.

The three specs give a player who leaves the same treatment (Classic C-impl-1, Centran
CE-impl-1, Project P-impl-3): after the game or from a seat already left it does nothing;
otherwise a live hand is folded (forfeiting its contributions) and its cards set aside, the seat
leaves the turn queue, is marked :attr:`~engine.variants.twopot.state.Seat.LEFT` and takes its
credits behind home, and :class:`~engine.variants.twopot.events.PlayerLeft` is announced.
:func:`depart` does that and reports what the variant's flow needs to carry on (award an
uncontested hand, close a betting phase, move the turn on); :func:`leave_hand` carries on through
the variant's :class:`Exits`, which :func:`bet_made` uses after a betting action too.

:func:`next_hand` is the common part of HAND_END: every card returns to the deck (Classic §3,
Centran §3, Project §3), so the hands, the draw pile and the turn queue start empty before the
next HAND_START; each variant's ``end_hand`` first clears its own piles (stasis fields, Array and
table fives, Interference Fields).

:func:`discard_seat` is how Classic and Centran set a folded seat's cards aside (hand and stasis
field face down to the discard pile; Classic §3.6, Centran §3.7); Project mucks its own way.
:func:`draw_card` is how both draw: when the draw pile is empty the discard pile is shuffled into
it (Classic CL-25, Centran §3.7).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from engine.core.betting import BetKind, BetResult
from engine.core.betting_events import BetMade
from engine.core.deck import Deck
from engine.core.game import Event
from engine.core.seats import next_seat
from engine.variants.twopot.events import PlayerLeft, Reshuffled
from engine.variants.twopot.state import AnyTwoPot, Seat, St, StasisState

__all__ = ["Departure", "depart", "discard_seat", "draw_card", "next_hand"]


C = TypeVar("C")


@dataclass(frozen=True, slots=True)
class Departure:
    """What a departure did: the ``credits`` handed back, whether a ``live`` hand was folded,
    whether that seat was first in the turn queue (``was_current``), and whether its fold ended
    the betting phase (``phase_over``)."""

    credits: int
    live: bool
    was_current: bool
    phase_over: bool


def depart(
    st: St, seat: int, ev: list[Event], over: bool, set_aside: Callable[[St, int], None]
) -> Departure | None:
    """``seat`` leaves for good; ``None`` when the game is ``over`` or the seat already left.

    A live hand (dealt and not folded) is forfeited, its cards go away through
    ``set_aside(st, seat)`` and the seat leaves the turn queue.
    """
    if over or st.status[seat] is Seat.LEFT:
        return None
    live = st.betting.is_live(seat) and st.dealt[seat]
    result = st.betting.forfeit(seat) if live else None
    was_current = bool(st.queue) and st.queue[0] == seat
    if live:
        set_aside(st, seat)
        if seat in st.queue:
            st.queue.remove(seat)
    st.status[seat] = Seat.LEFT
    credits = st.betting.withdraw(seat, st.stacks[seat])
    ev.append(PlayerLeft(st.players[seat], credits, live))
    phase_over = result is not None and result.phase_over
    return Departure(credits, live, was_current, phase_over)


@dataclass(frozen=True, slots=True)
class Exits(Generic[St]):
    """How a variant's hand goes on when a seat drops out of it (a fold, a departure) or a
    betting phase closes, declared once per variant: ``set_aside(st, seat)`` puts a folded
    hand's cards away, ``award(st, ev)`` settles a hand fewer than two live seats are left in
    (the payout's uncontested award), ``bet_over(st, ev)`` moves on from a closed betting phase,
    ``turn_over(st, ev)`` from the current seat's turn, and ``end_hand(st, ev)`` is HAND_END."""

    set_aside: Callable[[St, int], None]
    award: Callable[[St, list[Event]], None]
    bet_over: Callable[[St, list[Event]], None]
    turn_over: Callable[[St, list[Event]], None]
    end_hand: Callable[[St, list[Event]], None]

    def concede(self, st: St, ev: list[Event]) -> None:
        """The hand is conceded: the uncontested award, then HAND_END."""
        self.award(st, ev)
        self.end_hand(st, ev)


def bet_made(st: St, ev: list[Event], result: BetResult, exits: Exits[St]) -> None:
    """After a betting action: its :class:`~engine.core.betting_events.BetMade` event, a folded
    hand's cards set aside, and the betting phase's end where the action closed it."""
    ev.append(BetMade.from_result(result, st.players))
    if result.kind is BetKind.FOLD:
        exits.set_aside(st, result.seat)
    if result.phase_over:
        exits.bet_over(st, ev)


def leave_hand(
    st: St,
    seat: int,
    ev: list[Event],
    exits: Exits[St],
    *,
    over: bool,
    betting: bool,
    turns: bool = True,
) -> int:
    """``seat`` leaves for good (:func:`depart`; nothing once the game is ``over``) and the hand
    goes on without it; returns the credits handed back.

    When a live hand folded: with fewer than two live hands left, the hand is conceded; in a
    ``betting`` phase, the phase ends where the fold closed it; else, where it was the seat's
    turn in a phase of ``turns``, the next turn comes.
    """
    gone = depart(st, seat, ev, over, exits.set_aside)
    if gone is None or not gone.live:
        return gone.credits if gone else 0
    if len(st.live()) < 2:
        exits.concede(st, ev)
    elif betting:
        if gone.phase_over:
            exits.bet_over(st, ev)
    elif turns and gone.was_current:
        exits.turn_over(st, ev)
    return gone.credits


def hand_players(
    st: St,
    ev: list[Event],
    end_game: Callable[[St, list[Event]], None],
    short: Callable[[int], bool],
    out: Callable[[str, int], Event],
) -> list[int] | None:
    """HAND_START's first step: the players of the new hand, or ``None`` when the game ended
    (``end_game(st, ev)``) instead, at the options' hand limit or with fewer than two players
    left. Before that, every seat in the game whose stack is ``short`` (``short(stack)``) is
    out of the game, announced by ``out(player, stack)``."""
    limit = st.options.max_hands
    if limit is not None and st.hand_no >= limit:
        end_game(st, ev)
        return None
    for s in st.in_game():
        if short(st.stacks[s]):
            st.status[s] = Seat.OUT
            ev.append(out(st.players[s], st.stacks[s]))
    players = st.in_game()
    if len(players) < 2:
        end_game(st, ev)
        return None
    return players


def next_starter(st: AnyTwoPot, current: int, fixed: int | None, players: list[int]) -> int:
    """The seat that opens the next hand (its starting player or dealer): ``fixed`` where it is
    one of the in-game ``players`` (a test's choice), a random one of them for the first hand
    (the game's RNG), else the next in-game seat after ``current``."""
    if fixed is not None and fixed in players:
        return fixed
    if st.hand_no == 0:
        return st.rng.choice(players)
    nxt = next_seat(current, st.n, lambda s: st.status[s] is Seat.IN)
    assert nxt is not None
    return nxt


def discard_seat(st: StasisState[Any, C], seat: int) -> None:
    """A folded player's cards (hand and stasis field) go face down to the discard pile."""
    st.discard.extend(st.hands[seat] + st.stasis[seat])
    st.hands[seat], st.stasis[seat] = [], []


def next_hand(st: St, ev: list[Event], start_hand: Callable[[St, list[Event]], None]) -> None:
    """HAND_END's common part: the hands and the draw pile are emptied (every card returns to the
    deck) and the turn queue cleared; then ``start_hand(st, ev)`` starts the next hand or ends
    the game."""
    st.hands = [[] for _ in range(st.n)]
    st.draw = Deck()
    st.queue = []
    start_hand(st, ev)


def draw_card(st: StasisState[Any, C], ev: list[Event]) -> C | None:
    """Top card of the draw pile, reshuffling the discard pile into it when empty
    (:class:`~engine.variants.twopot.events.Reshuffled`); ``None`` when no card exists at all."""
    if not len(st.draw):
        if not st.discard:
            return None
        count = len(st.discard)
        st.draw.shuffle_in(st.discard, st.rng)
        st.discard = []
        ev.append(Reshuffled(count))
    return st.draw.draw_one()
