"""Sabacc Project table options and the whole mutable game state, with exact JSON persistence.

The state is plain data; :mod:`engine.variants.project.flow` moves it through the state machine
of spec §3 and :mod:`engine.variants.project` wraps it in the :class:`~engine.core.game.Game`
contract. Stacks and Main-Pot contributions live in the shared
:class:`~engine.core.betting.Betting`; the Sabacc pot is this variant's own bookkeeping.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import partial
from typing import Any

from engine.core.codec import Codec, meta, notation, stored
from engine.variants.project.cards import Card
from engine.variants.project.events import Decided, Drew, Note, ShiftChanged, ShiftHappened
from engine.variants.twopot.events import Worded
from engine.variants.twopot.state import (
    Seat,
    SeatRecord,
    TwoPotOptions,
    TwoPotState,
    whole_option,
)
from engine.variants.twopot.stored import each, last_decision, tagged

__all__ = ["Phase", "ProjectOptions", "ProjectState", "Seat", "SeatRecord"]


@dataclass(frozen=True, slots=True)
class ProjectOptions(TwoPotOptions):
    """Table options of spec §2.2 (defaults in the field defaults)."""

    ante: int = 5
    min_bet: int = 1
    pot_building_rounds: int = 4
    idle_call_limit: int | None = 10
    shift_probability: float = 0.2
    shift_cards_min: int = 1
    shift_cards_max: int = 5
    max_hands: int | None = None

    @property
    def total_ante(self) -> int:
        """What a player must hold to stay in the game at HAND_START (2 × ante, SP-6)."""
        return 2 * self.ante

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any]) -> ProjectOptions:
        """Validate lobby options (unknown names are ignored; ``buy_in`` is not an option)."""
        whole = partial(whole_option, raw)

        prob = raw.get("shift_probability", 0.2)
        if isinstance(prob, bool) or not isinstance(prob, int | float) or not 0 <= prob <= 1:
            raise ValueError("option shift_probability must be a number from 0 to 1")
        low = whole("shift_cards_min", 1, 1) or 1
        high = whole("shift_cards_max", 1, 5) or 5
        if high < low:
            raise ValueError("option shift_cards_max must be ≥ shift_cards_min")
        return cls(
            ante=whole("ante", 1, 5) or 1,
            min_bet=whole("min_bet", 1, 1) or 1,
            pot_building_rounds=whole("pot_building_rounds", 0, 4) or 0,
            idle_call_limit=whole("idle_call_limit", 0, 10, nullable=True),
            shift_probability=float(prob),
            shift_cards_min=low,
            shift_cards_max=high,
            max_hands=whole("max_hands", 1, None, nullable=True),
        )


class Phase(StrEnum):
    """Where the game waits for a decision (the automatic states of §3 never wait)."""

    OPEN_BET = "open_bet"
    DRAW = "draw"
    BET = "bet"
    FINAL_BET = "final_bet"
    GAME_OVER = "game_over"


BET_PHASES = (Phase.OPEN_BET, Phase.BET, Phase.FINAL_BET)

NOTE = tagged({"drew": Drew, "shift": ShiftChanged}, empty="")
"""A seat's last private note (``""``: none; a string: a line stored before)."""
NOTES = each(NOTE)
"""``notes``: per seat the last private note."""
SHIFT = tagged({"shift": ShiftHappened}, empty="")
"""``shift_note``: the last Sabacc Shift of this hand (``""``: none yet)."""
DECIDED = tagged({"decided": Decided})
"""``decided``: why the last hand went as it did."""


@stored(
    *("players", "buy_in", "options", "rng", "betting", "status", "sabacc_pot", "phase"),
    *("hand_no", "dealer", "start_seat", "round_no", "hands", "fields", "mucked", "draw"),
    *("dealt", "queue", "idle", "caller", "shifts", "shift_note", "shift_fresh", "shifted"),
    *("notes", "decided", "last_result", "final_payouts", "stats", "seq", "turn"),
)
@dataclass(slots=True)
class ProjectState(TwoPotState[ProjectOptions, Card]):
    """Everything a Sabacc Project table knows.

    ``hands[s]`` is the seat's whole hand in the order the cards were received (the Shift's
    ``exposed`` order, §6.2); ``fields[s]`` the indices into it that lie in the Interference
    Field, in the order they were placed.
    """

    phase: Phase = Phase.OPEN_BET
    dealer: int = 0
    fields: list[list[int]] = field(default_factory=list)
    mucked: list[Card] = field(default_factory=list)  # folded hands, face down (dead)
    idle: int = 0  # consecutive stands this hand (SP-5)
    caller: int | None = None
    shifts: int = 0  # Sabacc Shifts this hand
    # the last Shift of this hand
    shift_note: ShiftHappened | Worded | None = field(default=None, metadata=meta(shape=SHIFT))
    shift_fresh: bool = False  # a Shift happened during the last action (table highlight)
    shifted: list[list[int]] = field(default_factory=list)  # hand indices the last Shift changed
    # private note per seat (last draw, Shift)
    notes: list[Note | None] = field(default_factory=list, metadata=meta(shape=NOTES))
    # why the last hand went as it did
    decided: Decided | Worded | None = field(default=None, metadata=meta(shape=DECIDED, unset=True))

    def last_decision(self) -> Decided | Worded | None:
        """Why the last hand went as it did (words for a table stored by an earlier version)."""
        return last_decision(self.decided, self.last_result)

    def exposed(self, seat: int) -> list[int]:
        """Indices of the seat's cards outside its Interference Field (received order)."""
        protected = set(self.fields[seat])
        return [i for i in range(len(self.hands[seat])) if i not in protected]

    def field_cards(self, seat: int) -> list[Card]:
        """The seat's Interference-Field cards (face up), in the order placed."""
        return [self.hands[seat][i] for i in self.fields[seat]]


CODEC = Codec(ProjectState, atoms=(notation(Card, Card.parse),))
"""The state's JSON form."""
