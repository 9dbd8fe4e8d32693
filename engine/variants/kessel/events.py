"""Events of a Kessel Sabacc game: what an accepted action caused.

Each event's :meth:`public_text` is one line for the table log; it never names a card that is not
public at that moment (a card drawn from a draw pile is private: see :class:`CardReceived`).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.game import ShownHand


def _names(names: tuple[str, ...]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _chips(n: int) -> str:
    return f"{n} chip" if n == 1 else f"{n} chips"


@dataclass(frozen=True, slots=True)
class TokensAssigned:
    """A player received or picked their three Shift Tokens (identities public only by option)."""

    seat: int
    player: str
    tokens: tuple[str, ...]
    shown: bool = False

    def public_text(self) -> str:
        """Who got tokens (and which, when ``tokens_public``)."""
        if self.shown:
            return f"{self.player} holds the Shift Tokens: {', '.join(self.tokens)}"
        return f"{self.player} holds {len(self.tokens)} Shift Tokens"


@dataclass(frozen=True, slots=True)
class RoundStarted:
    """A new round: fresh shuffle, discard piles started, two cards dealt to everyone."""

    round_no: int
    starter: str
    sand_top: str
    blood_top: str

    def public_text(self) -> str:
        """Round number, starting player and the discard tops."""
        return (
            f"Round {self.round_no} begins; {self.starter} starts. "
            f"Discards: {self.sand_top} · {self.blood_top}"
        )


@dataclass(frozen=True, slots=True)
class TurnStarted:
    """A new pass of card turns within the round."""

    round_no: int
    t: int

    def public_text(self) -> str:
        """E.g. ``Round 2 · Turn 3/3``."""
        return f"Round {self.round_no} · Turn {self.t}/3"


@dataclass(frozen=True, slots=True)
class TokenPlayed:
    """A Shift Token was played; ``detail`` states its public effect."""

    seat: int
    player: str
    token: str
    name: str
    detail: str

    def public_text(self) -> str:
        """Who played which token, and what it did."""
        return f"{self.player} plays {self.name}: {self.detail}"


@dataclass(frozen=True, slots=True)
class PrimeRolled:
    """The Prime Sabacc dice (public)."""

    player: str
    dice: tuple[int, int]

    def public_text(self) -> str:
        """The two dice."""
        return f"{self.player} rolls {self.dice[0]} and {self.dice[1]} for Prime Sabacc"


@dataclass(frozen=True, slots=True)
class PrimeChosen:
    """The Prime Sabacc value now in force."""

    player: str
    value: int

    def public_text(self) -> str:
        """The new Prime pair."""
        return f"{self.player} sets Prime Sabacc to {self.value}/{self.value}"


@dataclass(frozen=True, slots=True)
class Drew:
    """A DRAW: from a draw pile (card hidden) or a discard pile (card public)."""

    player: str
    family: str
    from_discard: bool
    card: str | None  # only for a discard (public)
    paid: int

    def public_text(self) -> str:
        """Never names a card taken from a draw pile."""
        cost = f" for {_chips(self.paid)}" if self.paid else " (free draw)"
        if self.from_discard:
            return f"{self.player} takes {self.card} from the {self.family} discard{cost}"
        return f"{self.player} drew from the {self.family} deck{cost}"


@dataclass(frozen=True, slots=True)
class CardReceived:
    """Private: the card a seat got from a draw pile (no public text)."""

    seat: int
    card: str

    def public_text(self) -> None:
        """Nothing public."""
        return None


@dataclass(frozen=True, slots=True)
class Discarded:
    """A card put face up on a discard pile."""

    player: str
    card: str

    def public_text(self) -> str:
        """The discarded card (public)."""
        return f"{self.player} discards {self.card}"


@dataclass(frozen=True, slots=True)
class Stood:
    """A STAND card action (``forced`` by Embargo or an empty Stock)."""

    player: str
    forced: str = ""

    def public_text(self) -> str:
        """Who stood and why, if forced."""
        return f"{self.player} stands" + (f" ({self.forced})" if self.forced else "")


@dataclass(frozen=True, slots=True)
class ImpostorRolled:
    """The two dice rolled for one Impostor at the reveal."""

    player: str
    family: str
    dice: tuple[int, int]

    def public_text(self) -> None:
        """Nothing: the table message shows the dice while the owner chooses, and the
        :class:`ImpostorChosen` line that follows names both dice and the value taken."""
        return None


@dataclass(frozen=True, slots=True)
class ImpostorChosen:
    """The die value an Impostor takes, announced before the next player chooses (§3.5)."""

    player: str
    family: str
    value: int
    dice: tuple[int, int] | None = None  # the roll it was taken from

    def public_text(self) -> str:
        """The dice and the chosen value."""
        if self.dice is None:
            return f"{self.player}'s {self.family} Impostor is a {self.value}"
        a, b = self.dice
        who = self.player
        return f"{who} rolls {a} and {b} for the {self.family} Impostor and takes {self.value}"


@dataclass(frozen=True, slots=True)
class HandRevealed:
    """One hand at the reveal, with its resolved values and name."""

    player: str
    cards: tuple[str, ...]
    hand: str  # e.g. "3/3 Royal Sabacc"
    notations: tuple[str, ...] = ()  # the same cards in notation (for pictures)

    def public_text(self) -> str:
        """Both cards and the hand's name."""
        return f"{self.player} shows {' · '.join(self.cards)} → {self.hand}"

    def shown_hands(self) -> tuple[ShownHand, ...]:
        """The hand (notations) and its name."""
        return (ShownHand(self.player, self.notations, self.hand),)


