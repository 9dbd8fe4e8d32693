"""The Classic Sabacc bot (variant ``classic``).

A hand is judged by its total (plus the exact special hands of the variant's
:func:`~engine.variants.classic.cards.evaluate`). :func:`value_table` turns "how close to ±23"
into a rough chance of beating one opponent, and looks ahead over the trade turns still to come
(gain or stand) with the exact distribution of the unseen card values. Each trade turn takes the
option (stand, gain, change one card) with the best expected value; a strong hand puts its
biggest hidden card into the stasis field (safe from a Sabacc Shift) and Calls the hand when
the style finds it strong enough. Betting feeds that value to the shared pot-odds policy.

Read from the table's facts (:class:`~engine.variants.classic.views.ClassicTable`): every seat's
card count and stasis field, the round, the caller and the hand pot.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.bots.common import (
    Holding,
    monte_carlo,
    profile,
    showdown_share,
    table_facts,
    turn_or_bet,
    unseen_values,
)
from engine.core.game import Action, ActionSpec, Game
from engine.variants.classic.cards import TARGET, Card, Category, evaluate, full_deck, hand_total
from engine.variants.classic.state import Phase
from engine.variants.classic.views import HAND_POT, ClassicTable

SPAN = 60  # totals considered by the value table: -SPAN..SPAN
EQUITY_SAMPLES = 48
BOMB = -0.4  # value of a bombed hand at the reveal (it also pays a penalty)


@dataclass(frozen=True, slots=True)
class Hand(Holding[Card]):
    """This seat's cards (:class:`~engine.bots.common.Holding`) and what it knows of the
    table."""

    unseen: Counter[int]  # card value -> how many unseen cards have it
    rivals: tuple[tuple[int, tuple[int, ...]], ...]  # live opponents: (card count, stasis values)
    turns_left: int  # own trade turns after this one (estimate)
    pot: int
    stack: int


def final_value(total: int) -> float:
    """Rough chance that a hand of ``total`` beats one opponent at the reveal."""
    if total == 0 or abs(total) > TARGET:
        return BOMB
    distance = TARGET - abs(total)
    return 0.95 * math.exp(-0.28 * distance) + (0.01 if total < 0 else 0.0)


def hand_value(cards: Sequence[Card]) -> float:
    """:func:`final_value`, with the special hands (Idiot's Array, Fairy Empress) on top."""
    ev = evaluate(cards)
    if ev.category is Category.IDIOTS_ARRAY:
        return 1.0
    if ev.category is Category.FAIRY_EMPRESS:
        return 0.9
    return final_value(ev.total)


def value_table(
    unseen: Counter[int], turns: int, final: Callable[[int], float] = final_value
) -> dict[int, float]:
    """Value of each total when ``turns`` more gain-or-stand decisions remain; ``final`` values
    a total at the reveal (the Sabacc Project bot passes its own, positive-first)."""
    n = sum(unseen.values())
    table = {t: final(t) for t in range(-SPAN, SPAN + 1)}
    for _ in range(turns):
        table = {
            t: max(table[t], _expect(table, t, unseen, n)) if n else table[t]
            for t in range(-SPAN, SPAN + 1)
        }
    return table


def _expect(table: dict[int, float], total: int, unseen: Counter[int], n: int) -> float:
    acc = 0.0
    for value, count in unseen.items():
        acc += count * table.get(total + value, BOMB)
    return acc / n


def trade_options(hand: Hand, table: dict[int, float]) -> dict[Action, float]:
    """Expected value of standing, gaining, and changing each hidden card."""
    n = sum(hand.unseen.values())
    total = hand_total(hand.held)
    out = {Action("stand"): max(hand_value(hand.held), table.get(total, BOMB))}
    if n:
        out[Action("gain")] = _expect(table, total, hand.unseen, n)
        for card in hand.hidden:
            out[Action("change", choices=(card.notation,))] = _expect(
                table, total - card.value, hand.unseen, n
            )
    return out


def read_hand(game: Game, seat: int) -> Hand:
    """This seat's cards plus the public facts a decision needs (the table's
    :class:`~engine.variants.classic.views.ClassicTable`); raises
    :class:`~engine.bots.common.Undecided` on a view without them."""
    view, public, table = table_facts(game, seat, ClassicTable, "Classic")
    hidden = tuple(Card.parse(c) for c in view.hand)
    fields = {s: [Card.parse(c) for c in f.stasis] for s, f in enumerate(table.seats)}
    known = Counter(c.plain for c in hidden)
    for cards in fields.values():
        known.update(c.plain for c in cards)
    unseen = unseen_values(full_deck(), known)
    over = table.phase is Phase.GAME_OVER
    rivals = tuple(
        (f.cards, tuple(c.value for c in fields[s]))
        for s, f in enumerate(table.seats)
        if s != seat and f.dealt and f.live and not over
    )
    return Hand(
        hidden=hidden,
        stasis=tuple(fields.get(seat, ())),
        unseen=unseen,
        rivals=rivals,
        turns_left=_turns_left(table),
        pot=sum(amount for key, amount in public.pots if key == HAND_POT),
        stack=public.seats[seat].stack,
    )


def _turns_left(table: ClassicTable) -> int:
    """Own trade turns still to come after this one (an estimate): none once the hand is
    called, two before the hand may be called, else one."""
    if table.caller is not None or table.phase is Phase.FINAL_TURNS:
        return 0
    return 2 if table.round_no < table.min_call_round else 1


def equity(
    hand: Hand,
    table: dict[int, float],
    rng: random.Random,
    value: Callable[[list[Card]], float] = hand_value,
) -> float:
    """Monte-Carlo chance to hold the best value against opponents with random unseen cards
    (their stasis cards are known), everyone valued by ``table``; ``value`` values this seat's
    own cards (the Sabacc Project bot passes its own)."""
    mine = -max(value(hand.held), table.get(hand_total(hand.held), BOMB))
    pool = list(hand.unseen.elements())

    def trial(r: random.Random) -> float:
        others = []
        for count, known in hand.rivals:
            total = sum(known) + sum(r.sample(pool, max(0, count - len(known))))
            others.append(-table.get(total, BOMB))
        return showdown_share(mine, others)

    return monte_carlo(trial, EQUITY_SAMPLES, rng)


def trade_action(
    hand: Hand, specs: dict[str, ActionSpec], style: str, rng: random.Random
) -> Action:
    """Stasis first when the hand is strong, then the best trade action, then end or Call."""
    prof = profile(style)
    now = hand_value(hand.held)
    add = specs.get("stasis")
    if add is not None and now >= 0.5 and hand.hidden:
        card = max(hand.hidden, key=lambda c: (abs(c.value), c.notation))
        return Action("stasis", choices=(card.notation,))
    if "stand" in specs:
        table = value_table(hand.unseen, hand.turns_left)
        scored = trade_options(hand, table)
        legal = {a: v for a, v in scored.items() if a.kind in specs}
        return max(legal, key=lambda a: (legal[a], a.kind == "stand", a.choices))
    if "call_hand" in specs and now >= 0.3:
        chance = equity(hand, value_table(hand.unseen, 1), rng)
        if chance >= 0.85 - 0.3 * prof.risk:
            return Action("call_hand")
    return Action("end_turn")


def decide(game: Game, seat: int, style: str) -> Action:
    """The bot's action for a pending ``seat`` of a Classic Sabacc game."""
    hand = read_hand(game, seat)
    return turn_or_bet(game, seat, style, hand, ("stand", "end_turn"), trade_action, bet_equity)


def bet_equity(hand: Hand, rng: random.Random) -> float:
    """The hand's chance to win, for a betting decision (over its trade turns left)."""
    return equity(hand, value_table(hand.unseen, hand.turns_left + 1), rng)
