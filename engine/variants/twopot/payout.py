"""Credits at the end of a two-pot hand and of the game, shared by Classic, Centran and Project.

Each variant's settlement module (``<variant>_settle``) decides a hand by its own rules; what
happens to the decided numbers is the same in all three specs and is written once here:

* :func:`apply_credits`: the hand pot is collected, each seat is paid its pot and Sabacc-pot
  winnings and pays its (already stack-capped) penalty, the Sabacc pot takes its new size, and the
  seat statistics (biggest pot, hands won, best hand) are recorded; :func:`award_pots` announces
  each layer's winners;
* :func:`award_uncontested`: the last live player takes every layer unseen (Classic §5.6,
  Centran CE-32, Project §5.6), with the variant's own settlement and summary;
* :func:`close_game` (:func:`end_game`: the whole GAME_OVER step): the leftover Sabacc pot is
  split equally among the game's recipients, odd credits one each clockwise from the last
  hand's starting player (Classic CL-30, Centran CE-38, Project SP-28), and the final payouts
  and standings are frozen.

The public lines each variant writes about a hand (pot names, penalty reasons, the reveal) stay in
its ``<variant>_payout`` module: those differ by spec.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from engine.core.game import Events
from engine.core.pots import split_evenly
from engine.variants.twopot.events import GameOver, PotAwarded
from engine.variants.twopot.settle import Conceded, concede
from engine.variants.twopot.state import AnyTwoPot, Scored, Seat, St

__all__ = [
    "Layer",
    "Settled",
    "apply_credits",
    "award_pots",
    "award_uncontested",
    "close_game",
    "contributions_of",
    "end_game",
    "game_end_recipients",
    "money_of",
    "stacks_of",
]


R = TypeVar("R")


def contributions_of(st: AnyTwoPot, order: Iterable[int]) -> dict[int, int]:
    """Each seat's contribution to this hand's pot, for the seats of ``order``."""
    return {s: st.betting.contributions[s] for s in order}


def stacks_of(st: AnyTwoPot, order: Iterable[int]) -> dict[int, int]:
    """Each seat's credits behind, for the seats of ``order``."""
    return {s: st.stacks[s] for s in order}


def money_of(st: AnyTwoPot, order: Sequence[int]) -> tuple[dict[int, int], dict[int, int], int]:
    """The hand's money as the variants' pure settlement functions take it, in that order: each
    seat's contribution (:func:`contributions_of`) and credits behind (:func:`stacks_of`) for
    the seats of ``order``, and the Sabacc pot."""
    return contributions_of(st, order), stacks_of(st, order), st.sabacc_pot


class Layer(Protocol):
    """One hand-pot layer a settlement paid out: its amount and its winners (seats)."""

    @property
    def amount(self) -> int: ...

    @property
    def winners(self) -> Sequence[int]: ...


class Settled(Protocol):
    """What every two-pot settlement decides for the seats of a hand (what
    :func:`apply_credits` moves): the seats in hand order, each seat's hand-pot payout, the
    hand's winners, the evaluated hands and the Sabacc pot's size afterwards."""

    @property
    def order(self) -> Sequence[int]: ...

    @property
    def payouts(self) -> Mapping[int, int]: ...

    @property
    def winners(self) -> Sequence[int]: ...

    @property
    def evals(self) -> Mapping[int, Scored]: ...

    @property
    def sabacc_pot_after(self) -> int: ...


