"""Classic Sabacc's words: its events, table, private hand, controls, previews and hand names,
written from the engine's facts (:mod:`engine.variants.classic.events`,
:mod:`engine.variants.classic.views`, :mod:`engine.variants.classic.actions`). The two-pot
family's shared words are :mod:`bot.words.twopot`'s."""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar

from bot.words.base import EventText
from bot.words.twopot import (
    Info,
    Seats,
    TwoPotWords,
    dice_row,
    joined,
    seat_status,
    uncontested,
)
from engine.core.facts import Fact
from engine.core.game import ActionSpec, Option, SeatView
from engine.variants.classic import events as ev
from engine.variants.classic.actions import CallPreview, ChangePreview, GainPreview, StasisPreview
from engine.variants.classic.cards import Card, CardError, Category, HandEval, full_deck
from engine.variants.classic.state import Phase
from engine.variants.classic.views import HAND_POT, ClassicHand, ClassicSeat, ClassicTable
from engine.variants.twopot.cards import minus, signed
from engine.variants.twopot.events import Worded

PHASES = {Phase.BET: "Betting", Phase.TRADE: "Trade", Phase.FINAL_TURNS: "Final turns"}
POTS = {HAND_POT: "Hand pot", "sabacc": "Sabacc pot"}
CONTROLS = {  # kind -> (label, prompt)
    "gain": ("Gain (draw a card)", ""),
    "change": ("Change a card", "Which card do you discard before drawing?"),
    "stand": ("Stand", ""),
    "end_turn": ("End turn", ""),
    "call_hand": ("Call the hand", ""),
    "stasis": ("Put in stasis", "Which card goes face up into your stasis field?"),
    "unstasis": ("Take from stasis", "Which stasis card goes back into your hand?"),
}


_NAMES = {card.notation: card.name for card in full_deck()}


def card_name(notation: str) -> str:
    """A card's readable name (``queen#2`` → ``Queen of Air and Darkness (−2)``)."""
    return _NAMES.get(notation) or Card.parse(notation).name


def shown(notation: str) -> str:
    """A card as a reveal shows it; ``""`` (no card left to draw) reads ``no card``."""
    try:
        return card_name(notation)
    except CardError:
        return notation or "no card"


def describe(notations: tuple[str, ...]) -> str:
    """Cards by name (``no cards`` when empty)."""
    return ", ".join(map(card_name, notations)) if notations else "no cards"


def hand_label(hand: HandEval) -> str:
    """A hand's name: ``Idiot's Array``, ``Pure Sabacc −23``, ``Nulhrek 22``, …"""
    if hand.category is Category.IDIOTS_ARRAY:
        return "Idiot's Array"
    if hand.category is Category.PURE_SABACC:
        return f"Pure Sabacc {signed(hand.total)}"
    if hand.category is Category.FAIRY_EMPRESS:
        return "The Fairy Empress"
    if hand.category is Category.NULHREK:
        return f"Nulhrek {signed(hand.total)}"
    return f"Bomb-out ({signed(hand.total)})"


def decided(e: ev.HandDecided | Worded) -> str:
    """Why the hand went the way it did."""
    if isinstance(e, Worded):
        return e.text
    who, why = joined(e.winners), e.why
    if why is ev.Why.UNCONTESTED:
        return uncontested(who)
    if why is ev.Why.ALL_BOMBED_IN_DEMISE:
        return "Every tied player bombed out in Sudden Demise: the main pot goes to the Sabacc pot"
    if why is ev.Why.NO_VALID_HAND:
        return "No valid hand: the hand pot goes to the Sabacc pot"
    if e.tied_at is not None:
        tie = f"{joined(e.tied)} tied at {hand_label(e.tied_at)}"
        if why is ev.Why.TIED_BOMBED:
            return f"{who} wins: {tie}, and every tied player bombed out in Sudden Demise"
        if why is ev.Why.TIE_STANDS:
            return f"{who} split the pot: {tie} and the tie stands (no card left for Sudden Demise)"
        plural = "" if e.steps == 1 else "s"
        return f"{who} won by Sudden Demise: {tie}; {e.steps} draw step{plural} broke the tie"
    if why is ev.Why.EXACT_TIE:
        return f"{who} tie exactly and split the pot"
    assert e.best is not None
    best = hand_label(e.best)
    if why is ev.Why.ONLY_VALID or e.runner is None:
        return f"{who} holds the only valid hand ({best})"
    runner = hand_label(e.runner)
    if why is ev.Why.OUTRANKS:
        return f"{who}: {best} outranks {runner}"
    if why is ev.Why.CLOSER:
        assert e.best.rank_key is not None and e.runner.rank_key is not None
        away = f"({e.best.rank_key[1]} vs {e.runner.rank_key[1]} away)"
        return f"{who}: {best} is closer to ±23 than {runner} {away}"
    return f"{who}: at equal distance the negative total wins ({best} over {runner})"


