"""Kessel Sabacc game state: options, seats, piles and their JSON form (``kessel.md`` §2, §3).

The state is a plain mutable record; the rules that change it live in
:mod:`engine.variants.kessel.flow` and :mod:`engine.variants.kessel.tokens`.

Implementation decisions:

* K-impl-2: when the ``starting_chips`` option is absent, it is inferred from the credit buy-in
  when that is a stake of a §2.2 profile (e.g. 120 = 8 chips × 15 lay); otherwise 6.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine.core.codec import Atom, Codec, Shape, meta, notation
from engine.core.deck import Deck
from engine.variants.kessel.cards import FAMILIES, Card, Family, parse_card
from engine.variants.kessel.events import HandRevealed, RoundWon
from engine.variants.kessel.rank import Fix

RATES: Mapping[str, int] = {"lay": 15, "pro": 25, "tournament": 125}
"""Credits per tax chip of the §2.2 economy profiles."""

DEFAULT_CHIPS = 6
TOKENS_PER_PLAYER = 3
LAST = meta(last=True)  # the JSON keeps a seat's lists after its other fields


def _reveal_to_json(item: HandRevealed | RoundWon | str) -> Any:
    if isinstance(item, HandRevealed):
        return {"revealed": item.to_json()}
    if isinstance(item, RoundWon):
        return {"won": item.to_json()}
    return item


def _reveal_from_json(data: Any) -> HandRevealed | RoundWon | str:
    if isinstance(data, str):
        return data
    if "revealed" in data:
        return HandRevealed.from_json(data["revealed"])
    return RoundWon.from_json(data["won"])


def _reveals_to_json(items: tuple[HandRevealed | RoundWon | str, ...]) -> list[Any]:
    return [_reveal_to_json(r) for r in items]


def _reveals_from_json(data: Any) -> tuple[HandRevealed | RoundWon | str, ...]:
    return tuple(_reveal_from_json(r) for r in data)


REVEAL = meta(shape=Shape(_reveals_to_json, _reveals_from_json))
"""``last_reveal``: ``{"revealed": ...}`` / ``{"won": ...}`` facts, or lines of a stored game."""


class Phase(StrEnum):
    """Where the game waits for a decision."""

    SELECT = "select_tokens"  # simultaneous: every seat picks its Shift Tokens (token_mode select)
    CARD_TURN = "card_turn"  # one seat: token window, then draw or stand
    PRIME = "prime_choice"  # the actor of Prime Sabacc picks one of two dice
    KEEP = "keep"  # the seat that drew keeps one card of the drawn family
    IMPOSTOR = "impostor"  # one seat at a time, clockwise: the owner picks its Impostor dice
    REVEAL = "reveal"  # only in judge scenarios: the round ended, settlement not run
    OVER = "game_over"


@dataclass(frozen=True, slots=True)
class KesselOptions:
    """Game options (§3.1, §6.3) with their defaults."""

    starting_chips: int = DEFAULT_CHIPS
    economy: str = "lay"
    token_mode: str = "select"
    token_pool: str = "per_player"
    allow_duplicate_tokens: bool = False
    all_stand_rule: str = "same_turn"
    tokens_public: bool = False
    predetermined_tokens: tuple[tuple[str, ...], ...] = ()

    @classmethod
    def parse(cls, options: Mapping[str, Any], buy_in: int, n_players: int) -> KesselOptions:
        """Validate ``options``; raise ``ValueError`` with a readable message."""
        chips = options.get("starting_chips")
        if chips is None:
            chips = infer_chips(buy_in)
        chips = int(chips)
        if not 4 <= chips <= 8:
            raise ValueError("starting_chips must be between 4 and 8")
        choices = {
            "economy": ("lay", "pro", "tournament", "custom"),
            "token_mode": ("select", "random", "predetermined", "none"),
            "token_pool": ("per_player", "shared"),
            "all_stand_rule": ("same_turn", "consecutive"),
        }
        values: dict[str, str] = {}
        defaults = cls()
        for name, allowed in choices.items():
            value = str(options.get(name, getattr(defaults, name)))
            if value not in allowed:
                raise ValueError(f"{name} must be one of {', '.join(allowed)}")
            values[name] = value
        if values["token_pool"] == "shared" and n_players * TOKENS_PER_PLAYER > 16:
            raise ValueError("a shared token pool needs at most 5 players")
        raw = options.get("predetermined_tokens") or ()
        if raw and all(isinstance(t, str) for t in raw):
            raw = [raw]
        predetermined = tuple(tuple(str(t) for t in seat) for seat in raw)
        return cls(
            starting_chips=chips,
            allow_duplicate_tokens=bool(options.get("allow_duplicate_tokens", False)),
            tokens_public=bool(options.get("tokens_public", False)),
            predetermined_tokens=predetermined,
            **values,
        )


def infer_chips(buy_in: int) -> int:
    """Chips bought by ``buy_in`` under a §2.2 profile, else the default 6 (K-impl-2)."""
    for rate in RATES.values():
        if buy_in % rate == 0 and 4 <= buy_in // rate <= 8:
            return buy_in // rate
    return DEFAULT_CHIPS


@dataclass(slots=True)
class SeatState:
    """One player's chips, cards, tokens and statistics."""

    player: str
    stock: int
    hand_pot: int = 0
    hand: list[Card] = field(default_factory=list, metadata=LAST)  # [sand, blood] while playing
    tokens: list[str] = field(default_factory=list, metadata=LAST)  # unused Shift Tokens
    used_tokens: list[str] = field(default_factory=list, metadata=LAST)
    selected: bool = True  # has its tokens (False while picking them)
    out: bool = False  # eliminated or left
    left: bool = False
    immune: bool = False
    # card actions this round: draw / stand
    history: list[str] = field(default_factory=list, metadata=LAST)
    rounds_played: int = 0
    rounds_won: int = 0
    best_hand: str = ""  # HandEval.key of the best hand (stored statistics keep this key)
    best_score: int = 0
    biggest_pot: int = 0

    @property
    def in_stand(self) -> bool:
        """Most recent card action this round was STAND (§6.1, K-6)."""
        return bool(self.history) and self.history[-1] == "stand"


