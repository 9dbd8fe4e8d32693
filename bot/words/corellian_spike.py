"""Corellian Spike's words: its events, table, private hand, controls, previews and hand names,
written from the engine's facts (:mod:`engine.variants.corellian_spike.events`,
:mod:`engine.variants.corellian_spike.views`, :mod:`engine.variants.corellian_spike.actions`).
The two-pot family's shared words are :mod:`bot.words.twopot`'s."""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import ClassVar

from bot.words.base import EventText, Remembered
from bot.words.reasons import reasons
from bot.words.twopot import Info, Seats, SeatWords, TwoPotWords, dice_row, joined, seat_status
from engine.core.facts import Fact
from engine.core.game import ActionSpec, Option, SeatView
from engine.variants.corellian_spike import events as ev
from engine.variants.corellian_spike.actions import (
    NOT_HELD,
    Fee,
    SwapFor,
    SwapPreview,
    WithoutPreview,
)
from engine.variants.corellian_spike.cards import CATEGORIES, Card, Category, HandEval, hand_key
from engine.variants.corellian_spike.state import Phase
from engine.variants.corellian_spike.views import SpikeHand, SpikeSeat, SpikeTable
from engine.variants.twopot.cards import signed
from engine.variants.twopot.events import Worded
from engine.variants.twopot.views import HAND_POT, SABACC_POT

TITLE = "Corellian Spike"
PHASES = {Phase.CARD: "Card phase", Phase.CHOOSE: "Card phase", Phase.BET: "Betting"}
POTS = {HAND_POT: "Hand pot", SABACC_POT: "Sabacc pot"}
NAMES = dict(CATEGORIES)  # the rules' name of each category
DETAILS = {  # category -> its detail, from the key's a and b
    Category.FLEET: "four {a}s",
    Category.YEE_HAA: "pair of {a}s",
    Category.RHYLET: "three {a}s and two {b}s",
    Category.SQUADRON: "four {a}s",
    Category.STRAIGHT_KHYRON: "run from {a}",
    Category.BANTHAS_WILD: "three {a}s",
    Category.RULE_OF_TWO: "{a}s and {b}s",
    Category.SABACC_PAIR: "{a}s",
}
STEPS = {  # why the winning hand beat the runner-up's
    ev.Step.SABACC: "a Sabacc beats every Nulrhek",
    ev.Step.CATEGORY: "a better hand category",
    ev.Step.CLOSER: "closer to zero",
    ev.Step.POSITIVE: "a positive total beats a negative one",
    ev.Step.SET_CLOSER: "its set is closer to zero",
    ev.Step.RUN_CLOSER: "its run starts closer to zero",
    ev.Step.MORE_CARDS: "more cards ({mine} vs {theirs})",
    ev.Step.POSITIVE_TOTAL: "a higher positive card total ({mine} vs {theirs})",
    ev.Step.POSITIVE_CARD: "a higher single positive card ({mine} vs {theirs})",
}
MOVES = {  # a card action's line, from the player, the fee, the hand size and the cards moved
    "stand": "{who} stands.",
    "swap": "{who} swaps: takes {took} from the discard pile and puts {put} on it{fee} ({size}).",
    "discard_gain": "{who} discards {put}, then gains a card{fee} ({size}).",
    "gain": "{who} gains a card{fee} ({size}).",
    "keep": "{who} keeps the drawn card ({size}).",
    "discard": "{who} discards {put} ({size}).",
}
CONTROLS = {  # kind -> (label, prompt); {fee} and {top} come from the control's facts
    "keep": ("Keep it", ""),
    "discard": ("Discard a card", "Which card goes face up on the discard pile?"),
    "gain": ("Gain (draw){fee}", ""),
    "gain_discard": ("Discard, then gain{fee}", "Which card do you discard before drawing?"),
    "swap": ("Swap for {top}{fee}", "Which card do you give for {top}?"),
    "stand": ("Stand", ""),
    "junk": ("Junk", ""),
}
CHOOSE_LATER = "Gain{fee}"  # the gain control when the card is chosen after the draw
CHOOSING = "Keep the drawn card or put one card face up on the discard pile."


def card_name(notation: str) -> str:
    """A card as players read it: ``● +5``, ``■ -3``, ``Ø Sylop``."""
    return Card.parse(notation).display


def shown(notations: tuple[str, ...] | list[str]) -> str:
    """Cards as players read them: ``● +5, Ø Sylop``."""
    return ", ".join(map(card_name, notations))


