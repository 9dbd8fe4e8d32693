"""Kessel Sabacc (Star Wars Outlaws), variant id ``kessel``: the :class:`Game` implementation.

Rules: ``docs/rules/kessel.md``; its "Engine decisions" section lists every K-impl-n.
Cards and scoring live in :mod:`.cards`, the state in
:mod:`.state`, the flow in :mod:`.flow`, the Shift Tokens in :mod:`.tokens`,
views in :mod:`.views` and the vector judge in :mod:`.judge`.

Decisions (besides the spec's K-n): K-impl-1 … K-impl-8 are documented in those modules;
K-impl-9: chips are not credits. The credit stake (buy-in × seats) goes to the last player with
chips (split among the last round's winners if everyone is eliminated at once, K-37); a player who
leaves gets nothing back.

>>> game = create(["ann", "bob"], buy_in=90, options={"token_mode": "none"}, seed=1)
>>> sorted(a.kind for a in game.legal_actions(next(iter(game.pending_seats()))))
['draw', 'stand']
"""

from __future__ import annotations

from typing import ClassVar

from engine.core.game import Action, Event, VariantInfo
from engine.core.variant import NewGame, StateGame
from engine.variants.kessel import actions, flow, views
from engine.variants.kessel.cards import DECK
from engine.variants.kessel.judge import judge
from engine.variants.kessel.state import CODEC, RATES, KesselOptions, KesselState, Phase


class KesselGame(StateGame[KesselState]):
    """A running Kessel Sabacc game (implements :class:`engine.core.game.Game`).

    Decisions come from :mod:`.actions`, views and statistics from :mod:`.views`.
    The decision counter is the state's ``decision``: it does not grow while seats act one by one
    in a simultaneous phase (token selection).
    """

    VARIANT: ClassVar[str] = "kessel"
    CODEC = CODEC
    OVER = Phase.OVER
    TURN_FIELD = "decision"
    actions = actions
    views = views

    @classmethod
    def new_game(cls, table: NewGame, events: list[Event]) -> KesselState:
        """SETUP a new game (:meth:`~engine.core.variant.StateGame.create`, the :data:`INFO`
        factory); raises ``ValueError`` on bad players/options, and for ``stacks``: Kessel's
        chips are tokens every seat starts with alike, so a game can't carry stacks over."""
        if table.stacks is not None:
            raise ValueError("Kessel's chips are tokens: a game can't start with other stacks")
        state, opening = flow.new_state(table.players, table.buy_in, table.options, table.seed)
        events.extend(opening)
        return state

    def apply(self, seat: int, action: Action) -> tuple[Event, ...]:
        """Apply one decision and every automatic step after it; raise ``IllegalAction``."""
        st = self._state
        before = st.phase
        try:
            events = actions.apply_action(st, seat, action)
        finally:
            self.changed()
        self._count(action=True, decision=before not in flow.SIMULTANEOUS or st.phase is not before)
        return tuple(events)

    def leave(self, seat: int) -> tuple[tuple[Event, ...], int]:
        """Forfeit (K-impl-8); never returns credits."""
        st = self._state
        before, pending = st.phase, views.pending(st)
        self.changed()
        events = flow.leave(st, seat)
        changed = st.phase is not before or (
            before not in flow.SIMULTANEOUS and views.pending(st) != pending
        )
        self._count(decision=bool(events) and changed)
        return tuple(events), 0

    def payouts(self) -> dict[int, int]:
        """Credits per seat once finished (the winner takes buy-in × seats)."""
        if not self.finished:
            return {}
        st = self._state
        return {i: (0 if s.left else st.payout.get(i, 0)) for i, s in enumerate(st.seats)}


create = KesselGame.create
"""Start a game (:meth:`KesselGame.new_game`)."""

restore = KesselGame.from_json
"""Restore a serialised game."""

_DEFAULTS = CODEC.encode(KesselOptions())

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
    bot="engine.bots.kessel",
    deck=DECK,
    vocabulary="kessel",
    carries_stacks=False,
)
"""Registry entry: presets are the §2.2 stakes for the default 6 chips (lay 90, pro 150,
tournament 750 credits)."""
