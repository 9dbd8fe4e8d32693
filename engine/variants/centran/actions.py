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

from engine.core.betting_specs import bet_specs
from engine.core.facts import Fact
from engine.core.game import Action, ActionSpec, IllegalAction, Option, ParamKind
from engine.variants.centran.cards import Card, evaluate
from engine.variants.centran.deal import draw_card, draw_for, five_brothers, table_five
from engine.variants.centran.events import CardAction
from engine.variants.centran.flow import Events, after_bet, end_turn, maybe_end_turn, showdown
from engine.variants.centran.state import CentranState, Phase, Step
from engine.variants.twopot.actions import (
    bet_preview,
    chosen_card,
    first_default,
    move_stasis,
    pending_seat,
    require_legal,
    stasis_specs,
)

MAIN_KINDS = ("gain", "trade", "stand", "draw_to_array", "discard_to_array", "array_draw")


def pending(st: CentranState) -> frozenset[int]:
    """The one seat that must decide now (none when the game is over)."""
    return pending_seat(st, betting=st.phase is Phase.BET, turns=st.phase is Phase.CARD)


def _card_options(cards: list[Card], verb: str = "") -> tuple[Option, ...]:
    return tuple(Option(c.notation, f"{verb}{c.name}") for c in cards)


def _array_options(st: CentranState, verb: str) -> tuple[Option, ...]:
    return tuple(
        Option(f"array:{i + 1}", f"{verb}Array #{i + 1}: {c.name}") for i, c in enumerate(st.array)
    )


def _main_specs(st: CentranState, seat: int) -> list[ActionSpec]:
    opts = st.options
    held = st.held(seat)
    can_draw = st.available() > 0
    specs: list[ActionSpec] = []
    if can_draw:
        specs.append(ActionSpec("gain", "Gain (draw a card)", style="primary"))
    if st.array and held:
        specs.append(
            ActionSpec(
                "trade",
                "Trade with the Array",
                ParamKind.CHOICE,
                options=_array_options(st, "Take "),
                prompt="Which Array card do you take? (Next you choose the card to give.)",
            )
        )
    specs.append(ActionSpec("stand", "Stand"))
    if opts.advanced_actions:
        if can_draw:
            specs.append(ActionSpec("draw_to_array", "Draw to the Array"))
        if len(held) >= 2:
            specs.append(
                ActionSpec(
                    "discard_to_array",
                    "Discard to the Array",
                    ParamKind.CHOICE,
                    options=_card_options(held),
                    prompt="Which card goes face up to the end of the Array?",
                )
            )
        if opts.advanced_array_draw and st.array and can_draw:
            specs.append(
                ActionSpec(
                    "array_draw",
                    "Take an Array card",
                    ParamKind.CHOICE,
                    options=_array_options(st, ""),
                    prompt="Which Array card do you take? (Its place is refilled from the deck.)",
                )
            )
    return specs


def _stasis_specs(st: CentranState, seat: int) -> list[ActionSpec]:
    if st.stasis_used:
        return []
    return stasis_specs(
        _card_options(st.hands[seat]) if st.hands[seat] else None,
        _card_options(st.stasis[seat]) if st.stasis[seat] else None,
        "Which card goes face up into your Stasis Field (safe from Shifts)?",
        "Which Stasis card goes back into your hidden hand?",
    )


def _give_specs(st: CentranState, seat: int) -> tuple[ActionSpec, ...]:
    taken = st.array[st.trade_index]
    options = tuple(
        Option(c.notation, f"Give {c.name}", "your stasis card" if c in st.stasis[seat] else "")
        for c in st.held(seat)
    )
    return (
        ActionSpec(
            "give",
            f"Give a card for {taken.name}",
            ParamKind.CHOICE,
            options=options,
            style="primary",
            prompt=f"Which card takes the place of {taken.name} in the Array?",
        ),
        ActionSpec("cancel_trade", "Cancel the trade"),
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
    return (ActionSpec("end_turn", "End turn", style="primary"), *_stasis_specs(st, seat))


def _array_index(st: CentranState, value: str) -> int:
    _, _, raw = value.partition("array:")
    if not raw.isdigit() or not 1 <= int(raw) <= len(st.array):
        raise IllegalAction(f"There is no Array card {value!r}.")
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
            st.notes[seat] = f"You drew {card.name}."
        elif card is not None:
            st.array.append(card)
            given = card.name
    elif kind == "give":
        card, index = chosen_card(action, st.held(seat)), st.trade_index
        st.trade_index = -1
        _remove_held(st, seat, card)
        received = st.array[index]
        st.array[index] = card
        st.hands[seat].append(received)
        given, taken, position = card.name, received.name, index + 1
    elif kind == "discard_to_array":
        card = chosen_card(action, st.held(seat))
        _remove_held(st, seat, card)
        st.array.append(card)
        given = card.name
    elif kind == "array_draw":
        if len(action.choices) != 1:
            raise IllegalAction("Choose exactly one Array card.")
        index = _array_index(st, action.choices[0])
        received = st.array[index]
        st.hands[seat].append(received)
        taken, position = received.name, index + 1
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


def apply_action(st: CentranState, seat: int, action: Action) -> Events:
    """Validate and apply one decision, then run the automatic steps after it."""
    over = st.phase is Phase.GAME_OVER
    require_legal(over, seat, pending(st), legal_actions(st, seat), action)
    ev: Events = []
    if st.phase is Phase.BET:
        after_bet(st, ev, st.betting.act(seat, action.kind, action.amount))
    elif action.kind in ("stasis", "unstasis"):
        move_stasis(st, seat, action, ev)
        maybe_end_turn(st, ev)
    elif action.kind == "end_turn":
        end_turn(st, ev)
    elif action.kind == "trade":
        if len(action.choices) != 1:
            raise IllegalAction("Choose exactly one Array card.")
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


def best_text(st: CentranState, cards: list[Card]) -> str:
    """The best evaluation of ``cards`` with the current table fives (no Wild Sabacc claim)."""
    if not cards:
        return "no cards"
    return evaluate(cards, len(st.fives)).label


def preview(st: CentranState, seat: int, action: Action) -> str | Fact:
    """A short private line about a choice before it is confirmed."""
    try:
        if seat not in pending(st):
            return ""
        held = st.held(seat)
        if action.kind == "give" and action.choices:
            card, taken = chosen_card(action, held), st.array[st.trade_index]
            after = [c for c in held if c != card] + [taken]
            return (
                f"You give {card.name} and take {taken.name}: "
                f"{best_text(st, held)} → {best_text(st, after)}."
            )
        if action.kind == "trade" and action.choices:
            taken = st.array[_array_index(st, action.choices[0])]
            return f"You take {taken.name}; next you choose which of your cards replaces it."
        if action.kind == "gain":
            return f"You hold {best_text(st, held)}; you add one card (a five goes to the table)."
        if action.kind == "discard_to_array" and action.choices:
            card = chosen_card(action, held)
            rest = [c for c in held if c != card]
            return f"Without {card.name} you would hold {best_text(st, rest)}."
        if action.kind == "stasis" and action.choices:
            card = chosen_card(action, st.hands[seat])
            return f"{card.name} goes face up into your Stasis Field: safe from Sabacc Shifts."
        if action.kind == "unstasis" and action.choices:
            card = chosen_card(action, st.stasis[seat])
            return f"{card.name} goes back into your hidden hand."
        return bet_preview(st, seat, action) or ""
    except IllegalAction:
        return ""
    return ""
