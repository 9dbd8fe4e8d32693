"""Corellian Spike decisions: what a seat may do now (ActionSpecs), applying, defaults, previews.

Action kinds:

* card turn (§3.1): ``stand``; ``gain`` (draw a card); ``gain_discard`` (CHOICE: the card put on
  the discard pile before drawing); ``swap`` (CHOICE: the card given for the top discard,
  :class:`SwapFor`); ``junk``. With ``gain_mode = draw_then_choose`` there is no
  ``gain_discard``: ``gain`` draws, then the same seat decides ``keep`` or ``discard`` (CHOICE,
  the drawn card included);
* betting (the shared module): ``check``, ``bet``, ``call``, ``raise``, ``all_in``, ``fold``
  (a fold is a junk).

Sylops are identical, so a hand with two offers one ``sylop`` option (SPK-impl-1). Fees are dead
money posted before the card moves; an action whose fee the seat cannot pay is not offered
(SPK-impl-5). Controls, options and previews are facts (:class:`Fee`, :class:`SwapFor`, card
notations, :class:`SwapPreview`, the two-pot :class:`TotalPreview`); the bot's words write them.
Timeouts: :func:`default_action` (SPK-impl-6).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from engine.core.betting import BetKind
from engine.core.betting_specs import bet_specs
from engine.core.facts import Fact
from engine.core.game import Action, ActionSpec, Events, IllegalAction, Option, ParamKind
from engine.variants.corellian_spike.cards import MAX_HAND, Card, HandEval, evaluate_cards
from engine.variants.corellian_spike.events import CardAction, Drew, Move
from engine.variants.corellian_spike.flow import after_bet, end_card_turn, junk
from engine.variants.corellian_spike.payout import draw_card
from engine.variants.corellian_spike.state import DRAW_THEN_CHOOSE, Phase, SpikeState
from engine.variants.twopot.actions import TotalPreview as TotalPreview  # re-exported
from engine.variants.twopot.actions import (
    bet_preview,
    chosen_card,
    first_default,
    pending_seat,
    require_legal,
)

BET_KINDS = frozenset(k.value for k in BetKind)
NOT_HELD = "dont_hold"  # the reason code of a card choice the seat does not hold


@dataclass(frozen=True, slots=True)
class Fee(Fact):
    """A ``gain`` or ``gain_discard`` control: the fee it costs; ``then_choose`` when a gain
    draws first and chooses after (option ``gain_mode`` draw_then_choose)."""

    fee: int
    then_choose: bool = False


@dataclass(frozen=True, slots=True)
class SwapFor(Fact):
    """The ``swap`` control: the top discard (a notation) taken, and the fee."""

    top: str
    fee: int


@dataclass(frozen=True, slots=True)
class SwapPreview(Fact):
    """Before a swap: the card given, the top discard taken and the hand it makes."""

    card: str
    top: str
    hand: HandEval


_fee = lru_cache(maxsize=64)(Fee)
_swap_for = lru_cache(maxsize=256)(SwapFor)


def pending(st: SpikeState) -> frozenset[int]:
    """The one seat that must decide now (none when the game is over)."""
    phase = st.phase
    return pending_seat(st, betting=phase in _BETTING, turns=phase in _TURNS)


# (every step tests its phase several times: against constant sets, as reading a member off
# its enum class costs ~70 ns in Python 3.11 and a str enum hashes in C)
_BETTING, _TURNS = frozenset((Phase.BET,)), frozenset((Phase.CARD, Phase.CHOOSE))
_CHOOSING, _OVER = frozenset((Phase.CHOOSE,)), frozenset((Phase.GAME_OVER,))


@lru_cache(maxsize=256)
def _options(notations: tuple[str, ...]) -> tuple[Option, ...]:
    """One option per distinct card (the two Sylops are one option); the bot's words name it."""
    return tuple(Option(n) for n in dict.fromkeys(notations))


_KEEP, _STAND = ActionSpec("keep", style="primary"), ActionSpec("stand")
_JUNK = ActionSpec("junk", style="danger")


@lru_cache(maxsize=256)  # a turn's controls are asked for several times; keep few (memory)
def _card_specs(
    choosing: bool,
    hand: tuple[str, ...],
    gain: Fee | None,
    gain_discard: Fee | None,
    swap: SwapFor | None,
) -> tuple[ActionSpec, ...]:
    """A card turn's controls over the cards ``hand`` (notations): keep or discard a drawn card
    when ``choosing``, else the gain, discard-then-gain and swap controls offered (``None``:
    not offered), stand and junk. Shared between calls (specs are frozen)."""
    options = _options(hand)  # the same cards in every card select of the turn
    if choosing:
        discard = ActionSpec("discard", param=ParamKind.CHOICE, options=options)
        return (_KEEP, discard) if len(hand) <= MAX_HAND else (discard,)
    specs: list[ActionSpec] = []
    if gain is not None:
        specs.append(ActionSpec("gain", style="primary", facts=gain))
    if gain_discard is not None:
        specs.append(
            ActionSpec("gain_discard", param=ParamKind.CHOICE, options=options, facts=gain_discard)
        )
    if swap is not None:
        specs.append(ActionSpec("swap", param=ParamKind.CHOICE, options=options, facts=swap))
    return (*specs, _STAND, _JUNK)


