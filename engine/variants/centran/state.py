"""Centran Sabacc table options (spec §6) and the whole mutable game state, with exact JSON
persistence (rows stored before the facts still load and write back as they were).
:mod:`engine.variants.centran.flow` moves the state through the machine of §3.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine.core.codec import Codec, meta, notation, stored
from engine.variants.centran.cards import Card
from engine.variants.centran.events import Decided, Drew, FiveDrawn, Note, ShiftSwapped, ShiftTurned
from engine.variants.centran.settle import FIXED, HAND_POT, PenaltyRule
from engine.variants.twopot.events import Worded
from engine.variants.twopot.state import StasisState, TwoPotOptions, whole_option
from engine.variants.twopot.stored import each, last_decision, tagged

ARRAY, RANDOM = "array", "random"

NOTE = tagged({"drew": Drew, "five": FiveDrawn, "shift": ShiftSwapped}, empty="")
"""A seat's last private note (``""``: none; a string: a line stored before)."""
NOTES = each(NOTE)
"""``notes``: per seat the last private note."""
SHIFT = tagged({"turned": ShiftTurned}, empty="")
"""``shift_note``: this round's Shift Phase card (``""``: none yet)."""
DECIDED = tagged({"decided": Decided})
"""``decided``: why the last hand went as it did."""


@dataclass(frozen=True, slots=True)
class CentranOptions(TwoPotOptions):
    """Table options of §6; ``bomb_penalty_amount`` ``None`` means "the hand ante"."""

    hand_ante: int = 10
    min_bet: int = 1
    max_raises_per_phase: int | None = None
    max_hands: int | None = None
    bomb_penalty_mode: str = FIXED
    bomb_penalty_amount: int | None = None
    shift_mode: str = ARRAY
    random_shift_probability: float = 0.5
    advanced_actions: bool = False
    advanced_array_draw: bool = False

    @property
    def sabacc_ante(self) -> int:
        """Half the hand ante (CE-19)."""
        return self.hand_ante // 2

    @property
    def penalty(self) -> PenaltyRule:
        """The bomb-out penalty rule (§5.5)."""
        amount = self.hand_ante if self.bomb_penalty_amount is None else self.bomb_penalty_amount
        return PenaltyRule(self.bomb_penalty_mode, amount)

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any]) -> CentranOptions:
        """Validate lobby options (unknown names, ``buy_in`` included, are ignored)."""

        def whole(name: str, low: int, default: int | None) -> int | None:
            return whole_option(raw, name, low, default, nullable=default is None)

        def flag(name: str) -> bool:
            value = raw.get(name, False)
            if not isinstance(value, bool):
                raise ValueError(f"option {name} must be true or false")
            return value

        ante = whole("hand_ante", 2, 10) or 10
        if ante % 2:
            raise ValueError("option hand_ante must be even (the Sabacc ante is half of it)")
        mode = raw.get("bomb_penalty_mode", FIXED)
        if mode not in (FIXED, HAND_POT):
            raise ValueError("option bomb_penalty_mode must be fixed or hand_pot")
        shift = raw.get("shift_mode", ARRAY)
        if shift not in (ARRAY, RANDOM):
            raise ValueError("option shift_mode must be array or random")
        chance = raw.get("random_shift_probability", 0.5)
        if isinstance(chance, bool) or not isinstance(chance, int | float) or not 0 <= chance <= 1:
            raise ValueError("option random_shift_probability must be between 0 and 1")
        advanced, array_draw = flag("advanced_actions"), flag("advanced_array_draw")
        if array_draw and not advanced:
            raise ValueError("option advanced_array_draw needs advanced_actions")
        return cls(
            hand_ante=ante,
            min_bet=whole("min_bet", 1, 1) or 1,
            max_raises_per_phase=whole("max_raises_per_phase", 1, None),
            max_hands=whole("max_hands", 1, None),
            bomb_penalty_mode=str(mode),
            bomb_penalty_amount=whole("bomb_penalty_amount", 0, None),
            shift_mode=str(shift),
            random_shift_probability=float(chance),
            advanced_actions=advanced,
            advanced_array_draw=array_draw,
        )


class Phase(StrEnum):
    """Where the game waits for a decision (the automatic states of §3 never wait)."""

    CARD = "card"
    BET = "bet"
    GAME_OVER = "game_over"


class Step(StrEnum):
    """Where the current Card-Phase turn is (§3.2): before its one main action, choosing the card
    to give in a trade (the Array card to take is ``CentranState.trade_index``), or after it."""

    ACTION = "action"
    GIVE = "give"
    END = "end"


@stored(
    *("players", "buy_in", "options", "rng", "betting", "status", "stats", "sabacc_pot", "phase"),
    *("hand_no", "dealer", "round_no", "hands", "stasis", "array", "fives", "draw", "discard"),
    *("queue", "step", "stasis_used", "trade_index", "dealt", "notes", "shift_note"),
    *("decided", "last_result", "final_payouts", "seq", "turn"),
    omit=("start_seat",),  # the hand's order starts from the dealer (first_to_act)
)
@dataclass(slots=True)
class CentranState(StasisState[CentranOptions, Card]):
    """Everything a Centran table knows. Stacks and hand-pot contributions live in ``betting``.

    ``fives`` lists the table fives in the order they were tabled with the credited seat
    (``None`` for a five turned up for the Array, §3.4).
    """

    phase: Phase = Phase.CARD
    dealer: int = 0
    array: list[Card] = field(default_factory=list)
    fives: list[tuple[Card, int | None]] = field(default_factory=list)
    step: Step = Step.ACTION
    trade_index: int = -1  # Array position chosen by a trade waiting for its "give" step
    notes: list[Note | None] = field(default_factory=list, metadata=meta(shape=NOTES))
    shift_note: ShiftTurned | Worded | None = field(default=None, metadata=meta(shape=SHIFT))
    decided: Decided | Worded | None = field(default=None, metadata=meta(shape=DECIDED, unset=True))

    def last_decision(self) -> Decided | Worded | None:
        """Why the last hand went as it did (words for a table stored by an earlier version)."""
        return last_decision(self.decided, self.last_result)

    def first_to_act(self) -> int:
        """The seat on the dealer's left: the hand's order starts here."""
        return self.first

    @property
    def first(self) -> int:
        """The seat on the dealer's left (first to act; the odd-credit order starts here)."""
        return (self.dealer + 1) % self.n

    def held(self, seat: int) -> list[Card]:
        """A seat's held cards: hidden hand plus its Stasis Field (§5.1)."""
        return self.hands[seat] + self.stasis[seat]


CODEC = Codec(CentranState, atoms=(notation(Card, Card.parse),))
"""The state's JSON form."""
