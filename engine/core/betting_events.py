"""The public record of a betting action, shared by every variant that bets through
:mod:`engine.core.betting`.

:class:`BetMade` is the one event a betting action (or a fold out of turn) produces; variants build
it from the :class:`~engine.core.betting.BetResult` with :meth:`BetMade.from_result`, naming seats
with their own player labels.

>>> from engine.core.betting import Betting
>>> b = Betting(2, [10, 4])
>>> b.start_hand([0, 1]); b.start_phase(0)
True
>>> BetMade.from_result(b.act(0, "bet", 6), ["Ann", "Bo"]).public_text()
'Ann bets 6.'
>>> BetMade.from_result(b.act(1, "call"), ["Ann", "Bo"]).public_text()
'Bo calls 4 (all-in). 2 uncalled credits go back to Ann.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.betting import BetKind, BetResult


@dataclass(frozen=True, slots=True)
class BetMade:
    """A betting action: ``kind`` as chosen, ``effect`` what it amounted to (an all-in is a bet,
    a raise or a call), ``paid`` the credits it put in, ``commit`` the seat's phase commitment
    afterwards. When it ended the phase with an uncalled excess, ``returned`` credits went back to
    ``returned_to``."""

    player: str
    kind: str
    effect: str
    paid: int
    commit: int
    all_in: bool
    returned: int = 0
    returned_to: str = ""

    @classmethod
    def from_result(cls, result: BetResult, names: Sequence[str]) -> BetMade:
        """The event of ``result``; ``names[seat]`` is how the log names a seat."""
        back_to = "" if result.returned_to is None else names[result.returned_to]
        return cls(
            names[result.seat],
            result.kind.value,
            result.effect.value,
            result.paid,
            result.commit,
            result.all_in,
            result.returned,
            back_to,
        )

    def public_text(self) -> str:
        """Log line."""
        tail = " (all-in)" if self.all_in else ""
        if self.effect == BetKind.FOLD:
            text = f"{self.player} folds."
        elif self.effect == BetKind.CHECK:
            text = f"{self.player} checks."
        elif self.effect == BetKind.CALL:
            text = f"{self.player} calls {self.paid}{tail}."
        elif self.effect == BetKind.BET:
            text = f"{self.player} bets {self.commit}{tail}."
        else:
            text = f"{self.player} raises to {self.commit}{tail}."
        if self.returned:
            text += f" {self.returned} uncalled credits go back to {self.returned_to}."
        return text
