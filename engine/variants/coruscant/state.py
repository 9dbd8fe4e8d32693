"""Coruscant Shift game state: options, phases, the data of a running game and its JSON form.

The steps of a hand are in :mod:`engine.variants.coruscant.flow`, the decisions in
:mod:`engine.variants.coruscant.actions`, the views in :mod:`engine.variants.coruscant.views`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields
from enum import StrEnum
from typing import Any, ClassVar

from engine.core.betting import Betting
from engine.core.codec import Codec, key, notation
from engine.core.deck import Deck
from engine.core.game import IllegalAction, SeatStats
from engine.core.seats import clockwise_from
from engine.variants.coruscant.cards import SYLOP_ALIAS_SEP, Card, Evaluation, Suit, evaluate_cards


class Phase(StrEnum):
    """The decision points of a hand, plus the end of the game."""

    SELECT_1 = "r1_select"
    BET_1 = "r1_bet"
    SELECT_2 = "r2_select"
    BET_2 = "r2_bet"
    GAME_OVER = "game_over"

    def __init__(self, value: str) -> None:
        self.round_no = {"r1_select": 1, "r1_bet": 1, "r2_select": 2, "r2_bet": 2}.get(value, 0)
        """1 or 2 (0 once the game is over)."""
        self.selecting = value.endswith("_select")
        """True in a simultaneous selection phase."""


@dataclass(frozen=True, slots=True)
class CoruscantOptions:
    """Table options (§2.3, CS-3, CS-5, CS-11, CS-16); ``max_raises_per_phase`` is optional."""

    ante_escalation: bool = True
    base_ante: int = 2
    lock_first_selection: bool = False
    sylop_counts_as_target_suit: bool = True
    max_hands: int | None = None
    min_bet: int = 1
    max_raises_per_phase: int | None = None

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> CoruscantOptions:
        """Build from a table's option mapping; unknown names raise ValueError."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown Coruscant Shift options: {', '.join(unknown)}")
        defaults = cls()
        values: dict[str, Any] = {}
        for name, raw in data.items():
            default = getattr(defaults, name)
            if raw is None:
                values[name] = default if name != "max_hands" else None
            elif isinstance(default, bool):
                values[name] = _as_bool(name, raw)
            else:
                values[name] = _as_int(name, raw)
        opts = cls(**values)
        if opts.base_ante < 0 or opts.min_bet < 1:
            raise ValueError("base_ante must be >= 0 and min_bet >= 1")
        if opts.max_hands is not None and opts.max_hands < 1:
            raise ValueError("max_hands must be at least 1")
        return opts


def _as_bool(name: str, raw: Any) -> bool:
    if isinstance(raw, bool):
        return raw
    text = str(raw).strip().lower()
    if text in {"true", "yes", "on", "1"}:
        return True
    if text in {"false", "no", "off", "0"}:
        return False
    raise ValueError(f"option {name} must be true or false, not {raw!r}")


def _as_int(name: str, raw: Any) -> int:
    try:
        if isinstance(raw, bool) or (isinstance(raw, float) and not raw.is_integer()):
            raise ValueError
        return int(raw)
    except (TypeError, ValueError):
        raise ValueError(f"option {name} must be a whole number, not {raw!r}") from None


