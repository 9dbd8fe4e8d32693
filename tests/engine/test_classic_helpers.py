"""Helpers shared by the Classic Sabacc tests: stacked games, scripted dice, action scripts."""

from __future__ import annotations

import random
from typing import Any

from engine.core.game import Action, Event, ParamKind
from engine.variants.classic import ClassicGame
from engine.variants.classic_cards import full_deck

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


def seat_now(game: ClassicGame) -> int:
    """The one pending seat."""
    (seat,) = game.pending_seats()
    return seat


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


def texts(events: list[Event] | tuple[Event, ...]) -> list[str]:
    """Public lines of events."""
    return [t for e in events if (t := e.public_text())]


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
    specs = game.legal_actions(seat)
    calm = [s for s in specs if s.kind not in ("fold", "all_in")]
    spec = rng.choice(calm if calm and rng.random() < 0.85 else specs)
    if spec.param is ParamKind.AMOUNT:
        high = spec.max_amount if rng.random() < 0.2 else min(spec.max_amount, spec.min_amount + 5)
        return Action(spec.kind, amount=rng.randint(spec.min_amount, high))
    if spec.param is ParamKind.CHOICE:
        return Action(spec.kind, choices=(rng.choice(spec.options).value,))
    return Action(spec.kind)
