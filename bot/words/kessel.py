"""Kessel Sabacc's words for its views, controls, previews and refusals, written from the
engine's facts (:mod:`engine.variants.kessel.facts`); the log lines of its events and its
vocabulary are in :mod:`bot.words.kessel_log`."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import lru_cache
from typing import ClassVar, TypeVar

from bot.i18n import N_, _, per_locale
from bot.words.base import EventText, Remembered, Words, later
from bot.words.kessel_log import (
    EVENTS,
    FACES,
    HIGHLIGHTS,
    PHASE_TITLES,
    STATUS,
    card_name,
    cards_text,
    display,
    family_name,
    fix_text,
    from_key,
    note_text,
    short,
    token_name,
    token_rule,
)
from bot.words.reasons import reasons
from bot.words.vocab import action_name
from engine.core.facts import Fact
from engine.core.game import ActionSpec, Option, PlayerView, PublicView, SeatView
from engine.variants.kessel import events as ev
from engine.variants.kessel import facts as fc
from engine.variants.kessel.cards import HandEval

__all__ = ["WORDS", "KesselWords"]

F = TypeVar("F", bound=Fact)


WHICH = {"drawn": N_("drawn"), "held": N_("held")}


def _seat_public(seat: fc.SeatFacts) -> str:
    public = _("Hand Pot {pot} · tokens left {left}").format(
        pot=seat.hand_pot, left=seat.tokens_left
    )
    if seat.tokens:
        public += " · " + ", ".join(token_name(t) for t in seat.tokens)
    if seat.immune:
        public += " · " + _("immune")
    if seat.embargoed:
        public += " · " + _("embargoed")
    return public


def _reveal_line(row: fc.RevealRow) -> str:
    parts = []
    for die in row.impostors:
        family = family_name(die.family)
        dice = die.dice
        rolled = (
            _("{family} Impostor: {a} and {b}").format(family=family, a=dice[0], b=dice[1])
            if dice
            else ""
        )
        if die.value is not None:
            parts.append(
                f"{rolled} → {die.value}"
                if dice
                else _("{family} Impostor: {value}").format(family=family, value=die.value)
            )
        elif dice:
            parts.append(rolled + (", " + _("choosing") if die.choosing else ""))
        else:
            parts.append(_("{family} Impostor: rolls later").format(family=family))
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
    status = _(STATUS[facts.status]) if facts.status in STATUS else facts.status
    public = _SEATS.get(facts, _seat_public)
    return SeatView(seat.seat, seat.player, seat.stack, status, public, seat.active)


def _seats(seats: tuple[SeatView, ...], facts: tuple[fc.SeatFacts, ...]) -> tuple[SeatView, ...]:
    return tuple(_SEAT_VIEWS.pair(s, f, _seat_view) for s, f in zip(seats, facts, strict=True))


@per_locale(maxsize=256)
def _pots(pots: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
    return tuple((_("Hand Pots") if k == "hand_pots" else k, n) for k, n in pots)


def _pile_row(pile: fc.PileFacts) -> tuple[str, str]:
    top = card_name(pile.top) if pile.top else _("empty")
    return (
        _("{family} discard").format(family=family_name(pile.family)),
        _("{top} ({n} in deck)").format(top=top, n=pile.deck),
    )


def _info(table: fc.TableFacts) -> tuple[tuple[str, str], ...]:
    info: list[tuple[str, str]] = []
    info.extend(_PILES.get(pile, _pile_row) for pile in table.piles)
    if table.round_no:  # none yet while the Shift Tokens are chosen
        info += [(_("Round"), str(table.round_no)), (_("Turn"), f"{table.t}/3")]
    info.append((_("Tokens in force"), fix_text(table.fix)))
    if table.order:
        info.append((_("Sabacc order"), _order(table.order)))
    info.append((_("Sabacc Pot"), _("{n} credits").format(n=table.sabacc_pot)))
    if table.phase == "impostor":
        info.append((_("Reveal"), "\n".join(_reveal_line(row) for row in table.reveal)))
    elif table.last_reveal:
        reveal = table.last_reveal
        text = _REVEALS.get(reveal, lambda items: "\n".join(_last_reveal(r) for r in items))
        info.append((_("Last reveal"), text))
    return tuple(info)


@lru_cache(maxsize=256)
def _order(order: tuple[int, ...]) -> str:
    return " > ".join(f"{v}/{v}" for v in order)


@per_locale(maxsize=256)
def _headline(phase: str, round_no: int, t: int) -> tuple[str, str, str]:
    """The table's title, its phase and its highlight."""
    title = _("Kessel Sabacc")
    if phase == "card_turn":
        return title, _("Turn {turn}/3").format(turn=t), _highlight(phase, round_no, t)
    return title, _(PHASE_TITLES[phase]), _highlight(phase, round_no, t)


