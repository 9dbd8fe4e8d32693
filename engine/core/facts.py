"""Facts: the typed, frozen data the engine speaks in; the bot (``bot.words``) speaks the words.

Every event, the variant part of every public and private view, every control's data, every
preview and every refusal (:class:`~engine.core.game.IllegalAction`'s reason code and data) is a
fact: a frozen dataclass of cards, values, totals, hand ranks, pots, bets, phases, dice, tokens,
and who acted and how. No player-facing sentence is built in ``engine/``: a variant's renderer in
``bot/words/<variant>.py`` writes each fact's words, and ``bot/words/vocab.py`` holds the words
every variant shares (amounts, lists of names, "hand" or "round").

A fact subclasses :class:`Fact` (a slotted marker base, so ``isinstance(x, Fact)`` tells facts
from the plain strings of a variant that still writes its own words) and is declared
``@dataclass(frozen=True, slots=True)``. Its fields are data: ``str`` ids and codes (a card's
notation, a player id, a phase id), ``int``, ``bool``, enums and tuples of these or of facts.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Drew(Fact):
...     player: str
...     pile: str
>>> Drew("p0", "sand").pile
'sand'
>>> isinstance(Drew("p0", "sand"), Fact)
True
"""

from __future__ import annotations


class Fact:
    """Base of every typed fact (events, view details, control data, previews)."""

    __slots__ = ()
