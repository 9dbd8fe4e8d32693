"""The words of the shared betting (:mod:`engine.core.betting`), the same in every variant that
bets: the :class:`~engine.core.betting_events.BetMade` log line, the betting controls' labels
and prompts (:class:`~engine.core.betting_specs.BetControl`) and the refusal sentences of the
``bet_*`` reason codes (in :mod:`bot.words.reasons`, with the core's other codes).
:class:`bot.words.base.Words` uses them, so every variant's renderer
(and a variant still writing its own words) shows betting the same way.

>>> bet_made(BetMade("Ann", "raise", "raise", 6, 8, True, 2, "Bo"))
'Ann raises to 8 (all-in). 2 uncalled credits go back to Bo.'
>>> spec = bet_spec(ActionSpec("call", style="primary", facts=BetControl(BetKind.CALL, 4)))
>>> spec.label, spec.style
('Call 4', 'primary')
"""

from __future__ import annotations

import dataclasses

from engine.core.betting import BetKind
from engine.core.betting_events import BetMade
from engine.core.betting_specs import BetControl
from engine.core.game import ActionSpec
from engine.core.stakes import StakesChanged

BET_KINDS = frozenset(BetKind)
"""The kinds of the shared betting controls."""


def bet_made(e: BetMade) -> str:
    """The log line of a betting action."""
    tail = " (all-in)" if e.all_in else ""
    if e.effect == BetKind.FOLD:
        text = f"{e.player} folds."
    elif e.effect == BetKind.CHECK:
        text = f"{e.player} checks."
    elif e.effect == BetKind.CALL:
        text = f"{e.player} calls {e.paid}{tail}."
    elif e.effect == BetKind.BET:
        text = f"{e.player} bets {e.commit}{tail}."
    else:
        text = f"{e.player} raises to {e.commit}{tail}."
    if e.returned:
        text += f" {e.returned} uncalled credits go back to {e.returned_to}."
    return text


def stakes_changed(e: StakesChanged) -> str:
    """The log line of a change of antes (a tournament's rising antes).

    >>> stakes_changed(StakesChanged((("hand_ante", 4), ("sabacc_ante", 4))))
    'From the next hand the antes rise: hand ante 4, Sabacc ante 4.'
    """
    parts = ", ".join(f"{STAKE_NAMES.get(name, name)} {amount}" for name, amount in e.stakes)
    return f"From the next hand the antes rise: {parts}."


STAKE_NAMES = {"hand_ante": "hand ante", "sabacc_ante": "Sabacc ante", "ante": "ante"}
"""How the log names each variant's ante options."""


def _label(control: BetControl) -> str:
    kind = control.kind
    if kind is BetKind.CALL:
        return f"Call {control.amount}" + (" (all-in)" if control.all_in else "")
    if kind is BetKind.ALL_IN:
        return f"All-in {control.amount}"
    return LABELS[kind]


LABELS = {
    BetKind.CHECK: "Check",
    BetKind.BET: "Bet…",
    BetKind.RAISE: "Raise to…",
    BetKind.FOLD: "Fold",
}
PROMPTS = {
    BetKind.BET: "Bet how much? ({low}–{high})",
    BetKind.RAISE: "Raise to what total? ({low}–{high})",
}


def bet_spec(spec: ActionSpec) -> ActionSpec:
    """A betting control with its label (and an amount's prompt) written from its facts; a
    control that came worded (or is no betting control) is returned as it is."""
    control = spec.facts
    if spec.label or not isinstance(control, BetControl):
        return spec
    template = PROMPTS.get(control.kind)
    prompt = template.format(low=spec.min_amount, high=spec.max_amount) if template else ""
    return dataclasses.replace(spec, label=_label(control), prompt=prompt)
