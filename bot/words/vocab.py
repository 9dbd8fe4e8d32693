"""The words every variant shares: lists of names, counted nouns, amounts and what a variant
calls one deal-to-reveal cycle ("Hand", or "Round" in Kessel).

>>> names(("Rey", "Finn", "Poe"))
'Rey, Finn and Poe'
>>> count(1, "chip"), count(3, "chip")
('1 chip', '3 chips')
>>> hand_word("kessel"), hand_word("classic")
('Round', 'Hand')
"""

from __future__ import annotations

from collections.abc import Sequence

# What each variant calls one deal-to-reveal cycle, when it is not "Hand".
HAND_WORDS = {"kessel": "Round"}


def names(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def count(n: int, noun: str) -> str:
    """``1 chip``, ``2 chips``: the noun agrees with the number."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def hand_word(variant: str) -> str:
    """``"Round"`` for Kessel, ``"Hand"`` for every other variant (result titles, history)."""
    return HAND_WORDS.get(variant, "Hand")


def signed(n: int) -> str:
    """A card value with its sign: ``+3``, ``0``, ``-2``."""
    return f"+{n}" if n > 0 else str(n)
