"""Kessel Sabacc decisions: who acts, what they may do, and applying a decision.

The :class:`~engine.core.variant.DecisionRules` module of
:class:`engine.variants.kessel.KesselGame`: the specs, default action and preview come from
:mod:`.views`; :func:`apply_action` checks that the seat may act and dispatches the action
to :mod:`.flow` and :mod:`.tokens`.
"""

from __future__ import annotations

from engine.core.facts import Fact
from engine.core.game import Action, Event, IllegalAction
from engine.variants.kessel import flow, views
from engine.variants.kessel.state import KesselState, Phase
from engine.variants.kessel.tokens import check_window, choose_prime, play_token, select_tokens
from engine.variants.kessel.views import default_action, legal_actions, pending

__all__ = ["apply_action", "default_action", "legal_actions", "pending", "preview"]

_PHASE_KINDS = {
    Phase.SELECT: ("select_tokens",),
    Phase.CARD_TURN: ("token", "draw", "stand"),
    Phase.PRIME: ("prime",),
    Phase.KEEP: ("keep",),
    Phase.IMPOSTOR: ("impostor",),
}


def preview(st: KesselState, seat: int, action: Action) -> Fact | str:
    """Facts for a short private hint (``""``: nothing to say); never raises."""
    try:
        return views.preview(st, seat, action)
    except Exception:  # a preview must never break the UI
        return ""


def apply_action(st: KesselState, seat: int, action: Action) -> list[Event]:
    """Apply one decision of a pending ``seat`` and every automatic step after it.

    Raises :class:`~engine.core.game.IllegalAction` when the game is over, the seat may not act
    or the action does not fit the phase. The counters are the game's business.
    """
    if st.phase is Phase.OVER:
        raise IllegalAction("game_over")
    if seat not in views.pending(st):
        raise IllegalAction("not_your_turn")
    return _dispatch(st, seat, action)


def _one(action: Action) -> str:
    if len(action.choices) != 1:
        raise IllegalAction("choose_one", kind=action.kind)
    return action.choices[0]


def _dispatch(st: KesselState, seat: int, action: Action) -> list[Event]:
    kind = action.kind
    if kind == "token" and st.phase is not Phase.CARD_TURN:
        check_window(st, seat)  # raises token_window_closed
    if kind not in _PHASE_KINDS.get(st.phase, ()):
        raise IllegalAction("not_now", kind=kind)
    if kind == "select_tokens":
        events = select_tokens(st, seat, action.choices)
        if all(s.selected for s in st.seats if not s.out):
            events += flow.start_round(st, first=True)
        return events
    if kind == "stand":
        return flow.stand(st, seat)
    if kind == "draw":
        source = _one(action)
        if source not in views.SOURCES:
            raise IllegalAction("unknown_pile", pile=source)
        return flow.draw(st, seat, *views.SOURCES[source])
    if kind == "keep":
        return flow.keep(st, seat, _one(action))
    if kind == "token":
        token, _, target = _one(action).partition(":")
        if target and not target.isdigit():
            raise IllegalAction("unknown_target", target=target)
        events = play_token(st, seat, token, int(target) if target else None)
        return events + _after_token(st, seat)
    if kind == "prime":
        value = _one(action)
        if not value.isdigit():
            raise IllegalAction("pick_a_die")
        return choose_prime(st, seat, int(value)) + _after_token(st, seat)
    combo = views.parse_combo(st, seat, _one(action))
    if not combo:
        raise IllegalAction("pick_impostor_values")
    return flow.choose_impostors(st, seat, combo)


def _after_token(st: KesselState, seat: int) -> list[Event]:
    """After a token the card action follows; stand automatically if nothing else is left."""
    if st.phase is Phase.CARD_TURN and not (flow.can_draw(st, seat) and flow.draw_sources(st)):
        return flow.stand(st, seat, "embargo" if st.forced else "no_chips")
    return []
