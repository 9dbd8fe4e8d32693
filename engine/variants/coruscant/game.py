"""The Coruscant Shift game: the platform-facing side of the state machine (§2–§5).

:class:`CoruscantGame` implements :class:`engine.core.game.Game`. It stops only at player
decisions (the two simultaneous selections and the two betting phases); antes, dice, deals, the
reveal and the payouts run inside :meth:`CoruscantGame.apply` (see
:mod:`engine.variants.coruscant.flow`). Views, action specs and previews live in
:mod:`engine.variants.coruscant.views`, the data and its JSON form in
:mod:`engine.variants.coruscant.state`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Self, cast

from engine.core.betting import BetKind
from engine.core.betting_events import BetMade
from engine.core.codec import Codec
from engine.core.game import (
    Action,
    ActionSpec,
    Event,
    IllegalAction,
)
from engine.core.variant import StateGame
from engine.variants.coruscant import flow, views
from engine.variants.coruscant.cards import Card, best_selection
from engine.variants.coruscant.events import PlayerLeft, SelectionConfirmed
from engine.variants.coruscant.state import ATOMS, CoruscantOptions, CoruscantState, Phase

__all__ = ["CoruscantGame", "CoruscantOptions", "Phase"]


class CoruscantGame(CoruscantState, StateGame["CoruscantGame"]):
    """A running Coruscant Shift game (the :class:`~engine.core.game.Game` protocol).

    Unlike the other variants the game *is* its state (:attr:`state` is the game itself), so
    players, pending seats, payouts and the JSON form come from :class:`CoruscantState`; the
    counters, views and statistics from :class:`~engine.core.variant.StateGame`; the decisions
    are its own. Every departure counts in ``seq``.
    """

    VARIANT: ClassVar[str] = "coruscant-shift"
    OVER = Phase.GAME_OVER
    SEQ_FIELD = "seq_count"
    TURN_FIELD = "turn_count"
    views = views

    @property
    def state(self) -> CoruscantGame:
        """The game itself (its state is not a separate object)."""
        return self

    def to_json(self) -> dict[str, Any]:
        """The whole game, RNG included: ``{"variant": ..., <the state's fields>}``."""
        return {"variant": self.VARIANT, **CODEC.dump(self)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """Restore :meth:`to_json` output exactly."""
        return cast(Self, CODEC.load(data))

    # ------------------------------------------------------------------ decisions

    def legal_actions(self, seat: int) -> tuple[ActionSpec, ...]:
        """Controls for ``seat`` now; empty when it is not pending."""
        if seat not in self.pending_seats():
            return ()
        if self.phase.selecting:
            return (views.select_spec(self, seat),)
        return views.betting_specs(self, seat)

    def apply(self, seat: int, action: Action) -> tuple[Event, ...]:
        """Apply a decision and run every automatic step after it; raises IllegalAction."""
        if self.finished:
            raise IllegalAction("The game is over.")
        if not 0 <= seat < self.n or seat not in self.pending_seats():
            raise IllegalAction(self._not_pending_reason(seat))
        events: list[Event] = []
        if self.phase.selecting:
            if action.kind != "select":
                raise IllegalAction("Choose your cards first (action 'select').")
            self._select(seat, self.parse_choice(seat, action.choices), events)
        else:
            self._bet(seat, action, events)
        self.seq_count += 1
        return tuple(events)

    def _not_pending_reason(self, seat: int) -> str:
        if not 0 <= seat < self.n or not self.bet.is_live(seat):
            return "You are not playing in this hand."
        if self.phase.selecting:
            return "You have already chosen your cards this round."
        to_act = self.bet.to_act
        who = self.seat_players[to_act] if to_act is not None else "nobody"
        return f"It is not your turn: waiting for {who}."

    def _select(self, seat: int, cards: list[Card], events: list[Event]) -> None:
        self.choice[seat] = cards
        events.append(SelectionConfirmed(self.seat_players[seat], self.phase.round_no))
        if not self.pending_seats():
            flow.end_selection(self, events)

    def _bet(self, seat: int, action: Action, events: list[Event]) -> None:
        try:
            BetKind(action.kind)
        except ValueError:
            raise IllegalAction(f"{action.kind!r} is not a betting action.") from None
        result = self.bet.act(seat, action.kind, action.amount)
        if result.kind is BetKind.FOLD:
            self.muck(seat)
        events.append(BetMade.from_result(result, self.seat_players))
        flow.after_bet_result(self, result.phase_over, events)

    # ------------------------------------------------------------------ the rest of the protocol

    def preview(self, seat: int, action: Action) -> str:
        """A private line about a choice before confirming it (never raises)."""
        return views.preview(self, seat, action)

    def default_action(self, seat: int) -> Action:
        """Timeout choice (§3): best subset / keep the round-1 selection; check, else fold."""
        if seat not in self.pending_seats():
            raise IllegalAction("You have nothing to decide right now.")
        if self.phase.selecting:
            cards = self.kept[seat] if self.phase is Phase.SELECT_2 else []
            if not cards:
                wild = self.opts.sylop_counts_as_target_suit
                cards = best_selection(self.hands[seat], self.target, self.suit, sylop_wild=wild)
            return Action("select", choices=tuple(c.notation for c in cards))
        owed = self.bet.to_call(seat)
        return Action("check" if owed == 0 else "fold")

    def leave(self, seat: int) -> tuple[tuple[Event, ...], int]:
        """Fold (if in the hand) and leave for good; returns the events and the stack taken."""
        if self.finished:
            raise IllegalAction("The game is over; payouts are final.")
        if self.left[seat]:
            raise IllegalAction("You have already left this table.")
        events: list[Event] = []
        took = self.bet.withdraw(seat, self.stacks[seat])
        self.left[seat] = True
        self.seq_count += 1
        if not self.bet.is_live(seat):
            events.append(PlayerLeft(self.seat_players[seat], took))
            return tuple(events), took
        was_to_act = self.bet.to_act
        result = self.bet.forfeit(seat)
        self.muck(seat)
        if result is None:
            events.append(BetMade(self.seat_players[seat], "fold", "fold", 0, 0, False))
        else:
            events.append(BetMade.from_result(result, self.seat_players))
        events.append(PlayerLeft(self.seat_players[seat], took))
        if result is not None:
            if result.phase_over or self.bet.to_act != was_to_act:
                flow.after_bet_result(self, result.phase_over, events)
        elif len(self.bet.live_seats()) == 1:
            flow.award_uncontested(self, self.bet.live_seats()[0], events)
        elif self.phase.selecting and not self.pending_seats():
            flow.end_selection(self, events)
        return tuple(events), took


CODEC = Codec(CoruscantGame, atoms=ATOMS)
"""The game's JSON form (its state's fields: the game is its state)."""
