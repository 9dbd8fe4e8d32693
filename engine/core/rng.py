"""Serialising the one ``random.Random`` a game owns, so a restored game continues identically.

A plain generator is saved as ``[version, internal, gauss]``; a fair one
(:class:`~engine.core.fair.FairRandom`) as ``{"mt": [...], "hand": k, "source": {...}}`` (the
source holds the table's master secret: such a state is stored server-side only, see
:func:`engine.core.fair_json.redact`).
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.fair import FairRandom, SeedSource, restore_fair


def rng_to_json(rng: random.Random) -> Any:
    """The generator's full state as JSON-ready data.

    >>> r = random.Random(7); _ = r.random()
    >>> restored = rng_from_json(rng_to_json(r))
    >>> restored.random() == r.random()
    True
    """
    version, internal, gauss = rng.getstate()
    mt = [version, list(internal), gauss]
    if isinstance(rng, FairRandom):
        return {"mt": mt, "hand": rng.hand, "source": rng.source.to_json()}
    return mt


def rng_from_json(data: Any) -> random.Random:
    """A generator in exactly the state :func:`rng_to_json` saved."""
    if isinstance(data, dict):
        version, internal, gauss = data["mt"]
        state = (version, tuple(internal), gauss)
        return restore_fair(SeedSource.from_json(data["source"]), int(data["hand"]), state)
    rng = random.Random()
    version, internal, gauss = data
    rng.setstate((version, tuple(internal), gauss))
    return rng
