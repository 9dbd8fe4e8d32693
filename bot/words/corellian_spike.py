"""Corellian Spike's words: its events, table, private hand, controls, previews and hand names,
written from the engine's facts (:mod:`engine.variants.corellian_spike.events`,
:mod:`engine.variants.corellian_spike.views`, :mod:`engine.variants.corellian_spike.actions`).
The two-pot family's shared words are :mod:`bot.words.twopot`'s."""

from __future__ import annotations

import dataclasses
import functools
from typing import ClassVar

from bot.i18n import N_, _, ngettext, per_locale
from bot.words.base import EventText, fields_line, later
from bot.words.reasons import reasons
from bot.words.twopot import (
    Info,
    TwoPotWords,
    dice_row,
    joined,
    last_line,
    seat_status,
    shift_highlight,
)
from bot.words.vocab import suit_name
from engine.core.facts import Fact
from engine.core.game import ActionSpec, Option
from engine.variants.corellian_spike import events as ev
from engine.variants.corellian_spike.actions import (
    NOT_HELD,
    Fee,
    SwapFor,
    SwapPreview,
    TotalPreview,
)
from engine.variants.corellian_spike.cards import CATEGORIES, Card, Category, HandEval, hand_key
from engine.variants.corellian_spike.state import Phase
from engine.variants.corellian_spike.views import SpikeHand, SpikeSeat, SpikeTable
from engine.variants.twopot.cards import signed
from engine.variants.twopot.events import Worded
from engine.variants.twopot.views import HAND_POT, SABACC_POT

TITLE = N_("Corellian Spike")
PHASES = {Phase.CARD: N_("Card phase"), Phase.CHOOSE: N_("Card phase"), Phase.BET: N_("Betting")}
STAGES = {ev.Stage.CARDS: N_("card phase"), ev.Stage.BETTING: N_("betting")}
POTS = {HAND_POT: N_("Hand pot"), SABACC_POT: N_("Sabacc pot")}
NAMES = dict(CATEGORIES)  # the rules' name of each category (English: translated when shown)
CATEGORY_NAMES = (  # the same names, marked for the catalogs
    N_("Pure Sabacc"),
    N_("Full Sabacc"),
    N_("Fleet"),
    N_("Yee-Haa"),
    N_("Rhylet"),
    N_("Squadron"),
    N_("Gee Whiz"),
    N_("Straight Khyron"),
    N_("Banthas Wild"),
    N_("Rule of Two"),
    N_("Sabacc Pair"),
    N_("Sabacc"),
    N_("Nulrhek"),
)
DETAILS = {  # category -> its detail, from the key's a and b
    Category.FLEET: N_("four {a}s"),
    Category.YEE_HAA: N_("pair of {a}s"),
    Category.RHYLET: N_("three {a}s and two {b}s"),
    Category.SQUADRON: N_("four {a}s"),
    Category.STRAIGHT_KHYRON: N_("run from {a}"),
    Category.BANTHAS_WILD: N_("three {a}s"),
    Category.RULE_OF_TWO: N_("{a}s and {b}s"),
    Category.SABACC_PAIR: N_("{a}s"),
}
STEPS = {  # why the winning hand beat the runner-up's
    ev.Step.SABACC: N_("a Sabacc beats every Nulrhek"),
    ev.Step.CATEGORY: N_("a better hand category"),
    ev.Step.CLOSER: N_("closer to zero"),
    ev.Step.POSITIVE: N_("a positive total beats a negative one"),
    ev.Step.SET_CLOSER: N_("its set is closer to zero"),
    ev.Step.RUN_CLOSER: N_("its run starts closer to zero"),
    ev.Step.MORE_CARDS: N_("more cards ({mine} vs {theirs})"),
    ev.Step.POSITIVE_TOTAL: N_("a higher positive card total ({mine} vs {theirs})"),
    ev.Step.POSITIVE_CARD: N_("a higher single positive card ({mine} vs {theirs})"),
}
MOVES = {  # a card action's line, from the player, the fee, the hand size and the cards moved
    "stand": N_("{who} stands."),
    "swap": N_(
        "{who} swaps: takes {took} from the discard pile and puts {put} on it{fee} ({size})."
    ),
    "discard_gain": N_("{who} discards {put}, then gains a card{fee} ({size})."),
    "gain": N_("{who} gains a card{fee} ({size})."),
    "keep": N_("{who} keeps the drawn card ({size})."),
    "discard": N_("{who} discards {put} ({size})."),
}
CONTROLS = {  # kind -> (label, prompt); {fee} and {top} come from the control's facts
    "keep": (N_("Keep it"), ""),
    "discard": (N_("Discard a card"), N_("Which card goes face up on the discard pile?")),
    "gain": (N_("Gain (draw){fee}"), ""),
    "gain_discard": (
        N_("Discard, then gain{fee}"),
        N_("Which card do you discard before drawing?"),
    ),
    "swap": (N_("Swap for {top}{fee}"), N_("Which card do you give for {top}?")),
    "stand": (N_("Stand"), ""),
    "junk": (N_("Junk"), ""),
}
CHOOSE_LATER = N_("Gain{fee}")  # the gain control when the card is chosen after the draw
CHOOSING = N_("Keep the drawn card or put one card face up on the discard pile.")


