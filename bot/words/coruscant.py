"""Coruscant Shift's words: its events, table, private hand, card select, previews, hand names
and refusal reasons, written from the engine's facts (:mod:`engine.variants.coruscant.events`,
:mod:`engine.variants.coruscant.facts`). The shared betting controls and ``BetMade`` come
worded by the engine's betting module and pass through as they are."""

from __future__ import annotations

import dataclasses
import functools
from typing import ClassVar

from bot.i18n import N_, _, ngettext, per_locale
from bot.words.base import EventText, Remembered, Words, later
from bot.words.reasons import reasons
from bot.words.vocab import suit_name
from engine.core.facts import Fact
from engine.core.game import ActionSpec, Option, PlayerView, PublicView, SeatStats, SeatView
from engine.core.lazy import RowsOrLazy
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

TITLE = N_("Coruscant Shift")
PHASES = {
    Phase.SELECT_1: N_("Round 1 · selection"),
    Phase.BET_1: N_("Round 1 · betting"),
    Phase.SELECT_2: N_("Round 2 · selection"),
    Phase.BET_2: N_("Round 2 · betting"),
    Phase.GAME_OVER: N_("Game over"),
}
STAKES = {
    "bet": N_("Bet {amount} · {left} left behind"),
    "raise": N_("Raise to {amount} (puts in {puts}) · {left} left"),
    "call": N_("Call {amount} · {left} left behind"),
    "all_in": N_("All-in: {puts} more, {amount} this round"),
}
STATUS = {"left": N_("left"), "out": N_("out"), "folded": N_("folded")}


@per_locale(maxsize=64)  # (every selection and reveal: few distinct counts)
def _suit_cards(n: int, suit: Suit) -> str:
    """``2 ● cards``."""
    return ngettext("{n} {glyph} card", "{n} {glyph} cards", n).format(n=n, glyph=suit.glyph)


