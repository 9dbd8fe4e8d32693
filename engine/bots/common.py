"""Helpers shared by every variant's bot: styles, seeded randomness, spec handling, betting.

Everything here is pure: it reads :class:`~engine.core.game.ActionSpec` tuples and public
views, never a game's private state. Randomness comes only from the :class:`random.Random`
returned by :func:`decision_rng`, seeded from public information, so a decision is reproducible.

>>> spec = ActionSpec("bet", "Bet", ParamKind.AMOUNT, min_amount=1, max_amount=20)
>>> amount_action(spec, 35), amount_action(spec, 0.4)
(Action(kind='bet', amount=20, choices=()), Action(kind='bet', amount=1, choices=()))
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from engine.core.betting_specs import BetControl
from engine.core.game import Action, ActionSpec, Game, ParamKind, PlayerView, PublicView

F = TypeVar("F")
H = TypeVar("H", bound="Stakes")
C = TypeVar("C")


class Undecided(ValueError):
    """A bot cannot decide from the facts it was given (a fact missing or of a kind it does not
    know). :func:`engine.bots.choose_action` plays the variant's default action instead, unless
    :data:`engine.bots.STRICT` (tests) lets it propagate."""


STYLES: tuple[str, ...] = ("cautious", "balanced", "bold")
"""The bot personalities every variant supports."""


@dataclass(frozen=True, slots=True)
class Profile:
    """Numbers that make a style: how much equity it wants before it puts credits in.

    ``call_margin`` multiplies the pot odds a call needs; ``bet_equity`` / ``raise_equity`` are
    the win chances above which it bets into nobody / raises a bet; ``bet_fraction`` sizes a bet
    as a share of the pot; ``bluff`` is the chance to bet or raise with a weak hand;
    ``risk`` (0..1) is how readily it takes a risky card decision (draws, calls of the hand).
    """

    call_margin: float
    bet_equity: float
    raise_equity: float
    bet_fraction: float
    bluff: float
    risk: float


PROFILES: Mapping[str, Profile] = {
    "cautious": Profile(1.3, 0.68, 0.85, 0.4, 0.0, 0.25),
    "balanced": Profile(1.0, 0.58, 0.74, 0.6, 0.04, 0.5),
    "bold": Profile(0.8, 0.48, 0.63, 0.9, 0.12, 0.75),
}


def profile(style: str) -> Profile:
    """The :class:`Profile` of ``style``; unknown styles play ``balanced``."""
    return PROFILES.get(style, PROFILES["balanced"])


def decision_rng(game: Game, seat: int, style: str) -> random.Random:
    """A generator seeded only from public facts (action count, decision counter, seat, style)."""
    return random.Random(f"{game.seq}:{game.turn}:{seat}:{style}")


def table_facts(
    game: Game, seat: int, kind: type[F], variant: str
) -> tuple[PlayerView, PublicView, F]:
    """The seat's private view, the public view (the one the private view carries, else the
    game's) and its table facts, which must be a ``kind`` (the ``variant``'s table); raises
    :class:`Undecided` on a view without them."""
    view = game.view_for(seat)
    public = view.public or game.public_view()
    table = public.facts
    if not isinstance(table, kind):
        raise Undecided(f"a {variant} bot needs the {variant} table's facts, not {table!r}")
    return view, public, table


class Valued(Protocol):
    """A card as :func:`unseen_values` counts it: its physical card (``plain``) and value."""

    @property
    def plain(self) -> Hashable: ...

    @property
    def value(self) -> int: ...


def unseen_values(deck: Iterable[Valued], known: Counter[Any]) -> Counter[int]:
    """How many cards of each value of ``deck`` are not among the ``known`` ones (counted by
    their ``plain`` card; ``known`` is used up)."""
    unseen: Counter[int] = Counter()
    for card in deck:
        if known[card.plain] > 0:
            known[card.plain] -= 1
        else:
            unseen[card.value] += 1
    return unseen


def by_kind(specs: Iterable[ActionSpec]) -> dict[str, ActionSpec]:
    """Specs keyed by their kind."""
    return {spec.kind: spec for spec in specs}


def amount_action(spec: ActionSpec, desired: float) -> Action:
    """An AMOUNT action of ``spec`` as close to ``desired`` as ``min..max`` allows."""
    amount = max(spec.min_amount, min(spec.max_amount, round(desired)))
    return Action(spec.kind, amount=amount)


def is_valid(action: Action, specs: Sequence[ActionSpec]) -> bool:
    """Whether ``action`` fits one of ``specs`` (kind, amount range, choice count and values)."""
    spec = by_kind(specs).get(action.kind)
    if spec is None:
        return False
    if spec.param is ParamKind.AMOUNT:
        return action.amount is not None and spec.min_amount <= action.amount <= spec.max_amount
    if spec.param is ParamKind.CHOICE:
        values = {o.value for o in spec.options}
        picked = action.choices
        return (
            spec.min_choices <= len(picked) <= spec.max_choices
            and len(set(picked)) == len(picked)
            and all(v in values for v in picked)
        )
    return True


def call_amount(spec: ActionSpec | None) -> int:
    """What the ``call`` control ``spec`` would put in (its :class:`BetControl` facts); 0 when
    there is nothing to call. :class:`Undecided` when the control carries no such facts."""
    if spec is None:
        return 0
    control = spec.facts
    if not isinstance(control, BetControl):
        raise Undecided(f"the {spec.kind} control carries no betting facts")
    return control.amount


def monte_carlo(trial: Callable[[random.Random], float], samples: int, rng: random.Random) -> float:
    """The mean of ``samples`` draws of ``trial`` (each gets the same seeded ``rng``)."""
    if samples <= 0:
        return 0.0
    return sum(trial(rng) for _ in range(samples)) / samples


@dataclass(frozen=True, slots=True)
class BetSituation:
    """What a betting decision needs: the win chance and the money involved."""

    equity: float  # chance to win the pot at the showdown, 0..1
    pot: int  # credits already in the pot (all layers, current bets included)
    stack: int  # credits behind the deciding seat


def betting_action(
    specs: Sequence[ActionSpec], situation: BetSituation, style: str, rng: random.Random
) -> Action:
    """Check / bet / call / raise / fold in proportion to equity and pot odds.

    A call needs ``equity >= pot_odds × call_margin``; strong hands bet or raise about
    ``bet_fraction`` of the pot (more when stronger); bold styles sometimes bluff.
    """
    prof = profile(style)
    kinds = by_kind(specs)
    owed = call_amount(kinds.get("call"))
    equity, pot = situation.equity, max(situation.pot, 1)
    bluff = rng.random() < prof.bluff
    size = pot * prof.bet_fraction * (0.5 + equity)
    if owed == 0:
        bet = kinds.get("bet")
        if bet is not None and (equity >= prof.bet_equity or bluff):
            return amount_action(bet, size)
        if "check" in kinds:
            return Action("check")
        return Action("fold") if "fold" in kinds else Action(specs[0].kind)
    odds = owed / (pot + owed)
    raise_spec = kinds.get("raise")
    if raise_spec is not None and (equity >= prof.raise_equity or (bluff and equity > odds)):
        return amount_action(raise_spec, raise_spec.min_amount + size)
    if equity >= odds * prof.call_margin and "call" in kinds:
        return Action("call")
    if "fold" in kinds:
        return Action("fold")
    return Action("call") if "call" in kinds else Action(specs[0].kind)


def showdown_share(mine: Any, others: Iterable[Any]) -> float:
    """My share of a pot when lower keys win: 1 alone on top, 1/k in a k-way tie, else 0."""
    tied = 1
    for key in others:
        if key < mine:
            return 0.0
        if key == mine:
            tied += 1
    return 1.0 / tied


#: The kinds of a betting decision (:func:`betting_action` answers them).
BETTING_KINDS = frozenset({"check", "call", "fold"})


class Stakes(Protocol):
    """What a bot read of its seat needs for a betting decision: the money involved."""

    @property
    def pot(self) -> int:
        """Credits already in the pot."""
        ...

    @property
    def stack(self) -> int:
        """Credits behind the deciding seat."""
        ...


def turn_or_bet(
    game: Game,
    seat: int,
    style: str,
    seen: H,
    turn_kinds: Iterable[str],
    turn: Callable[[H, dict[str, ActionSpec], str, random.Random], Action],
    equity: Callable[[H, random.Random], float],
) -> Action:
    """The decision of a bot whose game alternates card turns and betting (the two-pot family):
    ``turn(seen, kinds, style, rng)`` where one of ``turn_kinds`` is legal, else a
    :func:`betting_action` from ``equity(seen, rng)`` and the money in ``seen`` where a betting
    kind is, else the game's default action. ``rng`` is :func:`decision_rng`'s."""
    specs = game.legal_actions(seat)
    kinds = by_kind(specs)
    if not kinds.keys().isdisjoint(turn_kinds):
        return turn(seen, kinds, style, decision_rng(game, seat, style))
    if not kinds.keys().isdisjoint(BETTING_KINDS):
        rng = decision_rng(game, seat, style)
        situation = BetSituation(equity(seen, rng), seen.pot, seen.stack)
        return betting_action(specs, situation, style, rng)
    return game.default_action(seat)


@dataclass(frozen=True, slots=True)
class Holding(Generic[C]):
    """What a seat holds in a game with stasis fields (Classic, Centran; the Project's
    Interference Field): its ``hidden`` cards and its face-up ``stasis`` cards, the first fields
    of the bot's read of its seat."""

    hidden: tuple[C, ...]
    stasis: tuple[C, ...]

    @property
    def held(self) -> list[C]:
        """Hidden and stasis cards together (the whole hand)."""
        return [*self.hidden, *self.stasis]
