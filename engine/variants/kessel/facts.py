"""The facts of Kessel Sabacc's views, controls and previews (the events are in :mod:`.events`).

Cards are notations, families and tokens ids, hands :class:`~.cards.HandEval` ranks; the bot
writes the words (``bot/words/kessel.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.facts import Fact
from engine.variants.kessel.cards import HandEval
from engine.variants.kessel.events import HandRevealed, RoundWon
from engine.variants.kessel.rank import Fix


@dataclass(frozen=True, slots=True)
class HandNote(Fact):
    """What a hand is now; with ``impostor`` its best case while an Impostor waits for the
    dice at the reveal."""

    hand: HandEval
    impostor: bool = False


@dataclass(frozen=True, slots=True)
class KeepOption(Fact):
    """Keep the ``drawn`` or the ``held`` card (``card``, a notation): the hand it makes."""

    which: str
    card: str
    note: HandNote


@dataclass(frozen=True, slots=True)
class ImpostorOption(Fact):
    """A die choice ``value`` (``"3"`` or ``"3/5"``): the hand it makes, and the value of every
    Impostor of the hand with it (``(family, value)``, a double already set). Also the preview
    of that choice."""

    value: str
    hand: HandEval
    values: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class ImpostorDice(Fact):
    """The dice of a seat's Impostors waiting for its choice, and the doubles already set."""

    rolls: tuple[tuple[str, tuple[int, int]], ...]
    doubles: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class DrawOption(Fact):
    """A pile to draw from: a family's deck, or its discard pile with ``top`` (a notation)."""

    family: str
    top: str | None = None


@dataclass(frozen=True, slots=True)
class DrawCost(Fact):
    """A DRAW control: whether it is free (Free Draw) or costs a chip."""

    free: bool


@dataclass(frozen=True, slots=True)
class TokenOption(Fact):
    """A Shift Token to play, on ``target`` (a player id) when it takes one; also the preview of
    playing it (the bot writes the token's rule)."""

    token: str
    target: str | None = None


@dataclass(frozen=True, slots=True)
class StandOption(Fact):
    """The STAND control; ``embargo`` when an Embargo forces it."""

    embargo: bool = False


@dataclass(frozen=True, slots=True)
class DrawPreview(Fact):
    """What a draw costs: the chip(s) paid, the Stock and Hand Pot after it."""

    cost: int
    stock: int
    hand_pot: int


@dataclass(frozen=True, slots=True)
class SeatFacts(Fact):
    """One seat's public facts: Hand Pot, tokens left (and which, when tokens are public),
    immunity, Embargo and its state (``status``: ``left``, ``eliminated``, ``winner``,
    ``choosing`` tokens, last move ``stand`` or ``draw``, or ``""``)."""

    hand_pot: int
    tokens_left: int
    tokens: tuple[str, ...] = ()
    immune: bool = False
    embargoed: bool = False
    status: str = ""


@dataclass(frozen=True, slots=True)
class PileFacts(Fact):
    """A family's piles: the discard top (``None``: empty) and the cards left in its deck."""

    family: str
    top: str | None
    deck: int


@dataclass(frozen=True, slots=True)
class ImpostorDie(Fact):
    """One Impostor at the reveal: its dice (``None``: rolls later), the value set (``None``:
    not yet) and whether its owner is choosing now."""

    family: str
    dice: tuple[int, int] | None = None
    value: int | None = None
    choosing: bool = False


@dataclass(frozen=True, slots=True)
class RevealRow(Fact):
    """A hand face up while Impostor dice are chosen."""

    player: str
    cards: tuple[str, ...]
    impostors: tuple[ImpostorDie, ...] = ()


@dataclass(frozen=True, slots=True)
class TableFacts(Fact):
    """Kessel's public table besides chips and seats: the phase (a ``Phase`` id), round, card
    turn, seats, piles, Fix tokens in force and the Sabacc order they make, the Sabacc Pot in
    credits, the hands at the reveal and the last reveal."""

    phase: str
    round_no: int
    t: int
    seats: tuple[SeatFacts, ...]
    piles: tuple[PileFacts, ...]
    fix: Fix
    order: tuple[int, ...]
    sabacc_pot: int
    reveal: tuple[RevealRow, ...] = ()
    last_reveal: tuple[HandRevealed | RoundWon | str, ...] = ()


@dataclass(frozen=True, slots=True)
class HandFacts(Fact):
    """A seat's private facts: its cards, what the hand is, a drawn card to keep or not, its
    Impostor dice to choose from, its Shift Tokens."""

    cards: tuple[str, ...]
    note: HandNote | None = None
    drawn: str | None = None
    rolls: tuple[tuple[str, tuple[int, int]], ...] = ()
    tokens: tuple[str, ...] = ()
