"""Kessel Sabacc's words for its views, controls, previews and refusals, written from the
engine's facts (:mod:`engine.variants.kessel.facts`); the log lines of its events and its
vocabulary are in :mod:`bot.words.kessel_log`."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import lru_cache, partial
from typing import ClassVar, TypeVar

from bot.words.base import EventText, Remembered, Words
from bot.words.kessel_log import (
    EVENTS,
    HIGHLIGHTS,
    PHASE_TITLES,
    STATUS,
    TOKEN_NAMES,
    TOKEN_RULES,
    card_name,
    cards_text,
    display,
    family_name,
    fix_text,
    note_text,
    short,
)
from bot.words.reasons import reasons
from engine.core.facts import Fact
from engine.core.game import ActionSpec, Option, PlayerView, PublicView, SeatView
from engine.variants.kessel import events as ev
from engine.variants.kessel import facts as fc
from engine.variants.kessel.cards import HandEval

__all__ = ["WORDS", "KesselWords"]

F = TypeVar("F", bound=Fact)


def _seat_public(seat: fc.SeatFacts) -> str:
    public = f"Hand Pot {seat.hand_pot} · tokens left {seat.tokens_left}"
    if seat.tokens:
        public += " · " + ", ".join(TOKEN_NAMES[t] for t in seat.tokens)
    if seat.immune:
        public += " · immune"
    if seat.embargoed:
        public += " · embargoed"
    return public


def _reveal_line(row: fc.RevealRow) -> str:
    parts = []
    for die in row.impostors:
        family = family_name(die.family)
        dice = die.dice
        rolled = f"{family} Impostor: {dice[0]} and {dice[1]}" if dice else ""
        if die.value is not None:
            parts.append(f"{rolled} → {die.value}" if dice else f"{family} Impostor: {die.value}")
        elif dice:
            parts.append(rolled + (", choosing" if die.choosing else ""))
        else:
            parts.append(f"{family} Impostor: rolls later")
    return f"{row.player}: {cards_text(row.cards)}" + (" — " + "; ".join(parts) if parts else "")


def _last_reveal(item: ev.HandRevealed | ev.RoundWon | str) -> str:
    if isinstance(item, str):  # a game saved before the reveal was kept as facts
        return item
    text = EVENTS[type(item)](item)
    assert text is not None
    return text


# The engine hands over the same fact objects while they do not change (the last reveal until
# the next one; seats and piles are shared instances): their words are written once.
_REVEALS = Remembered(64)
_SEATS = Remembered(1024)
_PILES = Remembered(1024)


_SEAT_VIEWS = Remembered(1024)


def _seat_view(seat: SeatView, facts: fc.SeatFacts) -> SeatView:
    """A seat with its words (its status and its public Hand Pot, tokens, immunity)."""
    status = STATUS.get(facts.status, facts.status)
    public = _SEATS.get(facts, _seat_public)
    return SeatView(seat.seat, seat.player, seat.stack, status, public, seat.active)


def _seats(seats: tuple[SeatView, ...], facts: tuple[fc.SeatFacts, ...]) -> tuple[SeatView, ...]:
    return tuple(_SEAT_VIEWS.pair(s, f, _seat_view) for s, f in zip(seats, facts, strict=True))


@lru_cache(maxsize=256)
def _pots(pots: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
    return tuple(("Hand Pots" if k == "hand_pots" else k, n) for k, n in pots)


def _pile_row(pile: fc.PileFacts) -> tuple[str, str]:
    top = card_name(pile.top) if pile.top else "empty"
    return f"{family_name(pile.family)} discard", f"{top} ({pile.deck} in deck)"


def _info(table: fc.TableFacts) -> tuple[tuple[str, str], ...]:
    info: list[tuple[str, str]] = []
    info.extend(_PILES.get(pile, _pile_row) for pile in table.piles)
    if table.round_no:  # none yet while the Shift Tokens are chosen
        info += [("Round", str(table.round_no)), ("Turn", f"{table.t}/3")]
    info.append(("Tokens in force", fix_text(table.fix)))
    if table.order:
        info.append(("Sabacc order", _order(table.order)))
    info.append(("Sabacc Pot", f"{table.sabacc_pot} credits"))
    if table.phase == "impostor":
        info.append(("Reveal", "\n".join(_reveal_line(row) for row in table.reveal)))
    elif table.last_reveal:
        reveal = table.last_reveal
        text = _REVEALS.get(reveal, lambda items: "\n".join(_last_reveal(r) for r in items))
        info.append(("Last reveal", text))
    return tuple(info)


@lru_cache(maxsize=256)
def _order(order: tuple[int, ...]) -> str:
    return " > ".join(f"{v}/{v}" for v in order)


def _phase(table: fc.TableFacts) -> str:
    if table.phase == "card_turn":
        return f"Turn {table.t}/3"
    return PHASE_TITLES[table.phase]


def _highlight(table: fc.TableFacts) -> str:
    if table.phase in HIGHLIGHTS:
        return HIGHLIGHTS[table.phase]
    if table.phase == "impostor":
        return f"Round {table.round_no} · Reveal: Impostor dice"
    return f"Round {table.round_no} · Turn {table.t}/3"


def _hand_result(note: fc.HandNote) -> str:
    return f"best case {short(note.hand)}" if note.impostor else short(note.hand)


def _lazily(
    option: Option, kind: type[F], label: Callable[[F], str], description: Callable[[F], str]
) -> Option:
    """``option`` with its words written from its facts (a ``kind``) when first read: the facts
    themselves (what a choice makes of the hand) are worked out only then too."""

    def facts() -> F:
        found = option.facts
        assert isinstance(found, kind), found
        return found

    return Option(
        option.value, lambda: label(facts()), lambda: description(facts()), lambda: facts()
    )


def _keep(option: Option) -> Option:
    return _lazily(
        option,
        fc.KeepOption,
        lambda k: f"Keep {card_name(k.card)} ({k.which}) → {_hand_result(k.note)}",
        lambda k: note_text(k.note),
    )


def _impostor(option: Option) -> Option:
    return _lazily(
        option,
        fc.ImpostorOption,
        lambda i: f"{i.value} → {short(i.hand)}",
        lambda i: " · ".join(f"{family_name(f)} Impostor {v}" for f, v in i.values),
    )


def _token(option: Option) -> Option:
    play = option.facts
    assert isinstance(play, fc.TokenOption)
    name = TOKEN_NAMES[play.token]
    label = name if play.target is None else f"{name} → {play.target}"
    return Option(option.value, label, TOKEN_RULES[play.token], play)


def _draw(option: Option) -> Option:
    pile = option.facts
    assert isinstance(pile, fc.DrawOption)
    family = family_name(pile.family)
    if pile.top is None:
        return Option(option.value, f"{family} deck", "", pile)
    face = pile.top.partition(":")[2].capitalize()
    return Option(option.value, f"{family} discard: {face}", "", pile)


def _impostor_prompt(dice: fc.ImpostorDice) -> str:
    text = "; ".join(f"{family_name(f)} Impostor rolled {a} and {b}" for f, (a, b) in dice.rolls)
    return text + "".join(
        f"; {family_name(f)} Impostor rolled a double: {v}" for f, v in dice.doubles
    )


def _label(spec: ActionSpec) -> tuple[str, str]:
    """A control's label and prompt."""
    kind, facts = spec.kind, spec.facts
    if kind == "select_tokens":
        prompt = "Pick 3 Shift Tokens for the whole game; missing picks are filled at random."
        return "Choose Shift Tokens", prompt
    if kind == "impostor":
        assert isinstance(facts, fc.ImpostorDice)
        return "Set your Impostor", _impostor_prompt(facts)
    if kind == "prime":
        return "Choose the Prime Sabacc", ""
    if kind == "keep":
        return "Keep which card?", "The other card goes to the discard pile."
    if kind == "token":
        return "Play a Shift Token", ""
    if kind == "draw":
        assert isinstance(facts, fc.DrawCost)
        return f"Draw ({'free' if facts.free else '1 chip'})", ""
    assert isinstance(facts, fc.StandOption)
    return ("Stand (Embargo)" if facts.embargo else "Stand"), ""