@functools.cache  # (the same in every language; bounded: only the deck's cards parse)
def card_name(notation: str) -> str:
    """A card as players read it: ``● +5``, ``■ -3``, ``Ø Sylop``."""
    return Card.parse(notation).display


def shown(notations: tuple[str, ...] | list[str]) -> str:
    """Cards as players read them: ``● +5, Ø Sylop``."""
    return ", ".join(map(card_name, notations))


def label(category: Category, total: int, a: int, b: int) -> str:
    """A hand's name: ``Fleet (four 5s)``, ``Rule of Two (3s and 5s)``, ``Nulrhek −2``."""
    if category is Category.NULRHEK:
        return _("Nulrhek") + f" {signed(total)}"
    detail = DETAILS.get(category)
    name = _(NAMES[category])
    return f"{name} ({_(detail).format(a=a, b=b)})" if detail else name


def hand_label(hand: HandEval) -> str:
    """The name of an evaluated hand."""
    return label(hand.category, hand.total, *hand.detail)


@per_locale(maxsize=64)  # (every card action: few distinct fees and sizes)
def _fee(fee: int) -> str:
    return " (" + _("fee {n}").format(n=fee) + ")" if fee else ""


@per_locale(maxsize=64)
def _size(cards: int) -> str:
    return ngettext("{n} card", "{n} cards", cards).format(n=cards)


def _card_action(e: ev.CardAction) -> str:
    move = "discard_gain" if e.kind is ev.Move.GAIN and e.put else str(e.kind)  # (its value)
    return _(MOVES[move]).format(
        who=e.player,
        fee=_fee(e.fee),
        size=_size(e.cards),
        put=card_name(e.put) if e.put else "",
        took=card_name(e.took) if e.took else "",
    )


def _shift_done(e: ev.ShiftDone) -> str:
    parts = "; ".join(f"{p} {shown(cards)}" for p, cards in e.discarded)
    counts = ", ".join(f"{p} {len(cards)}" for p, cards in e.discarded)
    return _(
        "Sabacc Shift: every hand goes face up to the discard pile ({parts}) and is redealt "
        "with as many cards ({counts})."
    ).format(parts=parts, counts=counts)


def decided(e: ev.HandDecided | Worded) -> str:
    """Who won the hand and why."""
    if isinstance(e, Worded):
        return e.text
    head, winner = _("Hand {n}: ").format(n=e.hand_no), e.winners[0]
    if e.why is ev.Why.CONCEDED or e.best is None:
        return head + _("{player} wins — everyone else junked (no reveal).").format(player=winner)
    best = hand_label(e.best)
    if e.why in (ev.Why.SPLIT_RULE, ev.Why.NO_CARD):
        why = _("house rule: ties split") if e.why is ev.Why.SPLIT_RULE else _("no card to draw")
        who = joined(e.winners)
        return head + _("{players} tie with {hand} on every tie-break and split ({why}).").format(
            players=who, hand=best, why=why
        )
    if e.why is ev.Why.BLIND_DRAW:
        return head + _(
            "{player} wins with {hand}: tied with {others} on every tie-break, won the single "
            "blind draw."
        ).format(player=winner, hand=best, others=joined(e.tied))
    assert e.runner_hand is not None and e.step is not None
    why = _(STEPS[e.step]).format(mine=e.mine, theirs=e.theirs)
    lose = hand_label(e.runner_hand)
    return head + _("{player} wins with {hand} over {runner}'s {other} ({why}).").format(
        player=winner, hand=best, runner=e.runner, other=lose, why=why
    )


