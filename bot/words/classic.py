"""Classic Sabacc's words: its events, table, private hand, controls, previews and hand names,
written from the engine's facts (:mod:`engine.variants.classic.events`,
:mod:`engine.variants.classic.views`, :mod:`engine.variants.classic.actions`). The two-pot
family's shared words are :mod:`bot.words.twopot`'s."""

from __future__ import annotations

from enum import StrEnum
from operator import attrgetter
from typing import ClassVar

from bot.i18n import N_, _, ngettext, per_locale
from bot.words.base import EventText, fields_line, later
from bot.words.twopot import (
    Info,
    TwoPotWords,
    dice_row,
    joined,
    last_line,
    seat_status,
    shift_highlight,
    uncontested,
)
from engine.core.facts import Fact
from engine.core.game import ActionSpec, Option
from engine.variants.classic import events as ev
from engine.variants.classic.actions import CallPreview, StasisPreview, TotalPreview
from engine.variants.classic.cards import Card, CardError, Category, HandEval
from engine.variants.classic.state import Phase
from engine.variants.classic.views import HAND_POT, ClassicHand, ClassicSeat, ClassicTable
from engine.variants.twopot.cards import minus, signed
from engine.variants.twopot.events import Worded

PHASES = {
    Phase.BET: N_("Betting"),
    Phase.TRADE: N_("Trade"),
    Phase.FINAL_TURNS: N_("Final turns"),
}
POTS = {HAND_POT: N_("Hand pot"), "sabacc": N_("Sabacc pot")}
CONTROLS = {  # kind -> (label, prompt): English source, translated when shown
    "gain": (N_("Gain (draw a card)"), ""),
    "change": (N_("Change a card"), N_("Which card do you discard before drawing?")),
    "stand": (N_("Stand"), ""),
    "end_turn": (N_("End turn"), ""),
    "call_hand": (N_("Call the hand"), ""),
    "stasis": (N_("Put in stasis"), N_("Which card goes face up into your stasis field?")),
    "unstasis": (N_("Take from stasis"), N_("Which stasis card goes back into your hand?")),
}
SUIT_NAMES = {
    "coins": N_("Coins"),
    "flasks": N_("Flasks"),
    "sabers": N_("Sabers"),
    "staves": N_("Staves"),
}
SPECIAL_NAMES = {
    "idiot": N_("The Idiot"),
    "queen": N_("The Queen of Air and Darkness"),
    "endurance": N_("Endurance"),
    "balance": N_("Balance"),
    "demise": N_("Demise"),
    "moderation": N_("Moderation"),
    "evil_one": N_("The Evil One"),
    "star": N_("The Star"),
}
RANK_NAMES = {12: N_("Commander"), 13: N_("Mistress"), 14: N_("Master"), 15: N_("Ace")}


@per_locale(maxsize=256)
def card_name(notation: str) -> str:
    """A card's readable name (``queen#2`` → ``The Queen of Air and Darkness (−2)``)."""
    card = Card.parse(notation)
    if card.special is not None:
        return f"{_(SPECIAL_NAMES[card.special])} ({signed(card.value)})"
    assert card.suit is not None
    suit = _(SUIT_NAMES[card.suit])
    if card.rank in RANK_NAMES:
        return _("{rank} of {suit} ({value})").format(
            rank=_(RANK_NAMES[card.rank]), suit=suit, value=card.rank
        )
    return _("{value} of {suit}").format(value=card.rank, suit=suit)


def shown(notation: str) -> str:
    """A card as a reveal shows it; ``""`` (no card left to draw) reads ``no card``."""
    try:
        return card_name(notation)
    except CardError:
        return notation or _("no card")


def describe(notations: tuple[str, ...]) -> str:
    """Cards by name (``no cards`` when empty)."""
    return ", ".join(map(card_name, notations)) if notations else _("no cards")


def hand_label(hand: HandEval) -> str:
    """A hand's name: ``Idiot's Array``, ``Pure Sabacc −23``, ``Nulhrek 22``, …"""
    if hand.category is Category.IDIOTS_ARRAY:
        return _("Idiot's Array")
    if hand.category is Category.PURE_SABACC:
        return _("Pure Sabacc {total}").format(total=signed(hand.total))
    if hand.category is Category.FAIRY_EMPRESS:
        return _("The Fairy Empress")
    if hand.category is Category.NULHREK:
        return _("Nulhrek {total}").format(total=signed(hand.total))
    return _("Bomb-out ({total})").format(total=signed(hand.total))


