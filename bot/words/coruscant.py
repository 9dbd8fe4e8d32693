"""Coruscant Shift's words: its events, table, private hand, card select, previews, hand names
and refusal reasons, written from the engine's facts (:mod:`engine.variants.coruscant.events`,
:mod:`engine.variants.coruscant.facts`). The shared betting controls and ``BetMade`` come
worded by the engine's betting module and pass through as they are."""

from __future__ import annotations

import dataclasses
import functools
from typing import ClassVar

from bot.words.base import EventText, Remembered, Words
from bot.words.reasons import reasons
from bot.words.vocab import count
from engine.core.facts import Fact
from engine.core.game import ActionSpec, Option, PlayerView, PublicView, SeatStats, SeatView
from engine.variants.coruscant import events as ev
from engine.variants.coruscant.cards import Card, Rank, Suit, format_target
from engine.variants.coruscant.facts import (
    CardOption,
    HandFacts,
    Place,
    SeatFacts,
    SelectFacts,
    StakePreview,
    TableFacts,
)
from engine.variants.coruscant.state import Phase

TITLE = "Coruscant Shift"
PHASES = {
    Phase.SELECT_1: "Round 1 · selection",
    Phase.BET_1: "Round 1 · betting",
    Phase.SELECT_2: "Round 2 · selection",
    Phase.BET_2: "Round 2 · betting",
    Phase.GAME_OVER: "Game over",
}
STAKES = {
    "bet": "Bet {amount} · {left} left behind",
    "raise": "Raise to {amount} (puts in {puts}) · {left} left",
    "call": "Call {amount} · {left} left behind",
    "all_in": "All-in: {puts} more, {amount} this round",
}


def shown(notation: str) -> str:
    """A card as players read it: ``● +7``, ``Ø Sylop``."""
    return Card.parse(notation).display


def pot_name(index: int, pots: int) -> str:
    """``Pot`` for the only pot, else ``Main pot``, ``Side pot 1``, …"""
    if pots == 1:
        return "Pot"
    return "Main pot" if index == 0 else f"Side pot {index}"


def describe(rank: Rank) -> str:
    """A selection's value: ``Total +4 · distance 1 from +5 · 2 ● cards``."""
    return "Total {total} · distance {distance} from {target} · {suits}".format(
        total=format_target(rank.total),
        distance=rank.distance,
        target=format_target(rank.target),
        suits=count(rank.suit_count, rank.suit.glyph + " card"),
    )


def rank_label(rank: Rank) -> str:
    """A best hand's name: ``+5 exact, 2 ● cards`` or ``+3 (2 from +5), 1 ● card``."""
    suits = count(rank.suit_count, rank.suit.glyph + " card")
    total = format_target(rank.total)
    if rank.distance == 0:
        return f"{total} exact, {suits}"
    target = format_target(rank.target)
    return f"{total} ({rank.distance} from {target}), {suits}"


def _revealed(e: ev.HandRevealed) -> str:
    return "{player} reveals {cards} → total {total}, distance {distance}, {count} {glyph}".format(
        player=e.player,
        cards=" ".join(map(shown, e.cards)),
        total=format_target(e.total),
        distance=e.distance,
        count=e.suit_count,
        glyph=e.suit.glyph,
    )


def _dealt(e: ev.CardsDealt) -> str:
    parts = ", ".join(f"{p} {n}" for p, n in e.counts if n)
    if not parts:
        return f"Round {e.round_no}: no cards dealt."
    return f"Round {e.round_no} deal: {parts}."


def _awarded(e: ev.PotAwarded) -> str:
    name = pot_name(e.index, e.count)
    if len(e.shares) == 1:
        return f"{e.shares[0][0]} wins the {name.lower()} of {e.amount}."
    split = ", ".join(f"{p} {n}" for p, n in e.shares)
    return f"{name} of {e.amount} split: {split}."


def _game_over(e: ev.GameOver) -> str:
    """The credits still at the table, most first; no winner is named (a player who left
    earlier may have taken home more than anyone still seated)."""
    held = sorted(((p, n) for p, n in e.stacks if n > 0), key=lambda pn: -pn[1])
    if not held:
        return "Game over. No credits are left at the table."
    return f"Game over. Final credits at the table: {', '.join(f'{p} {n}' for p, n in held)}."


