"""The controls of a betting decision, shared by every variant that bets through
:mod:`engine.core.betting`: one :class:`~engine.core.game.ActionSpec` per legal
:class:`~engine.core.betting.BetOption`.

A control carries its data as a :class:`BetControl` fact (what a call or an all-in would put in)
and its bounds (a bet's or a raise's range); the bot writes its label and prompt
(``bot/words/betting.py``), and a bot reads the amount owed from the facts.

>>> from engine.core.betting import Betting
>>> b = Betting(2, [10, 10])
>>> b.start_hand([0, 1]); b.start_phase(0)
True
>>> [(s.kind, s.facts) for s in bet_specs(b.options(0), b.stacks[0])][2]
('all_in', BetControl(kind=<BetKind.ALL_IN: 'all_in'>, amount=10, all_in=True))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from engine.core.betting import BetKind, BetOption
from engine.core.facts import Fact
from engine.core.game import ActionSpec, ParamKind


@dataclass(frozen=True, slots=True)
class BetControl(Fact):
    """The data of a betting control: its ``kind``, the credits it puts in when that is fixed
    (``call``, ``all_in``; 0 otherwise) and whether that is the seat's whole stack."""

    kind: BetKind
    amount: int = 0
    all_in: bool = False


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
