"""``python -m engine.judge VARIANT FILE [FILE ...] [--check]``: run rule vectors.

A thin adapter over each variant's ``INFO.judge`` (the same engine functions the cogs call).
See ``docs/rules/README.md`` for the contract: results keyed by vector id, one bad vector never
stops the others, ``--check`` compares with each vector's ``expected`` and ends with
``N passed, M failed``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.game import JudgeFunction
from engine.variants import UnknownVariant, get_variant

_SET_KEYS = frozenset({"winners", "eliminated"})


def run_vectors(judge: JudgeFunction, vectors: Sequence[Any]) -> dict[str, Any]:
    """Compute every vector; an engine rejection becomes ``{"error": message}``."""
    results: dict[str, Any] = {}
    for index, vector in enumerate(vectors):
        vid = vector_id(vector, index)
        if not isinstance(vector, Mapping):
            results[vid] = {"error": "a vector must be a JSON object"}
            continue
        try:
            results[vid] = judge(vector)
        except Exception as exc:  # one bad vector never stops the others
            results[vid] = {"error": f"{type(exc).__name__}: {exc}"}
    return results


def vector_id(vector: Any, index: int) -> str:
    """A vector's id, or ``#index`` when it has none (or is not an object)."""
    if isinstance(vector, Mapping) and "id" in vector:
        return str(vector["id"])
    return f"#{index}"


def matches(expected: Any, actual: Any, key: str | None = None) -> bool:
    """Compare per the README: sets for winners/eliminated, objects by expected keys
    (recursively), lists item by item, everything else exactly."""
    if isinstance(expected, Mapping):
        if not isinstance(actual, Mapping):
            return False
        return all(k in actual and matches(v, actual[k], k) for k, v in expected.items())
    if isinstance(expected, list):
        if not isinstance(actual, list):
            return False
        if key in _SET_KEYS:
            return sorted(map(json.dumps, expected)) == sorted(map(json.dumps, actual))
        return len(expected) == len(actual) and all(
            matches(e, a) for e, a in zip(expected, actual, strict=True)
        )
    if isinstance(expected, bool) or isinstance(actual, bool):
        return expected is actual
    return bool(expected == actual)


def expected_of(vector: Any) -> Any:
    """The part of a vector the result is compared with."""
    if not isinstance(vector, Mapping):
        return None
    if "expected" in vector:
        return vector["expected"]
    return {k: vector[k] for k in ("order", "expected_antes") if k in vector}


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m engine.judge", description=__doc__)
    parser.add_argument("variant")
    parser.add_argument("files", nargs="+")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    try:
        info = get_variant(args.variant)
    except UnknownVariant as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    vectors: list[Any] = []
    for path in args.files:
        try:
            with open(path, encoding="utf-8") as fh:
                data = json.load(fh)
        except (OSError, json.JSONDecodeError) as exc:
            print(f"error: cannot read {path}: {exc}", file=sys.stderr)
            return 2
        vectors.extend(data if isinstance(data, list) else [data])
    results = run_vectors(info.judge, vectors)
    print(json.dumps({"results": results}, indent=2, sort_keys=True))
    if not args.check:
        return 0
    passed = failed = 0
    for index, vector in enumerate(vectors):
        vid = vector_id(vector, index)
        want = expected_of(vector)
        if matches(want, results[vid]):
            passed += 1
        else:
            failed += 1
            print(f"FAIL {vid}: expected {json.dumps(want)} got {json.dumps(results[vid])}")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
