"""Provably fair randomness: one secret seed per hand, committed before the deal, revealed after.

A table owns a 32-byte *master secret* drawn by the bot (never by the engine). Hand ``k``'s seed is
``HMAC-SHA256(master, "hand:k")``, so revealing one hand's seed tells nothing about another's. The
*commitment* shown before the first card is dealt is ``SHA-256(seed)`` in hex. Every random event
of hand ``k`` (deck orders, dice, shifts, token dice, random discards) comes from one
:class:`random.Random` (MT19937) seeded with that hand's seed: Python's ``random.seed(bytes)``, so a
hand replays from its start state, its seed and its actions.

A game created with a :class:`SeedSource` owns a :class:`FairRandom`; every variant calls
:func:`begin_hand` once where a hand starts (after its number grew), which reseeds the generator
from that hand's seed. A game created with a plain ``int`` seed (engine tests, the judge, bench
scripts) keeps a plain :class:`random.Random` and :func:`begin_hand` does nothing.

>>> master = bytes(32)
>>> one, two = derive_hand_seed(master, 1), derive_hand_seed(master, 2)
>>> commitment(one) == commitment(derive_hand_seed(master, 1)) != commitment(two)
True
>>> rng = FairRandom(SeedSource(master=master))
>>> first = rng.random(); begin_hand(rng, 2); begin_hand(rng, 2)
>>> rng_for(derive_hand_seed(master, 2)).random() == rng.random()
True
"""

from __future__ import annotations

import hashlib
import hmac
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

SEED_BYTES = 32
SHORT = 12  # hex digits of the commitment shown on the table


def derive_hand_seed(master: bytes, hand: int) -> bytes:
    """Hand ``hand``'s 32-byte seed: ``HMAC-SHA256(master, f"hand:{hand}")``."""
    return hmac.new(master, f"hand:{hand}".encode(), hashlib.sha256).digest()


def commitment(seed: bytes) -> str:
    """The public commitment to a seed: ``SHA-256(seed)`` as 64 hex digits."""
    return hashlib.sha256(seed).hexdigest()


def short(commit: str) -> str:
    """The short form of a commitment shown on the table message."""
    return commit[:SHORT]


def rng_for(seed: bytes) -> random.Random:
    """The generator every random event of a hand comes from."""
    return random.Random(seed)


def parse_seed(text: str) -> bytes:
    """A seed from its hex form; ``ValueError`` unless it is 32 bytes."""
    seed = bytes.fromhex(text)
    if len(seed) != SEED_BYTES:
        raise ValueError(f"a seed is {SEED_BYTES} bytes ({SEED_BYTES * 2} hex digits)")
    return seed


@dataclass(frozen=True, slots=True)
class SeedSource:
    """Where hand seeds come from: the table's master secret (a live game, server-side only), or
    the revealed seeds of some hands (a replay: ``{hand: seed}``)."""

    master: bytes | None = field(default=None, repr=False)  # never in a log line or error
    seeds: Mapping[int, bytes] = field(default_factory=dict, repr=False)

    def seed(self, hand: int) -> bytes:
        """Hand ``hand``'s seed; ``KeyError`` when this source does not know it."""
        if hand in self.seeds:
            return self.seeds[hand]
        if self.master is None:
            raise KeyError(f"the seed of hand {hand} is not known")
        return derive_hand_seed(self.master, hand)

    def to_json(self) -> dict[str, Any]:
        """JSON-ready (holds the master secret: server-side storage only)."""
        return {
            "master": self.master.hex() if self.master is not None else None,
            "seeds": {str(k): v.hex() for k, v in sorted(self.seeds.items())},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SeedSource:
        """Inverse of :meth:`to_json`."""
        master = data.get("master")
        seeds = {int(k): parse_seed(v) for k, v in dict(data.get("seeds") or {}).items()}
        return cls(bytes.fromhex(master) if master else None, seeds)


class FairRandom(random.Random):
    """A :class:`random.Random` reseeded from its :class:`SeedSource` at every hand start."""

    def __init__(self, source: SeedSource, hand: int = 1) -> None:
        super().__init__(source.seed(hand))
        self.source = source
        self.hand = hand

    def __reduce__(self) -> Any:  # copies keep the source (random.Random's would drop it)
        return (restore_fair, (self.source, self.hand, self.getstate()))

    def next_hand(self, hand: int) -> None:
        """Start hand ``hand``: reseed from its seed (nothing when it is the current hand)."""
        if hand != self.hand:
            self.seed(self.source.seed(hand))
            self.hand = hand


def restore_fair(source: SeedSource, hand: int, state: Any) -> FairRandom:
    """A fair generator on hand ``hand`` in the saved MT ``state`` (``random.Random.getstate``)."""
    rng = FairRandom.__new__(FairRandom)
    random.Random.__init__(rng)
    rng.source, rng.hand = source, hand
    rng.setstate(state)
    return rng


def game_rng(seed: int | SeedSource) -> random.Random:
    """A new game's generator: a :class:`FairRandom` on hand 1 for a seed source, a plain
    seeded :class:`random.Random` for an ``int`` (tests and scripted games)."""
    if isinstance(seed, SeedSource):
        return FairRandom(seed)
    return random.Random(seed)


def begin_hand(rng: random.Random, hand: int) -> None:
    """Every variant calls this once where hand (round) ``hand`` starts, before its first random
    event; a fair generator switches to that hand's seed."""
    if isinstance(rng, FairRandom):
        rng.next_hand(hand)


def current_hand(rng: random.Random) -> tuple[int, SeedSource] | None:
    """The hand a fair generator is on and its source; ``None`` for a plain generator."""
    if isinstance(rng, FairRandom):
        return rng.hand, rng.source
    return None


def with_source(rng: random.Random, source: SeedSource) -> random.Random:
    """A copy of a fair generator (same hand, same position) drawing later hands' seeds from
    ``source`` instead: a replay's start state gets the revealed seeds, never the master."""
    if not isinstance(rng, FairRandom):
        return rng
    return restore_fair(source, rng.hand, rng.getstate())
