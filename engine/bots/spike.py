"""The Corellian Spike bot (variant ``corellian-spike``).

A hand is judged by :func:`strength`, a rough chance that it beats one opponent at the reveal
(a Sabacc by its category, a Nulrhek by its distance to zero, positive a little better). Each card
turn takes the action with the best expected strength: stand and swap are exact, a gain (either
form) is averaged over the unseen cards; the draw-then-choose step keeps the drawn card or
discards whichever card leaves the best hand. Bots never junk in the card phase (a fold later
costs the same). Betting feeds a Monte-Carlo equity against the live opponents' card counts to the
shared pot-odds policy.

Read from the seat's own view (its cards) and the public table's facts only
(:class:`~engine.variants.corellian_spike.views.SpikeTable`): every live seat's card count, the
top of the discard pile, the round, the hand pot and the stacks; without them it raises
:class:`~engine.bots.common.Undecided`.

>>> from engine.variants import get_variant
>>> game = get_variant("corellian-spike").create(["a", "b"], buy_in=50, options={}, seed=3)
>>> seat = min(game.pending_seats())
>>> decide(game, seat, "balanced").kind in {"stand", "gain", "gain_discard", "swap"}
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.bots.common import (
    monte_carlo,
    profile,
    showdown_share,
    table_facts,
    turn_or_bet,
)
from engine.core.game import Action, ActionSpec, Game
from engine.variants.corellian_spike.cards import MAX_HAND, Card, evaluate_cards, full_deck
from engine.variants.corellian_spike.views import SpikeTable
from engine.variants.twopot.views import HAND_POT

EQUITY_SAMPLES = 40


def strength(cards: Sequence[Card]) -> float:
    """Rough chance that ``cards`` beat one opponent's hand at the reveal (0..1)."""
    if not 2 <= len(cards) <= MAX_HAND:
        return 0.0
    ev = evaluate_cards(cards)
    if ev.is_sabacc:
        return 0.8 + 0.015 * (12 - ev.cat)
    return max(0.02, 0.72 - 0.09 * abs(ev.total)) + (0.01 if ev.total > 0 else 0.0)


@dataclass(frozen=True, slots=True)
class Seen:
    """This seat's cards and what it knows of the table."""

    hand: tuple[Card, ...]
    top: Card | None  # the face-up top of the discard pile
    unseen: tuple[Card, ...]  # cards that may be in the draw pile or in other hands
    rivals: tuple[int, ...]  # live opponents' card counts
    rounds_left: int  # card phases after this one
    pot: int
    stack: int


def read(game: Game, seat: int) -> Seen:
    """What ``seat`` sees, from its view and the public table's facts; raises
    :class:`~engine.bots.common.Undecided` on a view without them."""
    view, public, table = table_facts(game, seat, SpikeTable, "Corellian Spike")
    hand = tuple(Card.parse(c) for c in view.hand)
    top = None if table.discard_top is None else Card.parse(table.discard_top)
    known = Counter([*hand, *([top] if top else [])])
    unseen: list[Card] = []
    for card in full_deck():
        if known[card] > 0:
            known[card] -= 1
        else:
            unseen.append(card)
    rivals = tuple(f.cards for s, f in enumerate(table.seats) if s != seat and f.cards is not None)
    return Seen(
        hand,
        top,
        tuple(unseen),
        rivals,
        max(0, table.rounds - table.round_no),
        sum(amount for key, amount in public.pots if key == HAND_POT),
        public.seats[seat].stack,
    )


def _average_gain(hand: list[Card], unseen: Sequence[Card]) -> float:
    if not unseen:
        return 0.0
    return sum(strength([*hand, c]) for c in unseen) / len(unseen)


def card_action(seen: Seen, specs: dict[str, ActionSpec], style: str) -> Action:
    """The card-phase action with the best expected strength (ties: the quieter one)."""
    prof = profile(style)
    hand = list(seen.hand)
    bonus = 0.04 * (prof.risk - 0.5) + (0.02 if seen.rounds_left else 0.0)
    options: list[tuple[float, int, Action]] = []
    if "stand" in specs:
        options.append((strength(hand), 3, Action("stand")))
    if "gain" in specs and len(hand) < MAX_HAND:
        options.append((_average_gain(hand, seen.unseen) + bonus, 1, Action("gain")))
    for kind in ("gain_discard", "swap", "discard"):
        spec = specs.get(kind)
        if spec is None:
            continue
        for option in spec.options:
            rest = list(hand)
            rest.remove(Card.parse(option.value))
            if kind == "swap" and seen.top is not None:
                value = strength([*rest, seen.top])
            elif kind == "gain_discard":
                value = _average_gain(rest, seen.unseen) + bonus
            else:
                value = strength(rest)
            options.append((value, 2, Action(kind, choices=(option.value,))))
    if "keep" in specs:
        options.append((strength(hand), 3, Action("keep")))
    best = max(options, key=lambda o: (o[0], o[1]))
    return best[2]


def equity(seen: Seen, rng: random.Random) -> float:
    """Monte-Carlo chance to win the hand pot against the live opponents' random hands."""
    if not seen.rivals or not 2 <= len(seen.hand) <= MAX_HAND:
        return 0.5 if seen.rivals else 1.0
    mine = evaluate_cards(seen.hand).rank_key
    pool = list(seen.unseen)

    def trial(r: random.Random) -> float:
        cards = r.sample(pool, min(len(pool), sum(seen.rivals)))
        keys = []
        for count in seen.rivals:
            theirs, cards = cards[:count], cards[count:]
            if 2 <= len(theirs) <= MAX_HAND:
                keys.append(evaluate_cards(theirs).rank_key)
        return showdown_share(mine, keys)

    return monte_carlo(trial, EQUITY_SAMPLES, rng)


def decide(game: Game, seat: int, style: str) -> Action:
    """The bot's action for a pending ``seat`` of a Corellian Spike game."""
    return turn_or_bet(game, seat, style, read(game, seat), CARD_KINDS, _card_turn, equity)


CARD_KINDS = ("stand", "keep", "discard")
"""The kinds of a card-turn decision (:func:`card_action` answers them)."""


def _card_turn(seen: Seen, kinds: dict[str, ActionSpec], style: str, _: random.Random) -> Action:
    return card_action(seen, kinds, style)
