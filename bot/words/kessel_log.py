"""Kessel Sabacc's vocabulary (cards, hands, Shift Tokens) and the log lines of its events,
written from the engine's facts (:mod:`engine.variants.kessel.events`); its views and controls
are in :mod:`bot.words.kessel`.

>>> card_name("sand:4"), card_name("blood:impostor")
('Sand 4', 'Blood Impostor')
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from bot.i18n import N_, _, ngettext, per_locale
from bot.words.base import EventText
from bot.words.vocab import names
from engine.variants.kessel import events as ev
from engine.variants.kessel import facts as fc
from engine.variants.kessel.cards import HandEval
from engine.variants.kessel.rank import Fix

TOKEN_NAMES = {
    "free_draw": N_("Free Draw"),
    "refund": N_("Refund"),
    "extra_refund": N_("Extra Refund"),
    "embezzlement": N_("Embezzlement"),
    "general_tariff": N_("General Tariff"),
    "target_tariff": N_("Target Tariff"),
    "general_audit": N_("General Audit"),
    "target_audit": N_("Target Audit"),
    "prime_sabacc": N_("Prime Sabacc"),
    "markdown": N_("Markdown"),
    "cook_the_books": N_("Cook the Books"),
    "major_fraud": N_("Major Fraud"),
    "embargo": N_("Embargo"),
    "immunity": N_("Immunity"),
    "exhaustion": N_("Exhaustion"),
    "direct_transaction": N_("Direct Transaction"),
}
TOKEN_RULES = {
    "free_draw": N_("Draw this turn for free."),
    "refund": N_("2 chips from your Hand Pot back."),
    "extra_refund": N_("3 chips from your Hand Pot back."),
    "embezzlement": N_("Take 1 chip from each other Hand Pot into yours."),
    "general_tariff": N_("Others lose 1 chip."),
    "target_tariff": N_("One player loses 2 chips."),
    "general_audit": N_("Others in Stand lose 2 chips."),
    "target_audit": N_("One player in Stand loses 3 chips."),
    "prime_sabacc": N_("Roll 2 dice; one value becomes the Prime Sabacc."),
    "markdown": N_("Sylops are worth 0."),
    "cook_the_books": N_("Invert the Sabacc order."),
    "major_fraud": N_("Impostors are worth 6."),
    "embargo": N_("The next player must stand."),
    "immunity": N_("Immune to others' Stock, Tax and Disrupt tokens."),
    "exhaustion": N_("One player discards and draws a new hand."),
    "direct_transaction": N_("Swap hands with one player."),
}
FIX_EFFECTS = {
    "markdown": N_("Sylops are worth 0 until the reveal"),
    "cook_the_books": N_("the Sabacc order is inverted until the reveal"),
    "major_fraud": N_("every Impostor is worth 6 until the reveal"),
}
PHASE_TITLES = {
    "select_tokens": N_("Choosing Shift Tokens"),
    "keep": N_("Keep a card"),
    "impostor": N_("Impostor dice"),
    "prime_choice": N_("Prime Sabacc dice"),
    "reveal": N_("Reveal"),
    "game_over": N_("Game over"),
}
HIGHLIGHTS = {"select_tokens": "", "game_over": N_("Game over")}  # the phase already says it
STATUS = {
    "choosing": N_("choosing tokens"),
    "stand": N_("standing"),
    "draw": N_("drew"),
    "eliminated": N_("eliminated"),
    "winner": N_("winner"),
}
FORCED = {"embargo": N_("Embargo"), "no_chips": N_("no chips to draw")}
WHY = {
    "alone": N_("nobody else left"),
    "sabacc": N_("a Sabacc beats every Nulhrek"),
    "difference": N_("the smallest difference"),
}
FAMILIES = {"sand": N_("Sand"), "blood": N_("Blood")}
FACES = {"sylop": N_("Sylop"), "impostor": N_("Impostor")}
# The rules' hand names (the engine's ``HandEval.name``), as players read them.
HAND_NAMES = {
    "PURE SABACC": N_("Pure Sabacc"),
    "PRIME SABACC": N_("Prime Sabacc"),
    "HIGH SABACC": N_("High Sabacc"),
    "ROYAL SABACC": N_("Royal Sabacc"),
    "GENERAL SABACC": N_("General Sabacc"),
    "LOW SABACC": N_("Low Sabacc"),
    "CHEAP SABACC": N_("Cheap Sabacc"),
    "ACE SABACC": N_("Ace Sabacc"),
    "NULHREK": N_("Nulhrek"),
}


def family_name(family: str) -> str:
    """``Sand`` / ``Blood``."""
    return _(FAMILIES[family])


@per_locale(maxsize=64)
def card_name(notation: str) -> str:
    """``Sand 4``, ``Blood Sylop``: a card in words."""
    family, _sep, face = notation.partition(":")
    return _("{family} {face}").format(
        family=family_name(family), face=_(FACES[face]) if face in FACES else face
    )


@per_locale(maxsize=1024)
def cards_text(cards: tuple[str, ...], sep: str = " · ") -> str:
    """Cards in words, joined."""
    return sep.join(card_name(c) for c in cards)


@per_locale(maxsize=512)
def _hand(values: tuple[int, int], name: str, sabacc: bool, upper: bool) -> str:
    """A hand of ``values`` named ``name`` by the rules, in words (upper case as the rules
    write it, with ``upper``): written once per language (few distinct hands; every reveal
    writes one per player)."""
    words = hand_words(name)
    if upper:
        words = words.upper()
    s, b = values
    if sabacc:
        return f"{s}/{b} {words}"
    return _("{values} {name} (difference {difference})").format(
        values=f"{s}/{b}", name=words, difference=abs(s - b)
    )


def hand_words(name: str) -> str:
    """The rules' name of a hand in words: ``PRIME SABACC (ROYAL SABACC)`` -> ``Prime Sabacc
    (Royal Sabacc)`` (a Prime Sabacc says which pair it is)."""
    outer, _sep, inner = name.partition(" (")
    words = _(HAND_NAMES[outer])
    return f"{words} ({_(HAND_NAMES[inner.rstrip(')')])})" if inner else words


_KEY = re.compile(r"(\d)/(\d) ([A-Z ()]+?)(?: \(difference \d+\))?")


def from_key(key: str) -> HandEval | None:
    """The hand a stored key names (``HandEval.key``: ``2/5 NULHREK (difference 3)``), or
    ``None`` for any other text."""
    match = _KEY.fullmatch(key)
    if match is None or match[3].partition(" (")[0] not in HAND_NAMES:
        return None
    nulhrek = match[3] == "NULHREK"
    return HandEval((int(match[1]), int(match[2])), match[3], (1 if nulhrek else 0, 0, 0))


def short(hand: HandEval) -> str:
    """A hand as the rules write it: ``3/3 ROYAL SABACC``, ``2/5 NULHREK (difference 3)``."""
    return _hand(hand.values, hand.name, hand.is_sabacc, True)


def display(hand: HandEval) -> str:
    """A hand for the public log: ``3/3 Royal Sabacc``, ``2/5 Nulhrek (difference 3)``."""
    return _hand(hand.values, hand.name, hand.is_sabacc, False)


def token_name(token: str) -> str:
    """A Shift Token's name."""
    return _(TOKEN_NAMES[token])


