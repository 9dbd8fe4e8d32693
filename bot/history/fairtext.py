"""The commitments a fair table shows before its hands are dealt (short form on the table)."""

from __future__ import annotations

import functools

from bot.i18n import _
from bot.tables.models import Table
from engine.core.fair import commitment, derive_hand_seed, short


def hand_commitment(table: Table, hand_no: int) -> str | None:
    """The commitment to hand ``hand_no`` of a fair table (``None`` for a table without one)."""
    if table.fair_master is None:
        return None
    return _commitment(table.fair_master, hand_no)


@functools.lru_cache(maxsize=4096)
def _commitment(master: bytes, hand_no: int) -> str:
    """Hashed once per hand: the table message shows the running and the next hand's at every
    redraw."""
    return commitment(derive_hand_seed(master, hand_no))


def commitment_note(table: Table) -> str:
    """`` · 🔒 hand 3 a1b2c3d4e5f6 · next 0f9e8d7c6b5a`` for the table message footer: the
    running hand's commitment and the next one's, both shown before their cards are dealt
    (the lobby shows hand 1's). Empty for a table without fair seeds or a finished game."""
    game = table.game
    if table.fair_master is None or (game is not None and game.finished):
        return ""
    hand = table.public_view().hand_no if game is not None else 1
    now, nxt = hand_commitment(table, hand), hand_commitment(table, hand + 1)
    assert now is not None and nxt is not None
    if game is None:
        return " · 🔒 " + _("hand 1 commitment {commitment}").format(commitment=short(now))
    return " · 🔒 " + _("hand {hand} {commitment} · next {next}").format(
        hand=hand, commitment=short(now), next=short(nxt)
    )
