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
from typing import Protocol

from bot.i18n import N_, _

# What each variant calls one deal-to-reveal cycle, when it is not "Hand".
HAND_WORDS = {"kessel": N_("Round")}
HAND = N_("Hand")  # (marked on its own line: Babel's extractor skips a marker nested in a call)


# What a player does, as in "You cannot {action} now." (an action kind's words).
ACTIONS = {
    "all_in": N_("all in"),
    "bet": N_("bet"),
    "call": N_("call"),
    "call_hand": N_("call hand"),
    "cancel_trade": N_("cancel trade"),
    "change": N_("change"),
    "check": N_("check"),
    "discard": N_("discard"),
    "draw": N_("draw"),
    "draw_to_array": N_("draw to array"),
    "end_turn": N_("end turn"),
    "fold": N_("fold"),
    "gain": N_("gain"),
    "gain_discard": N_("gain discard"),
    "impostor": N_("impostor"),
    "junk": N_("junk"),
    "keep": N_("keep"),
    "prime": N_("prime"),
    "raise": N_("raise"),
    "select_tokens": N_("select tokens"),
    "stand": N_("stand"),
    "stasis": N_("stasis"),
    "swap": N_("swap"),
    "token": N_("token"),
    "unstasis": N_("unstasis"),
}


# The three suits of Coruscant Shift and Corellian Spike (``circle``…), in a sentence and as a
# name on its own.
SUITS = {"circle": N_("circle"), "triangle": N_("triangle"), "square": N_("square")}
SUIT_TITLES = {"circle": N_("Circle"), "triangle": N_("Triangle"), "square": N_("Square")}


def suit_name(suit: str, *, title: bool = False) -> str:
    """A ● ▲ ■ suit's name (``circle``; ``Circle`` with ``title``) in the reader's language."""
    names = SUIT_TITLES if title else SUITS
    words = names.get(suit)
    return (suit.title() if title else suit) if words is None else _(words)


# The variants' names (``VariantInfo.name``), marked for the catalogs.
VARIANT_NAMES = (
    N_("Centran Sabacc"),
    N_("Classic Sabacc"),
    N_("Corellian Spike"),
    N_("Coruscant Shift"),
    N_("Kessel Sabacc"),
    N_("Sabacc Project"),
)


class Named(Protocol):
    """Anything with an English ``name`` (a variant's registration)."""

    @property
    def name(self) -> str:
        """The English name."""
        ...


def variant_name(info: Named) -> str:
    """A variant's name in the reader's language."""
    return _(info.name)


def action_name(kind: str) -> str:
    """An action kind in words: ``select_tokens`` -> ``select tokens``."""
    words = ACTIONS.get(kind)
    return kind.replace("_", " ") if words is None else _(words)


def names(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return _("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


def count(n: int, noun: str) -> str:
    """``1 chip``, ``2 chips``: the noun agrees with the number."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def hand_word(variant: str) -> str:
    """``"Round"`` for Kessel, ``"Hand"`` for every other variant (result titles, history)."""
    return _(HAND_WORDS.get(variant, HAND))


def hand_noun(variant: str) -> str:
    """The same inside a sentence: ``"round"`` / ``"hand"`` (a language may capitalise it)."""
    return _(N_("round") if variant in HAND_WORDS else N_("hand"))


def signed(n: int) -> str:
    """A card value with its sign: ``+3``, ``0``, ``-2``."""
    return f"+{n}" if n > 0 else str(n)
