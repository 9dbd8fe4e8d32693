"""View pieces shared by the two-pot family (Classic, Centran, Project, Corellian Spike).

Every variant of the family speaks facts: its public view is built here (:func:`fact_view`: the
seats' data, the pots under their keys :data:`HAND_POT` and :data:`SABACC_POT`, the variant's
table facts), with the seat facts they share (:class:`SeatFacts`) and the per-seat statistics;
the bot's words write the text fields.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass

from engine.core.facts import Fact
from engine.core.game import PublicView, SeatStats, SeatView
from engine.variants.twopot.state import AnyTwoPot, Seat

__all__ = [
    "HAND_POT",
    "SABACC_POT",
    "SeatFacts",
    "fact_view",
    "hand_of",
    "seat_stats",
    "seat_views",
]

HAND_POT, SABACC_POT = "hand", "sabacc"  # the pots' keys in a public view speaking facts


@dataclass(frozen=True, slots=True)
class SeatFacts(Fact):
    """What everyone sees of one seat in a family variant speaking facts (Centran, the Sabacc
    Project): its place in the game, whether it was dealt in and is still live, whether it
    deals and is all-in, its bet in this phase and how many cards it holds. A variant's seat
    fact adds its face-up cards."""

    place: Seat
    dealt: bool
    live: bool
    dealer: bool
    all_in: bool
    commit: int
    cards: int


_BARE = functools.lru_cache(maxsize=4096)(SeatView)  # equal seats share one instance


def fact_view(
    st: AnyTwoPot, variant: str, acting: Iterable[int], facts: Fact, *, over: bool
) -> PublicView:
    """The public view of a variant speaking facts: its data (hand, who acts, the seats' data,
    both pots by key, ``over``) and its table ``facts``; its words write the text fields."""
    pots = ((HAND_POT, st.betting.pot_total), (SABACC_POT, st.sabacc_pot))
    acts = tuple(sorted(acting))
    seats = seat_views(st)
    return PublicView(
        variant, "", "", st.hand_no, acts, seats, "credits", pots, (), "", over, facts
    )


def hand_of(st: AnyTwoPot, seat: int) -> tuple[str, ...]:
    """``view_for(st, seat).hand`` alone: the seat's hidden cards (notation), without building
    the whole view (the table runtime asks after every action). The Sabacc Project, which hides
    its Interference Field from this list, keeps its own."""
    return tuple(c.notation for c in (st.hands[seat] if st.hands else []))


def seat_views(st: AnyTwoPot) -> tuple[SeatView, ...]:
    """The seats' data (seat, player, stack, in the game) of a variant speaking facts: its words
    write the status and public text. A seat that did not change is the same instance, and so
    is the whole tuple while no seat changed (one look-up per view)."""
    return _seats_of(tuple(st.players), tuple(st.stacks), tuple([s is Seat.IN for s in st.status]))


@functools.lru_cache(maxsize=1024)
def _seats_of(
    players: tuple[str, ...], stacks: tuple[int, ...], active: tuple[bool, ...]
) -> tuple[SeatView, ...]:
    return tuple(
        _BARE(s, player, stack, "", "", on)
        for s, (player, stack, on) in enumerate(zip(players, stacks, active, strict=True))
    )


def seat_stats(st: AnyTwoPot) -> dict[int, SeatStats]:
    """Hands played/won, best revealed hand (label + score), biggest amount won in one hand."""
    return {
        s: SeatStats(r.hands_played, r.hands_won, r.best_hand, r.best_score, r.biggest_pot)
        for s, r in enumerate(st.stats)
    }
