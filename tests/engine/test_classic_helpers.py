"""Helpers shared by the Classic Sabacc tests: stacked games, scripted dice, action scripts."""

from __future__ import annotations

import random
from typing import Any

from engine.core.game import Action, Event
from engine.variants.classic import ClassicGame
from engine.variants.classic.cards import full_deck
from tests.engine.playout import seat_now, weighted_random_action

NAMES = ("A", "B", "C", "D", "E", "F", "G", "H")


class ScriptedDice(random.Random):
    """A Random whose ``randint`` (used only for the dice) returns scripted values first."""

    def __init__(self, dice: list[int], seed: int = 0) -> None:
        super().__init__(seed)
        self.dice = list(dice)

    def randint(self, a: int, b: int) -> int:
        if self.dice:
            return self.dice.pop(0)
        return super().randint(a, b)


def make(
    deck: list[str],
    n: int = 2,
    *,
    start: int = 0,
    buy_in: int = 100,
    dice: list[int] | None = None,
    **options: Any,
) -> ClassicGame:
    """A game whose first hand is dealt from ``deck`` (top first) by seat ``start``; every Dice
    phase rolls from ``dice`` (default: never doubles)."""
    game = ClassicGame.create(
        list(NAMES[:n]), buy_in=buy_in, options=options, seed=1, deck=deck, start_seat=start
    )
    game.state.rng = ScriptedDice(dice if dice is not None else [1, 2] * 50)
    return game


def do(game: ClassicGame, script: str) -> list[Event]:
    """Apply a ';'-separated script for whoever is pending: ``check; bet 5; change coins:3``."""
    events: list[Event] = []
    for item in filter(None, (s.strip() for s in script.split(";"))):
        kind, _, arg = item.partition(" ")
        if arg and arg.lstrip("-").isdigit():
            action = Action(kind, amount=int(arg))
        elif arg:
            action = Action(kind, choices=(arg,))
        else:
            action = Action(kind)
        events += game.apply(seat_now(game), action)
    return events


def card_multiset(game: ClassicGame) -> list[str]:
    """Every card the state holds (pile, discards, hands, stasis), sorted."""
    st = game.state
    cards = st.draw.top_first() + st.discard
    for pile in st.hands + st.stasis:
        cards += pile
    return sorted(c.notation for c in cards)


ALL_CARDS = sorted(c.notation for c in full_deck())


def random_action(game: ClassicGame, seat: int, rng: random.Random) -> Action:
    """A random legal action (fold and all-in rarer, so hands reach the reveal)."""
    return weighted_random_action(game, seat, rng, calm=0.85, wide=0.2)
