"""The controls of a betting decision, shared by every variant that bets through
:mod:`engine.core.betting`: one :class:`~engine.core.game.ActionSpec` per legal
:class:`~engine.core.betting.BetOption`.

A control carries its data as a :class:`BetControl` fact (what a call or an all-in would put in)
and its bounds (a bet's or a raise's range); the bot writes its label and prompt
(``bot/words/betting.py``), and a bot reads the amount owed from the facts. Before the action is
confirmed, :func:`stake_preview` says what it would cost (a :class:`StakePreview`; each variant's
renderer words it).

>>> from engine.core.betting import Betting
>>> b = Betting(2, [10, 10])
>>> b.start_hand([0, 1]); b.start_phase(0)
True
>>> [(s.kind, s.facts) for s in bet_specs(b.options(0), b.stacks[0])][2]
('all_in', BetControl(kind=<BetKind.ALL_IN: 'all_in'>, amount=10, all_in=True))
>>> stake_preview(b, 0, "bet", 4)
StakePreview(kind='bet', amount=4, puts=4, left=6)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from engine.core.betting import BetKind, BetOption, Betting
from engine.core.facts import Fact
from engine.core.game import ActionSpec, ParamKind


@dataclass(frozen=True, slots=True)
class BetControl(Fact):
    """The data of a betting control: its ``kind``, the credits it puts in when that is fixed
    (``call``, ``all_in``; 0 otherwise) and whether that is the seat's whole stack."""

    kind: BetKind
    amount: int = 0
    all_in: bool = False


@dataclass(frozen=True, slots=True)
class StakePreview(Fact):
    """What a betting action would cost: ``kind`` (``bet``, ``raise``, ``call``, ``all_in``), its
    ``amount`` (a raise's or an all-in's total this betting phase), what it ``puts`` in and what
    is ``left`` behind."""

    kind: str
    amount: int
    puts: int
    left: int


def stake_preview(betting: Betting, seat: int, kind: str, amount: int) -> StakePreview | None:
    """What ``kind`` (with ``amount``: a bet, or a raise to that total) would cost ``seat``;
    ``None`` for an action that is not a stake. The amount is not checked against the seat's
    range: a variant that previews only amounts in range checks them first."""
    stack, commit = betting.stacks[seat], betting.phase_commit[seat]
    if kind == "bet":
        return StakePreview(kind, amount, amount, stack - amount)
    if kind == "raise":
        return StakePreview(kind, amount, amount - commit, stack + commit - amount)
    if kind == "call":
        pay = min(betting.to_call(seat), stack)
        return StakePreview(kind, pay, pay, stack - pay)
    if kind == "all_in":
        return StakePreview(kind, commit + stack, stack, 0)
    return None


STYLES = {BetKind.CHECK: "primary", BetKind.CALL: "primary", BetKind.FOLD: "danger"}


@lru_cache(maxsize=4096)
def bet_spec(kind: BetKind, low: int, high: int, stack: int) -> ActionSpec:
    """The control for one betting option (its ``kind`` and bounds, as a :class:`BetOption`
    gives them) of a seat with ``stack`` credits behind: the same values give the same immutable
    control, built once. Keyed by the plain values (a str enum and ints hash in C; the
    dataclass ``BetOption`` would hash and compare in Python at every lookup)."""
    style = STYLES.get(kind, "secondary")
    if kind is BetKind.BET or kind is BetKind.RAISE:
        facts = BetControl(kind)
        return ActionSpec(kind.value, "", ParamKind.AMOUNT, low, high, facts=facts)
    if kind is BetKind.CALL or kind is BetKind.ALL_IN:
        return ActionSpec(kind.value, style=style, facts=BetControl(kind, low, low == stack))
    return ActionSpec(kind.value, style=style, facts=BetControl(kind))


def bet_specs(options: Iterable[BetOption], stack: int) -> tuple[ActionSpec, ...]:
    """One control per legal betting option, in the order :meth:`Betting.options` lists them."""
    return tuple([bet_spec(o.kind, o.min_amount, o.max_amount, stack) for o in options])
