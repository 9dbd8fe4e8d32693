"""The Coruscant Shift game: the platform-facing side of the state machine (§2–§5).

:class:`CoruscantGame` is a :class:`~engine.core.variant.StateGame` over a
:class:`~engine.variants.coruscant.state.CoruscantState`, like every variant: decisions in
:mod:`engine.variants.coruscant.actions`, the automatic steps (antes, dice, deals, the reveal and
the payouts) in :mod:`engine.variants.coruscant.flow`, views in
:mod:`engine.variants.coruscant.views`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Self

from engine.core.game import Action, Event, IllegalAction
from engine.core.variant import StateGame
from engine.variants.coruscant import actions, flow, views
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
    actions = actions
    flow = flow
    views = views

    def apply(self, seat: int, action: Action) -> tuple[Event, ...]:
        """Apply a decision and run every automatic step after it; raises IllegalAction."""
        st = self.state
        events = actions.apply_action(st, seat, action)
        st.seq_count += 1
        return tuple(events)

    def pending_seats(self) -> frozenset[int]:
        """Seats that may act now."""
        return self.state.pending_seats()

    def leave(self, seat: int) -> tuple[tuple[Event, ...], int]:
        """Fold (if in the hand) and leave for good; returns the events and the stack taken."""
        if not 0 <= seat < self.state.n:
            raise IllegalAction("no_such_seat")
        events: list[Event] = []
        took = flow.leave(self.state, seat, events)
        self._count(action=True)
        return tuple(events), took

    def payouts(self) -> dict[int, int]:
        """Credits per seat now, final once the game is over (seats that left get 0)."""
        return self.state.payouts()

    def to_json(self) -> dict[str, Any]:
        """The whole game, RNG included: ``{"variant": ..., <the state's fields>}`` (the form
        tables have stored since the first version, kept so their rows write back the same)."""
        return {"variant": self.VARIANT, **CODEC.dump(self.state)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """Restore :meth:`to_json` output exactly."""
        return cls(CODEC.load(data))
