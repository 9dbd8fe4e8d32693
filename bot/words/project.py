"""The Sabacc Project's words: its events, table, private hand, controls, previews and hand
names, written from the engine's facts (:mod:`engine.variants.project.events`,
:mod:`engine.variants.project.views`, :mod:`engine.variants.project.actions`). The two-pot
family's shared words are :mod:`bot.words.twopot`'s, with the Project's names for the Main
Pot's layers; its cards are Classic's (:mod:`bot.words.classic` names them)."""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar

from bot.i18n import N_, _, ngettext, per_locale
from bot.words.base import EventText, fields_line, later
from bot.words.classic import card_name, card_option, describe, shown
from bot.words.reasons import reasons
from bot.words.twopot import Info, TwoPotWords, joined, last_line, seat_status, uncontested
from engine.core.facts import Fact
from engine.core.game import ActionSpec, Option
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

POTS = {HAND_POT: N_("Main Pot"), SABACC_POT: N_("Sabacc pot")}
SHIFT_MARK = " ⟲"  # after a card name the last Sabacc Shift changed
CONTROLS = {  # kind -> (label, prompt): English source, translated when shown
    "draw": (N_("Draw a card"), ""),
    "stand": (N_("Stand"), ""),
    "call_hand": (N_("Call the hand"), ""),
    "field": (
        N_("Interference Field"),
        N_(
            "Which cards go face up into your Interference Field (safe from a Shift, seen by "
            "all, for the rest of the hand)?"
        ),
    ),
}
PHASE_NOTES = {
    ev.PhaseNote.NONE: "",
    ev.PhaseNote.SKIPPED: N_("Skipped: nobody left can bet."),
    ev.PhaseNote.CALL_ALLOWED: N_("The hand may be called."),
    ev.PhaseNote.POT_BUILDING: N_("Pot-building: no call yet."),
}


def hand_label(hand: HandEval) -> str:
    """``Idiot's Array``, ``Pure Sabacc +23``, ``Hand −20``, ``Bomb-out (+26)``."""
    if hand.category is Category.IDIOTS_ARRAY:
        return _("Idiot's Array")
    if hand.category is Category.PURE_SABACC:
        return _("Pure Sabacc") + f" {signed(hand.total)}"
    if hand.category is Category.HAND:
        return _("Hand") + f" {signed(hand.total)}"
    return _("Bomb-out ({total})").format(total=signed(hand.total))


def decided(e: ev.Decided | ev.Worded) -> str:
    """Why the Main Pot's base layer went where it did."""
    if isinstance(e, ev.Worded):
        return e.text
    who, why = joined(e.winners), e.why
    fixed = {
        ev.Why.NO_POT: N_("Nothing was bet: there is no Main Pot to win"),
        ev.Why.ALL_BOMBED: N_("Every hand bombed out: the Main Pot goes to the Sabacc pot"),
        ev.Why.TIED_BOMBED: N_(
            "Every tied player bombed out in Sudden Demise: the Main Pot goes to the Sabacc pot"
        ),
        ev.Why.STAY_TIED: N_(
            "{who} stay tied after Sudden Demise and split the pot (no card left)"
        ),
    }
    if why is ev.Why.UNCONTESTED:
        return uncontested(who)
    if why in fixed:
        return _(fixed[why]).format(who=who)
    assert e.best is not None
    label = hand_label(e.best)
    if why is ev.Why.TIE_SPLIT:
        return _("{who} tie at {hand} and split the pot (no card left for Sudden Demise)").format(
            who=who, hand=label
        )
    if why is ev.Why.SUDDEN_DEMISE:
        assert e.final is not None
        return ngettext(
            "{who} wins by Sudden Demise: {tied} tied at {hand}; after {n} extra card {who} "
            "holds {final}",
            "{who} wins by Sudden Demise: {tied} tied at {hand}; after {n} extra cards {who} "
            "holds {final}",
            e.depth,
        ).format(who=who, tied=joined(e.tied), hand=label, n=e.depth, final=hand_label(e.final))
    if why is ev.Why.BETTER_BOMBED:
        return _(
            "{who} wins ({hand}): the better tied hands all bombed out in Sudden Demise"
        ).format(who=who, hand=label)
    if why is ev.Why.ONLY_VALID or e.runner is None:
        return _("{who} holds the only hand that did not bomb out ({hand})").format(
            who=who, hand=label
        )
    runner = hand_label(e.runner)
    if why is ev.Why.BEATS:
        return _("{who}: {hand} beats {other}").format(who=who, hand=label, other=runner)
    if why is ev.Why.CLOSER:
        return _("{who}: {hand} is closer to ±23 than {other}").format(
            who=who, hand=label, other=runner
        )
    return _("{who}: at equal distance the positive total wins ({hand} over {other})").format(
        who=who, hand=label, other=runner
    )


def _phase(e: ev.PhaseStarted) -> str:
    if e.phase == Phase.OPEN_BET:
        title = _("Opening betting (before the deal)")
    elif e.phase == Phase.FINAL_BET:
        title = _("Final betting")
    else:
        what = _("betting") if e.phase == Phase.BET else _("draw")
        title = _("Round {n} — {phase}").format(n=e.round_no, phase=what)
    note = _(PHASE_NOTES[e.note]) if PHASE_NOTES[e.note] else ""
    return f"{title}.{' ' + note if note else ''}"


