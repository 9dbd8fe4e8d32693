"""Helpers for the Kessel tests: a game with a stacked deal (no tests here)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from bot import words
from engine.core.deck import Deck
from engine.core.game import Action, ActionSpec, PlayerView, PublicView
from engine.variants.kessel import KesselGame, create
from engine.variants.kessel.cards import FAMILIES, FULL_DECK, Family, parse_card, parse_hand
from engine.variants.kessel.rank import Fix

NAMES = ("ann", "bob", "cat", "dan", "eve", "fay")


def stacked(
    n: int = 3,
    *,
    tokens: Sequence[Sequence[str]] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    sand: Sequence[str] = (),
    blood: Sequence[str] = (),
    discards: Mapping[str, str] | None = None,
    stock: Mapping[int, int] | None = None,
    options: Mapping[str, Any] | None = None,
    seed: int = 1,
) -> KesselGame:
    """A game at round 1, turn 1, seat 0 to act, with the given hands and pile tops."""
    opts: dict[str, Any] = {"token_mode": "none"}
    if tokens is not None:
        opts = {"token_mode": "predetermined", "predetermined_tokens": [list(t) for t in tokens]}
    opts |= dict(options or {})
    game = create(list(NAMES[:n]), buy_in=90, options=opts, seed=seed)
    st = game.state
    given = {s: list(parse_hand(h)) for s, h in (hands or {}).items()}
    tops = {
        Family.SAND: [parse_card(c) for c in sand],
        Family.BLOOD: [parse_card(c) for c in blood],
    }
    disc = {
        f: [parse_card((discards or {})[f.value])] for f in FAMILIES if f.value in (discards or {})
    }
    named = [c for h in given.values() for c in h] + [c for f in FAMILIES for c in tops[f]]
    named += [c for f in disc for c in disc[f]]
    rest = Counter(FULL_DECK) - Counter(named)
    # number cards first (dealt and drawn first), Impostors and Sylops at the bottom
    pools = {
        f: sorted((c for c in rest.elements() if c.family is f), key=lambda c: c.face.number or 9)
        for f in FAMILIES
    }
    for f in FAMILIES:
        if f not in disc:
            disc[f] = [pools[f].pop(0)]
    for i, seat in enumerate(st.seats):
        seat.hand = given.get(i) or [pools[f].pop(0) for f in FAMILIES]
        seat.history, seat.hand_pot, seat.immune = [], 0, False
        if stock and i in stock:
            seat.stock = stock[i]
    for f in FAMILIES:
        st.draw[f] = Deck.stacked(tops[f] + pools[f])
        st.discard[f] = disc[f]
    st.starter, st.order, st.cursor, st.t = 0, list(range(n)), 0, 1
    st.fix, st.embargoed, st.forced = Fix(), None, False
    st.token_played = st.free_draw = st.acted = False
    return game


def act(game: KesselGame, seat: int, kind: str, *choices: str) -> tuple[Any, ...]:
    """Apply one action."""
    return game.apply(seat, Action(kind, choices=tuple(choices)))


def texts(events: Sequence[Any]) -> list[str]:
    """The public log lines of ``events``, as the bot writes them."""
    return [line for e in events for line in words.event_lines("kessel", e)]


def public(game: KesselGame) -> PublicView:
    """The public view with the bot's words."""
    return words.table_text("kessel", game.public_view())


def private(game: KesselGame, seat: int) -> PlayerView:
    """A seat's private view with the bot's words."""
    return words.hand_text("kessel", game.view_for(seat))


def specs(game: KesselGame, seat: int) -> tuple[ActionSpec, ...]:
    """The legal actions with the bot's words."""
    return tuple(words.spec_text("kessel", s) for s in game.legal_actions(seat))


def preview(game: KesselGame, seat: int, action: Action) -> str:
    """The preview line of ``action``, as the bot writes it."""
    return words.preview_text("kessel", game.preview(seat, action))


def stand_all(game: KesselGame, seats: Sequence[int]) -> list[Any]:
    """Each listed seat stands in turn; returns all events."""
    out: list[Any] = []
    for s in seats:
        out += act(game, s, "stand")
    return out
