"""The Sabacc Project's words: its events, table, private hand, controls, previews and hand
names, written from the engine's facts (:mod:`engine.variants.project.events`,
:mod:`engine.variants.project.views`, :mod:`engine.variants.project.actions`). The two-pot
family's shared words are :mod:`bot.words.twopot`'s, with the Project's names for the Main
Pot's layers; its cards are Classic's (:mod:`bot.words.classic` names them)."""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar

from bot.words.base import EventText, Remembered
from bot.words.classic import card_name, card_option, describe, shown
from bot.words.reasons import reasons
from bot.words.twopot import Info, Seats, SeatWords, TwoPotWords, joined, seat_status, uncontested
from engine.core.facts import Fact
from engine.core.game import ActionSpec, Option, SeatView
from engine.variants.project import actions as act
from engine.variants.project import events as ev
from engine.variants.project.cards import Category, HandEval
from engine.variants.project.state import BET_PHASES, Phase
from engine.variants.project.views import (
    HAND_POT,
    SABACC_POT,
    ProjectHand,
    ProjectSeat,
    ProjectTable,
)
from engine.variants.twopot.cards import signed

POTS = {HAND_POT: "Main Pot", SABACC_POT: "Sabacc pot"}
SHIFT_MARK = " ⟲"  # after a card name the last Sabacc Shift changed
CONTROLS = {  # kind -> (label, prompt)
    "draw": ("Draw a card", ""),
    "stand": ("Stand", ""),
    "call_hand": ("Call the hand", ""),
    "field": (
        "Interference Field",
        "Which cards go face up into your Interference Field (safe from a Shift, seen by all, "
        "for the rest of the hand)?",
    ),
}
PHASE_NOTES = {
    ev.PhaseNote.NONE: "",
    ev.PhaseNote.SKIPPED: "Skipped: nobody left can bet.",
    ev.PhaseNote.CALLABLE: "The hand may be called.",
    ev.PhaseNote.POT_BUILDING: "Pot-building: no call yet.",
}


def hand_label(hand: HandEval) -> str:
    """``Idiot's Array``, ``Pure Sabacc +23``, ``Hand −20``, ``Bomb-out (+26)``."""
    if hand.category is Category.IDIOTS_ARRAY:
        return "Idiot's Array"
    if hand.category is Category.PURE_SABACC:
        return f"Pure Sabacc {signed(hand.total)}"
    if hand.category is Category.HAND:
        return f"Hand {signed(hand.total)}"
    return f"Bomb-out ({signed(hand.total)})"


def decided(e: ev.Decided | ev.Worded) -> str:
    """Why the Main Pot's base layer went where it did."""
    if isinstance(e, ev.Worded):
        return e.text
    who, why = joined(e.winners), e.why
    fixed = {
        ev.Why.NO_POT: "Nothing was bet: there is no Main Pot to win",
        ev.Why.ALL_BOMBED: "Every hand bombed out: the Main Pot goes to the Sabacc pot",
        ev.Why.TIED_BOMBED: "Every tied player bombed out in Sudden Demise: the Main Pot goes to "
        "the Sabacc pot",
        ev.Why.STAY_TIED: f"{who} stay tied after Sudden Demise and split the pot (no card left)",
    }
    if why is ev.Why.UNCONTESTED:
        return uncontested(who)
    if why in fixed:
        return fixed[why]
    assert e.best is not None
    label = hand_label(e.best)
    if why is ev.Why.TIE_SPLIT:
        return f"{who} tie at {label} and split the pot (no card left for Sudden Demise)"
    if why is ev.Why.SUDDEN_DEMISE:
        assert e.final is not None
        extra = "card" if e.depth == 1 else "cards"
        return (
            f"{who} wins by Sudden Demise: {joined(e.tied)} tied at {label}; after {e.depth} "
            f"extra {extra} {who} holds {hand_label(e.final)}"
        )
    if why is ev.Why.BETTER_BOMBED:
        return f"{who} wins ({label}): the better tied hands all bombed out in Sudden Demise"
    if why is ev.Why.ONLY_VALID or e.runner is None:
        return f"{who} holds the only hand that did not bomb out ({label})"
    runner = hand_label(e.runner)
    if why is ev.Why.BEATS:
        return f"{who}: {label} beats {runner}"
    if why is ev.Why.CLOSER:
        return f"{who}: {label} is closer to ±23 than {runner}"
    return f"{who}: at equal distance the positive total wins ({label} over {runner})"


def _phase(e: ev.PhaseStarted) -> str:
    if e.phase == Phase.OPEN_BET:
        title = "Opening betting (before the deal)"
    elif e.phase == Phase.FINAL_BET:
        title = "Final betting"
    else:
        title = f"Round {e.round_no} — {'betting' if e.phase == Phase.BET else 'draw'}"
    note = PHASE_NOTES[e.note]
    return f"{title}.{' ' + note if note else ''}"


