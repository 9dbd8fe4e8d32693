"""Centran Sabacc's log words: card and hand names, why a hand went as it did, and the line of
every Centran event (:mod:`engine.variants.centran.events`). The table, hands, controls and
previews are :mod:`bot.words.centran`'s."""

from __future__ import annotations

from bot.i18n import N_, _, ngettext, per_locale
from bot.words.base import EventText, fields_line
from bot.words.classic import SUIT_NAMES
from bot.words.twopot import joined, uncontested
from engine.variants.centran import events as ev
from engine.variants.centran.cards import (
    ACE,
    MAJOR,
    MAJOR_NAMES,
    RANK_NAMES,
    Card,
    Category,
    HandEval,
)
from engine.variants.twopot.cards import signed

NAMES = {
    Category.DESPERADO: N_("Desperado"),
    Category.IDIOTS_ARRAY: N_("Idiot's Array"),
    Category.WILD_SABACC: N_("Wild Sabacc"),
    Category.BOMBED_OUT: N_("Bombed out"),
}
TIE_BREAKS = (
    N_("more cards"),
    N_("more pairs"),
    N_("more cards of one suit"),
    N_("more negative cards"),
    N_("a higher positive card"),
)
# The cards' names (:data:`~engine.variants.centran.cards.MAJOR_NAMES`, ``RANK_NAMES``) are
# marked for the catalogs with the card faces' words (:mod:`bot.art.words`).


@per_locale(maxsize=256)
def card_name(notation: str) -> str:
    """A Centran card's readable name (``major:-17`` → ``The Star (−17)``)."""
    card = Card.parse(notation)
    if card.suit == MAJOR:
        return f"{_(MAJOR_NAMES[-card.rank])} ({signed(card.rank)})"
    suit = _(SUIT_NAMES[card.suit])
    if card.rank == ACE:
        return _("Ace of {suit} (1/15)").format(suit=suit)
    if card.rank in RANK_NAMES:
        return _("{rank} of {suit} ({value})").format(
            rank=_(RANK_NAMES[card.rank]), suit=suit, value=card.rank
        )
    return _("{value} of {suit}").format(value=card.rank, suit=suit)


def describe(notations: tuple[str, ...]) -> str:
    """Cards by name (``no cards`` when empty)."""
    return ", ".join(map(card_name, notations)) if notations else _("no cards")


def hand_label(hand: HandEval) -> str:
    """``Desperado``, ``Pure Sabacc −23``, ``Wild Sabacc``, ``Nulhrek +19``, ``Bombed out``."""
    if hand.category is Category.PURE_SABACC:
        return _("Pure Sabacc") + f" {signed(hand.total or 0)}"
    if hand.category is Category.NULHREK:
        return _("Nulhrek") + f" {signed(hand.total or 0)}"
    return _(NAMES[hand.category])


def best_text(hand: HandEval | None) -> str:
    """A best hand of a preview (``no cards`` without one)."""
    return _("no cards") if hand is None else hand_label(hand)


def chosen_values(hand: HandEval, cards: tuple[str, ...]) -> str:
    """The values the engine chose for the Aces and table fives: ``Ace 15; fives +5, 0``; ``""``
    if none or for a hand not valued by its total (Desperado, Idiot's Array, Wild Sabacc,
    bomb-out)."""
    if hand.category not in (Category.PURE_SABACC, Category.NULHREK):
        return ""
    aces = sum(1 for n in cards if Card.parse(n).is_ace)
    parts = []
    if aces:
        values = [15] * hand.aces_high + [1] * (aces - hand.aces_high)
        parts.append(
            ngettext("Ace {values}", "Aces {values}", aces).format(
                values=", ".join(map(str, values))
            )
        )
    if hand.fives:
        parts.append(
            ngettext("five {values}", "fives {values}", len(hand.fives)).format(
                values=", ".join(signed(v) for v in hand.fives)
            )
        )
    return "; ".join(parts)


def decided(e: ev.Decided | ev.Worded) -> str:
    """Why the hand went the way it did."""
    if isinstance(e, ev.Worded):
        return e.text
    who, why = joined(e.winners), e.why
    if why is ev.Why.UNCONTESTED:
        return uncontested(who)
    if why is ev.Why.ALL_BOMBED:
        return _("Every hand bombed out: the hand pot goes to the Sabacc pot")
    assert e.best is not None
    best = hand_label(e.best)
    if why is ev.Why.EXACT_TIE:
        return _("{who} tie exactly ({hand}, every tie-breaker equal) and split the pot").format(
            who=who, hand=best
        )
    if why is ev.Why.ONLY_VALID or e.runner is None:
        return _("{who} holds the only hand that did not bomb out ({hand})").format(
            who=who, hand=best
        )
    runner, a, b = hand_label(e.runner), e.best.rank_key, e.runner.rank_key
    if why is ev.Why.OUTRANKS:
        return _("{who}: {hand} outranks {other}").format(who=who, hand=best, other=runner)
    if why is ev.Why.NEARER:
        return _(
            "{who}: {hand} is nearer to 0 or ±23 than {other} ({mine} vs {theirs} away)"
        ).format(who=who, hand=best, other=runner, mine=a[1], theirs=b[1])
    if why is ev.Why.NEGATIVE:
        return _("{who}: at equal distance a negative total wins ({hand} over {other})").format(
            who=who, hand=best, other=runner
        )
    if why is ev.Why.PURE_OVER_ZERO:
        return _("{who}: at equal distance ±23 beats 0 ({hand} over {other})").format(
            who=who, hand=best, other=runner
        )
    if why is ev.Why.TIE_BREAK:
        i = e.tie_break + 3
        words = _(TIE_BREAKS[e.tie_break - 1])
        return _("{who}: tied at {hand}; tie-breaker {n}: {rule} ({mine} vs {theirs})").format(
            who=who, hand=best, n=e.tie_break, rule=words, mine=-a[i], theirs=-b[i]
        )
    return _("{who} wins").format(who=who)


