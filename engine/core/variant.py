"""A shared implementation of the :class:`~engine.core.game.Game` contract over a state object.

Every variant keeps its whole game in one state object and its rules in plain functions over
that state (``<variant>_actions``, ``<variant>_flow``, ``<variant>_views``). :class:`StateGame`
is the one place that turns those functions into a :class:`~engine.core.game.Game`: a variant
subclasses it, names its modules and its game-over phase, and overrides only what its rules do
differently (Kessel's decision counter, Coruscant Shift's decision counter and JSON form).

The modules are checked structurally (:class:`DecisionRules`, :class:`LeaveRules`,
:class:`ViewRules`): a module whose functions have the right signatures is a valid value.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from engine.core.codec import Codec
from engine.core.facts import Fact
from engine.core.fair import SeedSource
from engine.core.game import (
    Action,
    ActionSpec,
    Event,
    IllegalAction,
    PlayerView,
    PublicView,
    SeatStats,
)
from engine.core.stakes import StakesChanged, changed


class GameState(Protocol):
    """What :class:`StateGame` reads and writes on a variant's state."""

    @property
    def players(self) -> tuple[str, ...]:
        """Player ids by seat."""
        ...

    @property
    def n(self) -> int:
        """Number of seats."""
        ...

    phase: Any


@dataclasses.dataclass(frozen=True, slots=True)
class NewGame:
    """What a new game is asked for (:meth:`StateGame.create`): the ``players`` (join order),
    the ``buy_in``, the lobby ``options``, the RNG ``seed`` and the starting ``stacks`` (one per
    player, or ``None``: the buy-in each)."""

    players: Sequence[str]
    buy_in: int
    options: Mapping[str, Any]
    seed: int | SeedSource
    stacks: Sequence[int] | None


S = TypeVar("S", bound=GameState)
S_contra = TypeVar("S_contra", contravariant=True)


class DecisionRules(Protocol[S_contra]):
    """A variant's decisions module: who acts, what they may do, and doing it."""

    def pending(self, st: S_contra, /) -> frozenset[int]:
        """Seats that may act now."""
        ...

    def legal_actions(self, st: S_contra, seat: int, /) -> tuple[ActionSpec, ...]:
        """What ``seat`` may do now."""
        ...

    def apply_action(self, st: S_contra, seat: int, action: Action, /) -> Sequence[Event]:
        """Apply one decision and every automatic step after it; raises IllegalAction."""
        ...

    def preview(self, st: S_contra, seat: int, action: Action, /) -> str | Fact:
        """A private line about a choice before it is confirmed."""
        ...

    def default_action(self, st: S_contra, seat: int, /) -> Action:
        """The least harmful legal action for a pending seat."""
        ...


class CheckedRules(DecisionRules[S_contra], Protocol[S_contra]):
    """A decisions module whose ``apply_action`` can be handed the acting seat's legal actions
    when the game already worked them out (it checks the action against them), instead of
    working them out again."""

    def apply_action(
        self,
        st: S_contra,
        seat: int,
        action: Action,
        legal: tuple[ActionSpec, ...] | None = None,
        /,
    ) -> Sequence[Event]:
        """Apply one decision (checked against ``legal``, computed when ``None``) and every
        automatic step after it; raises IllegalAction."""
        ...


class LeaveRules(Protocol[S_contra]):
    """A variant's flow module, as far as a departure goes."""

    def leave(self, st: S_contra, seat: int, events: list[Event], /) -> int:
        """``seat`` leaves for good; appends the events and returns the credits handed back."""
        ...


class ViewRules(Protocol[S_contra]):
    """A variant's views module: public and private views and statistics."""

    def seat_stats(self, st: S_contra, /) -> dict[int, SeatStats]:
        """Per-seat statistics so far."""
        ...

    def public_view(self, st: S_contra, /) -> PublicView:
        """Everything public."""
        ...

    def view_for(self, st: S_contra, seat: int, /) -> PlayerView:
        """What ``seat`` may see."""
        ...


