"""Coruscant Shift decisions: who decides, what they may do (ActionSpecs), applying a decision,
the timeout's default and the preview of a choice.

The :class:`~engine.core.variant.DecisionRules` module of
:class:`~engine.variants.coruscant.game.CoruscantGame`. Two simultaneous selections (``select``:
the cards to keep) and two betting phases (the shared betting controls) per hand; the automatic
steps after a decision are :mod:`engine.variants.coruscant.flow`'s.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from engine.core.betting import BetKind
from engine.core.betting_events import BetMade
from engine.core.betting_specs import bet_specs, stake_preview
from engine.core.facts import Fact
from engine.core.game import Action, ActionSpec, Event, IllegalAction, Option, ParamKind
from engine.variants.coruscant import flow
from engine.variants.coruscant.cards import SYLOP_ALIAS_SEP, Card, Rank, best_selection
from engine.variants.coruscant.events import SelectionConfirmed
from engine.variants.coruscant.facts import CardOption, SelectFacts
from engine.variants.coruscant.state import CoruscantState, Phase

_card_option = functools.lru_cache(maxsize=512)(CardOption)  # few distinct ones: shared
_select_facts = functools.lru_cache(maxsize=256)(SelectFacts)


@functools.lru_cache(maxsize=512)
def _option(value: str, notation: str, was_kept: bool) -> Option:
    """One card of a selection (few distinct ones: shared between selects, as its facts are)."""
    return Option(value, facts=_card_option(notation, was_kept))


def pending(st: CoruscantState) -> frozenset[int]:
    """Unconfirmed live seats while selecting; the seat to act while betting."""
    return st.pending_seats()


def select_spec(st: CoruscantState, seat: int) -> ActionSpec:
    """The card select of a selection phase (option values are unique: ``sylop``, ``sylop#2``)."""
    options: list[Option] = []
    sylops = 0
    kept = list(st.kept[seat]) if st.phase.round_no == 2 else []
    for card in st.hands[seat]:
        value = card.notation
        if card.is_sylop:
            sylops += 1
            value = "sylop" if sylops == 1 else f"sylop{SYLOP_ALIAS_SEP}{sylops}"
        was_kept = card in kept
        if was_kept:
            kept.remove(card)
        options.append(_option(value, card.notation, was_kept))
    lock = st.opts.lock_first_selection and st.phase.round_no == 2
    return ActionSpec(
        kind="select",
        param=ParamKind.CHOICE,
        options=tuple(options),
        min_choices=1,
        max_choices=len(options),
        style="primary",
        facts=_select_facts(len(options), st.target, st.suit, lock),
    )


def legal_actions(st: CoruscantState, seat: int) -> tuple[ActionSpec, ...]:
    """Controls for ``seat`` now; empty when it is not pending."""
    if seat not in st.pending_seats():
        return ()
    if st.phase.selecting:
        return (select_spec(st, seat),)
    return bet_specs(st.bet.options(seat), st.stacks[seat])


def rank_of(st: CoruscantState, cards: Sequence[Card]) -> Rank:
    """The rank of ``cards`` against this hand's dice."""
    ev = st.evaluate(cards)
    return Rank(ev.total, st.target, st.suit, ev.suit_count)


def preview(st: CoruscantState, seat: int, action: Action) -> str | Fact:
    """The rank of a card choice, or what a bet would cost; ``""`` otherwise."""
    if seat not in st.pending_seats():
        return ""
    if st.phase.selecting:
        try:
            cards = st.parse_choice(seat, action.choices)
        except IllegalAction:
            return ""
        return rank_of(st, cards)
    stack, commit = st.stacks[seat], st.bet.phase_commit[seat]
    amount = action.amount or 0
    if action.kind == "bet" and not 0 < amount <= stack:
        return ""
    if action.kind == "raise" and not commit < amount <= commit + stack:
        return ""
    return stake_preview(st.bet, seat, action.kind, amount) or ""


def _not_pending(st: CoruscantState, seat: int) -> IllegalAction:
    if not 0 <= seat < st.n or not st.bet.is_live(seat):
        return IllegalAction("coruscant_not_in_hand")
    if st.phase.selecting:
        return IllegalAction("coruscant_already_chosen")
    to_act = st.bet.to_act
    return IllegalAction(
        "coruscant_waiting", player=st.seat_players[to_act] if to_act is not None else None
    )


_BET_KINDS = frozenset(kind.value for kind in BetKind)


def apply_action(st: CoruscantState, seat: int, action: Action) -> list[Event]:
    """Apply a decision and run every automatic step after it; raises IllegalAction."""
    if st.finished:
        raise IllegalAction("game_over")
    if not 0 <= seat < st.n or seat not in st.pending_seats():
        raise _not_pending(st, seat)
    events: list[Event] = []
    if st.phase.selecting:
        if action.kind != "select":
            raise IllegalAction("coruscant_select_first")
        st.choice[seat] = st.parse_choice(seat, action.choices)
        events.append(SelectionConfirmed(st.seat_players[seat], st.phase.round_no))
        if not st.pending_seats():
            flow.end_selection(st, events)
        return events
    if action.kind not in _BET_KINDS:  # (a set lookup: BetKind(kind) costs an enum call)
        raise IllegalAction("coruscant_not_a_bet", kind=action.kind)
    result = st.bet.act(seat, action.kind, action.amount)
    if result.kind is BetKind.FOLD:
        st.muck(seat)
    events.append(BetMade.from_result(result, st.seat_players))
    flow.after_bet_result(st, result.phase_over, events)
    return events


def default_action(st: CoruscantState, seat: int) -> Action:
    """Timeout choice (§3): best subset / keep the round-1 selection; check, else fold."""
    if seat not in st.pending_seats():
        raise IllegalAction("coruscant_nothing_to_decide")
    if st.phase.selecting:
        cards = st.kept[seat] if st.phase is Phase.SELECT_2 else []
        if not cards:
            wild = st.opts.sylop_counts_as_target_suit
            cards = best_selection(st.hands[seat], st.target, st.suit, sylop_wild=wild)
        return Action("select", choices=tuple(c.notation for c in cards))
    owed = st.bet.to_call(seat)
    return Action("check" if owed == 0 else "fold")