def _highlight(phase: str, round_no: int, t: int) -> str:
    if phase in HIGHLIGHTS:
        return _(HIGHLIGHTS[phase]) if HIGHLIGHTS[phase] else ""
    if phase == "impostor":
        return _("Round {round} · Reveal: Impostor dice").format(round=round_no)
    return _("Round {round} · Turn {turn}/3").format(round=round_no, turn=t)


def _hand_result(note: fc.HandNote) -> str:
    if note.impostor:
        return _("best case {hand}").format(hand=short(note.hand))
    return short(note.hand)


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
        lambda k: _("Keep {card} ({which}) → {hand}").format(
            card=card_name(k.card), which=_(WHICH[k.which]), hand=_hand_result(k.note)
        ),
        lambda k: note_text(k.note),
    )


def _impostor(option: Option) -> Option:
    return _lazily(
        option,
        fc.ImpostorOption,
        lambda i: f"{i.value} → {short(i.hand)}",
        lambda i: " · ".join(
            _("{family} Impostor {value}").format(family=family_name(f), value=v)
            for f, v in i.values
        ),
    )


def _token(option: Option) -> Option:
    play = option.facts
    assert isinstance(play, fc.TokenOption)
    name = token_name(play.token)
    label = name if play.target is None else f"{name} → {play.target}"
    return Option(option.value, label, token_rule(play.token), play)


def _draw(option: Option) -> Option:
    pile = option.facts
    assert isinstance(pile, fc.DrawOption)
    family = family_name(pile.family)
    if pile.top is None:
        return Option(option.value, _("{family} deck").format(family=family), "", pile)
    face = pile.top.partition(":")[2]
    face = _(FACES[face]) if face in FACES else face
    label = _("{family} discard: {face}").format(family=family, face=face)
    return Option(option.value, label, "", pile)


def _impostor_prompt(dice: fc.ImpostorDice) -> str:
    text = "; ".join(
        _("{family} Impostor rolled {a} and {b}").format(family=family_name(f), a=a, b=b)
        for f, (a, b) in dice.rolls
    )
    return text + "".join(
        "; "
        + _("{family} Impostor rolled a double: {value}").format(family=family_name(f), value=v)
        for f, v in dice.doubles
    )


def _label(spec: ActionSpec) -> tuple[str, str]:
    """A control's label and prompt."""
    kind, facts = spec.kind, spec.facts
    if kind == "select_tokens":
        prompt = _("Pick 3 Shift Tokens for the whole game; missing picks are filled at random.")
        return _("Choose Shift Tokens"), prompt
    if kind == "impostor":
        assert isinstance(facts, fc.ImpostorDice)
        return _("Set your Impostor"), _impostor_prompt(facts)
    if kind == "prime":
        return _("Choose the Prime Sabacc"), ""
    if kind == "keep":
        return _("Keep which card?"), _("The other card goes to the discard pile.")
    if kind == "token":
        return _("Play a Shift Token"), ""
    if kind == "draw":
        assert isinstance(facts, fc.DrawCost)
        return (_("Draw (free)") if facts.free else _("Draw (1 chip)")), ""
    assert isinstance(facts, fc.StandOption)
    return (_("Stand (Embargo)") if facts.embargo else _("Stand")), ""


def _options(spec: ActionSpec) -> tuple[Option, ...]:
    kind = spec.kind
    if kind == "select_tokens":
        return tuple(
            Option(o.value, token_name(o.value), token_rule(o.value)) for o in spec.options
        )
    if kind == "prime":
        return tuple(
            Option(o.value, _("Prime Sabacc {value}/{value}").format(value=o.value))
            for o in spec.options
        )
    render = {"keep": _keep, "impostor": _impostor, "token": _token, "draw": _draw}.get(kind)
    return spec.options if render is None else tuple(render(o) for o in spec.options)


def _preview(preview: Fact) -> str:
    if isinstance(preview, fc.HandNote):
        return note_text(preview)
    if isinstance(preview, fc.DrawPreview):
        return _("Costs {cost} chip(s): Stock {stock}, Hand Pot {pot}").format(
            cost=preview.cost, stock=preview.stock, pot=preview.hand_pot
        )
    if isinstance(preview, fc.TokenOption):
        return token_rule(preview.token)
    assert isinstance(preview, fc.ImpostorOption), preview
    return _("Your hand: {hand}").format(hand=short(preview.hand))