def token_rule(token: str) -> str:
    """What a Shift Token does."""
    return _(TOKEN_RULES[token])


@per_locale(maxsize=256)
def fix_text(fix: Fix) -> str:
    """The Fix tokens in force (``Cook the Books, Prime Sabacc 3``), ``none`` when none."""
    parts = [token_name(t) + ("" if v is None else f" {v}") for t, v in fix.entries]
    return ", ".join(parts) or _("none")


def note_text(note: fc.HandNote) -> str:
    """What a hand is now (or its best case while an Impostor waits)."""
    if note.impostor:
        return _("Impostor: set by dice at the reveal (best case {hand})").format(
            hand=short(note.hand)
        )
    return _("Hand now: {hand}").format(hand=short(note.hand))


@per_locale(maxsize=64)
def chips(n: int) -> str:
    """``1 chip``, ``3 chips``."""
    return ngettext("{n} chip", "{n} chips", n).format(n=n)


# --- events ------------------------------------------------------------------------------------


def _tokens_assigned(e: ev.TokensAssigned) -> str:
    if e.shown:
        return _("{player} holds the Shift Tokens: {tokens}").format(
            player=e.player, tokens=", ".join(e.tokens)
        )
    return _("{player} holds {n} Shift Tokens").format(player=e.player, n=len(e.tokens))


