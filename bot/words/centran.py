"""Centran Sabacc's words: its table, private hand, controls, previews and hand names, written
from the engine's facts (:mod:`engine.variants.centran.views`,
:mod:`engine.variants.centran.actions`); its event lines and the names of cards and hands are
:mod:`bot.words.centran_log`'s, the two-pot family's shared words :mod:`bot.words.twopot`'s."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from bot.i18n import N_, _, ngettext, per_locale
from bot.words.base import EventText, later
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
from bot.words.twopot import Info, TwoPotWords, last_line, seat_status
from engine.core.facts import Fact
from engine.core.game import ActionSpec, Option
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

POTS = {HAND_POT: N_("Hand pot"), SABACC_POT: N_("Sabacc pot")}
CONTROLS = {  # kind -> (label, prompt): English source, translated when shown
    "gain": (N_("Gain (draw a card)"), ""),
    "trade": (
        N_("Trade with the Array"),
        N_("Which Array card do you take? (Next you choose the card to give.)"),
    ),
    "stand": (N_("Stand"), ""),
    "draw_to_array": (N_("Draw to the Array"), ""),
    "discard_to_array": (
        N_("Discard to the Array"),
        N_("Which card goes face up to the end of the Array?"),
    ),
    "array_draw": (
        N_("Take an Array card"),
        N_("Which Array card do you take? (Its place is refilled from the deck.)"),
    ),
    "stasis": (
        N_("Put in stasis"),
        N_("Which card goes face up into your Stasis Field (safe from Shifts)?"),
    ),
    "unstasis": (N_("Take from stasis"), N_("Which Stasis card goes back into your hidden hand?")),
    "give": (
        N_("Give a card for {taken}"),
        N_("Which card takes the place of {taken} in the Array?"),
    ),
    "cancel_trade": (N_("Cancel the trade"), ""),
    "end_turn": (N_("End turn"), ""),
}
ARRAY_OPTIONS = {  # an Array position's option label, by control
    "trade": N_("Take Array #{n}: {card}"),
    "array_draw": N_("Array #{n}: {card}"),
}


def last_shift(shift: ev.ShiftTurned | ev.Worded) -> str:
    """The ``Last shift`` line."""
    return last_line(shift, shift_line)


def _info(t: CentranTable) -> tuple[tuple[str, str], ...]:
    """The info lines."""
    info: list[tuple[str, str]] = []
    if t.phase is not Phase.GAME_OVER:
        info.append((_("Dealer"), t.dealer))
        info.append((_("Round"), f"{t.round_no}/{t.rounds}"))
        info.append((_("Array"), " · ".join(map(card_name, t.array)) or "—"))
        fives = " · ".join(f"{card_name(c)} ({p or _('Array')})" for c, p in t.fives)
        info.append((_("Wild Fives"), f"{len(t.fives)}/5: {fives}" if t.fives else "0/5"))
        if t.phase is Phase.BET:
            info.append((_("Current bet"), str(t.current_bet)))
        info.append((_("Draw pile"), str(t.draw_pile)))
        if t.shift is not None:
            info.append((_("Last shift"), last_shift(t.shift)))
    if t.decided is not None:
        info.append((_("Last hand"), last_line(t.decided, decided)))
    return tuple(info)


def _highlight(t: CentranTable) -> str:
    """A Sabacc Shift of this round, else why the last hand went as it did."""
    if t.shift is not None and t.phase is not Phase.GAME_OVER:
        shift = t.shift
        shifted = shift.shift if isinstance(shift, ev.ShiftTurned) else "SABACC SHIFT" in shift.text
        if shifted:
            return _("Sabacc Shift!") + " " + last_shift(shift).split(" — ")[0] + "."
    return "" if t.decided is None else last_line(t.decided, decided)


@per_locale(maxsize=256)
def _phase_line(phase: Phase, hand_no: int, round_no: int, rounds: int) -> str:
    """The table's phase: ``Hand 2 · Round 3/5 · Betting``."""
    if phase is Phase.GAME_OVER:
        return _("Game over")
    name = _("Card phase") if phase is Phase.CARD else _("Betting")
    return _("Hand {n} · Round {round}/{rounds} · {phase}").format(
        n=hand_no, round=round_no, rounds=rounds, phase=name
    )


def _seat_words(seat: CentranSeat, phase: Phase) -> tuple[str, str]:
    """One seat's status and public text."""
    over = phase is Phase.GAME_OVER
    flags = (
        (seat.dealer, _("dealer")),
        (seat.all_in, _("all-in")),
        (phase is Phase.BET and bool(seat.commit), _("bet {n}").format(n=seat.commit)),
    )
    status = seat_status(seat.place, dealt=seat.dealt, live=seat.live, over=over, flags=flags)
    public = ""
    if not over and seat.dealt and seat.live:
        public = _("{n} cards").format(n=seat.cards)
        if seat.stasis:
            cards = ", ".join(map(card_name, seat.stasis))
            public += " · " + _("stasis: {cards}").format(cards=cards)
    return status, public


