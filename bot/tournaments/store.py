"""The rows of tournaments (``tournaments``, ``tournament_entries``, ``tournament_guilds``;
migration V005). Every function runs inside the caller's transaction or on the database."""

from __future__ import annotations

from bot.storage import Database, Row, Tx
from bot.tables.store import now
from bot.tournaments.models import Entry, Seating, Stage, Tournament

OPEN = (Stage.REGISTERING.value, Stage.RUNNING.value)


async def insert(conn: Tx, tournament: Tournament) -> int:
    """Write a new tournament; its id. IntegrityError if its channel has an open one."""
    new_id = await conn.fetchval(
        "INSERT INTO tournaments (guild_id, channel_id, organizer_id, variant, status, buy_in,"
        " seats, table_size, chips, payouts, allow_bots, start_at, season, blinds, created_at,"
        " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        tournament.to_insert(now()),
    )
    assert new_id is not None
    return int(new_id)


async def set_stage(conn: Tx, tournament_id: int, stage: Stage) -> None:
    """The tournament's stage."""
    await conn.execute(
        "UPDATE tournaments SET status = ?, updated_at = ? WHERE id = ?",
        (stage.value, now(), tournament_id),
    )


async def set_seating(conn: Tx, tournament_id: int, seating: Seating) -> None:
    """Store a round's plan (and the stage: running; the start time with the first round)."""
    await conn.execute(
        "UPDATE tournaments SET seating = ?, status = ?, updated_at = ?,"
        " started_at = COALESCE(started_at, ?) WHERE id = ?",
        (seating.to_text(), Stage.RUNNING.value, now(), now(), tournament_id),
    )


async def raise_level(conn: Tx, tournament_id: int, level: int) -> None:
    """A table of the tournament reached antes ``level`` (it only grows)."""
    await conn.execute(
        "UPDATE tournaments SET level = ?, updated_at = ? WHERE id = ? AND level < ?",
        (level, now(), tournament_id, level),
    )


async def lock_in(conn: Tx, tournament_id: int) -> tuple[Stage, list[Entry]]:
    """Lock the tournament's row until the transaction ends (its tables' writes take turns)
    and read its stage and entries as stored."""
    status = await conn.fetchval(
        f"SELECT status FROM tournaments WHERE id = ?{conn.for_update}", (tournament_id,)
    )
    rows = await conn.fetchall(
        "SELECT * FROM tournament_entries WHERE tournament_id = ?", (tournament_id,)
    )
    return Stage(status), [Entry.from_row(r) for r in rows]


async def tables_of(db: Database | Tx, tournament_id: int) -> list[Row]:
    """Every table of a tournament (id, status, seats, state), oldest first."""
    return await db.fetchall(
        "SELECT id, status, seats, state FROM game_tables WHERE tournament_id = ? ORDER BY id",
        (tournament_id,),
    )


async def set_ids(db: Database, tournament: Tournament) -> None:
    """Remember its message and scheduled event."""
    await db.execute(
        "UPDATE tournaments SET message_id = ?, event_id = ?, updated_at = ? WHERE id = ?",
        (tournament.message_id, tournament.event_id, now(), tournament.id),
    )


async def add_entry(conn: Tx, tournament_id: int, entry: Entry) -> None:
    """Register ``entry``."""
    await conn.execute(
        "INSERT INTO tournament_entries (tournament_id, user_id, name, bot_style, joined)"
        " VALUES (?, ?, ?, ?, ?)",
        (tournament_id, entry.user_id, entry.name, entry.bot_style, entry.joined),
    )


async def remove_entry(conn: Tx, tournament_id: int, user_id: int) -> None:
    """Withdraw a registration."""
    await conn.execute(
        "DELETE FROM tournament_entries WHERE tournament_id = ? AND user_id = ?",
        (tournament_id, user_id),
    )


async def place_entry(conn: Tx, tournament_id: int, entry: Entry) -> None:
    """Store an entry's place, prize and points."""
    await conn.execute(
        "UPDATE tournament_entries SET place = ?, prize = ?, points = ?"
        " WHERE tournament_id = ? AND user_id = ?",
        (entry.place, entry.prize, entry.points, tournament_id, entry.user_id),
    )


async def load(db: Database | Tx, tournament_id: int) -> Tournament | None:
    """A tournament with its entries."""
    row = await db.fetchone("SELECT * FROM tournaments WHERE id = ?", (tournament_id,))
    if row is None:
        return None
    entries = await db.fetchall(
        "SELECT * FROM tournament_entries WHERE tournament_id = ?", (tournament_id,)
    )
    return Tournament.from_rows(row, entries)


async def open_ids(db: Database) -> list[int]:
    """Every registering or running tournament."""
    rows = await db.fetchall("SELECT id FROM tournaments WHERE status IN (?, ?) ORDER BY id", OPEN)
    return [int(r["id"]) for r in rows]


async def guild_settings(db: Database | Tx, guild_id: int) -> tuple[bool, int]:
    """``(members may create tournaments, current season)`` of a server."""
    row = await db.fetchone(
        "SELECT members_create, season FROM tournament_guilds WHERE guild_id = ?", (guild_id,)
    )
    return (False, 1) if row is None else (bool(row["members_create"]), int(row["season"]))


async def save_guild_settings(conn: Tx, guild_id: int, members_create: bool, season: int) -> None:
    """Store a server's tournament settings."""
    await conn.execute(
        "INSERT INTO tournament_guilds (guild_id, members_create, season) VALUES (?, ?, ?)"
        " ON CONFLICT (guild_id) DO UPDATE SET members_create = excluded.members_create,"
        " season = excluded.season",
        (guild_id, int(members_create), season),
    )


async def season_board(
    db: Database, guild_id: int, season: int, limit: int = 10
) -> list[tuple[int, int]]:
    """``(user_id, points)`` of a season's best players (members only), most points first."""
    rows = await db.fetchall(
        "SELECT e.user_id, SUM(e.points) AS total FROM tournament_entries e"
        " JOIN tournaments t ON t.id = e.tournament_id"
        " WHERE t.guild_id = ? AND t.season = ? AND t.status = ? AND e.bot_style IS NULL"
        " GROUP BY e.user_id ORDER BY total DESC, e.user_id LIMIT ?",
        (guild_id, season, Stage.FINISHED.value, limit),
    )
    return [(int(r[0]), int(r[1])) for r in rows]
