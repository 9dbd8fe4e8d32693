"""Coruscant Shift views: the public table, one seat's private view and per-seat statistics.

Functions of a :class:`~engine.variants.coruscant.state.CoruscantState`; they only read it. The
views carry typed facts (:mod:`engine.variants.coruscant.facts`); the bot's renderer
(``bot/words/coruscant.py``) writes their words.
"""

from __future__ import annotations

import functools

from engine.core.game import PlayerView, PublicView, SeatStats, SeatView
from engine.core.pots import layer_amounts
from engine.variants.coruscant.cards import Card, Rank
from engine.variants.coruscant.facts import HandFacts, Place, SeatFacts, TableFacts
from engine.variants.coruscant.state import CoruscantState, Phase

_BETTING = (Phase.BET_1, Phase.BET_2)
# Few distinct seats from one view to the next (one seat acts at a time): shared instances.
_seat_facts = functools.lru_cache(maxsize=1024)(SeatFacts)
_seat_view = functools.lru_cache(maxsize=4096)(SeatView)


def _pots(st: CoruscantState) -> tuple[tuple[str, int], ...]:
    """The pots keyed by their index (``"0"`` the main pot). During a hand one pot, cut only at
    the all-in amounts (a bet still open is no side pot yet) plus what two live seats above them
    both put in; the settlement layers it anew."""
    bet = st.bet
    paid, stacks, in_hand, folded = bet.contributions, bet.stacks, bet.in_hand, bet.folded
    live = [s for s in range(len(paid)) if in_hand[s] and not folded[s]]
    levels = [paid[s] for s in live if stacks[s] == 0]  # the all-in live seats
    if not levels:
        return (("0", sum(paid)),)
    reached = sorted((paid[s] for s in live), reverse=True)
    if len(reached) > 1 and reached[1] > max(levels):
        levels.append(reached[1])  # above every all-in, matched by at least two live seats
    layers = layer_amounts(paid, levels)
    return tuple((str(index), amount) for index, amount in enumerate(layers))


def public_view(st: CoruscantState) -> PublicView:
    """The table: stacks, seats, pots, dice and who acts (never a hidden card)."""
    bet = st.bet
    phase, finished = st.phase, st.finished
    betting, selecting = phase in _BETTING, phase.selecting
    stacks, left, in_hand, folded = st.stacks, st.left, bet.in_hand, bet.folded
    seats: list[SeatView] = []
    facts: list[SeatFacts] = []
    for s, player in enumerate(st.seat_players):
        stack = stacks[s]
        if left[s]:
            place = Place.LEFT
        elif not in_hand[s]:
            place = Place.OUT
        elif folded[s]:
            place = Place.FOLDED
        else:
            place = Place.LIVE
        active = not left[s] and (stack > 0 or place is Place.LIVE)
        seats.append(_seat_view(s, player, stack, "", "", active))
        chosen = st.choice[s] is not None if selecting else None
        commit = bet.phase_commit[s] if betting else 0
        facts.append(
            _seat_facts(place, stack == 0 and not finished, chosen, len(st.kept[s]), commit)
        )
    return PublicView(
        st.VARIANT,
        "",
        "",
        st.hand_no,
        tuple(sorted(st.pending_seats())),
        tuple(seats),
        pots=() if finished else _pots(st),
        finished=finished,
        facts=TableFacts(
            phase=phase,
            hand_no=st.hand_no,
            target=st.target,
            suit=st.suit,
            ante=st.ante,
            starter=st.seat_players[st.start_seat],
            current_bet=bet.current_bet if betting else 0,
            seats=tuple(facts),
        ),
    )


def _marked(st: CoruscantState, seat: int) -> list[Card]:
    chosen = st.choice[seat]
    if chosen is not None:
        return list(chosen)
    if st.phase.round_no == 2 or not st.phase.selecting:
        return list(st.kept[seat])
    return []


def hand_of(st: CoruscantState, seat: int) -> tuple[str, ...]:
    """``view_for(st, seat).hand`` alone."""
    return tuple(c.notation for c in st.hands[seat])


def view_for(st: CoruscantState, seat: int) -> PlayerView:
    """The seat's own cards, its marked selection and the selection's rank."""
    hand = st.hands[seat]
    marked = _marked(st, seat)
    pool = list(marked)
    flags: list[bool] = []
    for card in hand:
        flags.append(card in pool)
        if flags[-1]:
            pool.remove(card)
    rank = None
    if marked and not st.finished:
        ev = st.evaluate(marked)
        rank = Rank(ev.total, st.target, st.suit, ev.suit_count)
    cards = hand_of(st, seat)
    return PlayerView(
        seat=seat,
        hand=cards,
        public=public_view(st),
        facts=HandFacts(cards, tuple(flags), rank, not st.finished),
    )


def seat_stats(st: CoruscantState) -> dict[int, SeatStats]:
    """Hands played/won, best showdown hand (a :attr:`~.cards.Rank.key`) and biggest pot."""
    return {s: SeatStats(**st.stats[s]) for s in range(st.n)}