def _draw_taken(e: ev.DrawTaken) -> str:
    if e.drew:
        return _("{player} draws a card ({n} cards).").format(player=e.player, n=e.cards_held)
    tail = (
        " " + _("Stands in a row: {idle}/{limit}.").format(idle=e.idle, limit=e.idle_limit)
        if e.idle_limit
        else ""
    )
    return _("{player} stands ({n} cards).").format(player=e.player, n=e.cards_held) + tail


def _called(e: ev.HandCalled) -> str:
    if e.forced:
        return _(
            "Too many stands in a row: the hand is called for {player}. Final betting, then "
            "the reveal."
        ).format(player=e.player)
    return _("{player} CALLS THE HAND. Final betting starts with them, then the reveal.").format(
        player=e.player
    )


def _shift(e: ev.ShiftHappened) -> str:
    if not e.total:
        return _("SABACC SHIFT! A Sabacc Shift occurred, but no card could change.")
    parts = ", ".join(f"{p} {k}" for p, k in e.changed)
    return ngettext(
        "SABACC SHIFT! A Sabacc Shift occurred: {n} card changed ({parts}).",
        "SABACC SHIFT! A Sabacc Shift occurred: {n} cards changed ({parts}).",
        e.total,
    ).format(n=e.total, parts=parts)


def _revealed(e: ev.Revealed) -> str:
    who = f"{e.player} (" + _("caller") + ")" if e.caller else e.player
    cards = ", ".join(map(shown, e.cards))
    return _("{player} reveals {cards} — total {total}: {hand}.").format(
        player=who, cards=cards, total=e.hand.total, hand=hand_label(e.hand)
    )


EVENTS: dict[type, EventText] = {
    ev.Revealed: _revealed,
    ev.HandStarted: fields_line(
        N_(
            "Hand {n}: {dealer} deals, {starter} starts. {players} players ante {ante} + {ante} "
            "(Main Pot {main_pot}, Sabacc pot {sabacc_pot})."
        )
    ),
    ev.PhaseStarted: _phase,
    ev.CardsDealt: lambda e: _("Two cards dealt to each of the {n} players.").format(n=e.players),
    ev.DrawTaken: _draw_taken,
    ev.HandCalled: _called,
    ev.FieldPlaced: lambda e: _(
        "{player} puts {cards} face up into the Interference Field."
    ).format(player=e.player, cards=", ".join(map(card_name, e.cards))),
    ev.ShiftHappened: _shift,
    ev.SuddenDemiseDealt: lambda e: _("Sudden Demise (extra card {n}): {draws}.").format(
        n=e.depth,
        draws="; ".join(
            _("{player} gets {card} → {hand}").format(
                player=d.player, card=card_name(d.card), hand=hand_label(d.hand)
            )
            for d in e.draws
        ),
    ),
    ev.Decided: decided,
}


def last_shift(shift: ev.ShiftHappened | ev.Worded) -> str:
    """The ``Last Shift`` line."""
    return last_line(shift, _shift)


def _info(t: ProjectTable) -> tuple[tuple[str, str], ...]:
    """The info lines."""
    info: list[tuple[str, str]] = []
    if t.phase is not Phase.GAME_OVER:
        info.append((_("Dealer"), t.dealer))
        info.append((_("Starting player"), t.starter))
        info.append((_("Round"), str(t.round_no)))
        if t.phase in BET_PHASES:
            info.append((_("Current bet"), str(t.current_bet)))
        if t.caller is not None:
            info.append((_("Caller"), t.caller))
        elif t.round_no <= t.pot_building_rounds:
            info.append(
                (_("Call the hand"), _("from round {n}").format(n=t.pot_building_rounds + 1))
            )
        else:
            info.append((_("Call the hand"), _("allowed on a draw turn")))
        if t.idle_limit is not None:
            info.append((_("Stands in a row"), f"{t.idle}/{t.idle_limit}"))
        info.append((_("Draw pile"), str(t.draw_pile)))
        chance = _("{n}% after each betting round").format(n=t.shift_percent)
        info.append(
            (_("Sabacc Shift"), _("{n} this hand · {chance}").format(n=t.shifts, chance=chance))
        )
        if t.shift is not None and last_shift(t.shift):
            info.append((_("Last Shift"), last_shift(t.shift)))
    if t.decided is not None:
        info.append((_("Last hand"), last_line(t.decided, decided)))
    return tuple(info)


def _highlight(t: ProjectTable) -> str:
    """A Sabacc Shift during the last action, else why the last hand went as it did."""
    if t.shift is not None and t.shift_fresh and t.phase is not Phase.GAME_OVER:
        line = last_shift(t.shift)
        if line:
            return line
    return "" if t.decided is None else last_line(t.decided, decided)


