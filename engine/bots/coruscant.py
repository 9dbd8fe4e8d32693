"""The Coruscant Shift bot (variant ``coruscant-shift``).

Selections: round 2 keeps the subset closest to the target (ties: more target-suit cards and
Sylops, then fewer cards); round 1 compares, for every size, the best subset of that size by a
small Monte-Carlo of the redraw, so it keeps fewer cards when a fresh draw is worth more.
Betting: the win chance of the (expected) final selection against opponents holding random
unseen cards, fed to the shared pot-odds policy of :mod:`engine.bots.common`.

Only the seat's view, the public view and the legal actions are read, as facts: the dice, the
round and the seats from the public view's :class:`~engine.variants.coruscant.facts.TableFacts`,
the cards kept in round 1 from the select's options (:class:`~.facts.CardOption`). A view or
control without those facts raises :class:`~engine.bots.common.Undecided`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.bots.common import (
    BetSituation,
    Undecided,
    betting_action,
    by_kind,
    decision_rng,
    monte_carlo,
)
from engine.core.game import Action, ActionSpec, Game
from engine.variants.coruscant.cards import SYLOP_ALIAS_SEP, Card, Suit, full_deck, parse_cards
from engine.variants.coruscant.facts import CardOption, Place, TableFacts

Key = tuple[int, int]  # (distance, -suit_count): the variant's rank_key, lower is better

OPPONENT_SAMPLES = 48
REDRAW_SAMPLES = 24
EQUITY_SAMPLES = 32


@dataclass(frozen=True, slots=True)
class Table:
    """The public facts a decision needs."""

    target: int
    suit: Suit
    round_no: int
    opponents: int
    pot: int
    stack: int


def read_table(game: Game, seat: int) -> Table:
    """Target, suit, round, live opponents, pot and own stack from the public view's facts."""
    public = game.public_view()
    facts = public.facts
    if not isinstance(facts, TableFacts):
        raise Undecided("the public view has no Coruscant Shift table facts")
    live = [
        s.seat
        for s, f in zip(public.seats, facts.seats, strict=True)
        if s.seat != seat and s.active and f.place is Place.LIVE
    ]
    return Table(
        target=facts.target,
        suit=facts.suit,
        round_no=2 if facts.phase.round_no == 2 else 1,
        opponents=max(len(live), 1),
        pot=sum(amount for _, amount in public.pots),
        stack=public.seats[seat].stack,
    )


def subset_keys(cards: Sequence[Card], target: int, suit: Suit) -> list[Key]:
    """The rank key of every subset, indexed by bitmask (index 0, the empty set, is unused).

    Same keys as :func:`engine.variants.coruscant.cards.evaluate_cards` (Sylops wild; tests
    check it), computed incrementally over bitmasks so the Monte-Carlo loops stay fast.
    """
    size = 1 << len(cards)
    sums = [0] * size
    hits = [0] * size
    keys: list[Key] = [(0, 0)] * size
    for mask in range(1, size):
        low = mask & -mask
        card = cards[low.bit_length() - 1]
        sums[mask] = sums[mask ^ low] + card.value
        hits[mask] = hits[mask ^ low] + (card.suit is suit or card.suit is None)
        keys[mask] = (abs(sums[mask] - target), -hits[mask])
    return keys


def best_subset(
    cards: Sequence[Card], target: int, suit: Suit, required: int = 0
) -> tuple[Key, int]:
    """The best subset containing ``required`` (a bitmask) as ``(rank_key, mask)``.

    Ties go to fewer cards, then to the lower mask.
    """
    keys = subset_keys(cards, target, suit)
    masks = (m for m in range(1, len(keys)) if m & required == required)
    mask = min(masks, key=lambda m: (keys[m], m.bit_count(), m))
    return keys[mask], mask


def _subsets_by_size(cards: Sequence[Card], target: int, suit: Suit) -> dict[int, int]:
    """For every size, the mask of the best subset of exactly that size."""
    keys = subset_keys(cards, target, suit)
    best: dict[int, int] = {}
    for mask in range(1, len(keys)):
        size = mask.bit_count()
        if size not in best or keys[mask] < keys[best[size]]:
            best[size] = mask
    return best


def _unseen(own: Sequence[Card]) -> list[Card]:
    pool = Counter(full_deck())
    pool.subtract(own)
    return list(pool.elements())


