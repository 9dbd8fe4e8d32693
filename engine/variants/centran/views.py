"""Centran Sabacc views: the public table, one seat's private view, and per-seat statistics.

Public (§3.1): the Array (in order), the table fives and who tabled each, card counts, Stasis
Fields, pots, stacks, the last Shift Phase and the last reveal. Cards in the public view use the
compact notation (§1.2). Private: the seat's own hidden cards, with the best value of all its held
cards together with the table fives.
"""

from __future__ import annotations

from engine.core.game import PlayerView, PublicView, SeatView
from engine.variants.centran.actions import pending
from engine.variants.centran.cards import assignment_text, describe, evaluate
from engine.variants.centran.state import CentranState, Phase
from engine.variants.twopot.state import Seat
from engine.variants.twopot.views import seat_stats as seat_stats
from engine.variants.twopot.views import seat_status, table_view

TITLE = "Centran Sabacc"
ROUNDS = 5


def _phase_text(st: CentranState) -> str:
    if st.phase is Phase.GAME_OVER:
        return "Game over"
    name = "Card phase" if st.phase is Phase.CARD else "Betting"
    return f"Hand {st.hand_no} · Round {st.round_no}/{ROUNDS} · {name}"


def _seat_status(st: CentranState, seat: int) -> str:
    commit = st.betting.phase_commit[seat]
    return seat_status(
        st,
        seat,
        dealt=st.dealt[seat],
        over=st.phase is Phase.GAME_OVER,
        flags=(
            (seat == st.dealer, "dealer"),
            (st.betting.is_all_in(seat), "all-in"),
            (st.phase is Phase.BET and bool(commit), f"bet {commit}"),
        ),
    )


def _seat_public(st: CentranState, seat: int) -> str:
    if st.phase is Phase.GAME_OVER or not st.dealt[seat] or not st.betting.is_live(seat):
        return ""
    text = f"{len(st.held(seat))} cards"
    if st.stasis[seat]:
        text += " · stasis: " + ", ".join(c.name for c in st.stasis[seat])
    return text


def fives_text(st: CentranState) -> str:
    """The table fives and who tabled each (``Array`` = turned up for the Array)."""
    return " · ".join(
        f"{card.name} ({'Array' if seat is None else st.players[seat]})" for card, seat in st.fives
    )


def public_view(st: CentranState) -> PublicView:
    """Everything public; never a hidden card."""
    seats = tuple(
        SeatView(
            seat=s,
            player=st.players[s],
            stack=st.stacks[s],
            status=_seat_status(st, s),
            public=_seat_public(st, s),
            active=st.status[s] is Seat.IN,
        )
        for s in range(st.n)
    )
    info: list[tuple[str, str]] = []
    highlight = ""
    if st.phase is not Phase.GAME_OVER:
        info.append(("Dealer", st.players[st.dealer]))
        info.append(("Round", f"{st.round_no}/{ROUNDS}"))
        info.append(("Array", " · ".join(c.name for c in st.array) or "—"))
        info.append(("Wild Fives", f"{len(st.fives)}/5: {fives_text(st)}" if st.fives else "0/5"))
        if st.phase is Phase.BET:
            info.append(("Current bet", str(st.betting.current_bet)))
        info.append(("Draw pile", str(len(st.draw))))
        if st.shift_note:
            info.append(("Last shift", st.shift_note))
            if "SABACC SHIFT" in st.shift_note:
                highlight = "Sabacc Shift! " + st.shift_note.split(" — ")[0] + "."
    return table_view(
        st,
        variant="centran",
        title=TITLE,
        phase=_phase_text(st),
        acting=pending(st),
        seats=seats,
        info=info,
        highlight=highlight,
        finished=st.phase is Phase.GAME_OVER,
    )


def hand_of(st: CentranState, seat: int) -> tuple[str, ...]:
    """``view_for(st, seat).hand`` alone: the hidden cards."""
    return tuple(c.notation for c in (st.hands[seat] if st.hands else []))


def view_for(st: CentranState, seat: int) -> PlayerView:
    """The seat's hidden cards (notation), a readable text, and its best value as notes."""
    hidden = st.hands[seat] if st.hands else []
    field = st.stasis[seat] if st.stasis else []
    notes: list[str] = []
    held = hidden + field
    if held and st.phase is not Phase.GAME_OVER:
        best = evaluate(held, len(st.fives))
        chosen = assignment_text(best, sum(1 for c in held if c.is_ace))
        tail = f" ({chosen})" if chosen else ""
        n = len(st.fives)
        fives = f" with {n} table {'five' if n == 1 else 'fives'}" if n else ""
        notes.append(f"Best now{fives}: {best.label}{tail}")
        if best.bombed:
            notes.append("This hand would bomb out at the reveal (no total within ±23).")
        if field:
            notes.append("Stasis Field: " + describe(field))
    if st.notes and st.notes[seat]:
        notes.append(st.notes[seat])
    text = describe(hidden) if hidden else "no hidden cards"
    if field:
        text += " | stasis: " + describe(field)
    return PlayerView(
        seat=seat,
        hand=hand_of(st, seat),
        hand_text=text,
        notes=tuple(notes),
        public=public_view(st),
    )