@per_locale(maxsize=64)
def _cards(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


@functools.cache  # (the same in every language; bounded: only the deck's cards parse)
def shown(notation: str) -> str:
    """A card as players read it: ``● +7``, ``Ø Sylop``."""
    return Card.parse(notation).display


def pot_name(index: int, pots: int) -> str:
    """``Pot`` for the only pot, else ``Main pot``, ``Side pot 1``, …"""
    if pots == 1:
        return _("Pot")
    return _("Main pot") if index == 0 else _("Side pot {n}").format(n=index)


def describe(rank: Rank) -> str:
    """A selection's value: ``Total +4 · distance 1 from +5 · 2 ● cards``."""
    return _("Total {total} · distance {distance} from {target} · {suits}").format(
        total=format_target(rank.total),
        distance=rank.distance,
        target=format_target(rank.target),
        suits=_suit_cards(rank.suit_count, rank.suit),
    )


def rank_label(rank: Rank) -> str:
    """A best hand's name: ``+5 exact, 2 ● cards`` or ``+3 (2 from +5), 1 ● card``."""
    suits = _suit_cards(rank.suit_count, rank.suit)
    total = format_target(rank.total)
    if rank.distance == 0:
        return _("{total} exact, {suits}").format(total=total, suits=suits)
    target = format_target(rank.target)
    return _("{total} ({distance} from {target}), {suits}").format(
        total=total, distance=rank.distance, target=target, suits=suits
    )


def _revealed(e: ev.HandRevealed) -> str:
    return _(
        "{player} reveals {cards} → total {total}, distance {distance}, {count} {glyph}"
    ).format(
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
        return _("Round {n}: no cards dealt.").format(n=e.round_no)
    return _("Round {n} deal: {counts}.").format(n=e.round_no, counts=parts)


def _awarded(e: ev.PotAwarded) -> str:
    if len(e.shares) == 1:
        return _("{player} wins the {pot} of {amount}.").format(
            player=e.shares[0][0], pot=_pot_in_sentence(e.index, e.count), amount=e.amount
        )
    split = ", ".join(f"{p} {n}" for p, n in e.shares)
    return _("{pot} of {amount} split: {shares}.").format(
        pot=pot_name(e.index, e.count), amount=e.amount, shares=split
    )


def _pot_in_sentence(index: int, pots: int) -> str:
    """``pot``, ``main pot``, ``side pot 1`` (inside a sentence)."""
    if pots == 1:
        return _("pot")
    return _("main pot") if index == 0 else _("side pot {n}").format(n=index)


def _game_over(e: ev.GameOver) -> str:
    """The credits still at the table, most first; no winner is named (a player who left
    earlier may have taken home more than anyone still seated)."""
    held = sorted(((p, n) for p, n in e.stacks if n > 0), key=lambda pn: -pn[1])
    if not held:
        return _("Game over. No credits are left at the table.")
    return _("Game over. Final credits at the table: {standings}.").format(
        standings=", ".join(f"{p} {n}" for p, n in held)
    )


EVENTS: dict[type, EventText] = {
    ev.HandStarted: lambda e: _("Hand {n} — {player} starts, ante {ante}.").format(
        n=e.hand_no, player=e.starting_player, ante=e.ante
    ),
    ev.AntePosted: lambda e: (
        _("{player} antes {amount} (all-in).") if e.all_in else _("{player} antes {amount}.")
    ).format(player=e.player, amount=e.amount),
    ev.DiceRolled: lambda e: (
        "🎲 "
        + _("Target {target} · {glyph} {suit}.").format(
            target=format_target(e.target), glyph=e.suit.glyph, suit=suit_name(e.suit, title=True)
        )
    ),
    ev.CardsDealt: _dealt,
    ev.SelectionConfirmed: lambda e: _("{player} has chosen.").format(player=e.player),
    ev.SelectionsMade: lambda e: _("Round {n} selections: {kept}.").format(
        n=e.round_no,
        kept=", ".join(
            _("{player} kept {cards}").format(player=p, cards=_cards(n)) for p, n in e.kept
        ),
    ),
    ev.BettingSkipped: lambda e: _(
        "Round {n} betting skipped (not enough players with credits behind)."
    ).format(n=e.round_no),
    ev.HandRevealed: _revealed,
    ev.PotAwarded: _awarded,
    ev.UncontestedWin: lambda e: _("{player} wins {amount} uncontested.").format(
        player=e.player, amount=e.amount
    ),
    ev.PlayerOut: lambda e: _("{player} is out of credits.").format(player=e.player),
    ev.PlayerLeft: lambda e: _("{player} leaves the table with {credits} credits.").format(
        player=e.player, credits=e.credits
    ),
    ev.GameOver: _game_over,
}


_seat_view = functools.lru_cache(maxsize=4096)(SeatView)  # one seat changes at a time: shared


def _seat_words(seat: SeatFacts) -> tuple[str, str]:
    """A seat's status and bet while the game goes on (once it is over: ``left`` or nothing)."""
    bet = _("bet {n}").format(n=seat.commit) if seat.commit else ""
    if seat.place is not Place.LIVE:
        return _(STATUS[seat.place]), bet  # "left", "out", "folded"
    parts: list[str] = []
    if seat.all_in:
        parts.append(_("all-in"))
    if seat.chosen is not None:
        parts.append(_("confirmed") if seat.chosen else _("choosing"))
    elif seat.kept:
        parts.append(_("kept {cards}").format(cards=_cards(seat.kept)))
    return " · ".join(parts), bet


@per_locale(maxsize=256)
def _title(hand_no: int) -> str:
    """The table's title: ``Coruscant Shift — hand 3``."""
    return _("{title} — hand {n}").format(title=_(TITLE), n=hand_no) if hand_no else _(TITLE)


@per_locale(maxsize=1024)
def _pots(pots: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
    """The pots by name (the engine keys them by index, ``"0"`` the main pot)."""
    count = len(pots)
    return tuple([(pot_name(int(key), count), amount) for key, amount in pots])


def _info(
    target: int, suit: Suit, ante: int, starter: str, current_bet: int
) -> tuple[tuple[str, str], ...]:
    """The info rows of a hand in play (written when the table message is drawn)."""
    info: tuple[tuple[str, str], ...] = (
        (_("Target"), format_target(target)),
        (_("Suit"), f"{suit.glyph} {suit_name(suit)}"),
        (_("Ante"), str(ante)),
        (_("Starting player"), starter),
    )
    if current_bet:
        info += ((_("Current bet"), str(current_bet)),)
    return info


@per_locale(maxsize=256)
def _highlight(target: int, suit: Suit) -> str:
    """The highlight of a hand in play: its dice."""
    return "🎯 " + _("Target {target} · {glyph} {suit}").format(
        target=format_target(target), glyph=suit.glyph, suit=suit_name(suit, title=True)
    )


def _option(option: Option) -> Option:
    facts = option.facts
    if option.label or not isinstance(facts, CardOption):
        return option
    card = Card.parse(facts.card)
    description = (
        _("Sylop: 0, wild for the suit") if card.is_sylop else suit_name(str(card.suit), title=True)
    )
    if facts.kept:
        description += " · " + _("kept in round 1")
    return Option(option.value, card.display, description, facts)


class CoruscantWords(Words):
    """The renderer of Coruscant Shift."""

    variant: ClassVar[str] = "coruscant-shift"
    events: ClassVar[dict[type, EventText]] = EVENTS

    def __init__(self) -> None:
        self.seats = Remembered(1024)

    def written_seats(
        self, seats: tuple[SeatView, ...], facts: tuple[SeatFacts, ...], over: bool
    ) -> tuple[SeatView, ...]:
        """The seats with their status and bet written from their ``facts`` (the engine hands
        the same seat facts over again: their words are remembered)."""
        written: list[SeatView] = []
        remembered = self.seats.get
        for s, f in zip(seats, facts, strict=True):
            if over:
                status, public = (_("left") if f.place is Place.LEFT else ""), ""
            else:
                status, public = remembered(f, _seat_words)
            written.append(_seat_view(s.seat, s.player, s.stack, status, public, s.active))
        return tuple(written)

    def table(self, view: PublicView) -> PublicView:
        """The table's words: title, phase, seats (written when first read), pots, info lines
        and highlight."""
        t = view.facts
        if not isinstance(t, TableFacts):
            return view
        over = view.finished
        info: RowsOrLazy = ()
        highlight = ""
        if not over:  # (the info rows are written when first read, as the seats are)
            info = later(_info, t.target, t.suit, t.ante, t.starter, t.current_bet)
            highlight = _highlight(t.target, t.suit)
        return PublicView(
            view.variant,
            _title(t.hand_no),
            _(PHASES[t.phase]),
            view.hand_no,
            view.acting,
            later(self.written_seats, view.seats, t.seats, over),
            view.stack_unit,
            _pots(view.pots),
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
            notes.append(_("Selection: {value}").format(value=describe(own.selection)))
        if own.cards and own.open:
            notes.append(_("[ ] = selected") if any(own.marked) else _("Nothing selected yet"))
        public = None if view.public is None else self.table(view.public)
        return dataclasses.replace(
            view,
            hand_text="  ".join(cards) if cards else "(" + _("no cards") + ")",
            notes=tuple(notes),
            public=public,
        )

    def spec(self, spec: ActionSpec) -> ActionSpec:
        """The card select's label, prompt and options (betting controls come worded)."""
        facts = spec.facts
        if spec.label or not isinstance(facts, SelectFacts):
            return spec
        target, suit = format_target(facts.target), facts.suit
        prompt = _("Choose 1–{n} cards. Target {target} · {glyph} {suit}.").format(
            n=facts.cards, target=target, glyph=suit.glyph, suit=suit_name(suit)
        )
        if facts.locked:
            prompt += " " + _("Round-1 cards are locked in.")
        options = tuple(map(_option, spec.options))
        return dataclasses.replace(spec, label=_("Choose cards"), prompt=prompt, options=options)

    def preview(self, preview: str | Fact) -> str:
        """The value of a card choice, or what a bet costs."""
        if isinstance(preview, Rank):
            return describe(preview)
        if isinstance(preview, StakePreview):
            return _(STAKES[preview.kind]).format(
                amount=preview.amount, puts=preview.puts, left=preview.left
            )
        return super().preview(preview)

    def hand_name(self, hand: str | Fact) -> str:
        """A shown hand by its total and distance; a best hand (a :class:`Rank` or its key) by
        its total, distance and suit cards (a name stored by an earlier version as it is)."""
        if isinstance(hand, ev.HandRevealed):
            return _("total {total}, distance {distance}").format(
                total=format_target(hand.total), distance=hand.distance
            )
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
        "game_over": N_("The game is over."),
        "coruscant_not_in_hand": N_("You are not playing in this hand."),
        "coruscant_already_chosen": N_("You have already chosen your cards this round."),
        "coruscant_waiting": lambda player: _("It is not your turn: waiting for {player}.").format(
            player=player if player is not None else _("nobody")
        ),
        "coruscant_select_first": N_("Choose your cards first (action 'select')."),
        "coruscant_not_a_bet": lambda kind: _("{kind} is not a betting action.").format(
            kind=repr(kind)
        ),
        "coruscant_nothing_to_decide": N_("You have nothing to decide right now."),
        "coruscant_payouts_final": N_("The game is over; payouts are final."),
        "coruscant_already_left": N_("You have already left this table."),
        "coruscant_no_cards": N_("Choose at least one card."),
        "coruscant_not_a_card": lambda text: _("{text} is not a card.").format(text=repr(text)),
        "coruscant_chosen_twice": lambda card: _(
            "You chose {card} more times than you hold it."
        ).format(card=shown(card)),
        "coruscant_not_held": lambda card: _("You don't hold {card} ({notation}).").format(
            card=shown(card), notation=card
        ),
        "coruscant_locked": lambda cards: _(
            "Your round-1 cards are locked in: keep {cards}."
        ).format(cards=", ".join(map(shown, cards))),
    }
)
