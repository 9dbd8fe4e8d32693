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

from bot.i18n import N_, _, ngettext
from engine.core.betting import BetKind
from engine.core.betting_events import BetMade
from engine.core.betting_specs import BetControl
from engine.core.game import ActionSpec
from engine.core.stakes import StakesChanged

BET_KINDS = frozenset(BetKind)
"""The kinds of the shared betting controls."""


def _all_in(text: str, all_in: bool) -> str:
    return text + " (" + _("all-in") + ")" if all_in else text


def bet_made(e: BetMade) -> str:
    """The log line of a betting action."""
    if e.effect == BetKind.FOLD:
        text = _("{player} folds.").format(player=e.player)
    elif e.effect == BetKind.CHECK:
        text = _("{player} checks.").format(player=e.player)
    elif e.effect == BetKind.CALL:
        text = _all_in(_("{player} calls {n}").format(player=e.player, n=e.paid), e.all_in) + "."
    elif e.effect == BetKind.BET:
        text = _all_in(_("{player} bets {n}").format(player=e.player, n=e.commit), e.all_in) + "."
    else:
        text = (
            _all_in(_("{player} raises to {n}").format(player=e.player, n=e.commit), e.all_in) + "."
        )
    if e.returned:
        text += " " + ngettext(
            "{n} uncalled credits go back to {player}.",
            "{n} uncalled credits go back to {player}.",
            e.returned,
        ).format(n=e.returned, player=e.returned_to)
    return text


def stakes_changed(e: StakesChanged) -> str:
    """The log line of a change of antes (a tournament's rising antes).

    >>> stakes_changed(StakesChanged((("hand_ante", 4), ("sabacc_ante", 4))))
    'From the next hand the antes rise: hand ante 4, Sabacc ante 4.'
    """
    parts = ", ".join(f"{stake_name(name)} {amount}" for name, amount in e.stakes)
    return _("From the next hand the antes rise: {antes}.").format(antes=parts)


STAKE_NAMES = {"hand_ante": N_("hand ante"), "sabacc_ante": N_("Sabacc ante"), "ante": N_("ante")}
"""How the log names each variant's ante options (English source, translated when shown)."""


def stake_name(name: str) -> str:
    """An ante option's name in the reader's words (``hand ante``)."""
    words = STAKE_NAMES.get(name)
    return name if words is None else _(words)


def _label(control: BetControl) -> str:
    kind = control.kind
    if kind is BetKind.CALL:
        return _all_in(_("Call {n}").format(n=control.amount), control.all_in)
    if kind is BetKind.ALL_IN:
        return _("All-in {n}").format(n=control.amount)
    return _(LABELS[kind])


LABELS = {
    BetKind.CHECK: N_("Check"),
    BetKind.BET: N_("Bet…"),
    BetKind.RAISE: N_("Raise to…"),
    BetKind.FOLD: N_("Fold"),
}
PROMPTS = {
    BetKind.BET: N_("Bet how much? ({low}–{high})"),
    BetKind.RAISE: N_("Raise to what total? ({low}–{high})"),
}


def bet_spec(spec: ActionSpec) -> ActionSpec:
    """A betting control with its label (and an amount's prompt) written from its facts; a
    control that came worded (or is no betting control) is returned as it is."""
    control = spec.facts
    if spec.label or not isinstance(control, BetControl):
        return spec
    template = PROMPTS.get(control.kind)
    prompt = _(template).format(low=spec.min_amount, high=spec.max_amount) if template else ""
    return dataclasses.replace(spec, label=_label(control), prompt=prompt)
