"""Kessel Sabacc views and decision descriptions for the table platform.

Public and private views (:class:`PublicView`, :class:`PlayerView`), the :class:`ActionSpec` of
every decision, the default (timeout) action and the private preview line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import product

from engine.core.facts import Fact
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
from engine.variants.kessel.facts import (
    DrawCost,
    DrawOption,
    DrawPreview,
    HandFacts,
    HandNote,
    ImpostorDice,
    ImpostorDie,
    ImpostorOption,
    KeepOption,
    PileFacts,
    RevealRow,
    SeatFacts,
    StandOption,
    TableFacts,
    TokenOption,
)
from engine.variants.kessel.flow import can_draw, draw_sources
from engine.variants.kessel.rank import Fix, sabacc_order
from engine.variants.kessel.state import KesselState, Phase, SeatState
from engine.variants.kessel.tokens import TOKENS, playable, selectable

SOURCES: Mapping[str, tuple[Family, bool]] = {
    "sand_draw": (Family.SAND, False),
    "blood_draw": (Family.BLOOD, False),
    "sand_discard": (Family.SAND, True),
    "blood_discard": (Family.BLOOD, True),
}
"""DRAW option values (the §6.5 ``play.source`` names) → ``(family, from_discard)``."""


# ``pending`` is asked several times a step; its commonest answer (the one seat whose turn it
# is) comes from constants: a set of the phases (a str enum hashes in C, while reading a member
# off its enum class costs as much as building a set) and one shared frozenset per seat.
_ONE_SEAT_PHASES = frozenset((Phase.CARD_TURN, Phase.PRIME, Phase.KEEP))
_SEAT = {seat: frozenset((seat,)) for seat in range(8)}


def pending(st: KesselState) -> frozenset[int]:
    """Seats that may act now."""
    phase = st.phase
    if phase in _ONE_SEAT_PHASES:
        seat = st.current
        return _SEAT.get(seat) or frozenset((seat,))
    if phase is Phase.SELECT:
        waiting = [i for i, s in enumerate(st.seats) if not s.selected and not s.out]
        if st.options.token_pool == "shared":
            waiting = waiting[:1]
        return frozenset(waiting)
    if phase is Phase.IMPOSTOR:
        chooser = st.impostor_chooser
        return frozenset() if chooser is None else frozenset((chooser,))
    return frozenset()


def potential(hand: Sequence[Card], fix: Fix) -> HandEval:
    """The best the hand can become (Impostors at their best value): a hint, not a result."""
    fams = [] if fix.major_fraud else impostor_families(hand)
    combos = [dict(zip(fams, vals, strict=True)) for vals in product(range(1, 7), repeat=len(fams))]
    return min((evaluate(hand, fix, c) for c in combos), key=lambda e: e.rank_key)


def hand_note(hand: Sequence[Card], fix: Fix) -> HandNote | None:
    """What the hand is now, or its best case while an Impostor waits for the dice."""
    if len(hand) != 2:
        return None
    if impostor_families(hand) and not fix.major_fraud:
        return HandNote(potential(hand, fix), impostor=True)
    return HandNote(evaluate(hand, fix))


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


def _impostor_choice(
    hand: Sequence[Card], fix: Fix, combo: Mapping[Family, int], full: Mapping[Family, int]
) -> ImpostorOption:
    """A die choice's facts: its value, the hand it makes, every Impostor's value with it."""
    values = tuple((str(f), full[f]) for f in FAMILIES if f in full)
    return ImpostorOption(_combo_value(combo), evaluate(hand, fix, full), values)


def _impostor_option(
    hand: tuple[Card, ...], fix: Fix, combo: Mapping[Family, int], full: Mapping[Family, int]
) -> Option:
    """A die choice; the hand it makes is worked out when first read."""
    return Option(_combo_value(combo), facts=lambda: _impostor_choice(hand, fix, combo, full))


def _keep_option(which: str, card: Card, hand: list[Card], fix: Fix) -> Option:
    """Keep the drawn or the held card; what the hand becomes is worked out when first read."""
    return Option(which, facts=lambda: KeepOption(which, card.notation, _note(hand, fix)))


def _note(hand: Sequence[Card], fix: Fix) -> HandNote:
    note = hand_note(hand, fix)
    assert note is not None, "a kept card completes a hand of two"
    return note


# Facts are values: the small ones a view or a control repeats from one change to the next are
# shared instances (a frozen dataclass costs microseconds to build; a cache lookup much less).
_STAND = {False: StandOption(False), True: StandOption(True)}
_STAND_SPEC = {f: ActionSpec("stand", style="success", facts=_STAND[f]) for f in (False, True)}
_DRAW_COST = {False: DrawCost(False), True: DrawCost(True)}
_token = lru_cache(maxsize=256)(TokenOption)
_pile = lru_cache(maxsize=256)(DrawOption)
_seat = lru_cache(maxsize=1024)(SeatFacts)
_piles = lru_cache(maxsize=1024)(PileFacts)
_seat_view = lru_cache(maxsize=1024)(SeatView)


@lru_cache(maxsize=256)
def _order(fix: Fix) -> tuple[int, ...]:
    """The Sabacc order a view shows (none while no Fix token is in force)."""
    return tuple(sabacc_order(fix)) if fix.entries else ()


def legal_actions(st: KesselState, seat: int) -> tuple[ActionSpec, ...]:
    """What ``seat`` may do now."""
    if seat not in pending(st):
        return ()
    if st.phase in _CARD_TURN:  # (the commonest phase first, without reading Phase members)
        return _card_turn(st, seat)
    me = st.seats[seat]
    if st.phase is Phase.SELECT:
        opts = tuple(Option(t) for t in selectable(st))
        return (
            ActionSpec(
                "select_tokens",
                param=ParamKind.CHOICE,
                options=opts,
                min_choices=0,
                max_choices=3,
                style="primary",
            ),
        )
    if st.phase is Phase.IMPOSTOR:
        rolls = st.open_rolls(seat)
        done = st.chosen.get(seat, {})
        options = [
            _impostor_option(tuple(me.hand), st.fix, combo, {**done, **combo})
            for combo in impostor_options(me.hand, rolls)
        ]
        dice = ImpostorDice(
            tuple((f.value, d) for f, d in rolls.items()),
            tuple((f.value, v) for f, v in done.items() if f not in rolls),
        )
        return (
            ActionSpec(
                "impostor",
                param=ParamKind.CHOICE,
                options=tuple(options),
                style="primary",
                facts=dice,
            ),
        )
    if st.phase is Phase.PRIME:
        assert st.prime_dice is not None
        options = [Option(str(v)) for v in sorted(set(st.prime_dice))]
        return (
            ActionSpec("prime", param=ParamKind.CHOICE, options=tuple(options), style="primary"),
        )
    if st.phase is Phase.KEEP:
        assert st.drawn is not None
        held = me.hand[FAMILIES.index(st.drawn.family)]
        options = [
            _keep_option(which, card, _keep_hand(st, seat, which), st.fix)
            for which, card in (("drawn", st.drawn), ("held", held))
        ]
        return (
            ActionSpec("keep", param=ParamKind.CHOICE, options=tuple(options), style="primary"),
        )
    return _card_turn(st, seat)


_CARD_TURN = frozenset((Phase.CARD_TURN,))


def _card_turn(st: KesselState, seat: int) -> tuple[ActionSpec, ...]:
    """A card turn's controls: the Shift Tokens to play, the piles to draw from, STAND."""
    specs: list[ActionSpec] = []
    plays = playable(st, seat)
    if plays:
        options = [
            _token_option(token, target, None if target is None else st.seats[target].player)
            for token, target in plays
        ]
        specs.append(ActionSpec("token", param=ParamKind.CHOICE, options=tuple(options)))
    if can_draw(st, seat):
        sources = draw_sources(st)
        options = [
            _pile_option(value, st.discard[fam][-1].notation if disc else None)
            for value, (fam, disc) in SOURCES.items()
            if (fam, disc) in sources
        ]
        cost = _DRAW_COST[st.free_draw]
        specs.append(
            ActionSpec(
                "draw", param=ParamKind.CHOICE, options=tuple(options), style="primary", facts=cost
            )
        )
    specs.append(_STAND_SPEC[st.forced])
    return tuple(specs)