def _options(spec: ActionSpec) -> tuple[Option, ...]:
    kind = spec.kind
    if kind == "select_tokens":
        return tuple(
            Option(o.value, TOKEN_NAMES[o.value], TOKEN_RULES[o.value]) for o in spec.options
        )
    if kind == "prime":
        return tuple(Option(o.value, f"Prime Sabacc {o.value}/{o.value}") for o in spec.options)
    render = {"keep": _keep, "impostor": _impostor, "token": _token, "draw": _draw}.get(kind)
    return spec.options if render is None else tuple(render(o) for o in spec.options)


def _preview(preview: Fact) -> str:
    if isinstance(preview, fc.HandNote):
        return note_text(preview)
    if isinstance(preview, fc.DrawPreview):
        return f"Costs {preview.cost} chip(s): Stock {preview.stock}, Hand Pot {preview.hand_pot}"
    if isinstance(preview, fc.TokenPreview):
        return TOKEN_RULES[preview.token]
    assert isinstance(preview, fc.ImpostorPreview), preview
    return f"Your hand: {short(preview.hand)}"


class KesselWords(Words):
    """The renderer of Kessel Sabacc."""

    variant: ClassVar[str] = "kessel"
    events: ClassVar[dict[type, EventText]] = EVENTS

    def table(self, view: PublicView) -> PublicView:
        """The table's words: phase, seats' state and Hand Pot, piles, tokens, the reveal."""
        table = view.facts
        if not isinstance(table, fc.TableFacts):
            return view
        return PublicView(  # not dataclasses.replace: one view per change of every table
            view.variant,
            "Kessel Sabacc",
            _phase(table),
            view.hand_no,
            view.acting,
            partial(_seats, view.seats, table.seats),  # written when first read
            view.stack_unit,
            _pots(view.pots),
            partial(_info, table),  # written when the table message is drawn
            _highlight(table),
            view.finished,
            table,
        )

    def hand(self, view: PlayerView) -> PlayerView:
        """A seat's cards, what its hand is, its drawn card, Impostor dice and tokens."""
        own = view.facts
        if not isinstance(own, fc.HandFacts):
            return view
        notes: list[str] = []
        if own.cards:
            notes.append(note_text(own.note) if own.note else "")
        if own.drawn is not None:
            held = family_name(own.drawn.partition(":")[0])
            notes.append(f"Drawn: {card_name(own.drawn)} (keep it or your held {held})")
        if own.rolls:
            dice = ", ".join(f"{family_name(f)}: {a} or {b}" for f, (a, b) in own.rolls)
            notes.append(f"Impostor dice: {dice}")
        if own.tokens:
            notes.append("Your tokens: " + ", ".join(TOKEN_NAMES[t] for t in own.tokens))
        public = None if view.public is None else self.table(view.public)
        return dataclasses.replace(
            view,
            hand_text=cards_text(own.cards) or "no cards",
            notes=tuple(notes),
            public=public,
        )

    def spec(self, spec: ActionSpec) -> ActionSpec:
        """A control's label, prompt and options' words (worked out when first read)."""
        if spec.label:
            return spec
        label, prompt = _label(spec)
        return dataclasses.replace(spec, label=label, prompt=prompt, options=_options(spec))

    def preview(self, preview: str | Fact) -> str:
        """The private line about a choice."""
        return preview if isinstance(preview, str) else _preview(preview)

    def hand_name(self, hand: str | Fact) -> str:
        """A shown hand: ``3/3 Royal Sabacc``."""
        if isinstance(hand, HandEval):
            return display(hand)
        return super().hand_name(hand)


