"""Undo for table changes: what an action may change in memory, restored when it fails."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.tables.models import Status, Table
from engine.core.game import Game


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What an action may change in memory, to undo it when it fails or is illegal."""

    game: dict[str, Any] | None
    status: Status
    log: tuple[str, ...]
    strikes: dict[int, int]
    left_seats: tuple[tuple[int, int], ...]

    @classmethod
    def of(cls, table: Table) -> Snapshot:
        game = table.game.to_json() if table.game is not None else None
        return cls(
            game,
            table.status,
            tuple(table.log),
            dict(table.strikes),
            tuple(table.left_seats.items()),
        )

    def restore(self, table: Table) -> None:
        table.game = table.variant.restore(self.game) if self.game is not None else None
        table.status = self.status
        table.log.clear()
        table.log.extend(self.log)
        table.strikes = dict(self.strikes)
        table.left_seats = dict(self.left_seats)


def may_act(game: Game, seat: int, kind: str) -> bool:
    """Whether ``seat`` may take an action of ``kind`` now: on its turn, or an out-of-turn action
    the rules allow (listed by ``legal_actions`` for a seat that is not pending)."""
    if seat in game.pending_seats():
        return True
    return any(spec.kind == kind for spec in game.legal_actions(seat))
