"""The game class shared by the two-pot family (Classic, Centran, Project).

:class:`TwoPotGame` is a :class:`~engine.core.variant.StateGame` with what the three games had
written out each: the player-count check and the start of a new game
(:meth:`TwoPotGame.check_players`, :meth:`TwoPotGame.seat`, :meth:`TwoPotGame.opened`), the
credits check (:meth:`TwoPotGame.total_credits`), and the
:class:`~engine.core.game.GameFactory` / restore functions of :data:`~engine.core.game.VariantInfo`
(:meth:`TwoPotGame.create_game`, :meth:`TwoPotGame.restore_game`). What differs (the buy-in
rule, the state's own fields, how the first hand starts) stays in each variant's ``create``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Self, TypeVar

from engine.core.betting import Betting
from engine.core.deck import CardDeck
from engine.core.fair import SeedSource, game_rng
from engine.core.game import Event, JudgeFunction, VariantInfo
from engine.core.seats import starting_stacks
from engine.core.variant import StateGame
from engine.variants.twopot.state import AnyTwoPot, Seat, SeatRecord, TwoPotOptions

__all__ = ["TwoPotGame"]


S = TypeVar("S", bound=AnyTwoPot)


class TwoPotGame(StateGame[S]):
    """A Classic, Centran or Project game: :class:`~engine.core.variant.StateGame` plus the
    shared start of a game and its credits check.

    Subclasses set :attr:`NAME` (for messages) and the seat limits :attr:`MIN_PLAYERS` and
    :attr:`MAX_PLAYERS`, and implement ``create`` with :meth:`check_players`, :meth:`seat` and
    :meth:`opened`.
    """

    NAME: ClassVar[str]
    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = 8

    @classmethod
    def check_players(cls, players: Sequence[str]) -> None:
        """Raise ``ValueError`` when the number of players is outside
        :attr:`MIN_PLAYERS`–:attr:`MAX_PLAYERS`."""
        if not cls.MIN_PLAYERS <= len(players) <= cls.MAX_PLAYERS:
            raise ValueError(f"{cls.NAME} needs {cls.MIN_PLAYERS}–{cls.MAX_PLAYERS} players")

    @classmethod
    def check_buy_in(cls, players: Sequence[str], buy_in: int, least: int) -> None:
        """:meth:`check_players`, then raise ``ValueError`` unless ``buy_in`` is an integer of
        at least ``least``."""
        cls.check_players(players)
        if not isinstance(buy_in, int) or isinstance(buy_in, bool) or buy_in < least:
            raise ValueError(f"the buy-in must be an integer of at least {least}")

    @staticmethod
    def check_antes(buy_in: int, antes: int) -> None:
        """Raise ``ValueError`` unless ``buy_in`` covers ``antes`` (one hand's, for a player)."""
        if antes > buy_in:
            raise ValueError("the buy-in must cover at least one hand's antes")

    @classmethod
    def seat(
        cls,
        players: Sequence[str],
        buy_in: int,
        options: TwoPotOptions,
        seed: int | SeedSource,
        *,
        stacks: Sequence[int] | None = None,
    ) -> dict[str, Any]:
        """The common constructor arguments of a new state: ``players`` (join order) each with
        ``buy_in`` credits (or their own ``stacks``: a tournament table carrying chip stacks
        over) in a fresh :class:`~engine.core.betting.Betting`, in the game, with empty
        records, not yet dealt, and an RNG seeded with ``seed``; the options'
        ``max_raises_per_phase`` (where the variant has one) caps the raises.

        Raises ``ValueError`` unless ``stacks`` has one positive integer per player
        (:func:`~engine.core.seats.starting_stacks`)."""
        n = len(players)
        chips = starting_stacks(buy_in, n, stacks)
        return {
            "players": tuple(players),
            "buy_in": buy_in,
            "options": options,
            "rng": game_rng(seed),
            "betting": Betting(
                n,
                chips,
                min_bet=options.min_bet,
                max_raises_per_phase=getattr(options, "max_raises_per_phase", None),
            ),
            "status": [Seat.IN] * n,
            "stats": [SeatRecord() for _ in range(n)],
            "dealt": [False] * n,
        }

    @classmethod
    def first_hand(cls, state: S, start_hand: Callable[..., None], **hooks: Any) -> Self:
        """The game over ``state`` once ``start_hand(state, events, **hooks)`` (its flow's) has
        started the first hand (``hooks``: the variant's test hooks, e.g. a stacked deck)."""
        events: list[Event] = []
        start_hand(state, events, **hooks)
        return cls.opened(state, events)

    @classmethod
    def opened(cls, state: S, events: Sequence[Event]) -> Self:
        """The game over a state whose first hand has started with ``events``."""
        game = cls(state)
        game.opening_events = tuple(events)
        return game

    @classmethod
    def create(
        cls,
        players: Sequence[str],
        *,
        buy_in: int,
        options: Mapping[str, Any] | None = None,
        seed: int | SeedSource = 0,
        stacks: Sequence[int] | None = None,
    ) -> Self:
        """Seat ``players`` with ``buy_in`` credits each (or ``stacks``, one per player) and
        start the first hand."""
        raise NotImplementedError

    @classmethod
    def variant_info(
        cls,
        *,
        presets: Mapping[str, int],
        default_preset: str,
        min_buy_in: int,
        judge: JudgeFunction,
        options: Mapping[str, Any],
        bot: str | None,
        deck: CardDeck,
    ) -> VariantInfo:
        """The variant's :class:`~engine.core.game.VariantInfo`: its id, name and seat limits
        from the class, :meth:`create_game` and :meth:`restore_game` as its factories, its
        variant id as its vocabulary key."""
        return VariantInfo(
            id=cls.VARIANT,
            name=cls.NAME,
            min_players=cls.MIN_PLAYERS,
            max_players=cls.MAX_PLAYERS,
            buy_in_presets=presets,
            default_preset=default_preset,
            min_buy_in=min_buy_in,
            create=cls.create_game,
            restore=cls.restore_game,
            judge=judge,
            options=options,
            bot=bot,
            deck=deck,
            vocabulary=cls.VARIANT,
            stakes=cls.STAKES,
        )

    @classmethod
    def create_game(
        cls,
        players: Sequence[str],
        *,
        buy_in: int,
        options: Mapping[str, Any],
        seed: int | SeedSource,
        stacks: Sequence[int] | None = None,
    ) -> Self:
        """The :class:`~engine.core.game.GameFactory` of the variant (``stacks``: see
        :meth:`seat`)."""
        return cls.create(players, buy_in=buy_in, options=options, seed=seed, stacks=stacks)

    @classmethod
    def restore_game(cls, data: Mapping[str, Any]) -> Self:
        """Restore a serialised game."""
        return cls.from_json(data)

    def total_credits(self) -> int:
        """Σ stacks + hand pot + Sabacc pot (constant between ``leave`` calls)."""
        st = self.state
        return sum(st.stacks) + st.betting.pot_total + st.sabacc_pot