def _draw_taken(e: ev.DrawTaken) -> str:
    if e.drew:
        return f"{e.player} draws a card ({e.cards_held} cards)."
    tail = f" Stands in a row: {e.idle}/{e.idle_limit}." if e.idle_limit else ""
    return f"{e.player} stands ({e.cards_held} cards).{tail}"


def _called(e: ev.HandCalled) -> str:
    if e.forced:
        return (
            f"Too many stands in a row: the hand is called for {e.player}. Final betting, then "
            "the reveal."
        )
    return f"{e.player} CALLS THE HAND. Final betting starts with them, then the reveal."


def _shift(e: ev.ShiftHappened) -> str:
    if not e.total:
        return "SABACC SHIFT! A Sabacc Shift occurred, but no card could change."
    parts = ", ".join(f"{p} {k}" for p, k in e.changed)
    plural = "card" if e.total == 1 else "cards"
    return f"SABACC SHIFT! A Sabacc Shift occurred: {e.total} {plural} changed ({parts})."


def _revealed(e: ev.Revealed) -> str:
    who = f"{e.player} (caller)" if e.caller else e.player
    cards = ", ".join(map(shown, e.cards))
    return f"{who} reveals {cards} — total {e.hand.total}: {hand_label(e.hand)}."


EVENTS: dict[type, EventText] = {
    ev.Revealed: _revealed,
    ev.HandStarted: lambda e: (
        f"Hand {e.hand_no}: {e.dealer} deals, {e.starter} starts. {e.players} players ante "
        f"{e.ante} + {e.ante} (Main Pot {e.main_pot}, Sabacc pot {e.sabacc_pot})."
    ),
    ev.PhaseStarted: _phase,
    ev.CardsDealt: lambda e: f"Two cards dealt to each of the {e.players} players.",
    ev.DrawTaken: _draw_taken,
    ev.HandCalled: _called,
    ev.FieldPlaced: lambda e: (
        f"{e.player} puts {', '.join(map(card_name, e.cards))} face up into the Interference Field."
    ),
    ev.ShiftHappened: _shift,
    ev.SuddenDemiseDealt: lambda e: (
        f"Sudden Demise (extra card {e.depth}): "
        + "; ".join(f"{d.player} gets {card_name(d.card)} → {hand_label(d.hand)}" for d in e.draws)
        + "."
    ),
    ev.Decided: decided,
}


_LINES = Remembered()
"""The last shift's and the last hand's lines, written once per fact: the state keeps the same
fact from one view to the next (found by identity, without hashing it)."""


def _shift_text(shift: ev.ShiftHappened | ev.Worded) -> str:
    return shift.text if isinstance(shift, ev.Worded) else _shift(shift)


def last_shift(shift: ev.ShiftHappened | ev.Worded) -> str:
    """The ``Last shift`` line (a line stored by an earlier version as it is)."""
    return _LINES.get(shift, _shift_text)


def last_hand(fact: ev.Decided | ev.Worded) -> str:
    """The ``Last hand`` line."""
    return _LINES.get(fact, decided)


def _info(t: ProjectTable) -> tuple[tuple[str, str], ...]:
    """The info lines."""
    info: list[tuple[str, str]] = []
    if t.phase is not Phase.GAME_OVER:
        info.append(("Dealer", t.dealer))
        info.append(("Starting player", t.starter))
        info.append(("Round", str(t.round_no)))
        if t.phase in BET_PHASES:
            info.append(("Current bet", str(t.current_bet)))
        if t.caller is not None:
            info.append(("Caller", t.caller))
        elif t.round_no <= t.pot_building_rounds:
            info.append(("Call the hand", f"from round {t.pot_building_rounds + 1}"))
        else:
            info.append(("Call the hand", "allowed on a draw turn"))
        if t.idle_limit is not None:
            info.append(("Stands in a row", f"{t.idle}/{t.idle_limit}"))
        info.append(("Draw pile", str(t.draw_pile)))
        chance = f"{t.shift_percent}% after each betting round"
        info.append(("Sabacc Shift", f"{t.shifts} this hand · {chance}"))
        if t.shift is not None and last_shift(t.shift):
            info.append(("Last Shift", last_shift(t.shift)))
    if t.decided is not None:
        info.append(("Last hand", last_hand(t.decided)))
    return tuple(info)


def _highlight(t: ProjectTable) -> str:
    """A Sabacc Shift during the last action, else why the last hand went as it did."""
    if t.shift is not None and t.shift_fresh and t.phase is not Phase.GAME_OVER:
        line = last_shift(t.shift)
        if line:
            return line
    return "" if t.decided is None else last_hand(t.decided)


def _seat_words(f: ProjectSeat, phase: Phase) -> tuple[str, str]:
    """One seat's status and public text."""
    over = phase is Phase.GAME_OVER
    flags = (
        (f.dealer, "dealer"),
        (f.called, "called"),
        (f.all_in, "all-in"),
        (phase in BET_PHASES and bool(f.commit), f"bet {f.commit}"),
    )
    status = seat_status(f.place, dealt=f.dealt, live=f.live, over=over, flags=flags)
    public = ""
    if not over and f.dealt and f.live and f.cards:
        public = f"{f.cards} cards"
        if f.field:
            public += " · field: " + ", ".join(map(card_name, f.field))
    return status, public


