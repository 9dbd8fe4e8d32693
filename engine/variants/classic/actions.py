"""Classic Sabacc decisions: what a seat may do now (ActionSpecs), applying, defaults, previews.

Action kinds (CL-33 keeps the two "calls" apart):

* betting (shared module, :class:`~engine.core.betting.BetKind`): ``check``, ``bet`` (AMOUNT),
  ``call`` (label "Call N"), ``raise`` (AMOUNT, raise-to), ``all_in``, ``fold``;
* trade turn, first the one trade action: ``gain``, ``change`` (CHOICE: the card to give up),
  ``stand``; then ``end_turn`` or ``call_hand`` ("Call the hand");
* at any point of a trade turn, at most once: ``stasis`` (CHOICE: a hidden card into the field) or
  ``unstasis`` (CHOICE: a field card back to the hand).

C-impl-4: the turn ends by itself after the trade action when neither a stasis operation nor a
Call is still possible, so most turns take one click.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.betting import BetKind
from engine.core.betting_specs import bet_specs
from engine.core.facts import Fact
from engine.core.game import Action, ActionSpec, Events, IllegalAction, ParamKind
from engine.variants.classic.cards import HandEval, evaluate, hand_total
from engine.variants.classic.events import Drew, Traded
from engine.variants.classic.flow import (
    EXITS,
    call_allowed,
    can_stasis_add,
    can_stasis_remove,
    end_turn,
    maybe_end_turn,
)
from engine.variants.classic.payout import draw_card
from engine.variants.classic.state import ClassicState, Phase, Step
from engine.variants.twopot import actions as twopot
from engine.variants.twopot.actions import StasisPreview as StasisPreview  # re-exported
from engine.variants.twopot.actions import TotalPreview as TotalPreview  # re-exported
from engine.variants.twopot.actions import (
    bet_preview,
    card_options,
    chosen_card,
    first_default,
    move_stasis,
    pending_seat,
    require_legal,
    stasis_specs,
)
from engine.variants.twopot.flow import bet_made

BET_KINDS = frozenset(k.value for k in BetKind)
TRADE_PHASES = (Phase.TRADE, Phase.FINAL_TURNS)


def pending(st: ClassicState) -> frozenset[int]:
    """The one seat that must decide now (none when the game is over)."""
    return pending_seat(st, betting=st.phase is Phase.BET, turns=st.phase in TRADE_PHASES)


def _trade_specs(st: ClassicState, seat: int) -> list[ActionSpec]:
    specs: list[ActionSpec] = []
    can_draw = st.available() > 0
    if st.step is Step.ACTION:
        if can_draw:
            specs.append(ActionSpec("gain", style="primary"))
        if can_draw and st.hands[seat]:
            specs.append(
                ActionSpec("change", param=ParamKind.CHOICE, options=card_options(st.hands[seat]))
            )
        specs.append(ActionSpec("stand"))
    else:
        specs.append(ActionSpec("end_turn", style="primary"))
        if call_allowed(st):
            specs.append(ActionSpec("call_hand", style="danger"))
    return specs + stasis_specs(
        card_options(st.hands[seat]) if can_stasis_add(st, seat) else None,
        card_options(st.stasis[seat]) if can_stasis_remove(st, seat) else None,
    )


def legal_actions(st: ClassicState, seat: int) -> tuple[ActionSpec, ...]:
    """Everything ``seat`` may do now; empty when it is not pending."""
    if seat not in pending(st):
        return ()
    if st.phase is Phase.BET:
        return bet_specs(st.betting.options(seat), st.stacks[seat])
    return tuple(_trade_specs(st, seat))


def apply_action(
    st: ClassicState, seat: int, action: Action, legal: tuple[ActionSpec, ...] | None = None
) -> Events:
    """Validate and apply one decision, then run the automatic steps after it; ``legal``: the
    seat's legal actions when the game already worked them out (computed when ``None``)."""
    over = st.phase is Phase.GAME_OVER
    require_legal(
        over, seat, pending(st), legal_actions(st, seat) if legal is None else legal, action
    )
    ev: Events = []
    if st.phase is Phase.BET:
        bet_made(st, ev, st.betting.act(seat, action.kind, action.amount), EXITS)
        return ev
    name = st.players[seat]
    if action.kind in ("stasis", "unstasis"):
        move_stasis(st, seat, action, ev)
        maybe_end_turn(st, ev)
    elif action.kind in ("gain", "change", "stand"):
        if action.kind == "change":
            card = chosen_card(action, st.hands[seat])
            st.hands[seat].remove(card)
            st.discard.append(card)
        if action.kind != "stand":
            drawn = draw_card(st, ev)
            assert drawn is not None  # legal only when a card can be drawn
            st.hands[seat].append(drawn)
            st.last_drawn[seat] = Drew(drawn.notation)
        ev.append(Traded(name, action.kind, len(st.full_hand(seat))))
        st.step = Step.END
        maybe_end_turn(st, ev)
    elif action.kind == "end_turn":
        end_turn(st, ev, called=False)
    else:  # call_hand
        end_turn(st, ev, called=True)
    return ev


def default_action(st: ClassicState, seat: int) -> Action:
    """Timeouts (§3.6): check if legal, else fold; in a trade turn stand, then end the turn."""
    return first_default(legal_actions(st, seat), ("check", "stand", "end_turn", "fold"))


@dataclass(frozen=True, slots=True)
class CallPreview(twopot.CallPreview[HandEval]):
    """Before calling the hand: the Classic hand held."""


def preview(st: ClassicState, seat: int, action: Action) -> Fact | str:
    """Facts about a choice before it is confirmed (``""``: nothing to say)."""
    try:
        if seat not in pending(st):
            return ""
        hand = st.full_hand(seat)
        if action.kind == "change" and action.choices:
            card = chosen_card(action, st.hands[seat])
            return TotalPreview(action.kind, hand_total(hand) - card.value, card.notation)
        if action.kind == "gain":
            return TotalPreview(action.kind, hand_total(hand))
        if action.kind in ("stasis", "unstasis") and action.choices:
            into = action.kind == "stasis"
            card = chosen_card(action, st.hands[seat] if into else st.stasis[seat])
            return StasisPreview(card.notation, into)
        if action.kind == "call_hand":
            return CallPreview(evaluate(hand))
        return bet_preview(st, seat, action) or ""
    except IllegalAction:
        return ""
