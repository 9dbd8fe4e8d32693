"""The public log of the hand in play, and the summary of a finished hand.

A table's log (:attr:`bot.tables.models.Table.log`, saved with the table) holds the public lines
of the hand in play, from its opening (antes, deal, target) on; the table message shows its
newest lines. When a hand ends its whole log becomes the hand's result message — every
player's decisions, condensed per player when it is too long for one message — and the log
starts again with the next hand's opening.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence

from bot.i18n import _
from bot.i18n.readers import for_server
from bot.tables.models import Table
from bot.tables.ports import Tournaments
from bot.words import events_lines
from engine.core.game import Event

# Events that open the next hand (Kessel: the next round).
NEXT_HAND_EVENTS = frozenset({"HandStarted", "RoundStarted"})
SUMMARY_LIMIT = 4000  # characters of a result message's description (Discord allows 4096)


def public_lines(variant: str, events: Sequence[Event]) -> list[str]:
    """The public log lines of some events of a ``variant`` game."""
    return events_lines(variant, events)


def opens_hand(event: Event) -> bool:
    """Whether ``event`` starts a new hand (or Kessel round)."""
    return type(event).__name__ in NEXT_HAND_EVENTS


def record(
    variant: str, log: MutableSequence[str], events: Sequence[Event], *, new_hand: bool
) -> list[str]:
    """Add the public lines of ``events`` (of a ``variant`` game) to the hand log ``log``. When
    they started a new hand (``new_hand``), ``log`` restarts with the new hand's opening and the
    whole hand that ended is returned (else ``[]``)."""
    if not new_hand:
        log.extend(public_lines(variant, events))
        return []
    opening = max((i for i, e in enumerate(events) if opens_hand(e)), default=len(events))
    ended = [*log, *public_lines(variant, events[:opening])]
    log.clear()
    log.extend(public_lines(variant, events[opening:]))
    return ended


def extend(table: Table, events: Sequence[Event]) -> None:
    """Add the public lines of ``events`` to ``table``'s log, in its server's language."""
    with for_server(table):
        table.log.extend(public_lines(table.variant.id, events))


def log_step(
    table: Table, events: Sequence[Event], hand_before: int, tournaments: Tournaments | None
) -> tuple[bool, list[str]]:
    """Add the ``events`` of one step (taken in hand ``hand_before``) to ``table``'s log, in
    its server's language: whether they opened a new hand, and the whole hand that ended then
    (see :func:`record`). When a tournament's table opens a new hand, what its tournament
    changes for it (the antes, :meth:`~bot.tables.ports.Tournaments.between_hands`) is logged
    with the hand's opening; it is not a step of the hand's record."""
    game = table.game
    assert game is not None
    new_hand = not game.finished and table.public_view().hand_no != hand_before
    told: tuple[Event, ...] = ()
    if new_hand and table.tournament_id is not None and tournaments is not None:
        told = tournaments.between_hands(table)
        if told:
            table.view_version += 1  # the cached public view is of the old antes
    with for_server(table):
        ended = record(table.variant.id, table.log, (*events, *told), new_hand=new_hand)
    return new_hand, ended


def played(variant: str, events: Sequence[Event], player: str) -> str:
    """What ``player`` did in ``events``, as the log says it: their first public line, with
    their name (``"p1 checks"``, ``"p1 has chosen"``: a line may be a deed or a state, so it
    keeps its subject), else the first public line."""
    lines = public_lines(variant, events)
    mine = next((line for line in lines if _by(line, player)), lines[0] if lines else "")
    return mine.rstrip(".") or _("the safest move")


def summary(lines: Sequence[str], players: Sequence[str], limit: int = SUMMARY_LIMIT) -> str:
    """A finished hand as one message text: every line when it fits in ``limit`` characters;
    otherwise each player's decisions condensed on one line (``name: checks · bets 5 · …``,
    in order), followed by the hand's last lines (the reveal and the payout) as they are."""
    text = "\n".join(lines)
    if len(text) <= limit:
        return text
    tail = _tail(lines, limit // 2)
    by_player: dict[str, list[str]] = {p: [] for p in players}
    for line in lines[: len(lines) - len(tail)]:
        who = next((p for p in sorted(players, key=len, reverse=True) if _by(line, p)), None)
        if who is not None:
            by_player[who].append(line[len(who) :].strip().rstrip("."))
    condensed = [f"{p}: " + " · ".join(acts) for p, acts in by_player.items() if acts]
    room = limit - len("\n".join(tail)) - len(condensed) - 3
    budget = max(room, 0) // max(len(condensed), 1)
    return "\n".join([_clip(line, budget) for line in condensed] + ["…"] + tail)[:limit]


def _by(line: str, player: str) -> bool:
    return line.startswith(player) and line[len(player) : len(player) + 1] in (" ", "'", ":")


def _tail(lines: Sequence[str], limit: int) -> list[str]:
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        size += len(line) + 1
        if size > limit:
            break
        kept.append(line)
    return list(reversed(kept))


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: max(limit - 1, 0)] + "…"
