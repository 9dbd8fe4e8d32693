"""The controls of a betting decision, shared by every variant that bets through
:mod:`engine.core.betting`: one :class:`~engine.core.game.ActionSpec` per legal
:class:`~engine.core.betting.BetOption`.

>>> from engine.core.betting import Betting
>>> b = Betting(2, [10, 10])
>>> b.start_hand([0, 1]); b.start_phase(0)
True
>>> [s.label for s in bet_specs(b.options(0), b.stacks[0])]
['Check', 'Bet…', 'All-in 10', 'Fold']
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.core.betting import BetKind, BetOption
from engine.core.game import ActionSpec, ParamKind


def bet_spec(option: BetOption, stack: int) -> ActionSpec:
    """The control for one betting option of a seat with ``stack`` credits behind."""
    low, high = option.min_amount, option.max_amount
    if option.kind is BetKind.CHECK:
        return ActionSpec("check", "Check", style="primary")
    if option.kind is BetKind.CALL:
        tail = " (all-in)" if low == stack else ""
        return ActionSpec("call", f"Call {low}{tail}", style="primary")
    if option.kind is BetKind.BET:
        prompt = f"Bet how much? ({low}–{high})"
        return ActionSpec("bet", "Bet…", ParamKind.AMOUNT, low, high, prompt=prompt)
    if option.kind is BetKind.RAISE:
        prompt = f"Raise to what total? ({low}–{high})"
        return ActionSpec("raise", "Raise to…", ParamKind.AMOUNT, low, high, prompt=prompt)
    if option.kind is BetKind.ALL_IN:
        return ActionSpec("all_in", f"All-in {low}")
    return ActionSpec("fold", "Fold", style="danger")


def bet_specs(options: Iterable[BetOption], stack: int) -> tuple[ActionSpec, ...]:
    """One control per legal betting option, in the order :meth:`Betting.options` lists them."""
    return tuple(bet_spec(o, stack) for o in options)
