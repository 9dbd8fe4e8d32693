"""Serialising the one ``random.Random`` a game owns, so a restored game continues identically."""

from __future__ import annotations

import random
from typing import Any


def rng_to_json(rng: random.Random) -> list[Any]:
    """The generator's full state as JSON-ready data.

    >>> r = random.Random(7); _ = r.random()
    >>> restored = rng_from_json(rng_to_json(r))
    >>> restored.random() == r.random()
    True
    """
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(data: Any) -> random.Random:
    """A generator in exactly the state :func:`rng_to_json` saved."""
    version, internal, gauss = data
    rng = random.Random()
    rng.setstate((version, tuple(internal), gauss))
    return rng