def label(category: Category, total: int, a: int, b: int) -> str:
    """A hand's name: ``Fleet (four 5s)``, ``Rule of Two (3s and 5s)``, ``Nulrhek −2``."""
    if category is Category.NULRHEK:
        return f"Nulrhek {signed(total)}"
    detail = DETAILS.get(category)
    name = NAMES[category]
    return f"{name} ({detail.format(a=a, b=b)})" if detail else name


def hand_label(hand: HandEval) -> str:
    """The name of an evaluated hand."""
    return label(hand.category, hand.total, *hand.detail)


def _fee(fee: int) -> str:
    return f" (fee {fee})" if fee else ""


def _size(cards: int) -> str:
    return f"{cards} card" if cards == 1 else f"{cards} cards"


def _card_action(e: ev.CardAction) -> str:
    move = "discard_gain" if e.kind is ev.Move.GAIN and e.put else e.kind.value
    return MOVES[move].format(
        who=e.player,
        fee=_fee(e.fee),
        size=_size(e.cards),
        put=card_name(e.put) if e.put else "",
        took=card_name(e.took) if e.took else "",
    )


def _shift_done(e: ev.ShiftDone) -> str:
    parts = "; ".join(f"{p} {shown(cards)}" for p, cards in e.discarded)
    counts = ", ".join(f"{p} {len(cards)}" for p, cards in e.discarded)
    return (
        f"Sabacc Shift: every hand goes face up to the discard pile ({parts}) and is "
        f"redealt with as many cards ({counts})."
    )


def decided(e: ev.HandDecided | Worded) -> str:
    """Who won the hand and why."""
    if isinstance(e, Worded):
        return e.text
    head, winner = f"Hand {e.hand_no}: ", e.winners[0]
    if e.why is ev.Why.CONCEDED or e.best is None:
        return f"{head}{winner} wins — everyone else junked (no reveal)."
    best = hand_label(e.best)
    if e.why in (ev.Why.SPLIT_RULE, ev.Why.NO_CARD):
        why = "house rule: ties split" if e.why is ev.Why.SPLIT_RULE else "no card to draw"
        who = joined(e.winners)
        return f"{head}{who} tie with {best} on every tie-break and split ({why})."
    if e.why is ev.Why.BLIND_DRAW:
        return (
            f"{head}{winner} wins with {best}: tied with {joined(e.tied)} on every tie-break, "
            "won the single blind draw."
        )
    assert e.runner_hand is not None and e.step is not None
    why = STEPS[e.step].format(mine=e.mine, theirs=e.theirs)
    lose = hand_label(e.runner_hand)
    return f"{head}{winner} wins with {best} over {e.runner}'s {lose} ({why})."


EVENTS: dict[type, EventText] = {
    ev.HandStarted: lambda e: (
        f"Hand {e.hand_no}: {e.starter} starts. {e.players} players ante {e.hand_ante} + "
        f"{e.sabacc_ante} (hand pot {e.hand_pot}, Sabacc pot {e.sabacc_pot}). Two cards each; "
        f"the discard pile starts with {card_name(e.discard)}."
    ),
    ev.CashedOut: lambda e: (
        f"{e.player} cannot pay the antes and is out of the game ({e.credits} left)."
    ),
    ev.PhaseStarted: lambda e: (
        f"Round {e.round_no}/{e.rounds} · {e.phase}."
        + (" Skipped: nobody can bet." if e.note is ev.PhaseNote.SKIPPED else "")
    ),
    ev.CardAction: _card_action,
    ev.Junked: lambda e: (
        f"{e.player} {'folds (junks)' if e.folded else 'junks'}: {shown(e.cards)} go face up to "
        "the discard pile."
    ),
    ev.DiceRolled: lambda e: (
        f"🎲 Spike dice (round {e.round_no}): {e.die1} and {e.die2} — "
        + ("doubles: SABACC SHIFT!" if e.shift else "no shift.")
    ),
    ev.ShiftDone: _shift_done,
    ev.Revealed: lambda e: (
        f"{e.player} reveals {shown(e.cards)} — total {signed(e.hand.total)}: {hand_label(e.hand)}."
    ),
    ev.HandDecided: decided,
}

_DECIDED = Remembered(64)