def _immune(e: ev.TokenPlayed) -> str:
    if not e.immune:
        return ""
    return " " + _("({players} immune)").format(players=", ".join(e.immune))


def _taxed(e: ev.TokenPlayed) -> str:
    lost = [f"{p} −{n}" for p, n in zip(e.affected, e.losses, strict=True)]
    return (", ".join(lost) or _("nobody is affected")) + _immune(e)


def _embargo(e: ev.TokenPlayed) -> str:
    if e.immune:
        return _("{player} is immune; no effect").format(player=e.immune[0])
    if e.no_effect:
        return _("nobody has a card turn left this round; no effect")
    return _("{player} must stand on their next card turn").format(player=e.affected[0])


def _embezzled(e: ev.TokenPlayed) -> str:
    took = _("takes 1 chip from the Hand Pot of {players}").format(players=", ".join(e.affected))
    return (took if e.affected else _("nothing to take")) + _immune(e)


def _fixed(e: ev.TokenPlayed) -> str:
    return _("already in force, nothing changes") if e.no_effect else _(FIX_EFFECTS[e.token])


def _refund(e: ev.TokenPlayed) -> str:
    return _("{n} chip(s) return from their Hand Pot to their Stock").format(n=e.chips)


_EFFECTS: dict[str, Callable[[ev.TokenPlayed], str]] = {
    "free_draw": lambda e: _("their draw this turn costs nothing"),
    "refund": _refund,
    "embezzlement": _embezzled,
    "general_tariff": _taxed,
    "general_audit": _taxed,
    "target_tariff": _taxed,
    "target_audit": _taxed,
    "prime_sabacc": lambda e: _("rolling two dice"),
    "markdown": _fixed,
    "cook_the_books": _fixed,
    "major_fraud": _fixed,
    "embargo": _embargo,
    "immunity": lambda e: _(
        "immune to other players' Stock, Tax and Disrupt tokens until the reveal"
    ),
    "exhaustion": lambda e: _("{player} discards {cards} and draws a new hand").format(
        player=e.affected[0], cards=cards_text(e.cards, " " + _("and") + " ")
    ),
    "direct_transaction": lambda e: _("{player} and {other} swap hands").format(
        player=e.player, other=e.affected[0]
    ),
}
_EFFECTS["extra_refund"] = _EFFECTS["refund"]


def _token_played(e: ev.TokenPlayed) -> str:
    return _("{player} plays {token}: {effect}").format(
        player=e.player, token=token_name(e.token), effect=_EFFECTS[e.token](e)
    )


def _drew(e: ev.Drew) -> str:
    family = family_name(e.family)  # (each sentence given only the words it uses: every draw)
    if e.from_discard:
        assert e.card is not None
        card = card_name(e.card)
        if e.paid:
            return _("{player} takes {card} from the {family} discard for {chips}").format(
                player=e.player, card=card, family=family, chips=chips(e.paid)
            )
        return _("{player} takes {card} from the {family} discard (free draw)").format(
            player=e.player, card=card, family=family
        )
    if e.paid:
        return _("{player} drew from the {family} deck for {chips}").format(
            player=e.player, family=family, chips=chips(e.paid)
        )
    return _("{player} drew from the {family} deck (free draw)").format(
        player=e.player, family=family
    )


def _impostor_chosen(e: ev.ImpostorChosen) -> str:
    family = family_name(e.family)
    if e.dice is None:
        return _("{player}'s {family} Impostor is a {value}").format(
            player=e.player, family=family, value=e.value
        )
    a, b = e.dice
    return _("{player} rolls {a} and {b} for the {family} Impostor and takes {value}").format(
        player=e.player, a=a, b=b, family=family, value=e.value
    )


