"""Events of a Kessel Sabacc game: what an accepted action caused, as facts.

Cards are in notation (``sand:4``), families and tokens are ids, hands are
:class:`~engine.variants.kessel.cards.HandEval` ranks; the bot writes the log lines
(``bot/words/kessel.py``). A card drawn from a draw pile is never in a public event: only
:class:`CardReceived` (private) holds it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core.facts import Fact
from engine.core.seat_events import PlayerOut as PlayerOut  # re-exported: Stock 0 after a reveal
from engine.core.seat_events import Shown
from engine.variants.kessel.cards import HandEval
from engine.variants.kessel.rank import Fix


@dataclass(frozen=True, slots=True)
class TokensAssigned(Fact):
    """A player received or picked their three Shift Tokens (identities public only by option)."""

    seat: int
    player: str
    tokens: tuple[str, ...]  # token ids
    shown: bool = False


@dataclass(frozen=True, slots=True)
class RoundStarted(Fact):
    """A new round: fresh shuffle, discard piles started, two cards dealt to everyone."""

    round_no: int
    starter: str
    sand_top: str  # card notations
    blood_top: str


@dataclass(frozen=True, slots=True)
class TurnStarted(Fact):
    """A new pass of card turns within the round (``t`` of 3)."""

    round_no: int
    t: int


@dataclass(frozen=True, slots=True)
class TokenPlayed(Fact):
    """A Shift Token was played (``token`` its id) and what it did, as data.

    ``chips``: chips moved back by a Refund. ``affected``: the players it acted on (Embezzlement
    donors, Tariff or Audit victims, the Embargo, Exhaustion or Direct Transaction target), and
    ``losses`` the chips each of them lost to a Tariff or an Audit. ``immune``: other players whose
    Immunity shielded them. ``cards``: the hand an Exhaustion discarded (notations, public).
    ``no_effect``: a Fix token already in force, or an Embargo with nobody to stop.
    """

    seat: int
    player: str
    token: str
    chips: int = 0
    affected: tuple[str, ...] = ()
    losses: tuple[int, ...] = ()
    immune: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    no_effect: bool = False


@dataclass(frozen=True, slots=True)
class PrimeRolled(Fact):
    """The Prime Sabacc dice (public)."""

    player: str
    dice: tuple[int, int]


@dataclass(frozen=True, slots=True)
class PrimeChosen(Fact):
    """The Prime Sabacc value now in force."""

    player: str
    value: int


@dataclass(frozen=True, slots=True)
class Drew(Fact):
    """A DRAW: from a draw pile (card hidden) or a discard pile (card public)."""

    player: str
    family: str  # "sand" / "blood"
    from_discard: bool
    card: str | None  # only for a discard (public), in notation
    paid: int


@dataclass(frozen=True, slots=True)
class CardReceived(Fact):
    """Private: the card a seat got from a draw pile (nothing of it is public)."""

    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Discarded(Fact):
    """A card put face up on a discard pile."""

    player: str
    card: str


@dataclass(frozen=True, slots=True)
class Stood(Fact):
    """A STAND card action; ``forced`` says why it was forced: ``"embargo"``, ``"no_chips"``
    (nothing else was possible) or ``""``."""

    player: str
    forced: str = ""


@dataclass(frozen=True, slots=True)
class ImpostorRolled(Fact):
    """The two dice rolled for one Impostor at the reveal (the table message shows them while
    the owner chooses; the :class:`ImpostorChosen` that follows names both dice and the value)."""

    player: str
    family: str
    dice: tuple[int, int]


@dataclass(frozen=True, slots=True)
class ImpostorChosen(Fact):
    """The die value an Impostor takes, announced before the next player chooses (§3.5)."""

    player: str
    family: str
    value: int
    dice: tuple[int, int] | None = None  # the roll it was taken from


@dataclass(frozen=True, slots=True)
class HandRevealed(Shown[HandEval]):
    """One hand at the reveal (notations), with its resolved rank."""

    def to_json(self) -> dict[str, Any]:
        """JSON form (a state keeps the last reveal)."""
        return {"player": self.player, "cards": list(self.cards), "hand": self.hand.to_json()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HandRevealed:
        """Inverse of :meth:`to_json`."""
        hand = HandEval.from_json(data["hand"])
        return cls(str(data["player"]), tuple(data["cards"]), hand)


WIN_REASONS = ("", "alone", "sabacc", "sabacc_order", "difference", "lower_cards")
"""Why a round's best hand won: a tie (``""``), nobody else left, a Sabacc beats every Nulhrek,
a better place in the Sabacc order, the smallest difference, the same difference with lower
cards (the last two beside the runner-up's hand)."""


@dataclass(frozen=True, slots=True)
class RoundWon(Fact):
    """The round's winner(s), their hand, why it won (a :data:`WIN_REASONS` code, with the best
    losing hand where the reason compares with it) and the Fix tokens in force."""

    round_no: int
    winners: tuple[str, ...]
    hand: HandEval
    why: str = ""
    runner_up: HandEval | None = None
    fix: Fix = field(default_factory=Fix)

    def won_by(self) -> tuple[str, ...]:
        """The round's winners."""
        return self.winners

    def to_json(self) -> dict[str, Any]:
        """JSON form (a state keeps the last reveal)."""
        other = None if self.runner_up is None else self.runner_up.to_json()
        return {
            "round_no": self.round_no,
            "winners": list(self.winners),
            "hand": self.hand.to_json(),
            "why": self.why,
            "runner_up": other,
            "fix": self.fix.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RoundWon:
        """Inverse of :meth:`to_json`."""
        other = data.get("runner_up")
        return cls(
            int(data["round_no"]),
            tuple(data["winners"]),
            HandEval.from_json(data["hand"]),
            str(data.get("why", "")),
            None if other is None else HandEval.from_json(other),
            Fix.from_json(data.get("fix", ())),
        )


@dataclass(frozen=True, slots=True)
class Settled(Fact):
    """One player's chips after the reveal (§3.6)."""

    player: str
    won: bool
    pot: int  # Hand Pot recovered (winner) or lost (loser)
    tax: int  # nominal tax
    taken: int  # chips actually removed from Stock
    stock: int

    def pot_paid(self) -> int:
        """This player's Hand Pot, settled at the reveal (recovered or lost)."""
        return self.pot


@dataclass(frozen=True, slots=True)
class PlayerLeft(Fact):
    """A player left the table and forfeited."""

    player: str


@dataclass(frozen=True, slots=True)
class GameOver(Fact):
    """The game is over; the Sabacc Pot (``credits``) is paid to the winners."""

    winners: tuple[str, ...]
    credits: int
