"""Cutting a running game into hand records (see :mod:`engine.replay` for the format).

A table keeps one :class:`RunningHand` (saved with the table) and calls :func:`on_create` once and
:func:`on_step` after every accepted action or departure; each returns the hands that just ended
and the one now running. :func:`finish` turns an ended hand into its record once its seed may be
revealed. Everything here is pure: the caller stores the results.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.fair import SeedSource, commitment
from engine.core.game import Action, Event, Game
from engine.replay import CREATE, FORMAT, record_step, redact


@dataclass(slots=True)
class RunningHand:
    """A hand being recorded: where it starts, its steps so far, and per-seat facts at its start."""

    hand_no: int
    start: dict[str, Any]  # {"create": params} or {"state": redacted game JSON}
    steps: list[dict[str, Any]] = field(default_factory=list)
    starts_seen: int = 0
    skip: int = 0  # hands the first step played through before this one
    stats: dict[str, dict[str, Any]] = field(default_factory=dict)  # seat -> SeatStats at start

    def to_json(self) -> dict[str, Any]:
        """JSON-ready (no secret: safe to store beside the table)."""
        return {
            "hand_no": self.hand_no,
            "start": self.start,
            "steps": self.steps,
            "starts_seen": self.starts_seen,
            "skip": self.skip,
            "stats": self.stats,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RunningHand:
        """Inverse of :meth:`to_json`."""
        return cls(
            int(data["hand_no"]),
            dict(data["start"]),
            list(data["steps"]),
            int(data["starts_seen"]),
            int(data["skip"]),
            dict(data["stats"]),
        )


def _stats(game: Game) -> dict[str, dict[str, Any]]:
    return {
        str(seat): {
            "hands_won": s.hands_won,
            "best_hand": s.best_hand,
            "best_hand_score": s.best_hand_score,
            "biggest_pot": s.biggest_pot,
        }
        for seat, s in game.seat_stats().items()
    }


def _opened(game: Game, hand_no: int, start: dict[str, Any], step: dict[str, Any]) -> RunningHand:
    hand = RunningHand(hand_no, start, [step])
    hand.stats = _stats(game)
    return hand


def on_create(
    game: Game,
    *,
    players: Sequence[str],
    buy_in: int,
    options: Mapping[str, Any],
    stacks: Sequence[int] | None = None,
) -> RunningHand:
    """The first hand, dealt by the game's creation (with ``stacks`` when it was given any)."""
    step, seen, _over = record_step(game, tuple(getattr(game, "opening_events", ())))
    params = {"players": list(players), "buy_in": buy_in, "options": dict(options)}
    start = {CREATE: params if stacks is None else {**params, "stacks": list(stacks)}}
    hand = _opened(game, game.public_view().hand_no, start, step)
    hand.starts_seen = seen
    return hand


def on_step(
    running: RunningHand | None,
    game: Game,
    events: tuple[Event, ...],
    *,
    seat: int,
    action: Action,
    source: str,
    before: Mapping[str, Any],
    hand_before: int,
) -> tuple[list[RunningHand], RunningHand | None]:
    """Record one step (``before``: the game's JSON before it, ``hand_before``: its public hand
    number then). Returns the hands it ended (in order) and the hand running after it."""
    ended: list[RunningHand] = []
    kw: dict[str, Any] = {"seat": seat, "action": action, "source": source}
    if running is not None:
        step, seen, over = record_step(game, events, starts_seen=running.starts_seen, **kw)
        running.steps.append(step)
        running.starts_seen = seen
        if not over:
            return [], running
        ended.append(running)
        hand_before = running.hand_no
    if game.finished:
        return ended, None
    hand_after = game.public_view().hand_no
    current: RunningHand | None = None
    if running is None and hand_after == hand_before:
        return ended, None  # not recording (a game without a fair seed source)
    for number in range(hand_before + 1, hand_after + 1):
        skip = number - hand_before - 1
        step, seen, over = record_step(game, events, skip=skip, **kw)
        hand = _opened(game, number, {"state": redact(before)}, step)
        hand.starts_seen, hand.skip = seen, skip
        if over or number < hand_after:
            ended.append(hand)
        else:
            current = hand
    return ended, current


def paid_pot(steps: Sequence[Mapping[str, Any]]) -> int:
    """The pot a hand paid: what its steps' pot-settling events moved (the final call included,
    although no step shows it on the table); the largest pot seen for a hand that settled none
    (recorded before steps carried ``paid``).

    >>> paid_pot([{"pot": 10}, {"pot": 227}, {"paid": 346}])
    346
    >>> paid_pot([{"pot": 10}, {"pot": 227}, {}])
    227
    """
    paid = [int(step["paid"]) for step in steps if "paid" in step]
    if paid:
        return sum(paid)
    return max((int(step.get("pot", 0)) for step in steps), default=0)


def finish(
    hand: RunningHand,
    game: Game,
    source: SeedSource,
    *,
    variant: str,
    players: Sequence[Mapping[str, Any]],
) -> dict[str, Any]:
    """The record of an ended hand: its seed revealed (and those of the hands its first step
    played through), what it was worth, who won it."""
    seed = source.seed(hand.hand_no)
    prior = {str(h): source.seed(h).hex() for h in range(hand.hand_no - hand.skip, hand.hand_no)}
    after = _stats(game)
    winners = [
        int(s) for s, data in after.items() if data["hands_won"] > hand.stats[s]["hands_won"]
    ]
    best = {
        s: [data["best_hand"], data["best_hand_score"]]
        for s, data in after.items()
        if data["best_hand_score"] != hand.stats[s]["best_hand_score"] and data["best_hand"]
    }
    pot = paid_pot(hand.steps)
    dealt = {s for step in hand.steps for s, cards in enumerate(step.get("hands") or []) if cards}
    return {
        "format": FORMAT,
        "variant": variant,
        "hand_no": hand.hand_no,
        "commitment": commitment(seed),
        "seed": seed.hex(),
        "prior_seeds": prior,
        "skip": hand.skip,
        "players": list(players),
        "start": hand.start,
        "steps": hand.steps,
        "result": {
            "dealt": sorted(dealt),  # seats that held cards at some step
            "winners": sorted(winners),
            "pot": pot,
            "best_hands": best,
            "biggest_pots": {
                s: data["biggest_pot"]
                for s, data in after.items()
                if data["biggest_pot"] != hand.stats[s]["biggest_pot"]
            },
        },
    }
