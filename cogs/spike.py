"""``/spike``: Corellian Spike tables (rules: ``docs/rules/corellian-spike.md``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.i18n import N_
from bot.tables.cog import VariantCog

if TYPE_CHECKING:
    from bot.client import SabaccBot

RULES = N_(
    """\
**Goal:** a hand totalling **zero** (a **Sabacc**), or as close to zero as possible (a **Nulrhek**).

**Deck (62 cards):** ●, ▲, ■ each +1…+10 and −1…−10, plus two **Sylops** (0). Suits never matter.

**Each hand**
1. Everyone antes **2** into the **hand pot** and **1** into the **Sabacc pot**, and gets 2 hidden \
cards; one card starts the face-up discard pile. Who cannot pay both antes is out of the game.
2. **Three rounds** of **Card phase → Betting → Spike dice**:
 • **Card phase**, one action each, clockwise: **Gain** (draw the top card; hands hold 2–5 cards), \
**Discard, then gain** (put a card face up first, then draw), **Swap** (take the top discard, put \
one of your cards back), **Stand**, or **Junk** (your cards go face up and you sit out this hand).
 • **Betting:** no-limit — Check, Bet, Call, Raise, All-in or Fold (= junk). Side pots keep short \
stacks fair.
 • **Spike dice:** doubles = **Sabacc Shift**: everyone discards their hand and is dealt as many \
new cards.
3. Reveal. Best hands, all totalling 0: **Pure Sabacc** (two Sylops) · **Full Sabacc** \
(+10 +10 −10 −10 Sylop) · **Fleet** (Sylop + four of a kind) · **Yee-Haa** (Sylop + pair) · \
**Rhylet** (three of one sign + two of the other) · **Squadron** (four of a kind) · **Gee Whiz** \
(+1 +2 +3 +4 −10 or its mirror) · **Straight Khyron** (four in a run) · **Banthas Wild** \
(three of a kind) · **Rule of Two** (two pairs) · **Sabacc Pair** · **Sabacc**. Then Nulrheks: \
closest to zero, positive beats negative.
4. **Ties:** the set closest to zero, then more cards, higher positive total, highest positive \
card; still tied → **single blind draw** (each tied player draws a card; closest to zero wins, a \
Sylop beats all, +1 beats −1).

**Pots:** the best hand takes the hand pot; a winning **Sabacc** also takes the **Sabacc pot**, \
otherwise it carries over. Everyone else junked → the last player wins the hand pot unseen (never \
the Sabacc pot). The game ends when fewer than two players can ante; the Sabacc pot left is shared.

**House rules** (`options:`): `tie_break=split`, `named_hand_extras=false`, \
`gain_mode=draw_then_choose`, `dice_before_betting=true`, `rounds`, antes, `gain_fee`, `swap_fee`.
"""
)


class Spike(VariantCog, group_name="spike", group_description="Corellian Spike Sabacc"):
    """Corellian Spike tables."""

    variant_id = "corellian-spike"
    rules = RULES


async def setup(bot: SabaccBot) -> None:
    """Extension entry point."""
    await bot.add_cog(Spike(bot))
