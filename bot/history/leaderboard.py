"""Reading the per-variant statistics: a member's record (:func:`member_stats`) and the
leaderboards: net winnings, hands won, best win (per server, optionally for one variant). The
balance board stays the bank's (:meth:`bot.bank.Bank.leaderboard`).
"""

from __future__ import annotations

from bot.i18n import N_
from bot.storage import Database, Row

# by -> (title: English source, translated where shown; SQL aggregate over a member's rows)
BOARDS: dict[str, tuple[str, str]] = {
    "net": (N_("Net winnings"), "SUM(credits_won - credits_lost)"),
    "hands": (N_("Hands won"), "SUM(hands_won)"),
    "best": (N_("Best win"), "MAX(biggest_pot)"),
}
UNITS = {"net": "credits", "hands": "hands", "best": "pot"}
STATS_COLUMNS = (
    "variant, games_played, games_won, hands_played, hands_won, credits_won, credits_lost,"
    " best_hand, biggest_pot"
)


def _where(variant: str | None) -> tuple[str, tuple[str, ...]]:
    return (" AND variant = ?", (variant,)) if variant is not None else ("", ())


async def top(
    db: Database, guild_id: int, by: str, variant: str | None, *, limit: int = 10
) -> list[tuple[int, int]]:
    """``(user_id, value)`` of the ``limit`` best members of a board, best first (equal values
    by user id); members without statistics are not listed."""
    aggregate = BOARDS[by][1]
    where, extra = _where(variant)
    rows = await db.fetchall(
        f"SELECT user_id, {aggregate} AS value FROM stats WHERE guild_id = ? AND user_id != 0"
        f"{where} GROUP BY user_id ORDER BY value DESC, user_id LIMIT ?",
        (guild_id, *extra, limit),
    )
    return [(int(r["user_id"]), int(r["value"] or 0)) for r in rows]


async def standing(
    db: Database, guild_id: int, user_id: int, by: str, variant: str | None
) -> tuple[int, int] | None:
    """``(rank, value)`` of one member on a board (equal values share a rank); ``None`` when
    they have no statistics there."""
    aggregate = BOARDS[by][1]
    where, extra = _where(variant)
    mine = await db.fetchone(
        f"SELECT {aggregate} AS value, COUNT(*) AS n FROM stats"
        f" WHERE guild_id = ? AND user_id = ?{where}",
        (guild_id, user_id, *extra),
    )
    if mine is None or not mine["n"]:
        return None
    value = int(mine["value"] or 0)
    above = await db.fetchone(
        f"SELECT COUNT(*) AS n FROM (SELECT user_id, {aggregate} AS value FROM stats"
        f" WHERE guild_id = ? AND user_id != 0{where} GROUP BY user_id) AS board"
        " WHERE value > ?",
        (guild_id, *extra, value),
    )
    return (1 + int(above["n"] if above is not None else 0)), value


async def member_stats(db: Database, guild_id: int, user_id: int) -> list[Row] | None:
    """A member's statistics, one row per variant they played (most games first); ``None``
    when the database has no statistics table."""
    if not await db.table_exists("stats"):
        return None
    return await db.fetchall(
        f"SELECT {STATS_COLUMNS} FROM stats WHERE guild_id = ? AND user_id = ?"
        " ORDER BY games_played DESC, variant",
        (guild_id, user_id),
    )
