"""``/coruscant``: Coruscant Shift tables (rules: ``docs/rules/coruscant-shift.md``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.i18n import N_
from bot.tables.cog import VariantCog

if TYPE_CHECKING:
    from bot.client import SabaccBot

RULES = N_(
    """\
**Goal:** the selection whose total is closest to the **target number** wins the pot.

**Each hand**
1. Everyone antes (the ante grows each hand: +5 heads-up, +3 with 3, +2 with 4, +1 with 5–6).
2. Two dice are rolled once for the whole hand: the **gold die** sets the target (0, ±5, ±10), the \
**silver die** the target suit (● circle, ▲ triangle, ■ square).
3. **Round 1:** you get 5 cards and secretly keep 1–5 of them (everyone sees how many you kept, \
never which). Then a betting round.
4. **Round 2:** you are dealt back up to 5 cards and choose your final selection of 1–5 cards \
(you may drop cards you kept before). Then a second betting round.
5. Reveal: the smallest distance to the target wins; over and under count the same. Tie → most \
cards of the target suit (each **Sylop** Ø is worth 0 and counts as the target suit). Still tied → \
the pot is split, odd credits clockwise from the starting player.

**Betting:** no-limit, minimum bet and raise 1. Check, bet, call, raise, all-in or fold. Short \
stacks go all-in and side pots keep it fair. A player left alone wins without showing cards.

**Deck:** 62 cards — ●, ▲, ■ each +1…+10 and −1…−10, plus two Sylops (0).
The game ends when one player holds every credit; your stack goes back to your balance.
"""
)


class Coruscant(VariantCog, group_name="coruscant", group_description="Coruscant Shift Sabacc"):
    """Coruscant Shift tables."""

    variant_id = "coruscant-shift"
    rules = RULES


async def setup(bot: SabaccBot) -> None:
    """Extension entry point."""
    await bot.add_cog(Coruscant(bot))
