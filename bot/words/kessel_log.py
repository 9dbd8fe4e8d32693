"""Kessel Sabacc's vocabulary (cards, hands, Shift Tokens) and the log lines of its events,
written from the engine's facts (:mod:`engine.variants.kessel.events`); its views and controls
are in :mod:`bot.words.kessel`.

>>> card_name("sand:4"), card_name("blood:impostor")
('Sand 4', 'Blood Impostor')
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from bot.words.base import EventText
from bot.words.vocab import count, names
from engine.variants.kessel import events as ev
from engine.variants.kessel import facts as fc
from engine.variants.kessel.cards import HandEval
from engine.variants.kessel.rank import Fix

TOKEN_NAMES = {
    "free_draw": "Free Draw",
    "refund": "Refund",
    "extra_refund": "Extra Refund",
    "embezzlement": "Embezzlement",
    "general_tariff": "General Tariff",
    "target_tariff": "Target Tariff",
    "general_audit": "General Audit",
    "target_audit": "Target Audit",
    "prime_sabacc": "Prime Sabacc",
    "markdown": "Markdown",
    "cook_the_books": "Cook the Books",
    "major_fraud": "Major Fraud",
    "embargo": "Embargo",
    "immunity": "Immunity",
    "exhaustion": "Exhaustion",
    "direct_transaction": "Direct Transaction",
}
TOKEN_RULES = {
    "free_draw": "Draw this turn for free.",
    "refund": "2 chips from your Hand Pot back.",
    "extra_refund": "3 chips from your Hand Pot back.",
    "embezzlement": "Take 1 chip from each other Hand Pot into yours.",
    "general_tariff": "Others lose 1 chip.",
    "target_tariff": "One player loses 2 chips.",
    "general_audit": "Others in Stand lose 2 chips.",
    "target_audit": "One player in Stand loses 3 chips.",
    "prime_sabacc": "Roll 2 dice; one value becomes the Prime Sabacc.",
    "markdown": "Sylops are worth 0.",
    "cook_the_books": "Invert the Sabacc order.",
    "major_fraud": "Impostors are worth 6.",
    "embargo": "The next player must stand.",
    "immunity": "Immune to others' Stock, Tax and Disrupt tokens.",
    "exhaustion": "One player discards and draws a new hand.",
    "direct_transaction": "Swap hands with one player.",
}
FIX_EFFECTS = {
    "markdown": "Sylops are worth 0 until the reveal",
    "cook_the_books": "the Sabacc order is inverted until the reveal",
    "major_fraud": "every Impostor is worth 6 until the reveal",
}
PHASE_TITLES = {
    "select_tokens": "Choosing Shift Tokens",
    "keep": "Keep a card",
    "impostor": "Impostor dice",
    "prime_choice": "Prime Sabacc dice",
    "reveal": "Reveal",
    "game_over": "Game over",
}
HIGHLIGHTS = {"select_tokens": "", "game_over": "Game over"}  # the phase already says it
STATUS = {"choosing": "choosing tokens", "stand": "standing", "draw": "drew"}
FORCED = {"embargo": "Embargo", "no_chips": "no chips to draw"}
WHY = {
    "alone": "nobody else left",
    "sabacc": "a Sabacc beats every Nulhrek",
    "difference": "the smallest difference",
}


def family_name(family: str) -> str:
    """``Sand`` / ``Blood``."""
    return family.capitalize()


@lru_cache(maxsize=64)
def card_name(notation: str) -> str:
    """``Sand 4``, ``Blood Sylop``: a card in words."""
    family, _, face = notation.partition(":")
    return f"{family.capitalize()} {face.capitalize()}"


@lru_cache(maxsize=1024)
def cards_text(cards: tuple[str, ...], sep: str = " · ") -> str:
    """Cards in words, joined."""
    return sep.join(card_name(c) for c in cards)


def short(hand: HandEval) -> str:
    """A hand as the rules write it: ``3/3 ROYAL SABACC``, ``2/5 NULHREK (difference 3)``."""
    return hand.key


def display(hand: HandEval) -> str:
    """A hand for the public log: ``3/3 Royal Sabacc``, ``2/5 Nulhrek (difference 3)``."""
    s, b = hand.values
    if hand.rank_key[0] == 0:
        return f"{s}/{b} {_title(hand.name)}"
    return f"{s}/{b} {_title(hand.name)} (difference {abs(s - b)})"


@lru_cache(maxsize=64)
def _title(name: str) -> str:
    return name.title()


@lru_cache(maxsize=256)
def fix_text(fix: Fix) -> str:
    """The Fix tokens in force (``Cook the Books, Prime Sabacc 3``), ``none`` when none."""
    parts = [TOKEN_NAMES[t] + ("" if v is None else f" {v}") for t, v in fix.entries]
    return ", ".join(parts) or "none"


def note_text(note: fc.HandNote) -> str:
    """What a hand is now (or its best case while an Impostor waits)."""
    if note.impostor:
        return f"Impostor: set by dice at the reveal (best case {short(note.hand)})"
    return f"Hand now: {short(note.hand)}"


# --- events ------------------------------------------------------------------------------------


def _tokens_assigned(e: ev.TokensAssigned) -> str:
    if e.shown:
        return f"{e.player} holds the Shift Tokens: {', '.join(e.tokens)}"
    return f"{e.player} holds {len(e.tokens)} Shift Tokens"


def _immune(e: ev.TokenPlayed) -> str:
    return f" ({', '.join(e.immune)} immune)" if e.immune else ""


def _taxed(e: ev.TokenPlayed) -> str:
    lost = [f"{p} −{n}" for p, n in zip(e.affected, e.losses, strict=True)]
    return (", ".join(lost) or "nobody is affected") + _immune(e)


def _embargo(e: ev.TokenPlayed) -> str:
    if e.immune:
        return f"{e.immune[0]} is immune; no effect"
    if e.no_effect:
        return "nobody has a card turn left this round; no effect"
    return f"{e.affected[0]} must stand on their next card turn"


def _embezzled(e: ev.TokenPlayed) -> str:
    took = f"takes 1 chip from the Hand Pot of {', '.join(e.affected)}"
    return (took if e.affected else "nothing to take") + _immune(e)


def _fixed(e: ev.TokenPlayed) -> str:
    return "already in force, nothing changes" if e.no_effect else FIX_EFFECTS[e.token]


_EFFECTS: dict[str, Callable[[ev.TokenPlayed], str]] = {
    "free_draw": lambda e: "their draw this turn costs nothing",
    "refund": lambda e: f"{e.chips} chip(s) return from their Hand Pot to their Stock",
    "embezzlement": _embezzled,
    "general_tariff": _taxed,
    "general_audit": _taxed,
    "target_tariff": _taxed,
    "target_audit": _taxed,
    "prime_sabacc": lambda e: "rolling two dice",
    "markdown": _fixed,
    "cook_the_books": _fixed,
    "major_fraud": _fixed,
    "embargo": _embargo,
    "immunity": lambda e: "immune to other players' Stock, Tax and Disrupt tokens until the reveal",
    "exhaustion": lambda e: (
        f"{e.affected[0]} discards {cards_text(e.cards, ' and ')} and draws a new hand"
    ),
    "direct_transaction": lambda e: f"{e.player} and {e.affected[0]} swap hands",
}
_EFFECTS["extra_refund"] = _EFFECTS["refund"]


def _token_played(e: ev.TokenPlayed) -> str:
    return f"{e.player} plays {TOKEN_NAMES[e.token]}: {_EFFECTS[e.token](e)}"


def _drew(e: ev.Drew) -> str:
    cost = f" for {count(e.paid, 'chip')}" if e.paid else " (free draw)"
    family = family_name(e.family)
    if e.from_discard:
        assert e.card is not None
        return f"{e.player} takes {card_name(e.card)} from the {family} discard{cost}"
    return f"{e.player} drew from the {family} deck{cost}"


def _impostor_chosen(e: ev.ImpostorChosen) -> str:
    family = family_name(e.family)
    if e.dice is None:
        return f"{e.player}'s {family} Impostor is a {e.value}"
    a, b = e.dice
    return f"{e.player} rolls {a} and {b} for the {family} Impostor and takes {e.value}"


def _round_won(e: ev.RoundWon) -> str:
    if e.why in ("sabacc_order", "lower_cards"):
        assert e.runner_up is not None
        other = display(e.runner_up)
        why = (
            f"Sabacc #{e.hand.rank_key[1]}, ahead of {other}"
            if e.why == "sabacc_order"
            else f"same difference as {other}, lower cards"
        )
    else:
        why = WHY.get(e.why, "")
    tokens = f"tokens in force: {fix_text(e.fix)}" if e.fix.entries else ""
    reason = "; ".join(part for part in (why, tokens) if part)
    why = f" ({reason})" if reason else ""
    hand = display(e.hand)
    if len(e.winners) == 1:
        return f"{e.winners[0]} wins round {e.round_no} with {hand}{why}"
    every = "both" if len(e.winners) == 2 else "all"
    return f"{names(e.winners)} tie for round {e.round_no} with {hand}; {every} win{why}"


def _settled(e: ev.Settled) -> str:
    if e.won:
        if not e.pot:
            return f"{e.player} keeps every chip; Stock {e.stock}"
        return f"{e.player} recovers the {count(e.pot, 'chip')} in their Hand Pot; Stock {e.stock}"
    parts = []
    if e.pot:
        parts.append(f"loses the {count(e.pot, 'chip')} in their Hand Pot")
    if e.tax and e.taken == e.tax:
        parts.append(f"pays {e.tax} tax")
    elif e.tax:
        parts.append(f"owes {e.tax} tax (only {e.taken} left to take)")
    what = " and ".join(parts) or "loses nothing"
    return f"{e.player} {what}; Stock {e.stock}"


def _game_over(e: ev.GameOver) -> str:
    if not e.winners:
        return "The game is over; nobody is left to collect the Sabacc Pot"
    if len(e.winners) == 1:
        return f"{e.winners[0]} wins the game and the Sabacc Pot of {e.credits} credits"
    return f"{names(e.winners)} share the Sabacc Pot of {e.credits} credits"


def _nothing(_: Any) -> None:
    return None


EVENTS: dict[type, EventText] = {
    ev.TokensAssigned: _tokens_assigned,
    ev.RoundStarted: lambda e: (
        f"Round {e.round_no} begins; {e.starter} starts. "
        f"Discards: {card_name(e.sand_top)} · {card_name(e.blood_top)}"
    ),
    ev.TurnStarted: lambda e: f"Round {e.round_no} · Turn {e.t}/3",
    ev.TokenPlayed: _token_played,
    ev.PrimeRolled: lambda e: f"{e.player} rolls {e.dice[0]} and {e.dice[1]} for Prime Sabacc",
    ev.PrimeChosen: lambda e: f"{e.player} sets Prime Sabacc to {e.value}/{e.value}",
    ev.Drew: _drew,
    ev.CardReceived: _nothing,
    ev.Discarded: lambda e: f"{e.player} discards {card_name(e.card)}",
    ev.Stood: lambda e: f"{e.player} stands" + (f" ({FORCED[e.forced]})" if e.forced else ""),
    ev.ImpostorRolled: _nothing,
    ev.ImpostorChosen: _impostor_chosen,
    ev.HandRevealed: lambda e: f"{e.player} shows {cards_text(e.cards)} → {display(e.hand)}",
    ev.RoundWon: _round_won,
    ev.Settled: _settled,
    ev.Eliminated: lambda e: f"{e.player} has no chips left and is eliminated",
    ev.PlayerLeft: lambda e: f"{e.player} leaves the table and forfeits",
    ev.GameOver: _game_over,
}