def _notes(own: CentranHand) -> tuple[str, ...]:
    notes: list[str] = []
    if own.best is not None:
        chosen = chosen_values(own.best, own.hidden + own.stasis)
        tail = f" ({chosen})" if chosen else ""
        n = own.fives
        best = hand_label(own.best) + tail
        notes.append(
            ngettext(
                "Best now with {n} table five: {hand}", "Best now with {n} table fives: {hand}", n
            ).format(n=n, hand=best)
            if n
            else _("Best now: {hand}").format(hand=best)
        )
        if own.best.bombed:
            notes.append(_("This hand would bomb out at the reveal (no total within ±23)."))
        if own.stasis:
            notes.append(_("Stasis Field: {cards}").format(cards=describe(own.stasis)))
    note = own.note
    if isinstance(note, ev.Drew):
        notes.append(_("You drew {card}.").format(card=card_name(note.card)))
    elif isinstance(note, ev.FiveDrawn):
        notes.append(
            _("You drew {card}: it went to the table as a Wild Five.").format(
                card=card_name(note.card)
            )
        )
    elif isinstance(note, ev.ShiftSwapped):
        lost, got = describe(note.lost), describe(note.got)
        notes.append(
            _("Sabacc Shift: you lost {lost} and were dealt {got}.").format(lost=lost, got=got)
        )
    elif isinstance(note, ev.Worded) and note.text:
        notes.append(note.text)
    return tuple(notes)


def _options(spec: ActionSpec) -> tuple[Option, ...]:
    facts = spec.facts
    if isinstance(facts, act.TheArray):
        template = _(ARRAY_OPTIONS[spec.kind])
        return tuple(
            Option(o.value, template.format(n=i + 1, card=card_name(facts.cards[i])))
            for i, o in enumerate(spec.options)
        )
    if isinstance(facts, act.Giving):
        return tuple(
            Option(
                o.value,
                _("Give {card}").format(card=card_name(o.value)),
                _("your stasis card") if o.value in facts.stasis else "",
            )
            for o in spec.options
        )
    return tuple(Option(o.value, card_name(o.value)) for o in spec.options)


class CentranWords(TwoPotWords):
    """The renderer of Centran Sabacc."""

    variant: ClassVar[str] = "centran"
    events: ClassVar[dict[type, EventText]] = EVENTS
    title: ClassVar[str] = N_("Centran Sabacc")
    pots: ClassVar[dict[str, str]] = POTS
    table_facts: ClassVar[type | None] = CentranTable
    hand_facts: ClassVar[type | None] = CentranHand
    rank_type: ClassVar[type | None] = HandEval
    controls: ClassVar[dict[str, tuple[str, str]]] = CONTROLS

    def card_name(self, notation: str) -> str:
        """A Centran card's readable name."""
        return card_name(notation)

    def write_table(self, t: CentranTable) -> tuple[str, Info, str]:
        """The phase, info lines (written when first read) and highlight of a
        :class:`CentranTable`."""
        phase = _phase_line(t.phase, t.hand_no, t.round_no, t.rounds)
        return phase, later(_info, t), _highlight(t)

    write_seat = staticmethod(_seat_words)

    def write_hand(self, own: Fact) -> tuple[str, tuple[str, ...]]:
        """A seat's hidden cards, Stasis Field, best value and last private note."""
        assert isinstance(own, CentranHand)
        return self.stasis_hand(own.hidden, own.stasis), _notes(own)

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
            return _("You give {card} and take {taken}: {change}.").format(
                card=give, taken=take, change=change
            )
        if isinstance(preview, act.TakePreview):
            name = card_name(preview.card)
            return _("You take {card}; next you choose which of your cards replaces it.").format(
                card=name
            )
        if isinstance(preview, act.GainPreview):
            now = best_text(preview.now)
            return _("You hold {hand}; you add one card (a five goes to the table).").format(
                hand=now
            )
        if isinstance(preview, act.DiscardPreview):
            name = card_name(preview.card)
            return _("Without {card} you would hold {hand}.").format(
                card=name, hand=best_text(preview.rest)
            )
        if isinstance(preview, StasisPreview):
            name = card_name(preview.card)
            if preview.into_field:
                return _(
                    "{card} goes face up into your Stasis Field: safe from Sabacc Shifts."
                ).format(card=name)
            return _("{card} goes back into your hidden hand.").format(card=name)
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
            return f"{name} (" + _("Five Brothers claimed") + ")"
        return name


reasons(
    {
        "no_array_card": lambda card: _("There is no Array card {card}.").format(card=repr(card)),
        "one_array_card": N_("Choose exactly one Array card."),
    }
)

WORDS = CentranWords()
