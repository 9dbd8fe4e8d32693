"""Kessel Sabacc views and decision descriptions for the table platform.

Public and private views (:class:`PublicView`, :class:`PlayerView`), the :class:`ActionSpec` of
every decision, the default (timeout) action and the private preview line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import product

from engine.core.game import (
    Action,
    ActionSpec,
    Option,
    ParamKind,
    PlayerView,
    PublicView,
    SeatStats,
    SeatView,
)
from engine.variants.kessel.cards import (
    FAMILIES,
    Card,
    Family,
    HandEval,
    best_impostor_choice,
    evaluate,
    impostor_families,
    impostor_options,
)
from engine.variants.kessel.flow import can_draw, draw_sources
from engine.variants.kessel.rank import Fix, sabacc_order
from engine.variants.kessel.state import KesselState, Phase
from engine.variants.kessel.tokens import TOKENS, playable, selectable

SOURCES: Mapping[str, tuple[Family, bool]] = {
    "sand_draw": (Family.SAND, False),
    "blood_draw": (Family.BLOOD, False),
    "sand_discard": (Family.SAND, True),
    "blood_discard": (Family.BLOOD, True),
}
"""DRAW option values (the §6.5 ``play.source`` names) → ``(family, from_discard)``."""


def pending(st: KesselState) -> frozenset[int]:
    """Seats that may act now."""
    if st.phase is Phase.SELECT:
        waiting = [i for i, s in enumerate(st.seats) if not s.selected and not s.out]
        if st.options.token_pool == "shared":
            waiting = waiting[:1]
        return frozenset(waiting)
    if st.phase is Phase.IMPOSTOR:
        chooser = st.impostor_chooser
        return frozenset() if chooser is None else frozenset({chooser})
    if st.phase in (Phase.CARD_TURN, Phase.PRIME, Phase.KEEP):
        return frozenset({st.current})
    return frozenset()


def potential(hand: Sequence[Card], fix: Fix) -> HandEval:
    """The best the hand can become (Impostors at their best value): a hint, not a result."""
    fams = [] if fix.major_fraud else impostor_families(hand)
    combos = [dict(zip(fams, vals, strict=True)) for vals in product(range(1, 7), repeat=len(fams))]
    return min((evaluate(hand, fix, c) for c in combos), key=lambda e: e.rank_key)


def hand_note(hand: Sequence[Card], fix: Fix) -> str:
    """The hand's current name (or what it can become with Impostors)."""
    if len(hand) != 2:
        return ""
    if impostor_families(hand) and not fix.major_fraud:
        return f"Impostor: set by dice at the reveal (best case {potential(hand, fix).short})"
    return f"Hand now: {evaluate(hand, fix).short}"


def hand_result(hand: Sequence[Card], fix: Fix) -> str:
    """The hand's name, or its best case while an Impostor waits for the dice (button labels:
    a button shows no option description)."""
    if impostor_families(hand) and not fix.major_fraud:
        return f"best case {potential(hand, fix).short}"
    return evaluate(hand, fix).short


def _keep_hand(st: KesselState, seat: int, which: str) -> list[Card]:
    hand = list(st.seats[seat].hand)
    if which == "drawn" and st.drawn is not None:
        hand[FAMILIES.index(st.drawn.family)] = st.drawn
    return hand


def _combo_value(combo: Mapping[Family, int]) -> str:
    return "/".join(str(combo[f]) for f in FAMILIES if f in combo)


def parse_combo(st: KesselState, seat: int, value: str) -> dict[Family, int]:
    """Option value ``"3"`` or ``"3/5"`` (Sand/Blood) → die value per Impostor family."""
    fams = list(st.open_rolls(seat))
    parts = value.split("/")
    if len(parts) != len(fams) or not all(p.isdigit() for p in parts):
        return {}
    return {f: int(p) for f, p in zip(fams, parts, strict=True)}


def _impostor_option(
    hand: tuple[Card, ...], fix: Fix, combo: Mapping[Family, int], full: Mapping[Family, int]
) -> Option:
    """A die choice; its label and description (every Impostor of the hand, a double already
    set) are worked out when first read."""
    value = _combo_value(combo)
    return Option(
        value,
        lambda: f"{value} → {evaluate(hand, fix, full).short}",
        lambda: " · ".join(f"{f.label} Impostor {full[f]}" for f in FAMILIES if f in full),
    )


