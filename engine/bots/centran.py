"""The Centran Sabacc bot (variant ``centran``).

A hand is judged by the engine's own evaluation (:func:`~engine.variants.centran.cards.evaluate`
with the table fives), turned into a rough chance of beating one opponent by :func:`strength`.
Each Card-Phase turn compares standing, gaining (the exact average over the unseen cards, a five
counting as one more table five) and every trade with an Array card; a strong hand puts its
biggest hidden card into the Stasis Field (safe from a Sabacc Shift). Betting feeds
``strength ** rivals`` to the shared pot-odds policy. The advanced actions are never chosen.

Read from the facts: the own hidden cards (``view_for``), the table's
:class:`~engine.variants.centran.views.CentranTable` (every seat's Stasis Field and whether it is
live, the Array, the table fives) and the pots; in a trade's second step, the Array card being
taken from the ``give`` control's :class:`~engine.variants.centran.actions.Giving`. A view or
control without them raises :class:`~engine.bots.common.Undecided`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.bots.common import (
    Holding,
    Undecided,
    profile,
    table_facts,
    turn_or_bet,
)
from engine.core.game import Action, ActionSpec, Game
from engine.variants.centran.actions import Giving
from engine.variants.centran.cards import Card, HandEval, evaluate, full_deck
from engine.variants.centran.state import Phase
from engine.variants.centran.views import CentranTable

BOMB = -0.4  # value of a bombed hand at the reveal (it also pays a penalty)
_CATEGORY_VALUE = {0: 1.0, 1: 0.99, 2: 0.97, 3: 0.95, 4: 0.92, 5: 0.9}


@dataclass(frozen=True, slots=True)
class Table(Holding[Card]):
    """This seat's cards (:class:`~engine.bots.common.Holding`) and the public facts a decision
    needs."""

    array: tuple[Card, ...]
    fives: int
    unseen: tuple[Card, ...]
    rivals: int  # live opponents
    pot: int
    stack: int


def strength(evaluation: HandEval) -> float:
    """Rough chance that a hand beats one opponent at the reveal."""
    if evaluation.bombed:
        return BOMB
    cat, distance = evaluation.rank_key[0], evaluation.rank_key[1]
    if cat in _CATEGORY_VALUE:
        return _CATEGORY_VALUE[cat]
    return 0.85 * math.exp(-0.3 * (distance - 1)) + (0.01 if evaluation.rank_key[2] == 0 else 0)


def value(cards: Sequence[Card], fives: int) -> float:
    """:func:`strength` of ``cards`` with ``fives`` table fives."""
    return strength(evaluate(cards, fives)) if cards else BOMB


def _cards(notations: Sequence[str]) -> list[Card]:
    return [Card.parse(n) for n in notations]


def read_table(game: Game, seat: int) -> Table:
    """This seat's cards plus the public facts (the table's
    :class:`~engine.variants.centran.views.CentranTable`); raises
    :class:`~engine.bots.common.Undecided` on a view without them."""
    view, public, facts = table_facts(game, seat, CentranTable, "Centran")
    hidden = tuple(_cards(view.hand))
    shown = [f.dealt and f.live and facts.phase is not Phase.GAME_OVER for f in facts.seats]
    fields = [_cards(f.stasis) if on else [] for f, on in zip(facts.seats, shown, strict=True)]
    array = tuple(_cards(facts.array))
    tabled = _cards([card for card, _ in facts.fives])
    known = {*hidden, *array, *tabled, *(c for cards in fields for c in cards)}
    rivals = sum(1 for i, on in enumerate(shown) if i != seat and on)
    return Table(
        hidden=hidden,
        stasis=tuple(fields[seat]),
        array=array,
        fives=len(facts.fives),
        unseen=tuple(c for c in full_deck() if c not in known),
        rivals=rivals,
        pot=sum(amount for _, amount in public.pots),
        stack=public.seats[seat].stack,
    )


def gain_value(table: Table) -> float:
    """Expected :func:`value` after drawing one unseen card (a five joins the table)."""
    if not table.unseen:
        return BOMB
    held = table.held
    total = 0.0
    for card in table.unseen:
        total += value(held, table.fives + 1) if card.is_five else value([*held, card], table.fives)
    return total / len(table.unseen)


def best_give(table: Table, taken: Card) -> tuple[float, Card]:
    """The held card whose exchange for ``taken`` leaves the best hand, and that hand's value."""
    held = table.held
    scored = [(value([*(c for c in held if c != give), taken], table.fives), give) for give in held]
    return max(scored, key=lambda item: (item[0], item[1].notation))


def card_action(table: Table, specs: dict[str, ActionSpec], style: str) -> Action:
    """Stasis first when strong, then the best of stand / gain / trade; end the turn."""
    now = value(table.held, table.fives)
    if "stasis" in specs and now >= 0.5 and table.hidden and not table.stasis:
        card = max(table.hidden, key=lambda c: (abs(c.value), c.notation))
        return Action("stasis", choices=(card.notation,))
    if "give" in specs:
        giving = specs["give"].facts
        if not isinstance(giving, Giving):
            raise Undecided(f"a give control needs its Giving facts, not {giving!r}")
        taken = Card.parse(giving.taken)
        return Action("give", choices=(best_give(table, taken)[1].notation,))
    if "stand" not in specs:
        return Action("end_turn") if "end_turn" in specs else Action("cancel_trade")
    margin = 0.04 * (1.5 - profile(style).risk)
    options: list[tuple[float, Action]] = [(now + margin, Action("stand"))]
    if "gain" in specs:
        options.append((gain_value(table), Action("gain")))
    if "trade" in specs:
        for i, card in enumerate(table.array):
            options.append(
                (best_give(table, card)[0], Action("trade", choices=(f"array:{i + 1}",)))
            )
    return max(options, key=lambda item: item[0])[1]


def decide(game: Game, seat: int, style: str) -> Action:
    """The bot's action for a pending ``seat`` of a Centran Sabacc game."""
    table = read_table(game, seat)
    return turn_or_bet(game, seat, style, table, CARD_KINDS, _card_turn, bet_equity)


CARD_KINDS = ("stand", "end_turn", "give")
"""The kinds of a Card-Phase decision (:func:`card_action` answers them)."""


def _card_turn(table: Table, kinds: dict[str, ActionSpec], style: str, _: random.Random) -> Action:
    return card_action(table, kinds, style)


def bet_equity(table: Table, _: random.Random) -> float:
    """The chance to beat every live rival at the reveal (a closed form: no draw is simulated)."""
    return max(0.0, value(table.held, table.fives)) ** max(1, table.rivals)
