"""``python -m engine.verify FILE [FILE ...]``: check exported hands, offline.

For each hand record (see :mod:`engine.replay`): the revealed seed must hash to the commitment
the table showed before the deal, and replaying the hand from its start state, its seed and its
recorded actions must reproduce every recorded event (every card, die and payout) and every
stack, step by step. The first difference is reported with the step and the event where it is.
No Discord, no database: only the engine.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.fair import commitment, parse_seed
from engine.replay import StepRefused, event_json, replay, stored_event


@dataclass(frozen=True, slots=True)
class Verdict:
    """The outcome of verifying one hand: ``ok``, what was checked, and the first failure."""

    ok: bool
    checked: tuple[str, ...]
    failure: str = ""
    step: int | None = None  # the failing step (0 = start); None for the commitment


def describe_step(step: Mapping[str, Any], index: int) -> str:
    """``step 3 (seat 1: draw)`` for messages."""
    kind = str(step.get("source", "player"))
    if kind == "create":
        return f"step {index} (the deal of the game's first hand)"
    action = step.get("action") or {}
    what = "leaves" if kind == "leave" else str(action.get("kind", "?"))
    extra = action.get("amount")
    choices = action.get("choices") or []
    detail = f" {extra}" if extra is not None else (f" {', '.join(choices)}" if choices else "")
    return f"step {index} (seat {step.get('seat')}: {what}{detail})"


def _first_difference(expected: list[Any], actual: list[Any]) -> str:
    for position, (want, got) in enumerate(zip(expected, actual, strict=False)):
        if want != got:
            return f"event {position + 1}: recorded {_short(want)}, replay gives {_short(got)}"
    if len(expected) > len(actual):
        return f"event {len(actual) + 1}: recorded {_short(expected[len(actual)])}, replay has none"
    return f"event {len(expected) + 1}: replay also gives {_short(actual[len(expected)])}"


def _short(event: Any) -> str:
    text = json.dumps(event, sort_keys=True)
    return text if len(text) <= 300 else text[:297] + "..."


def verify(record: Mapping[str, Any]) -> Verdict:
    """Verify one hand record; never raises on a malformed or tampered record."""
    checked: list[str] = []
    try:
        seed = parse_seed(str(record["seed"]))
        promised = str(record["commitment"]).lower()
    except (KeyError, ValueError) as exc:
        return Verdict(False, (), f"commitment: the record has no valid seed ({exc})", None)
    actual = commitment(seed)
    if actual != promised:
        return Verdict(
            False,
            (),
            f"commitment: SHA-256 of the revealed seed is {actual}, "
            f"but the table committed to {promised}",
            None,
        )
    checked.append(f"commitment {promised} = SHA-256(seed)")
    steps = list(record.get("steps") or [])
    if not steps:
        return Verdict(False, tuple(checked), "the record has no steps", 0)
    index = 0
    try:
        for frame, game in replay(record):
            index = frame.index
            step = steps[index]
            got = [event_json(e) for e in frame.events]
            want = [stored_event(e) for e in step.get("events") or []]
            if got != want:
                where = describe_step(step, index)
                return Verdict(
                    False, tuple(checked), f"{where}: {_first_difference(want, got)}", index
                )
            recorded = list(step.get("stacks") or [])
            settled = not frame.hand_over or game.finished  # else the next hand's antes are in
            if settled and recorded and recorded != list(frame.stacks):
                where = describe_step(step, index)
                return Verdict(
                    False,
                    tuple(checked),
                    f"{where}: stacks recorded {recorded}, replay gives {list(frame.stacks)}",
                    index,
                )
            hands = step.get("hands")
            if not frame.hand_over and hands is not None and hands != frame.hands():
                seat = next(s for s, h in enumerate(hands) if h != frame.hands()[s])
                return Verdict(
                    False,
                    tuple(checked),
                    f"{describe_step(step, index)}: seat {seat}'s cards recorded {hands[seat]}, "
                    f"replay gives {frame.hands()[seat]}",
                    index,
                )
            checked.append(f"{describe_step(step, index)}: {len(got)} events match")
    except StepRefused as exc:
        where = describe_step(steps[exc.index], exc.index)
        return Verdict(False, tuple(checked), f"{where}: the engine refuses it ({exc})", exc.index)
    except (KeyError, TypeError, ValueError) as exc:
        return Verdict(False, tuple(checked), f"step {index}: bad record ({exc})", index)
    return Verdict(True, tuple(checked))


def main(argv: Sequence[str] | None = None) -> int:
    """Verify every FILE (a hand record, or a list of them); exit status 1 if any fails."""
    parser = argparse.ArgumentParser(prog="python -m engine.verify", description=__doc__)
    parser.add_argument("files", nargs="+", metavar="FILE")
    parser.add_argument("-v", "--verbose", action="store_true", help="list every check")
    args = parser.parse_args(argv)
    failed = 0
    for path in args.files:
        try:
            with open(path, encoding="utf-8") as handle:
                data = json.load(handle)
        except (OSError, ValueError) as exc:
            print(f"{path}: cannot read: {exc}")
            failed += 1
            continue
        for record in data if isinstance(data, list) else [data]:
            name = f"{path}: hand {record.get('hand_id', '?')} ({record.get('variant', '?')})"
            verdict = verify(record)
            if args.verbose:
                for line in verdict.checked:
                    print(f"  ok  {line}")
            if verdict.ok:
                print(f"{name}: VERIFIED ({len(verdict.checked)} checks)")
            else:
                failed += 1
                print(f"{name}: FAILED at {verdict.failure}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
