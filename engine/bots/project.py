"""The Sabacc Project bot (variant ``project``), built on the Classic Sabacc bot's machinery.

The deck is Classic's, so the look-ahead :func:`~engine.bots.classic.value_table` over the unseen
card values, the :class:`~engine.bots.classic.Hand` record (its ``stasis`` slot holds the
Interference-Field cards) and the Monte-Carlo equity are reused with this variant's own reveal
value (:func:`final_value`: at equal distance the positive total is the better one). On a draw turn
the bot compares standing with drawing; a strong hand puts its biggest exposed card into the
Interference Field (safe from a Sabacc Shift) and calls the hand when the style finds it strong
enough. Betting feeds a Monte-Carlo equity to the shared pot-odds policy; before the deal
(opening betting) every seat is equal.

Read from the table's facts (:class:`~engine.variants.project.views.ProjectTable`): every seat's
card count and field cards, the phase, the round, the caller, the pot-building rounds and the
Main Pot; a view without them raises :class:`~engine.bots.common.Undecided`.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence

from engine.bots.classic import BOMB, Hand, value_table
from engine.bots.classic import equity as classic_equity
from engine.bots.common import (
    profile,
    table_facts,
    turn_or_bet,
    unseen_values,
)
from engine.core.game import Action, ActionSpec, Game
from engine.variants.project.cards import TARGET, Card, Category, evaluate, full_deck, parse
from engine.variants.project.state import Phase
from engine.variants.project.views import HAND_POT, ProjectTable


def final_value(total: int) -> float:
    """Rough chance that a hand of ``total`` beats one opponent at the reveal (positive first)."""
    if total == 0 or abs(total) > TARGET:
        return BOMB
    distance = TARGET - abs(total)
    return 0.95 * math.exp(-0.28 * distance) + (0.01 if total > 0 else 0.0)


def hand_value(cards: Sequence[Card]) -> float:
    """:func:`final_value`, with the Idiot's Array on top."""
    ev = evaluate(cards)
    return 1.0 if ev.category is Category.IDIOTS_ARRAY else final_value(ev.total)


def _turns_left(table: ProjectTable) -> int:
    if table.caller is not None or table.phase is Phase.FINAL_BET:
        return 0
    return 2 if table.round_no <= table.pot_building_rounds else 1


def read_hand(game: Game, seat: int) -> Hand:
    """This seat's cards plus the public facts a decision needs (the table's
    :class:`~engine.variants.project.views.ProjectTable`); raises
    :class:`~engine.bots.common.Undecided` on a view without them."""
    view, public, table = table_facts(game, seat, ProjectTable, "Project")
    hidden = tuple(parse(c) for c in view.hand)
    over = table.phase is Phase.GAME_OVER
    shown = [not over and f.dealt and f.live and f.cards > 0 for f in table.seats]
    fields = [
        [parse(Card.parse(n).plain) for n in f.field] if on else []
        for f, on in zip(table.seats, shown, strict=True)
    ]
    known = Counter(c.plain for c in hidden)
    for cards in fields:
        known.update(c.plain for c in cards)
    unseen = unseen_values(full_deck(), known)
    rivals = tuple(
        (f.cards, tuple(c.value for c in fields[s]))
        for s, f in enumerate(table.seats)
        if s != seat and shown[s]  # only live seats holding cards show a count
    )
    return Hand(
        hidden=hidden,
        stasis=tuple(fields[seat]),  # Interference-Field cards (face up, protected)
        unseen=unseen,
        rivals=rivals,
        turns_left=_turns_left(table),
        pot=sum(amount for key, amount in public.pots if key == HAND_POT),
        stack=public.seats[seat].stack,
    )


def equity(hand: Hand, table: dict[int, float], rng: random.Random) -> float:
    """Classic's Monte-Carlo equity with this variant's hand value; before the deal (no cards
    yet) an equal share."""
    if not hand.held:
        return 1.0 / (len(hand.rivals) + 1) if hand.rivals else 0.5
    return classic_equity(hand, table, rng, hand_value)


def draw_action(hand: Hand, specs: dict[str, ActionSpec], style: str, rng: random.Random) -> Action:
    """Field first when the hand is strong, then call, draw or stand."""
    prof = profile(style)
    now = hand_value(hand.held)
    field = specs.get("field")
    if field is not None and now >= 0.5 and not hand.stasis:
        best = max(hand.hidden, key=lambda c: (abs(c.value), c.plain))
        value = next(o.value for o in field.options if o.value.split("#")[0] == best.plain)
        return Action("field", choices=(value,))
    if "call_hand" in specs and now >= 0.3:
        chance = equity(hand, value_table(hand.unseen, 1, final_value), rng)
        if chance >= 0.85 - 0.3 * prof.risk:
            return Action("call_hand")
    if "draw" in specs:
        table = value_table(hand.unseen, hand.turns_left, final_value)
        n = sum(hand.unseen.values())
        total = sum(c.value for c in hand.held)
        drawn = sum(k * table.get(total + v, BOMB) for v, k in hand.unseen.items()) / n
        if drawn > max(now, table.get(total, BOMB)):
            return Action("draw")
    return Action("stand")


def decide(game: Game, seat: int, style: str) -> Action:
    """The bot's action for a pending ``seat`` of a Sabacc Project game."""
    return turn_or_bet(
        game, seat, style, read_hand(game, seat), ("stand",), draw_action, bet_equity
    )


def bet_equity(hand: Hand, rng: random.Random) -> float:
    """The hand's chance to win, for a betting decision (over its draw turns left)."""
    return equity(hand, value_table(hand.unseen, hand.turns_left + 1, final_value), rng)