def _keep_option(which: str, card: Card, hand: list[Card], fix: Fix) -> Option:
    """Keep the drawn or the held card; what the hand becomes is worked out when first read."""
    return Option(
        which,
        lambda: f"Keep {card.label} ({which}) → {hand_result(hand, fix)}",
        lambda: hand_note(hand, fix),
    )


def legal_actions(st: KesselState, seat: int) -> tuple[ActionSpec, ...]:
    """What ``seat`` may do now."""
    if seat not in pending(st):
        return ()
    me = st.seats[seat]
    if st.phase is Phase.SELECT:
        opts = tuple(Option(t, TOKENS[t].name, TOKENS[t].text) for t in selectable(st))
        prompt = "Pick 3 Shift Tokens for the whole game; missing picks are filled at random."
        return (
            ActionSpec(
                "select_tokens",
                "Choose Shift Tokens",
                ParamKind.CHOICE,
                options=opts,
                min_choices=0,
                max_choices=3,
                style="primary",
                prompt=prompt,
            ),
        )
    if st.phase is Phase.IMPOSTOR:
        rolls = st.open_rolls(seat)
        done = st.chosen.get(seat, {})
        options = [
            _impostor_option(tuple(me.hand), st.fix, combo, {**done, **combo})
            for combo in impostor_options(me.hand, rolls)
        ]
        dice = "; ".join(f"{f.label} Impostor rolled {d[0]} and {d[1]}" for f, d in rolls.items())
        dice += "".join(
            f"; {f.label} Impostor rolled a double: {v}" for f, v in done.items() if f not in rolls
        )
        return (
            ActionSpec(
                "impostor",
                "Set your Impostor",
                ParamKind.CHOICE,
                options=tuple(options),
                style="primary",
                prompt=dice,
            ),
        )
    if st.phase is Phase.PRIME:
        assert st.prime_dice is not None
        options = [Option(str(v), f"Prime Sabacc {v}/{v}") for v in sorted(set(st.prime_dice))]
        return (
            ActionSpec(
                "prime",
                "Choose the Prime Sabacc",
                ParamKind.CHOICE,
                options=tuple(options),
                style="primary",
            ),
        )
    if st.phase is Phase.KEEP:
        assert st.drawn is not None
        held = me.hand[FAMILIES.index(st.drawn.family)]
        options = [
            _keep_option(which, card, _keep_hand(st, seat, which), st.fix)
            for which, card in (("drawn", st.drawn), ("held", held))
        ]
        return (
            ActionSpec(
                "keep",
                "Keep which card?",
                ParamKind.CHOICE,
                options=tuple(options),
                style="primary",
                prompt="The other card goes to the discard pile.",
            ),
        )
    specs: list[ActionSpec] = []
    plays = playable(st, seat)
    if plays:
        options = []
        for token, target in plays:
            info = TOKENS[token]
            if target is None:
                options.append(Option(token, info.name, info.text))
            else:
                name = st.seats[target].player
                options.append(Option(f"{token}:{target}", f"{info.name} → {name}", info.text))
        specs.append(
            ActionSpec(
                "token",
                "Play a Shift Token",
                ParamKind.CHOICE,
                options=tuple(options),
                style="secondary",
            )
        )
    if can_draw(st, seat):
        options = []
        sources = draw_sources(st)
        for value, (fam, disc) in SOURCES.items():
            if (fam, disc) in sources:
                label = f"{fam.label} discard: {st.discard[fam][-1].face.label}"
                options.append(Option(value, label if disc else f"{fam.label} deck"))
        cost = "free" if st.free_draw else "1 chip"
        specs.append(
            ActionSpec(
                "draw", f"Draw ({cost})", ParamKind.CHOICE, options=tuple(options), style="primary"
            )
        )
    label = "Stand (Embargo)" if st.forced else "Stand"
    specs.append(ActionSpec("stand", label, style="success"))
    return tuple(specs)


