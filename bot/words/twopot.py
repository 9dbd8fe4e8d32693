"""The words the two-pot family (Classic, Centran, the Sabacc Project, Corellian Spike) shares,
written once: the family's shared events (:mod:`engine.variants.twopot.events`), the stasis
controls, the bet preview, the Sabacc Shift dice line and the family's refusal reasons.

Each variant's renderer subclasses :class:`TwoPotWords`, adds its own events and says how its
cards and hand-pot layers are named (:meth:`TwoPotWords.card_name`,
:meth:`TwoPotWords.pot_name`) and writes its views, controls and hand names on the plumbing
:class:`TwoPotWords` holds.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from enum import StrEnum
from typing import Any, ClassVar

from bot.words.base import EventText, Words
from bot.words.reasons import reasons
from engine.core.facts import Fact
from engine.core.game import ActionSpec, Option, PlayerView, PublicView, SeatStats, SeatView
from engine.core.lazy import RowsOrLazy
from engine.variants.twopot.actions import BetPreview
from engine.variants.twopot.cards import RankedEval, signed
from engine.variants.twopot.events import (
    CashedOut,
    GameOver,
    Penalty,
    PenaltyPaid,
    PhaseNote,
    PhaseStarted,
    PlayerLeft,
    PotAwarded,
    Reshuffled,
    SabaccPotResult,
    StasisMoved,
    Worded,
)
from engine.variants.twopot.state import Seat

PHASE_NOTES = {
    PhaseNote.NONE: "",
    PhaseNote.SKIPPED: "Skipped: nobody left can bet.",
    PhaseNote.CALL_ALLOWED: "Call the hand is allowed.",
    PhaseNote.ROUND_LIMIT: "Round limit reached: nobody called.",
}
STASIS_LABELS = {"stasis": "Put in stasis", "unstasis": "Take from stasis"}


def uncontested(who: str) -> str:
    """Why a conceded hand went to ``who`` (Classic, Centran)."""
    return f"{who} wins: everyone else folded (no reveal; the Sabacc pot stays)"


def seat_status(
    place: Seat, *, dealt: bool, live: bool, over: bool, flags: Iterable[tuple[bool, str]]
) -> str:
    """A seat's status on the table: ``left``, ``out`` or ``folded``, else the labels of its
    ``flags`` that hold (comma-separated, in the variant's order); nothing once the game is
    ``over``."""
    if place is Seat.LEFT:
        return "left"
    if place is Seat.OUT:
        return "out"
    if over:
        return ""
    if not dealt or not live:
        return "folded"
    return ", ".join(label for on, label in flags if on)


def joined(names: tuple[str, ...] | list[str]) -> str:
    """Players named together as the family's lines do: ``a and b and c``."""
    return " and ".join(names)


def penalty_why(event: PenaltyPaid) -> str:
    """Why a player pays the bomb-out penalty."""
    if event.why == Penalty.TOTAL:
        return f"total {signed(event.total)}"
    return {
        Penalty.BOMBED: "bombed hand",
        Penalty.CALLER_LOST: "called and did not win",
        Penalty.NO_TOTAL: "no total within ±23",
    }[event.why]


def dice_row(
    dice: tuple[int, int] | None, dice_name: str, *, over: bool, label: str = "Last dice"
) -> tuple[tuple[str, str] | None, str]:
    """The info line (named ``label``) of the last Sabacc Shift roll and the highlight of a
    shift (doubles) while the game is not ``over``; ``(None, "")`` before any roll.
    ``dice_name`` names them in the highlight ("dice", "spike dice")."""
    if dice is None:
        return None, ""
    d1, d2 = dice
    shift = " — Sabacc Shift!" if d1 == d2 else ""
    highlight = f"Sabacc Shift! The {dice_name} showed {d1} and {d2}." if d1 == d2 else ""
    return (label, f"{d1} · {d2}{shift}"), "" if over else highlight


Info = list[tuple[str, str]] | RowsOrLazy


class SeatWords:
    """Written seats, each by the identity of its engine seat view, its seat fact and the
    phase: the engines share equal seat views and seat facts (one instance each), so a seat that
    did not change is written once and found again without hashing its fields. ``write(fact,
    phase)`` gives a seat's status and public text. Bounded: the oldest half goes when full."""

    __slots__ = ("entries", "size", "write")

    def __init__(self, write: Callable[[Any, Any], tuple[str, str]], size: int = 2048) -> None:
        self.write = write
        self.size = size
        self.entries: dict[tuple[int, int, object], tuple[object, object, SeatView]] = {}

    def get(self, seat: SeatView, fact: object, phase: object) -> SeatView:
        """``seat`` with its status and public text written from ``fact`` in ``phase``."""
        key = (id(seat), id(fact), phase)
        found = self.entries.get(key)
        if found is not None and found[0] is seat and found[1] is fact:
            return found[2]
        status, public = self.write(fact, phase)
        written = SeatView(seat.seat, seat.player, seat.stack, status, public, seat.active)
        if len(self.entries) >= self.size:
            for old in list(self.entries)[: self.size // 2]:
                del self.entries[old]
        self.entries[key] = (seat, fact, written)
        return written


Seats = tuple[SeatView, ...] | list[SeatView]


class TwoPotWords(Words):
    """The family's shared words; a variant's renderer adds its own.

    A variant speaking facts sets :attr:`title`, :attr:`table_facts` / :attr:`hand_facts` (its
    view facts' classes), :attr:`controls` and :attr:`rank_type`, and writes its own parts in
    :meth:`write_table`, :meth:`write_hand`, :meth:`options`, :meth:`rank_label` and
    :meth:`key_rank`; the plumbing around them (which view is whose, pots, the public part of a
    private view, controls, hand names, statistics) is written once here.
    """

    title: ClassVar[str] = ""
    pots: ClassVar[dict[str, str]] = {"hand": "Hand pot", "sabacc": "Sabacc pot"}
    table_facts: ClassVar[type | None] = None
    hand_facts: ClassVar[type | None] = None
    rank_type: ClassVar[type | None] = None
    categories: ClassVar[type[StrEnum] | None] = None  # the hand categories of rank_type
    # kind -> (label, prompt); a prompt "" keeps the control's own
    controls: ClassVar[dict[str, tuple[str, str]]] = {k: (v, "") for k, v in STASIS_LABELS.items()}

    def card_name(self, notation: str) -> str:
        """A card as players read it (the variant's renderer names its cards)."""
        raise TypeError(f"{self.variant!r} names no cards")

    def pot_name(self, index: int, count: int) -> str:
        """A hand-pot layer's name: ``hand pot`` when it is the only one, else ``main pot`` and
        ``side pot N`` (Classic, Centran)."""
        if index == 0:
            return "main pot" if count > 1 else "hand pot"
        return f"side pot {index}"

    # ------------------------------------------------------------------ shared events

    def player_left(self, e: PlayerLeft) -> str:
        """A player leaves the table."""
        fold = " folds and" if e.folded else ""
        return f"{e.player}{fold} leaves the table with {e.credits} credits."

    def stasis_moved(self, e: StasisMoved) -> str:
        """A card goes into or comes back from a stasis field."""
        shown = self.card_name(e.card)
        if e.into_field:
            return f"{e.player} puts {shown} into the stasis field."
        return f"{e.player} takes {shown} back from the stasis field."

    def pot_awarded(self, e: PotAwarded) -> str:
        """A hand-pot layer paid out (or sent to the Sabacc pot)."""
        pot = self.pot_name(e.index, e.count)
        if not e.winners:
            return f"Nobody can win the {pot} ({e.amount}): it goes to the Sabacc pot."
        if len(e.winners) == 1:
            return f"{e.winners[0]} wins the {pot} ({e.amount})."
        return f"{joined(e.winners)} split the {pot} ({e.amount})."

    def shared_events(self) -> dict[type, EventText]:
        """The words of the family's shared events."""
        return {
            Worded: lambda e: e.text,
            CashedOut: lambda e: (
                f"{e.player} cannot cover the antes and cashes out with {e.credits} credits."
            ),
            PhaseStarted: lambda e: (
                f"Round {e.round_no} — {e.phase}." + (f" {PHASE_NOTES[e.note]}" if e.note else "")
            ),
            PlayerLeft: self.player_left,
            StasisMoved: self.stasis_moved,
            Reshuffled: lambda e: (
                f"The draw pile is empty: {e.cards} discarded cards are shuffled into it."
            ),
            PotAwarded: self.pot_awarded,
            PenaltyPaid: lambda e: (
                f"{e.player} bombs out ({penalty_why(e)}) but has no credits left to pay the "
                "penalty."
                if not e.amount
                else f"{e.player} bombs out ({penalty_why(e)}) and pays {e.amount} to the "
                "Sabacc pot."
            ),
            SabaccPotResult: lambda e: (
                f"The Sabacc pot ({e.amount}) carries over."
                if not e.winners
                else f"{e.winners[0]} takes the Sabacc pot ({e.amount})!"
                if len(e.winners) == 1
                else f"{joined(e.winners)} split the Sabacc pot ({e.amount})!"
            ),
            GameOver: lambda e: (
                "Game over."
                + (f" The Sabacc pot ({e.sabacc_shared}) is shared out." if e.sabacc_shared else "")
                + f" Final credits: {', '.join(f'{p} {c}' for p, c in e.standings)}."
            ),
        }

    def __init__(self) -> None:
        self.words: dict[type, EventText] = {**self.shared_events(), **self.events}

    def event_lines(self, event: object) -> list[str]:
        """The non-blank public log lines of ``event`` (the family's one-line words first)."""
        render = self.words.get(type(event))
        if render is None:
            return super().event_lines(event)
        text = render(event)
        return [text] if text and "\n" not in text and text.strip() else super().event_lines(event)

    def event_text(self, event: object) -> str | None:
        """The public log text of ``event`` (shared words first, then the variant's)."""
        render = self.words.get(type(event))
        if render is not None:
            return render(event)
        return super().event_text(event)

    # ------------------------------------------------------------------ controls, previews

    # ------------------------------------------------------------------ views

    def write_table(self, t: Fact, seats: tuple[SeatView, ...]) -> tuple[str, Seats, Info, str]:
        """The variant's words of its table facts ``t``: the phase, the seats (statuses and
        public texts written), the info lines and the highlight."""
        raise TypeError(f"{self.variant!r} writes no table")

    def write_hand(self, own: Fact) -> tuple[str, tuple[str, ...]]:
        """The variant's words of a seat's private facts: the hand's text and the notes."""
        raise TypeError(f"{self.variant!r} writes no hand")

    def table(self, view: PublicView) -> PublicView:
        """The table's words: title, phase, seats, pots, info lines and highlight."""
        t = view.facts
        if not isinstance(t, Fact) or not isinstance(t, self.table_facts or ()):
            return view
        phase, seats, info, highlight = self.write_table(t, view.seats)
        names = self.pots
        return PublicView(  # (a direct call: dataclasses.replace costs more, once per change)
            view.variant,
            self.title,
            phase,
            view.hand_no,
            view.acting,
            tuple(seats),
            view.stack_unit,
            tuple((names.get(k, k), n) for k, n in view.pots),
            info if callable(info) else tuple(info),
            highlight,
            view.finished,
            t,
        )

    def hand(self, view: PlayerView) -> PlayerView:
        """A seat's private words (and its public part)."""
        own = view.facts
        if not isinstance(own, Fact) or not isinstance(own, self.hand_facts or ()):
            return view
        text, notes = self.write_hand(own)
        public = None if view.public is None else self.table(view.public)
        return dataclasses.replace(view, hand_text=text, notes=notes, public=public)

    # ------------------------------------------------------------------ controls, previews

    def options(self, spec: ActionSpec) -> tuple[Option, ...]:
        """A card control's options with their words (the variant names its cards)."""
        return spec.options

    def spec(self, spec: ActionSpec) -> ActionSpec:
        """A control's label, prompt and options (betting controls come worded)."""
        if spec.label or spec.kind not in self.controls:
            return spec
        label, prompt = self.controls[spec.kind]
        return dataclasses.replace(
            spec, label=label, prompt=prompt or spec.prompt, options=self.options(spec)
        )

    def preview(self, preview: str | Fact) -> str:
        """The bet preview; the variant's previews are its renderer's."""
        if isinstance(preview, BetPreview):
            return f"You put in {preview.pay} and keep {preview.keep} behind."
        return super().preview(preview)

    # ------------------------------------------------------------------ hand names

    def rank_label(self, hand: Fact) -> str:
        """The name of the variant's hand evaluation ``hand`` (a :attr:`rank_type`)."""
        raise TypeError(f"{self.variant!r} names no hands")

    def key_rank(self, category: str, total: str) -> Fact | None:
        """The evaluation a seat record's ``category:total`` key stands for; ``None`` when the
        text is not such a key (a name stored by an earlier version). This reads the keys of a
        :class:`~engine.variants.twopot.cards.RankedEval` (Classic, the Sabacc Project) of the
        :attr:`categories`."""
        rank, categories = self.rank_type, self.categories
        if rank is None or categories is None or not issubclass(rank, RankedEval):
            return None
        if category in categories.__members__.values() and total.lstrip("-").isdigit():
            evaluation: Fact = rank(int(total), categories(category), None)
            return evaluation
        return None

    def hand_name(self, hand: str | Fact) -> str:
        """A hand's name: from its evaluation, or from the ``category:total`` key the seat
        records keep (a name stored by an earlier version is shown as it is)."""
        if isinstance(hand, Fact) and isinstance(hand, self.rank_type or ()):
            return self.rank_label(hand)
        if isinstance(hand, str):
            category, colon, total = hand.partition(":")
            rank = self.key_rank(category, total) if colon else None
            if rank is not None:
                return self.rank_label(rank)
        return super().hand_name(hand)

    def stats(self, stats: SeatStats) -> SeatStats:
        """Statistics with the best hand named."""
        return dataclasses.replace(stats, best_hand=self.hand_name(stats.best_hand))


reasons(
    {
        "game_over": "The game is over.",
        "not_yours": "It is not your turn.",
        "cannot_now": lambda kind: f"You can't {kind.replace('_', ' ')} now.",
        "one_card": "Choose exactly one card.",
        "cannot_choose": "You can't choose {choice} now.",
        "no_default": "No default action.",
    }
)