def apply_credits(
    st: AnyTwoPot,
    result: Settled,
    sabacc: Mapping[int, int],
    penalties: Mapping[int, int],
) -> None:
    """Move the credits a settlement decided and record the seat statistics.

    Every seat of the result's ``order`` is paid its hand-pot ``payouts`` plus its ``sabacc``
    award and pays its ``penalties`` (the settlement capped them at the stack, so all of it is
    taken); its biggest pot is the larger of the old one and what it was paid. The result's
    ``winners`` each win a hand and every evaluated hand is offered to its seat's best hand.
    """
    st.betting.collect()
    for s in result.order:
        won = result.payouts[s] + sabacc.get(s, 0)
        st.betting.pay(s, won)
        penalty = penalties.get(s, 0)
        taken = st.betting.withdraw(s, penalty)
        assert taken == penalty  # the settlement capped it at the stack
        st.stats[s].biggest_pot = max(st.stats[s].biggest_pot, won)
    st.sabacc_pot = result.sabacc_pot_after
    for s in result.winners:
        st.stats[s].hands_won += 1
    for s, evaluation in result.evals.items():
        st.stats[s].note_hand(evaluation)


def award_pots(st: AnyTwoPot, pots: Sequence[Layer], ev: Events) -> None:
    """Announce each hand-pot layer's winners (:class:`~engine.variants.twopot.events.PotAwarded`,
    players by name)."""
    name = st.players.__getitem__
    for i, pot in enumerate(pots):
        ev.append(PotAwarded(i, len(pots), pot.amount, tuple(map(name, pot.winners))))


def award_uncontested(
    st: St,
    ev: Events,
    settle_one: Callable[[Conceded[int]], R],
    apply: Callable[[St, R, Events], None],
) -> None:
    """The last live player takes every layer; nothing is revealed.

    ``settle_one(hand)`` is the variant's settlement of the
    :class:`~engine.variants.twopot.settle.Conceded` hand and ``apply(st, result, ev)`` its
    application (credits and public lines); ``st.last_result``, the words an earlier version
    kept, is emptied.
    """
    order = st.hand_order()
    (winner,) = st.live()
    result = settle_one(concede(order, winner, *money_of(st, order)))
    apply(st, result, ev)
    st.last_result = []


def game_end_recipients(st: AnyTwoPot, still_in: list[int]) -> list[int]:
    """Who shares the game-end Sabacc pot: the players ``still_in`` the game; if none, the
    players dealt into the last hand who have not left; if none, everyone who has not left."""
    present = [s for s in range(st.n) if st.status[s] is not Seat.LEFT]
    return still_in or [s for s in present if (st.dealt[s] if st.dealt else True)] or present


def close_game(
    st: AnyTwoPot, recipients: Sequence[int], first: int
) -> tuple[tuple[tuple[str, int], ...], int]:
    """Share the leftover Sabacc pot and freeze the final payouts.

    The pot is split equally among ``recipients``, odd credits one each clockwise from seat
    ``first``; with no recipient it stays where it is and nothing is shared. Seats that left get
    a final payout of 0, every other seat its stack. Returns the standings (name and credits of
    every seat that did not leave, most credits first, ties in seat order) and the credits shared.
    """
    shared = st.sabacc_pot if recipients else 0
    if shared:
        ring = [(first + i) % st.n for i in range(st.n)]
        for s, amount in split_evenly(shared, [s for s in ring if s in recipients]).items():
            st.betting.pay(s, amount)
        st.sabacc_pot = 0
    present = [s for s in range(st.n) if st.status[s] is not Seat.LEFT]
    st.final_payouts = {s: (st.stacks[s] if s in present else 0) for s in range(st.n)}
    standings = sorted(((st.players[s], st.final_payouts[s]) for s in present), key=lambda x: -x[1])
    return tuple(standings), shared


def end_game(st: AnyTwoPot, ev: Events, over: Any, still_in: list[int], first: int) -> None:
    """GAME_OVER: the phase becomes ``over``, no turn is left, the Sabacc pot is shared among
    :func:`game_end_recipients` of ``still_in`` from seat ``first`` (:func:`close_game`) and
    :class:`~engine.variants.twopot.events.GameOver` announces the standings."""
    st.phase = over
    st.queue = []
    standings, shared = close_game(st, game_end_recipients(st, still_in), first)
    ev.append(GameOver(standings, shared))