EVENTS: dict[type, EventText] = {
    ev.HandStarted: fields_line(
        N_(
            "Hand {n}: {starter} starts. {players} players ante {hand_ante} + {sabacc_ante} "
            "(hand pot {hand_pot}, Sabacc pot {sabacc_pot}). Two cards each; the discard pile "
            "starts with {card}."
        ),
        card=lambda e: card_name(e.discard),
    ),
    ev.CashedOut: lambda e: _(
        "{player} cannot pay the antes and is out of the game ({credits} left)."
    ).format(player=e.player, credits=e.credits),
    ev.PhaseStarted: lambda e: (
        _("Round {n}/{rounds} · {phase}.").format(
            n=e.round_no, rounds=e.rounds, phase=_(STAGES[e.phase])
        )
        + (" " + _("Skipped: nobody can bet.") if e.note is ev.PhaseNote.SKIPPED else "")
    ),
    ev.CardAction: _card_action,
    ev.Junked: lambda e: (
        _("{player} folds (junks): {cards} go face up to the discard pile.")
        if e.folded
        else _("{player} junks: {cards} go face up to the discard pile.")
    ).format(player=e.player, cards=shown(e.cards)),
    ev.DiceRolled: lambda e: (
        "🎲 "
        + _("Spike dice (round {n}): {d1} and {d2}").format(n=e.round_no, d1=e.die1, d2=e.die2)
        + " — "
        + (_("doubles: SABACC SHIFT!") if e.shift else _("no shift."))
    ),
    ev.ShiftDone: _shift_done,
    ev.Revealed: lambda e: _("{player} reveals {cards} — total {total}: {hand}.").format(
        player=e.player, cards=shown(e.cards), total=signed(e.hand.total), hand=hand_label(e.hand)
    ),
    ev.HandDecided: decided,
}


def _info(t: SpikeTable) -> tuple[tuple[str, str], ...]:
    """The info lines."""
    over = t.phase is Phase.GAME_OVER
    info: list[tuple[str, str]] = []
    if not over:
        info.append((_("Starting player"), t.starter))
        info.append((_("Round"), _("{n} of {rounds}").format(n=t.round_no, rounds=t.rounds)))
        if t.discard_top is not None:
            info.append((_("Discard pile"), card_name(t.discard_top)))
        if t.phase is Phase.BET:
            info.append((_("Current bet"), str(t.current_bet)))
    dice, _shift = dice_row(t.dice, _("spike dice"), over=over, label=_("Spike dice"))
    if dice is not None:
        info.append(dice)
    if t.decided is not None:
        info.append((_("Last hand"), last_line(t.decided, decided)))
    return tuple(info)


@per_locale(maxsize=256)
def _phase_line(phase: Phase, hand_no: int, round_no: int, rounds: int) -> str:
    """The table's phase: ``Hand 2 · Round 1/3 · Betting``."""
    if phase is Phase.GAME_OVER:
        return _("Game over")
    return _("Hand {n} · Round {round}/{rounds} · {phase}").format(
        n=hand_no, round=round_no, rounds=rounds, phase=_(PHASES[phase])
    )


def _seat_words(seat: SpikeSeat, phase: Phase) -> tuple[str, str]:
    """A seat's status and public text."""
    flags = (
        (seat.all_in, _("all-in")),
        (phase is Phase.BET and bool(seat.commit), _("bet {n}").format(n=seat.commit)),
    )
    over = phase is Phase.GAME_OVER
    status = seat_status(seat.place, dealt=seat.dealt, live=seat.live, over=over, flags=flags)
    public = "" if seat.cards is None else _("{n} cards").format(n=seat.cards)
    return status, public


def _notes(own: SpikeHand) -> tuple[str, ...]:
    notes: list[str] = []
    if own.hand is not None:
        notes.append(
            _("Total {total}: {hand}").format(
                total=signed(own.hand.total), hand=hand_label(own.hand)
            )
        )
    if own.choosing:
        notes.append(_(CHOOSING))
    note = own.note
    if isinstance(note, ev.Drew):
        notes.append(_("You drew {card}.").format(card=card_name(note.card)))
    elif isinstance(note, ev.ShiftDealt):
        notes.append(_("The Sabacc Shift dealt you {cards}.").format(cards=shown(note.cards)))
    elif isinstance(note, Worded):
        notes.append(note.text)
    return tuple(notes)


def _option(option: Option) -> Option:
    card = Card.parse(option.value)
    if card.suit is None:
        return Option(option.value, card.display, _("Sylop, value 0"))
    suit = suit_name(str(card.suit))
    return Option(
        option.value,
        card.display,
        _("{suit}, value {value}").format(suit=suit, value=signed(card.value)),
    )