def _turn_specs(st: SpikeState, seat: int) -> tuple[ActionSpec, ...]:
    opts, hand, stack = st.options, st.hands[seat], st.stacks[seat]
    notations = tuple(c.notation for c in hand)
    if st.phase in _CHOOSING:
        return _card_specs(True, notations, None, None, None)
    gain_ok = st.available() > 0 and stack >= opts.gain_fee
    gain = gain_discard = None
    if opts.gain_mode == DRAW_THEN_CHOOSE:
        gain = _fee(opts.gain_fee, True) if gain_ok else None
    elif gain_ok:
        gain = _fee(opts.gain_fee) if len(hand) < MAX_HAND else None
        gain_discard = _fee(opts.gain_fee)
    swap = _swap_for(st.discard[-1].notation, opts.swap_fee) if stack >= opts.swap_fee else None
    return _card_specs(False, notations, gain, gain_discard, swap)


def legal_actions(st: SpikeState, seat: int) -> tuple[ActionSpec, ...]:
    """Everything ``seat`` may do now; empty when it is not pending."""
    if seat not in pending(st):
        return ()
    if st.phase in _BETTING:
        return bet_specs(st.betting.options(seat), st.stacks[seat])
    return _turn_specs(st, seat)


def chosen(action: Action, cards: Sequence[Card]) -> Card:
    """The one card of ``cards`` that ``action`` chose (by notation)."""
    return chosen_card(action, cards, NOT_HELD)


def _draw(st: SpikeState, seat: int, ev: Events) -> None:
    card = draw_card(st, ev)
    assert card is not None  # legal only when a card can be drawn
    st.hands[seat].append(card)
    st.last_drawn[seat] = Drew(card.notation)


def _card_turn(st: SpikeState, seat: int, action: Action, ev: Events) -> None:
    name, hand, opts = st.players[seat], st.hands[seat], st.options
    kind = action.kind
    if kind == "junk":
        st.betting.forfeit(seat)  # no betting phase is open: this only marks the seat out
        junk(st, seat, ev, folded=False)
    elif kind == "stand":
        ev.append(CardAction(name, Move.STAND, len(hand)))
    elif kind == "swap":
        card = chosen(action, hand)
        st.betting.post(seat, opts.swap_fee)
        took = st.discard.pop()
        hand.append(took)
        hand.remove(card)
        st.discard.append(card)
        ev.append(
            CardAction(name, Move.SWAP, len(hand), card.notation, took.notation, opts.swap_fee)
        )
    elif kind == "keep":
        ev.append(CardAction(name, Move.KEEP, len(hand)))
    elif kind == "discard":
        card = chosen(action, hand)
        hand.remove(card)
        st.discard.append(card)
        ev.append(CardAction(name, Move.DISCARD, len(hand), card.notation))
    else:  # gain, gain_discard
        put = ""
        if kind == "gain_discard":
            card = chosen(action, hand)
            hand.remove(card)
            st.discard.append(card)
            put = card.notation
        st.betting.post(seat, opts.gain_fee)
        _draw(st, seat, ev)
        ev.append(CardAction(name, Move.GAIN, len(hand), put, fee=opts.gain_fee))
        if opts.gain_mode == DRAW_THEN_CHOOSE:
            st.phase = Phase.CHOOSE
            return
    end_card_turn(st, ev)


def apply_action(
    st: SpikeState, seat: int, action: Action, legal: tuple[ActionSpec, ...] | None = None
) -> Events:
    """Validate and apply one decision, then run the automatic steps after it; ``legal``: the
    seat's legal actions when the game already worked them out (computed when ``None``)."""
    require_legal(
        st.phase in _OVER,
        seat,
        pending(st),
        legal_actions(st, seat) if legal is None else legal,
        action,
    )
    ev: Events = []
    if st.phase in _BETTING:
        after_bet(st, ev, st.betting.act(seat, action.kind, action.amount))
    else:
        _card_turn(st, seat, action, ev)
    return ev


def default_action(st: SpikeState, seat: int) -> Action:
    """Timeouts (§3.5): stand in a card turn (keep the drawn card, else discard it), check if
    legal, else fold."""
    legal = legal_actions(st, seat)
    if st.phase is Phase.CHOOSE and not any(spec.kind == "keep" for spec in legal):
        return Action("discard", choices=(st.hands[seat][-1].notation,))
    return first_default(legal, ("stand", "keep", "check", "fold"))


def preview(st: SpikeState, seat: int, action: Action) -> str | Fact:
    """Facts about a choice before it is confirmed (``""``: nothing to say)."""
    try:
        if seat not in pending(st):
            return ""
        hand = st.hands[seat]
        if action.kind in ("swap", "gain_discard", "discard") and action.choices:
            card = chosen(action, hand)
            rest = list(hand)
            rest.remove(card)
            if action.kind == "swap":
                top = st.discard[-1]
                after = evaluate_cards([*rest, top], extras=st.options.named_hand_extras)
                return SwapPreview(card.notation, top.notation, after)
            return TotalPreview(action.kind, sum(c.value for c in rest), card.notation)
        return bet_preview(st, seat, action) or ""
    except (IllegalAction, ValueError):
        return ""
