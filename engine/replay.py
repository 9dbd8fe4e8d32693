"""Replaying one recorded hand through the engine, step by step.

A *hand record* (what the bot stores for every finished hand and what ``/export`` attaches) is a
JSON object::

    {"format": 1, "variant": "classic", "hand_no": 3,
     "commitment": "<SHA-256 of the seed, hex>", "seed": "<the revealed seed, hex>",
     "players": [{"seat": 0, "id": "123", "name": "Han"}, ...],
     "start": {"create": {"players": [...], "buy_in": 100, "options": {...}}}   # hand 1
           or {"state": <the game's JSON just before the action that started the hand>},
     "steps": [{"seat": 0, "action": {...}, "source": "player",
                "events": [<event JSON>, ...], "stacks": [100, 95, ...]}, ...],
     "result": {...}}

Step 0 is the game's creation (``"source": "create"``) or the action that ended the previous
hand and dealt this one; the last step ended this hand (and usually dealt the next one). A
step's ``events`` are the events of *this* hand only: those of the previous hand before this
hand's start event and those of the next hand from its start event on are left out (the next
hand's cards are secret while it runs). The start state carries no secret: its generator
continues the previous hand from its saved position and takes this hand's seed from the record;
the next hand, which the last step starts, is dealt from a placeholder seed and ignored. A step
that settles the hand's pot also carries ``"paid"``: the credits its pot-settling events
(:class:`~engine.core.game.Pays`) moved, the final call included.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core.fair import SeedSource, parse_seed
from engine.core.game import Action, Event, Game, Pays, PlayerView, PublicView
from engine.variants import get_variant

FORMAT = 1
# The event types that open a hand (Kessel: a round). Every variant emits one at each hand start.
HAND_START_EVENTS = frozenset({"HandStarted", "RoundStarted"})
PLACEHOLDER = bytes(32)  # the next hand's seed in a replay: unknown, its events are ignored
CREATE = "create"
LEAVE = "leave"


def event_json(event: Event) -> dict[str, Any]:
    """An event as plain JSON: ``{"type": name, field: value, ...}``."""
    data: dict[str, Any] = {"type": type(event).__name__}
    if dataclasses.is_dataclass(event):
        for f in dataclasses.fields(event):
            data[f.name] = getattr(event, f.name)
    return dict(json.loads(json.dumps(data, default=str)))


def stored_event(data: Mapping[str, Any]) -> dict[str, Any]:
    """A recorded event's JSON as :func:`event_json` writes it today: a record keeps its events
    as they were written, and an event type that became a shared one reads under its new name
    (Kessel's ``Eliminated`` is :class:`~engine.core.seat_events.PlayerOut`; Coruscant Shift's
    ``PlayerLeft`` with ``took`` is the shared ``PlayerLeft`` with ``credits``, which Coruscant
    writes with ``folded`` false; Classic's and the Sabacc Project's ``HandCalled`` became one,
    which says the other's field with its default; the Sabacc Project's phase note ``callable``
    is the family's ``call_allowed``)."""
    event = dict(data)
    if event.get("type") == "Eliminated":
        event["type"] = "PlayerOut"
    elif event.get("type") == "PlayerLeft" and "took" in event:
        event["credits"] = event.pop("took")
        event.setdefault("folded", False)
    elif event.get("type") == "HandCalled":
        event.setdefault("final_turns", 0)
        event.setdefault("forced", False)
    elif event.get("type") == "PhaseStarted" and event.get("note") == "callable":
        event["note"] = "call_allowed"
    return event


def starts_hand(event: Event) -> bool:
    """Whether ``event`` opens a hand."""
    return type(event).__name__ in HAND_START_EVENTS


class HandSlicer:
    """Cuts a hand's events out of the steps' events: nothing before its start event (when the
    record starts from a state), nothing from the next hand's start event on."""

    def __init__(self, *, started: bool, starts_seen: int = 0) -> None:
        self.started = started  # from the game's creation, or a later step of a running hand
        self.starts_seen = starts_seen
        self.over = False

    def take(self, events: tuple[Event, ...]) -> tuple[Event, ...]:
        """The events of this hand among one step's events (in order)."""
        kept: list[Event] = []
        for event in events:
            if starts_hand(event):
                self.starts_seen += 1
                if self.starts_seen == 1:
                    self.started = True
                elif self.started:
                    self.over = True
            if self.started and not self.over:
                kept.append(event)
        return tuple(kept)


def _sources(data: Any, source: SeedSource) -> Any:
    """``data`` (a game's JSON) with every fair generator's seed source replaced by ``source``."""
    if isinstance(data, dict):
        if {"mt", "hand", "source"} <= data.keys():
            return {**data, "source": source.to_json()}
        return {key: _sources(value, source) for key, value in data.items()}
    if isinstance(data, list):
        return [_sources(value, source) for value in data]
    return data


def redact(game_json: Mapping[str, Any]) -> dict[str, Any]:
    """A game's JSON without any secret (its generators know no seed): safe to store with a
    hand and, once that hand is over, to show."""
    return dict(_sources(dict(game_json), SeedSource()))


def seeds_for(record: Mapping[str, Any]) -> SeedSource:
    """The seeds a replay of ``record`` uses: its own, those of hands its first step played
    through before it (``prior_seeds``, all finished), and a placeholder for the next hand."""
    hand = int(record["hand_no"])
    seeds = {int(k): parse_seed(str(v)) for k, v in dict(record.get("prior_seeds") or {}).items()}
    return SeedSource(seeds={**seeds, hand: parse_seed(str(record["seed"])), hand + 1: PLACEHOLDER})


@dataclass(frozen=True, slots=True)
class Frame:
    """One step of a replay: what it did and what could be seen after it."""

    index: int
    seat: int | None
    action: Action | None
    source: str
    events: tuple[Event, ...]  # this hand's events of the step
    public: PublicView
    views: Mapping[int, PlayerView] = field(default_factory=dict)
    hand_over: bool = False  # this step ended the hand (or the game)
    stacks: tuple[int, ...] = ()

    def hands(self) -> list[list[str]]:
        """Every seat's private cards after the step (as recorded in ``hands``)."""
        return [list(self.views[seat].hand) for seat in sorted(self.views)]


def hands_of(game: Game) -> list[list[str]]:
    """Every seat's private cards now: who saw what (through ``game.hand(seat)`` where the game
    has it: the same cards without building every seat's whole view at every step)."""
    quick = getattr(game, "hand", None)
    if quick is None:
        return [list(game.view_for(seat).hand) for seat in range(len(game.players))]
    return [list(quick(seat)) for seat in range(len(game.players))]


def _stacks(game: Game) -> tuple[int, ...]:
    return tuple(seat.stack for seat in game.public_view().seats)


class StepRefused(ValueError):
    """The engine refused a recorded step (it does not fit the replayed state)."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(message)
        self.index = index


def replay(record: Mapping[str, Any]) -> Iterator[tuple[Frame, Game]]:
    """Run ``record``'s steps through the engine, yielding each step's frame and the game after
    it (the game is the same object throughout: read it before asking for the next frame).
    Raises :class:`StepRefused` when a step cannot be applied, ``ValueError`` on a bad record."""
    info = get_variant(str(record["variant"]))
    source = seeds_for(record)
    start = record["start"]
    from_create = CREATE in start
    slicer = HandSlicer(started=from_create, starts_seen=-int(record.get("skip", 0)))
    game: Game | None = None
    shown: tuple[PublicView, dict[int, PlayerView]] | None = None
    if not from_create:
        game = info.restore(_sources(start["state"], source))
    for index, step in enumerate(record["steps"]):
        kind = str(step.get("source", "player"))
        seat: int | None = None
        action: Action | None = None
        try:
            if kind == CREATE:
                if game is not None:
                    raise ValueError("only the first step can create the game")
                params = start[CREATE]
                stacks = params.get("stacks")
                game = info.create(
                    list(params["players"]),
                    buy_in=int(params["buy_in"]),
                    options=dict(params["options"]),
                    seed=source,
                    stacks=None if stacks is None else [int(c) for c in stacks],
                )
                raw: tuple[Event, ...] = tuple(getattr(game, "opening_events", ()))
            else:
                if game is None:
                    raise ValueError("the record has neither a start state nor a create step")
                seat = int(step["seat"])
                action = Action.from_json(step["action"])
                raw = game.leave(seat)[0] if kind == LEAVE else game.apply(seat, action)
        except (ValueError, KeyError) as exc:
            raise StepRefused(index, f"{type(exc).__name__}: {exc}") from exc
        events = slicer.take(raw)
        if not slicer.over or shown is None:  # after the next hand's deal: the last table seen
            shown = game.public_view(), {s: game.view_for(s) for s in range(len(game.players))}
        over = slicer.over or game.finished
        frame = Frame(index, seat, action, kind, events, *shown, over, _stacks(game))
        yield frame, game


def record_step(
    game: Game,
    events: tuple[Event, ...],
    *,
    seat: int | None = None,
    action: Action | None = None,
    source: str = CREATE,
    starts_seen: int | None = None,
    skip: int = 0,
) -> tuple[dict[str, Any], int, bool]:
    """One step of a hand record, as a running table writes it: this hand's events of the step
    and the stacks after it. ``starts_seen`` is how many hand-start events the hand's earlier
    steps had (``None`` for the step that started the hand from a running game: the events
    before its start event belong to the previous hand). Returns the step, the new count and
    whether the step ended the hand. ``skip``: hands the first step played through before this
    one started (their start events are not this hand's)."""
    first = starts_seen is None and source != CREATE
    slicer = HandSlicer(started=not first, starts_seen=-skip if first else starts_seen or 0)
    kept = slicer.take(events)
    step: dict[str, Any] = {"source": source}
    if action is not None:
        step |= {"seat": seat, "action": action.to_json()}
    over = slicer.over or game.finished
    step |= {"events": [event_json(e) for e in kept], "stacks": list(_stacks(game))}
    if not over:  # after the last step the pots and hands are the next hand's
        step["pot"] = sum(amount for _name, amount in game.public_view().pots)
        step["hands"] = hands_of(game)
    paid = [event.pot_paid() for event in kept if isinstance(event, Pays)]
    if paid:  # the pot settled by this step, the last call included
        step["paid"] = sum(paid)
    return step, slicer.starts_seen, over


def frames(record: Mapping[str, Any]) -> list[Frame]:
    """Every frame of ``record`` (see :func:`replay`)."""
    return [frame for frame, _game in replay(record)]
