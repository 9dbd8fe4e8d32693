"""The game class shared by the two-pot family (Classic, Centran, Project, Corellian Spike).

:class:`TwoPotGame` is a :class:`~engine.core.variant.StateGame` with what the four games had
written out each: the start of a new game (:meth:`TwoPotGame.new_game`: the player-count and
buy-in checks, the options, the seats, the first hand), the credits check
(:meth:`TwoPotGame.total_credits`), and the variant's registration
(:meth:`TwoPotGame.variant_info`). What differs stays in each variant's class: its options class
and least buy-in (:attr:`TwoPotGame.OPTIONS`, :attr:`TwoPotGame.MIN_BUY_IN`, and
:meth:`TwoPotGame.table_options` where its buy-in rule is another), its state's own per-seat
fields (:attr:`TwoPotGame.SEAT_FIELDS`), and its flow's first hand and stacked deck
(:class:`TwoPotFlow`); a variant whose test hooks are others overrides
:meth:`TwoPotGame.new_state` (Corellian Spike: rigged decks and dice).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Protocol, TypeVar

from engine.core.betting import Betting
from engine.core.deck import CardDeck, Deck
from engine.core.fair import SeedSource, game_rng
from engine.core.game import Action, Event, JudgeFunction, VariantInfo
from engine.core.seats import starting_stacks
from engine.core.variant import CheckedRules, LeaveRules, NewGame, StateGame
from engine.variants.twopot.state import Seat, SeatRecord, St, TwoPotOptions

__all__ = ["TwoPotGame"]


S_contra = TypeVar("S_contra", contravariant=True)


class TwoPotFlow(LeaveRules[S_contra], Protocol[S_contra]):
    """A two-pot variant's flow module, as far as a new game goes: its departures, its stacked
    test deck and its first hand."""

    def stacked_deck(self, top_first: Sequence[str], /) -> Deck[Any]:
        """A draw pile that deals ``top_first`` (card notations) first (test hook)."""
        ...

    def start_hand(self, st: S_contra, ev: list[Event], /, *args: Any, **hooks: Any) -> None:
        """Start a hand (or end the game) with ``ev`` appended; ``hooks``: a stacked ``deck``
        and the variant's choice of hand 1's first seat (``dealer`` or ``start_seat``)."""
        ...


class TwoPotGame(StateGame[St]):
    """A Classic, Centran, Project or Corellian Spike game: :class:`~engine.core.variant.StateGame`
    plus the shared start of a game, its registration and its credits check.

    Subclasses set :attr:`NAME` (for messages), :attr:`OPTIONS` (their options class, with a
    ``from_mapping`` that validates lobby options) and :attr:`MIN_BUY_IN`, the seat limits
    :attr:`MIN_PLAYERS` and :attr:`MAX_PLAYERS` where they are not the family's 2–8, the state's
    own per-seat fields :attr:`SEAT_FIELDS`, and a :class:`TwoPotFlow` as :attr:`flow`.
    """

    actions: CheckedRules[St]
    NAME: ClassVar[str]
    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = 8
    MIN_BUY_IN: ClassVar[int]
    OPTIONS: ClassVar[Any]
    SEAT_FIELDS: ClassVar[Mapping[str, object]] = {}
    """The state's own per-seat list fields (beyond :meth:`seat`'s) and the value each seat
    starts with (``None`` or ``False``: immutable, one list per field)."""

    flow: TwoPotFlow[St]

    def decide(self, seat: int, action: Action) -> Sequence[Event]:
        """The variant's ``apply_action``, handed the seat's legal actions when the game has
        already worked them out for this change (the table runtime asks for them before
        every click), so they are not worked out twice."""
        return self.actions.apply_action(self._state, seat, action, self._legal.get(seat))

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

    @classmethod
    def table_options(cls, players: Sequence[str], buy_in: int, raw: Mapping[str, Any]) -> Any:
        """The validated options of a new table (``raw``: lobby options), once ``players`` and
        ``buy_in`` are checked: here a buy-in of at least :attr:`MIN_BUY_IN` that covers one
        hand's antes (the options' ``total_ante``); raises ``ValueError``. A variant whose
        buy-in rule depends on the options otherwise overrides it."""
        cls.check_buy_in(players, buy_in, cls.MIN_BUY_IN)
        opts = cls.OPTIONS.from_mapping(raw)
        if opts.total_ante > buy_in:
            raise ValueError("the buy-in must cover at least one hand's antes")
        return opts

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
    def new_game(cls, table: NewGame, events: list[Event], **hooks: Any) -> St:
        """The state of a new game (:attr:`~engine.core.variant.StateGame.new_game`): the table's
        options (:meth:`table_options`), the seats (:meth:`seat`), then the variant's
        :attr:`new_state` with its test ``hooks``."""
        players, buy_in = table.players, table.buy_in
        opts = cls.table_options(players, buy_in, table.options)
        seats = cls.seat(players, buy_in, opts, table.seed, stacks=table.stacks)
        return cls.new_state(seats, events, **hooks)

    @classmethod
    def new_state(
        cls, seats: dict[str, Any], events: list[Event], /, *args: Any, **hooks: Any
    ) -> St:
        """The variant's state (its codec's root class) over ``seats`` (the constructor
        arguments of :meth:`seat`) and :attr:`SEAT_FIELDS`, its first hand started by the flow's
        ``start_hand`` with ``events`` appended.

        ``hooks`` are the variant's test hooks, keyword arguments of
        :meth:`~engine.core.variant.StateGame.create`: ``deck`` (notations dealt first, top
        first: the flow's ``stacked_deck``), and hand 1's first seat under the name its
        ``start_hand`` gives it (``dealer`` or ``start_seat``). There are no positional hooks
        (``args`` lets a variant whose hooks are others override this, as Corellian Spike does)."""
        if args:
            raise TypeError("test hooks are keyword arguments")
        n = len(seats["players"])
        own = {name: [value] * n for name, value in cls.SEAT_FIELDS.items()}
        st: St = cls.CODEC.root(**seats, **own)
        deck = hooks.pop("deck", None)
        pile = None if deck is None else cls.flow.stacked_deck(deck)
        cls.flow.start_hand(st, events, deck=pile, **hooks)
        return st

    @classmethod
    def variant_info(
        cls,
        *,
        judge: JudgeFunction,
        bot: str | None,
        deck: CardDeck,
        presets: Mapping[str, int] | None = None,
        default_preset: str = "lay",
    ) -> VariantInfo:
        """The variant's :class:`~engine.core.game.VariantInfo`: its id, name, seat limits,
        least buy-in and default options from the class,
        :meth:`~engine.core.variant.StateGame.create` and
        :meth:`~engine.core.variant.StateGame.from_json` as its factories, its variant id
        as its vocabulary key; ``presets`` default to lay 500 and tournament 1000 credits."""
        return VariantInfo(
            id=cls.VARIANT,
            name=cls.NAME,
            min_players=cls.MIN_PLAYERS,
            max_players=cls.MAX_PLAYERS,
            buy_in_presets={"lay": 500, "tournament": 1000} if presets is None else presets,
            default_preset=default_preset,
            min_buy_in=cls.MIN_BUY_IN,
            create=cls.create,
            restore=cls.from_json,
            judge=judge,
            options=cls.CODEC.encode(cls.OPTIONS()),
            bot=bot,
            deck=deck,
            vocabulary=cls.VARIANT,
            stakes=cls.STAKES,
        )

    def total_credits(self) -> int:
        """Σ stacks + hand pot + Sabacc pot (constant between ``leave`` calls)."""
        st = self._state
        return sum(st.stacks) + st.betting.pot_total + st.sabacc_pot
