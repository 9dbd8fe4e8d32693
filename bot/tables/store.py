"""SQL for tables: create, save (inside the caller's transaction), load the open ones, stats.

Portable SQL for both storage backends (see :mod:`bot.storage`)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

import discord

from bot.errors import TableError
from bot.i18n import N_
from bot.storage import Database, Params, Row, Tx
from bot.tables.models import Status, Table
from engine.core.game import Action, SeatStats

Statement = tuple[str, Params]


def now() -> float:
    """Wall-clock seconds (discord.py's clock, so a simulated Discord can move it)."""
    return discord.utils.utcnow().timestamp()


async def insert_table(conn: Tx, table: Table) -> int:
    """Insert a new lobby row and return its id. Raises IntegrityError if the channel is busy."""
    row = table.to_row()
    new_id = await conn.fetchval(
        "INSERT INTO game_tables (guild_id, channel_id, variant, host_id, status, buy_in,"
        " options, seats, turn_timeout, created_at, updated_at, tournament_id)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (
            table.guild_id,
            table.channel_id,
            table.variant.id,
            table.host_id,
            row["status"],
            table.buy_in,
            row["options"],
            row["seats"],
            table.turn_timeout,
            now(),
            now(),
            table.tournament_id,
        ),
    )
    assert new_id is not None
    return int(new_id)


class LeaseLost(TableError):
    """Another process drives this table now (this one's lease ran out); nothing was written."""

    def __init__(self) -> None:
        super().__init__(N_("This table is now run by another bot process: try again in a moment."))


FENCE_CHUNK = 512  # table ids per fencing query (SQLite allows 32 766 parameters)


async def held_leases(conn: Tx, token: str, table_ids: Sequence[int]) -> set[int]:
    """Of ``table_ids``, the tables whose lease ``token`` still holds, in one query per
    :data:`FENCE_CHUNK` ids; their lease rows stay locked until the transaction ends, so nobody
    takes those tables over meanwhile (a whole group-commit batch, :mod:`bot.tables.commits`).

    The id list is padded to a power of two (repeating its last id), so the statement has few
    distinct texts for the backends' statement caches."""
    held: set[int] = set()
    for start in range(0, len(table_ids), FENCE_CHUNK):
        chunk = list(table_ids[start : start + FENCE_CHUNK])
        size = 1 << (len(chunk) - 1).bit_length()
        chunk += chunk[-1:] * (size - len(chunk))
        rows = await conn.fetchall(
            "UPDATE table_leases SET token = token WHERE token = ? AND table_id IN"
            f" ({', '.join('?' * size)}) RETURNING table_id",
            (token, *chunk),
        )
        held.update(int(row[0]) for row in rows)
    return held


LOG_ACTION = (
    "INSERT INTO table_actions (table_id, seq, seat, action, source, at) VALUES (?,?,?,?,?,?)"
)


def action_row(table: Table, seat: int, action: Action, source: str) -> tuple[Any, ...]:
    """The ``table_actions`` row of one accepted action."""
    assert table.game is not None
    return (table.id, table.game.seq, seat, json.dumps(action.to_json()), source, now())


#: Columns an action changes (nearly) every time: written by every action, never compared.
ACTION_COLUMNS = frozenset({"state", "seq", "log"})


