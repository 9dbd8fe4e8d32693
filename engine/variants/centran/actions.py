"""Centran Sabacc decisions: what a seat may do now (ActionSpecs), applying, defaults, previews.

Action kinds:

* betting (shared module): ``check``, ``bet`` (AMOUNT), ``call``, ``raise`` (AMOUNT, raise-to),
  ``all_in``, ``fold``;
* Card-Phase main action (§3.2): ``gain``, ``trade`` (CHOICE: the Array position ``array:N``,
  1-based, to take), then ``give`` (CHOICE: the held card that takes its place) or
  ``cancel_trade``; ``stand``; with
  ``advanced_actions`` also ``draw_to_array``, ``discard_to_array`` (CHOICE: a held card) and,
  with ``advanced_array_draw``, ``array_draw`` (CHOICE: ``array:N``);
* once per Card-Phase turn, before or after the main action: ``stasis`` (CHOICE: a hidden card
  into the Stasis Field) or ``unstasis`` (CHOICE: a Stasis card back to the hand);
* ``end_turn`` after the main action while a Stasis operation is still possible.

CE-impl-5: the turn ends by itself after the main action when no Stasis operation is left, so a
turn that used its Stasis operation first takes one click.
CE-impl-6: ``array_draw`` is offered only while a card can be drawn to refill the position.
CE-impl-8: a trade is two single choices (take, then give), so that every control is one button
row or one select; ``cancel_trade`` (the timeout default) returns to the main-action choice.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.betting_specs import bet_specs
from engine.core.facts import Fact
from engine.core.game import Action, ActionSpec, Events, IllegalAction, Option, ParamKind
from engine.variants.centran.cards import Card, HandEval, evaluate
from engine.variants.centran.deal import draw_card, draw_for, five_brothers, table_five
from engine.variants.centran.events import CardAction, Drew
from engine.variants.centran.flow import EXITS, end_turn, maybe_end_turn, showdown
from engine.variants.centran.state import CentranState, Phase, Step
from engine.variants.twopot.actions import (
    StasisPreview,
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

MAIN_KINDS = ("gain", "trade", "stand", "draw_to_array", "discard_to_array", "array_draw")


def pending(st: CentranState) -> frozenset[int]:
    """The one seat that must decide now (none when the game is over)."""
    return pending_seat(st, betting=st.phase is Phase.BET, turns=st.phase is Phase.CARD)


@dataclass(frozen=True, slots=True)
class TheArray(Fact):
    """A ``trade`` or ``array_draw`` control's data: the Array's cards (notations, in order);
    option ``array:N`` takes card N (1-based)."""

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Giving(Fact):
    """A ``give`` control's data: the Array card being ``taken`` and which of the held cards
    (the options) are in the Stasis Field (notations)."""

    taken: str
    stasis: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GivePreview(Fact):
    """Before giving ``card`` for ``taken``: the best hand now and after (``None``: no cards)."""

    card: str
    taken: str
    now: HandEval | None
    after: HandEval | None


@dataclass(frozen=True, slots=True)
class TakePreview(Fact):
    """Before taking the Array card ``card`` in a trade (the card to give comes next)."""

    card: str


@dataclass(frozen=True, slots=True)
class GainPreview(Fact):
    """Before a gain: the best hand now (``None``: no cards)."""

    now: HandEval | None


@dataclass(frozen=True, slots=True)
class DiscardPreview(Fact):
    """Before discarding ``card`` to the Array: the best hand without it (``None``: no cards)."""

    card: str
    rest: HandEval | None


def _array_spec(st: CentranState, kind: str) -> ActionSpec:
    options = tuple(Option(f"array:{i + 1}") for i in range(len(st.array)))
    facts = TheArray(tuple(c.notation for c in st.array))
    return ActionSpec(kind, param=ParamKind.CHOICE, options=options, facts=facts)


def _main_specs(st: CentranState, seat: int) -> list[ActionSpec]:
    opts = st.options
    held = st.held(seat)
    can_draw = st.available() > 0
    specs: list[ActionSpec] = []
    if can_draw:
        specs.append(ActionSpec("gain", style="primary"))
    if st.array and held:
        specs.append(_array_spec(st, "trade"))
    specs.append(ActionSpec("stand"))
    if opts.advanced_actions:
        if can_draw:
            specs.append(ActionSpec("draw_to_array"))
        if len(held) >= 2:
            specs.append(
                ActionSpec("discard_to_array", param=ParamKind.CHOICE, options=card_options(held))
            )
        if opts.advanced_array_draw and st.array and can_draw:
            specs.append(_array_spec(st, "array_draw"))
    return specs


def _stasis_specs(st: CentranState, seat: int) -> list[ActionSpec]:
    if st.stasis_used:
        return []
    return stasis_specs(
        card_options(st.hands[seat]) if st.hands[seat] else None,
        card_options(st.stasis[seat]) if st.stasis[seat] else None,
    )


def _give_specs(st: CentranState, seat: int) -> tuple[ActionSpec, ...]:
    taken = st.array[st.trade_index]
    facts = Giving(taken.notation, tuple(c.notation for c in st.stasis[seat]))
    return (
        ActionSpec(
            "give",
            param=ParamKind.CHOICE,
            options=card_options(st.held(seat)),
            style="primary",
            facts=facts,
        ),
        ActionSpec("cancel_trade"),
    )


def legal_actions(st: CentranState, seat: int) -> tuple[ActionSpec, ...]:
    """Everything ``seat`` may do now; empty when it is not pending."""
    if seat not in pending(st):
        return ()
    if st.phase is Phase.BET:
        return bet_specs(st.betting.options(seat), st.stacks[seat])
    if st.step is Step.ACTION:
        return (*_main_specs(st, seat), *_stasis_specs(st, seat))
    if st.step is Step.GIVE:
        return _give_specs(st, seat)
    return (ActionSpec("end_turn", style="primary"), *_stasis_specs(st, seat))


def _array_index(st: CentranState, value: str) -> int:
    _, _, raw = value.partition("array:")
    if not raw.isdigit() or not 1 <= int(raw) <= len(st.array):
        raise IllegalAction("no_array_card", card=value)
    return int(raw) - 1


def _remove_held(st: CentranState, seat: int, card: Card) -> None:
    pile = st.hands[seat] if card in st.hands[seat] else st.stasis[seat]
    pile.remove(card)


def _main_action(st: CentranState, seat: int, action: Action, ev: Events) -> None:
    """Apply one Card-Phase main action; five draws are logged after the action line."""
    name, kind = st.players[seat], action.kind
    sub: Events = []
    given = taken = ""
    position = 0
    if kind in ("gain", "draw_to_array"):
        card = draw_for(st, sub, seat)
        if card is not None and kind == "gain":
            st.hands[seat].append(card)
            st.notes[seat] = Drew(card.notation)
        elif card is not None:
            st.array.append(card)
            given = card.notation
    elif kind == "give":
        card, index = chosen_card(action, st.held(seat)), st.trade_index
        st.trade_index = -1
        _remove_held(st, seat, card)
        received = st.array[index]
        st.array[index] = card
        st.hands[seat].append(received)
        given, taken, position = card.notation, received.notation, index + 1
    elif kind == "discard_to_array":
        card = chosen_card(action, st.held(seat))
        _remove_held(st, seat, card)
        st.array.append(card)
        given = card.notation
    elif kind == "array_draw":
        if len(action.choices) != 1:
            raise IllegalAction("one_array_card")
        index = _array_index(st, action.choices[0])
        received = st.array[index]
        st.hands[seat].append(received)
        taken, position = received.notation, index + 1
        _refill(st, sub, seat, index)
    label = "trade" if kind == "give" else kind
    ev.append(CardAction(name, label, len(st.held(seat)), given, taken, position))
    ev.extend(sub)


def _refill(st: CentranState, ev: Events, seat: int, index: int) -> None:
    """Refill an Array position from the deck; fives are tabled, credited to ``seat`` (§6)."""
    while True:
        card = draw_card(st, ev)
        if card is None:
            del st.array[index]
            return
        if not card.is_five:
            st.array[index] = card
            return
        table_five(st, ev, card, seat)


def apply_action(
    st: CentranState, seat: int, action: Action, legal: tuple[ActionSpec, ...] | None = None
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
    elif action.kind in ("stasis", "unstasis"):
        move_stasis(st, seat, action, ev)
        maybe_end_turn(st, ev)
    elif action.kind == "end_turn":
        end_turn(st, ev)
    elif action.kind == "trade":
        if len(action.choices) != 1:
            raise IllegalAction("one_array_card")
        st.trade_index = _array_index(st, action.choices[0])
        st.step = Step.GIVE
    elif action.kind == "cancel_trade":
        st.trade_index = -1
        st.step = Step.ACTION
    else:
        _main_action(st, seat, action, ev)
        if five_brothers(st):
            showdown(st, ev, "five_brothers")
        else:
            st.step = Step.END
            maybe_end_turn(st, ev)
    return ev


def default_action(st: CentranState, seat: int) -> Action:
    """Timeouts: check if legal, else fold; in a Card-Phase turn stand (cancelling a trade
    half-way), then end the turn."""
    return first_default(
        legal_actions(st, seat), ("check", "stand", "cancel_trade", "end_turn", "fold")
    )


def _best(st: CentranState, cards: list[Card]) -> HandEval | None:
    """The best evaluation of ``cards`` with the current table fives (no Wild Sabacc claim)."""
    return evaluate(cards, len(st.fives)) if cards else None


def preview(st: CentranState, seat: int, action: Action) -> str | Fact:
    """What a choice would do, before it is confirmed (a fact; ``""``: nothing to say)."""
    try:
        if seat not in pending(st):
            return ""
        held = st.held(seat)
        if action.kind == "give" and action.choices:
            card, taken = chosen_card(action, held), st.array[st.trade_index]
            after = [c for c in held if c != card] + [taken]
            return GivePreview(card.notation, taken.notation, _best(st, held), _best(st, after))
        if action.kind == "trade" and action.choices:
            return TakePreview(st.array[_array_index(st, action.choices[0])].notation)
        if action.kind == "gain":
            return GainPreview(_best(st, held))
        if action.kind == "discard_to_array" and action.choices:
            card = chosen_card(action, held)
            return DiscardPreview(card.notation, _best(st, [c for c in held if c != card]))
        if action.kind in ("stasis", "unstasis") and action.choices:
            into = action.kind == "stasis"
            card = chosen_card(action, st.hands[seat] if into else st.stasis[seat])
            return StasisPreview(card.notation, into)
        return bet_preview(st, seat, action) or ""
    except IllegalAction:
        return ""
