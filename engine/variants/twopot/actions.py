"""Decisions the two-pot variants (Classic, Centran, Project) handle alike, written once.

* :func:`pending_seat`: one seat decides at a time: the betting's seat to act during a betting
  phase, the head of the turn queue during a phase of card turns (Classic §3, Centran §3,
  Project §3);
* :func:`require_legal`: the checks before any decision (the game is not over, it is the seat's
  turn, the action is one it may take now), with the same messages (Classic, Centran);
* :func:`stasis_specs`, :func:`chosen_card` and :func:`move_stasis`: offering a one-card choice,
  reading it, and the stasis operation that
  Classic (§3.2, §3.3) and Centran (§3.2, CE-31) both allow once per turn: a hidden card face up
  into the stasis field, or a field card back to the hand;
* :func:`first_default`: a timeout takes the first legal kind of the variant's own order;
* :func:`bet_preview`: what a bet or raise puts in (the shared
  :class:`~engine.core.betting_specs.StakePreview`); the stasis preview's fact
  :class:`StasisPreview` (Classic, Centran); :class:`TotalPreview`, the total of the cards a card
  action leaves (Classic, the Sabacc Project, Corellian Spike); :class:`CallPreview`, the hand
  held before calling it (Classic, the Sabacc Project).

Which actions exist, their labels and prompts, and what they do to the cards stay in each
``<variant>_actions``: those differ by spec.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from engine.core.betting_specs import StakePreview, stake_preview
from engine.core.facts import Fact
from engine.core.game import Action, ActionSpec, Event, IllegalAction, Option, ParamKind
from engine.variants.twopot.events import StasisMoved
from engine.variants.twopot.state import AnyTwoPot, StasisState

__all__ = [
    "CallPreview",
    "StasisPreview",
    "TotalPreview",
    "bet_preview",
    "card_options",
    "chosen_card",
    "first_default",
    "move_stasis",
    "pending_seat",
    "require_legal",
    "stasis_specs",
]


class _Card(Protocol):
    @property
    def notation(self) -> str: ...


C = TypeVar("C", bound=_Card)
E = TypeVar("E", bound=Fact)


def pending_seat(st: AnyTwoPot, *, betting: bool, turns: bool) -> frozenset[int]:
    """The one seat that must decide now: the seat to act when ``betting`` is the phase, the head
    of the turn queue when ``turns`` is; none otherwise (or when nobody is left to act)."""
    if betting and st.betting.to_act is not None:
        return _one(st.betting.to_act)
    if turns and st.queue:
        return _one(st.queue[0])
    return frozenset()


_SEAT = {seat: frozenset((seat,)) for seat in range(8)}  # asked several times a step: shared


def _one(seat: int) -> frozenset[int]:
    return _SEAT.get(seat) or frozenset((seat,))


def require_legal(
    over: bool, seat: int, pending: frozenset[int], legal: Iterable[ActionSpec], action: Action
) -> None:
    """Raise :class:`~engine.core.game.IllegalAction` unless ``seat`` may take ``action`` now:
    the game is not ``over``, ``seat`` is ``pending`` and the action's kind is ``legal``."""
    if over:
        raise IllegalAction("game_over")
    if seat not in pending:
        raise IllegalAction("not_yours")
    if action.kind not in {spec.kind for spec in legal}:
        raise IllegalAction("cannot_now", kind=action.kind)


def chosen_card(action: Action, cards: Sequence[C], missing: str = "cannot_choose") -> C:
    """The one card of ``cards`` that ``action`` chose (by notation); refused with ``one_card``,
    or with the reason code ``missing`` (data: ``choice``) when ``cards`` do not hold it."""
    if len(action.choices) != 1:
        raise IllegalAction("one_card")
    for card in cards:
        if card.notation == action.choices[0]:
            return card
    raise IllegalAction(missing, choice=action.choices[0])


def card_options(cards: Iterable[_Card]) -> tuple[Option, ...]:
    """One option per card (Classic's and Centran's card choices): its notation is all the
    bot's words need (name and value)."""
    return tuple(Option(c.notation) for c in cards)


def stasis_specs(
    into: tuple[Option, ...] | None,
    back: tuple[Option, ...] | None,
    into_prompt: str = "",
    back_prompt: str = "",
) -> list[ActionSpec]:
    """The stasis operation's choices: ``stasis`` over the hidden cards ``into`` the field and
    ``unstasis`` over the field cards ``back`` to the hand, each offered unless ``None`` (the
    variant decides when each is allowed and how cards read). Their words are the bot's
    (``bot/words/twopot.py``); a variant that still writes its own passes the prompts."""
    specs: list[ActionSpec] = []
    if into is not None:
        specs.append(ActionSpec("stasis", "", ParamKind.CHOICE, options=into, prompt=into_prompt))
    if back is not None:
        specs.append(ActionSpec("unstasis", "", ParamKind.CHOICE, options=back, prompt=back_prompt))
    return specs


def move_stasis(st: StasisState[Any, C], seat: int, action: Action, ev: list[Event]) -> None:
    """Apply ``stasis`` (the chosen hidden card face up into the seat's stasis field) or
    ``unstasis`` (the chosen field card back to the hand); it uses the turn's stasis operation
    and is announced with :class:`~engine.variants.twopot.events.StasisMoved`."""
    into = action.kind == "stasis"
    source, target = (st.hands, st.stasis) if into else (st.stasis, st.hands)
    card = chosen_card(action, source[seat])
    source[seat].remove(card)
    target[seat].append(card)
    st.stasis_used = True
    ev.append(StasisMoved(st.players[seat], card.notation, into))


def first_default(legal: Iterable[ActionSpec], order: Sequence[str]) -> Action:
    """The timeout's action: the first kind of ``order`` among the ``legal`` ones."""
    kinds = {spec.kind for spec in legal}
    if not kinds:
        raise IllegalAction("not_yours")
    for kind in order:
        if kind in kinds:
            return Action(kind)
    raise IllegalAction("no_default")  # pragma: no cover - every state offers one


@dataclass(frozen=True, slots=True)
class StasisPreview(Fact):
    """Before a stasis operation: the card (notation) and whether it goes into the field."""

    card: str
    into_field: bool


@dataclass(frozen=True, slots=True)
class CallPreview(Fact, Generic[E]):
    """Before calling the hand: the hand held (``E``: the variant's ``HandEval``; each variant
    names its own subclass, so the codec knows which)."""

    hand: E


@dataclass(frozen=True, slots=True)
class TotalPreview(Fact):
    """Before a card action (``kind``, the action's kind): the total of the cards it leaves in
    the hand: all of them (Classic's ``gain``, the Sabacc Project's ``draw`` and ``stand``), or
    the rest without ``card`` (a notation) where the action gives one up (Classic's ``change``,
    Corellian Spike's ``discard`` and ``gain_discard``)."""

    kind: str
    total: int
    card: str = ""


def bet_preview(st: AnyTwoPot, seat: int, action: Action) -> StakePreview | None:
    """What a ``bet`` or ``raise`` (raise-to) with an amount puts in and keeps behind; ``None``
    for any other action."""
    if action.kind in ("bet", "raise") and action.amount is not None:
        return stake_preview(st.betting, seat, action.kind, action.amount)
    return None
