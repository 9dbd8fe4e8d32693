"""SQL of hand history: table secrets, running and finished hands, their steps and players.

Every writer takes the caller's connection (inside the transaction of the action it belongs to);
readers take the :class:`~bot.storage.Database`. Plain SQL (no SQLite-only syntax) for portability.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.storage import Database, Params, Tx
from engine.record import RunningHand

FINISHED = "finished"
RUNNING = "running"


async def save_secret(conn: Tx, table_id: int, master: bytes) -> None:
    """Store a table's master secret."""
    await conn.execute(
        "INSERT INTO table_secrets (table_id, master) VALUES (?, ?)", (table_id, master.hex())
    )


CHUNK = 500  # ids per bulk read (well below every backend's limit of parameters)


async def secrets_of(db: Database, table_ids: list[int]) -> dict[int, bytes]:
    """The master secrets of some tables (one read per :data:`CHUNK` tables)."""
    found: dict[int, bytes] = {}
    for start in range(0, len(table_ids), CHUNK):
        chunk = table_ids[start : start + CHUNK]
        rows = await db.fetchall(
            "SELECT table_id, master FROM table_secrets"
            f" WHERE table_id IN ({', '.join('?' * len(chunk))})",
            chunk,
        )
        found.update((int(row["table_id"]), bytes.fromhex(row["master"])) for row in rows)
    return found


async def open_hand(
    conn: Tx,
    *,
    guild_id: int,
    table_id: int,
    variant: str,
    hand: RunningHand,
    commitment: str,
    at: float,
) -> int:
    """Insert a running hand with its first step; returns its id."""
    meta = hand.to_json()
    steps = meta.pop("steps")
    hand_id = int(
        await conn.fetchval(
            "INSERT INTO hands (guild_id, table_id, variant, hand_no, status, commitment, running,"
            " started_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (guild_id, table_id, variant, hand.hand_no, RUNNING, commitment, json.dumps(meta), at),
        )
    )
    for index, step in enumerate(steps):
        await add_step(conn, hand_id, index, step)
    return hand_id


def step_statement(hand_id: int, index: int, step: Any) -> tuple[str, tuple[Any, ...]]:
    """The statement appending one step of a running hand (for a group commit's batch)."""
    return (
        "INSERT INTO hand_steps (hand_id, idx, step) VALUES (?, ?, ?)",
        (hand_id, index, json.dumps(step)),
    )


def running_statement(hand_id: int, hand: RunningHand) -> tuple[str, tuple[Any, ...]]:
    """The statement saving the running facts of a hand (everything but its steps)."""
    meta = hand.to_json()
    del meta["steps"]
    return "UPDATE hands SET running = ? WHERE id = ?", (json.dumps(meta), hand_id)


async def add_step(conn: Tx, hand_id: int, index: int, step: Any) -> None:
    """Append one step of a running hand."""
    await conn.execute(*step_statement(hand_id, index, step))


async def update_running(conn: Tx, hand_id: int, hand: RunningHand) -> None:
    """Save the running facts of a hand (everything but its steps)."""
    await conn.execute(*running_statement(hand_id, hand))


async def finish_hand(
    conn: Tx,
    hand_id: int,
    record: dict[str, Any],
    *,
    summary: str,
    players: list[tuple[int, int, bool]],
    guild_id: int,
    at: float,
    also: Sequence[tuple[str, Params]] = (),
) -> None:
    """Close a hand: its seed and record, its players ``(user_id, seat, won)``; steps dropped;
    then the statements ``also`` (its statistics): all in one trip (``Tx.execute_all``)."""
    batch: list[tuple[str, list[Params]]] = [
        (
            "UPDATE hands SET status = ?, seed = ?, record = ?, running = NULL, pot = ?,"
            " summary = ?, ended_at = ? WHERE id = ?",
            [
                (
                    FINISHED,
                    record["seed"],
                    json.dumps(record),
                    int(record["result"]["pot"]),
                    summary,
                    at,
                    hand_id,
                )
            ],
        ),
        ("DELETE FROM hand_steps WHERE hand_id = ?", [(hand_id,)]),
        (
            "INSERT INTO hand_players (hand_id, guild_id, user_id, seat, won)"
            " VALUES (?, ?, ?, ?, ?)",
            [(hand_id, guild_id, user_id, seat, int(won)) for user_id, seat, won in players],
        ),
    ]
    batch += [(sql, [params]) for sql, params in also]
    await conn.execute_all(batch)


