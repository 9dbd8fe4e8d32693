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
import functools
from collections.abc import Callable, Iterable
from enum import StrEnum
from typing import Any, ClassVar, TypeVar

from bot.i18n import N_, _, locale_code, ngettext
from bot.words.base import SHARED_EVENTS, EventText, Remembered, Words, later
from bot.words.reasons import reasons
from bot.words.vocab import action_name
from engine.core.betting_specs import StakePreview
from engine.core.facts import Fact
from engine.core.game import ActionSpec, Option, PlayerView, PublicView, SeatStats, SeatView
from engine.core.lazy import RowsOrLazy
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

F = TypeVar("F")

PHASE_NOTES = {
    PhaseNote.NONE: "",
    PhaseNote.SKIPPED: N_("Skipped: nobody left can bet."),
    PhaseNote.CALL_ALLOWED: N_("Call the hand is allowed."),
    PhaseNote.ROUND_LIMIT: N_("Round limit reached: nobody called."),
}
PHASES = {  # PhaseStarted.phase, the variant's id of a phase
    "betting": N_("betting"),
    "trade": N_("trade"),
    "final turns": N_("final turns"),
    "card phase": N_("card phase"),
    "reveal": N_("reveal"),
}
STASIS_LABELS = {"stasis": N_("Put in stasis"), "unstasis": N_("Take from stasis")}
PENALTIES = {
    Penalty.BOMBED: N_("bombed hand"),
    Penalty.CALLER_LOST: N_("called and did not win"),
    Penalty.NO_TOTAL: N_("no total within ±23"),
}


def uncontested(who: str) -> str:
    """Why a conceded hand went to ``who`` (Classic, Centran)."""
    return _("{who} wins: everyone else folded (no reveal; the Sabacc pot stays)").format(who=who)


def seat_status(
    place: Seat, *, dealt: bool, live: bool, over: bool, flags: Iterable[tuple[bool, str]]
) -> str:
    """A seat's status on the table: ``left``, ``out`` or ``folded``, else the labels of its
    ``flags`` that hold (comma-separated, in the variant's order); nothing once the game is
    ``over``."""
    if place is Seat.LEFT:
        return _("left")
    if place is Seat.OUT:
        return _("out")
    if over:
        return ""
    if not dealt or not live:
        return _("folded")
    return ", ".join(label for on, label in flags if on)


def joined(names: tuple[str, ...] | list[str]) -> str:
    """Players named together as the family's lines do: ``a and b and c``."""
    return (" " + _("and") + " ").join(names)


def penalty_why(event: PenaltyPaid) -> str:
    """Why a player pays the bomb-out penalty."""
    if event.why == Penalty.TOTAL:
        return _("total {total}").format(total=signed(event.total))
    return _(PENALTIES[event.why])


def dice_row(
    dice: tuple[int, int] | None, dice_name: str, *, over: bool, label: str = ""
) -> tuple[tuple[str, str] | None, str]:
    """The info line (named ``label``) of the last Sabacc Shift roll and the highlight of a
    shift (doubles) while the game is not ``over``; ``(None, "")`` before any roll.
    ``dice_name`` names them in the highlight ("dice", "spike dice"), already in the reader's
    language; ``label`` defaults to "Last dice"."""
    if dice is None:
        return None, ""
    d1, d2 = dice
    shift = " — " + _("Sabacc Shift!") if d1 == d2 else ""
    highlight = (
        _("Sabacc Shift! The {dice} showed {d1} and {d2}.").format(dice=dice_name, d1=d1, d2=d2)
        if d1 == d2
        else ""
    )
    return (label or _("Last dice"), f"{d1} · {d2}{shift}"), "" if over else highlight


def shift_highlight(
    dice: tuple[int, int] | None,
    dice_name: str,
    over: bool,
    decided: F | Worded | None,
    write: Callable[[F], str],
) -> str:
    """The highlight of a table that rolls for a Sabacc Shift (Classic, Corellian Spike): the
    shift of the last roll (doubles, while the game is not ``over``; ``dice_name`` is the
    English source of the dice's name), else why the last hand went as it did (``decided``,
    written by ``write``: :func:`last_line`)."""
    if dice is not None and dice[0] == dice[1] and not over:
        return dice_row(dice, _(dice_name), over=False)[1]
    return "" if decided is None else last_line(decided, write)


Info = list[tuple[str, str]] | RowsOrLazy

_LAST_LINES = Remembered(256)


def last_line(fact: F | Worded, write: Callable[[F], str]) -> str:
    """The line of a fact the state hands over unchanged from one view to the next (the last
    shift, why the last hand went as it did): written by ``write`` once per fact and language,
    found again by identity without hashing it; a line stored by an earlier version
    (:class:`~engine.variants.twopot.events.Worded`) is shown as it is."""
    return fact.text if isinstance(fact, Worded) else _LAST_LINES.get(fact, write)


