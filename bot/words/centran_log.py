"""Centran Sabacc's log words: card and hand names, why a hand went as it did, and the line of
every Centran event (:mod:`engine.variants.centran.events`). The table, hands, controls and
previews are :mod:`bot.words.centran`'s."""

from __future__ import annotations

from bot.words.base import EventText
from bot.words.twopot import joined, uncontested
from engine.variants.centran import events as ev
from engine.variants.centran.cards import Card, Category, HandEval, full_deck
from engine.variants.twopot.cards import signed

NAMES = {
    Category.DESPERADO: "Desperado",
    Category.IDIOTS_ARRAY: "Idiot's Array",
    Category.WILD_SABACC: "Wild Sabacc",
    Category.BOMBED_OUT: "Bombed out",
}
TIE_BREAKS = (
    "more cards",
    "more pairs",
    "more cards of one suit",
    "more negative cards",
    "a higher positive card",
)


_NAMES = {card.notation: card.name for card in full_deck()}


def card_name(notation: str) -> str:
    """A Centran card's readable name (``major:-17`` → ``The Star (−17)``)."""
    return _NAMES.get(notation) or Card.parse(notation).name


def describe(notations: tuple[str, ...]) -> str:
    """Cards by name (``no cards`` when empty)."""
    return ", ".join(map(card_name, notations)) if notations else "no cards"


def hand_label(hand: HandEval) -> str:
    """``Desperado``, ``Pure Sabacc −23``, ``Wild Sabacc``, ``Nulhrek +19``, ``Bombed out``."""
    if hand.category is Category.PURE_SABACC:
        return f"Pure Sabacc {signed(hand.total or 0)}"
    if hand.category is Category.NULHREK:
        return f"Nulhrek {signed(hand.total or 0)}"
    return NAMES[hand.category]


def best_text(hand: HandEval | None) -> str:
    """A best hand of a preview (``no cards`` without one)."""
    return "no cards" if hand is None else hand_label(hand)


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
        parts.append(("Ace " if aces == 1 else "Aces ") + ", ".join(map(str, values)))
    if hand.fives:
        word = "five" if len(hand.fives) == 1 else "fives"
        parts.append(f"{word} " + ", ".join(signed(v) for v in hand.fives))
    return "; ".join(parts)


def decided(e: ev.Decided | ev.Worded) -> str:
    """Why the hand went the way it did."""
    if isinstance(e, ev.Worded):
        return e.text
    who, why = joined(e.winners), e.why
    if why is ev.Why.UNCONTESTED:
        return uncontested(who)
    if why is ev.Why.ALL_BOMBED:
        return "Every hand bombed out: the hand pot goes to the Sabacc pot"
    assert e.best is not None
    best = hand_label(e.best)
    if why is ev.Why.EXACT_TIE:
        return f"{who} tie exactly ({best}, every tie-breaker equal) and split the pot"
    if why is ev.Why.ONLY_VALID or e.runner is None:
        return f"{who} holds the only hand that did not bomb out ({best})"
    runner, a, b = hand_label(e.runner), e.best.rank_key, e.runner.rank_key
    if why is ev.Why.OUTRANKS:
        return f"{who}: {best} outranks {runner}"
    if why is ev.Why.NEARER:
        return f"{who}: {best} is nearer to 0 or ±23 than {runner} ({a[1]} vs {b[1]} away)"
    if why is ev.Why.NEGATIVE:
        return f"{who}: at equal distance a negative total wins ({best} over {runner})"
    if why is ev.Why.PURE_OVER_ZERO:
        return f"{who}: at equal distance ±23 beats 0 ({best} over {runner})"
    if why is ev.Why.TIE_BREAK:
        i = e.tie_break + 3
        words = TIE_BREAKS[e.tie_break - 1]
        return f"{who}: tied at {best}; tie-breaker {e.tie_break}: {words} ({-a[i]} vs {-b[i]})"
    return f"{who} wins"


def shift_line(e: ev.ShiftTurned) -> str:
    """The Shift Phase card joins the Array: a Sabacc Shift or not."""
    head = f"Shift Phase (round {e.round_no}): {card_name(e.trigger)} joins the Array"
    if e.random_mode:
        head += "."
    else:
        why = "opposite families" if e.shift else "same family"
        prev = card_name(e.prev) if e.prev else "nothing"
        head += f" after {prev} — {why}."
    if not e.shift:
        return f"{head} No shift."
    cards = "card" if e.discards == 1 else "cards"
    return (
        f"{head} SABACC SHIFT! Everyone discards up to {e.discards} non-stasis {cards} "
        "at random and is dealt as many."
    )


def _card_action(e: ev.CardAction) -> str:
    who, held = e.player, f"({e.cards_held} cards)"
    given = card_name(e.given) if e.given else ""
    taken = card_name(e.taken) if e.taken else ""
    if e.action == "gain":
        return f"{who} gains a card {held}."
    if e.action == "trade":
        return (
            f"{who} trades for {taken} (Array #{e.position}); {given} takes its place in the "
            f"Array {held}."
        )
    if e.action == "draw_to_array":
        return f"{who} draws {given or 'a five'} to the end of the Array {held}."
    if e.action == "discard_to_array":
        return f"{who} discards {given} to the end of the Array {held}."
    if e.action == "array_draw":
        return f"{who} takes {taken} from Array #{e.position}; it is refilled {held}."
    return f"{who} stands {held}."


def _revealed(e: ev.Revealed) -> str:
    label = hand_label(e.hand)
    if e.hand.category is Category.WILD_SABACC:
        label += " (Five Brothers claimed)"
    chosen = chosen_values(e.hand, e.cards)
    extra = f" ({chosen})" if chosen else ""
    return f"{e.player} reveals {describe(e.cards)} — {label}{extra}."


def _five_tabled(e: ev.FiveTabled) -> str:
    who = f"{e.player} draws" if e.player else "The Array turns up"
    return f"{who} {card_name(e.card)}: a Wild Five goes face up to the table ({e.count}/5)."


def _five_brothers(e: ev.FiveBrothers) -> str:
    who = (
        f"{e.player} may score Wild Sabacc"
        if e.player
        else "it came from the Array, so nobody may claim Wild Sabacc"
    )
    return f"FIVE BROTHERS! All five Wild Fives are on the table: play stops; {who}."


EVENTS: dict[type, EventText] = {
    ev.HandStarted: lambda e: (
        f"Hand {e.hand_no}: {e.dealer} deals, {e.first} acts first. {e.players} players ante "
        f"(hand pot {e.hand_pot}, Sabacc pot {e.sabacc_pot}); two cards each."
    ),
    ev.PlayerOut: lambda e: f"{e.player} has no credits left and is out of the game.",
    ev.FiveTabled: _five_tabled,
    ev.ArrayStarted: lambda e: f"The Array starts with {card_name(e.card)}.",
    ev.CardAction: _card_action,
    ev.ShiftTurned: shift_line,
    ev.ShiftDone: lambda e: (
        "Sabacc Shift done: cards replaced (" + ", ".join(f"{p} {k}" for p, k in e.counts) + ")."
    ),
    ev.FiveBrothers: _five_brothers,
    ev.Revealed: _revealed,
    ev.Decided: decided,
}
