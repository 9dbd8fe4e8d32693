"""``/centran``: Centran Sabacc tables (rules: ``docs/rules/centran.md``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.i18n import N_
from bot.tables.cog import VariantCog

if TYPE_CHECKING:
    from bot.client import SabaccBot

RULES = N_(
    """\
**Goal:** hold cards totalling **−23, +23 or 0** (Pure Sabacc), or else as near to one of them \
as you can, without going past ±23.

**Deck (78 cards):** Coins, Flasks, Sabers and Staves, each 2–10, Legate 11, Commander 12, \
Mistress 13, Master 14 and an **Ace worth 1 or 15**; the Major Suit: The Idiot 0 and 21 Aspects \
−1 to −21.

**Wild Fives:** the four 5s and The Fifth Aspect (−5) go **face up to the table** the moment \
they are drawn. They count in *everyone's* hand, each as **+5, −5 or 0**; the engine picks the \
best values (and each Ace's 1 or 15) for you. **Five Brothers:** when the fifth five is tabled \
the hand ends at once and whoever drew it may score **Wild Sabacc**.

**Each hand:** ante 10 to the **hand pot** and 5 to the **Sabacc pot**, 2 hidden cards each, and \
one card starts the face-up **Array**. Then up to **5 rounds**:
1. **Card phase** — on your turn **Gain** (draw a card), **Trade** one of your cards with any \
Array card, or **Stand**. Once per turn you may also move a card into (or out of) your face-up \
**Stasis Field**: it still counts and is safe from Shifts.
2. **Betting** — no-limit: Check, Bet, Call, Raise, All-in or Fold (side pots for short stacks). \
**If nobody bets, the hands are revealed at once.**
3. **Shift phase** (only after a bet) — a card joins the end of the Array. If it and the card \
before it are of opposite families (main suits positive, Major Suit negative, Idiot included), \
a **Sabacc Shift**: everyone discards at random as many non-stasis cards as the Array held \
before it, and is dealt as many new ones.
After round 5's Shift phase, the hands are revealed.

**Hands, best first:** **Desperado** (exactly Idiot, −2, −3) · **Idiot's Array** (exactly Idiot, \
a 2, a 3) · **Pure Sabacc −23** · **Pure Sabacc +23** · **Wild Sabacc** · **Pure Sabacc 0** · \
**Nulhrek**: the total nearest to 0, +23 or −23 wins (at equal distance a negative total wins, \
then ±23 beats 0). Ties: most cards, most pairs, most cards of one suit, most negative cards, \
highest positive card; then split. **Bombed out** (no total within ±23): never wins and pays a \
penalty (10) into the Sabacc pot.

**Pots:** the best hand takes the hand pot; a Sabacc-class hand (Pure, Wild, Desperado, \
Idiot's Array) also takes the **Sabacc pot**, which otherwise carries over. If everyone else \
folds, the last player takes the hand pot unseen (never the Sabacc pot). The game ends when one \
player has credits left; the Sabacc pot left over is shared among the remaining players.
"""
)


class Centran(VariantCog, group_name="centran", group_description="Centran Sabacc"):
    """Centran Sabacc tables."""

    variant_id = "centran"
    rules = RULES


async def setup(bot: SabaccBot) -> None:
    """Extension entry point."""
    await bot.add_cog(Centran(bot))
