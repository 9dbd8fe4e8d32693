"""Corellian Spike table options (§6) and the whole mutable game state, with exact JSON.

The state is plain data; :mod:`engine.variants.corellian_spike.flow` moves it through the state
machine of §3. Stacks and hand-pot contributions live in the shared
:class:`~engine.core.betting.Betting`; seats, statistics and the common JSON fields are the
two-pot family's (:mod:`engine.variants.twopot.state`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any

from engine.core.codec import Codec, Shape, meta, notation, stored
from engine.variants.corellian_spike.cards import Card
from engine.variants.corellian_spike.events import HandDecided
from engine.variants.corellian_spike.settle import BLIND_DRAW, SPLIT
from engine.variants.coruscant.state import _as_bool, _as_int  # the same option parsing
from engine.variants.twopot.events import Worded
from engine.variants.twopot.state import (
    NOTES,
    Note,
    Seat,
    TwoAntes,
    TwoPotState,
    last_decision,
)

__all__ = ["DISCARD_FIRST", "DRAW_THEN_CHOOSE", "Phase", "Seat", "SpikeOptions", "SpikeState"]

DISCARD_FIRST, DRAW_THEN_CHOOSE = "discard_first", "draw_then_choose"
_CHOICES = {"gain_mode": (DISCARD_FIRST, DRAW_THEN_CHOOSE), "tie_break": (BLIND_DRAW, SPLIT)}
_NULLABLE = frozenset({"max_raises_per_phase", "max_hands"})
_MINIMUM = {
    "hand_ante": 1,
    "sabacc_ante": 0,
    "min_bet": 1,
    "max_raises_per_phase": 1,
    "rounds": 1,
    "gain_fee": 0,
    "swap_fee": 0,
    "max_hands": 1,
}


@dataclass(frozen=True, slots=True)
class SpikeOptions(TwoAntes):
    """House rules of §6 (defaults are the rules); ``buy_in`` is the table's, not an option."""

    hand_ante: int = 2
    sabacc_ante: int = 1
    min_bet: int = 1
    max_raises_per_phase: int | None = None
    rounds: int = 3
    gain_mode: str = DISCARD_FIRST
    gain_fee: int = 0
    swap_fee: int = 0
    named_hand_extras: bool = True
    tie_break: str = BLIND_DRAW
    dice_before_betting: bool = False
    max_hands: int | None = None

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any]) -> SpikeOptions:
        """Validate lobby options; unknown names and bad values raise ValueError.

        >>> SpikeOptions.from_mapping({"tie_break": "split", "rounds": "4"}).rounds
        4
        >>> SpikeOptions.from_mapping({"rounds": 9})
        Traceback (most recent call last):
        ...
        ValueError: option rounds must be 1 to 5
        """
        known = {f.name: f.default for f in fields(cls)}
        unknown = sorted(set(raw) - set(known))
        if unknown:
            raise ValueError(f"unknown Corellian Spike options: {', '.join(unknown)}")
        values: dict[str, Any] = {}
        for name, value in raw.items():
            default = known[name]
            if value is None:
                values[name] = None if name in _NULLABLE else default
            elif name in _CHOICES:
                if value not in _CHOICES[name]:
                    allowed = " or ".join(_CHOICES[name])
                    raise ValueError(f"option {name} must be {allowed}, not {value!r}")
                values[name] = str(value)
            elif isinstance(default, bool):
                values[name] = _as_bool(name, value)
            else:
                number = _as_int(name, value)
                if number < _MINIMUM[name]:
                    raise ValueError(f"option {name} must be at least {_MINIMUM[name]}")
                values[name] = number
        opts = cls(**values)
        if not 1 <= opts.rounds <= 5:
            raise ValueError("option rounds must be 1 to 5")
        return opts


class Phase(StrEnum):
    """Where the game waits for a decision (the automatic states of §3 never wait)."""

    CARD = "card"  # a card-phase turn (§3.1)
    CHOOSE = "choose"  # gain_mode draw_then_choose: keep the drawn card or discard one
    BET = "bet"
    GAME_OVER = "game_over"


_DECIDED = Codec(HandDecided)


def _decided_to_json(decided: HandDecided | Worded) -> dict[str, Any]:
    if isinstance(decided, Worded):
        return {"text": decided.text}
    return _DECIDED.dump(decided)


def _decided_from_json(data: Mapping[str, Any]) -> HandDecided | Worded:
    if "text" in data:
        return Worded(str(data["text"]))
    return _DECIDED.load(data)


DECIDED = meta(shape=Shape(_decided_to_json, _decided_from_json), unset=True)
"""Field metadata of ``decided``: the :class:`HandDecided` fact as an object, absent while there
is none (rows stored before it existed write back as they were)."""


@stored(
    *("players", "buy_in", "options", "rng", "betting", "status", "sabacc_pot", "phase"),
    *("hand_no", "start_seat", "round_no", "hands", "draw", "discard", "queue", "dealt", "dice"),
    *("last_drawn", "rigged_decks", "rigged_dice", "rigged_start", "decided", "last_result"),
    *("final_payouts", "stats", "seq", "turn"),
)
@dataclass(slots=True)
class SpikeState(TwoPotState[SpikeOptions, Card]):
    """Everything a Corellian Spike table knows.

    Card invariant during a hand: draw pile + discard pile + hands + blind draws = the 62 cards.
    Credit invariant: Σ stacks + hand pot + Sabacc pot only drops when a player leaves.
    """

    phase: Phase = Phase.CARD
    discard: list[Card] = field(default_factory=list)  # face up; the top is the last card
    dice: tuple[int, int] | None = None  # the last roll of this hand
    last_drawn: list[Note | None] = field(default_factory=list, metadata=NOTES)  # per seat
    rigged_decks: list[list[str]] = field(default_factory=list)  # tests: top-first decks
    rigged_dice: list[tuple[int, int]] = field(default_factory=list)  # tests: next rolls
    rigged_start: int | None = None  # tests: hand 1's starting player
    decided: HandDecided | Worded | None = field(default=None, metadata=DECIDED)  # last hand

    def last_decision(self) -> HandDecided | Worded | None:
        """How the last hand was decided; a table stored by an earlier version kept it as the
        last line of ``last_result`` (words), shown as it is."""
        return last_decision(self.decided, self.last_result)

    def available(self) -> int:
        """Cards that can still be drawn: the draw pile and the discards under the top (§3.4)."""
        return len(self.draw) + max(0, len(self.discard) - 1)

    def all_cards(self) -> list[Card]:
        """Draw pile, discard pile and hands together (the 62 cards during a hand)."""
        return [*self.draw.cards, *self.discard, *(c for h in self.hands for c in h)]


CODEC = Codec(SpikeState, atoms=(notation(Card, Card.parse),))
"""The state's JSON form."""