async def running_hand_ids(db: Database, table_ids: list[int]) -> dict[int, int]:
    """table id -> id of its running hand, for the given tables (one read)."""
    wanted = set(table_ids)
    rows = await db.fetchall(
        "SELECT id, table_id FROM hands WHERE status = ? ORDER BY id", (RUNNING,)
    )
    return {int(r["table_id"]): int(r["id"]) for r in rows if int(r["table_id"]) in wanted}


async def running_hand(db: Database | Tx, hand_id: int) -> RunningHand:
    """A running hand with its steps."""
    row = await db.fetchone("SELECT running FROM hands WHERE id = ?", (hand_id,))
    assert row is not None
    steps = await db.fetchall(
        "SELECT step FROM hand_steps WHERE hand_id = ? ORDER BY idx", (hand_id,)
    )
    return RunningHand.from_json(
        {**json.loads(row["running"]), "steps": [json.loads(s["step"]) for s in steps]}
    )


async def running_hands(db: Database, table_ids: list[int]) -> dict[int, tuple[int, RunningHand]]:
    """table id -> (hand id, running hand with its steps) of the given tables."""
    ids = await running_hand_ids(db, table_ids)
    return {table: (hand, await running_hand(db, hand)) for table, hand in ids.items()}


async def hand_row(db: Database, guild_id: int, hand_id: int) -> Any:
    """One hand of a guild (any status), or ``None``; ``table_status`` is its table's status
    (``None`` once the table row is gone), which decides whether its seed is revealed
    (:mod:`bot.history.sealing`)."""
    return await db.fetchone(
        "SELECT h.*, t.status AS table_status FROM hands h"
        " LEFT JOIN game_tables t ON t.id = h.table_id WHERE h.id = ? AND h.guild_id = ?",
        (hand_id, guild_id),
    )


async def table_hands(conn: Tx, table_id: int) -> list[Any]:
    """The finished hands of a table (``id``, ``hand_no``, ``seed``), in play order."""
    return list(
        await conn.fetchall(
            "SELECT id, hand_no, seed FROM hands WHERE table_id = ? AND status = ?"
            " ORDER BY hand_no",
            (table_id, FINISHED),
        )
    )


async def recent_hands(
    db: Database, guild_id: int, *, user_id: int | None = None, limit: int = 10
) -> list[Any]:
    """The newest finished hands of a guild (of one member when ``user_id`` is given)."""
    if user_id is None:
        return list(
            await db.fetchall(
                "SELECT * FROM hands WHERE guild_id = ? AND status = ? ORDER BY id DESC LIMIT ?",
                (guild_id, FINISHED, limit),
            )
        )
    return list(
        await db.fetchall(
            "SELECT h.* FROM hands h JOIN hand_players p ON p.hand_id = h.id"
            " WHERE p.guild_id = ? AND p.user_id = ? AND h.status = ? ORDER BY h.id DESC LIMIT ?",
            (guild_id, user_id, FINISHED, limit),
        )
    )


async def hand_seats(db: Database, hand_id: int) -> dict[int, int]:
    """user id -> seat of the members who played a finished hand."""
    rows = await db.fetchall("SELECT user_id, seat FROM hand_players WHERE hand_id = ?", (hand_id,))
    return {int(r["user_id"]): int(r["seat"]) for r in rows}


async def prune(conn: Tx, before: float) -> int:
    """Delete finished hands that ended before ``before``, and hands left unfinished by a table
    that closed without playing them out (cancelled) that started before it; a hand of an open
    table is never touched. Returns how many hands were deleted."""
    rows = await conn.fetchall(
        "SELECT id FROM hands WHERE (status = ? AND ended_at < ?) OR (status = ?"
        " AND started_at < ? AND table_id NOT IN"
        " (SELECT id FROM game_tables WHERE status IN ('lobby', 'playing')))",
        (FINISHED, before, RUNNING, before),
    )
    ids = [int(r[0]) for r in rows]
    for hand_id in ids:
        await conn.execute("DELETE FROM hand_players WHERE hand_id = ?", (hand_id,))
        await conn.execute("DELETE FROM hand_steps WHERE hand_id = ?", (hand_id,))
        await conn.execute("DELETE FROM hands WHERE id = ?", (hand_id,))
    return len(ids)
