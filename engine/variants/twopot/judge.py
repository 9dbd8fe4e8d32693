"""Reading a two-pot settlement vector, written once for the Classic, Centran and Project judges.

The three specs' §0 vectors share their field conventions: player ids are strings, credits are
JSON non-negative integers (``true``/``false`` are not numbers), per-player credit objects may
name only seated players and default to 0, cards come as lists of notation strings, folded players
are seated and hold no hand, and each pot layer is written as ``amount``, ``eligible`` and
``winners``. What each vector holds beyond that, and how it is settled, stays in each
``<variant>_judge``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

__all__ = [
    "card_list",
    "folded_players",
    "int_map",
    "is_count",
    "money_of",
    "players",
    "pots_json",
    "sabacc_pot_of",
    "seat_order_of",
]

C = TypeVar("C")


class _Pot(Protocol):
    @property
    def amount(self) -> int: ...

    @property
    def eligible(self) -> Sequence[str]: ...

    @property
    def winners(self) -> Sequence[str]: ...


def is_count(value: Any) -> bool:
    """A JSON non-negative integer (``true``/``false`` are not numbers here).

    >>> is_count(3), is_count(-1), is_count(True), is_count(2.0)
    (True, False, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def players(raw: Any, what: str) -> list[str]:
    """A JSON list of player ids (strings); absent (``None``) is the empty list."""
    if raw is None:
        return []
    if not isinstance(raw, list) or not all(isinstance(p, str) for p in raw):
        raise ValueError(f"{what} must be a list of player ids")
    return list(raw)


def seat_order_of(ctx: Mapping[str, Any]) -> list[str]:
    """The context's ``seat_order``: at least two distinct player ids (Classic, Project)."""
    seat = players(ctx.get("seat_order"), "seat_order")
    if len(seat) < 2 or len(set(seat)) != len(seat):
        raise ValueError("seat_order needs at least two distinct players")
    return seat


def int_map(raw: Any, seat: list[str], what: str) -> dict[str, int]:
    """A JSON object of player → credits over ``seat`` (absent players 0, in seat order); it may
    name only players of ``seat`` and every value must be a non-negative integer."""
    if raw is not None and not isinstance(raw, Mapping):
        raise ValueError(f"{what} must be an object of player → credits")
    data = dict(raw or {})
    unknown = set(data) - set(seat)
    if unknown:
        raise ValueError(f"{what} names players not in seat_order: {sorted(unknown)}")
    out: dict[str, int] = {}
    for p in seat:
        value = data.get(p, 0)
        if not is_count(value):
            raise ValueError(f"{what}[{p}] must be a non-negative integer")
        out[p] = value
    return out


def card_list(raw: Any, what: str, parse: Callable[[list[str]], list[C]]) -> list[C]:
    """A JSON list of card notations, read with the variant's ``parse`` (which raises on a card
    its notation does not know)."""
    if not isinstance(raw, list) or not all(isinstance(c, str) for c in raw):
        raise ValueError(f"{what} must be a list of cards")
    return parse(raw)


def folded_players(
    ctx: Mapping[str, Any], seat: list[str], hands: Iterable[str], holding: str = "hand"
) -> list[str]:
    """The context's ``folded`` players: seated, and none of them among ``hands`` (the error
    says they must have no ``holding``)."""
    folded = players(ctx.get("folded"), "folded")
    if set(folded) & set(hands) or not set(folded) <= set(seat):
        raise ValueError(f"folded players must be seated and have no {holding}")
    return folded


def sabacc_pot_of(ctx: Mapping[str, Any]) -> int:
    """The context's ``sabacc_pot`` (default 0), a non-negative integer."""
    sabacc_pot = ctx.get("sabacc_pot", 0)
    if not is_count(sabacc_pot):
        raise ValueError("sabacc_pot must be a non-negative integer")
    return int(sabacc_pot)


def money_of(
    ctx: Mapping[str, Any], seat: list[str], stock: str = "stock"
) -> tuple[dict[str, int], dict[str, int], int]:
    """A vector context's money, in the order the settlement functions take it: every seated
    player's ``contributions`` and credits behind (under the key ``stock``; the Project's
    vectors say ``stacks``), and the Sabacc pot; raises ``ValueError`` on a malformed one."""
    contributions = int_map(ctx.get("contributions"), seat, "contributions")
    behind = int_map(ctx.get(stock), seat, stock)
    return contributions, behind, sabacc_pot_of(ctx)


def pots_json(pots: Iterable[_Pot]) -> list[dict[str, Any]]:
    """The pot layers in the vectors' ``pots`` shape (``amount``, ``eligible``, ``winners``)."""
    return [
        {"amount": pot.amount, "eligible": list(pot.eligible), "winners": list(pot.winners)}
        for pot in pots
    ]
