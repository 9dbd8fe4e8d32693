"""When a finished hand's seed is revealed: when its table closes, or in a daily batch.

A hand's seed rebuilds every card of the hand, the hands of players who folded too: revealed
while those players still sit at the table, it shows how they play. So a finished hand's seed
stays sealed while its table is open (lobby or playing), and is revealed

* when the table closes (the game ends, or the table is closed or deleted), all its hands at
  once: the result of the game's last hand lists them (:func:`closing_lines`);
* for a table open longer than a day, in a daily batch at 00:00 UTC: every hand that had ended
  more than a day before (:func:`batch_time`), the way card rooms that published their shuffle
  seeds did it.

Nothing is written when a seed is revealed: whether a hand is sealed follows from its table's
status and the time it ended (:func:`sealed_until`), read with the hand (``table_status``, see
:func:`bot.history.store.hand_row`). The commitment of every hand is still shown before its deal.

>>> DAY == 86400.0 and batch_time(DAY * 10 + 5) == DAY * 12  # ended on day 10: revealed at day 12
True
>>> sealed_until({"status": "finished", "table_status": "playing", "ended_at": 50.0}, now=60.0)
172800.0
>>> sealed_until({"status": "finished", "table_status": "finished", "ended_at": 50.0}, now=60.0)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import _

DAY = 86400.0
OPEN = ("lobby", "playing")  # a table in one of these statuses is open
LISTED = 6  # seeds listed one by one in the closing result (the rest: /verify)


def batch_time(ended_at: float) -> float:
    """When the daily batch reveals a hand that ended at ``ended_at`` (its table still open):
    the first 00:00 UTC at which it has been over for more than a day."""
    return (math.floor(ended_at / DAY) + 2) * DAY


def sealed_until(row: Mapping[str, Any], *, now: float) -> float | None:
    """``None`` when the finished hand ``row`` (with its ``table_status``) may be verified and
    exported, else when its seed will be revealed at the latest (the table may close sooner)."""
    if row["table_status"] not in OPEN or row["ended_at"] is None:
        return None
    due = batch_time(float(row["ended_at"]))
    return None if now >= due else due


def when(due: float) -> str:
    """A time as Discord shows it to each reader: their own date and time, and how far away."""
    return f"<t:{int(due)}:f> (<t:{int(due)}:R>)"


def sealed_text(hand_id: int, due: float) -> str:
    """Why a finished hand cannot be verified or exported yet, and when it can."""
    return _(
        "Hand #{id} is over, but its seed stays sealed while its table is open: it would "
        "rebuild the cards of players who folded and still sit there. It is revealed when the "
        "table closes, or at the latest {when} in the daily batch of hands that ended more "
        "than a day ago. Then `/verify hand:{id}` and `/export hand:{id}` work."
    ).format(id=hand_id, when=when(due))


def hand_line(word: str, hand_no: int, hand_id: int) -> str:
    """The result of a hand at an open table: where to check it later (no seed)."""
    return "🔐 " + _(
        "{hand_word} {n}'s seed stays sealed until the table closes (or a day later): "
        "then check it with `/verify hand:{id}`."
    ).format(hand_word=word, n=hand_no, id=hand_id)


def closing_lines(word: str, hands: Sequence[Mapping[str, Any]]) -> list[str]:
    """The closing result's lines: the table's hands (``id``, ``hand_no``, ``seed``), every
    seed revealed now; the last :data:`LISTED` written out, every one checkable."""
    if not hands:
        return []
    ids = [int(h["id"]) for h in hands]
    rounds = word == _("Round")  # what the variant calls a hand (bot.words.vocab.hand_word)
    if len(ids) == 1:
        what = (
            _("the seed of its one round (#{id}) is revealed; check it")
            if rounds
            else _("the seed of its one hand (#{id}) is revealed; check it")
        ).format(id=ids[0])
    else:
        what = (
            _("the seeds of its {n} rounds (#{first}–#{last}) are revealed; check any")
            if rounds
            else _("the seeds of its {n} hands (#{first}–#{last}) are revealed; check any")
        ).format(n=len(ids), first=ids[0], last=ids[-1])
    lines = [
        "🔓 "
        + _("The table closed: {what} with `/verify hand:<id>` or `/export hand:<id>`.").format(
            what=what
        )
    ]
    lines += [
        "🔓 "
        + _("{hand_word} {n} seed: {seed} · {verify}").format(
            hand_word=word,
            n=h["hand_no"],
            seed=f"`{h['seed']}`",
            verify=f"`/verify hand:{h['id']}`",
        )
        for h in hands[-LISTED:]
    ]
    return lines
