"""Helpers shared by the Centran Sabacc tests: stacked games, a predictable RNG, action scripts,
random legal actions and card accounting."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.core.game import Action, Event
from engine.variants.centran import CentranGame
from engine.variants.centran.cards import full_deck
from tests.engine.playout import seat_now, weighted_random_action

NAMES = ("A", "B", "C", "D", "E", "F", "G", "H")
ALL_CARDS = sorted(c.notation for c in full_deck())


class NoShuffle(random.Random):
    """A Random whose shuffles keep the order and whose samples take the first cards, so a
    Sabacc Shift is predictable: the discards go on top of the deck, the last one first."""

    def shuffle(self, x: Any) -> None:  # type: ignore[override]
        return None

    def sample(self, population: Sequence[Any], k: int, **_: Any) -> list[Any]:  # type: ignore[override]
        return list(population)[:k]


def make(
    deck: list[str], n: int = 2, *, dealer: int | None = None, buy_in: int = 100, **options: Any
) -> CentranGame:
    """A game whose first hand is dealt from ``deck`` (top first); the dealer defaults to the
    last seat so that seat 0 acts first; shuffles and Shift discards are predictable."""
    game = CentranGame.create(
        list(NAMES[:n]),
        buy_in=buy_in,
        options=options,
        seed=1,
        deck=deck,
        dealer=n - 1 if dealer is None else dealer,
    )
    game.state.rng = NoShuffle(1)
    return game


def do(game: CentranGame, script: str) -> list[Event]:
    """Apply a ';'-separated script for whoever is pending: ``check; bet 5; stasis coins:3;
    trade array:1; give major:-2``."""
    events: list[Event] = []
    for item in filter(None, (s.strip() for s in script.split(";"))):
        kind, *args = item.split()
        if len(args) == 1 and args[0].isdigit():
            action = Action(kind, amount=int(args[0]))
        else:
            action = Action(kind, choices=tuple(args))
        events += game.apply(seat_now(game), action)
    return events


def card_multiset(game: CentranGame) -> list[str]:
    """Every card the state holds (pile, discards, hands, stasis, Array, table fives), sorted."""
    st = game.state
    cards = st.draw.top_first() + st.discard + st.array + [c for c, _ in st.fives]
    for pile in st.hands + st.stasis:
        cards += pile
    return sorted(c.notation for c in cards)


def random_action(game: CentranGame, seat: int, rng: random.Random) -> Action:
    """A random legal action (fold and all-in rarer, so hands reach the reveal)."""
    return weighted_random_action(game, seat, rng, calm=0.9, wide=0.1)
