"""No-limit betting shared by every variant that bets (coruscant-shift.md §4, classic.md §4).

One :class:`Betting` object lives for a whole game. It owns the credits *behind* each seat
(``stacks``) and each seat's total contribution to the current hand pot (``contributions``), so
``sum(stacks) + sum(contributions)`` only changes through :meth:`Betting.pay` (a pot handed back
out) or :meth:`Betting.withdraw` (a variant moving credits elsewhere on purpose, e.g. a Sabacc pot).
The :class:`~engine.core.betting_events.BetMade` event and the betting controls
(:mod:`engine.core.betting_specs`) that variants show for these actions live next door.

Stable public API (other variants depend on it; extend, never break)::

    Betting(n_seats, stacks, *, min_bet=1, max_raises_per_phase=None)
    .start_hand(seats)                    # who is dealt in; clears contributions and folds
    .post(seat, amount) -> int            # forced dead money (ante); pays min(amount, stack)
    .start_phase(first_seat) -> bool      # open a betting phase; False = skipped (§4.3)
    .to_act -> int | None                 # the one seat to act (None: no phase open)
    .options(seat) -> tuple[BetOption, ...]
    .act(seat, kind, amount=None) -> BetResult      # raises IllegalAction
    .forfeit(seat) -> BetResult | None    # fold out of turn (a player leaves)
    .live_seats() / .is_live(s) / .is_all_in(s) / .to_call(s) / .pot_total
    .collect() -> dict[int, int]          # end of hand: take the contributions (for pots.py)
    .pay(seat, amount)                    # credit winnings to a stack
    .withdraw(seat, amount) -> int        # take credits out for a variant's own pot
    # its JSON form: the fields below, through engine.core.codec

Rules implemented: ``check`` / ``bet x`` (``min_bet <= x <= stack``) when nothing is owed;
``call`` (pays ``min(to_call, stack)``) / ``raise`` to a total ``y >= current_bet + min_bet`` when
something is owed; ``all_in`` at any time; ``fold`` at any time. Clockwise order from the phase's
first seat, a bet or raise re-opens the action for everyone else, and the phase ends when one live
player is left or every live player with chips has acted and matched. Bets and raises are not
offered when no other live player could respond (the excess would only come back). When a phase
ends, an uncalled excess is returned to its owner at once (§4.3).

>>> b = Betting(2, [10, 10])
>>> b.start_hand([0, 1]); b.post(0, 2), b.post(1, 2)
(2, 2)
>>> b.start_phase(0), b.to_act
(True, 0)
>>> b.act(0, "bet", 3).commit, b.act(1, "call").phase_over
(3, True)
>>> b.stacks, b.pot_total
([5, 5], 10)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from engine.core.facts import Fact
from engine.core.game import IllegalAction, whole_amount
from engine.core.seats import first_from, next_seat


class BetKind(StrEnum):
    """Betting actions; the values double as :class:`~engine.core.game.ActionSpec` kinds."""

    CHECK = "check"
    BET = "bet"
    CALL = "call"
    RAISE = "raise"
    ALL_IN = "all_in"
    FOLD = "fold"


_KINDS = {kind.value: kind for kind in BetKind}


@dataclass(frozen=True, slots=True)
class BetOption(Fact):
    """One legal betting action of the seat to act.

    Amounts: ``bet`` = the bet size range; ``raise`` = the raise-TO totals (phase commitment
    after the raise); ``call`` and ``all_in`` = the credits they would put in (both bounds equal);
    ``check`` / ``fold`` = 0.
    """

    kind: BetKind
    min_amount: int = 0
    max_amount: int = 0


@dataclass(frozen=True, slots=True)
class BetResult:
    """What an accepted betting action did.

    ``effect`` is what the action amounted to (an ``all_in`` is a bet, a raise or a call);
    ``paid`` the credits moved from the stack into the pot; ``commit`` the seat's phase
    commitment afterwards; ``all_in`` whether the seat has nothing behind now. When the action
    ended the phase, ``phase_over`` is true and any uncalled excess (``returned`` credits) went
    back to ``returned_to``.
    """

    seat: int
    kind: BetKind
    effect: BetKind
    paid: int
    commit: int
    current_bet: int
    all_in: bool
    phase_over: bool
    returned: int = 0
    returned_to: int | None = None


@dataclass(init=False, eq=False, repr=False, kw_only=True)
class Betting:
    """Stacks, hand contributions and the state of the current betting phase (see module doc).

    The fields (in the order of the JSON form) are set by :meth:`__init__`; the dataclass
    declaration only lists them for :mod:`engine.core.codec`.
    """

    n_seats: int
    min_bet: int
    max_raises_per_phase: int | None = None
    stacks: list[int]
    contributions: list[int]
    in_hand: list[bool]
    folded: list[bool]
    current_bet: int
    phase_commit: list[int]
    acted: list[bool]
    raises: int
    to_act: int | None = None

    def __init__(
        self,
        n_seats: int,
        stacks: Sequence[int],
        *,
        min_bet: int = 1,
        max_raises_per_phase: int | None = None,
    ) -> None:
        if len(stacks) != n_seats:
            raise ValueError("one stack per seat")
        if min_bet < 1:
            raise ValueError("min_bet must be at least 1")
        self.n_seats = n_seats
        self.min_bet = min_bet
        self.max_raises_per_phase = max_raises_per_phase
        self.stacks = [int(s) for s in stacks]
        self.contributions = [0] * n_seats
        self.in_hand = [False] * n_seats
        self.folded = [False] * n_seats
        self.current_bet = 0
        self.phase_commit = [0] * n_seats
        self.acted = [False] * n_seats
        self.raises = 0
        self.to_act = None

    # ----------------------------------------------------------------- queries

    def is_live(self, seat: int) -> bool:
        """Dealt into this hand and not folded (all-in players are live)."""
        return self.in_hand[seat] and not self.folded[seat]

    def is_all_in(self, seat: int) -> bool:
        """Live with nothing behind."""
        return self.is_live(seat) and self.stacks[seat] == 0

    def live_seats(self) -> tuple[int, ...]:
        """Live seats in seat order."""
        return tuple(s for s in range(self.n_seats) if self.is_live(s))

    def to_call(self, seat: int) -> int:
        """What ``seat`` owes in the current phase (before capping at its stack)."""
        return max(0, self.current_bet - self.phase_commit[seat])

    @property
    def pot_total(self) -> int:
        """Credits in the hand pot."""
        return sum(self.contributions)

    def _has_chips(self, seat: int) -> bool:
        return self.is_live(seat) and self.stacks[seat] > 0

    def _others_can_respond(self, seat: int) -> bool:
        return any(self._has_chips(o) for o in range(self.n_seats) if o != seat)

    def _needs_action(self, seat: int) -> bool:
        if not self._has_chips(seat):
            return False
        if self.phase_commit[seat] < self.current_bet:
            return True
        return not self.acted[seat] and self._others_can_respond(seat)

    def options(self, seat: int) -> tuple[BetOption, ...]:
        """The legal actions of ``seat``; empty unless it is the seat to act."""
        if seat != self.to_act:
            return ()
        stack = self.stacks[seat]
        owed = self.to_call(seat)
        can_raise = self._others_can_respond(seat) and (
            self.max_raises_per_phase is None
            or self.current_bet == 0
            or self.raises < self.max_raises_per_phase
        )
        opts: list[BetOption] = []
        if owed == 0:
            opts.append(BetOption(BetKind.CHECK))
        else:
            pay = min(owed, stack)
            opts.append(BetOption(BetKind.CALL, pay, pay))
        commit = self.phase_commit[seat]
        if can_raise and self.current_bet == 0 and stack >= self.min_bet:
            opts.append(BetOption(BetKind.BET, self.min_bet, stack))
        elif can_raise and self.current_bet > 0:
            low, high = self.current_bet + self.min_bet, commit + stack
            if low <= high:
                opts.append(BetOption(BetKind.RAISE, low, high))
        if can_raise or stack <= owed:
            opts.append(BetOption(BetKind.ALL_IN, stack, stack))
        opts.append(BetOption(BetKind.FOLD))
        return tuple(opts)

    # ----------------------------------------------------------------- hand and phase

    def start_hand(self, seats: Iterable[int]) -> None:
        """Deal ``seats`` into a new hand: contributions, folds and phase state are cleared."""
        if any(self.contributions):
            raise ValueError("collect() the previous hand's pot first")
        chosen = set(seats)
        self.in_hand = [s in chosen for s in range(self.n_seats)]
        self.folded = [False] * self.n_seats
        self._reset_phase()

    def post(self, seat: int, amount: int) -> int:
        """Forced dead money (an ante) into the hand pot: pays ``min(amount, stack)``.

        It is not a bet: ``current_bet`` is unaffected. Returns what was paid.
        """
        paid = min(max(amount, 0), self.stacks[seat])
        self.stacks[seat] -= paid
        self.contributions[seat] += paid
        return paid

    def start_phase(self, first_seat: int) -> bool:
        """Open a betting phase; the first to act is ``first_seat`` or the next seat clockwise
        that is live with chips. Returns False (and opens nothing) when the phase is skipped:
        fewer than two live players with chips behind, or only one live player."""
        self._reset_phase()
        if len(self.live_seats()) < 2:
            return False
        self.to_act = first_from(first_seat % self.n_seats, self.n_seats, self._needs_action)
        return self.to_act is not None

    def _reset_phase(self) -> None:
        self.current_bet = 0
        self.phase_commit = [0] * self.n_seats
        self.acted = [False] * self.n_seats
        self.raises = 0
        self.to_act = None

    # ----------------------------------------------------------------- actions

    def act(self, seat: int, kind: str, amount: int | None = None) -> BetResult:
        """Apply one betting action of the seat to act; raises :class:`IllegalAction`.

        ``amount`` is the bet size for ``bet`` and the raise-to total for ``raise``; it is
        ignored by the other kinds. Whatever the kind, an amount that is not a whole number
        (a float, NaN, a bool, a string) is refused.
        """
        amount = whole_amount(amount)
        if self.to_act is None:
            raise IllegalAction("bet_closed")
        if seat != self.to_act:
            raise IllegalAction("bet_not_yours")
        try:
            bet_kind = _KINDS[kind]  # (a dict lookup: BetKind(kind) is a Python-level enum call)
        except (KeyError, TypeError):
            raise IllegalAction("bet_unknown", kind=kind) from None
        legal = {o.kind: o for o in self.options(seat)}
        if bet_kind not in legal:
            raise self._why_not(seat, bet_kind)
        stack, commit = self.stacks[seat], self.phase_commit[seat]
        if bet_kind is BetKind.FOLD:
            self.folded[seat] = True
            return self._finish(seat, bet_kind, bet_kind, 0)
        if bet_kind is BetKind.CHECK:
            return self._finish(seat, bet_kind, bet_kind, 0)
        if bet_kind is BetKind.CALL:
            return self._finish(seat, bet_kind, bet_kind, legal[bet_kind].min_amount)
        if bet_kind is BetKind.ALL_IN:
            target = commit + stack
            effect = self._effect_of(target)
            return self._finish(seat, bet_kind, effect, stack)
        opt = legal[bet_kind]
        if amount is None:
            raise IllegalAction("bet_amount_missing", kind=bet_kind)
        if amount < opt.min_amount:
            raise IllegalAction("bet_below_minimum", kind=bet_kind, minimum=opt.min_amount)
        if amount > opt.max_amount:
            raise IllegalAction("bet_over_stack", stack=stack, most=opt.max_amount)
        pay = amount if bet_kind is BetKind.BET else amount - commit
        return self._finish(seat, bet_kind, bet_kind, pay)

    def _effect_of(self, target_commit: int) -> BetKind:
        if target_commit <= self.current_bet:
            return BetKind.CALL
        return BetKind.BET if self.current_bet == 0 else BetKind.RAISE

    def _why_not(self, seat: int, kind: BetKind) -> IllegalAction:
        """Why ``kind`` is not among the options of ``seat`` (a reason code and its data)."""
        if kind is BetKind.CHECK:
            return IllegalAction("bet_cannot_check", owed=self.to_call(seat))
        if kind is BetKind.CALL:
            return IllegalAction("bet_nothing_to_call")
        if kind is BetKind.BET and self.current_bet > 0:
            return IllegalAction("bet_already_open")
        if kind is BetKind.RAISE and self.current_bet == 0:
            return IllegalAction("bet_nothing_to_raise")
        if not self._others_can_respond(seat):
            return IllegalAction("bet_nobody_to_answer")
        if self.max_raises_per_phase is not None and self.raises >= self.max_raises_per_phase:
            return IllegalAction("bet_raise_limit", limit=self.max_raises_per_phase)
        return IllegalAction("bet_short", kind=kind)

    def _finish(self, seat: int, kind: BetKind, effect: BetKind, pay: int) -> BetResult:
        self.stacks[seat] -= pay
        self.contributions[seat] += pay
        self.phase_commit[seat] += pay
        self.acted[seat] = True
        if self.phase_commit[seat] > self.current_bet:
            if self.current_bet > 0:
                self.raises += 1
            self.current_bet = self.phase_commit[seat]
            for other in range(self.n_seats):
                if other != seat:
                    self.acted[other] = False
        returned, returned_to = self._advance(seat)
        return self._result(seat, kind, effect, pay, returned, returned_to)

    def _result(
        self, seat: int, kind: BetKind, effect: BetKind, paid: int, returned: int, to: int | None
    ) -> BetResult:
        commit, bet, all_in = self.phase_commit[seat], self.current_bet, self.is_all_in(seat)
        over = self.to_act is None
        return BetResult(seat, kind, effect, paid, commit, bet, all_in, over, returned, to)

    def _advance(self, after: int) -> tuple[int, int | None]:
        nxt = None
        if len(self.live_seats()) >= 2:
            nxt = next_seat(after, self.n_seats, self._needs_action)
        self.to_act = nxt
        if nxt is not None:
            return 0, None
        return self._return_uncalled()

    def _return_uncalled(self) -> tuple[int, int | None]:
        ranked = sorted(
            (s for s in range(self.n_seats) if self.in_hand[s]),
            key=lambda s: self.phase_commit[s],
            reverse=True,
        )
        if not ranked:
            return 0, None
        top = ranked[0]
        second = self.phase_commit[ranked[1]] if len(ranked) > 1 else 0
        excess = self.phase_commit[top] - second
        if excess <= 0 or not self.is_live(top):
            return 0, None
        self.phase_commit[top] -= excess
        self.contributions[top] -= excess
        self.stacks[top] += excess
        self.current_bet = self.phase_commit[top]
        return excess, top

    def forfeit(self, seat: int) -> BetResult | None:
        """Fold ``seat`` out of turn (the player leaves). Returns the result when a phase was
        open (the phase may end because of it), else None."""
        if not self.is_live(seat):
            return None
        self.folded[seat] = True
        if self.to_act is None:
            return None
        current = self.to_act
        if current == seat or len(self.live_seats()) < 2 or not self._needs_action(current):
            returned, returned_to = self._advance(current)
        else:
            returned, returned_to = 0, None
        return self._result(seat, BetKind.FOLD, BetKind.FOLD, 0, returned, returned_to)

    # ----------------------------------------------------------------- settlement

    def collect(self) -> dict[int, int]:
        """End of hand: take every seat's contribution (seat -> credits, zeros left out) and
        clear them; the caller pays the pots back with :meth:`pay`."""
        taken = {s: c for s, c in enumerate(self.contributions) if c}
        self.contributions = [0] * self.n_seats
        self._reset_phase()
        return taken

    def pay(self, seat: int, amount: int) -> None:
        """Add ``amount`` credits to ``seat``'s stack (winnings)."""
        if amount < 0:
            raise ValueError("cannot pay a negative amount")
        self.stacks[seat] += amount

    def withdraw(self, seat: int, amount: int) -> int:
        """Take up to ``amount`` credits out of ``seat``'s stack; the counterpart of :meth:`pay`.

        For credits a variant moves outside the hand pot on purpose (Classic's Sabacc-pot ante
        and bomb-out penalties, a leaver's stake). Takes at most the stack, leaves the hand pot
        and the betting phase alone, and returns what was taken.

        >>> b = Betting(2, [5, 3])
        >>> b.withdraw(0, 2), b.withdraw(1, 10), b.stacks
        (2, 3, [3, 0])
        """
        if amount < 0:
            raise ValueError("cannot withdraw a negative amount")
        taken = min(amount, self.stacks[seat])
        self.stacks[seat] -= taken
        return taken