def _traded(e: ev.Traded) -> str:
    verb = {"gain": "gains a card", "change": "changes a card"}.get(e.action, "stands")
    return f"{e.player} {verb} ({e.cards_held} cards)."


def _called(e: ev.HandCalled) -> str:
    turns = "turn" if e.final_turns == 1 else "turns"
    return (
        f"{e.player} CALLS THE HAND. {e.final_turns} final trade {turns}, then the reveal. "
        "(A caller who does not win bombs out.)"
    )


def _revealed(e: ev.Revealed) -> str:
    who = f"{e.player} (caller)" if e.caller else e.player
    cards = ", ".join(map(shown, e.cards))
    return f"{who} reveals {cards} — total {e.hand.total}: {hand_label(e.hand)}."


def _draw_hand(hand: HandEval | ev.TieStands) -> str:
    return hand_label(hand) if isinstance(hand, HandEval) else "tie stands"


EVENTS: dict[type, EventText] = {
    ev.HandStarted: lambda e: (
        f"Hand {e.hand_no}: {e.starter} starts. {e.players} players ante {e.hand_ante} + "
        f"{e.sabacc_ante} (hand pot {e.hand_pot}, Sabacc pot {e.sabacc_pot}). Two cards dealt to "
        "each player."
    ),
    ev.Traded: _traded,
    ev.HandCalled: _called,
    ev.DiceRolled: lambda e: (
        f"Dice (round {e.round_no}): {e.die1} and {e.die2}"
        + (" — doubles: SABACC SHIFT!" if e.shift else " — no shift.")
    ),
    ev.ShiftDone: lambda e: (
        "Sabacc Shift: non-stasis cards discarded and redealt ("
        + ", ".join(f"{p} {k}" for p, k in e.counts)
        + ")."
    ),
    ev.Revealed: _revealed,
    ev.HandDecided: decided,
}


def _status(seat: ClassicSeat, phase: Phase) -> str:
    flags = (
        (seat.called, "called"),
        (seat.all_in, "all-in"),
        (phase is Phase.BET and bool(seat.commit), f"bet {seat.commit}"),
        (phase in (Phase.TRADE, Phase.FINAL_TURNS) and seat.traded, "traded"),
    )
    over = phase is Phase.GAME_OVER
    return seat_status(seat.place, dealt=seat.dealt, live=seat.live, over=over, flags=flags)


def _public(seat: ClassicSeat, phase: Phase) -> str:
    if phase is Phase.GAME_OVER or not seat.dealt or not seat.live:
        return ""
    text = f"{seat.cards} cards"
    if seat.stasis:
        text += " · stasis: " + ", ".join(map(card_name, seat.stasis))
    return text


def _info(t: ClassicTable) -> tuple[list[tuple[str, str]], str]:
    """The info lines and the highlight."""
    over = t.phase is Phase.GAME_OVER
    info: list[tuple[str, str]] = []
    if not over:
        info.append(("Starting player", t.starter))
        info.append(("Round", str(t.round_no)))
        if t.phase is Phase.BET:
            info.append(("Current bet", str(t.current_bet)))
        if t.caller is not None:
            info.append(("Caller", t.caller))
        elif t.round_no < t.min_call_round:
            info.append(("Call the hand", f"from round {t.min_call_round}"))
        else:
            info.append(("Call the hand", "allowed in the Trade phase"))
        info.append(("Draw pile", str(t.draw_pile)))
    dice, highlight = dice_row(t.dice, "dice", over=over)
    if dice is not None:
        info.append(dice)
    if t.decided is not None:
        last = decided(t.decided)
        info.append(("Last hand", last))
        highlight = highlight or last
    return info, highlight


