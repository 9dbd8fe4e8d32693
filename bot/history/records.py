"""What the economy commands show of the figures: amounts in the reader's numbers, ranked
board lines, and a member's record per variant (``/balance``, ``/leaderboard``, ``/stats``).
No I/O; the words are the reader's (or, for a public reply, the server's) language.
"""

from __future__ import annotations

from bot import words
from bot.history.views import variant_name
from bot.i18n import _, current, ngettext
from bot.storage import Row


def percent(part: int, whole: int) -> str:
    """`` (40%)`` of ``part`` in ``whole`` (nothing when ``whole`` is 0)."""
    return f" ({100 * part // whole}%)" if whole else ""


def signed(amount: int) -> str:
    """``+600``, ``−500`` (the same minus sign as "−500 lost" on the line), ``0``."""
    if not amount:
        return "0"
    return ("+" if amount > 0 else "−") + current().number(abs(amount))


def amount(value: int, unit: str) -> str:
    """``1,200 credits``, ``3 hands``, ``−40 credits``, ``90 pot``, ``5 points`` (the reader's
    numbers)."""
    shown = signed(value) if unit == "credits" and value < 0 else current().number(value)
    if unit == "credits":
        return ngettext("{n} credit", "{n} credits", abs(value)).format(n=shown)
    if unit == "hands":
        return ngettext("{n} hand", "{n} hands", value).format(n=shown)
    if unit == "points":
        return ngettext("{n} point", "{n} points", value).format(n=shown)
    return _("{n} pot").format(n=shown)


def ranked(top: list[tuple[int, int]], you: int, unit: str) -> list[str]:
    """``**1.** <@id> — 1,200 credits ← you`` lines; equal values share a rank (1, 2, 2, 4)."""
    lines = []
    for user_id, value in top:
        position = 1 + next(i for i, (_i, v) in enumerate(top) if v == value)
        mark = " ← " + _("you") if user_id == you else ""
        lines.append(f"**{position}.** <@{user_id}> — {amount(value, unit)}{mark}")
    return lines


def stats_footer(rows: list[Row]) -> str:
    """Every variant together: hands and games played and won, the favourite variant (most
    hands played); hands count as each one ends, games when they end."""
    if not rows:
        return _("No games played yet.")
    hands, hands_won = sum(r["hands_played"] for r in rows), sum(r["hands_won"] for r in rows)
    played, won = sum(r["games_played"] for r in rows), sum(r["games_won"] for r in rows)
    favourite = max(rows, key=lambda r: (r["hands_played"], r["games_played"]))
    parts = [
        _("All variants: {hands} hands, {won} won").format(hands=hands, won=hands_won)
        + percent(hands_won, hands),
        _("{played} games, {won} won").format(played=played, won=won) + percent(won, played),
    ]
    if len(rows) > 1:
        parts.append(_("favourite: {variant}").format(variant=variant_name(favourite["variant"])))
    return " · ".join(parts)


def stats_field(row: Row) -> tuple[str, str]:
    """``(name, value)`` of the embed field for one ``stats`` row (one variant)."""
    net = row["credits_won"] - row["credits_lost"]
    number = current().number
    lines = [
        _("Games: **{played}** played · **{won}** won").format(
            played=row["games_played"], won=row["games_won"]
        )
        + percent(row["games_won"], row["games_played"]),
        _("Hands: **{played}** played · **{won}** won").format(
            played=row["hands_played"], won=row["hands_won"]
        )
        + percent(row["hands_won"], row["hands_played"]),
        _("Credits: +{won} won · −{lost} lost (net **{net}**)").format(
            won=number(row["credits_won"]), lost=number(row["credits_lost"]), net=signed(net)
        ),
    ]
    if row["biggest_pot"]:
        lines.append(_("Biggest pot: **{amount}**").format(amount=number(row["biggest_pot"])))
    if row["best_hand"]:
        hand = words.hand_name(str(row["variant"]), str(row["best_hand"]))
        lines.append(_("Best hand: {hand}").format(hand=hand))
    return variant_name(row["variant"]), "\n".join(lines)