def default_action(st: KesselState, seat: int) -> Action:
    """Stand; keep the better card; the better die; tokens never; random token picks."""
    me = st.seats[seat]
    if st.phase is Phase.SELECT:
        return Action("select_tokens")
    if st.phase is Phase.IMPOSTOR:
        combo = best_impostor_choice(me.hand, st.fix, st.open_rolls(seat), st.chosen.get(seat))
        return Action("impostor", choices=(_combo_value(combo),))
    if st.phase is Phase.PRIME:
        assert st.prime_dice is not None

        def rank(v: int) -> tuple[tuple[int, int, int], int]:
            return potential(me.hand, st.fix.with_token("prime_sabacc", v)).rank_key, v

        return Action("prime", choices=(str(min(st.prime_dice, key=rank)),))
    if st.phase is Phase.KEEP:
        best = min(
            ("held", "drawn"),
            key=lambda w: potential(_keep_hand(st, seat, w), st.fix).rank_key,
        )
        return Action("keep", choices=(best,))
    return Action("stand")


def preview(st: KesselState, seat: int, action: Action) -> str:
    """A private hint about a choice; ``""`` when there is nothing useful to say."""
    me = st.seats[seat]
    value = action.choices[0] if action.choices else ""
    if action.kind == "keep" and st.phase is Phase.KEEP and value in ("drawn", "held"):
        return hand_note(_keep_hand(st, seat, value), st.fix)
    if action.kind == "draw":
        cost = 0 if st.free_draw else 1
        return f"Costs {cost} chip(s): Stock {me.stock - cost}, Hand Pot {me.hand_pot + cost}"
    if action.kind == "token":
        token = value.partition(":")[0]
        return TOKENS[token].text if token in TOKENS else ""
    if action.kind == "impostor" and st.phase is Phase.IMPOSTOR:
        combo = parse_combo(st, seat, value)
        if combo:
            done = st.chosen.get(seat, {})
            return f"Your hand: {evaluate(me.hand, st.fix, {**done, **combo}).short}"
    if action.kind == "stand":
        return hand_note(me.hand, st.fix)
    return ""


_LAST_MOVE = {"stand": "standing", "draw": "drew"}


def _status(st: KesselState, i: int) -> str:
    seat = st.seats[i]
    if seat.left:
        return "left"
    if seat.out:
        return "eliminated"
    if st.phase is Phase.OVER:
        return "winner" if st.payout.get(i) else ""
    if not seat.selected:
        return "choosing tokens"
    return _LAST_MOVE.get(seat.history[-1], "") if seat.history else ""


def reveal_lines(st: KesselState) -> list[str]:
    """While Impostor dice are chosen (§3.5): every hand, face up since step 1, with its dice and
    the values chosen so far, clockwise from the starting player."""
    chooser = st.impostor_chooser
    lines = []
    for p in st.round_players():
        seat = st.seats[p]
        parts = []
        for fam in [] if st.fix.major_fraud else impostor_families(seat.hand):
            dice = st.rolls.get(p, {}).get(fam)
            value = st.chosen.get(p, {}).get(fam)
            rolled = f"{fam.label} Impostor: {dice[0]} and {dice[1]}" if dice else ""
            if value is not None:
                parts.append(f"{rolled} → {value}" if dice else f"{fam.label} Impostor: {value}")
            elif dice:
                parts.append(rolled + (", choosing" if p == chooser else ""))
            else:
                parts.append(f"{fam.label} Impostor: rolls later")
        cards = " · ".join(c.label for c in seat.hand)
        lines.append(f"{seat.player}: {cards}" + (" — " + "; ".join(parts) if parts else ""))
    return lines


_PHASE_TITLES = {
    Phase.SELECT: "Choosing Shift Tokens",
    Phase.KEEP: "Keep a card",
    Phase.IMPOSTOR: "Impostor dice",
    Phase.PRIME: "Prime Sabacc dice",
    Phase.REVEAL: "Reveal",
    Phase.OVER: "Game over",
}
_HIGHLIGHTS = {Phase.SELECT: "Choosing Shift Tokens", Phase.OVER: "Game over"}


