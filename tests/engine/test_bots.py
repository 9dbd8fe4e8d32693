"""Bots: whole bot games, legality, conservation, hidden information, determinism."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from engine.bots import STYLES, _decider, choose_action, play_out, supports
from engine.bots.common import is_valid
from engine.core.game import Action, Game
from engine.variants import get_variant, variant_ids

VARIANTS = [v for v in variant_ids() if supports(v)]
SETUP: dict[str, dict[str, Any]] = {
    "coruscant-shift": {"buy_in": 60, "options": {}},
    "kessel": {"buy_in": 60, "options": {"starting_chips": 4}},
    "classic": {"buy_in": 60, "options": {"max_hands": 4}},
    "centran": {"buy_in": 60, "options": {"max_hands": 3}},
    "project": {"buy_in": 60, "options": {"max_hands": 3}},
    "corellian-spike": {"buy_in": 60, "options": {"max_hands": 4}},
}
MAX_STEPS = 4000


def new_game(variant: str, seats: int, seed: int) -> Game:
    setup = SETUP.get(variant, {"buy_in": 100, "options": {}})
    players = [f"p{i}" for i in range(seats)]
    info = get_variant(variant)
    return info.create(players, buy_in=setup["buy_in"], options=setup["options"], seed=seed)


def play(
    variant: str,
    styles: Sequence[str | None],
    seed: int,
    on_decision: Callable[[Game, int], None] | None = None,
) -> Game:
    """Play to the end; a ``None`` style is a random-legal player. Every action must be legal."""

    def checked(game: Game, seat: int, style: str) -> Action:
        if on_decision is not None:
            on_decision(game, seat)
        action = choose_action(variant, game, seat, style)
        assert is_valid(action, game.legal_actions(seat)), action
        return action  # the game raises IllegalAction on an illegal move

    game = new_game(variant, len(styles), seed)
    play_out(game, styles, random.Random(seed), checked, max_steps=MAX_STEPS)
    assert game.finished, f"{variant} seed {seed} did not finish in {MAX_STEPS} steps"
    return game


def buy_in(variant: str) -> int:
    return int(SETUP.get(variant, {"buy_in": 100})["buy_in"])


def test_supported_variants() -> None:
    assert {"coruscant-shift", "kessel", "classic", "project"} <= set(VARIANTS)
    assert not supports("no-such-variant")


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("style", STYLES)
def test_bot_only_games_finish_legally_and_conserve_credits(variant: str, style: str) -> None:
    for seed in range(6):
        seats = 2 + seed % 3
        game = play(variant, [style] * seats, seed)
        assert sum(game.payouts().values()) == buy_in(variant) * seats


@pytest.mark.parametrize("variant", VARIANTS)
def test_mixed_tables_with_random_players(variant: str) -> None:
    for seed in range(4):
        styles: list[str | None] = [STYLES[seed % 3], None, STYLES[(seed + 1) % 3], None]
        game = play(variant, styles, 100 + seed)
        assert sum(game.payouts().values()) == buy_in(variant) * len(styles)


# ---------------------------------------------------------------------- hidden information


def _swap_with_pile(hand: list[str], pile: list[str], same: Callable[[str, str], bool]) -> None:
    """Replace every card of ``hand`` by a different card of ``pile`` (in place, both ways)."""
    for i, card in enumerate(hand):
        for j, other in enumerate(pile):
            if other != card and other not in hand and same(card, other):
                hand[i], pile[j] = other, card
                break


def _perturb_coruscant(data: dict[str, Any], other: int) -> None:
    hand = list(data["hands"][other])
    _swap_with_pile(data["hands"][other], data["deck"], lambda a, b: True)
    mapping = dict(zip(hand, data["hands"][other], strict=True))
    for key in ("kept", "choice"):
        if data[key][other] is not None:
            data[key][other] = [mapping.get(c, c) for c in data[key][other]]


def _perturb_kessel(data: dict[str, Any], other: int) -> None:
    st = data["state"]
    seat = st["seats"][other]
    for fam in ("sand", "blood"):
        cards = [c for c in seat["hand"] if c.startswith(fam)]
        _swap_with_pile(cards, st["draw"].get(fam, []), lambda a, b: True)
        seat["hand"] = [c for c in seat["hand"] if not c.startswith(fam)] + cards
    seat["hand"].sort(key=lambda c: not c.startswith("sand"))
    if not st["options"]["tokens_public"]:
        spare = [t for t in _KESSEL_TOKENS if t not in seat["tokens"]]
        seat["tokens"] = spare[: len(seat["tokens"])]


_KESSEL_TOKENS = ("free_draw", "refund", "embargo", "immunity", "markdown", "major_fraud")


def _perturb_classic(data: dict[str, Any], other: int) -> None:
    st = data["state"]
    _swap_with_pile(st["hands"][other], st["draw"], lambda a, b: True)


def _perturb_project(data: dict[str, Any], other: int) -> None:
    st = data["state"]
    hand, protected = st["hands"][other], set(st["fields"][other])
    hidden = [c for i, c in enumerate(hand) if i not in protected]
    _swap_with_pile(hidden, st["draw"], lambda a, b: True)
    for i in range(len(hand)):
        if i not in protected:
            hand[i] = hidden.pop(0)


def _perturb_centran(data: dict[str, Any], other: int) -> None:
    st = data["state"]
    fives = {"coins:5", "flasks:5", "sabers:5", "staves:5", "major:-5"}
    _swap_with_pile(st["hands"][other], st["draw"], lambda a, b: b not in fives)


PERTURB: dict[str, Callable[[dict[str, Any], int], None]] = {
    "coruscant-shift": _perturb_coruscant,
    "kessel": _perturb_kessel,
    "classic": _perturb_classic,
    "project": _perturb_project,
    "centran": _perturb_centran,
    "corellian-spike": _perturb_classic,  # hands and the draw pile in the same layout
}


@pytest.mark.parametrize("variant", VARIANTS)
def test_decisions_ignore_other_seats_hidden_cards(variant: str) -> None:
    """Two states that differ only in another seat's hidden cards give the same action."""
    info = get_variant(variant)
    checked = changed = 0

    def check(game: Game, seat: int) -> None:
        nonlocal checked, changed
        if variant == "kessel" and game.public_view().phase == "impostor":
            return  # Kessel hands are face up while Impostor dice are chosen (kessel.md §3.5)
        for other in range(len(game.players)):
            if other == seat:
                continue
            data = copy.deepcopy(game.to_json())
            PERTURB[variant](data, other)
            twin = info.restore(data)
            assert twin.view_for(seat) == game.view_for(seat)
            assert twin.public_view() == game.public_view()
            changed += twin.view_for(other).hand != game.view_for(other).hand
            for style in STYLES:
                assert choose_action(variant, twin, seat, style) == choose_action(
                    variant, game, seat, style
                )
            checked += 1

    for seed in range(2):
        play(variant, ["balanced", "bold", "cautious"], 500 + seed, check)
    assert checked > 10
    assert changed > checked // 3  # the perturbation really changed hidden cards


@pytest.mark.parametrize("variant", VARIANTS)
def test_same_state_same_action(variant: str) -> None:
    """Determinism: a restored copy decides exactly like the original, also after global
    ``random`` is disturbed."""
    info = get_variant(variant)

    def check(game: Game, seat: int) -> None:
        twin = info.restore(copy.deepcopy(game.to_json()))
        for style in STYLES:
            first = choose_action(variant, game, seat, style)
            assert _decider(variant)(game, seat, style) == first  # no fallback was needed
            random.seed(seat)  # the bots must not depend on the global generator
            assert choose_action(variant, twin, seat, style) == first

    play(variant, ["bold", "balanced"], 77, check)


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_legal_player_is_legal(variant: str) -> None:
    game = play(variant, [None, None, None], 9)
    assert game.finished