class KesselWords(Words):
    """The renderer of Kessel Sabacc."""

    variant: ClassVar[str] = "kessel"
    events: ClassVar[dict[type, EventText]] = EVENTS

    def table(self, view: PublicView) -> PublicView:
        """The table's words: phase, seats' state and Hand Pot, piles, tokens, the reveal."""
        table = view.facts
        if not isinstance(table, fc.TableFacts):
            return view
        title, phase, highlight = _headline(table.phase, table.round_no, table.t)
        return PublicView(  # not dataclasses.replace: one view per change of every table
            view.variant,
            title,
            phase,
            view.hand_no,
            view.acting,
            later(_seats, view.seats, table.seats),  # written when first read
            view.stack_unit,
            _pots(view.pots),
            later(_info, table),  # written when the table message is drawn
            highlight,
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
            notes.append(
                _("Drawn: {card} (keep it or your held {family})").format(
                    card=card_name(own.drawn), family=held
                )
            )
        if own.rolls:
            dice = ", ".join(
                _("{family}: {a} or {b}").format(family=family_name(f), a=a, b=b)
                for f, (a, b) in own.rolls
            )
            notes.append(_("Impostor dice: {dice}").format(dice=dice))
        if own.tokens:
            notes.append(
                _("Your tokens: {tokens}").format(
                    tokens=", ".join(token_name(t) for t in own.tokens)
                )
            )
        public = None if view.public is None else self.table(view.public)
        return dataclasses.replace(
            view,
            hand_text=cards_text(own.cards) or _("no cards"),
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
        """A shown hand: ``3/3 Royal Sabacc``; a stored best hand (its key, ``3/3 ROYAL
        SABACC``) in the reader's words, in the same form."""
        if isinstance(hand, HandEval):
            return display(hand)
        if isinstance(hand, str):
            stored = from_key(hand)
            return hand if stored is None else short(stored)
        return super().hand_name(hand)


WORDS = KesselWords()

reasons(
    {
        "not_your_card_turn": N_("It is not your card turn."),
        "embargoed": N_("You are under Embargo: you must stand this turn."),
        "insufficient_stock": N_("You have no chips in your Stock to pay for a draw."),
        "empty_pile": lambda family, discard: (
            _("The {family} discard is empty.") if discard else _("The {family} deck is empty.")
        ).format(family=family_name(family)),
        "no_drawn_card": N_("You have no drawn card to keep or discard."),
        "keep_drawn_or_held": N_("Keep either the drawn card or the card you held."),
        "no_impostor": N_("You have no Impostor to resolve."),
        "pick_impostor_dice": N_("Choose one of the two dice for each of your Impostors."),
        "unknown_tokens": lambda tokens: _("Unknown Shift Token: {tokens}.").format(
            tokens=", ".join(tokens)
        ),
        "pick_tokens": N_("Pick exactly {count} Shift Tokens."),
        "tokens_not_distinct": N_("Your Shift Tokens must be different."),
        "token_taken": N_("That Shift Token was already taken from the shared pool."),
        "token_window_closed": N_(
            "Shift Tokens can only be played at the start of your own card turn, before you "
            "draw or stand."
        ),
        "one_token_per_turn": N_("You already played a Shift Token this turn."),
        "unknown_token": lambda token: _("There is no Shift Token {token}.").format(
            token=repr(token)
        ),
        "not_held": lambda token: _("You don't hold {token}.").format(token=token_name(token)),
        "no_target_needed": lambda token: _("{token} takes no target.").format(
            token=token_name(token)
        ),
        "target_missing": lambda token: _("{token} needs a target player.").format(
            token=token_name(token)
        ),
        "target_self": lambda token: _("{token} must target another player.").format(
            token=token_name(token)
        ),
        "target_invalid": N_("{player} is not playing this round."),
        "target_immune": N_("{player} is immune until the reveal."),
        "target_not_in_stand": N_("{player} is not in Stand."),
        "pick_prime_die": N_("Pick one of the two dice ({dice})."),
        "game_over": N_("The game is over."),
        "not_your_turn": N_("It is not your turn to act."),
        "choose_one": lambda kind: _("Choose exactly one option for {kind}.").format(
            kind=action_name(kind)
        ),
        "not_now": lambda kind: _("You cannot {action} now.").format(action=action_name(kind)),
        "unknown_pile": lambda pile: _("Unknown pile {pile}.").format(pile=repr(pile)),
        "unknown_target": lambda target: _("Unknown target {target}.").format(target=repr(target)),
        "pick_a_die": N_("Pick one of the two dice."),
        "pick_impostor_values": N_("Choose one of the rolled values for each Impostor."),
    }
)