EVENTS: dict[type, EventText] = {
    ev.HandStarted: lambda e: f"Hand {e.hand_no} — {e.starting_player} starts, ante {e.ante}.",
    ev.AntePosted: lambda e: (
        f"{e.player} antes {e.amount} (all-in)." if e.all_in else f"{e.player} antes {e.amount}."
    ),
    ev.DiceRolled: lambda e: (
        f"🎲 Target {format_target(e.target)} · {e.suit.glyph} {e.suit.title()}."
    ),
    ev.CardsDealt: _dealt,
    ev.SelectionConfirmed: lambda e: f"{e.player} has chosen.",
    ev.SelectionsMade: lambda e: (
        f"Round {e.round_no} selections: "
        + ", ".join(f"{p} kept {count(n, 'card')}" for p, n in e.kept)
        + "."
    ),
    ev.BettingSkipped: lambda e: (
        f"Round {e.round_no} betting skipped (not enough players with credits behind)."
    ),
    ev.HandRevealed: _revealed,
    ev.PotAwarded: _awarded,
    ev.UncontestedWin: lambda e: f"{e.player} wins {e.amount} uncontested.",
    ev.PlayerOut: lambda e: f"{e.player} is out of credits.",
    ev.PlayerLeft: lambda e: f"{e.player} leaves the table with {e.took} credits.",
    ev.GameOver: _game_over,
}


_seat_view = functools.lru_cache(maxsize=4096)(SeatView)  # one seat changes at a time: shared


def _seat_words(seat: SeatFacts) -> tuple[str, str]:
    """A seat's status and bet while the game goes on (once it is over: ``left`` or nothing)."""
    bet = f"bet {seat.commit}" if seat.commit else ""
    if seat.place is not Place.LIVE:
        return str(seat.place), bet  # "left", "out", "folded"
    parts: list[str] = []
    if seat.all_in:
        parts.append("all-in")
    if seat.chosen is not None:
        parts.append("confirmed" if seat.chosen else "choosing")
    elif seat.kept:
        parts.append(f"kept {count(seat.kept, 'card')}")
    return " · ".join(parts), bet


@functools.lru_cache(maxsize=256)
def _dice(
    target: int, suit: Suit, ante: int, starter: str, current_bet: int
) -> tuple[tuple[tuple[str, str], ...], str]:
    """The info rows and the highlight of a hand in play."""
    shown = format_target(target)
    info: tuple[tuple[str, str], ...] = (
        ("Target", shown),
        ("Suit", f"{suit.glyph} {suit.value}"),
        ("Ante", str(ante)),
        ("Starting player", starter),
    )
    if current_bet:
        info += (("Current bet", str(current_bet)),)
    return info, f"🎯 Target {shown} · {suit.glyph} {suit.title()}"


def _option(option: Option) -> Option:
    facts = option.facts
    if option.label or not isinstance(facts, CardOption):
        return option
    card = Card.parse(facts.card)
    description = "Sylop: 0, wild for the suit" if card.is_sylop else str(card.suit).title()
    if facts.kept:
        description += " · kept in round 1"
    return Option(option.value, card.display, description, facts)


