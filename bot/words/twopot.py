"""The words the two-pot family (Classic, Centran, the Sabacc Project, Corellian Spike) shares,
written once: the family's shared events (:mod:`engine.variants.twopot.events`), the stasis
controls, the bet preview, the Sabacc Shift dice line and the family's refusal reasons.

Each variant's renderer subclasses :class:`TwoPotWords`, adds its own events and says how its
cards and hand-pot layers are named (:meth:`TwoPotWords.card_name`,
:meth:`TwoPotWords.pot_name`). A variant whose own events still carry their words (Centran, the
Sabacc Project) is rendered by a subclass with only these shared words; the base class shows its
worded events as the engine wrote them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import ClassVar

from bot.i18n import N_, _, ngettext
from bot.words.base import EventText, Words
from bot.words.reasons import reasons
from bot.words.vocab import action_name
from engine.core.facts import Fact
from engine.core.game import ActionSpec, SeatStats
from engine.variants.twopot.actions import BetPreview
from engine.variants.twopot.cards import signed
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


def seat_status(
    place: Seat, *, over: bool, in_hand: bool, flags: Iterable[tuple[bool, str]]
) -> str:
    """A seat's status on the table: ``left``, ``out`` or ``folded`` (not ``in_hand``: not
    dealt in, or folded), else the labels of its ``flags`` that hold, comma-separated, in the
    variant's order; nothing once the game is ``over``."""
    if place is Seat.LEFT:
        return _("left")
    if place is Seat.OUT:
        return _("out")
    if over:
        return ""
    if not in_hand:
        return _("folded")
    return ", ".join(label for on, label in flags if on)


class TwoPotWords(Words):
    """The family's shared words; a variant's renderer adds its own."""

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

    def event_text(self, event: object) -> str | None:
        """The public log text of ``event`` (shared words first, then the variant's)."""
        render = self.words.get(type(event))
        if render is not None:
            return render(event)
        return super().event_text(event)

    # ------------------------------------------------------------------ controls, previews

    def spec(self, spec: ActionSpec) -> ActionSpec:
        """The stasis controls' labels (their prompts are the variant's)."""
        if spec.label or spec.kind not in STASIS_LABELS:
            return spec
        return dataclasses.replace(spec, label=_(STASIS_LABELS[spec.kind]))

    def preview(self, preview: str | Fact) -> str:
        """The bet preview; the variant's previews are its renderer's."""
        if isinstance(preview, BetPreview):
            return _("You put in {pay} and keep {keep} behind.").format(
                pay=preview.pay, keep=preview.keep
            )
        return super().preview(preview)

    def stats(self, stats: SeatStats) -> SeatStats:
        """Statistics with the best hand named (:meth:`hand_name`)."""
        return dataclasses.replace(stats, best_hand=self.hand_name(stats.best_hand))


class WordedTwoPot(TwoPotWords):
    """A family variant whose own events, views and controls still carry their words (Centran,
    the Sabacc Project): only the shared facts are worded here."""

    events: ClassVar[dict[type, EventText]] = {}


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