def decided(e: ev.HandDecided | Worded) -> str:
    """Why the hand went the way it did."""
    if isinstance(e, Worded):
        return e.text
    who, why = joined(e.winners), e.why
    if why is ev.Why.UNCONTESTED:
        return uncontested(who)
    if why is ev.Why.ALL_BOMBED_IN_DEMISE:
        return _(
            "Every tied player bombed out in Sudden Demise: the main pot goes to the Sabacc pot"
        )
    if why is ev.Why.NO_VALID_HAND:
        return _("No valid hand: the hand pot goes to the Sabacc pot")
    if e.tied_at is not None:
        tie = _("{players} tied at {hand}").format(
            players=joined(e.tied), hand=hand_label(e.tied_at)
        )
        if why is ev.Why.TIED_BOMBED:
            return _("{who} wins: {tie}, and every tied player bombed out in Sudden Demise").format(
                who=who, tie=tie
            )
        if why is ev.Why.TIE_STANDS:
            return _(
                "{who} split the pot: {tie} and the tie stands (no card left for Sudden Demise)"
            ).format(who=who, tie=tie)
        return ngettext(
            "{who} won by Sudden Demise: {tie}; {n} draw step broke the tie",
            "{who} won by Sudden Demise: {tie}; {n} draw steps broke the tie",
            e.steps,
        ).format(who=who, tie=tie, n=e.steps)
    if why is ev.Why.EXACT_TIE:
        return _("{who} tie exactly and split the pot").format(who=who)
    assert e.best is not None
    best = hand_label(e.best)
    if why is ev.Why.ONLY_VALID or e.runner is None:
        return _("{who} holds the only valid hand ({hand})").format(who=who, hand=best)
    runner = hand_label(e.runner)
    if why is ev.Why.OUTRANKS:
        return _("{who}: {best} outranks {other}").format(who=who, best=best, other=runner)
    if why is ev.Why.CLOSER:
        assert e.best.rank_key is not None and e.runner.rank_key is not None
        return _("{who}: {best} is closer to ±23 than {other} ({a} vs {b} away)").format(
            who=who, best=best, other=runner, a=e.best.rank_key[1], b=e.runner.rank_key[1]
        )
    return _("{who}: at equal distance the negative total wins ({best} over {other})").format(
        who=who, best=best, other=runner
    )


def _traded(e: ev.Traded) -> str:
    text = {
        "gain": N_("{player} gains a card ({n} cards)."),
        "change": N_("{player} changes a card ({n} cards)."),
    }.get(e.action, N_("{player} stands ({n} cards)."))
    return _(text).format(player=e.player, n=e.cards_held)


def _called(e: ev.HandCalled) -> str:
    return ngettext(
        "{player} CALLS THE HAND. {n} final trade turn, then the reveal. "
        "(A caller who does not win bombs out.)",
        "{player} CALLS THE HAND. {n} final trade turns, then the reveal. "
        "(A caller who does not win bombs out.)",
        e.final_turns,
    ).format(player=e.player, n=e.final_turns)


def _revealed(e: ev.Revealed) -> str:
    who = _("{player} (caller)").format(player=e.player) if e.caller else e.player
    cards = ", ".join(map(shown, e.cards))
    return _("{who} reveals {cards} — total {total}: {hand}.").format(
        who=who, cards=cards, total=e.hand.total, hand=hand_label(e.hand)
    )


def _draw_hand(hand: HandEval | ev.TieStands) -> str:
    return hand_label(hand) if isinstance(hand, HandEval) else _("tie stands")


EVENTS: dict[type, EventText] = {
    ev.HandStarted: fields_line(
        N_(
            "Hand {n}: {player} starts. {players} players ante {hand_ante} + {sabacc_ante} (hand "
            "pot {hand_pot}, Sabacc pot {sabacc_pot}). Two cards dealt to each player."
        ),
        player=attrgetter("starter"),
    ),
    ev.Traded: _traded,
    ev.HandCalled: _called,
    ev.DiceRolled: lambda e: (
        _("Dice (round {n}): {a} and {b}").format(n=e.round_no, a=e.die1, b=e.die2)
        + " — "
        + (_("doubles: SABACC SHIFT!") if e.shift else _("no shift."))
    ),
    ev.ShiftDone: lambda e: _(
        "Sabacc Shift: non-stasis cards discarded and redealt ({counts})."
    ).format(counts=", ".join(f"{p} {k}" for p, k in e.counts)),
    ev.Revealed: _revealed,
    ev.HandDecided: decided,
}


@per_locale(maxsize=256)
def _phase_line(phase: Phase, hand_no: int, round_no: int) -> str:
    """The table's phase: ``Hand 2 · Round 3 · Trade``."""
    if phase is Phase.GAME_OVER:
        return _("Game over")
    return _("Hand {n} · Round {round} · {phase}").format(
        n=hand_no, round=round_no, phase=_(PHASES[phase])
    )


def _seat_words(seat: ClassicSeat, phase: Phase) -> tuple[str, str]:
    """One seat's status and public text."""
    flags = (
        (seat.called, _("called")),
        (seat.all_in, _("all-in")),
        (phase is Phase.BET and bool(seat.commit), _("bet {n}").format(n=seat.commit)),
        (phase in (Phase.TRADE, Phase.FINAL_TURNS) and seat.traded, _("traded")),
    )
    over = phase is Phase.GAME_OVER
    status = seat_status(seat.place, dealt=seat.dealt, live=seat.live, over=over, flags=flags)
    if over or not seat.dealt or not seat.live:
        return status, ""
    text = _("{n} cards").format(n=seat.cards)
    if seat.stasis:
        text += " · " + _("stasis: {cards}").format(cards=", ".join(map(card_name, seat.stasis)))
    return status, text


