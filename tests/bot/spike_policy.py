"""A deterministic Corellian Spike player for the simcord tests (it peeks at its own cards only):
it gains while far from zero, swaps for the top discard when that brings it closer, junks a hopeless
first hand, bets 1 in round 2, and pushes a Sabacc in round 3."""

from __future__ import annotations

from typing import Any

from bot.tables.models import Table
from engine.core.game import ActionSpec
from engine.variants.corellian_spike import SpikeGame
from tests.bot.variant_table import policy_sees


def spike_policy(table: Table, seat: int, specs: tuple[ActionSpec, ...]) -> tuple[str, Any]:
    """The test players' decision for ``seat`` among its legal ``specs``."""
    st, kinds = policy_sees(table, SpikeGame, specs)
    hand = st.hands[seat]
    total = sum(c.value for c in hand)
    if "fold" in kinds:  # betting
        if st.round_no == 3 and total == 0 and "all_in" in kinds:
            return "all_in", None
        if st.round_no == 2 and "bet" in kinds:
            return "bet", 1
        if "check" in kinds:
            return "check", None
        owed = st.betting.to_call(seat)
        return ("call" if owed <= 3 or total == 0 else "fold"), None
    if st.phase.value == "choose":
        return ("keep", None) if "keep" in kinds else ("discard", [hand[-1].notation])
    if total == 0:
        return "stand", None
    if st.round_no == 1 and abs(total) >= 15:
        return "junk", None
    top = st.discard[-1].value
    give = min(hand, key=lambda c: abs(total - c.value + top))
    if "swap" in kinds and abs(total - give.value + top) < min(abs(total), 3):
        return "swap", [give.notation]
    if "gain" in kinds and abs(total) > 3:
        return "gain", None
    return "stand", None