@dataclass(frozen=True, slots=True)
class RoundWon:
    """The round's winner(s) and one line on why."""

    round_no: int
    winners: tuple[str, ...]
    hand: str  # the winning hand, e.g. "3/3 Royal Sabacc"
    reason: str = ""  # why it won, e.g. "a Sabacc beats every Nulhrek"

    def public_text(self) -> str:
        """Winners, their hand and the reason.

        >>> RoundWon(1, ("Rey",), "3/3 Royal Sabacc", "a Sabacc beats every Nulhrek").public_text()
        'Rey wins round 1 with 3/3 Royal Sabacc (a Sabacc beats every Nulhrek)'
        >>> RoundWon(1, ("Rey", "Finn"), "3/3 Royal Sabacc").public_text()
        'Rey and Finn tie for round 1 with 3/3 Royal Sabacc; both win'
        """
        why = f" ({self.reason})" if self.reason else ""
        if len(self.winners) == 1:
            return f"{self.winners[0]} wins round {self.round_no} with {self.hand}{why}"
        every = "both" if len(self.winners) == 2 else "all"
        names = _names(self.winners)
        return f"{names} tie for round {self.round_no} with {self.hand}; {every} win{why}"

    def won_by(self) -> tuple[str, ...]:
        """The round's winners."""
        return self.winners


@dataclass(frozen=True, slots=True)
class Settled:
    """One player's chips after the reveal (§3.6)."""

    player: str
    won: bool
    pot: int  # Hand Pot recovered (winner) or lost (loser)
    tax: int  # nominal tax
    taken: int  # chips actually removed from Stock
    stock: int

    def public_text(self) -> str:
        """Chips recovered or lost, and the Stock left; clauses about 0 chips are left out.

        >>> Settled("Poe", False, 1, 2, 0, 0).public_text()
        'Poe loses the 1 chip in their Hand Pot and owes 2 tax (only 0 left to take); Stock 0'
        >>> Settled("Poe", False, 0, 3, 3, 4).public_text()
        'Poe pays 3 tax; Stock 4'
        >>> Settled("Rey", True, 2, 0, 0, 8).public_text()
        'Rey recovers the 2 chips in their Hand Pot; Stock 8'
        """
        if self.won:
            if not self.pot:
                return f"{self.player} keeps every chip; Stock {self.stock}"
            recovered = f"recovers the {_chips(self.pot)} in their Hand Pot"
            return f"{self.player} {recovered}; Stock {self.stock}"
        parts = []
        if self.pot:
            parts.append(f"loses the {_chips(self.pot)} in their Hand Pot")
        if self.tax and self.taken == self.tax:
            parts.append(f"pays {self.tax} tax")
        elif self.tax:
            parts.append(f"owes {self.tax} tax (only {self.taken} left to take)")
        what = " and ".join(parts) or "loses nothing"
        return f"{self.player} {what}; Stock {self.stock}"

    def pot_paid(self) -> int:
        """This player's Hand Pot, settled at the reveal (recovered or lost)."""
        return self.pot


@dataclass(frozen=True, slots=True)
class Eliminated:
    """A player reached Stock 0 at the end of a reveal."""

    player: str

    def public_text(self) -> str:
        """Who is out."""
        return f"{self.player} has no chips left and is eliminated"


@dataclass(frozen=True, slots=True)
class PlayerLeft:
    """A player left the table and forfeited."""

    player: str

    def public_text(self) -> str:
        """Who left."""
        return f"{self.player} leaves the table and forfeits"


@dataclass(frozen=True, slots=True)
class GameOver:
    """The game is over; the Sabacc Pot is paid."""

    winners: tuple[str, ...]
    credits: int

    def public_text(self) -> str:
        """Who takes the Sabacc Pot."""
        if not self.winners:
            return "The game is over; nobody is left to collect the Sabacc Pot"
        if len(self.winners) == 1:
            return f"{self.winners[0]} wins the game and the Sabacc Pot of {self.credits} credits"
        return f"{_names(self.winners)} share the Sabacc Pot of {self.credits} credits"