def opponent_keys(table: Table, unseen: Sequence[Card], rng: random.Random) -> list[Key]:
    """Sorted final keys of opponents holding five random unseen cards."""
    keys = [
        best_subset(rng.sample(unseen, 5), table.target, table.suit)[0]
        for _ in range(OPPONENT_SAMPLES)
    ]
    return sorted(keys)


def win_chance(key: Key, field: Sequence[Key], opponents: int) -> float:
    """Chance that ``key`` beats (or splits with) ``opponents`` players drawn from ``field``."""
    beaten = sum(1 for k in field if k < key) / len(field)
    tied = sum(1 for k in field if k == key) / len(field)
    one = 1.0 - beaten - tied / 2
    return max(0.0, one) ** opponents


def redraw_win(
    kept: Sequence[Card],
    table: Table,
    unseen: Sequence[Card],
    field: Sequence[Key],
    rng: random.Random,
    samples: int = REDRAW_SAMPLES,
) -> float:
    """Mean win chance after keeping ``kept`` and drawing back up to five cards."""
    need = 5 - len(kept)
    if need <= 0:
        key, _ = best_subset(kept, table.target, table.suit)
        return win_chance(key, field, table.opponents)

    def trial(r: random.Random) -> float:
        hand = [*kept, *r.sample(unseen, need)]
        key, _ = best_subset(hand, table.target, table.suit)
        return win_chance(key, field, table.opponents)

    return monte_carlo(trial, samples, rng)


def _options_for(spec: ActionSpec, cards: Sequence[Card]) -> tuple[str, ...]:
    """Option values naming ``cards`` (a second Sylop is ``sylop#2``)."""
    wanted = Counter(cards)
    values: list[str] = []
    for option in spec.options:
        card = Card.parse(option.value.split(SYLOP_ALIAS_SEP)[0])
        if wanted[card] > 0:
            wanted[card] -= 1
            values.append(option.value)
    return tuple(values)


def _kept_mask(spec: ActionSpec) -> int:
    """Cards marked as kept in round 1 (they must stay when the first selection is locked)."""
    mask = 0
    for i, option in enumerate(spec.options):
        facts = option.facts
        if not isinstance(facts, CardOption):
            raise Undecided(f"the option {option.value!r} has no card facts")
        mask |= facts.kept << i
    return mask


def select(game: Game, seat: int, spec: ActionSpec, style: str) -> Action:
    """Choose the selection of either round."""
    table = read_table(game, seat)
    hand = parse_cards(game.view_for(seat).hand)
    if table.round_no == 2:
        _, mask = best_subset(hand, table.target, table.suit)
        action = Action("select", choices=_options_for(spec, _pick(hand, mask)))
        if game.preview(seat, action):
            return action
        _, mask = best_subset(hand, table.target, table.suit, required=_kept_mask(spec))
        return Action("select", choices=_options_for(spec, _pick(hand, mask)))
    rng = decision_rng(game, seat, style)
    unseen = _unseen(hand)
    field = opponent_keys(table, unseen, rng)
    scored = []
    for size, mask in sorted(_subsets_by_size(hand, table.target, table.suit).items()):
        kept = _pick(hand, mask)
        scored.append((redraw_win(kept, table, unseen, field, rng), -size, mask))
    _, _, mask = max(scored)
    return Action("select", choices=_options_for(spec, _pick(hand, mask)))


def _pick(cards: Sequence[Card], mask: int) -> list[Card]:
    return [c for i, c in enumerate(cards) if mask >> i & 1]


def bet(game: Game, seat: int, specs: Sequence[ActionSpec], style: str) -> Action:
    """A betting decision from the win chance of the (expected) final selection."""
    table = read_table(game, seat)
    hand = parse_cards(game.view_for(seat).hand)
    rng = decision_rng(game, seat, style)
    unseen = _unseen(hand)
    field = opponent_keys(table, unseen, rng)
    if table.round_no == 2:
        key, _ = best_subset(hand, table.target, table.suit, required=(1 << len(hand)) - 1)
        equity = win_chance(key, field, table.opponents)
    else:
        equity = redraw_win(hand, table, unseen, field, rng, EQUITY_SAMPLES)
    situation = BetSituation(equity, table.pot, table.stack)
    return betting_action(specs, situation, style, rng)


def decide(game: Game, seat: int, style: str) -> Action:
    """The bot's action for a pending ``seat`` of a Coruscant Shift game."""
    specs = game.legal_actions(seat)
    select_spec = by_kind(specs).get("select")
    if select_spec is not None:
        return select(game, seat, select_spec, style)
    return bet(game, seat, specs, style)
