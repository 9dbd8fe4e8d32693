"""Centran Sabacc's words: its table, private hand, controls, previews and hand names, written
from the engine's facts (:mod:`engine.variants.centran.views`,
:mod:`engine.variants.centran.actions`); its event lines and the names of cards and hands are
:mod:`bot.words.centran_log`'s, the two-pot family's shared words :mod:`bot.words.twopot`'s."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from bot.words.base import EventText, Remembered
from bot.words.centran_log import (
    EVENTS,
    best_text,
    card_name,
    chosen_values,
    decided,
    describe,
    hand_label,
    shift_line,
)
from bot.words.reasons import reasons
from bot.words.twopot import Info, Seats, SeatWords, TwoPotWords, seat_status
from engine.core.facts import Fact
from engine.core.game import ActionSpec, Option, SeatView
from engine.variants.centran import actions as act
from engine.variants.centran import events as ev
from engine.variants.centran.cards import Category, HandEval
from engine.variants.centran.state import Phase
from engine.variants.centran.views import (
    HAND_POT,
    SABACC_POT,
    CentranHand,
    CentranSeat,
    CentranTable,
)
from engine.variants.twopot.actions import StasisPreview

POTS = {HAND_POT: "Hand pot", SABACC_POT: "Sabacc pot"}
CONTROLS = {  # kind -> (label, prompt)
    "gain": ("Gain (draw a card)", ""),
    "trade": (
        "Trade with the Array",
        "Which Array card do you take? (Next you choose the card to give.)",
    ),
    "stand": ("Stand", ""),
    "draw_to_array": ("Draw to the Array", ""),
    "discard_to_array": (
        "Discard to the Array",
        "Which card goes face up to the end of the Array?",
    ),
    "array_draw": (
        "Take an Array card",
        "Which Array card do you take? (Its place is refilled from the deck.)",
    ),
    "stasis": (
        "Put in stasis",
        "Which card goes face up into your Stasis Field (safe from Shifts)?",
    ),
    "unstasis": ("Take from stasis", "Which Stasis card goes back into your hidden hand?"),
    "give": ("Give a card for {taken}", "Which card takes the place of {taken} in the Array?"),
    "cancel_trade": ("Cancel the trade", ""),
    "end_turn": ("End turn", ""),
}
ARRAY_VERBS = {"trade": "Take ", "array_draw": ""}
_LINES = Remembered()
"""The last shift's and the last hand's lines, written once per fact: the state keeps the same
fact from one view to the next (found by identity, without hashing it)."""


def _shift_text(shift: ev.ShiftTurned | ev.Worded) -> str:
    return shift.text if isinstance(shift, ev.Worded) else shift_line(shift)


def last_shift(shift: ev.ShiftTurned | ev.Worded) -> str:
    """The ``Last shift`` line (a line stored by an earlier version as it is)."""
    return _LINES.get(shift, _shift_text)


def last_hand(fact: ev.Decided | ev.Worded) -> str:
    """The ``Last hand`` line."""
    return _LINES.get(fact, decided)


def _info(t: CentranTable) -> tuple[tuple[str, str], ...]:
    """The info lines."""
    info: list[tuple[str, str]] = []
    if t.phase is not Phase.GAME_OVER:
        info.append(("Dealer", t.dealer))
        info.append(("Round", f"{t.round_no}/{t.rounds}"))
        info.append(("Array", " · ".join(map(card_name, t.array)) or "—"))
        fives = " · ".join(f"{card_name(c)} ({p or 'Array'})" for c, p in t.fives)
        info.append(("Wild Fives", f"{len(t.fives)}/5: {fives}" if t.fives else "0/5"))
        if t.phase is Phase.BET:
            info.append(("Current bet", str(t.current_bet)))
        info.append(("Draw pile", str(t.draw_pile)))
        if t.shift is not None:
            info.append(("Last shift", last_shift(t.shift)))
    if t.decided is not None:
        info.append(("Last hand", last_hand(t.decided)))
    return tuple(info)


def _highlight(t: CentranTable) -> str:
    """A Sabacc Shift of this round, else why the last hand went as it did."""
    if t.shift is not None and t.phase is not Phase.GAME_OVER:
        line = last_shift(t.shift)
        if "SABACC SHIFT" in line:
            return "Sabacc Shift! " + line.split(" — ")[0] + "."
    return "" if t.decided is None else last_hand(t.decided)


def _seat_words(f: CentranSeat, phase: Phase) -> tuple[str, str]:
    """One seat's status and public text."""
    over = phase is Phase.GAME_OVER
    flags = (
        (f.dealer, "dealer"),
        (f.all_in, "all-in"),
        (phase is Phase.BET and bool(f.commit), f"bet {f.commit}"),
    )
    status = seat_status(f.place, dealt=f.dealt, live=f.live, over=over, flags=flags)
    public = ""
    if not over and f.dealt and f.live:
        public = f"{f.cards} cards"
        if f.stasis:
            public += " · stasis: " + ", ".join(map(card_name, f.stasis))
    return status, public


_SEATS = SeatWords(_seat_words)
"""Written seats (a seat that did not change is written once)."""