def shift_line(e: ev.ShiftTurned) -> str:
    """The Shift Phase card joins the Array: a Sabacc Shift or not."""
    head = _("Shift Phase (round {n}): {card} joins the Array").format(
        n=e.round_no, card=card_name(e.trigger)
    )
    if e.random_mode:
        head += "."
    else:
        why = _("opposite families") if e.shift else _("same family")
        prev = card_name(e.prev) if e.prev else _("nothing")
        head += " " + _("after {card} — {why}.").format(card=prev, why=why)
    if not e.shift:
        return f"{head} " + _("No shift.")
    return f"{head} " + ngettext(
        "SABACC SHIFT! Everyone discards up to {n} non-stasis card at random and is dealt as many.",
        "SABACC SHIFT! Everyone discards up to {n} non-stasis cards at random and is dealt "
        "as many.",
        e.discards,
    ).format(n=e.discards)


def _card_action(e: ev.CardAction) -> str:
    who = e.player
    held = "(" + _("{n} cards").format(n=e.cards_held) + ")"
    given = card_name(e.given) if e.given else ""
    taken = card_name(e.taken) if e.taken else ""
    if e.action == "gain":
        text = _("{who} gains a card {held}.")
    elif e.action == "trade":
        text = _(
            "{who} trades for {taken} (Array #{n}); {given} takes its place in the Array {held}."
        )
    elif e.action == "draw_to_array":
        given = given or _("a five")
        text = _("{who} draws {given} to the end of the Array {held}.")
    elif e.action == "discard_to_array":
        text = _("{who} discards {given} to the end of the Array {held}.")
    elif e.action == "array_draw":
        text = _("{who} takes {taken} from Array #{n}; it is refilled {held}.")
    else:
        text = _("{who} stands {held}.")
    return text.format(who=who, held=held, given=given, taken=taken, n=e.position)


def _revealed(e: ev.Revealed) -> str:
    label = hand_label(e.hand)
    if e.hand.category is Category.WILD_SABACC:
        label += " (" + _("Five Brothers claimed") + ")"
    chosen = chosen_values(e.hand, e.cards)
    extra = f" ({chosen})" if chosen else ""
    return _("{player} reveals {cards} — {hand}.").format(
        player=e.player, cards=describe(e.cards), hand=label + extra
    )


def _five_tabled(e: ev.FiveTabled) -> str:
    text = (
        _("{player} draws {card}: a Wild Five goes face up to the table ({n}/5).")
        if e.player
        else _("The Array turns up {card}: a Wild Five goes face up to the table ({n}/5).")
    )
    return text.format(player=e.player, card=card_name(e.card), n=e.count)


def _five_brothers(e: ev.FiveBrothers) -> str:
    who = (
        _("{player} may score Wild Sabacc").format(player=e.player)
        if e.player
        else _("it came from the Array, so nobody may claim Wild Sabacc")
    )
    return _("FIVE BROTHERS! All five Wild Fives are on the table: play stops; {who}.").format(
        who=who
    )


EVENTS: dict[type, EventText] = {
    ev.HandStarted: fields_line(
        N_(
            "Hand {n}: {dealer} deals, {first} acts first. {players} players ante (hand pot "
            "{hand_pot}, Sabacc pot {sabacc_pot}); two cards each."
        )
    ),
    ev.PlayerOut: lambda e: _("{player} has no credits left and is out of the game.").format(
        player=e.player
    ),
    ev.FiveTabled: _five_tabled,
    ev.ArrayStarted: lambda e: _("The Array starts with {card}.").format(card=card_name(e.card)),
    ev.CardAction: _card_action,
    ev.ShiftTurned: shift_line,
    ev.ShiftDone: lambda e: _("Sabacc Shift done: cards replaced ({counts}).").format(
        counts=", ".join(f"{p} {k}" for p, k in e.counts)
    ),
    ev.FiveBrothers: _five_brothers,
    ev.Revealed: _revealed,
    ev.Decided: decided,
}