@lru_cache(maxsize=256)
def _token_option(token: str, target: int | None, name: str | None) -> Option:
    """A Shift Token to play (on ``target``, the seat of player ``name``), shared between turns."""
    value = token if target is None else f"{token}:{target}"
    return Option(value, facts=_token(token, name))


@lru_cache(maxsize=256)
def _pile_option(value: str, top: str | None) -> Option:
    """A pile to draw from (``top``: the discard's top card), shared between turns."""
    return Option(value, facts=_pile(SOURCES[value][0], top))


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


def preview(st: KesselState, seat: int, action: Action) -> Fact | str:
    """Facts for a private hint about a choice; ``""`` when there is nothing useful to say."""
    me = st.seats[seat]
    value = action.choices[0] if action.choices else ""
    if action.kind == "keep" and st.phase is Phase.KEEP and value in ("drawn", "held"):
        return hand_note(_keep_hand(st, seat, value), st.fix) or ""
    if action.kind == "draw":
        cost = 0 if st.free_draw else 1
        return DrawPreview(cost, me.stock - cost, me.hand_pot + cost)
    if action.kind == "token":  # the token's option: the bot writes its rule
        token, _, target = value.partition(":")
        if token not in TOKENS:
            return ""
        on = int(target) if target.isdigit() and int(target) < st.n else None
        return _token(token, None if on is None else st.seats[on].player)
    if action.kind == "impostor" and st.phase is Phase.IMPOSTOR:
        combo = parse_combo(st, seat, value)
        if combo:  # the choice's option: the hand it makes
            return _impostor_choice(me.hand, st.fix, combo, {**st.chosen.get(seat, {}), **combo})
    if action.kind == "stand":
        return hand_note(me.hand, st.fix) or ""
    return ""