def _notes(own: ClassicHand) -> tuple[str, ...]:
    notes: list[str] = []
    if own.hand is not None:
        notes.append(f"Total {own.hand.total}: {hand_label(own.hand)}")
        if own.hand.bombed:
            notes.append("This hand would bomb out at the reveal (0, over 23 or under −23).")
        if own.stasis:
            notes.append("Stasis field: " + describe(own.stasis))
    note = own.note
    if isinstance(note, ev.Drew):
        notes.append(f"You drew {card_name(note.card)}.")
    elif isinstance(note, ev.ShiftDealt):
        notes.append("Sabacc Shift dealt you " + ", ".join(map(card_name, note.cards)))
    elif isinstance(note, Worded):
        notes.append(note.text)
    return tuple(notes)


def card_option(option: Option) -> Option:
    """A card option's words: the card's name and its value (Classic's deck, also the
    Project's)."""
    if option.label:
        return option
    card = Card.parse(option.value)
    return Option(option.value, card.name, f"value {minus(card.value)}")


class ClassicWords(TwoPotWords):
    """The renderer of Classic Sabacc."""

    variant: ClassVar[str] = "classic"
    events: ClassVar[dict[type, EventText]] = EVENTS
    title: ClassVar[str] = "Classic Sabacc"
    pots: ClassVar[dict[str, str]] = POTS
    table_facts: ClassVar[type | None] = ClassicTable
    hand_facts: ClassVar[type | None] = ClassicHand
    rank_type: ClassVar[type | None] = HandEval
    categories: ClassVar[type[StrEnum] | None] = Category
    controls: ClassVar[dict[str, tuple[str, str]]] = CONTROLS

    def __init__(self) -> None:
        super().__init__()
        self.words[ev.SuddenDemiseDrew] = self.sudden_demise

    def card_name(self, notation: str) -> str:
        """A Classic card's readable name."""
        return card_name(notation)

    def sudden_demise(self, e: ev.SuddenDemiseDrew) -> str:
        """One Sudden-Demise step: the face-up draws and the hands they make."""
        parts = "; ".join(
            f"{d.player} draws {shown(d.card)} → {_draw_hand(d.hand)}" for d in e.draws
        )
        return f"Sudden Demise for the {self.pot_name(e.pot, e.pots)}: {parts}."

    def write_table(self, t: Fact, seats: tuple[SeatView, ...]) -> tuple[str, Seats, Info, str]:
        """The phase, seats, info lines and highlight of a :class:`ClassicTable`."""
        assert isinstance(t, ClassicTable)
        info, highlight = _info(t)
        written = tuple(
            SeatView(s.seat, s.player, s.stack, _status(f, t.phase), _public(f, t.phase), s.active)
            for s, f in zip(seats, t.seats, strict=True)
        )
        over = t.phase is Phase.GAME_OVER
        phase = (
            "Game over" if over else f"Hand {t.hand_no} · Round {t.round_no} · {PHASES[t.phase]}"
        )
        return phase, written, info, highlight

    def write_hand(self, own: Fact) -> tuple[str, tuple[str, ...]]:
        """A seat's hidden cards, stasis field, hand value and last private note."""
        assert isinstance(own, ClassicHand)
        text = describe(own.hidden) if own.hidden else "no hidden cards"
        if own.stasis:
            text += " | stasis: " + describe(own.stasis)
        return text, _notes(own)

    def options(self, spec: ActionSpec) -> tuple[Option, ...]:
        """Card options: each card's name and value."""
        return tuple(map(card_option, spec.options))

    def preview(self, preview: str | Fact) -> str:
        """The private line about a trade choice, a call or a bet."""
        if isinstance(preview, ChangePreview):
            name = card_name(preview.card)
            return f"Without {name} your cards total {preview.rest}; then you draw one card."
        if isinstance(preview, GainPreview):
            return f"Your cards total {preview.total}; you add one more card."
        if isinstance(preview, StasisPreview):
            name = card_name(preview.card)
            if preview.into_field:
                return f"{name} goes face up into your stasis field (safe from a Sabacc Shift)."
            return f"{name} goes back into your hidden hand."
        if isinstance(preview, CallPreview):
            label = hand_label(preview.hand)
            return f"You hold {label}. Everyone else gets a last turn; lose and you bomb out."
        return super().preview(preview)

    def rank_label(self, hand: Fact) -> str:
        """A Classic hand's name."""
        assert isinstance(hand, HandEval)
        return hand_label(hand)

    def hand_name(self, hand: str | Fact) -> str:
        """A hand's name (a Sudden-Demise draw that left the tie standing says so)."""
        return "tie stands" if isinstance(hand, ev.TieStands) else super().hand_name(hand)


WORDS = ClassicWords()
