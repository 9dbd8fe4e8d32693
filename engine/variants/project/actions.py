"""Sabacc Project decisions: what a seat may do now (ActionSpecs), applying, defaults, previews.

Action kinds:

* betting (shared module, :class:`~engine.core.betting.BetKind`): ``check``, ``bet`` (AMOUNT),
  ``call`` (label "Call N"), ``raise`` (AMOUNT, raise-to), ``all_in``, ``fold``;
  (the card controls carry no words: ``bot/words/project.py`` writes them)
* draw turn: ``draw`` (while the pile is not empty), ``stand``, and from round
  ``pot_building_rounds + 1`` ``call_hand`` ("Call the hand", distinct from the betting ``call``);
* ``field`` (CHOICE, one or more of the seat's exposed cards): the Interference Field (§6.3).

P-impl-5: ``field`` is a free action of §3: it is listed for the pending seat with its other
actions, and for every other live seat as an out-of-turn action (the Game contract allows that),
so any player may use the Interference Field at any moment from the deal to the reveal.

P-impl-6: option values of ``field`` are card notations; a second identical special card in the
same hand is ``<name>#2`` (values must be unique).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.betting import BetKind
from engine.core.betting_specs import bet_specs
from engine.core.facts import Fact
from engine.core.game import Action, ActionSpec, Events, IllegalAction, Option, ParamKind
from engine.variants.project.cards import HandEval, evaluate, hand_total
from engine.variants.project.events import FieldPlaced
from engine.variants.project.flow import (
    EXITS,
    call_allowed,
    call_hand,
    draw_or_stand,
)
from engine.variants.project.state import BET_PHASES, Phase, ProjectState
from engine.variants.twopot import actions as twopot
from engine.variants.twopot.actions import TotalPreview as TotalPreview  # re-exported
from engine.variants.twopot.actions import bet_preview, first_default, pending_seat
from engine.variants.twopot.flow import bet_made

BET_KINDS = frozenset(k.value for k in BetKind)
CARD_PHASES = (Phase.DRAW, Phase.BET, Phase.FINAL_BET)  # from the deal to the reveal


def pending(st: ProjectState) -> frozenset[int]:
    """The one seat that must decide now (none when the game is over)."""
    return pending_seat(st, betting=st.phase in BET_PHASES, turns=st.phase is Phase.DRAW)


def field_choices(st: ProjectState, seat: int) -> dict[str, int]:
    """Option value → hand index of every card that could go into the field (P-impl-6)."""
    seen: dict[str, int] = {}
    out: dict[str, int] = {}
    for i in st.exposed(seat):
        plain = st.hands[seat][i].plain
        seen[plain] = seen.get(plain, 0) + 1
        out[plain if seen[plain] == 1 else f"{plain}#{seen[plain]}"] = i
    return out


def can_field(st: ProjectState, seat: int) -> bool:
    """A live seat with exposed cards, between the deal and the reveal."""
    return (
        st.phase in CARD_PHASES
        and st.betting.is_live(seat)
        and bool(st.hands[seat])
        and bool(st.exposed(seat))
    )


def _field_spec(st: ProjectState, seat: int) -> ActionSpec:
    options = tuple(Option(value) for value in field_choices(st, seat))
    return ActionSpec(
        "field",
        param=ParamKind.CHOICE,
        options=options,
        min_choices=1,
        max_choices=len(options),
    )


def legal_actions(st: ProjectState, seat: int) -> tuple[ActionSpec, ...]:
    """Everything ``seat`` may do now; out of turn only the Interference Field (P-impl-5)."""
    if seat not in pending(st):
        return (_field_spec(st, seat),) if can_field(st, seat) else ()
    specs: list[ActionSpec]
    if st.phase in BET_PHASES:
        specs = list(bet_specs(st.betting.options(seat), st.stacks[seat]))
    else:
        specs = []
        if len(st.draw):
            specs.append(ActionSpec("draw", style="primary"))
        specs.append(ActionSpec("stand"))
        if call_allowed(st):
            specs.append(ActionSpec("call_hand", style="danger"))
    if can_field(st, seat):
        specs.append(_field_spec(st, seat))
    return tuple(specs)


def place_field(st: ProjectState, seat: int, action: Action, ev: Events) -> None:
    """Move the chosen exposed cards into the seat's Interference Field (irreversible, SP-24)."""
    if not can_field(st, seat):
        raise IllegalAction("no_field_card")
    choices = field_choices(st, seat)
    picked = action.choices
    if not picked or len(set(picked)) != len(picked):
        raise IllegalAction("different_cards")
    unknown = [c for c in picked if c not in choices]
    if unknown:
        raise IllegalAction("cannot_field", card=unknown[0])
    indices = [choices[c] for c in picked]
    st.fields[seat].extend(indices)
    cards = tuple(st.hands[seat][i].notation for i in indices)
    ev.append(FieldPlaced(st.players[seat], cards))


def apply_action(
    st: ProjectState, seat: int, action: Action, legal: tuple[ActionSpec, ...] | None = None
) -> Events:
    """Validate and apply one decision, then run the automatic steps after it; ``legal``: the
    seat's legal actions when the game already worked them out (computed when ``None``)."""
    if st.phase is Phase.GAME_OVER:
        raise IllegalAction("game_over")
    ev: Events = []
    st.shift_fresh = False
    if action.kind == "field" and seat not in pending(st):
        place_field(st, seat, action, ev)  # the free action, out of turn (P-impl-5)
        return ev
    if seat not in pending(st):
        raise IllegalAction("not_yours")
    kinds = {spec.kind for spec in (legal_actions(st, seat) if legal is None else legal)}
    if action.kind not in kinds:
        raise IllegalAction("cannot_now", kind=action.kind)
    if action.kind == "field":
        place_field(st, seat, action, ev)
    elif action.kind in BET_KINDS and st.phase in BET_PHASES:
        bet_made(st, ev, st.betting.act(seat, action.kind, action.amount), EXITS)
    elif action.kind in ("draw", "stand"):
        draw_or_stand(st, ev, seat, action.kind == "draw")
    else:  # call_hand
        call_hand(st, ev, seat)
    return ev


def default_action(st: ProjectState, seat: int) -> Action:
    """Timeouts (§3): stand on a draw turn; check if legal, else fold; never the field."""
    return first_default(legal_actions(st, seat), ("stand", "check", "fold"))


@dataclass(frozen=True, slots=True)
class CallPreview(twopot.CallPreview[HandEval]):
    """Before calling the hand: the Sabacc Project hand held."""


@dataclass(frozen=True, slots=True)
class FieldPreview(Fact):
    """Before the Interference Field: the chosen cards (notations)."""

    cards: tuple[str, ...]


def preview(st: ProjectState, seat: int, action: Action) -> str | Fact:
    """What a choice would do, before it is confirmed (a fact; ``""``: nothing to say)."""
    if seat not in pending(st):
        return ""
    hand = st.hands[seat]
    if action.kind in ("draw", "stand"):
        return TotalPreview(action.kind, hand_total(hand))
    if action.kind == "call_hand":
        return CallPreview(evaluate(hand))
    if action.kind == "field" and action.choices:
        choices = field_choices(st, seat)
        cards = tuple(hand[choices[c]].notation for c in action.choices if c in choices)
        if cards:
            return FieldPreview(cards)
    bet = bet_preview(st, seat, action)
    if bet is not None and 0 <= bet.puts <= st.stacks[seat]:
        return bet
    return ""
