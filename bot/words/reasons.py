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


reasons(
    {
        "no_such_seat": N_("No such seat."),
        "whole_amount": N_("An amount must be a whole number of credits."),
    }
)
