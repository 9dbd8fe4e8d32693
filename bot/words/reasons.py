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

from engine.core.game import IllegalAction

Reason = str | Callable[..., str]
"""A sentence: a ``str.format`` template over the data, or a function of the data."""

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
    return sentence(**data) if callable(sentence) else sentence.format(**data)


def _short(kind: str) -> str:
    return f"You don't have enough credits to {kind.replace('_', ' ')}."


def _below(kind: str, minimum: int) -> str:
    return f"The minimum you can {'bet' if kind == 'bet' else 'raise to'} is {minimum}."


reasons(  # the core's codes (engine.core.game, engine.core.betting): every variant shares them
    {
        "no_such_seat": "No such seat.",
        "whole_amount": "An amount must be a whole number of credits.",
        "stakes_unknown": "This game has no such ante.",
        "stakes_amount": "An ante must be a whole number of at least 0.",
        "bet_closed": "There is no betting going on right now.",
        "bet_not_yours": "It is not your turn to bet.",
        "bet_unknown": lambda kind: f"Unknown betting action {kind!r}.",
        "bet_amount_missing": "Say how much to {kind}.",
        "bet_below_minimum": _below,
        "bet_over_stack": "You only have {stack} credits (at most {most}).",
        "bet_cannot_check": "You can't check: {owed} to call.",
        "bet_nothing_to_call": "There is nothing to call; check or bet.",
        "bet_already_open": "There is already a bet: call, raise or fold.",
        "bet_nothing_to_raise": "There is no bet to raise: bet instead.",
        "bet_nobody_to_answer": "Nobody left could answer a bet or raise: call, check or fold.",
        "bet_raise_limit": "The raise limit ({limit}) is reached.",
        "bet_short": _short,
    }
)
