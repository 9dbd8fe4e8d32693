"""Events the two-pot variants (Classic, Centran, Project, Corellian Spike) announce alike,
written once: typed facts (:class:`~engine.core.facts.Fact`), worded by the bot's renderers
(``bot/words/twopot.py``).

:mod:`engine.variants.classic.events`, :mod:`engine.variants.centran.events` and
:mod:`engine.variants.project.events` re-export them, so each variant still has its full event
set in one place. :class:`HandWon` still carries its sentence: the variants that have not moved
their words to the bot yet (Centran, Project) write it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, TypeVar

from engine.core.facts import Fact
from engine.core.game import ShownHand
from engine.core.seat_events import PlayerLeft as PlayerLeft  # re-exported
from engine.core.seat_events import Shown as Shown  # re-exported: each variant's Revealed

__all__ = [
    "CardTurn",
    "CashedOut",
    "DemiseCard",
    "DiceRolled",
    "Drew",
    "GameOver",
    "HandCalled",
    "HandStarted",
    "PenaltyPaid",
    "PhaseNote",
    "PhaseStarted",
    "PlayerLeft",
    "PotAwarded",
    "Reshuffled",
    "SabaccPotResult",
    "ShiftDealt",
    "ShiftDone",
    "Shown",
    "StasisMoved",
    "Worded",
]

NO_CARD = "no card"

E = TypeVar("E", bound=Fact)


@dataclass(frozen=True, slots=True)
class CardTurn(Fact):
    """The base of a card action on a player's turn (Classic's ``Traded``, Centran's
    ``CardAction``): who took which ``action`` (the variant's id for it) and how many cards they
    hold after it; the drawn card stays private."""

    player: str
    action: str
    cards_held: int


@dataclass(frozen=True, slots=True)
class DemiseCard(Fact, Generic[E]):
    """The base of a Sudden-Demise card (Classic's ``DemiseDraw``, the Sabacc Project's
    ``DemiseCard``): one tied player's extra card dealt face up (``card``: a notation; ``""``, or
    ``"no card"`` in the Project, when none was left) and the hand it makes (``hand``)."""

    player: str
    card: str
    hand: E

    def shown(self) -> ShownHand:
        """The shown hand this card adds to (no card when none was left)."""
        return ShownHand(
            self.player, (self.card,) if self.card not in ("", NO_CARD) else (), self.hand
        )


@dataclass(frozen=True, slots=True)
class Drew(Fact):
    """Private note: the card (notation) this seat drew last (Classic, Centran, Project,
    Corellian Spike)."""

    card: str


@dataclass(frozen=True, slots=True)
class Worded(Fact):
    """A line a table stored as words before its variant spoke in facts (a stored game of an
    earlier version, loaded again): shown as it is."""

    text: str


@dataclass(frozen=True, slots=True)
class HandStarted(Fact):
    """A new hand (Classic, Corellian Spike): who starts, the antes paid into both pots, and the
    card that starts the discard pile face up (a notation; ``""`` where none does)."""

    hand_no: int
    starter: str
    players: int
    hand_ante: int
    sabacc_ante: int
    hand_pot: int
    sabacc_pot: int
    discard: str = ""


@dataclass(frozen=True, slots=True)
class DiceRolled(Fact):
    """The Sabacc Shift dice of round ``round_no`` (Classic, Corellian Spike); doubles are a
    Sabacc Shift."""

    round_no: int
    die1: int
    die2: int

    @property
    def shift(self) -> bool:
        """Doubles."""
        return self.die1 == self.die2


@dataclass(frozen=True, slots=True)
class ShiftDealt(Fact):
    """Private: the cards (notations) the Sabacc Shift dealt this seat."""

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ShiftDone(Fact):
    """The Sabacc Shift (Classic, Centran): how many cards each live player discarded and was
    dealt in their place (never which; Classic's stasis fields stay)."""

    counts: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class CashedOut(Fact):
    """A player could not pay both antes (or has nothing left) and leaves with the rest."""

    player: str
    credits: int


class PhaseNote(StrEnum):
    """What else a :class:`PhaseStarted` says."""

    NONE = ""
    SKIPPED = "skipped"  # a betting phase nobody left can bet in
    CALL_ALLOWED = "call_allowed"  # a trade (Project: draw) phase in which the hand may be called
    ROUND_LIMIT = "round_limit"  # the reveal after the last round: nobody called
    POT_BUILDING = "pot_building"  # the Sabacc Project: a draw phase before any call is allowed


@dataclass(frozen=True, slots=True)
class PhaseStarted(Fact):
    """A phase opens (or is skipped), or the reveal comes; ``phase`` is the variant's id for it
    (``betting``, ``trade``, ``final turns``, ``card phase``, ``reveal``; the Sabacc Project's
    ``open_bet``, ``bet``, ``final_bet``, ``draw``)."""

    round_no: int
    phase: str
    note: PhaseNote = PhaseNote.NONE


@dataclass(frozen=True, slots=True)
class HandCalled(Fact):
    """A player calls the hand: the others get their ``final_turns`` (Classic §3.2; none in the
    Sabacc Project, where final betting follows); ``forced`` when the idle rule called it for
    them (the Sabacc Project, SP-5)."""

    player: str
    final_turns: int = 0
    forced: bool = False


@dataclass(frozen=True, slots=True)
class StasisMoved(Fact):
    """A card (notation) goes into (or comes back from) the player's stasis field (Classic,
    Centran); it is face up."""

    player: str
    card: str
    into_field: bool


@dataclass(frozen=True, slots=True)
class Reshuffled(Fact):
    """The empty draw pile was rebuilt from the shuffled discard pile (Classic CL-25, Centran
    §3.7)."""

    cards: int


@dataclass(frozen=True, slots=True)
class PotAwarded(Fact):
    """One hand-pot layer (``index`` of ``count`` layers) paid out to its ``winners``, or sent to
    the Sabacc pot when nobody can win it (no winners)."""

    index: int
    count: int
    amount: int
    winners: tuple[str, ...]

    def won_by(self) -> tuple[str, ...]:
        """The pot's winners."""
        return self.winners

    def pot_paid(self) -> int:
        """The hand-pot layer settled (to its winners, or to the Sabacc pot)."""
        return self.amount


class Penalty:
    """Why a player pays into the Sabacc pot (the codes of :attr:`PenaltyPaid.why`)."""

    BOMBED = "bombed"  # Classic: a bombed hand
    CALLER_LOST = "caller_lost"  # Classic: called the hand and did not win
    NO_TOTAL = "no_total"  # Centran: no total within ±23
    TOTAL = "total"  # Sabacc Project: the bombed total (``PenaltyPaid.total``)


@dataclass(frozen=True, slots=True)
class PenaltyPaid(Fact):
    """A bombed-out player (or a caller who lost) pays ``amount`` into the Sabacc pot; ``why`` is
    a :class:`Penalty` code (``total``: the hand's total, where the code names it)."""

    player: str
    amount: int
    why: str
    total: int = 0


@dataclass(frozen=True, slots=True)
class SabaccPotResult(Fact):
    """The Sabacc pot is won (Pure Sabacc / Idiot's Array) or carries over (no winners)."""

    winners: tuple[str, ...]
    amount: int

    def won_by(self) -> tuple[str, ...]:
        """Who takes the Sabacc pot (nobody when it carries over)."""
        return self.winners

    def pot_paid(self) -> int:
        """The Sabacc pot when it is won (nothing when it carries over)."""
        return self.amount if self.winners else 0


@dataclass(frozen=True, slots=True)
class GameOver(Fact):
    """The game ended: the leftover Sabacc pot shared out (CL-30), the final credits of every seat
    that did not leave, most first."""

    standings: tuple[tuple[str, int], ...]
    sabacc_shared: int
