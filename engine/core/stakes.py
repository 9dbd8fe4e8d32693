"""Changing a running game's stakes (its antes) at a hand boundary: the one mechanism every
variant shares (a tournament's rising antes use it).

A variant names the option fields that are a hand's stakes (``StateGame.STAKES``); its options
are a frozen dataclass kept in the state (and stored by the codec with it), and its next-hand
code reads them when a hand starts. So changing the stakes is replacing those fields of the
options: the hand being played keeps what it took, and the next hand takes the new antes.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Opts:
...     hand_ante: int = 2
...     sabacc_ante: int = 2
>>> changed(Opts(), ("hand_ante", "sabacc_ante"), {"hand_ante": 4, "sabacc_ante": 4})
Opts(hand_ante=4, sabacc_ante=4)
>>> changed(Opts(), ("hand_ante",), {"sabacc_ante": 4})
Traceback (most recent call last):
...
engine.core.game.IllegalAction: stakes_unknown
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from engine.core.facts import Fact
from engine.core.game import IllegalAction

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class StakesChanged(Fact):
    """The table's stakes change from its next hand on: ``stakes`` are ``(option, amount)``
    pairs in the variant's order (e.g. ``("hand_ante", 4), ("sabacc_ante", 4)``)."""

    stakes: tuple[tuple[str, int], ...]


def changed(options: T, names: tuple[str, ...], stakes: Mapping[str, int]) -> T:
    """``options`` with the stake fields ``stakes`` replaced; :class:`IllegalAction` for a name
    that is not one of ``names`` (``stakes_unknown``) or an amount that is not a whole number
    of at least 0 (``stakes_amount``)."""
    if not stakes or any(name not in names for name in stakes):
        raise IllegalAction("stakes_unknown")
    if any(type(amount) is not int or amount < 0 for amount in stakes.values()):
        raise IllegalAction("stakes_amount")
    values: dict[str, Any] = dict(stakes)
    return dataclasses.replace(options, **values)  # type: ignore[type-var]
