"""Centran Sabacc card movements: drawing (with the §3.7 reshuffle), tabling Wild Fives (§3.4),
fixed-size deals with replacement, and the Sabacc Shift's blind discards and redeal (§3.5).

Every five that leaves the draw deck goes face up to the table at once, credited to the player
who drew it or to nobody (``None``) when it was turned up for the Array (CE-5, CE-9).
"""

from __future__ import annotations

from engine.core.deck import stacker
from engine.core.game import Events
from engine.variants.centran.cards import Card, full_deck
from engine.variants.centran.events import (
    FiveBrothers,
    FiveDrawn,
    FiveTabled,
    ShiftDone,
    ShiftSwapped,
)
from engine.variants.centran.state import CentranState
from engine.variants.twopot.flow import discard_seat as discard_seat  # re-exported
from engine.variants.twopot.flow import draw_card as draw_card  # re-exported

stacked_deck = stacker(Card.parse, full_deck)
"""The draw pile of stacked-deck tests: the notations first, then the other cards of the 78 in
a fixed order."""


def five_brothers(st: CentranState) -> bool:
    """All five Wild Fives are on the table (CE-8)."""
    return len(st.fives) == 5


def last_five_by(st: CentranState) -> int | None:
    """The seat credited with the fifth five (``None``: the Array turned it up)."""
    return st.fives[-1][1] if five_brothers(st) else None


def table_five(st: CentranState, ev: Events, card: Card, credit: int | None) -> None:
    """Put a drawn five face up on the table, credited to ``credit`` (or nobody)."""
    st.fives.append((card, credit))
    who = "" if credit is None else st.players[credit]
    ev.append(FiveTabled(card.notation, who, len(st.fives)))
    if five_brothers(st):
        ev.append(FiveBrothers(who))
    if credit is not None:
        st.notes[credit] = FiveDrawn(card.notation)


def draw_for(st: CentranState, ev: Events, seat: int) -> Card | None:
    """One draw by ``seat`` (gain, advanced draws): a five is tabled and ``None`` returned."""
    card = draw_card(st, ev)
    if card is not None and card.is_five:
        table_five(st, ev, card, seat)
        return None
    return card


def deal_round_robin(st: CentranState, ev: Events, wants: dict[int, int]) -> dict[int, list[Card]]:
    """Deal one card at a time, clockwise from first to act, until every seat of ``wants`` got
    its count; a five is tabled (credited to the receiver) and does not count (§3.4). When the
    deck runs dry, everyone keeps what exists (§3.7). Returns the cards each seat received."""
    order = [s for s in st.hand_order() if s in wants]
    got: dict[int, list[Card]] = {s: [] for s in order}
    while any(len(got[s]) < wants[s] for s in order):
        for s in order:
            if len(got[s]) >= wants[s]:
                continue
            card = draw_card(st, ev)
            if card is None:
                return got
            if card.is_five:
                table_five(st, ev, card, s)
            else:
                got[s].append(card)
                st.hands[s].append(card)
    return got


def turn_for_array(st: CentranState, ev: Events) -> Card | None:
    """Turn cards for the Array until one is not a five (fives are tabled, credited to nobody).
    Returns ``None`` when the fifth five came up (Five Brothers) or no card exists."""
    while True:
        card = draw_card(st, ev)
        if card is None or not card.is_five:
            return card
        table_five(st, ev, card, None)
        if five_brothers(st):
            return None


def sabacc_shift(st: CentranState, ev: Events, k: int) -> None:
    """The Shift (§3.5 steps 3-5): each live player discards ``min(k, non-stasis cards)`` chosen
    uniformly at random, the discards are shuffled into the deck, and replacements are dealt."""
    order = [s for s in st.hand_order() if st.betting.is_live(s)]
    wants: dict[int, int] = {}
    lost: dict[int, list[Card]] = {}
    pile: list[Card] = []
    for s in order:
        wants[s] = min(k, len(st.hands[s]))
        lost[s] = st.rng.sample(st.hands[s], wants[s])
        for card in lost[s]:
            st.hands[s].remove(card)
        pile += lost[s]
    st.draw.shuffle_in(pile, st.rng)
    got = deal_round_robin(st, ev, wants)
    for s in order:
        if wants[s]:
            st.notes[s] = ShiftSwapped(
                tuple(c.notation for c in lost[s]), tuple(c.notation for c in got[s])
            )
    ev.append(ShiftDone(tuple((st.players[s], wants[s]) for s in order)))