def _notes(own: CentranHand) -> tuple[str, ...]:
    notes: list[str] = []
    if own.best is not None:
        chosen = chosen_values(own.best, own.hidden + own.stasis)
        tail = f" ({chosen})" if chosen else ""
        n = own.fives
        fives = f" with {n} table {'five' if n == 1 else 'fives'}" if n else ""
        notes.append(f"Best now{fives}: {hand_label(own.best)}{tail}")
        if own.best.bombed:
            notes.append("This hand would bomb out at the reveal (no total within ±23).")
        if own.stasis:
            notes.append("Stasis Field: " + describe(own.stasis))
    note = own.note
    if isinstance(note, ev.Drew):
        notes.append(f"You drew {card_name(note.card)}.")
    elif isinstance(note, ev.FiveDrawn):
        notes.append(f"You drew {card_name(note.card)}: it went to the table as a Wild Five.")
    elif isinstance(note, ev.ShiftSwapped):
        lost, got = describe(note.lost), describe(note.got)
        notes.append(f"Sabacc Shift: you lost {lost} and were dealt {got}.")
    elif isinstance(note, ev.Worded) and note.text:
        notes.append(note.text)
    return tuple(notes)


def _options(spec: ActionSpec) -> tuple[Option, ...]:
    facts = spec.facts
    if isinstance(facts, act.TheArray):
        verb = ARRAY_VERBS[spec.kind]
        return tuple(
            Option(o.value, f"{verb}Array #{i + 1}: {card_name(facts.cards[i])}")
            for i, o in enumerate(spec.options)
        )
    if isinstance(facts, act.Giving):
        return tuple(
            Option(
                o.value,
                f"Give {card_name(o.value)}",
                "your stasis card" if o.value in facts.stasis else "",
            )
            for o in spec.options
        )
    return tuple(Option(o.value, card_name(o.value)) for o in spec.options)


class CentranWords(TwoPotWords):
    """The renderer of Centran Sabacc."""

    variant: ClassVar[str] = "centran"
    events: ClassVar[dict[type, EventText]] = EVENTS
    title: ClassVar[str] = "Centran Sabacc"
    pots: ClassVar[dict[str, str]] = POTS
    table_facts: ClassVar[type | None] = CentranTable
    hand_facts: ClassVar[type | None] = CentranHand
    rank_type: ClassVar[type | None] = HandEval
    controls: ClassVar[dict[str, tuple[str, str]]] = CONTROLS

    def card_name(self, notation: str) -> str:
        """A Centran card's readable name."""
        return card_name(notation)

    def write_table(self, t: Fact, seats: tuple[SeatView, ...]) -> tuple[str, Seats, Info, str]:
        """The phase, seats, info lines (written when first read) and highlight of a
        :class:`CentranTable`."""
        assert isinstance(t, CentranTable)
        written = tuple(_SEATS.get(s, f, t.phase) for s, f in zip(seats, t.seats, strict=True))
        if t.phase is Phase.GAME_OVER:
            phase = "Game over"
        else:
            name = "Card phase" if t.phase is Phase.CARD else "Betting"
            phase = f"Hand {t.hand_no} · Round {t.round_no}/{t.rounds} · {name}"
        return phase, written, lambda: _info(t), _highlight(t)

    def write_hand(self, own: Fact) -> tuple[str, tuple[str, ...]]:
        """A seat's hidden cards, Stasis Field, best value and last private note."""
        assert isinstance(own, CentranHand)
        text = describe(own.hidden) if own.hidden else "no hidden cards"
        if own.stasis:
            text += " | stasis: " + describe(own.stasis)
        return text, _notes(own)

    def options(self, spec: ActionSpec) -> tuple[Option, ...]:
        """Array positions by their cards, cards by name (a given Stasis card says so)."""
        return _options(spec)

    def spec(self, spec: ActionSpec) -> ActionSpec:
        """A card control's words; a ``give`` names the Array card it takes."""
        written = super().spec(spec)
        if isinstance(spec.facts, act.Giving) and written is not spec:
            taken = card_name(spec.facts.taken)
            label, prompt = written.label.format(taken=taken), written.prompt.format(taken=taken)
            return dataclasses.replace(written, label=label, prompt=prompt)
        return written

    def preview(self, preview: str | Fact) -> str:
        """The private line about a card choice or a bet."""
        if isinstance(preview, act.GivePreview):
            give, take = card_name(preview.card), card_name(preview.taken)
            change = f"{best_text(preview.now)} → {best_text(preview.after)}"
            return f"You give {give} and take {take}: {change}."
        if isinstance(preview, act.TakePreview):
            name = card_name(preview.card)
            return f"You take {name}; next you choose which of your cards replaces it."
        if isinstance(preview, act.GainPreview):
            now = best_text(preview.now)
            return f"You hold {now}; you add one card (a five goes to the table)."
        if isinstance(preview, act.DiscardPreview):
            name = card_name(preview.card)
            return f"Without {name} you would hold {best_text(preview.rest)}."
        if isinstance(preview, StasisPreview):
            name = card_name(preview.card)
            if preview.into_field:
                return f"{name} goes face up into your Stasis Field: safe from Sabacc Shifts."
            return f"{name} goes back into your hidden hand."
        return super().preview(preview)

    def rank_label(self, hand: Fact) -> str:
        """A Centran hand's name."""
        assert isinstance(hand, HandEval)
        return hand_label(hand)

    def key_rank(self, category: str, total: str) -> Fact | None:
        """The evaluation behind a ``category:total`` key (no total outside Pure/Nulhrek)."""
        if category not in Category.__members__.values():
            return None
        return HandEval(Category(category), int(total) if total.lstrip("-").isdigit() else None, ())

    def hand_name(self, hand: str | Fact) -> str:
        """A hand's name; a revealed Wild Sabacc says the Five Brothers were claimed."""
        name = super().hand_name(hand)
        if isinstance(hand, HandEval) and hand.category is Category.WILD_SABACC:
            return f"{name} (Five Brothers claimed)"
        return name


reasons(
    {
        "no_array_card": "There is no Array card {card!r}.",
        "one_array_card": "Choose exactly one Array card.",
    }
)

WORDS = CentranWords()
