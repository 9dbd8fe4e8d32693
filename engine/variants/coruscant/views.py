"""What the table platform draws for Coruscant Shift: action specs, previews and views.

Functions of a :class:`~engine.variants.coruscant.state.CoruscantState` (a
:class:`~engine.variants.coruscant.game.CoruscantGame` is one); they only read it.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.betting_specs import bet_specs
from engine.core.game import (
    Action,
    ActionSpec,
    IllegalAction,
    Option,
    ParamKind,
    PlayerView,
    PublicView,
    SeatStats,
    SeatView,
)
from engine.core.pots import layer_amounts
from engine.variants.coruscant.cards import (
    SYLOP_ALIAS_SEP,
    Card,
    Evaluation,
    evaluate_cards,
    format_target,
)
from engine.variants.coruscant.events import pot_names
from engine.variants.coruscant.state import CoruscantState, Phase

_PHASE_TITLES = {
    "r1_select": "Round 1 · selection",
    "r1_bet": "Round 1 · betting",
    "r2_select": "Round 2 · selection",
    "r2_bet": "Round 2 · betting",
    "game_over": "Game over",
}


def _cards_word(n: int) -> str:
    return "card" if n == 1 else "cards"


def describe(ev: Evaluation, game: CoruscantState) -> str:
    """``Total +4 · distance 1 from +5 · 2 ● cards``."""
    return (
        f"Total {format_target(ev.total)} · distance {ev.distance} from "
        f"{format_target(game.target)} · {ev.suit_count} {game.suit.glyph} "
        f"{_cards_word(ev.suit_count)}"
    )


def _evaluate(game: CoruscantState, cards: Sequence[Card]) -> Evaluation:
    wild = game.opts.sylop_counts_as_target_suit
    return evaluate_cards(cards, game.target, game.suit, sylop_wild=wild)


# ---------------------------------------------------------------------- action specs


def select_spec(game: CoruscantState, seat: int) -> ActionSpec:
    """The card select of a selection phase (option values are unique: ``sylop``, ``sylop#2``)."""
    options: list[Option] = []
    sylops = 0
    kept = list(game.kept[seat]) if game.phase.round_no == 2 else []
    for card in game.hands[seat]:
        value = card.notation
        if card.is_sylop:
            sylops += 1
            value = "sylop" if sylops == 1 else f"sylop{SYLOP_ALIAS_SEP}{sylops}"
            desc = "Sylop: 0, wild for the suit"
        else:
            desc = str(card.suit).title() if card.suit is not None else ""
        if card in kept:
            kept.remove(card)
            desc += " · kept in round 1"
        options.append(Option(value=value, label=card.display, description=desc))
    lock = game.opts.lock_first_selection and game.phase.round_no == 2
    prompt = (
        f"Choose 1–{len(options)} cards. Target {format_target(game.target)} · "
        f"{game.suit.glyph} {game.suit.value}." + (" Round-1 cards are locked in." if lock else "")
    )
    return ActionSpec(
        kind="select",
        label="Choose cards",
        param=ParamKind.CHOICE,
        options=tuple(options),
        min_choices=1,
        max_choices=len(options),
        style="primary",
        prompt=prompt,
    )


def betting_specs(game: CoruscantState, seat: int) -> tuple[ActionSpec, ...]:
    """One control per legal betting option of the seat to act (the shared betting controls)."""
    return bet_specs(game.bet.options(seat), game.stacks[seat])


def preview(game: CoruscantState, seat: int, action: Action) -> str:
    """Running total of a card choice, or what a bet would cost; ``""`` otherwise."""
    if seat not in game.pending_seats():
        return ""
    if game.phase.selecting:
        try:
            cards = game.parse_choice(seat, action.choices)
        except IllegalAction:
            return ""
        return describe(_evaluate(game, cards), game)
    stack, commit = game.stacks[seat], game.bet.phase_commit[seat]
    amount = action.amount or 0
    if action.kind == "bet" and 0 < amount <= stack:
        return f"Bet {amount} · {stack - amount} left behind"
    if action.kind == "raise" and commit < amount <= commit + stack:
        return f"Raise to {amount} (puts in {amount - commit}) · {stack + commit - amount} left"
    if action.kind == "call":
        pay = min(game.bet.to_call(seat), stack)
        return f"Call {pay} · {stack - pay} left behind"
    if action.kind == "all_in":
        return f"All-in: {stack} more, {commit + stack} this round"
    return ""


# ---------------------------------------------------------------------- views


def _status(game: CoruscantState, seat: int) -> str:
    if game.left[seat]:
        return "left"
    bet = game.bet
    if not bet.in_hand[seat]:
        return "out"
    if bet.folded[seat]:
        return "folded"
    parts: list[str] = []
    if game.stacks[seat] == 0 and not game.finished:
        parts.append("all-in")
    if game.phase.selecting:
        parts.append("confirmed" if game.choice[seat] is not None else "choosing")
    elif game.kept[seat]:
        n = len(game.kept[seat])
        parts.append(f"kept {n} {_cards_word(n)}")
    return " · ".join(parts)


def public_view(game: CoruscantState) -> PublicView:
    """The table message: stacks, statuses, pots, dice and who acts."""
    bet = game.bet
    betting = game.phase in (Phase.BET_1, Phase.BET_2)
    seats = tuple(
        SeatView(
            seat=s,
            player=game.players[s],
            stack=game.stacks[s],
            status="" if game.finished and not game.left[s] else _status(game, s),
            public=f"bet {bet.phase_commit[s]}" if betting and bet.phase_commit[s] else "",
            active=not game.left[s] and (game.stacks[s] > 0 or bet.is_live(s)),
        )
        for s in range(game.n)
    )
    pots: tuple[tuple[str, int], ...] = ()
    info: tuple[tuple[str, str], ...] = ()
    highlight = ""
    if not game.finished:
        # During a hand one pot, cut only at the all-in amounts (a bet still open is no side pot
        # yet) plus what two live seats above them both put in; the settlement layers it anew.
        live = bet.live_seats()
        levels = [bet.contributions[s] for s in live if bet.is_all_in(s)]
        reached = sorted((bet.contributions[s] for s in live), reverse=True)
        if levels and len(reached) > 1 and reached[1] > max(levels):
            levels.append(reached[1])  # above every all-in, matched by at least two live seats
        layers = layer_amounts(bet.contributions, levels)
        pots = tuple(zip(pot_names(len(layers)), layers, strict=True))
        info = (
            ("Target", format_target(game.target)),
            ("Suit", f"{game.suit.glyph} {game.suit.value}"),
            ("Ante", str(game.ante)),
            ("Starting player", game.players[game.start_seat]),
        )
        if bet.current_bet:
            info += (("Current bet", str(bet.current_bet)),)
        highlight = (
            f"🎯 Target {format_target(game.target)} · {game.suit.glyph} {game.suit.title()}"
        )
    hand_part = f" — hand {game.hand_no}" if game.hand_no else ""
    return PublicView(
        variant=game.VARIANT,
        title=f"Coruscant Shift{hand_part}",
        phase=_PHASE_TITLES[game.phase.value],
        hand_no=game.hand_no,
        acting=tuple(sorted(game.pending_seats())),
        seats=seats,
        pots=pots,
        info=info,
        highlight=highlight,
        finished=game.finished,
    )


def _marked(game: CoruscantState, seat: int) -> list[Card]:
    chosen = game.choice[seat]
    if chosen is not None:
        return list(chosen)
    if game.phase.round_no == 2 or not game.phase.selecting:
        return list(game.kept[seat])
    return []


def hand_of(game: CoruscantState, seat: int) -> tuple[str, ...]:
    """``view_for(game, seat).hand`` alone."""
    return tuple(c.notation for c in game.hands[seat])


def view_for(game: CoruscantState, seat: int) -> PlayerView:
    """The seat's own cards, its marked selection and the running total."""
    hand = game.hands[seat]
    marked = _marked(game, seat)
    pool = list(marked)
    shown: list[str] = []
    for card in hand:
        if card in pool:
            pool.remove(card)
            shown.append(f"[{card.display}]")
        else:
            shown.append(card.display)
    notes: list[str] = []
    if marked and not game.finished:
        notes.append(f"Selection: {describe(_evaluate(game, marked), game)}")
    if hand and not game.finished:
        notes.append("[ ] = selected" if marked else "Nothing selected yet")
    return PlayerView(
        seat=seat,
        hand=hand_of(game, seat),
        hand_text="  ".join(shown) if shown else "(no cards)",
        notes=tuple(notes),
        public=public_view(game),
    )


def seat_stats(game: CoruscantState) -> dict[int, SeatStats]:
    """Hands played/won, best showdown hand and biggest pot per seat."""
    return {s: SeatStats(**game.stats[s]) for s in range(game.n)}
