"""View pieces shared by the two-pot family (Classic, Centran, Project, Corellian Spike).

Each variant draws its own seats, phase text and info lines; the closing of the public view (the
last hand's result line, the two pots, the :class:`~engine.core.game.PublicView` itself) and the
per-seat statistics are the same for all three and live here, with the public view of the
variants whose views speak facts (:func:`fact_view`, the pots' keys :data:`HAND_POT` and
:data:`SABACC_POT`).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.core.facts import Fact
from engine.core.game import PublicView, SeatStats, SeatView
from engine.variants.twopot.state import AnyTwoPot, Seat

__all__ = [
    "HAND_POT",
    "SABACC_POT",
    "SeatFacts",
    "fact_view",
    "seat_stats",
    "seat_status",
    "seat_views",
    "table_view",
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


def seat_views(st: AnyTwoPot) -> tuple[SeatView, ...]:
    """The seats' data (seat, player, stack, in the game) of a variant speaking facts: its words
    write the status and public text. A seat that did not change is the same instance."""
    stacks, status, players = st.stacks, st.status, st.players
    return tuple(_BARE(s, players[s], stacks[s], "", "", status[s] is Seat.IN) for s in range(st.n))


def seat_stats(st: AnyTwoPot) -> dict[int, SeatStats]:
    """Hands played/won, best revealed hand (label + score), biggest amount won in one hand."""
    return {
        s: SeatStats(r.hands_played, r.hands_won, r.best_hand, r.best_score, r.biggest_pot)
        for s, r in enumerate(st.stats)
    }


def seat_status(
    st: AnyTwoPot,
    seat: int,
    *,
    dealt: bool,
    over: bool,
    flags: Iterable[tuple[bool, str]],
) -> str:
    """A seat's status on the table: ``left``, ``out`` or ``folded``, else the labels of its
    ``flags`` that hold (comma-separated, in the variant's order); nothing once the game is over."""
    if st.status[seat] is Seat.LEFT:
        return "left"
    if st.status[seat] is Seat.OUT:
        return "out"
    if over:
        return ""
    if not dealt or not st.betting.is_live(seat):
        return "folded"
    return ", ".join(label for on, label in flags if on)


def table_view(
    st: AnyTwoPot,
    *,
    variant: str,
    title: str,
    phase: str,
    acting: frozenset[int],
    seats: Sequence[SeatView],
    info: list[tuple[str, str]],
    highlight: str,
    finished: bool,
    hand_pot: str = "Hand pot",
) -> PublicView:
    """The public view: adds the last hand's result (info line, highlight when there is none
    yet) and shows the hand pot (named ``hand_pot``) and the Sabacc pot."""
    if st.last_result:
        info.append(("Last hand", st.last_result[-1]))
        highlight = highlight or st.last_result[-1]
    return PublicView(
        variant=variant,
        title=title,
        phase=phase,
        hand_no=st.hand_no,
        acting=tuple(sorted(acting)),
        seats=tuple(seats),
        pots=((hand_pot, st.betting.pot_total), ("Sabacc pot", st.sabacc_pot)),
        info=tuple(info),
        highlight=highlight,
        finished=finished,
    )
