"""Card helpers and the hand-evaluation shape the two-pot variants share, written once.

* :func:`signed` and :func:`describe`: how Classic, Centran and Project print a value
  (``+7``, ``−7`` with a real minus sign, ``0``) and a list of cards (``no cards`` when empty);
* :class:`RankedEval`: the evaluation shape of Classic (§5.2) and Project (§5.1): a total, a
  category, and a ``rank_key`` where lower is better and ``None`` means a bomb-out; an Idiot's
  Array or a Pure Sabacc may take the Sabacc pot (Classic CL-11, Project SP-19). Each variant
  subclasses it with its own categories, labels and vector JSON, and the top of its statistics
  score (:attr:`RankedEval.TOP`), since the categories differ by spec.

>>> signed(7), signed(-7), signed(0)
('+7', '−7', '0')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar, Generic, Protocol, TypeVar

from engine.core.facts import Fact

__all__ = ["RankedEval", "describe", "signed"]

#: The category values (the vectors' strings) whose winners may take the Sabacc pot.
SABACC_POT_CATEGORIES = ("idiots_array", "pure_sabacc")


class _Named(Protocol):
    @property
    def name(self) -> str: ...


Cat = TypeVar("Cat", bound=StrEnum)


def signed(value: int) -> str:
    """``+7``, ``−7`` (typographic minus) or ``0``."""
    return f"+{value}" if value > 0 else ("−" + str(-value) if value < 0 else "0")


def minus(value: int) -> str:
    """``7``, ``−7``: a number with a typographic minus and no plus sign.

    >>> minus(-11), minus(7)
    ('−11', '7')
    """
    return str(value).replace("-", "−")


def describe(cards: Sequence[_Named]) -> str:
    """Readable list of card names (``no cards`` when empty)."""
    return ", ".join(card.name for card in cards) if cards else "no cards"


@dataclass(frozen=True, slots=True)
class RankedEval(Fact, Generic[Cat]):
    """One hand's evaluation; ``rank_key`` is ``None`` for a bomb-out, lower keys are better.

    Subclasses set :attr:`TOP` and add ``to_json``.
    """

    #: The statistics score of the best key ``(0, 0, 0)``.
    TOP: ClassVar[int] = 400

    total: int
    category: Cat
    rank_key: tuple[int, int, int] | None

    @property
    def label(self) -> str:
        """The hand's typed key, ``category:total`` (``nulhrek:22``): what the seat records keep
        as the best hand (the bot's renderer names it)."""
        return f"{self.category.value}:{self.total}"

    @property
    def bombed(self) -> bool:
        """True for a bomb-out (the hand has no rank)."""
        return self.rank_key is None

    @property
    def takes_sabacc_pot(self) -> bool:
        """An Idiot's Array or a Pure Sabacc may take the Sabacc pot."""
        return self.category in SABACC_POT_CATEGORIES

    @property
    def score(self) -> int:
        """Higher is better (statistics): 0 for a bomb-out, up to :attr:`TOP`."""
        if self.rank_key is None:
            return 0
        tier, distance, sign = self.rank_key
        return self.TOP - 100 * tier - 2 * distance - sign
