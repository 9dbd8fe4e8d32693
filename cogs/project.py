"""``/sabacc-project``: Sabacc Project tables (rules: ``docs/rules/project.md``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.i18n import N_
from bot.tables.cog import VariantCog

if TYPE_CHECKING:
    from bot.client import SabaccBot

RULES = N_(
    """\
**Goal:** win credits with a hand totalling as close to **+23 or −23** as possible.

**Deck (76 cards):** Sabers, Flasks, Coins and Staves, each 1–11 plus Commander 12, Mistress 13, \
Master 14 and Ace 15; two copies each of The Idiot 0, Queen of Air and Darkness −2, Endurance −8, \
Balance −11, Demise −13, Moderation −14, The Evil One −15 and The Star −17.

**Each hand**
1. Everyone antes 5 into the **Main Pot** and 5 into the **Sabacc pot** (you need 10 to stay in \
the game).
2. **Opening betting** before any card is dealt, then everyone gets 2 hidden cards.
3. Rounds of **Draw → Betting**. On your draw turn: **Draw a card** or **Stand**. Betting is \
no-limit: Check, Bet, Call, Raise, All-in or Fold (minimum 1); side pots keep short stacks fair.
4. Rounds 1–4 build the pot. From round 5, on your draw turn you may **Call the hand**: one last \
betting round starts with you, then every hand is revealed. After 10 stands in a row the hand \
is called for the next player automatically.

**Sabacc Shift:** after every betting round there is a one-in-five chance of a Shift: \
1–5 random cards \
held by the players are swapped with random cards of the draw pile. You see privately which of \
your cards changed. **Interference Field:** at any of your turns you may put cards face up into \
your field: they still count and no Shift can touch them, but everyone sees them and they stay \
there for the hand.

**Hands, best first:** **Idiot's Array** (exactly Idiot + a 2 + a 3) · **Pure Sabacc** +23, \
then −23 · any other total by distance from zero: ±22, then ±21…; at equal distance the \
**positive** total wins (+21 beats −21, −22 beats +21).
**Bomb-out:** a total of 0, over +23 or under −23 at the reveal never wins and pays the size \
of the whole Main Pot (at most what you have left) into the Sabacc pot.
**Ties → Sudden Demise:** each tied player gets one extra card face up; the best new hand wins \
(again if still tied). Bombing out there costs nothing, but if all of them bomb, the best other \
hand wins.

**Pots:** the best hand takes the Main Pot. If it won with an Idiot's Array or a Pure Sabacc \
(after Sudden Demise, the new hand counts), it also takes the **Sabacc pot**; otherwise the Sabacc \
pot carries over, with every penalty in it. A pot nobody can win goes to the Sabacc pot. If \
everyone else folds, the last player takes the Main Pot unseen (never the Sabacc pot).
The game ends when fewer than two players can pay the antes; the Sabacc pot left over is shared \
among the remaining players and your stack goes back to your balance.
"""
)


class SabaccProject(VariantCog, group_name="sabacc-project", group_description="Sabacc Project"):
    """Sabacc Project tables."""

    variant_id = "project"
    rules = RULES


async def setup(bot: SabaccBot) -> None:
    """Extension entry point."""
    await bot.add_cog(SabaccProject(bot))