@dataclass(init=False, eq=False, repr=False)
class CoruscantState:
    """Everything a Coruscant Shift game holds.

    Card invariant: ``deck + discard + every hand`` is always the 62-card deck during a hand.
    Credit invariant: ``sum(stacks) + pot`` only drops when a player leaves with their stack.

    The fields (in the order of the JSON form, :data:`CODEC`) are set by :meth:`__init__`; the
    dataclass declaration only lists them for :mod:`engine.core.codec`.
    """

    VARIANT: ClassVar[str] = "coruscant-shift"

    seat_players: tuple[str, ...] = field(metadata=key("players"))
    opts: CoruscantOptions = field(metadata=key("options"))
    rng: random.Random
    bet: Betting = field(metadata=key("betting"))
    left: list[bool]
    hand_no: int
    ante: int
    start_seat: int
    phase: Phase
    target: int
    suit: Suit
    deck: Deck[Card]
    discard: list[Card]
    hands: list[list[Card]]
    kept: list[list[Card]]
    choice: list[list[Card] | None]
    stats: list[dict[str, Any]]
    rigged_decks: list[list[str]]
    rigged_dice: list[tuple[int, str]]
    rigged_start: int | None
    seq_count: int = field(metadata=key("seq"))
    turn_count: int = field(metadata=key("turn"))

    def __init__(
        self,
        players: Sequence[str],
        *,
        stacks: Sequence[int],
        options: CoruscantOptions,
        rng: random.Random,
    ) -> None:
        n = len(players)
        if not 2 <= n <= 6:
            raise ValueError("Coruscant Shift seats 2 to 6 players")
        self.seat_players = tuple(players)
        self.opts = options
        self.rng = rng
        self.bet = Betting(
            n, stacks, min_bet=options.min_bet, max_raises_per_phase=options.max_raises_per_phase
        )
        self.left = [False] * n
        self.hand_no = 0
        self.ante = options.base_ante
        self.start_seat = 0
        self.phase = Phase.SELECT_1
        self.target = 0
        self.suit = Suit.CIRCLE
        self.deck = Deck()
        self.discard = []
        self.hands = [[] for _ in range(n)]
        self.kept = [[] for _ in range(n)]
        self.choice = [None] * n
        self.stats = [asdict(SeatStats()) for _ in range(n)]
        self.rigged_decks = []
        self.rigged_dice = []
        self.rigged_start = None
        self.seq_count = 0
        self.turn_count = 0

    @property
    def players(self) -> tuple[str, ...]:
        """Player ids by seat."""
        return self.seat_players

    @property
    def n(self) -> int:
        """Number of seats."""
        return len(self.seat_players)

    @property
    def finished(self) -> bool:
        """True once the game is over."""
        return self.phase is _GAME_OVER

    @property
    def stacks(self) -> list[int]:
        """Credits behind each seat (the betting module owns them)."""
        return self.bet.stacks

    def order(self) -> list[int]:
        """Every seat clockwise from this hand's starting player."""
        return list(clockwise_from(self.start_seat, self.n))

    def parse_choice(self, seat: int, choices: Sequence[str]) -> list[Card]:
        """Validate a selection of ``seat`` (notations; a second Sylop may be ``sylop#2``)."""
        if not choices:
            raise IllegalAction("coruscant_no_cards")
        # cards counted by notation (a card is its notation; a str hashes in C, a Card in Python)
        remaining = Counter([c.notation for c in self.hands[seat]])
        picked: list[Card] = []
        for text in choices:
            base = text.split(SYLOP_ALIAS_SEP)[0] if text.startswith("sylop") else text
            try:
                card = Card.parse(base)
            except ValueError:
                raise IllegalAction("coruscant_not_a_card", text=text) from None
            if remaining[card.notation] <= 0:
                if card in self.hands[seat]:
                    raise IllegalAction("coruscant_chosen_twice", card=card.notation)
                raise IllegalAction("coruscant_not_held", card=card.notation)
            remaining[card.notation] -= 1
            picked.append(card)
        if self.opts.lock_first_selection and self.phase is Phase.SELECT_2:
            kept = Counter([c.notation for c in self.kept[seat]])
            missing = kept - Counter([c.notation for c in picked])
            if missing:
                raise IllegalAction("coruscant_locked", cards=tuple(missing.elements()))
        return picked

    def evaluate(self, cards: Sequence[Card]) -> Evaluation:
        """A selection's value against this hand's dice (the Sylops as the table's option says)."""
        wild = self.opts.sylop_counts_as_target_suit
        return evaluate_cards(cards, self.target, self.suit, sylop_wild=wild)

    def pending_seats(self) -> frozenset[int]:
        """Unconfirmed live seats while selecting; the seat to act while betting."""
        bet = self.bet
        if self.phase.selecting:  # live (dealt in, not folded) and not confirmed yet
            in_hand, folded, choice = bet.in_hand, bet.folded, self.choice
            return frozenset(
                [
                    s
                    for s in range(len(choice))
                    if in_hand[s] and not folded[s] and choice[s] is None
                ]
            )
        to_act = bet.to_act
        if to_act is None or self.phase is _GAME_OVER:
            return _NOBODY
        return _SEAT.get(to_act) or frozenset((to_act,))

    def payouts(self) -> dict[int, int]:
        """Final stacks per seat (seats that left get 0)."""
        return {s: 0 if self.left[s] else self.stacks[s] for s in range(self.n)}

    def muck(self, seat: int) -> None:
        """Put a seat's cards face down on the discard pile."""
        self.discard.extend(self.hands[seat])
        self.hands[seat] = []
        self.kept[seat] = []
        self.choice[seat] = None

    def all_cards(self) -> list[Card]:
        """Deck, discard pile and hands together (tests check it is always the full deck)."""
        return [*self.deck.cards, *self.discard, *(c for h in self.hands for c in h)]


_NOBODY: frozenset[int] = frozenset()
# Asked several times a step: the answers are shared, and the phase compared with a module
# constant (reading a member off its enum class costs ~70 ns in Python 3.11).
_SEAT = {seat: frozenset((seat,)) for seat in range(8)}
_GAME_OVER = Phase.GAME_OVER
ATOMS = (notation(Card, Card.parse),)
"""The values written as one JSON string: the cards, as their notation."""
CODEC = Codec(CoruscantState, atoms=ATOMS)
"""The state's JSON form (a table row holds it beside the variant id, see ``game.py``)."""