_SEATS = SeatWords(_seat_words)
"""Written seats (a seat that did not change is written once)."""


def _phase_text(t: ProjectTable) -> str:
    if t.phase is Phase.GAME_OVER:
        return "Game over"
    if t.phase is Phase.OPEN_BET:
        return f"Hand {t.hand_no} · Opening betting"
    if t.phase is Phase.FINAL_BET:
        return f"Hand {t.hand_no} · Final betting"
    what = "Draw" if t.phase is Phase.DRAW else "Betting"
    return f"Hand {t.hand_no} · Round {t.round_no} · {what}"


def _notes(own: ProjectHand) -> tuple[str, ...]:
    notes: list[str] = []
    if own.hand is not None:
        notes.append(f"Total {own.hand.total}: {hand_label(own.hand)}")
        if own.hand.bombed:
            notes.append("This hand would bomb out at the reveal (0, over +23 or under −23).")
        if own.field:
            notes.append("Interference Field (face up): " + describe(own.field))
    note = own.note
    if isinstance(note, ev.Drew):
        notes.append(f"You drew {card_name(note.card)}.")
    elif isinstance(note, ev.ShiftChanged):
        changed = ", ".join(f"{card_name(a)} → {card_name(b)}" for a, b in note.swaps)
        notes.append(f"Sabacc Shift changed your cards: {changed}.")
    elif isinstance(note, ev.Worded) and note.text:
        notes.append(note.text)
    return tuple(notes)


class ProjectWords(TwoPotWords):
    """The renderer of the Sabacc Project."""

    variant: ClassVar[str] = "project"
    events: ClassVar[dict[type, EventText]] = EVENTS
    title: ClassVar[str] = "Sabacc Project"
    pots: ClassVar[dict[str, str]] = POTS
    table_facts: ClassVar[type | None] = ProjectTable
    hand_facts: ClassVar[type | None] = ProjectHand
    rank_type: ClassVar[type | None] = HandEval
    categories: ClassVar[type[StrEnum] | None] = Category
    controls: ClassVar[dict[str, tuple[str, str]]] = CONTROLS

    def card_name(self, notation: str) -> str:
        """A card's readable name (Classic's deck)."""
        return card_name(notation)

    def pot_name(self, index: int, count: int) -> str:
        """``Main Pot`` for a single layer, else ``base layer`` / ``side layer N``."""
        if count == 1:
            return "Main Pot"
        return "Main Pot base layer" if index == 0 else f"Main Pot side layer {index}"

    def write_table(self, t: Fact, seats: tuple[SeatView, ...]) -> tuple[str, Seats, Info, str]:
        """The phase, seats, info lines (written when first read) and highlight of a
        :class:`ProjectTable`."""
        assert isinstance(t, ProjectTable)
        written = tuple(_SEATS.get(s, f, t.phase) for s, f in zip(seats, t.seats, strict=True))
        return _phase_text(t), written, lambda: _info(t), _highlight(t)

    def write_hand(self, own: Fact) -> tuple[str, tuple[str, ...]]:
        """A seat's hidden cards (a Shift's changes marked), field, hand value and last note."""
        assert isinstance(own, ProjectHand)
        names = [
            card_name(n) + (SHIFT_MARK if changed else "")
            for n, changed in zip(own.hidden, own.shifted, strict=True)
        ]
        text = ", ".join(names) if names else "no hidden cards"
        if own.field:
            text += " | field: " + describe(own.field)
        return text, _notes(own)

    def options(self, spec: ActionSpec) -> tuple[Option, ...]:
        """Card options: each card's name and value."""
        return tuple(map(card_option, spec.options))

    def preview(self, preview: str | Fact) -> str:
        """The private line about a draw turn, a call, the field or a bet."""
        if isinstance(preview, act.DrawPreview):
            return f"Your cards total {preview.total}; you take the top card of the draw pile."
        if isinstance(preview, act.StandPreview):
            return f"You keep your cards (total {preview.total})."
        if isinstance(preview, act.CallPreview):
            label = hand_label(preview.hand)
            return f"You hold {label}. Final betting starts with you, then every hand is revealed."
        if isinstance(preview, act.FieldPreview):
            return (
                f"{', '.join(map(card_name, preview.cards))} go face up into your Interference "
                "Field: safe from a Sabacc Shift, but everyone sees them, and they stay there "
                "for the hand."
            )
        return super().preview(preview)

    def rank_label(self, hand: Fact) -> str:
        """A Project hand's name."""
        assert isinstance(hand, HandEval)
        return hand_label(hand)


reasons(
    {
        "no_field_card": "You have no card you could put into the Interference Field now.",
        "different_cards": "Choose one or more different cards.",
        "cannot_field": "You can't put {card} into the field now.",
    }
)

WORDS = ProjectWords()
