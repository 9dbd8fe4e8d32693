"""``/classic``: Classic Sabacc tables (rules: ``docs/rules/classic.md``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.i18n import N_
from bot.tables.cog import VariantCog

if TYPE_CHECKING:
    from bot.client import SabaccBot

RULES = N_(
    """\
**Goal:** a hand totalling as close to **+23 or −23** as possible without bombing out.

**Deck (76 cards):** Coins, Flasks, Sabers and Staves, each 1–11 plus Commander 12, Mistress 13, \
Master 14 and Ace 15; two copies each of The Idiot 0, Queen of Air and Darkness −2, Endurance −8, \
Balance −11, Demise −13, Moderation −14, The Evil One −15 and The Star −17.

**Each hand**
1. Everyone antes 2 into the **hand pot** and 2 into the **Sabacc pot**, and gets 2 hidden cards.
2. Rounds of **Betting → Trade → Dice** until someone calls the hand.
 • **Betting:** no-limit — Check, Bet, Call, Raise, All-in or Fold (minimum 1). Side pots keep \
short stacks fair.
 • **Trade:** on your turn **Gain** (draw a card), **Change** (discard a hidden card, draw one) or \
**Stand**. Once per turn you may also put a card face up into your **stasis field** (or take one \
back): stasis cards still count, and a Sabacc Shift cannot touch them.
 • **Dice:** two dice are rolled; **doubles = Sabacc Shift**: every card outside the stasis fields \
is discarded and replaced by as many new ones.
3. From round 3, at the end of your trade turn you may **Call the hand**: every other player gets \
one last trade turn, then all hands are revealed. A caller who does not win bombs out. If \
nobody has called by the end of round 10, the hands are revealed anyway.

**Hands, best first:** **Idiot's Array** (Idiot + a 2 + a 3, exactly 3 cards) · \
**Pure Sabacc** (exactly −23, which beats +23) · **Fairy Empress** (exactly the two Queens, −4) \
· any other total: the closer to ±23 the better; at equal distance the **negative** total wins.
**Bomb-out:** a total of 0, over 23 or under −23 never wins and pays a penalty (the size of the \
hand pot) into the Sabacc pot. Exact ties are broken by **Sudden Demise**: the tied players each \
draw one card face up until one hand is best (if they all bomb out, the next best hand wins).

**Pots:** the best hand takes the hand pot. An Idiot's Array or a Pure Sabacc that wins also takes \
the **Sabacc pot**; otherwise it carries over to the next hand. If everyone else folds, the last \
player takes the hand pot without showing cards (never the Sabacc pot).
The game ends when fewer than two players can pay the antes; the Sabacc pot left over is shared \
among the remaining players and your stack goes back to your balance.
"""
)


class Classic(VariantCog, group_name="classic", group_description="Classic Sabacc"):
    """Classic Sabacc tables."""

    variant_id = "classic"
    rules = RULES


async def setup(bot: SabaccBot) -> None:
    """Extension entry point."""
    await bot.add_cog(Classic(bot))