class StateGame(Generic[S]):
    """A :class:`~engine.core.game.Game` that delegates to a state and the variant's modules.

    Subclasses set :attr:`VARIANT`, :attr:`CODEC` (the state's :class:`~engine.core.codec.Codec`),
    :attr:`OVER` (the state's game-over phase) and the three modules :attr:`actions`,
    :attr:`flow` and :attr:`views`. Policies that vary between variants are class attributes:
    :attr:`OUT_OF_TURN` says whether a seat that is not pending may act (then such an action
    does not grow :attr:`turn`); :attr:`SEQ_FIELD` and :attr:`TURN_FIELD` name the state's
    integer fields that count accepted actions and decision points; :attr:`STAKES` names the
    fields of the state's options (:attr:`OPTIONS_FIELD`) that are a hand's antes, which
    :meth:`set_stakes` may change (none: the rules have no stakes a table may change).
    A new game comes from :meth:`create` over the variant's :attr:`new_game`.

    Each seat's legal actions are worked out once per change of the game and remembered until
    the game changes (:meth:`apply`, :meth:`leave`, :meth:`set_stakes`, :meth:`close_after`):
    the table runtime asks for them to draw the controls and again to check a click, and a
    variant's ``apply_action`` may be handed them (:meth:`decide`). Reading :attr:`state` (to
    inspect or rig it) forgets them too; code that keeps the state and changes it later calls
    :meth:`changed`.

    The JSON form is ``{"variant": VARIANT, "state": CODEC.dump(state)}``.
    """

    VARIANT: ClassVar[str]
    CODEC: ClassVar[Codec[Any]]
    OVER: ClassVar[object]
    OUT_OF_TURN: ClassVar[bool] = False
    SEQ_FIELD: ClassVar[str] = "seq"
    TURN_FIELD: ClassVar[str] = "turn"
    STAKES: ClassVar[tuple[str, ...]] = ()
    OPTIONS_FIELD: ClassVar[str] = "options"

    actions: DecisionRules[S]
    flow: LeaveRules[S]
    views: ViewRules[S]

    new_game: Callable[..., S]
    """``new_game(table, events, **hooks)``: the state of a new game (a classmethod of the
    variant) for a :class:`NewGame` ``table``, its first hand started with its ``events``
    appended; ``hooks`` are the variant's test hooks (a stacked deck, rigged dice, the first
    seat). Raises ``ValueError`` on bad players, buy-in, options, stacks or hooks."""

    def __init__(self, state: S) -> None:
        self._state = state
        self._legal: dict[int, tuple[ActionSpec, ...]] = {}  # seat -> legal actions, this change
        self.opening_events: tuple[Event, ...] = ()  # events of create() (first hand's start)

    @property
    def state(self) -> S:
        """The underlying state (tests, bots and the judge inspect it). It is handed out as it
        is, free to change, so the game forgets what it worked out from it (:meth:`changed`):
        the game's own methods read it as ``_state``."""
        self._legal.clear()
        return self._state

    # ------------------------------------------------------------------ counters

    @property
    def players(self) -> tuple[str, ...]:
        """Player ids by seat (join order)."""
        return self._state.players

    @property
    def seq(self) -> int:
        """Accepted actions so far."""
        return int(getattr(self._state, self.SEQ_FIELD))

    @property
    def turn(self) -> int:
        """Decision counter (see :attr:`engine.core.game.Game.turn`)."""
        return int(getattr(self._state, self.TURN_FIELD))

    def changed(self) -> None:
        """Forget what was worked out for the state as it was (each seat's legal actions): the
        game's own changes call it; so does code that changes :attr:`state` directly."""
        self._legal.clear()

    def _count(self, *, action: bool = False, decision: bool = False) -> None:
        """Grow the accepted-action and/or the decision counter by one."""
        st = self._state
        if action:
            setattr(st, self.SEQ_FIELD, getattr(st, self.SEQ_FIELD) + 1)
        if decision:
            setattr(st, self.TURN_FIELD, getattr(st, self.TURN_FIELD) + 1)

    @property
    def finished(self) -> bool:
        """True once the state is in its game-over phase."""
        return self._state.phase is self.OVER

    # ------------------------------------------------------------------ decisions

    def pending_seats(self) -> frozenset[int]:
        """Seats that may act now."""
        return self.actions.pending(self._state)

    def legal_actions(self, seat: int) -> tuple[ActionSpec, ...]:
        """What ``seat`` may do now (worked out once per change of the game)."""
        known = self._legal.get(seat)
        if known is None:
            known = self._legal[seat] = self.actions.legal_actions(self._state, seat)
        return known

    def apply(self, seat: int, action: Action) -> tuple[Event, ...]:
        """Apply one decision and every automatic step after it; raises IllegalAction.

        Every accepted action grows ``seq`` and starts a new decision point (``turn``), except
        an out-of-turn action where the variant allows those (:attr:`OUT_OF_TURN`).
        """
        was_pending = not self.OUT_OF_TURN or seat in self.pending_seats()
        try:
            events = self.decide(seat, action)
        finally:
            self.changed()
        self._count(action=True, decision=was_pending)
        return tuple(events)

    def decide(self, seat: int, action: Action) -> Sequence[Event]:
        """The variant's ``apply_action`` for one decision (:meth:`apply` counts it). A variant
        whose ``apply_action`` checks the action against the seat's legal actions
        (:class:`CheckedRules`) overrides this to hand over the ones already worked out."""
        return self.actions.apply_action(self._state, seat, action)

    def preview(self, seat: int, action: Action) -> str | Fact:
        """A private line about a choice before it is confirmed."""
        return self.actions.preview(self._state, seat, action)

    def default_action(self, seat: int) -> Action:
        """The least harmful legal action for a pending seat (turn timers use it)."""
        return self.actions.default_action(self._state, seat)

    def leave(self, seat: int) -> tuple[tuple[Event, ...], int]:
        """Leave for good per the variant's flow; returns the events and the credits behind."""
        if not 0 <= seat < self._state.n:
            raise IllegalAction("no_such_seat")
        events: list[Event] = []
        self.changed()
        credits = self.flow.leave(self._state, seat, events)
        self._count(decision=bool(events))
        return tuple(events), credits

    def stakes(self) -> dict[str, int]:
        """The antes a hand takes now, by option name (empty when :attr:`STAKES` is)."""
        if not self.STAKES:
            return {}
        options = getattr(self._state, self.OPTIONS_FIELD)
        return {name: int(getattr(options, name)) for name in self.STAKES}

    def set_stakes(self, stakes: Mapping[str, int]) -> tuple[Event, ...]:
        """Change antes (:attr:`STAKES` fields) from the next hand on: the hand being played
        keeps what it took. Returns the :class:`~engine.core.stakes.StakesChanged` event (none
        when nothing changes); raises :class:`IllegalAction` for an unknown name or an amount
        that is not a whole number of at least 0, or once the game is over."""
        if not self.STAKES:
            raise IllegalAction("stakes_unknown")
        if self.finished:
            raise IllegalAction("game_over")
        options = getattr(self._state, self.OPTIONS_FIELD)
        new = changed(options, self.STAKES, stakes)
        if new == options:
            return ()
        self.changed()
        setattr(self._state, self.OPTIONS_FIELD, new)
        now = self.stakes()
        return (StakesChanged(tuple((name, now[name]) for name in self.STAKES)),)

    def close_after(self, hand_no: int) -> None:
        """End the game once hand ``hand_no`` ends: the options' ``max_hands`` is lowered to
        it (never raised). Raises :class:`IllegalAction` without such an option or once over."""
        if self.finished:
            raise IllegalAction("game_over")
        options: Any = getattr(self._state, self.OPTIONS_FIELD, None)
        if not hasattr(options, "max_hands"):
            raise IllegalAction("max_hands_unknown")
        if options.max_hands is None or hand_no < options.max_hands:
            self.changed()
            setattr(
                self._state, self.OPTIONS_FIELD, dataclasses.replace(options, max_hands=hand_no)
            )

    # ------------------------------------------------------------------ results and views

    def payouts(self) -> dict[int, int]:
        """Final credits per seat once finished (seats that left get 0); empty before."""
        final: dict[int, int] | None = getattr(self._state, "final_payouts", None)
        return dict(final or {})

    def seat_stats(self) -> dict[int, SeatStats]:
        """Per-seat statistics so far."""
        return self.views.seat_stats(self._state)

    def public_view(self) -> PublicView:
        """The public table."""
        return self.views.public_view(self._state)

    def view_for(self, seat: int) -> PlayerView:
        """One seat's private view."""
        return self.views.view_for(self._state, seat)

    def hand(self, seat: int) -> tuple[str, ...]:
        """``view_for(seat).hand`` without building the whole view, when the variant's views
        module has ``hand_of(state, seat)`` (the table runtime asks after every action)."""
        quick = getattr(self.views, "hand_of", None)
        if quick is None:
            return self.view_for(seat).hand
        hand: tuple[str, ...] = quick(self._state, seat)
        return hand

    # ------------------------------------------------------------------ persistence

    def to_json(self) -> dict[str, Any]:
        """The whole state, RNG included."""
        return {"variant": self.VARIANT, "state": self.CODEC.dump(self._state)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """Restore :meth:`to_json` output exactly (the ``restore`` function of the variant's
        :class:`~engine.core.game.VariantInfo`)."""
        return cls(cls.CODEC.load(data["state"]))

    @classmethod
    def create(
        cls,
        players: Sequence[str],
        *,
        buy_in: int,
        options: Mapping[str, Any] | None = None,
        seed: int | SeedSource = 0,
        stacks: Sequence[int] | None = None,
        **hooks: Any,
    ) -> Self:
        """Seat ``players`` (join order) with ``buy_in`` credits each (or ``stacks``, one per
        player) and start the first hand: the :class:`~engine.core.game.GameFactory` of the
        variant (:attr:`new_game`; ``hooks``: its test hooks)."""
        events: list[Event] = []
        table = NewGame(players, buy_in, options or {}, seed, stacks)
        game = cls(cls.new_game(table, events, **hooks))
        game.opening_events = tuple(events)
        return game
