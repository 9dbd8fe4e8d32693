"""A tournament's rising antes (pure): the schedule an admin gives (``every 5 hands x2``,
``every 10 min x3``), parsed and checked, and the antes of each level.

Level 0 is the variant's own antes; every level multiplies each ante by the schedule's
factor. A level lasts ``every`` hands at a table (each table counts its own hands; a table
opened later starts at the tournament's level) or ``every`` minutes of the tournament (a table
jumps to the level of the time played). The antes stop rising at the last level whose ante
options add up to at most a :data:`MAX_SHARE`-th of a starting stack, so the antes never
outgrow the stacks.

>>> s = parse_schedule("every 5 hands x2")
>>> s.every, s.unit, s.factor
(5, 'hands', 2)
>>> s.stakes({"hand_ante": 2, "sabacc_ante": 2}, 3)
{'hand_ante': 16, 'sabacc_ante': 16}
>>> s.top_level({"hand_ante": 2, "sabacc_ante": 2}, chips=500)
4
>>> Schedule.from_text(s.to_text()) == s
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass

from bot.errors import TableError
from bot.i18n import N_, _, ngettext

HANDS, MINUTES = "hands", "minutes"
UNITS = {HANDS: N_("hands"), MINUTES: N_("minutes")}
MAX_SHARE = 4
"""The ante options never add up to more than a quarter of a starting stack."""
FACTORS = range(2, 5)
"""How much each level multiplies the antes by."""

_SCHEDULE = re.compile(
    r"(?:every\s+)?(?P<every>\d+)\s*(?P<unit>hands?|h|minutes?|mins?|m)"
    r"(?:\s*[x×*]\s*(?P<factor>\d+))?",
    re.IGNORECASE,
)
HOW = N_("Say how the antes rise, e.g. `every 5 hands x2` or `every 10 min x2` (x2 to x4).")


@dataclass(frozen=True, slots=True)
class Schedule:
    """Antes rise every ``every`` hands (per table) or minutes, times ``factor`` each level."""

    every: int
    unit: str
    factor: int = 2

    def to_text(self) -> str:
        """The ``tournaments.blinds`` column."""
        return json.dumps({"every": self.every, "unit": self.unit, "factor": self.factor})

    @classmethod
    def from_text(cls, text: str) -> Schedule:
        """A schedule from its column."""
        data = json.loads(text)
        return cls(int(data["every"]), str(data["unit"]), int(data["factor"]))

    def stakes(self, base: Mapping[str, int], level: int) -> dict[str, int]:
        """The antes of ``level`` from the variant's own (``base``, level 0)."""
        return {name: amount * self.factor**level for name, amount in base.items()}

    def top_level(self, base: Mapping[str, int], chips: int) -> int:
        """The last level whose ante options add up to at most ``chips / MAX_SHARE``."""
        level = 0
        while 0 < sum(self.stakes(base, level + 1).values()) * MAX_SHARE <= chips:
            level += 1
        return level

    def level_of(self, base: Mapping[str, int], stakes: Mapping[str, int]) -> int:
        """The level whose antes are ``stakes`` (the highest not above them)."""
        level = 0
        while sum(base.values()) and all(
            amount <= stakes.get(name, 0) for name, amount in self.stakes(base, level + 1).items()
        ):
            level += 1
        return level

    def describe(self) -> str:
        """``every 5 hands ×2`` for the tournament message."""
        if self.unit == HANDS:
            text = ngettext("every {n} hands ×{factor}", "every {n} hands ×{factor}", self.every)
        else:
            text = ngettext(
                "every {n} minutes ×{factor}", "every {n} minutes ×{factor}", self.every
            )
        return text.format(n=self.every, factor=self.factor)


def parse_schedule(text: str) -> Schedule:
    """``every 5 hands x2``, ``10 min x3``, ``every 3 hands`` (×2): a :class:`Schedule`; a clear
    :class:`~bot.errors.TableError` for anything else."""
    match = _SCHEDULE.fullmatch(text.strip())
    if match is None:
        raise TableError(_(HOW))
    every = int(match["every"])
    unit = HANDS if match["unit"].lower().startswith("h") else MINUTES
    factor = int(match["factor"] or 2)
    if not 1 <= every <= (100 if unit == HANDS else 240):
        raise TableError(
            _(
                "Antes may rise every 1 to 100 hands or every 1 to 240 minutes, not every {n} "
                "{unit}."
            ).format(n=every, unit=_(UNITS[unit]))
        )
    if factor not in FACTORS:
        raise TableError(
            _("Each rise multiplies the antes by 2 to 4, not {factor}.").format(factor=factor)
        )
    return Schedule(every, unit, factor)