def phase_title(st: KesselState) -> str:
    """The phase as players read it (``Turn 1/3``, ``Impostor dice``), never its id."""
    if st.phase is Phase.CARD_TURN:
        return f"Turn {st.t}/3"
    return _PHASE_TITLES[st.phase]


def public_view(st: KesselState) -> PublicView:
    """Everything public: chips, pots, discard tops, tokens in force; never a hidden card."""
    seats = []
    tokens_public = st.options.tokens_public
    embargoed = st.current if st.forced and st.order else st.embargoed
    for i, s in enumerate(st.seats):
        public = f"Hand Pot {s.hand_pot} · tokens left {len(s.tokens)}"
        if tokens_public and s.tokens:
            public += " · " + ", ".join(TOKENS[t].name for t in s.tokens)
        if s.immune:
            public += " · immune"
        if st.embargoed == i or embargoed == i:
            public += " · embargoed"
        seats.append(SeatView(i, s.player, s.stock, _status(st, i), public, not s.out))
    info: list[tuple[str, str]] = []
    if st.discard:
        for fam in FAMILIES:
            pile = st.discard[fam]
            top = pile[-1].label if pile else "empty"
            info.append((f"{fam.label} discard", f"{top} ({len(st.draw[fam].cards)} in deck)"))
    info += [("Round", str(st.round_no)), ("Turn", f"{st.t}/3")]
    info.append(("Tokens in force", st.fix.describe()))
    if st.fix.entries:
        info.append(("Sabacc order", " > ".join(f"{v}/{v}" for v in sabacc_order(st.fix))))
    info.append(("Sabacc Pot", f"{st.buy_in * st.n} credits"))
    if st.phase is Phase.IMPOSTOR:
        info.append(("Reveal", "\n".join(reveal_lines(st))))
    elif st.last_reveal:
        info.append(("Last reveal", "\n".join(st.last_reveal)))
    highlight = _HIGHLIGHTS.get(st.phase) or (
        f"Round {st.round_no} · Reveal: Impostor dice"
        if st.phase is Phase.IMPOSTOR
        else f"Round {st.round_no} · Turn {st.t}/3"
    )
    pot = sum(s.hand_pot for s in st.seats)
    return PublicView(
        variant="kessel",
        title="Kessel Sabacc",
        phase=phase_title(st),
        hand_no=max(st.round_no, 1),  # token selection belongs to round 1: no "hand 0" ends
        acting=tuple(sorted(pending(st))),
        seats=tuple(seats),
        stack_unit="chips",
        pots=(("Hand Pots", pot),),
        info=tuple(info),
        highlight=highlight,
        finished=st.phase is Phase.OVER,
    )


def hand_of(st: KesselState, seat: int) -> tuple[str, ...]:
    """``view_for(st, seat).hand`` alone."""
    return tuple(c.notation for c in st.seats[seat].hand)


def view_for(st: KesselState, seat: int) -> PlayerView:
    """``seat``'s own cards and notes plus the public view."""
    me = st.seats[seat]
    notes: list[str] = []
    if me.hand:
        notes.append(hand_note(me.hand, st.fix))
    if st.drawn is not None and st.phase is Phase.KEEP and st.current == seat:
        notes.append(f"Drawn: {st.drawn.label} (keep it or your held {st.drawn.family.label})")
    open_rolls = st.open_rolls(seat) if st.impostor_chooser == seat else {}
    if open_rolls:
        dice = ", ".join(f"{f.label}: {d[0]} or {d[1]}" for f, d in open_rolls.items())
        notes.append(f"Impostor dice: {dice}")
    if me.tokens:
        notes.append("Your tokens: " + ", ".join(TOKENS[t].name for t in me.tokens))
    text = " · ".join(c.label for c in me.hand) or "no cards"
    return PlayerView(seat, hand_of(st, seat), text, tuple(notes), public_view(st))


def seat_stats(st: KesselState) -> dict[int, SeatStats]:
    """Rounds played/won, best hand, biggest Hand Pot recovered (chips)."""
    return {
        i: SeatStats(s.rounds_played, s.rounds_won, s.best_hand, s.best_score, s.biggest_pot)
        for i, s in enumerate(st.seats)
    }
