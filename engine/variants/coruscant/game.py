"""The Coruscant Shift game: the platform-facing side of the state machine (§2–§5).

:class:`CoruscantGame` is a :class:`~engine.core.variant.StateGame` over a
:class:`~engine.variants.coruscant.state.CoruscantState`, like every variant: decisions in
:mod:`engine.variants.coruscant.actions`, the automatic steps (antes, dice, deals, the reveal and
the payouts) in :mod:`engine.variants.coruscant.flow`, views in
:mod:`engine.variants.coruscant.views`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Self

from engine.core.fair import game_rng
from engine.core.game import Action, Event, IllegalAction
from engine.core.seats import starting_stacks
from engine.core.variant import NewGame, StateGame
from engine.variants.coruscant import actions, flow, views
from engine.variants.coruscant.cards import TARGETS, Card, Suit, check_unique
from engine.variants.coruscant.state import CODEC, CoruscantOptions, CoruscantState, Phase

__all__ = ["CoruscantGame", "CoruscantOptions", "Phase"]


class CoruscantGame(StateGame[CoruscantState]):
    """A running Coruscant Shift game (the :class:`~engine.core.game.Game` protocol).

    Every accepted action counts in ``seq``; the decision counter ``turn`` grows where the flow
    opens a new decision point (a selection phase counts once, however many seats confirm).
    """

    VARIANT: ClassVar[str] = "coruscant-shift"
    CODEC = CODEC
    OVER = Phase.GAME_OVER
    SEQ_FIELD = "seq_count"
    TURN_FIELD = "turn_count"
    OPTIONS_FIELD = "opts"
    MIN_BUY_IN: ClassVar[int] = 10
    actions = actions
    flow = flow
    views = views

    @classmethod
    def new_game(
        cls,
        table: NewGame,
        events: list[Event],
        *,
        decks: Sequence[Sequence[str]] = (),
        dice: Sequence[tuple[int, str]] = (),
        start_seat: int | None = None,
    ) -> CoruscantState:
        """A new game (:meth:`~engine.core.variant.StateGame.create`): seats in join order,
        every stack ``buy_in`` (``stacks`` overrides it), the first hand started.

        Test hooks: ``decks`` are top-first card orders used for the first hands instead of a
        shuffle, ``dice`` their ``(target, suit)`` rolls, ``start_seat`` the first starting
        player.
        """
        players = table.players
        if table.buy_in < cls.MIN_BUY_IN and table.stacks is None:
            raise ValueError(f"the buy-in must be at least {cls.MIN_BUY_IN}")
        opts = CoruscantOptions.from_mapping(table.options)
        chips = starting_stacks(table.buy_in, len(players), table.stacks)
        st = CoruscantState(players, stacks=chips, options=opts, rng=game_rng(table.seed))
        for deck in decks:
            cards = [Card.parse(c) for c in deck]
            check_unique(cards)
            st.rigged_decks.append([c.notation for c in cards])
        for target, suit in dice:
            if target not in TARGETS:
                raise ValueError(f"{target} is not a gold die face")
            st.rigged_dice.append((target, Suit(suit).value))
        if start_seat is not None:
            if not 0 <= start_seat < len(players):
                raise ValueError("start_seat out of range")
            st.rigged_start = start_seat
        flow.start_hand(st, events)
        return st

    def apply(self, seat: int, action: Action) -> tuple[Event, ...]:
        """Apply a decision and run every automatic step after it; raises IllegalAction."""
        st = self._state
        try:
            events = actions.apply_action(st, seat, action)
        finally:
            self.changed()
        st.seq_count += 1
        return tuple(events)

    def pending_seats(self) -> frozenset[int]:
        """Seats that may act now."""
        return self._state.pending_seats()

    def leave(self, seat: int) -> tuple[tuple[Event, ...], int]:
        """Fold (if in the hand) and leave for good; returns the events and the stack taken."""
        if not 0 <= seat < self._state.n:
            raise IllegalAction("no_such_seat")
        events: list[Event] = []
        self.changed()
        took = flow.leave(self._state, seat, events)
        self._count(action=True)
        return tuple(events), took

    def payouts(self) -> dict[int, int]:
        """Credits per seat now, final once the game is over (seats that left get 0)."""
        return self._state.payouts()

    def to_json(self) -> dict[str, Any]:
        """The whole game, RNG included: ``{"variant": ..., <the state's fields>}`` (the form
        tables have stored since the first version, kept so their rows write back the same)."""
        return {"variant": self.VARIANT, **CODEC.dump(self._state)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """Restore :meth:`to_json` output exactly."""
        return cls(CODEC.load(data))