class SeatWords:
    """Written seats, each by the identity of its engine seat view, its seat fact, the phase and
    the reader's language: the engines share equal seat views and seat facts (one instance
    each), so a seat that did not change is written once and found again without hashing its
    fields. ``write(fact, phase)`` gives a seat's status and public text. Bounded: the oldest
    half goes when full."""

    __slots__ = ("entries", "size", "write")

    def __init__(self, write: Callable[[Any, Any], tuple[str, str]], size: int = 2048) -> None:
        self.write = write
        self.size = size
        self.entries: dict[tuple[int, int, int, str], tuple[object, object, object, SeatView]] = {}

    def get(self, seat: SeatView, fact: object, phase: object) -> SeatView:
        """``seat`` with its status and public text written from ``fact`` in ``phase``."""
        key = (id(seat), id(fact), id(phase), locale_code())  # (an enum hashes in Python)
        found = self.entries.get(key)
        if found is not None and found[0] is seat and found[1] is fact and found[2] is phase:
            return found[3]
        status, public = self.write(fact, phase)
        written = SeatView(seat.seat, seat.player, seat.stack, status, public, seat.active)
        if len(self.entries) >= self.size:
            for old in list(self.entries)[: self.size // 2]:
                del self.entries[old]
        self.entries[key] = (seat, fact, phase, written)
        return written


class TwoPotWords(Words):
    """The family's shared words; a variant's renderer adds its own.

    A variant speaking facts sets :attr:`title`, :attr:`table_facts` / :attr:`hand_facts` (its
    view facts' classes), :attr:`controls` and :attr:`rank_type`, and writes its own parts in
    :meth:`write_table`, :meth:`write_hand`, :meth:`options`, :meth:`rank_label` and
    :meth:`key_rank`; the plumbing around them (which view is whose, pots, the public part of a
    private view, controls, hand names, statistics) is written once here.
    """

    title: ClassVar[str] = ""
    pots: ClassVar[dict[str, str]] = {"hand": N_("Hand pot"), "sabacc": N_("Sabacc pot")}
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
            return _("main pot") if count > 1 else _("hand pot")
        return _("side pot {n}").format(n=index)

    # ------------------------------------------------------------------ shared events

    def player_left(self, e: PlayerLeft) -> str:
        """A player leaves the table."""
        if e.folded:
            return _("{player} folds and leaves the table with {credits} credits.").format(
                player=e.player, credits=e.credits
            )
        return _("{player} leaves the table with {credits} credits.").format(
            player=e.player, credits=e.credits
        )

    def stasis_moved(self, e: StasisMoved) -> str:
        """A card goes into or comes back from a stasis field."""
        shown = self.card_name(e.card)
        if e.into_field:
            return _("{player} puts {card} into the stasis field.").format(
                player=e.player, card=shown
            )
        return _("{player} takes {card} back from the stasis field.").format(
            player=e.player, card=shown
        )

    def pot_awarded(self, e: PotAwarded) -> str:
        """A hand-pot layer paid out (or sent to the Sabacc pot)."""
        pot = self.pot_name(e.index, e.count)
        if not e.winners:
            return _("Nobody can win the {pot} ({amount}): it goes to the Sabacc pot.").format(
                pot=pot, amount=e.amount
            )
        if len(e.winners) == 1:
            return _("{player} wins the {pot} ({amount}).").format(
                player=e.winners[0], pot=pot, amount=e.amount
            )
        return _("{players} split the {pot} ({amount}).").format(
            players=joined(e.winners), pot=pot, amount=e.amount
        )

    def shared_events(self) -> dict[type, EventText]:
        """The words of the family's shared events."""
        return {
            Worded: lambda e: e.text,
            CashedOut: lambda e: _(
                "{player} cannot cover the antes and cashes out with {credits} credits."
            ).format(player=e.player, credits=e.credits),
            PhaseStarted: self.phase_started,
            PlayerLeft: self.player_left,
            StasisMoved: self.stasis_moved,
            Reshuffled: lambda e: ngettext(
                "The draw pile is empty: {n} discarded cards are shuffled into it.",
                "The draw pile is empty: {n} discarded cards are shuffled into it.",
                e.cards,
            ).format(n=e.cards),
            PotAwarded: self.pot_awarded,
            PenaltyPaid: lambda e: (
                _("{player} bombs out ({why}) but has no credits left to pay the penalty.").format(
                    player=e.player, why=penalty_why(e)
                )
                if not e.amount
                else _("{player} bombs out ({why}) and pays {amount} to the Sabacc pot.").format(
                    player=e.player, why=penalty_why(e), amount=e.amount
                )
            ),
            SabaccPotResult: lambda e: (
                _("The Sabacc pot ({amount}) carries over.").format(amount=e.amount)
                if not e.winners
                else _("{player} takes the Sabacc pot ({amount})!").format(
                    player=e.winners[0], amount=e.amount
                )
                if len(e.winners) == 1
                else _("{players} split the Sabacc pot ({amount})!").format(
                    players=joined(e.winners), amount=e.amount
                )
            ),
            GameOver: lambda e: (
                _("Game over.")
                + (
                    " "
                    + _("The Sabacc pot ({amount}) is shared out.").format(amount=e.sabacc_shared)
                    if e.sabacc_shared
                    else ""
                )
                + " "
                + _("Final credits: {standings}.").format(
                    standings=", ".join(f"{p} {c}" for p, c in e.standings)
                )
            ),
        }

    def phase_started(self, e: PhaseStarted) -> str:
        """A phase opens (or is skipped): ``Round 2 — betting.`` and its note."""
        phase = _(PHASES[e.phase]) if e.phase in PHASES else e.phase
        line = _("Round {n} — {phase}.").format(n=e.round_no, phase=phase)
        return line + (" " + _(PHASE_NOTES[e.note]) if e.note else "")

    def __init__(self) -> None:
        self.words: dict[type, EventText] = {**self.shared_events(), **self.events}

    def renders(self) -> dict[type, EventText]:
        """The events every variant shares, the family's shared events, then the variant's."""
        return {**SHARED_EVENTS, **self.words}

    # ------------------------------------------------------------------ controls, previews

    # ------------------------------------------------------------------ views

    def write_table(self, t: Any) -> tuple[str, Info, str]:
        """The variant's words of its table facts ``t`` (a :attr:`table_facts`): the phase, the
        info lines (a function writing them when first read) and the highlight."""
        raise TypeError(f"{self.variant!r} writes no table")

    def write_seat(self, seat: Any, phase: Any) -> tuple[str, str]:
        """The variant's words of one seat's facts in ``phase``: its status and public text."""
        raise TypeError(f"{self.variant!r} writes no seats")

    def write_hand(self, own: Fact) -> tuple[str, tuple[str, ...]]:
        """The variant's words of a seat's private facts: the hand's text and the notes."""
        raise TypeError(f"{self.variant!r} writes no hand")

    def describe(self, notations: tuple[str, ...]) -> str:
        """Cards by name (``no cards`` when empty)."""
        return ", ".join(map(self.card_name, notations)) if notations else _("no cards")

    def stasis_hand(self, hidden: tuple[str, ...], stasis: tuple[str, ...]) -> str:
        """A hand of hidden cards beside a stasis field (Classic, Centran):
        ``A, B | stasis: C``."""
        text = self.describe(hidden) if hidden else _("no hidden cards")
        if stasis:
            text += " | " + _("stasis: {cards}").format(cards=self.describe(stasis))
        return text

    @functools.cached_property
    def seat_words(self) -> SeatWords:
        """The seats this renderer wrote (:class:`SeatWords`)."""
        return SeatWords(self.write_seat)

    def written_seats(
        self, seats: tuple[SeatView, ...], facts: tuple[Fact, ...], phase: object
    ) -> tuple[SeatView, ...]:
        """The seats with their status and public text written from their ``facts``."""
        get = self.seat_words.get
        return tuple([get(s, f, phase) for s, f in zip(seats, facts, strict=True)])

    def constants(self) -> tuple[str, dict[str, str]]:
        """The title and the pots' names in the reader's language (translated once each)."""
        code = locale_code()
        found = self.translated.get(code)
        if found is None:
            names = {key: _(name) for key, name in self.pots.items()}
            found = self.translated[code] = (_(self.title), names)
        return found

    @functools.cached_property
    def translated(self) -> dict[str, tuple[str, dict[str, str]]]:
        """:meth:`constants` by locale code (one entry per language the bot speaks)."""
        return {}

    def table(self, view: PublicView) -> PublicView:
        """The table's words: title, phase, seats (written when first read), pots, info lines
        (the variant's, possibly when first read) and highlight."""
        if not isinstance(view.facts, self.table_facts or ()):
            return view
        t: Any = view.facts  # a table_facts: its seats' facts and its phase
        phase, info, highlight = self.write_table(t)
        title, names = self.constants()
        return PublicView(  # (a direct call: dataclasses.replace costs more, once per change)
            view.variant,
            title,
            phase,
            view.hand_no,
            view.acting,
            later(self.written_seats, view.seats, t.seats, t.phase),
            view.stack_unit,
            tuple([(names.get(k, k), n) for k, n in view.pots]),
            info if callable(info) else tuple(info),
            highlight,
            view.finished,
            view.facts,
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
            spec,
            label=_(label),
            prompt=_(prompt) if prompt else spec.prompt,
            options=self.options(spec),
        )

    def preview(self, preview: str | Fact) -> str:
        """The bet preview; the variant's previews are its renderer's."""
        if isinstance(preview, StakePreview):
            return _("You put in {pay} and keep {keep} behind.").format(
                pay=preview.puts, keep=preview.left
            )
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
        "game_over": N_("The game is over."),
        "not_yours": N_("It is not your turn."),
        "cannot_now": lambda kind: _("You can't {action} now.").format(action=action_name(kind)),
        "one_card": N_("Choose exactly one card."),
        "cannot_choose": N_("You can't choose {choice} now."),
        "no_default": N_("No default action."),
    }
)
