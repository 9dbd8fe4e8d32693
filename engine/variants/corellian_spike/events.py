"""Corellian Spike events: frozen dataclasses, each with a public log line.

No public line names a hidden card: gained cards are reported by count only; cards put on or
taken from the face-up discard pile, junked hands, revealed hands and blind draws are public
(§3.5). :class:`PlayerLeft`, :class:`Reshuffled`, :class:`GameOver`, :class:`HandWon` and
:class:`SabaccPotResult` are the two-pot family's (:mod:`engine.variants.twopot.events`),
re-exported.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.game import ShownHand
from engine.variants.corellian_spike.cards import Card, card_name, signed
from engine.variants.twopot.events import GameOver as GameOver  # re-exported
from engine.variants.twopot.events import HandWon as HandWon  # re-exported
from engine.variants.twopot.events import PlayerLeft as PlayerLeft  # re-exported
from engine.variants.twopot.events import Reshuffled as Reshuffled  # re-exported
from engine.variants.twopot.events import SabaccPotResult as SabaccPotResult  # re-exported


def shown(notations: tuple[str, ...] | list[str]) -> str:
    """Cards as players read them: ``● +5, Ø Sylop``."""
    return ", ".join(card_name(Card.parse(c)) for c in notations)


def _fee(fee: int) -> str:
    return f" (fee {fee})" if fee else ""


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


@dataclass(frozen=True, slots=True)
class HandStarted:
    """A new hand: who starts, the antes paid into both pots, and the first discard."""

    hand_no: int
    starter: str
    players: int
    hand_ante: int
    sabacc_ante: int
    hand_pot: int
    sabacc_pot: int
    discard: str

    def public_text(self) -> str:
        """Log line."""
        return (
            f"Hand {self.hand_no}: {self.starter} starts. {self.players} players ante "
            f"{self.hand_ante} + {self.sabacc_ante} (hand pot {self.hand_pot}, Sabacc pot "
            f"{self.sabacc_pot}). Two cards each; the discard pile starts with "
            f"{shown([self.discard])}."
        )


@dataclass(frozen=True, slots=True)
class CashedOut:
    """A player cannot pay both antes: out of the game with what they have (§2.3)."""

    player: str
    credits: int

    def public_text(self) -> str:
        """Log line."""
        return f"{self.player} cannot pay the antes and is out of the game ({self.credits} left)."


@dataclass(frozen=True, slots=True)
class PhaseStarted:
    """A card or betting phase begins (``note`` says why it was skipped, if it was)."""

    round_no: int
    rounds: int
    phase: str
    note: str = ""

    def public_text(self) -> str:
        """Log line."""
        tail = f" {self.note}" if self.note else ""
        return f"Round {self.round_no}/{self.rounds} · {self.phase}.{tail}"


@dataclass(frozen=True, slots=True)
class CardAction:
    """A card-phase action (§3.1). ``put`` is the card put face up on the discard pile,
    ``took`` the discard taken by a swap; a gained card stays secret."""

    player: str
    kind: str  # stand | gain | keep | discard | swap
    cards: int  # hand size afterwards
    put: str = ""
    took: str = ""
    fee: int = 0

    def public_text(self) -> str:
        """Log line."""
        who, fee, size = self.player, _fee(self.fee), _cards(self.cards)
        if self.kind == "stand":
            return f"{who} stands."
        if self.kind == "swap":
            return (
                f"{who} swaps: takes {shown([self.took])} from the discard pile and puts "
                f"{shown([self.put])} on it{fee} ({size})."
            )
        if self.kind == "gain" and self.put:
            return f"{who} discards {shown([self.put])}, then gains a card{fee} ({size})."
        if self.kind == "gain":
            return f"{who} gains a card{fee} ({size})."
        if self.kind == "keep":
            return f"{who} keeps the drawn card ({size})."
        return f"{who} discards {shown([self.put])} ({size})."


@dataclass(frozen=True, slots=True)
class Junked:
    """A player junks (card action or betting fold): the cards go face up to the discard pile."""

    player: str
    cards: tuple[str, ...]
    folded: bool = False

    def public_text(self) -> str:
        """Log line."""
        how = "folds (junks)" if self.folded else "junks"
        return f"{self.player} {how}: {shown(self.cards)} go face up to the discard pile."


@dataclass(frozen=True, slots=True)
class DiceRolled:
    """The spike dice of a round; doubles are a Sabacc Shift."""

    round_no: int
    die1: int
    die2: int

    def public_text(self) -> str:
        """Log line."""
        shift = "doubles: SABACC SHIFT!" if self.die1 == self.die2 else "no shift."
        return f"🎲 Spike dice (round {self.round_no}): {self.die1} and {self.die2} — {shift}"


@dataclass(frozen=True, slots=True)
class ShiftDone:
    """Every live hand went face up to the discard pile (public, §3.5) and was redealt with as
    many cards (§3.3)."""

    discarded: tuple[tuple[str, tuple[str, ...]], ...]  # (player, cards in hand order)

    def public_text(self) -> str:
        """Log line."""
        parts = "; ".join(f"{p} {shown(cards)}" for p, cards in self.discarded)
        counts = ", ".join(f"{p} {len(cards)}" for p, cards in self.discarded)
        return (
            f"Sabacc Shift: every hand goes face up to the discard pile ({parts}) and is "
            f"redealt with as many cards ({counts})."
        )


@dataclass(frozen=True, slots=True)
class Revealed:
    """A live player's hand at REVEAL, with its value and category."""

    player: str
    cards: tuple[str, ...]
    total: int
    label: str

    def public_text(self) -> str:
        """Log line."""
        total = signed(self.total)
        return f"{self.player} reveals {shown(self.cards)} — total {total}: {self.label}."

    def shown_hands(self) -> tuple[ShownHand, ...]:
        """The revealed hand (notations) and its label (showdown pictures)."""
        return (ShownHand(self.player, self.cards, self.label),)


@dataclass(frozen=True, slots=True)
class BlindDrew:
    """A single-blind-draw round among tied players (§5.5)."""

    pot: str
    level: int
    draws: tuple[tuple[str, str], ...]  # (player, card notation)

    def public_text(self) -> str:
        """Log line."""
        what = "Single blind draw" if self.level == 0 else "Blind redraw"
        parts = ", ".join(f"{p} draws {shown([c])}" for p, c in self.draws)
        return f"{what} for the {self.pot}: {parts}."


@dataclass(frozen=True, slots=True)
class PotAwarded:
    """One hand-pot layer paid (several winners: a split)."""

    pot: str
    amount: int
    shares: tuple[tuple[str, int], ...]

    def public_text(self) -> str:
        """Log line."""
        if len(self.shares) == 1:
            return f"{self.shares[0][0]} wins the {self.pot} ({self.amount})."
        split = ", ".join(f"{p} {n}" for p, n in self.shares)
        return f"The {self.pot} ({self.amount}) is split: {split}."

    def won_by(self) -> tuple[str, ...]:
        """The pot's winners."""
        return tuple(p for p, _ in self.shares)

    def pot_paid(self) -> int:
        """The hand-pot layer paid."""
        return self.amount