def _seat_words(seat: ProjectSeat, phase: Phase) -> tuple[str, str]:
    """One seat's status and public text."""
    over = phase is Phase.GAME_OVER
    flags = (
        (seat.dealer, _("dealer")),
        (seat.called, _("called")),
        (seat.all_in, _("all-in")),
        (phase in BET_PHASES and bool(seat.commit), _("bet {n}").format(n=seat.commit)),
    )
    status = seat_status(seat.place, dealt=seat.dealt, live=seat.live, over=over, flags=flags)
    public = ""
    if not over and seat.dealt and seat.live and seat.cards:
        public = _("{n} cards").format(n=seat.cards)
        if seat.field:
            cards = ", ".join(map(card_name, seat.field))
            public += " · " + _("field: {cards}").format(cards=cards)
    return status, public


@per_locale(maxsize=256)
def _phase_line(phase: Phase, hand_no: int, round_no: int) -> str:
    """The table's phase: ``Hand 2 · Round 3 · Draw``."""
    if phase is Phase.GAME_OVER:
        return _("Game over")
    if phase is Phase.OPEN_BET:
        return _("Hand {n} · Opening betting").format(n=hand_no)
    if phase is Phase.FINAL_BET:
        return _("Hand {n} · Final betting").format(n=hand_no)
    what = _("Draw") if phase is Phase.DRAW else _("Betting")
    return _("Hand {n} · Round {round} · {phase}").format(n=hand_no, round=round_no, phase=what)


def _notes(own: ProjectHand) -> tuple[str, ...]:
    notes: list[str] = []
    if own.hand is not None:
        notes.append(
            _("Total {total}: {hand}").format(total=own.hand.total, hand=hand_label(own.hand))
        )
        if own.hand.bombed:
            notes.append(_("This hand would bomb out at the reveal (0, over +23 or under −23)."))
        if own.field:
            notes.append(
                _("Interference Field (face up): {cards}").format(cards=describe(own.field))
            )
    note = own.note
    if isinstance(note, ev.Drew):
        notes.append(_("You drew {card}.").format(card=card_name(note.card)))
    elif isinstance(note, ev.ShiftChanged):
        changed = ", ".join(f"{card_name(a)} → {card_name(b)}" for a, b in note.swaps)
        notes.append(_("Sabacc Shift changed your cards: {changes}.").format(changes=changed))
    elif isinstance(note, ev.Worded) and note.text:
        notes.append(note.text)
    return tuple(notes)


class ProjectWords(TwoPotWords):
    """The renderer of the Sabacc Project."""

    variant: ClassVar[str] = "project"
    events: ClassVar[dict[type, EventText]] = EVENTS
    title: ClassVar[str] = N_("Sabacc Project")
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
            return _("Main Pot")
        if index == 0:
            return _("Main Pot base layer")
        return _("Main Pot side layer {n}").format(n=index)

    def write_table(self, t: ProjectTable) -> tuple[str, Info, str]:
        """The phase, info lines (written when first read) and highlight of a
        :class:`ProjectTable`."""
        return _phase_line(t.phase, t.hand_no, t.round_no), later(_info, t), _highlight(t)

    write_seat = staticmethod(_seat_words)

    def write_hand(self, own: Fact) -> tuple[str, tuple[str, ...]]:
        """A seat's hidden cards (a Shift's changes marked), field, hand value and last note."""
        assert isinstance(own, ProjectHand)
        names = [
            card_name(n) + (SHIFT_MARK if changed else "")
            for n, changed in zip(own.hidden, own.shifted, strict=True)
        ]
        text = ", ".join(names) if names else _("no hidden cards")
        if own.field:
            text += " | " + _("field: {cards}").format(cards=describe(own.field))
        return text, _notes(own)

    def options(self, spec: ActionSpec) -> tuple[Option, ...]:
        """Card options: each card's name and value."""
        return tuple(map(card_option, spec.options))

    def preview(self, preview: str | Fact) -> str:
        """The private line about a draw turn, a call, the field or a bet."""
        if isinstance(preview, act.TotalPreview) and preview.kind == "draw":
            return _("Your cards total {total}; you take the top card of the draw pile.").format(
                total=preview.total
            )
        if isinstance(preview, act.TotalPreview) and preview.kind == "stand":
            return _("You keep your cards (total {total}).").format(total=preview.total)
        if isinstance(preview, act.CallPreview):
            label = hand_label(preview.hand)
            return _(
                "You hold {hand}. Final betting starts with you, then every hand is revealed."
            ).format(hand=label)
        if isinstance(preview, act.FieldPreview):
            return _(
                "{cards} go face up into your Interference Field: safe from a Sabacc Shift, but "
                "everyone sees them, and they stay there for the hand."
            ).format(cards=", ".join(map(card_name, preview.cards)))
        return super().preview(preview)

    def rank_label(self, hand: Fact) -> str:
        """A Project hand's name."""
        assert isinstance(hand, HandEval)
        return hand_label(hand)


reasons(
    {
        "no_field_card": N_("You have no card you could put into the Interference Field now."),
        "different_cards": N_("Choose one or more different cards."),
        "cannot_field": N_("You can't put {card} into the field now."),
    }
)

WORDS = ProjectWords()