def _info(t: ClassicTable) -> tuple[tuple[str, str], ...]:
    """The info lines."""
    over = t.phase is Phase.GAME_OVER
    info: list[tuple[str, str]] = []
    if not over:
        info.append((_("Starting player"), t.starter))
        info.append((_("Round"), str(t.round_no)))
        if t.phase is Phase.BET:
            info.append((_("Current bet"), str(t.current_bet)))
        if t.caller is not None:
            info.append((_("Caller"), t.caller))
        elif t.round_no < t.min_call_round:
            info.append((_("Call the hand"), _("from round {n}").format(n=t.min_call_round)))
        else:
            info.append((_("Call the hand"), _("allowed in the Trade phase")))
        info.append((_("Draw pile"), str(t.draw_pile)))
    dice, _shift = dice_row(t.dice, _("dice"), over=over)
    if dice is not None:
        info.append(dice)
    if t.decided is not None:
        info.append((_("Last hand"), last_line(t.decided, decided)))
    return tuple(info)


def _notes(own: ClassicHand) -> tuple[str, ...]:
    notes: list[str] = []
    if own.hand is not None:
        notes.append(
            _("Total {total}: {hand}").format(total=own.hand.total, hand=hand_label(own.hand))
        )
        if own.hand.bombed:
            notes.append(_("This hand would bomb out at the reveal (0, over 23 or under −23)."))
        if own.stasis:
            notes.append(_("Stasis field: {cards}").format(cards=describe(own.stasis)))
    note = own.note
    if isinstance(note, ev.Drew):
        notes.append(_("You drew {card}.").format(card=card_name(note.card)))
    elif isinstance(note, ev.ShiftDealt):
        notes.append(
            _("Sabacc Shift dealt you {cards}").format(cards=", ".join(map(card_name, note.cards)))
        )
    elif isinstance(note, Worded):
        notes.append(note.text)
    return tuple(notes)


def card_option(option: Option) -> Option:
    """A card option's words: the card's name and its value (Classic's deck, also the
    Project's)."""
    if option.label:
        return option
    card = Card.parse(option.value)
    return Option(option.value, card_name(option.value), _("value {n}").format(n=minus(card.value)))


class ClassicWords(TwoPotWords):
    """The renderer of Classic Sabacc."""

    variant: ClassVar[str] = "classic"
    events: ClassVar[dict[type, EventText]] = EVENTS
    title: ClassVar[str] = N_("Classic Sabacc")
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
            _("{player} draws {card} → {hand}").format(
                player=d.player, card=shown(d.card), hand=_draw_hand(d.hand)
            )
            for d in e.draws
        )
        return _("Sudden Demise for the {pot}: {draws}.").format(
            pot=self.pot_name(e.pot, e.pots), draws=parts
        )

    def write_table(self, t: ClassicTable) -> tuple[str, Info, str]:
        """The phase, info lines (written when first read) and highlight of a
        :class:`ClassicTable`."""
        over = t.phase is Phase.GAME_OVER
        highlight = shift_highlight(t.dice, N_("dice"), over, t.decided, decided)
        return _phase_line(t.phase, t.hand_no, t.round_no), later(_info, t), highlight

    write_seat = staticmethod(_seat_words)

    def write_hand(self, own: Fact) -> tuple[str, tuple[str, ...]]:
        """A seat's hidden cards, stasis field, hand value and last private note."""
        assert isinstance(own, ClassicHand)
        return self.stasis_hand(own.hidden, own.stasis), _notes(own)

    def options(self, spec: ActionSpec) -> tuple[Option, ...]:
        """Card options: each card's name and value."""
        return tuple(map(card_option, spec.options))

    def preview(self, preview: str | Fact) -> str:
        """The private line about a trade choice, a call or a bet."""
        if isinstance(preview, TotalPreview) and preview.kind == "change":
            name = card_name(preview.card)
            return _("Without {card} your cards total {total}; then you draw one card.").format(
                card=name, total=preview.total
            )
        if isinstance(preview, TotalPreview) and preview.kind == "gain":
            return _("Your cards total {total}; you add one more card.").format(total=preview.total)
        if isinstance(preview, StasisPreview):
            name = card_name(preview.card)
            if preview.into_field:
                return _(
                    "{card} goes face up into your stasis field (safe from a Sabacc Shift)."
                ).format(card=name)
            return _("{card} goes back into your hidden hand.").format(card=name)
        if isinstance(preview, CallPreview):
            label = hand_label(preview.hand)
            return _(
                "You hold {hand}. Everyone else gets a last turn; lose and you bomb out."
            ).format(hand=label)
        return super().preview(preview)

    def rank_label(self, hand: Fact) -> str:
        """A Classic hand's name."""
        assert isinstance(hand, HandEval)
        return hand_label(hand)

    def hand_name(self, hand: str | Fact) -> str:
        """A hand's name (a Sudden-Demise draw that left the tie standing says so)."""
        return _("tie stands") if isinstance(hand, ev.TieStands) else super().hand_name(hand)


WORDS = ClassicWords()