@dataclass(slots=True)
class KesselState:
    """The whole state of one game (RNG included)."""

    players: tuple[str, ...]
    buy_in: int
    options: KesselOptions
    rng: random.Random
    seats: list[SeatState]
    phase: Phase = Phase.SELECT
    round_no: int = 0
    t: int = 1  # turn (pass) within the round, 1..3
    starter: int = 0
    order: list[int] = field(default_factory=list)  # this round's seats, clockwise from starter
    cursor: int = 0  # index in ``order`` of the seat whose card turn it is
    draw: dict[Family, Deck[Card]] = field(default_factory=dict)
    discard: dict[Family, list[Card]] = field(default_factory=dict)  # top = last
    fix: Fix = field(default_factory=Fix)
    token_played: bool = False  # in the current card turn
    acted: bool = False  # the current seat already took its card action (judge scenarios)
    judge_mode: bool = False  # judge scenarios: no automatic stands, stop at the reveal
    free_draw: bool = False  # in the current card turn
    embargoed: int | None = None  # seat marked by Embargo for its next card turn this round
    forced: bool = False  # the current card turn must STAND (Embargo)
    drawn: Card | None = None  # card drawn and not yet kept/discarded
    prime_dice: tuple[int, int] | None = None
    # Impostor dice of this reveal (every roll, also the resolved ones) and the values set so far
    rolls: dict[int, dict[Family, tuple[int, int]]] = field(default_factory=dict)
    chosen: dict[int, dict[Family, int]] = field(default_factory=dict)
    seq: int = 0
    decision: int = 0
    payout: dict[int, int] = field(default_factory=dict)
    last_winners: list[int] = field(default_factory=list)
    # the last reveal's hands and result (lines of text in games saved before they were facts)
    last_reveal: tuple[HandRevealed | RoundWon | str, ...] = field(default=(), metadata=REVEAL)

    # --- queries ---------------------------------------------------------------------------------

    @property
    def n(self) -> int:
        """Number of seats."""
        return len(self.seats)

    @property
    def current(self) -> int:
        """The seat whose card turn it is (CARD_TURN, PRIME, KEEP)."""
        return self.order[self.cursor]

    def active(self) -> list[int]:
        """Seats still in the game (not eliminated, not left), in seat order."""
        return [i for i, s in enumerate(self.seats) if not s.out]

    def round_players(self) -> list[int]:
        """This round's players still in, clockwise from the starting player."""
        return [i for i in self.order if not self.seats[i].out]

    def others(self, seat: int) -> list[int]:
        """Active players of this round other than ``seat`` (§6.1 "other players")."""
        return [i for i in self.round_players() if i != seat]

    def next_card_turn(self, seat: int) -> int | None:
        """The next round player after ``seat`` who still has a card turn this round (K-7)."""
        idx = self.order.index(seat)
        later = [i for i in self.order[idx + 1 :] if not self.seats[i].out]
        if later:
            return later[0]
        if self.t < 3:
            first = self.round_players()
            return first[0] if first else None
        return None

    def open_rolls(self, seat: int) -> dict[Family, tuple[int, int]]:
        """``seat``'s Impostor dice still waiting for a choice (Sand first)."""
        done = self.chosen.get(seat, {})
        rolled = self.rolls.get(seat, {})
        return {f: rolled[f] for f in FAMILIES if f in rolled and f not in done}

    @property
    def impostor_chooser(self) -> int | None:
        """The seat choosing its Impostor dice now: the first round player, clockwise from the
        starting player, with dice waiting for a choice (§3.5, K-34)."""
        if self.phase is not Phase.IMPOSTOR:
            return None
        return next((p for p in self.round_players() if self.open_rolls(p)), None)

    def all_cards(self) -> list[Card]:
        """Every card in the game (hands, piles, pending draw): always the 44 of the deck."""
        cards = [c for s in self.seats for c in s.hand]
        for fam in FAMILIES:
            cards += self.draw[fam].cards + self.discard[fam]
        if self.drawn is not None:
            cards.append(self.drawn)
        return cards

    # --- piles -----------------------------------------------------------------------------------

    def refill(self, family: Family) -> None:
        """§3.8: an empty draw pile takes the discard pile except its top card, shuffled."""
        pile, disc = self.draw[family], self.discard[family]
        if not pile.cards and len(disc) > 1:
            rest, self.discard[family] = disc[:-1], disc[-1:]
            pile.shuffle_in(rest, self.rng)

    def can_take(self, family: Family, from_discard: bool) -> bool:
        """Whether DRAW from this pile is possible (after §3.8)."""
        if from_discard:
            return bool(self.discard[family])
        return bool(self.draw[family].cards) or len(self.discard[family]) > 1

    def take(self, family: Family, from_discard: bool) -> Card:
        """Take the top card of a pile (refilling an empty draw pile first)."""
        if from_discard:
            return self.discard[family].pop()
        self.refill(family)
        if not self.draw[family].cards:  # Exhaustion fallback (§3.8)
            return self.discard[family].pop()
        return self.draw[family].draw_one()


CODEC = Codec(
    KesselState,
    atoms=(notation(Card, parse_card), Atom(Fix, Fix.to_json, Fix.from_json)),
)
"""The state's JSON form (the seat's lists are written after its other fields)."""
