"""Helpers shared by the Centran Sabacc tests: stacked games, a predictable RNG, action scripts,
random legal actions and card accounting."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.core.game import Action, Event, ParamKind
from engine.variants.centran import CentranGame
from engine.variants.centran_cards import full_deck

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


def seat_now(game: CentranGame) -> int:
    """The one pending seat."""
    (seat,) = game.pending_seats()
    return seat


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


def texts(events: Sequence[Event]) -> list[str]:
    """Public lines of events."""
    return [t for e in events if (t := e.public_text())]


def card_multiset(game: CentranGame) -> list[str]:
    """Every card the state holds (pile, discards, hands, stasis, Array, table fives), sorted."""
    st = game.state
    cards = st.draw.top_first() + st.discard + st.array + [c for c, _ in st.fives]
    for pile in st.hands + st.stasis:
        cards += pile
    return sorted(c.notation for c in cards)


def random_action(game: CentranGame, seat: int, rng: random.Random) -> Action:
    """A random legal action (fold and all-in rarer, so hands reach the reveal)."""
    specs = game.legal_actions(seat)
    calm = [s for s in specs if s.kind not in ("fold", "all_in")]
    spec = rng.choice(calm if calm and rng.random() < 0.9 else specs)
    if spec.param is ParamKind.AMOUNT:
        high = spec.max_amount if rng.random() < 0.1 else min(spec.max_amount, spec.min_amount + 5)
        return Action(spec.kind, amount=rng.randint(spec.min_amount, high))
    if spec.param is ParamKind.CHOICE:
        return Action(spec.kind, choices=(rng.choice(spec.options).value,))
    return Action(spec.kind)