WORDS = KesselWords()

reasons(
    {
        "not_your_card_turn": "It is not your card turn.",
        "embargoed": "You are under Embargo: you must stand this turn.",
        "insufficient_stock": "You have no chips in your Stock to pay for a draw.",
        "empty_pile": lambda family, discard: (
            f"The {family_name(family)} {'discard' if discard else 'deck'} is empty."
        ),
        "no_drawn_card": "You have no drawn card to keep or discard.",
        "keep_drawn_or_held": "Keep either the drawn card or the card you held.",
        "no_impostor": "You have no Impostor to resolve.",
        "pick_impostor_dice": "Choose one of the two dice for each of your Impostors.",
        "unknown_tokens": lambda tokens: f"Unknown Shift Token: {', '.join(tokens)}.",
        "pick_tokens": "Pick exactly {count} Shift Tokens.",
        "tokens_not_distinct": "Your Shift Tokens must be different.",
        "token_taken": "That Shift Token was already taken from the shared pool.",
        "token_window_closed": (
            "Shift Tokens can only be played at the start of your own card turn, before you "
            "draw or stand."
        ),
        "one_token_per_turn": "You already played a Shift Token this turn.",
        "unknown_token": lambda token: f"There is no Shift Token {token!r}.",
        "not_held": lambda token: f"You don't hold {TOKEN_NAMES[token]}.",
        "no_target_needed": lambda token: f"{TOKEN_NAMES[token]} takes no target.",
        "target_missing": lambda token: f"{TOKEN_NAMES[token]} needs a target player.",
        "target_self": lambda token: f"{TOKEN_NAMES[token]} must target another player.",
        "target_invalid": "{player} is not playing this round.",
        "target_immune": "{player} is immune until the reveal.",
        "target_not_in_stand": "{player} is not in Stand.",
        "pick_prime_die": "Pick one of the two dice ({dice}).",
        "game_over": "The game is over.",
        "not_your_turn": "It is not your turn to act.",
        "choose_one": "Choose exactly one option for {kind}.",
        "not_now": lambda kind: f"You cannot {kind.replace('_', ' ')} now.",
        "unknown_pile": lambda pile: f"Unknown pile {pile!r}.",
        "unknown_target": lambda target: f"Unknown target {target!r}.",
        "pick_a_die": "Pick one of the two dice.",
        "pick_impostor_values": "Choose one of the rolled values for each Impostor.",
    }
)
