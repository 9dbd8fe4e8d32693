"""Undo for table changes: what an action may change in memory, restored when it fails.

A change of a table runs in :func:`restored_on_failure` (everything an action may change,
snapshotted first) or :func:`undone_on_failure` (a lobby's seat list, a sit-out: undone by
hand); when anything in the block fails or is cancelled (the engine refuses, the write is
refused), memory is put back before the failure goes on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
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
        """What ``table`` holds now of what an action may change."""
        game = table.game.to_json() if table.game is not None else None
        return cls(
            game,
            table.status,
            tuple(table.log),
            dict(table.strikes),
            tuple(table.left_seats.items()),
        )

    def restore(self, table: Table) -> None:
        """Put ``table`` back as it was when snapshotted."""
        table.game = table.variant.restore(self.game) if self.game is not None else None
        table.view_version += 1  # the cached public view is of the undone state
        table.status = self.status
        table.log.clear()
        table.log.extend(self.log)
        table.strikes = dict(self.strikes)
        table.left_seats = dict(self.left_seats)


@contextmanager
def undone_on_failure(undo: Callable[[], object]) -> Iterator[None]:
    """Run ``undo`` if the block fails or is cancelled, then let the failure go on."""
    try:
        yield
    except BaseException:
        undo()
        raise


@contextmanager
def restored_on_failure(table: Table) -> Iterator[Snapshot]:
    """Snapshot ``table`` (given to the block) and restore it if the block fails."""
    saved = Snapshot.of(table)
    with undone_on_failure(lambda: saved.restore(table)):
        yield saved


def may_act(game: Game, seat: int, kind: str) -> bool:
    """Whether ``seat`` may take an action of ``kind`` now: on its turn, or an out-of-turn action
    the rules allow (listed by ``legal_actions`` for a seat that is not pending)."""
    if seat in game.pending_seats():
        return True
    return any(spec.kind == kind for spec in game.legal_actions(seat))
