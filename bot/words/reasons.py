"""Why an action is refused: the sentence for each :class:`~engine.core.game.IllegalAction`
reason code, written from the code's data.

Reason codes are shared by every variant (a code means the same everywhere); a variant's
renderer module adds its own with :func:`reasons` when it is imported.

>>> from engine.core.game import IllegalAction
>>> reason_text(IllegalAction("no_such_seat"))
'No such seat.'
>>> reason_text(IllegalAction("Written by the engine."))
'Written by the engine.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.i18n import N_, _
from engine.core.game import IllegalAction

Reason = str | Callable[..., str]
"""A sentence: a ``str.format`` template over the data (English source, marked with ``N_``:
translated when shown), or a function of the data (that translates its own words)."""

_REASONS: dict[str, Reason] = {}


def reasons(table: Mapping[str, Reason]) -> None:
    """Add sentences for reason codes; a code already known must keep its sentence."""
    for code, sentence in table.items():
        known = _REASONS.setdefault(code, sentence)
        if known is not sentence and known != sentence:
            raise ValueError(f"reason {code!r} has two sentences")


def reason_text(exc: IllegalAction) -> str:
    """What a player reads when ``exc`` refuses their action."""
    from bot.words.registry import load_all  # the variants add their reasons when loaded

    load_all()
    sentence = _REASONS.get(exc.reason)
    if sentence is None:
        return exc.reason  # a sentence the engine wrote (a variant not converted yet)
    data: dict[str, Any] = exc.data
    return sentence(**data) if callable(sentence) else _(sentence).format(**data)


_SHORT = {
    "check": N_("You don't have enough credits to check."),
    "bet": N_("You don't have enough credits to bet."),
    "call": N_("You don't have enough credits to call."),
    "raise": N_("You don't have enough credits to raise."),
    "all_in": N_("You don't have enough credits to all in."),
    "fold": N_("You don't have enough credits to fold."),
}


def _short(kind: str) -> str:
    return _(_SHORT[kind])


def _below(kind: str, minimum: int) -> str:
    if kind == "bet":
        return _("The minimum you can bet is {minimum}.").format(minimum=minimum)
    return _("The minimum you can raise to is {minimum}.").format(minimum=minimum)


def _amount_missing(kind: str) -> str:
    if kind == "bet":
        return _("Say how much to bet.")
    if kind == "raise":
        return _("Say how much to raise.")
    return _("Say how much to {kind}.").format(kind=kind)


def _unknown(kind: str) -> str:
    return _("Unknown betting action {kind}.").format(kind=repr(kind))


reasons(  # the core's codes (engine.core.game, engine.core.betting): every variant shares them
    {
        "no_such_seat": N_("No such seat."),
        "whole_amount": N_("An amount must be a whole number of credits."),
        "stakes_unknown": N_("This game has no such ante."),
        "stakes_amount": N_("An ante must be a whole number of at least 0."),
        "bet_closed": N_("There is no betting going on right now."),
        "bet_not_yours": N_("It is not your turn to bet."),
        "bet_unknown": _unknown,
        "bet_amount_missing": _amount_missing,
        "bet_below_minimum": _below,
        "bet_over_stack": N_("You only have {stack} credits (at most {most})."),
        "bet_cannot_check": N_("You can't check: {owed} to call."),
        "bet_nothing_to_call": N_("There is nothing to call; check or bet."),
        "bet_already_open": N_("There is already a bet: call, raise or fold."),
        "bet_nothing_to_raise": N_("There is no bet to raise: bet instead."),
        "bet_nobody_to_answer": N_("Nobody left could answer a bet or raise: call, check or fold."),
        "bet_raise_limit": N_("The raise limit ({limit}) is reached."),
        "bet_short": _short,
    }
)
