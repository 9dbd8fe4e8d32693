"""The game state as stored in a table row: the engine's JSON, its generator packed.

A running game is written after every action, and three quarters of its JSON is its
``random.Random``'s Mersenne Twister state (625 numbers, :mod:`engine.core.rng`: about 7 KB of
digits, and most of the time spent writing the state). The row keeps those numbers as
base64 of 32-bit little-endian words instead (``{"u32": "…"}``, 3.3 KB, encoded in a few
microseconds); everything else is the engine's JSON as it is. :func:`load_state` gives back
exactly what ``game.to_json()`` gave (a row written before this format reads as it is).
"""

from __future__ import annotations

import base64
import json
import struct
from typing import Any

from engine.core.game import Game

__all__ = ["dump_state", "load_state"]

PACKED = "u32"


def dump_state(game: Game) -> str:
    """``game``'s state for the ``state`` column."""
    data = game.to_json()
    holder = _rng_holder(data)
    if holder is not None:
        holder["rng"] = _map_words(holder["rng"], _pack)
    return json.dumps(data, separators=(",", ":"))


def load_state(text: str) -> dict[str, Any]:
    """The ``state`` column back as ``game.to_json()`` gave it."""
    data: dict[str, Any] = json.loads(text)
    holder = _rng_holder(data)
    if holder is not None:
        holder["rng"] = _map_words(holder["rng"], _unpack)
    return data


def _rng_holder(data: dict[str, Any]) -> dict[str, Any] | None:
    """The dict holding the game's generator (``"rng"``): at the top of the game's JSON or
    in its ``"state"`` (the variants' two layouts). ``game.to_json()`` builds a new dict at
    every call, so it may be changed in place."""
    for holder in (data, data.get("state")):
        if isinstance(holder, dict) and "rng" in holder:
            return holder
    return None


def _map_words(rng: Any, convert: Any) -> Any:
    """``rng`` (``[version, words, gauss]`` or a fair generator's ``{"mt": [...], …}``) with
    its words converted; anything else as it is."""
    if isinstance(rng, dict) and isinstance(rng.get("mt"), list):
        return {**rng, "mt": _map_words(rng["mt"], convert)}
    if isinstance(rng, list) and len(rng) == 3:
        return [rng[0], convert(rng[1]), rng[2]]
    return rng


def _pack(words: Any) -> Any:
    if not isinstance(words, list):
        return words
    try:  # refuses anything but whole numbers in 0 … 2**32 - 1
        raw = struct.pack(f"<{len(words)}I", *words)
    except struct.error:
        return words
    return {PACKED: base64.b64encode(raw).decode("ascii")}


def _unpack(words: Any) -> Any:
    if isinstance(words, dict) and isinstance(words.get(PACKED), str):
        raw = base64.b64decode(words[PACKED])
        return list(struct.unpack(f"<{len(raw) // 4}I", raw))
    return words