class RowWrite:
    """The plain statements of one write of ``table`` for :mod:`bot.tables.commits`: the
    action-log rows of its accepted ``actions`` (seat, action, source), the game's state,
    sequence number and public log, and only those other columns that changed since the table's
    last write (all of them when that is not known); :attr:`lease` fences it by the table's
    lease. :meth:`committed` records what the database now holds."""

    def __init__(self, table: Table, actions: Sequence[tuple[int, Action, str]]) -> None:
        self.table, self.actions = table, actions
        self.row: dict[str, Any] = {}

    def statements(self) -> list[Statement]:
        """Computed when the batch is written (after any settlement changed the status)."""
        table = self.table
        row = table.to_row()
        self.row = {k: _digest(v) for k, v in row.items() if k not in ACTION_COLUMNS}
        saved = table.saved_row or {}
        changed = {
            k: v
            for k, v in row.items()
            if k in ACTION_COLUMNS or k not in saved or saved[k] != self.row[k]
        }
        columns = "".join(f"{name} = :{name}, " for name in changed)
        update = f"UPDATE game_tables SET {columns}updated_at = :updated_at WHERE id = :id"
        logged: list[Statement] = [
            (LOG_ACTION, action_row(table, seat, action, source))
            for seat, action, source in self.actions
        ]
        return [*logged, (update, {**changed, "updated_at": now(), "id": table.id})]

    @property
    def lease(self) -> tuple[int, str] | None:
        """``(table id, token)`` the write is fenced by (``None``: the table is unchecked)."""
        token = self.table.lease
        return None if token is None else (self.table.id, token)

    def committed(self) -> None:
        """The batch is committed: the database holds :attr:`row`."""
        self.table.saved_row = self.row


def _digest(value: Any) -> Any:
    """A column value as remembered to notice changes: long text (the seats) by its 128-bit
    BLAKE2 digest, so an idle table keeps no second copy of it."""
    if isinstance(value, str) and len(value) > 64:
        return hashlib.blake2b(value.encode(), digest_size=16).digest()
    return value


OPEN = (Status.LOBBY.value, Status.PLAYING.value)


async def open_table_rows(db: Database | Tx) -> list[Row]:
    """Every lobby or running table."""
    return await db.fetchall("SELECT * FROM game_tables WHERE status IN (?, ?) ORDER BY id", OPEN)


async def open_prize_pools(db: Database | Tx) -> set[int]:
    """The escrow ids of the prize pools of open tournaments (a pool is held under
    -(tournament id), :mod:`bot.tournaments`)."""
    rows = await db.fetchall(
        "SELECT id FROM tournaments WHERE status IN ('registering', 'running')"
    )
    return {-int(row["id"]) for row in rows}


async def open_table_row(db: Database | Tx, table_id: int) -> Row | None:
    """The row of one table if it is a lobby or running."""
    return await db.fetchone(
        "SELECT * FROM game_tables WHERE id = ? AND status IN (?, ?)", (table_id, *OPEN)
    )


async def close_table(conn: Tx, table_id: int, status: Status) -> None:
    """Mark a table row finished or cancelled (its channel becomes free)."""
    await conn.execute(
        "UPDATE game_tables SET status = ?, updated_at = ? WHERE id = ?",
        (status.value, now(), table_id),
    )


async def record_stats(
    conn: Tx,
    *,
    guild_id: int,
    user_id: int,
    variant: str,
    stats: SeatStats,
    net: int,
    won_game: bool,
) -> None:
    """Add one finished game of one player to ``stats`` (best hand and biggest pot kept as max)."""
    await conn.execute(
        "INSERT INTO stats (guild_id, user_id, variant) VALUES (?, ?, ?)"
        " ON CONFLICT (guild_id, user_id, variant) DO NOTHING",
        (guild_id, user_id, variant),
    )
    await conn.execute(
        "UPDATE stats SET games_played = games_played + 1, games_won = games_won + ?,"
        " hands_played = hands_played + ?, hands_won = hands_won + ?,"
        " credits_won = credits_won + ?, credits_lost = credits_lost + ?,"
        " best_hand = CASE WHEN ? > best_hand_score OR best_hand = '' THEN ? ELSE best_hand END,"
        " best_hand_score = CASE WHEN ? > best_hand_score THEN ? ELSE best_hand_score END,"
        " biggest_pot = CASE WHEN ? > biggest_pot THEN ? ELSE biggest_pot END"
        " WHERE guild_id = ? AND user_id = ? AND variant = ?",
        (
            int(won_game),
            stats.hands_played,
            stats.hands_won,
            max(net, 0),
            max(-net, 0),
            stats.best_hand_score,
            stats.best_hand,
            stats.best_hand_score,
            stats.best_hand_score,
            stats.biggest_pot,
            stats.biggest_pot,
            guild_id,
            user_id,
            variant,
        ),
    )
