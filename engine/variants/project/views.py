"""Sabacc Project views: the public table, one seat's private view, and per-seat statistics.

Public: card counts, Interference-Field cards (face up), both pots, stacks, dealer and starting
player, the round and whether the hand may be called, the idle counter, the draw pile, Shift news
and the last hand's result. Private: the seat's own hidden cards, the whole hand's value and name,
which cards the last Shift changed, and the card it last drew.

P-impl-7: like Classic's stasis cards, :attr:`PlayerView.hand` lists the hidden cards only (plain
notation); field cards are public (``SeatView.public``) and are added in ``hand_text`` and
``notes``.
"""

from __future__ import annotations

from engine.core.game import PlayerView, PublicView, SeatView
from engine.variants.project.actions import pending
from engine.variants.project.cards import describe, evaluate
from engine.variants.project.state import BET_PHASES, Phase, ProjectState, Seat
from engine.variants.twopot.views import seat_stats as seat_stats
from engine.variants.twopot.views import seat_status, table_view

TITLE = "Sabacc Project"
SHIFT_MARK = " ⟲"  # after a card name the last Sabacc Shift changed


def _phase_text(st: ProjectState) -> str:
    if st.phase is Phase.GAME_OVER:
        return "Game over"
    if st.phase is Phase.OPEN_BET:
        return f"Hand {st.hand_no} · Opening betting"
    if st.phase is Phase.FINAL_BET:
        return f"Hand {st.hand_no} · Final betting"
    what = "Draw" if st.phase is Phase.DRAW else "Betting"
    return f"Hand {st.hand_no} · Round {st.round_no} · {what}"


def _seat_status(st: ProjectState, seat: int) -> str:
    commit = st.betting.phase_commit[seat]
    return seat_status(
        st,
        seat,
        dealt=st.dealt[seat],
        over=st.phase is Phase.GAME_OVER,
        flags=(
            (seat == st.dealer, "dealer"),
            (st.caller == seat, "called"),
            (st.betting.is_all_in(seat), "all-in"),
            (st.phase in BET_PHASES and bool(commit), f"bet {commit}"),
        ),
    )


def _seat_public(st: ProjectState, seat: int) -> str:
    if st.phase is Phase.GAME_OVER or not st.dealt or not st.dealt[seat]:
        return ""
    if not st.betting.is_live(seat) or not st.hands[seat]:
        return ""
    text = f"{len(st.hands[seat])} cards"
    if st.fields[seat]:
        text += " · field: " + ", ".join(c.name for c in st.field_cards(seat))
    return text


def _info(st: ProjectState) -> list[tuple[str, str]]:
    info: list[tuple[str, str]] = []
    if st.phase is Phase.GAME_OVER:
        return info
    opts = st.options
    info.append(("Dealer", st.players[st.dealer]))
    info.append(("Starting player", st.players[st.start_seat]))
    info.append(("Round", str(st.round_no)))
    if st.phase in BET_PHASES:
        info.append(("Current bet", str(st.betting.current_bet)))
    if st.caller is not None:
        info.append(("Caller", st.players[st.caller]))
    elif st.round_no <= opts.pot_building_rounds:
        info.append(("Call the hand", f"from round {opts.pot_building_rounds + 1}"))
    else:
        info.append(("Call the hand", "allowed on a draw turn"))
    if opts.idle_call_limit is not None:
        info.append(("Stands in a row", f"{st.idle}/{opts.idle_call_limit}"))
    info.append(("Draw pile", str(len(st.draw))))
    chance = f"{round(opts.shift_probability * 100)}% after each betting round"
    info.append(("Sabacc Shift", f"{st.shifts} this hand · {chance}"))
    return info


def public_view(st: ProjectState) -> PublicView:
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
    info = _info(st)
    highlight = ""
    if st.shift_note and st.phase is not Phase.GAME_OVER:
        info.append(("Last Shift", st.shift_note))
        if st.shift_fresh:
            highlight = st.shift_note
    return table_view(
        st,
        variant="project",
        title=TITLE,
        phase=_phase_text(st),
        acting=pending(st),
        seats=seats,
        info=info,
        highlight=highlight,
        finished=st.phase is Phase.GAME_OVER,
        hand_pot="Main Pot",
    )


def hand_of(st: ProjectState, seat: int) -> tuple[str, ...]:
    """``view_for(st, seat).hand`` alone: the cards outside the Interference Field."""
    hand = st.hands[seat] if st.hands else []
    protected = set(st.fields[seat]) if st.fields else set()
    return tuple(hand[i].plain for i in range(len(hand)) if i not in protected)


def view_for(st: ProjectState, seat: int) -> PlayerView:
    """The seat's hidden cards (notation), a readable text, and its hand value as notes."""
    hand = st.hands[seat] if st.hands else []
    protected = set(st.fields[seat]) if st.fields else set()
    marked = set(st.shifted[seat]) if st.shifted else set()
    field = [hand[i] for i in st.fields[seat]] if st.fields else []
    notes: list[str] = []
    if hand:
        evaluation = evaluate(hand)
        notes.append(f"Total {evaluation.total}: {evaluation.label}")
        if evaluation.bombed:
            notes.append("This hand would bomb out at the reveal (0, over +23 or under −23).")
        if field:
            notes.append("Interference Field (face up): " + describe(field))
    if st.notes and st.notes[seat]:
        notes.append(st.notes[seat])
    names = [
        hand[i].name + (SHIFT_MARK if i in marked else "")
        for i in range(len(hand))
        if i not in protected
    ]
    text = ", ".join(names) if names else "no hidden cards"
    if field:
        text += " | field: " + describe(field)
    return PlayerView(
        seat=seat,
        hand=hand_of(st, seat),
        hand_text=text,
        notes=tuple(notes),
        public=public_view(st),
    )