_LAST_MOVE = {"stand": "stand", "draw": "draw"}


def _status(seat: SeatState, i: int, over: bool, payout: dict[int, int]) -> str:
    if seat.left:
        return "left"
    if seat.out:
        return "eliminated"
    if over:
        return "winner" if payout.get(i) else ""
    if not seat.selected:
        return "choosing"
    return _LAST_MOVE.get(seat.history[-1], "") if seat.history else ""


def reveal_rows(st: KesselState) -> tuple[RevealRow, ...]:
    """While Impostor dice are chosen (§3.5): every hand, face up since step 1, with its dice and
    the values chosen so far, clockwise from the starting player."""
    chooser = st.impostor_chooser
    rows = []
    for p in st.round_players():
        seat = st.seats[p]
        dice = [
            ImpostorDie(
                fam,
                st.rolls.get(p, {}).get(fam),
                st.chosen.get(p, {}).get(fam),
                p == chooser,
            )
            for fam in ([] if st.fix.major_fraud else impostor_families(seat.hand))
        ]
        rows.append(RevealRow(seat.player, tuple(c.notation for c in seat.hand), tuple(dice)))
    return tuple(rows)


def public_view(st: KesselState) -> PublicView:
    """Everything public: chips, pots, discard tops, tokens in force; never a hidden card."""
    seats = []
    facts = []
    tokens_public = st.options.tokens_public
    embargoed = st.current if st.forced and st.order else st.embargoed
    over, payout, hand_pots = st.phase is Phase.OVER, st.payout, 0
    for i, s in enumerate(st.seats):
        hand_pots += s.hand_pot
        facts.append(
            _seat(
                s.hand_pot,
                len(s.tokens),
                tuple(s.tokens) if tokens_public else (),
                s.immune,
                st.embargoed == i or embargoed == i,
                _status(s, i, over, payout),
            )
        )
        seats.append(_seat_view(i, s.player, s.stock, "", "", not s.out))
    piles: tuple[PileFacts, ...] = ()
    if st.discard:
        piles = tuple(
            _piles(
                f,
                st.discard[f][-1].notation if st.discard[f] else None,
                len(st.draw[f].cards),
            )
            for f in FAMILIES
        )
    table = TableFacts(
        st.phase,
        st.round_no,
        st.t,
        tuple(facts),
        piles,
        st.fix,
        _order(st.fix) if st.fix.entries else (),  # (a Fix hashes in Python)
        st.buy_in * st.n,
        reveal_rows(st) if st.phase is Phase.IMPOSTOR else (),
        st.last_reveal,
    )
    return PublicView(  # (positional: one view per change)
        "kessel",
        "",
        st.phase,
        max(st.round_no, 1),  # token selection belongs to round 1: no "hand 0" ends
        tuple(sorted(pending(st))),
        tuple(seats),
        "chips",
        (("hand_pots", hand_pots),),
        (),
        "",
        over,
        table,
    )


def hand_of(st: KesselState, seat: int) -> tuple[str, ...]:
    """``view_for(st, seat).hand`` alone."""
    return tuple(c.notation for c in st.seats[seat].hand)


def view_for(st: KesselState, seat: int) -> PlayerView:
    """``seat``'s own cards and facts plus the public view."""
    me = st.seats[seat]
    drawn = None
    if st.drawn is not None and st.phase is Phase.KEEP and st.current == seat:
        drawn = st.drawn.notation
    open_rolls = st.open_rolls(seat) if st.impostor_chooser == seat else {}
    facts = HandFacts(
        hand_of(st, seat),
        hand_note(me.hand, st.fix) if me.hand else None,
        drawn,
        tuple((f.value, d) for f, d in open_rolls.items()),
        tuple(me.tokens),
    )
    return PlayerView(seat, facts.cards, public=public_view(st), facts=facts)


def seat_stats(st: KesselState) -> dict[int, SeatStats]:
    """Rounds played/won, best hand, biggest Hand Pot recovered (chips)."""
    return {
        i: SeatStats(s.rounds_played, s.rounds_won, s.best_hand, s.best_score, s.biggest_pot)
        for i, s in enumerate(st.seats)
    }
