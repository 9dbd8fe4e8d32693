"""Classic Sabacc table options and the whole mutable game state, with exact JSON persistence.

The state is plain data; :mod:`engine.variants.classic.flow` moves it through the state machine of
spec §3 and :mod:`engine.variants.classic` wraps it in the :class:`~engine.core.game.Game` contract.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import partial
from typing import Any

from engine.core.codec import Codec, Shape, meta, notation, stored
from engine.variants.classic.cards import Card, Category, HandEval
from engine.variants.classic.events import HandDecided, Why
from engine.variants.classic.settle import HAND_POT_PENALTY, Penalty
from engine.variants.twopot.events import Worded
from engine.variants.twopot.state import (
    NOTES,
    Note,
    Seat,
    SeatRecord,
    StasisState,
    TwoAntes,
    last_decision,
    whole_option,
)

__all__ = [  # Seat and SeatRecord are re-exported (they live in twopot.state)
    "ALL_OTHERS",
    "CODEC",
    "REST_OF_ROUND",
    "ClassicOptions",
    "ClassicState",
    "Phase",
    "Seat",
    "SeatRecord",
    "Step",
]

ALL_OTHERS = "all_others"
REST_OF_ROUND = "rest_of_round"


def _penalty_json(penalty: Penalty) -> Any:
    return penalty if penalty == HAND_POT_PENALTY else {"fixed": int(penalty)}


def _penalty(raw: Any) -> Penalty:
    return HAND_POT_PENALTY if raw == HAND_POT_PENALTY else int(raw["fixed"])


PENALTY = Shape(_penalty_json, _penalty)
"""``bomb_out_penalty`` in lobby form: ``"hand_pot"`` or ``{"fixed": N}``."""


@dataclass(frozen=True, slots=True)
class ClassicOptions(TwoAntes):
    """Table options of spec §2.5 (defaults in the field defaults).

    ``bomb_out_penalty`` is ``"hand_pot"`` or an int (the ``{"fixed": N}`` option).
    """

    hand_ante: int = 2
    sabacc_ante: int = 2
    min_bet: int = 1
    min_call_round: int = 3
    call_final_turns: str = ALL_OTHERS
    bomb_out_penalty: Penalty = field(default=HAND_POT_PENALTY, metadata=meta(shape=PENALTY))
    max_rounds: int | None = 10
    max_hands: int | None = None
    stasis_max_cards: int | None = None

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any]) -> ClassicOptions:
        """Validate lobby options (unknown names are ignored; ``buy_in`` is not an option here)."""
        whole = partial(whole_option, raw)

        final = raw.get("call_final_turns", ALL_OTHERS)
        if final not in (ALL_OTHERS, REST_OF_ROUND):
            raise ValueError("option call_final_turns must be all_others or rest_of_round")
        penalty_raw = raw.get("bomb_out_penalty", HAND_POT_PENALTY)
        penalty: Penalty
        if penalty_raw == HAND_POT_PENALTY:
            penalty = HAND_POT_PENALTY
        elif isinstance(penalty_raw, Mapping) and isinstance(penalty_raw.get("fixed"), int):
            penalty = max(0, int(penalty_raw["fixed"]))
        elif isinstance(penalty_raw, int) and not isinstance(penalty_raw, bool):
            penalty = max(0, penalty_raw)
        else:
            raise ValueError('option bomb_out_penalty must be "hand_pot" or {"fixed": N}')
        return cls(
            hand_ante=whole("hand_ante", 0, 2) or 0,
            sabacc_ante=whole("sabacc_ante", 0, 2) or 0,
            min_bet=whole("min_bet", 1, 1) or 1,
            min_call_round=whole("min_call_round", 1, 3) or 1,
            call_final_turns=str(final),
            bomb_out_penalty=penalty,
            max_rounds=whole("max_rounds", 1, 10, nullable=True),
            max_hands=whole("max_hands", 1, None, nullable=True),
            stasis_max_cards=whole("stasis_max_cards", 0, None, nullable=True),
        )


class Phase(StrEnum):
    """Where the game waits for a decision (automatic states of §3 never wait)."""

    BET = "bet"
    TRADE = "trade"
    FINAL_TURNS = "final_turns"
    GAME_OVER = "game_over"


class Step(StrEnum):
    """Where the current trade turn is: before or after its one trade action (§3.1)."""

    ACTION = "action"
    END = "end"


def _eval_to_json(hand: HandEval | None) -> Any:
    if hand is None:
        return None
    key = None if hand.rank_key is None else list(hand.rank_key)
    return [hand.total, hand.category.value, key]


def _eval_from_json(data: Any) -> HandEval | None:
    if data is None:
        return None
    total, category, key = data
    return HandEval(int(total), Category(category), None if key is None else tuple(key))


def _decided_to_json(decided: HandDecided | Worded | None) -> dict[str, Any] | None:
    if decided is None:
        return None
    if isinstance(decided, Worded):
        return {"text": decided.text}
    return {
        "why": decided.why.value,
        "winners": list(decided.winners),
        "tied": list(decided.tied),
        "tied_at": _eval_to_json(decided.tied_at),
        "steps": decided.steps,
        "best": _eval_to_json(decided.best),
        "runner": _eval_to_json(decided.runner),
    }


def _decided_from_json(data: Any) -> HandDecided | Worded | None:
    """Why the last hand went as it did (as :func:`_decided_to_json` wrote it)."""
    if data is None:
        return None
    if "text" in data:
        return Worded(str(data["text"]))
    return HandDecided(
        Why(data["why"]),
        tuple(data["winners"]),
        tuple(data["tied"]),
        _eval_from_json(data["tied_at"]),
        int(data["steps"]),
        _eval_from_json(data["best"]),
        _eval_from_json(data["runner"]),
    )


DECIDED = Shape(_decided_to_json, _decided_from_json)
"""``decided``: the :class:`HandDecided` fact as an object (``{"text": line}``: stored words)."""


@stored(
    *("players", "buy_in", "options", "rng", "betting", "status", "sabacc_pot", "phase"),
    *("hand_no", "start_seat", "round_no", "hands", "stasis", "draw", "discard", "queue", "step"),
    *("stasis_used", "traded", "caller", "dice", "dealt", "last_drawn", "decided", "last_result"),
    *("final_payouts", "stats", "seq", "turn"),
)
@dataclass(slots=True)
class ClassicState(StasisState[ClassicOptions, Card]):
    """Everything a Classic table knows. Stacks and hand-pot contributions live in ``betting``."""

    phase: Phase = Phase.BET
    step: Step = Step.ACTION
    traded: list[bool] = field(default_factory=list)  # took a turn in this Trade phase
    caller: int | None = None
    dice: tuple[int, int] | None = None
    # private note per seat
    last_drawn: list[Note | None] = field(default_factory=list, metadata=NOTES)
    # why the last hand went as it did
    decided: HandDecided | Worded | None = field(
        default=None, metadata=meta(shape=DECIDED, unset=True)
    )

    def last_decision(self) -> HandDecided | Worded | None:
        """Why the last hand went as it did; a table stored by an earlier version kept it as
        the last line of ``last_result`` (words), shown as it is."""
        return last_decision(self.decided, self.last_result)

    def full_hand(self, seat: int) -> list[Card]:
        """A seat's whole hand: hidden cards plus its stasis field (§3.3)."""
        return self.hands[seat] + self.stasis[seat]


CODEC = Codec(ClassicState, atoms=(notation(Card, Card.parse),))
"""The state's JSON form."""
