"""The public record of a betting action, shared by every variant that bets through
:mod:`engine.core.betting`, and of a pot paid out in shares.

:class:`BetMade` is the one event a betting action (or a fold out of turn) produces; variants build
it from the :class:`~engine.core.betting.BetResult` with :meth:`BetMade.from_result`, naming seats
with their own player labels. It is a fact: the bot writes its line (``bot/words/betting.py``).
:class:`PotAwarded` is a hand-pot layer paid out in shares (Corellian Spike, Coruscant Shift).

>>> from engine.core.betting import Betting
>>> b = Betting(2, [10, 4])
>>> b.start_hand([0, 1]); b.start_phase(0)
True
>>> bet = BetMade.from_result(b.act(0, "bet", 6), ["Ann", "Bo"])
>>> bet.player, bet.effect, bet.commit
('Ann', 'bet', 6)
>>> call = BetMade.from_result(b.act(1, "call"), ["Ann", "Bo"])
>>> call.paid, call.all_in, call.returned, call.returned_to
(4, True, 2, 'Ann')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.betting import BetResult
from engine.core.facts import Fact


@dataclass(frozen=True, slots=True)
class BetMade(Fact):
    """A betting action: ``kind`` as chosen, ``effect`` what it amounted to (an all-in is a bet,
    a raise or a call), ``paid`` the credits it put in, ``commit`` the seat's phase commitment
    afterwards. When it ended the phase with an uncalled excess, ``returned`` credits went back to
    ``returned_to``. ``kind`` and ``effect`` are :class:`~engine.core.betting.BetKind` values."""

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
            str(result.kind),  # (a str enum's value: str() is C, .value a Python property)
            str(result.effect),
            result.paid,
            result.commit,
            result.all_in,
            result.returned,
            back_to,
        )


@dataclass(frozen=True, slots=True)
class PotAwarded(Fact):
    """Pot ``index`` of ``count`` (0 the main pot) paid at the showdown: every winner with their
    share (several shares: a split pot)."""

    index: int
    count: int
    amount: int
    shares: tuple[tuple[str, int], ...]

    def won_by(self) -> tuple[str, ...]:
        """Everyone with a share of the pot."""
        return tuple(p for p, _ in self.shares)

    def pot_paid(self) -> int:
        """The pot paid out."""
        return self.amount