class SpikeWords(TwoPotWords):
    """The renderer of Corellian Spike."""

    variant: ClassVar[str] = "corellian-spike"
    events: ClassVar[dict[type, EventText]] = EVENTS
    title: ClassVar[str] = TITLE
    pots: ClassVar[dict[str, str]] = POTS
    table_facts: ClassVar[type | None] = SpikeTable
    hand_facts: ClassVar[type | None] = SpikeHand
    rank_type: ClassVar[type | None] = HandEval

    def __init__(self) -> None:
        super().__init__()
        self.words[ev.BlindDrew] = self.blind_drew
        self.words[ev.PotAwarded] = self.spike_pot_awarded

    def card_name(self, notation: str) -> str:
        """A Corellian Spike card's readable name."""
        return card_name(notation)

    def blind_drew(self, e: ev.BlindDrew) -> str:
        """One single-blind-draw round for a hand-pot layer."""
        what = _("Single blind draw") if e.level == 0 else _("Blind redraw")
        parts = ", ".join(
            _("{player} draws {card}").format(player=p, card=card_name(c)) for p, c in e.draws
        )
        return _("{what} for the {pot}: {draws}.").format(
            what=what, pot=self.pot_name(e.pot, e.pots), draws=parts
        )

    def spike_pot_awarded(self, e: ev.PotAwarded) -> str:
        """A hand-pot layer paid to its winner, or split with each share."""
        pot = self.pot_name(e.index, e.count)
        if len(e.shares) == 1:
            return _("{player} wins the {pot} ({amount}).").format(
                player=e.shares[0][0], pot=pot, amount=e.amount
            )
        split = ", ".join(f"{p} {n}" for p, n in e.shares)
        return _("The {pot} ({amount}) is split: {shares}.").format(
            pot=pot, amount=e.amount, shares=split
        )

    def write_table(self, t: SpikeTable) -> tuple[str, Info, str]:
        """The phase, info lines (written when first read) and highlight of a
        :class:`SpikeTable`."""
        phase = _phase_line(t.phase, t.hand_no, t.round_no, t.rounds)
        over = t.phase is Phase.GAME_OVER
        highlight = shift_highlight(t.dice, N_("spike dice"), over, t.decided, decided)
        return phase, later(_info, t), highlight

    write_seat = staticmethod(_seat_words)

    def write_hand(self, own: Fact) -> tuple[str, tuple[str, ...]]:
        """A seat's cards, its hand's value and its last private note."""
        assert isinstance(own, SpikeHand)
        text = "  ".join(map(card_name, own.cards)) if own.cards else _("no cards")
        return text, _notes(own)

    def spec(self, spec: ActionSpec) -> ActionSpec:
        """A card control's label, prompt and card options (betting controls come worded)."""
        if spec.label or spec.kind not in CONTROLS:
            return spec
        label_, prompt = CONTROLS[spec.kind]
        facts = spec.facts
        fee, top = 0, ""
        if isinstance(facts, Fee):
            fee = facts.fee
            if facts.then_choose:
                label_ = CHOOSE_LATER
        elif isinstance(facts, SwapFor):
            fee, top = facts.fee, card_name(facts.top)
        return dataclasses.replace(
            spec,
            label=_(label_).format(fee=_fee(fee), top=top),
            prompt=_(prompt).format(top=top) if prompt else "",
            options=tuple(map(_option, spec.options)),
        )

    def preview(self, preview: str | Fact) -> str:
        """The private line about a card choice or a bet."""
        if isinstance(preview, SwapPreview):
            card, top = card_name(preview.card), card_name(preview.top)
            return _("You give {card} for {top}: {hand}.").format(
                card=card, top=top, hand=hand_label(preview.hand)
            )
        if isinstance(preview, TotalPreview) and preview.card:  # a discard
            card = card_name(preview.card)
            return _("Without {card} your cards total {total}.").format(
                card=card, total=signed(preview.total)
            )
        return super().preview(preview)

    def rank_label(self, hand: Fact) -> str:
        """A Corellian Spike hand's name."""
        assert isinstance(hand, HandEval)
        return hand_label(hand)

    def hand_name(self, hand: str | Fact) -> str:
        """A hand's name: from its evaluation, or from the ``category:total:a:b`` key the seat
        records keep (a name stored by an earlier version is shown as it is)."""
        if isinstance(hand, str) and (parts := hand_key(hand)) is not None:
            return label(*parts)
        return super().hand_name(hand)


WORDS = SpikeWords()

reasons({NOT_HELD: N_("You don't hold {choice}.")})