def _round_won(e: ev.RoundWon) -> str:
    if e.why in ("sabacc_order", "lower_cards"):
        assert e.runner_up is not None
        other = display(e.runner_up)
        why = (
            _("Sabacc #{rank}, ahead of {other}").format(rank=e.hand.rank_key[1], other=other)
            if e.why == "sabacc_order"
            else _("same difference as {other}, lower cards").format(other=other)
        )
    else:
        why = _(WHY[e.why]) if e.why in WHY else ""
    tokens = _("tokens in force: {tokens}").format(tokens=fix_text(e.fix)) if e.fix.entries else ""
    reason = "; ".join(part for part in (why, tokens) if part)
    why = f" ({reason})" if reason else ""
    hand = display(e.hand)
    if len(e.winners) == 1:
        return (
            _("{player} wins round {round} with {hand}").format(
                player=e.winners[0], round=e.round_no, hand=hand
            )
            + why
        )
    if len(e.winners) == 2:
        text = _("{players} tie for round {round} with {hand}; both win")
    else:
        text = _("{players} tie for round {round} with {hand}; all win")
    return text.format(players=names(e.winners), round=e.round_no, hand=hand) + why


def _settled(e: ev.Settled) -> str:
    if e.won:
        if not e.pot:
            return _("{player} keeps every chip; Stock {stock}").format(
                player=e.player, stock=e.stock
            )
        return _("{player} recovers the {chips} in their Hand Pot; Stock {stock}").format(
            player=e.player, chips=chips(e.pot), stock=e.stock
        )
    parts = []
    if e.pot:
        parts.append(_("loses the {chips} in their Hand Pot").format(chips=chips(e.pot)))
    if e.tax and e.taken == e.tax:
        parts.append(_("pays {tax} tax").format(tax=e.tax))
    elif e.tax:
        parts.append(
            _("owes {tax} tax (only {taken} left to take)").format(tax=e.tax, taken=e.taken)
        )
    what = (" " + _("and") + " ").join(parts) or _("loses nothing")
    return _("{player} {what}; Stock {stock}").format(player=e.player, what=what, stock=e.stock)


def _game_over(e: ev.GameOver) -> str:
    if not e.winners:
        return _("The game is over; nobody is left to collect the Sabacc Pot")
    if len(e.winners) == 1:
        return _("{player} wins the game and the Sabacc Pot of {credits} credits").format(
            player=e.winners[0], credits=e.credits
        )
    return _("{players} share the Sabacc Pot of {credits} credits").format(
        players=names(e.winners), credits=e.credits
    )


def _nothing(_event: Any) -> None:
    return None


def _stood(e: ev.Stood) -> str:
    if e.forced:
        return _("{player} stands ({why})").format(player=e.player, why=_(FORCED[e.forced]))
    return _("{player} stands").format(player=e.player)


EVENTS: dict[type, EventText] = {
    ev.TokensAssigned: _tokens_assigned,
    ev.RoundStarted: lambda e: _(
        "Round {round} begins; {player} starts. Discards: {sand} · {blood}"
    ).format(
        round=e.round_no, player=e.starter, sand=card_name(e.sand_top), blood=card_name(e.blood_top)
    ),
    ev.TurnStarted: lambda e: _("Round {round} · Turn {turn}/3").format(round=e.round_no, turn=e.t),
    ev.TokenPlayed: _token_played,
    ev.PrimeRolled: lambda e: _("{player} rolls {a} and {b} for Prime Sabacc").format(
        player=e.player, a=e.dice[0], b=e.dice[1]
    ),
    ev.PrimeChosen: lambda e: _("{player} sets Prime Sabacc to {value}/{value}").format(
        player=e.player, value=e.value
    ),
    ev.Drew: _drew,
    ev.CardReceived: _nothing,
    ev.Discarded: lambda e: _("{player} discards {card}").format(
        player=e.player, card=card_name(e.card)
    ),
    ev.Stood: _stood,
    ev.ImpostorRolled: _nothing,
    ev.ImpostorChosen: _impostor_chosen,
    ev.HandRevealed: lambda e: _("{player} shows {cards} → {hand}").format(
        player=e.player, cards=cards_text(e.cards), hand=display(e.hand)
    ),
    ev.RoundWon: _round_won,
    ev.Settled: _settled,
    ev.PlayerOut: lambda e: _("{player} has no chips left and is eliminated").format(
        player=e.player
    ),
    ev.PlayerLeft: lambda e: _("{player} leaves the table and forfeits").format(player=e.player),
    ev.GameOver: _game_over,
}
