"""View pieces shared by the two-pot family (Classic, Centran, Project).

Each variant draws its own seats, phase text and info lines; the closing of the public view (the
last hand's result line, the two pots, the :class:`~engine.core.game.PublicView` itself) and the
per-seat statistics are the same for all three and live here, with the public view of the
variants whose views speak facts (:func:`fact_view`, the pots' keys :data:`HAND_POT` and
:data:`SABACC_POT`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from engine.core.facts import Fact
from engine.core.game import PublicView, SeatStats, SeatView
from engine.variants.twopot.state import AnyTwoPot, Seat

__all__ = ["HAND_POT", "SABACC_POT", "fact_view", "seat_stats", "seat_status", "table_view"]

HAND_POT, SABACC_POT = "hand", "sabacc"
"""The two pots' keys in a public view that speaks facts (the bot's words name them)."""


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


# one shared instance per value: views are built after every action, mostly of the same seats
_seat_view = lru_cache(maxsize=4096)(SeatView)


def fact_view(
    st: AnyTwoPot, *, variant: str, acting: frozenset[int], finished: bool, facts: Fact
) -> PublicView:
    """The public view of a variant that speaks facts: the seats' data, the pots under their
    keys (:data:`HAND_POT`, :data:`SABACC_POT`) and the variant's ``facts``; the text fields
    stay empty (the bot's words write them)."""
    players, stacks = st.players, st.betting.stacks
    return PublicView(
        variant=variant,
        title="",
        phase="",
        hand_no=st.hand_no,
        acting=tuple(sorted(acting)),
        seats=tuple(
            _seat_view(s, players[s], stacks[s], "", "", place is Seat.IN)
            for s, place in enumerate(st.status)
        ),
        pots=((HAND_POT, st.betting.pot_total), (SABACC_POT, st.sabacc_pot)),
        finished=finished,
        facts=facts,
    )
