"""Per-hand statistics: each finished hand counts for its players when it ends."""

from __future__ import annotations

from typing import Any


def hand_statements(
    *,
    guild_id: int,
    user_id: int,
    variant: str,
    won: bool,
    best_hand: tuple[str, int] | None,
    pot: int,
) -> list[tuple[str, tuple[Any, ...]]]:
    """The statements adding one finished hand of one member: played (and won), a better best
    hand, a bigger pot won (run inside the transaction of the action that ended the hand)."""
    label, score = best_hand if best_hand is not None else ("", 0)
    better = best_hand is not None
    return [
        (
            "INSERT INTO stats (guild_id, user_id, variant) VALUES (?, ?, ?)"
            " ON CONFLICT (guild_id, user_id, variant) DO NOTHING",
            (guild_id, user_id, variant),
        ),
        (
            "UPDATE stats SET hands_played = hands_played + 1, hands_won = hands_won + ?,"
            " best_hand = CASE WHEN ? AND (? > best_hand_score OR best_hand = '')"
            " THEN ? ELSE best_hand END,"
            " best_hand_score = CASE WHEN ? AND (? > best_hand_score OR best_hand = '')"
            " THEN ? ELSE best_hand_score END,"
            " biggest_pot = CASE WHEN ? > biggest_pot THEN ? ELSE biggest_pot END"
            " WHERE guild_id = ? AND user_id = ? AND variant = ?",
            (
                int(won),
                better,
                score,
                label,
                better,
                score,
                score,
                pot,
                pot,
                guild_id,
                user_id,
                variant,
            ),
        ),
    ]
