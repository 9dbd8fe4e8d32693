"""The contract between every variant's engine and the table platform.

A variant module implements :class:`Game` (structurally: it is a ``Protocol``) and registers a
:class:`VariantInfo` in :mod:`engine.variants`. The Discord side never knows a variant's rules: it
asks the game which seats may act (:meth:`Game.pending_seats`), what each may do
(:meth:`Game.legal_actions`, described well enough to draw a button, a modal or a select), applies
the chosen :class:`Action`, renders :meth:`Game.public_view` publicly and :meth:`Game.view_for`
privately, and persists :meth:`Game.to_json`.

Money: a game is created with an integer credit ``buy_in`` per seat. Whatever the variant does with
chips inside, the credits that leave it are exactly the buy-ins: the sum of :meth:`Game.leave`
returns plus :meth:`Game.payouts` at the end equals ``buy_in * seats``. A variant whose factory
takes ``stacks`` (one starting stack per seat; every variant but Kessel, whose chips are tokens)
can start a game with unequal stacks, e.g. a tournament table carrying its players' chips over;
the credits that leave it are then ``sum(stacks)``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import KW_ONLY, dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, Protocol, Self, runtime_checkable

from engine.core.deck import CardDeck
from engine.core.facts import Fact
from engine.core.fair import SeedSource
from engine.core.lazy import (
    FactOrLazy,
    Items,
    LazyFact,
    LazyRows,
    LazyText,
    LazyTuple,
    RowsOrLazy,
    Text,
)


class IllegalAction(ValueError):
    """An action the rules do not allow now.

    ``reason`` is a code (``[a-z][a-z0-9_]*``, e.g. ``"empty_pile"``) and ``data`` what the
    sentence needs (``pile="sand"``): the bot's words for reasons (``bot.words``) write it.
    ``str(exc)`` is the code. A variant that still writes its own words gives a whole sentence as
    ``reason`` instead (and no data); the bot shows such a sentence as is.
    """

    def __init__(self, reason: str, /, **data: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.data: dict[str, Any] = data


def whole_amount(amount: object) -> int | None:
    """``amount`` itself when it is ``None`` or a plain ``int``; :class:`IllegalAction` for
    anything else (a float, NaN, a bool, a string): credits are whole numbers, and an amount
    that is not one must never reach a stack."""
    if amount is None or type(amount) is int:
        return amount
    raise IllegalAction("whole_amount")


class ParamKind(StrEnum):
    """What an action needs besides its kind."""

    NONE = "none"  # a plain button
    AMOUNT = "amount"  # an integer between ``min_amount`` and ``max_amount`` (a modal)
    CHOICE = "choice"  # ``min_choices``..``max_choices`` values among ``options`` (a select)


@dataclass(frozen=True, init=False)
class Option:
    """One choosable value of a ``CHOICE`` action (a card, a pile, a die, a target).

    ``facts`` is the data its words are written from (the bot's renderer for the variant fills
    ``label`` and ``description`` from them); it may be given as a function (:class:`LazyFact`).
    A variant that still writes its own words gives ``label`` and ``description`` instead
    (:class:`LazyText`, also possibly functions).
    """

    value: str
    label: LazyText = LazyText()
    description: LazyText = LazyText()
    facts: LazyFact = LazyFact()

    def __init__(
        self, value: str, label: Text = "", description: Text = "", facts: FactOrLazy = None
    ) -> None:
        fields = self.__dict__  # a frozen dataclass: its fields are set once, here
        fields["value"] = value
        fields["_label"] = label
        fields["_description"] = description
        fields["_facts"] = facts


@dataclass(frozen=True, init=False)
class ActionSpec:
    """One thing a seat may do now, described well enough to draw a control for it.

    ``kind`` is a stable lower-case identifier (``[a-z_]+``, it goes into Discord custom ids).
    ``style`` is one of ``primary``, ``secondary``, ``success``, ``danger``. ``facts`` is the
    data the control's words are written from besides its kind and bounds (a cost, a count); the
    bot's renderer for the variant fills ``label`` and ``prompt``. A variant that still writes its
    own words gives ``label`` and ``prompt`` instead. Both may be given as functions
    (:class:`LazyText`, :class:`LazyFact`).
    """

    kind: str
    label: LazyText = LazyText()
    param: ParamKind = ParamKind.NONE
    min_amount: int = 0
    max_amount: int = 0
    options: tuple[Option, ...] = ()
    min_choices: int = 1
    max_choices: int = 1
    style: str = "secondary"
    prompt: LazyText = LazyText()
    facts: LazyFact = LazyFact()

    def __init__(
        self,
        kind: str,
        label: Text = "",
        param: ParamKind = ParamKind.NONE,
        min_amount: int = 0,
        max_amount: int = 0,
        options: tuple[Option, ...] = (),
        min_choices: int = 1,
        max_choices: int = 1,
        style: str = "secondary",
        prompt: Text = "",
        facts: FactOrLazy = None,
    ) -> None:
        fields = self.__dict__  # a frozen dataclass: its fields are set once, here
        fields["kind"] = kind
        fields["_label"] = label
        fields["param"] = param
        fields["min_amount"] = min_amount
        fields["max_amount"] = max_amount
        fields["options"] = options
        fields["min_choices"] = min_choices
        fields["max_choices"] = max_choices
        fields["style"] = style
        fields["_prompt"] = prompt
        fields["_facts"] = facts


@dataclass(frozen=True, slots=True)
class Action:
    """A seat's decision: the kind, plus an amount or chosen option values where the spec asks."""

    kind: str
    amount: int | None = None
    choices: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (the action log and bot traces use it)."""
        return {"kind": self.kind, "amount": self.amount, "choices": list(self.choices)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Action:
        """Inverse of :meth:`to_json`; raises :class:`IllegalAction` for an amount that is not
        a whole number (see :func:`whole_amount`)."""
        amount = whole_amount(data.get("amount"))
        return cls(str(data["kind"]), amount, tuple(data.get("choices", ())))


Event = object
"""What an accepted action caused: a :class:`~engine.core.facts.Fact` (a frozen dataclass).