class CoruscantWords(Words):
    """The renderer of Coruscant Shift."""

    variant: ClassVar[str] = "coruscant-shift"
    events: ClassVar[dict[type, EventText]] = EVENTS

    def __init__(self) -> None:
        self.seats = Remembered(1024)

    def table(self, view: PublicView) -> PublicView:
        """The table's words: title, phase, seats, pots, info lines and highlight."""
        t = view.facts
        if not isinstance(t, TableFacts):
            return view
        over = view.finished
        seats: list[SeatView] = []
        remembered = self.seats.get
        for s, f in zip(view.seats, t.seats, strict=True):
            if over:
                status, public = ("left" if f.place is Place.LEFT else ""), ""
            else:  # the engine hands the same seat facts over again: their words are remembered
                status, public = remembered(f, _seat_words)
            seats.append(_seat_view(s.seat, s.player, s.stack, status, public, s.active))
        info, highlight = (
            ((), "") if over else _dice(t.target, t.suit, t.ante, t.starter, t.current_bet)
        )
        pots = view.pots
        count = len(pots)
        return PublicView(
            view.variant,
            f"{TITLE} — hand {t.hand_no}" if t.hand_no else TITLE,
            PHASES[t.phase],
            view.hand_no,
            view.acting,
            tuple(seats),
            view.stack_unit,
            tuple([(pot_name(int(key), count), amount) for key, amount in pots]),
            info,
            highlight,
            over,
            t,
        )

    def hand(self, view: PlayerView) -> PlayerView:
        """A seat's cards (its selection in brackets), the selection's value and a hint."""
        own = view.facts
        if not isinstance(own, HandFacts):
            return view
        cards = [
            f"[{shown(c)}]" if marked else shown(c)
            for c, marked in zip(own.cards, own.marked, strict=True)
        ]
        notes: list[str] = []
        if own.selection is not None:
            notes.append(f"Selection: {describe(own.selection)}")
        if own.cards and own.open:
            notes.append("[ ] = selected" if any(own.marked) else "Nothing selected yet")
        public = None if view.public is None else self.table(view.public)
        return dataclasses.replace(
            view,
            hand_text="  ".join(cards) if cards else "(no cards)",
            notes=tuple(notes),
            public=public,
        )

    def spec(self, spec: ActionSpec) -> ActionSpec:
        """The card select's label, prompt and options (betting controls come worded)."""
        facts = spec.facts
        if spec.label or not isinstance(facts, SelectFacts):
            return spec
        target, suit = format_target(facts.target), facts.suit
        prompt = f"Choose 1–{facts.cards} cards. Target {target} · {suit.glyph} {suit.value}."
        if facts.locked:
            prompt += " Round-1 cards are locked in."
        options = tuple(map(_option, spec.options))
        return dataclasses.replace(spec, label="Choose cards", prompt=prompt, options=options)

    def preview(self, preview: str | Fact) -> str:
        """The value of a card choice, or what a bet costs."""
        if isinstance(preview, Rank):
            return describe(preview)
        if isinstance(preview, StakePreview):
            return STAKES[preview.kind].format(
                amount=preview.amount, puts=preview.puts, left=preview.left
            )
        return super().preview(preview)

    def hand_name(self, hand: str | Fact) -> str:
        """A shown hand by its total and distance; a best hand (a :class:`Rank` or its key) by
        its total, distance and suit cards (a name stored by an earlier version as it is)."""
        if isinstance(hand, ev.HandRevealed):
            return f"total {format_target(hand.total)}, distance {hand.distance}"
        if isinstance(hand, Rank):
            return rank_label(hand)
        if isinstance(hand, str):
            rank = Rank.from_key(hand)
            if rank is not None:
                return rank_label(rank)
        return super().hand_name(hand)

    def stats(self, stats: SeatStats) -> SeatStats:
        """Statistics with the best hand named."""
        return dataclasses.replace(stats, best_hand=self.hand_name(stats.best_hand))


WORDS = CoruscantWords()

reasons(
    {
        "game_over": "The game is over.",
        "coruscant_not_in_hand": "You are not playing in this hand.",
        "coruscant_already_chosen": "You have already chosen your cards this round.",
        "coruscant_waiting": lambda player: (
            f"It is not your turn: waiting for {player if player is not None else 'nobody'}."
        ),
        "coruscant_select_first": "Choose your cards first (action 'select').",
        "coruscant_not_a_bet": lambda kind: f"{kind!r} is not a betting action.",
        "coruscant_nothing_to_decide": "You have nothing to decide right now.",
        "coruscant_payouts_final": "The game is over; payouts are final.",
        "coruscant_already_left": "You have already left this table.",
        "coruscant_no_cards": "Choose at least one card.",
        "coruscant_not_a_card": lambda text: f"{text!r} is not a card.",
        "coruscant_chosen_twice": lambda card: (
            f"You chose {shown(card)} more times than you hold it."
        ),
        "coruscant_not_held": lambda card: f"You don't hold {shown(card)} ({card}).",
        "coruscant_locked": lambda cards: (
            f"Your round-1 cards are locked in: keep {', '.join(map(shown, cards))}."
        ),
    }
)
