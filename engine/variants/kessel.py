"""Kessel Sabacc (Star Wars Outlaws), variant id ``kessel``: the :class:`Game` implementation.

Rules: ``shared/rules/kessel.md``. Cards and scoring live in :mod:`.kessel_cards`, the state in
:mod:`.kessel_state`, the flow in :mod:`.kessel_flow`, the Shift Tokens in :mod:`.kessel_tokens`,
views in :mod:`.kessel_views` and the vector judge in :mod:`.kessel_judge`.

Decisions (besides the spec's K-n): K-impl-1 … K-impl-8 are documented in those modules;
K-impl-9: chips are not credits. The credit stake (buy-in × seats) goes to the last player with
chips (split among the last round's winners if everyone is eliminated at once, K-37); a player who
leaves gets nothing back.

>>> game = create(["ann", "bob"], buy_in=90, options={"token_mode": "none"}, seed=1)
>>> sorted(a.kind for a in game.legal_actions(next(iter(game.pending_seats()))))
['draw', 'stand']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Self

from engine.core.game import (
    Action,
    ActionSpec,
    Event,
    IllegalAction,
    PlayerView,
    PublicView,
    SeatStats,
    VariantInfo,
)
from engine.variants import kessel_flow as flow
from engine.variants import kessel_views as views
from engine.variants.kessel_judge import judge
from engine.variants.kessel_state import RATES, KesselOptions, KesselState, Phase
from engine.variants.kessel_tokens import check_window, choose_prime, play_token, select_tokens


class KesselGame:
    """A running Kessel Sabacc game (implements :class:`engine.core.game.Game`)."""

    VARIANT: ClassVar[str] = "kessel"

    def __init__(self, state: KesselState) -> None:
        self._st = state

    @classmethod
    def new(
        cls, players: Sequence[str], *, buy_in: int, options: Mapping[str, Any], seed: int
    ) -> KesselGame:
        """SETUP a new game (the :data:`INFO` factory)."""
        state, _ = flow.new_state(players, buy_in, options, seed)
        return cls(state)

    @property
    def state(self) -> KesselState:
        """The underlying state (tests and the judge inspect it)."""
        return self._st

    @property
    def players(self) -> tuple[str, ...]:
        """Player ids by seat."""
        return self._st.players

    @property
    def seq(self) -> int:
        """Accepted actions so far."""
        return self._st.seq

    @property
    def turn(self) -> int:
        """Decision counter (see :meth:`engine.core.game.Game.turn`)."""
        return self._st.decision

    @property
    def finished(self) -> bool:
        """True once the Sabacc Pot is paid."""
        return self._st.phase is Phase.OVER

    def pending_seats(self) -> frozenset[int]:
        """Seats that may act now."""
        return views.pending(self._st)

    def legal_actions(self, seat: int) -> tuple[ActionSpec, ...]:
        """What ``seat`` may do now."""
        return views.legal_actions(self._st, seat)

    def apply(self, seat: int, action: Action) -> tuple[Event, ...]:
        """Apply one decision and every automatic step after it; raise ``IllegalAction``."""
        st = self._st
        if st.phase is Phase.OVER:
            raise IllegalAction("The game is over.")
        if seat not in views.pending(st):
            raise IllegalAction("It is not your turn to act.")
        before = st.phase
        events = self._dispatch(seat, action)
        st.seq += 1
        if before not in flow.SIMULTANEOUS or st.phase is not before:
            st.decision += 1
        return tuple(events)

    def _one(self, action: Action) -> str:
        if len(action.choices) != 1:
            raise IllegalAction(f"Choose exactly one option for {action.kind}.")
        return action.choices[0]

    def _dispatch(self, seat: int, action: Action) -> list[Event]:
        st, kind = self._st, action.kind
        phase_kinds = {
            Phase.SELECT: ("select_tokens",),
            Phase.CARD_TURN: ("token", "draw", "stand"),
            Phase.PRIME: ("prime",),
            Phase.KEEP: ("keep",),
            Phase.IMPOSTOR: ("impostor",),
        }
        if kind == "token" and st.phase is not Phase.CARD_TURN:
            check_window(st, seat)  # raises token_window_closed
        if kind not in phase_kinds.get(st.phase, ()):
            raise IllegalAction(f"You cannot {kind.replace('_', ' ')} now.")
        if kind == "select_tokens":
            events = select_tokens(st, seat, action.choices)
            if all(s.selected for s in st.seats if not s.out):
                events += flow.start_round(st, first=True)
            return events
        if kind == "stand":
            return flow.stand(st, seat)
        if kind == "draw":
            source = self._one(action)
            if source not in views.SOURCES:
                raise IllegalAction(f"Unknown pile {source!r}.")
            return flow.draw(st, seat, *views.SOURCES[source])
        if kind == "keep":
            return flow.keep(st, seat, self._one(action))
        if kind == "token":
            token, _, target = self._one(action).partition(":")
            if target and not target.isdigit():
                raise IllegalAction(f"Unknown target {target!r}.")
            events = play_token(st, seat, token, int(target) if target else None)
            return events + self._after_token(seat)
        if kind == "prime":
            value = self._one(action)
            if not value.isdigit():
                raise IllegalAction("Pick one of the two dice.")
            return choose_prime(st, seat, int(value)) + self._after_token(seat)
        combo = views.parse_combo(st, seat, self._one(action))
        if not combo:
            raise IllegalAction("Choose one of the rolled values for each Impostor.")
        return flow.choose_impostors(st, seat, combo)

    def _after_token(self, seat: int) -> list[Event]:
        """After a token the card action follows; stand automatically if nothing else is left."""
        st = self._st
        if st.phase is Phase.CARD_TURN and not (flow.can_draw(st, seat) and flow.draw_sources(st)):
            return flow.stand(st, seat, "Embargo" if st.forced else "no chips to draw")
        return []

    def preview(self, seat: int, action: Action) -> str:
        """A short private hint; never raises."""
        try:
            return views.preview(self._st, seat, action)
        except Exception:  # a preview must never break the UI
            return ""

    def default_action(self, seat: int) -> Action:
        """Stand; keep the better card; the better die; never a token."""
        return views.default_action(self._st, seat)

    def leave(self, seat: int) -> tuple[tuple[Event, ...], int]:
        """Forfeit (K-impl-8); never returns credits."""
        st = self._st
        before, pending = st.phase, views.pending(st)
        events = flow.leave(st, seat)
        changed = st.phase is not before or (
            before not in flow.SIMULTANEOUS and views.pending(st) != pending
        )
        if events and changed:
            st.decision += 1
        return tuple(events), 0

    def payouts(self) -> dict[int, int]:
        """Credits per seat once finished (the winner takes buy-in × seats)."""
        if not self.finished:
            return {}
        return {
            i: (0 if s.left else self._st.payout.get(i, 0)) for i, s in enumerate(self._st.seats)
        }

    def seat_stats(self) -> dict[int, SeatStats]:
        """Rounds played/won, best hand, biggest Hand Pot recovered (chips)."""
        return {
            i: SeatStats(s.rounds_played, s.rounds_won, s.best_hand, s.best_score, s.biggest_pot)
            for i, s in enumerate(self._st.seats)
        }

    def public_view(self) -> PublicView:
        """Everything public."""
        return views.public_view(self._st)

    def view_for(self, seat: int) -> PlayerView:
        """What ``seat`` may see."""
        return views.view_for(self._st, seat)

    def to_json(self) -> dict[str, Any]:
        """The whole state (RNG included)."""
        return {"variant": self.VARIANT, "state": self._st.to_json()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """Restore :meth:`to_json` output exactly."""
        return cls(KesselState.from_json(data["state"]))


def create(
    players: Sequence[str], *, buy_in: int, options: Mapping[str, Any], seed: int
) -> KesselGame:
    """Factory for :data:`INFO` (raises ``ValueError`` on bad players/options)."""
    return KesselGame.new(players, buy_in=buy_in, options=options, seed=seed)


def restore(data: Mapping[str, Any]) -> KesselGame:
    """Restore a serialised game."""
    return KesselGame.from_json(data)


_DEFAULTS = KesselOptions().to_json()

INFO = VariantInfo(
    id="kessel",
    name="Kessel Sabacc",
    min_players=2,
    max_players=6,
    buy_in_presets={name: rate * _DEFAULTS["starting_chips"] for name, rate in RATES.items()},
    default_preset="lay",
    min_buy_in=4,
    create=create,
    restore=restore,
    judge=judge,
    options=_DEFAULTS,
)
"""Registry entry: presets are the §2.2 stakes for the default 6 chips (lay 90, pro 150,
tournament 750 credits)."""