The bot's renderer for the variant writes its public log lines (none when nothing of it is
public); an event never holds a card that is not public at that moment unless the renderer
knows it is private (a card drawn face down)."""

Events = list[Event]
"""The list a rules step appends its events to (the variants' flow and payout functions)."""


@dataclass(frozen=True, slots=True)
class ShownHand:
    """Cards a player showed face up at a reveal, in the variant's card notation, and the name
    of the hand (pictures of the showdown are drawn from these).

    A reveal event offers them through ``shown_hands()`` (:class:`Reveals`). A later entry for the
    same player in the same hand adds the cards dealt face up afterwards (Sudden Demise) and
    renames the hand.
    """

    player: str
    cards: tuple[str, ...]
    hand: str | Fact = ""  # the hand's rank (a fact; a name where the variant writes words)


@runtime_checkable
class Reveals(Protocol):
    """An event that shows hands face up (only cards that are public from that moment)."""

    def shown_hands(self) -> tuple[ShownHand, ...]:
        """The hands shown."""
        ...


@runtime_checkable
class Awards(Protocol):
    """An event that names who won (a pot, a round) at a reveal."""

    def won_by(self) -> tuple[str, ...]:
        """The winners' player ids (empty when nobody won)."""
        ...


@runtime_checkable
class Leaves(Protocol):
    """An event of a player leaving the table that records the credits they took with them (its
    words say so, so the bot does not say it a second time)."""

    def credits_taken(self) -> int:
        """The credits the leaving player took from the table."""
        ...


@runtime_checkable
class Pays(Protocol):
    """An event that settles (part of) a hand's pot: a hand record's pot is the sum of these
    over the hand, so the final call that went in with the last action is counted."""

    def pot_paid(self) -> int:
        """The credits (chips) of the pot this event settles."""
        ...


@dataclass(frozen=True, init=False)
class SeatView:
    """What everyone may know about one seat."""

    seat: int
    player: str
    stack: int
    status: str = ""  # "folded", "all-in", "out", "standing", "kept 3 cards", ...
    public: str = ""  # public cards or facts of this seat (revealed hand, tokens left, ...)
    active: bool = True  # still taking part in the game

    def __init__(
        self,
        seat: int,
        player: str,
        stack: int,
        status: str = "",
        public: str = "",
        active: bool = True,
    ) -> None:
        fields = self.__dict__  # frozen: the fields are set once, here (every view builds several)
        fields["seat"] = seat
        fields["player"] = player
        fields["stack"] = stack
        fields["status"] = status
        fields["public"] = public
        fields["active"] = active


@dataclass(frozen=True, init=False)
class PublicView:
    """The public state of a table: the table message is drawn from this alone.

    ``variant``, ``hand_no``, ``acting``, the seats' ``seat``/``player``/``stack``/``active``,
    the pots' amounts and ``finished`` are data. ``facts`` is the variant's typed rest of the
    table (phase, cards, dice, tokens...); the bot's renderer for the variant
    (``bot.words.table_text``) fills the text fields (``title``, ``phase``, the seats' ``status``
    and ``public``, the pots' names, ``info``, ``highlight``) from it, and then the pots' names
    given here are keys. A variant that still writes its own words fills the text fields itself
    and leaves ``facts`` ``None``. ``info`` and ``seats`` may be given as functions
    (:class:`LazyRows`, :class:`LazyTuple`): computed when first read.
    """

    variant: str
    title: str
    phase: str
    hand_no: int
    acting: tuple[int, ...]
    seats: LazyTuple[SeatView] = LazyTuple()
    stack_unit: str = "credits"
    pots: tuple[tuple[str, int], ...] = ()
    info: LazyRows = LazyRows()
    highlight: str = ""
    finished: bool = False
    facts: Fact | None = None

    def __init__(
        self,
        variant: str,
        title: str,
        phase: str,
        hand_no: int,
        acting: tuple[int, ...],
        seats: Items[SeatView],
        stack_unit: str = "credits",
        pots: tuple[tuple[str, int], ...] = (),
        info: RowsOrLazy = (),
        highlight: str = "",
        finished: bool = False,
        facts: Fact | None = None,
    ) -> None:
        fields = self.__dict__  # frozen: the fields are set once, here (one view per change)
        fields["variant"] = variant
        fields["title"] = title
        fields["phase"] = phase
        fields["hand_no"] = hand_no
        fields["acting"] = acting
        fields["_seats"] = seats
        fields["stack_unit"] = stack_unit
        fields["pots"] = pots
        fields["_info"] = info
        fields["highlight"] = highlight
        fields["finished"] = finished
        fields["facts"] = facts


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What one seat may see: its own hidden cards (notations) plus everything public.

    ``facts`` is the variant's typed rest of the seat's private view; the bot's renderer
    (``bot.words.hand_text``) fills ``hand_text`` and ``notes`` from it. A variant that still
    writes its own words fills those itself and leaves ``facts`` ``None``.
    """

    seat: int
    hand: tuple[str, ...]
    hand_text: str = ""
    notes: tuple[str, ...] = ()
    public: PublicView | None = None
    facts: Fact | None = None


@dataclass(frozen=True, slots=True)
class SeatStats:
    """Per-seat results of a finished (or left) game, for /stats and leaderboards."""

    hands_played: int = 0
    hands_won: int = 0
    best_hand: str = ""
    best_hand_score: int = 0  # higher is better, comparable within one variant only
    biggest_pot: int = 0


@runtime_checkable
class Game(Protocol):
    """A running game of one variant: the only thing the table platform talks to."""

    VARIANT: ClassVar[str]

    # The public events of the game's creation (the first hand's opening: antes, deal, target
    # roll), in order; empty for a game restored from JSON.
    opening_events: tuple[Event, ...]

    @property
    def players(self) -> tuple[str, ...]:
        """Player ids by seat (join order)."""
        ...

    @property
    def seq(self) -> int:
        """Number of accepted actions so far (persistence order)."""
        ...

    @property
    def turn(self) -> int:
        """Decision counter: grows whenever a new decision point starts (another seat to act,
        another phase). Buttons carry it; a click with an older value is stale. It does not grow
        when one seat of a simultaneous phase acts."""
        ...

    @property
    def finished(self) -> bool:
        """True once the game is over and :meth:`payouts` is final."""
        ...

    def pending_seats(self) -> frozenset[int]:
        """Seats that may act now (one in turn-based phases, several in simultaneous ones)."""
        ...

    def legal_actions(self, seat: int) -> tuple[ActionSpec, ...]:
        """What ``seat`` may do now. For a seat that is not pending this is usually empty, but
        may hold out-of-turn actions the rules allow at any moment (Sabacc Project's
        Interference Field); applying one of those does not pass the turn."""
        ...

    def apply(self, seat: int, action: Action) -> tuple[Event, ...]:
        """Apply one decision and run every automatic step after it; raise IllegalAction."""
        ...

    def preview(self, seat: int, action: Action) -> str | Fact:
        """Facts about a choice before it is confirmed (e.g. the running total and distance of
        a card selection), which the bot writes as a short private line; ``""`` when there is
        nothing useful to say (a variant that still writes its own words returns the line).
        Never raises for a well-formed action of a pending seat."""
        ...

    def default_action(self, seat: int) -> Action:
        """The least harmful legal action for a pending seat (turn timers use it)."""
        ...

    def leave(self, seat: int) -> tuple[tuple[Event, ...], int]:
        """The player leaves for good (forfeits per the variant's rules); returns the events and
        the credits to return to them now."""
        ...

    def payouts(self) -> dict[int, int]:
        """Credits each seat takes home once finished (seats that left get 0 here)."""
        ...

    def stakes(self) -> dict[str, int]:
        """The antes a hand takes now, by option name (:attr:`VariantInfo.stakes`)."""
        ...

    def set_stakes(self, stakes: Mapping[str, int]) -> tuple[Event, ...]:
        """Change antes from the next hand on; the change's events (none when nothing
        changes). Raises :class:`IllegalAction` for an option the game can't change."""
        ...

    def close_after(self, hand_no: int) -> None:
        """End the game once hand ``hand_no`` ends (never later than it would have): each
        seat's chips are then its payout. Raises :class:`IllegalAction` when the variant can't
        (:attr:`VariantInfo.carries_stacks` is false) or the game is over."""
        ...

    def seat_stats(self) -> dict[int, SeatStats]:
        """Per-seat statistics so far."""
        ...

    def public_view(self) -> PublicView:
        """Everything public; never a hidden card."""
        ...

    def view_for(self, seat: int) -> PlayerView:
        """What ``seat`` may see."""
        ...

    def to_json(self) -> dict[str, Any]:
        """Serialise the whole state (RNG included) so :meth:`from_json` restores it exactly."""
        ...

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """Restore a state serialised by :meth:`to_json`."""
        ...


class GameFactory(Protocol):
    """Builds a new game: ``factory(players, buy_in=..., options=..., seed=...)``.

    ``seed`` is an ``int`` (a plain seeded generator: tests, the judge) or a
    :class:`~engine.core.fair.SeedSource` (a table's provably fair per-hand seeds). A variant
    builds its generator with :func:`engine.core.fair.game_rng`, calls
    :func:`engine.core.fair.begin_hand` once where each hand starts (before its first random
    event), emits a ``HandStarted`` (or ``RoundStarted``) event there, and keeps the first
    hand's events in ``opening_events``: :mod:`engine.record` and :mod:`engine.replay` rely on
    these to cut and verify hands."""

    def __call__(
        self,
        players: Sequence[str],
        *,
        buy_in: int,
        options: Mapping[str, Any],
        seed: int | SeedSource,
        stacks: Sequence[int] | None = None,
    ) -> Game: ...


class JudgeFunction(Protocol):
    """Computes one test vector's result object (see ``docs/rules/README.md``)."""

    def __call__(self, vector: Mapping[str, Any]) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class VariantInfo:
    """Everything the platform and the judge need to know about one variant."""

    id: str
    name: str
    min_players: int
    max_players: int
    buy_in_presets: Mapping[str, int]
    default_preset: str
    min_buy_in: int
    create: GameFactory
    restore: Any  # Callable[[Mapping[str, Any]], Game]
    judge: JudgeFunction
    options: Mapping[str, Any] = field(default_factory=dict)  # option name -> default
    _: KW_ONLY
    bot: str | None
    """Module of the variant's bot opponent (``decide(game, seat, style) -> Action``), imported
    on first use; ``None`` when no bot plays it."""
    deck: CardDeck
    """The physical deck it plays with (the bot draws its cards from it)."""
    vocabulary: str
    """Names the renderer and word set the bot uses for its texts (variants may share one):
    the bot reads ``bot/words/<vocabulary>.py`` (dashes as underscores) when it exists."""
    stakes: tuple[str, ...] = ()
    """The options that are a hand's antes, which a running game may change from its next
    hand on (``StateGame.STAKES``, ``set_stakes``); empty when the rules have none to change."""
    carries_stacks: bool = True
    """Whether ``create`` takes ``stacks`` (one starting stack per seat) and a running game
    can be ended after a given hand (:meth:`Game.close_after`): what a tournament needs to
    move players between tables with their chips."""
