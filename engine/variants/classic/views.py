"""Classic Sabacc views: the public table, one seat's private view, and per-seat statistics.

Public (§3.6): stasis-field cards, card counts, pots, stacks, dice, the caller, the last reveal.
Private: the seat's own hidden cards, with the whole hand's value and name.
"""

from __future__ import annotations

from engine.core.game import PlayerView, PublicView, SeatView
from engine.variants.classic.actions import pending
from engine.variants.classic.cards import describe, evaluate
from engine.variants.classic.state import ClassicState, Phase, Seat
from engine.variants.twopot.views import dice_row, seat_status, table_view
from engine.variants.twopot.views import seat_stats as seat_stats

TITLE = "Classic Sabacc"


def _phase_text(st: ClassicState) -> str:
    if st.phase is Phase.GAME_OVER:
        return "Game over"
    names = {Phase.BET: "Betting", Phase.TRADE: "Trade", Phase.FINAL_TURNS: "Final turns"}
    return f"Hand {st.hand_no} · Round {st.round_no} · {names[st.phase]}"


def _seat_status(st: ClassicState, seat: int) -> str:
    commit = st.betting.phase_commit[seat]
    return seat_status(
        st,
        seat,
        dealt=st.dealt[seat],
        over=st.phase is Phase.GAME_OVER,
        flags=(
            (st.caller == seat, "called"),
            (st.betting.is_all_in(seat), "all-in"),
            (st.phase is Phase.BET and bool(commit), f"bet {commit}"),
            (st.phase in (Phase.TRADE, Phase.FINAL_TURNS) and st.traded[seat], "traded"),
        ),
    )


def _seat_public(st: ClassicState, seat: int) -> str:
    if st.phase is Phase.GAME_OVER or not st.dealt or not st.dealt[seat]:
        return ""
    if not st.betting.is_live(seat):
        return ""
    count = len(st.hands[seat]) + len(st.stasis[seat])
    text = f"{count} cards"
    if st.stasis[seat]:
        text += " · stasis: " + ", ".join(c.name for c in st.stasis[seat])
    return text


def public_view(st: ClassicState) -> PublicView:
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
    if st.phase is not Phase.GAME_OVER:
        info.append(("Starting player", st.players[st.start_seat]))
        info.append(("Round", str(st.round_no)))
        if st.phase is Phase.BET:
            info.append(("Current bet", str(st.betting.current_bet)))
        first_call = st.options.min_call_round
        if st.caller is not None:
            info.append(("Caller", st.players[st.caller]))
        elif st.round_no < first_call:
            info.append(("Call the hand", f"from round {first_call}"))
        else:
            info.append(("Call the hand", "allowed in the Trade phase"))
        info.append(("Draw pile", str(len(st.draw))))
    dice, highlight = dice_row(st.dice, "Last dice", "dice", over=st.phase is Phase.GAME_OVER)
    if dice is not None:
        info.append(dice)
    return table_view(
        st,
        variant="classic",
        title=TITLE,
        phase=_phase_text(st),
        acting=pending(st),
        seats=seats,
        info=info,
        highlight=highlight,
        finished=st.phase is Phase.GAME_OVER,
    )


def hand_of(st: ClassicState, seat: int) -> tuple[str, ...]:
    """``view_for(st, seat).hand`` alone: the hidden cards."""
    return tuple(c.notation for c in (st.hands[seat] if st.hands else []))


def view_for(st: ClassicState, seat: int) -> PlayerView:
    """The seat's hidden cards (notation), a readable text, and its hand value as notes."""
    hidden = st.hands[seat] if st.hands else []
    field = st.stasis[seat] if st.stasis else []
    notes: list[str] = []
    if hidden or field:
        evaluation = evaluate(hidden + field)
        notes.append(f"Total {evaluation.total}: {evaluation.label}")
        if evaluation.bombed:
            notes.append("This hand would bomb out at the reveal (0, over 23 or under −23).")
        if field:
            notes.append("Stasis field: " + describe(field))
    if st.last_drawn and st.last_drawn[seat]:
        notes.append(st.last_drawn[seat])
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
