"""Coruscant Shift (variant id ``coruscant-shift``): registry entry, factory and judge adapter.

The rules live in :mod:`engine.variants.coruscant_cards` (cards, dice, evaluation, antes) and
:mod:`engine.variants.coruscant_game` (the state machine); this module wires them to the platform.

Pure API used by the judge (and usable by anyone)::

    evaluate(cards, target, suit) -> {"total", "distance", "suit_count", "rank_key"}
    distribute_pot(contributions, folded, seat_order, starting_player, rank_keys) -> Settlement
    ante_schedule(base_ante, players_in_game_per_hand) -> [ante, ...]
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.game import VariantInfo
from engine.core.pots import Settlement, distribute, rotate_to
from engine.variants import coruscant_flow as flow
from engine.variants.coruscant_cards import (
    TARGETS,
    Card,
    Suit,
    ante_schedule,
    check_unique,
    evaluate,
    evaluate_cards,
)
from engine.variants.coruscant_game import CoruscantGame, CoruscantOptions, Phase

__all__ = [
    "INFO",
    "CoruscantGame",
    "CoruscantOptions",
    "Phase",
    "ante_schedule",
    "create",
    "distribute_pot",
    "evaluate",
    "evaluate_cards",
    "judge",
    "restore",
]


def create(
    players: Sequence[str],
    *,
    buy_in: int,
    options: Mapping[str, Any],
    seed: int,
    stacks: Sequence[int] | None = None,
    decks: Sequence[Sequence[str]] = (),
    dice: Sequence[tuple[int, str]] = (),
    start_seat: int | None = None,
) -> CoruscantGame:
    """Start a game: seats in join order, every stack ``buy_in`` (``stacks`` overrides it).

    Test hooks: ``decks`` are top-first card orders used for the first hands instead of a
    shuffle, ``dice`` their ``(target, suit)`` rolls, ``start_seat`` the first starting player.
    """
    if buy_in < INFO.min_buy_in and stacks is None:
        raise ValueError(f"the buy-in must be at least {INFO.min_buy_in}")
    opts = CoruscantOptions.from_mapping(options)
    chips = list(stacks) if stacks is not None else [buy_in] * len(players)
    if len(chips) != len(players) or min(chips, default=0) < 1:
        raise ValueError("every player needs a positive stack")
    game = CoruscantGame(players, stacks=chips, options=opts, rng=random.Random(seed))
    for deck in decks:
        cards = [Card.parse(c) for c in deck]
        check_unique(cards)
        game.rigged_decks.append([c.notation for c in cards])
    for target, suit in dice:
        if target not in TARGETS:
            raise ValueError(f"{target} is not a gold die face")
        game.rigged_dice.append((target, Suit(suit).value))
    if start_seat is not None:
        if not 0 <= start_seat < len(players):
            raise ValueError("start_seat out of range")
        game.rigged_start = start_seat
    flow.start_hand(game, [])
    return game


def restore(data: Mapping[str, Any]) -> CoruscantGame:
    """Inverse of :meth:`CoruscantGame.to_json`."""
    return CoruscantGame.from_json(data)


def distribute_pot(
    contributions: Mapping[str, int],
    folded: Sequence[str],
    seat_order: Sequence[str],
    starting_player: str,
    rank_keys: Mapping[str, Any],
) -> Settlement[str]:
    """Main and side pots of a showdown, paid by ``rank_keys`` (lower is better, §4.4/§5.3)."""
    order = rotate_to(seat_order, starting_player)
    live = [p for p in order if p not in set(folded)]
    return distribute(contributions, live, order, rank_keys)


def _judge_showdown(vector: Mapping[str, Any]) -> dict[str, Any]:
    hands: Mapping[str, Sequence[str]] = vector["hands"]
    ctx: Mapping[str, Any] = vector["context"]
    if len(hands) < 2:
        raise ValueError("a showdown needs at least two hands")
    check_unique(Card.parse(c) for cards in hands.values() for c in cards)
    target, suit = int(ctx["target"]), str(ctx["suit"])
    evals = {p: evaluate(cards, target, suit) for p, cards in hands.items()}
    keys = {p: tuple(e["rank_key"]) for p, e in evals.items()}
    best = min(keys.values())
    result: dict[str, Any] = {
        "winners": sorted(p for p, k in keys.items() if k == best),
        "eval": evals,
    }
    if "contributions" in ctx:
        folded = list(ctx.get("folded", []))
        if set(folded) & set(hands):
            raise ValueError("a folded player cannot show a hand")
        order = list(ctx.get("seat_order") or sorted(ctx["contributions"]))
        start = str(ctx.get("starting_player") or order[0])
        settlement = distribute_pot(ctx["contributions"], folded, order, start, keys)
        result["pots"] = [
            {"amount": p.amount, "eligible": sorted(p.eligible), "winners": list(p.winners)}
            for p in settlement.pots
        ]
        result["payouts"] = {p: settlement.payouts.get(p, 0) for p in ctx["contributions"]}
    return result


def judge(vector: Mapping[str, Any]) -> dict[str, Any]:
    """One §0 vector: a showdown / pot vector, or an ante schedule (``base_ante`` key)."""
    if "base_ante" in vector:
        counts = [int(n) for n in vector["players_in_game_per_hand"]]
        if any(not 2 <= n <= 6 for n in counts):
            raise ValueError("a game has 2 to 6 players in it")
        return {"expected_antes": ante_schedule(int(vector["base_ante"]), counts)}
    return _judge_showdown(vector)


INFO = VariantInfo(
    id="coruscant-shift",
    name="Coruscant Shift",
    min_players=2,
    max_players=6,
    buy_in_presets={"lay": 500, "tournament": 1000},
    default_preset="lay",
    min_buy_in=10,
    create=create,
    restore=restore,
    judge=judge,
    options={
        "ante_escalation": True,
        "base_ante": 2,
        "lock_first_selection": False,
        "sylop_counts_as_target_suit": True,
        "max_hands": None,
        "min_bet": 1,
    },
)
