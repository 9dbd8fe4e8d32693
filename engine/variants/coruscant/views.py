"""Coruscant Shift views: the public table, one seat's private view and per-seat statistics.

Functions of a :class:`~engine.variants.coruscant.state.CoruscantState`; they only read it. The
views carry typed facts (:mod:`engine.variants.coruscant.facts`); the bot's renderer
(``bot/words/coruscant.py``) writes their words.
"""

from __future__ import annotations

from engine.core.game import PlayerView, PublicView, SeatStats, SeatView
from engine.core.pots import layer_amounts
from engine.variants.coruscant.cards import Card, Rank
from engine.variants.coruscant.facts import HandFacts, Place, SeatFacts, TableFacts
from engine.variants.coruscant.state import CoruscantState, Phase

_BETTING = (Phase.BET_1, Phase.BET_2)


def _seat(st: CoruscantState, seat: int, betting: bool) -> SeatFacts:
    bet = st.bet
    if st.left[seat]:
        place = Place.LEFT
    elif not bet.in_hand[seat]:
        place = Place.OUT
    elif bet.folded[seat]:
        place = Place.FOLDED
    else:
        place = Place.LIVE
    chosen = st.choice[seat] is not None if st.phase.selecting else None
    commit = bet.phase_commit[seat] if betting else 0
    all_in = st.stacks[seat] == 0 and not st.finished
    return SeatFacts(place, all_in, chosen, len(st.kept[seat]), commit)


def _pots(st: CoruscantState) -> tuple[tuple[str, int], ...]:
    """The pots keyed by their index (``"0"`` the main pot). During a hand one pot, cut only at
    the all-in amounts (a bet still open is no side pot yet) plus what two live seats above them
    both put in; the settlement layers it anew."""
    bet = st.bet
    live = bet.live_seats()
    levels = [bet.contributions[s] for s in live if bet.is_all_in(s)]
    reached = sorted((bet.contributions[s] for s in live), reverse=True)
    if levels and len(reached) > 1 and reached[1] > max(levels):
        levels.append(reached[1])  # above every all-in, matched by at least two live seats
    layers = layer_amounts(bet.contributions, levels)
    return tuple((str(index), amount) for index, amount in enumerate(layers))


def public_view(st: CoruscantState) -> PublicView:
    """The table: stacks, seats, pots, dice and who acts (never a hidden card)."""
    bet = st.bet
    betting = st.phase in _BETTING
    stacks = st.stacks
    seats = tuple(
        SeatView(
            seat=s,
            player=st.seat_players[s],
            stack=stacks[s],
            active=not st.left[s] and (stacks[s] > 0 or bet.is_live(s)),
        )
        for s in range(st.n)
    )
    return PublicView(
        variant=st.VARIANT,
        title="",
        phase="",
        hand_no=st.hand_no,
        acting=tuple(sorted(st.pending_seats())),
        seats=seats,
        pots=() if st.finished else _pots(st),
        finished=st.finished,
        facts=TableFacts(
            phase=st.phase,
            hand_no=st.hand_no,
            target=st.target,
            suit=st.suit,
            ante=st.ante,
            starter=st.seat_players[st.start_seat],
            current_bet=bet.current_bet,
            seats=tuple(_seat(st, s, betting) for s in range(st.n)),
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
