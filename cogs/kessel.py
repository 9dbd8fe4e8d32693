"""``/kessel``: Kessel Sabacc tables (rules: ``docs/rules/kessel.md``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.i18n import N_
from bot.tables.cog import VariantCog

if TYPE_CHECKING:
    from bot.client import SabaccBot

RULES = N_(
    """\
**Goal:** be the last player with tax chips; that player takes the whole credit stake \
(the Sabacc Pot). Everyone pays the same buy-in and gets the same Stock of chips \
(lay 90 credits = 6 chips at 15 each).

**Deck:** two families of 22 cards, **Sand** and **Blood**: 1–6 three times each, 3 **Impostors** \
and 1 **Sylop**. You always hold one Sand and one Blood card.

**A round**
1. Fresh shuffle; the top card of each deck starts its discard pile; everyone gets 1 Sand + 1 Blood.
2. Up to 3 turns; in each, every player in order first **may play one Shift Token**, then:
 • **Stand**, or
 • **Draw** (1 chip from your Stock into your Hand Pot) the top card of the Sand deck, Blood deck, \
Sand discard or Blood discard, then keep one of the two cards of that family and discard the other.
3. If everyone stood during a turn, or after turn 3: **reveal**. Each Impostor rolls two dice and \
its owner picks one value. A Sylop copies your other card.
4. Best hand wins and takes back its Hand Pot (ties: all win). Every loser loses the Hand Pot and \
pays a tax from Stock: **1 chip with a Sabacc**, else **the difference** of the two cards. \
Stock 0 after the reveal = eliminated.

**Hand hierarchy** (best first)
1. 0/0 **Pure Sabacc** (two Sylops)
2. 1/1 **Prime Sabacc**
3. 2/2 **High Sabacc**
4. 3/3 **Royal Sabacc**
5. 4/4 **General Sabacc**
6. 5/5 **Low Sabacc**
7. 6/6 **Cheap Sabacc**
8. **Nulhrek** (no pair): smaller difference wins, then the lower cards.
Any Sabacc beats any Nulhrek. A Sylop or Impostor pair equals the natural pair.

**Shift Tokens:** pick 3 for the whole game; each is used once, at the start of your own turn \
(a free action). Stock: Free Draw, Refund, Extra Refund, Embezzlement. Tax: General/Target \
Tariff, General/Target Audit (players in Stand). Disrupt: Embargo, Immunity, Exhaustion, Direct \
Transaction. Fix (until the reveal, for everyone): **Cook the Books** inverts the Sabacc order \
(6/6 best, 0/0 last), **Markdown** makes Sylops 0 (0/0 becomes the lowest Sabacc), \
**Prime Sabacc** rolls two dice and the chosen pair becomes the best Sabacc after Pure (the \
very best when Pure is not on top), \
**Major Fraud** makes every Impostor a 6. Tokens in force are shown on the table.
"""
)


class Kessel(VariantCog, group_name="kessel", group_description="Kessel Sabacc"):
    """Kessel Sabacc tables."""

    variant_id = "kessel"
    rules = RULES


async def setup(bot: SabaccBot) -> None:
    """Extension entry point."""
    await bot.add_cog(Kessel(bot))