def _info(t: SpikeTable) -> tuple[tuple[str, str], ...]:
    """The info lines."""
    over = t.phase is Phase.GAME_OVER
    info: list[tuple[str, str]] = []
    if not over:
        info.append(("Starting player", t.starter))
        info.append(("Round", f"{t.round_no} of {t.rounds}"))
        if t.discard_top is not None:
            info.append(("Discard pile", card_name(t.discard_top)))
        if t.phase is Phase.BET:
            info.append(("Current bet", str(t.current_bet)))
    dice, _ = dice_row(t.dice, "spike dice", over=over, label="Spike dice")
    if dice is not None:
        info.append(dice)
    if t.decided is not None:
        info.append(("Last hand", _DECIDED.get(t.decided, decided)))
    return tuple(info)


def _highlight(t: SpikeTable) -> str:
    """A Sabacc Shift of the last roll, else how the last hand was decided."""
    _, highlight = dice_row(t.dice, "spike dice", over=t.phase is Phase.GAME_OVER)
    if not highlight and t.decided is not None:
        return _DECIDED.get(t.decided, decided)
    return highlight


@lru_cache(maxsize=1024)
def _seat_words(seat: SpikeSeat, phase: Phase) -> tuple[str, str]:
    """A seat's status and public text."""
    flags = (
        (seat.all_in, "all-in"),
        (phase is Phase.BET and bool(seat.commit), f"bet {seat.commit}"),
    )
    over = phase is Phase.GAME_OVER
    status = seat_status(seat.place, dealt=seat.dealt, live=seat.live, over=over, flags=flags)
    return status, "" if seat.cards is None else f"{seat.cards} cards"


_SEATS = SeatWords(_seat_words, 1024)
"""Written seats (a seat that did not change is written once)."""


def _notes(own: SpikeHand) -> tuple[str, ...]:
    notes: list[str] = []
    if own.hand is not None:
        notes.append(f"Total {signed(own.hand.total)}: {hand_label(own.hand)}")
    if own.choosing:
        notes.append(CHOOSING)
    note = own.note
    if isinstance(note, ev.Drew):
        notes.append(f"You drew {card_name(note.card)}.")
    elif isinstance(note, ev.ShiftDealt):
        notes.append(f"The Sabacc Shift dealt you {shown(note.cards)}.")
    elif isinstance(note, Worded):
        notes.append(note.text)
    return tuple(notes)


def _option(option: Option) -> Option:
    card = Card.parse(option.value)
    if card.suit is None:
        return Option(option.value, card.display, "Sylop, value 0")
    return Option(option.value, card.display, f"{card.suit}, value {signed(card.value)}")


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
        what = "Single blind draw" if e.level == 0 else "Blind redraw"
        parts = ", ".join(f"{p} draws {card_name(c)}" for p, c in e.draws)
        return f"{what} for the {self.pot_name(e.pot, e.pots)}: {parts}."

    def spike_pot_awarded(self, e: ev.PotAwarded) -> str:
        """A hand-pot layer paid to its winner, or split with each share."""
        pot = self.pot_name(e.index, e.count)
        if len(e.shares) == 1:
            return f"{e.shares[0][0]} wins the {pot} ({e.amount})."
        split = ", ".join(f"{p} {n}" for p, n in e.shares)
        return f"The {pot} ({e.amount}) is split: {split}."

    def write_table(self, t: Fact, seats: tuple[SeatView, ...]) -> tuple[str, Seats, Info, str]:
        """The phase, seats, info lines (written when first read) and highlight of a
        :class:`SpikeTable`."""
        assert isinstance(t, SpikeTable)
        phase = t.phase
        written = tuple([_SEATS.get(s, f, phase) for s, f in zip(seats, t.seats, strict=True)])
        text = (
            "Game over"
            if phase is Phase.GAME_OVER
            else f"Hand {t.hand_no} · Round {t.round_no}/{t.rounds} · {PHASES[phase]}"
        )
        return text, written, lambda: _info(t), _highlight(t)

    def write_hand(self, own: Fact) -> tuple[str, tuple[str, ...]]:
        """A seat's cards, its hand's value and its last private note."""
        assert isinstance(own, SpikeHand)
        text = "  ".join(map(card_name, own.cards)) if own.cards else "no cards"
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
            label=label_.format(fee=_fee(fee), top=top),
            prompt=prompt.format(top=top),
            options=tuple(map(_option, spec.options)),
        )

    def preview(self, preview: str | Fact) -> str:
        """The private line about a card choice or a bet."""
        if isinstance(preview, SwapPreview):
            card, top = card_name(preview.card), card_name(preview.top)
            return f"You give {card} for {top}: {hand_label(preview.hand)}."
        if isinstance(preview, WithoutPreview):
            card = card_name(preview.card)
            return f"Without {card} your cards total {signed(preview.total)}."
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

reasons({NOT_HELD: "You don't hold {choice}."})
