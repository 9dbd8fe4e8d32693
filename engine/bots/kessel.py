"""The Kessel Sabacc bot (variant ``kessel``).

Card turns compare the expected chips lost at the reveal (Hand Pot plus tax when beaten, and a
price for elimination) of standing against drawing from each pile and keeping the better card,
using the exact odds of :mod:`engine.bots.kessel_model`. Shift Tokens are scored in chips and
played when they are worth enough for the style: taxes on opponents close to elimination,
refunds of a Hand Pot at risk, Fix tokens that improve this hand's odds, Exhaustion or Direct
Transaction against a standing opponent when this hand is weak. Impostor dice and the Prime
Sabacc value are chosen for the best resulting rank.

Read from the facts of the public view (:class:`~engine.variants.kessel.facts.TableFacts`):
stocks (``stack``), each seat's Hand Pot, immunity and last move, the Fix tokens in force, the
card turn and the discard tops; and from the facts of the controls (the cost of a draw, the card
each keep option keeps, the Impostor values of each die choice). A decision it cannot make
raises :class:`~engine.bots.common.Undecided`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.bots import kessel_model as km
from engine.bots.common import (
    Undecided,
    by_kind,
    profile,
    table_facts,
)
from engine.core.game import Action, ActionSpec, Game
from engine.variants.kessel.cards import FAMILIES, Face, Family, evaluate, parse_card
from engine.variants.kessel.facts import DrawCost, ImpostorOption, KeepOption, TableFacts
from engine.variants.kessel.rank import FIX_TOKENS, Fix

_TAXES = {"general_tariff": 1, "target_tariff": 2, "general_audit": 2, "target_audit": 3}
_REFUNDS = {"refund": 2, "extra_refund": 3}
ELIMINATION = 4.0  # chips-equivalent price of being eliminated

PICKS: dict[str, tuple[str, ...]] = {
    "cautious": ("extra_refund", "general_tariff", "refund", "immunity", "target_tariff"),
    "balanced": ("general_tariff", "target_tariff", "extra_refund", "free_draw", "refund"),
    "bold": ("target_tariff", "direct_transaction", "general_tariff", "exhaustion", "refund"),
}


@dataclass(frozen=True, slots=True)
class Rival:
    """One other seat still in the round, as the public view shows it."""

    seat: int
    stock: int
    hand_pot: int
    standing: bool
    immune: bool


@dataclass(frozen=True, slots=True)
class Situation:
    """Everything a card-turn decision of this seat uses."""

    hand: tuple[Face, Face]
    fix: Fix
    stock: int
    hand_pot: int
    turn: int
    tops: dict[Family, Face | None]
    rivals: tuple[Rival, ...]

    def unseen(self, family: Family) -> Counter[Face]:
        """Faces of ``family`` this seat has not seen (own card and the discard top excluded)."""
        seen = [self.hand[FAMILIES.index(family)]]
        top = self.tops.get(family)
        return km.unseen_faces([*seen, top] if top is not None else seen)

    def outlook(self, fix: Fix | None = None) -> km.Outlook:
        """Opponent odds under ``fix`` (the tokens in force by default)."""
        fix = self.fix if fix is None else fix
        field = km.Field.build(self.unseen(Family.SAND), self.unseen(Family.BLOOD), fix)
        rivals = max(1, len(self.rivals)) * (1.0 + 0.4 * (3 - self.turn))
        return km.Outlook(field, rivals, self.stock, ELIMINATION)

    def loss(self, fix: Fix | None = None, hand: tuple[Face, Face] | None = None) -> float:
        """Expected chips lost by standing with ``hand`` under ``fix``."""
        fix = self.fix if fix is None else fix
        sand, blood = self.hand if hand is None else hand
        return km.expected_loss(km.outcomes(sand, blood, fix), self.hand_pot, self.outlook(fix))

    def win(self) -> float:
        """Chance to be among the winners if the round ended now."""
        return km.win_chance(km.outcomes(*self.hand, self.fix), self.outlook())


def read_situation(game: Game, seat: int) -> Situation:
    """This seat's cards and the public table (raises :class:`Undecided` without a full hand)."""
    view, public, table = table_facts(game, seat, TableFacts, "Kessel")
    cards = [parse_card(c) for c in view.hand]
    if len(cards) != 2:
        raise Undecided(f"seat {seat} holds {len(cards)} cards, not a hand")
    cards.sort(key=lambda c: FAMILIES.index(c.family))
    tops: dict[Family, Face | None] = {fam: None for fam in FAMILIES}
    for pile in table.piles:
        tops[Family(pile.family)] = None if pile.top is None else parse_card(pile.top).face
    rivals = tuple(
        Rival(s.seat, s.stack, f.hand_pot, f.status == "stand", f.immune)
        for s, f in zip(public.seats, table.seats, strict=True)
        if s.seat != seat and s.active and f.status not in ("eliminated", "left")
    )
    return Situation(
        hand=(cards[0].face, cards[1].face),
        fix=table.fix,
        stock=public.seats[seat].stack,
        hand_pot=table.seats[seat].hand_pot,
        turn=table.t,
        tops=tops,
        rivals=rivals,
    )


# ---------------------------------------------------------------------- card actions


def _draw_losses(sit: Situation, spec: ActionSpec, cost: int) -> dict[str, float]:
    outlook = sit.outlook()
    losses: dict[str, float] = {}
    for option in spec.options:
        fam = Family(option.value.split("_")[0])
        if option.value.endswith("discard"):
            top = sit.tops.get(fam)
            faces = Counter({top: 1}) if top is not None else Counter()
        else:
            faces = sit.unseen(fam)
        losses[option.value] = km.draw_loss(
            sit.hand, fam, faces, cost, sit.hand_pot, outlook, sit.fix
        )
    return losses


def card_action(sit: Situation, specs: dict[str, ActionSpec], style: str) -> Action:
    """Stand, or draw from the pile with the lowest expected loss."""
    draw = specs.get("draw")
    if draw is None or not draw.options:
        return Action("stand")
    cost = draw.facts
    if not isinstance(cost, DrawCost):
        raise Undecided(f"a draw without its cost: {cost!r}")
    losses = _draw_losses(sit, draw, 0 if cost.free else 1)
    source = min(losses, key=lambda v: (losses[v], v))
    bias = (0.5 - profile(style).risk) * 0.3
    if losses[source] + bias < sit.loss():
        return Action("draw", choices=(source,))
    return Action("stand")


def keep_action(sit: Situation, spec: ActionSpec) -> Action | None:
    """Keep the drawn or the held card, whichever loses less."""
    best: tuple[float, str] | None = None
    for option in spec.options:
        keep = option.facts
        if not isinstance(keep, KeepOption):
            raise Undecided(f"a keep option without its card: {keep!r}")
        card = parse_card(keep.card)
        hand = list(sit.hand)
        hand[FAMILIES.index(card.family)] = card.face
        loss = sit.loss(hand=(hand[0], hand[1]))
        if best is None or (loss, option.value) < best:
            best = (loss, option.value)
    return None if best is None else Action("keep", choices=(best[1],))


# ---------------------------------------------------------------------- tokens


def _tax_value(amount: int, victims: Sequence[Rival]) -> float:
    value = 0.0
    for rival in victims:
        taken = min(amount, rival.stock)
        value += 0.5 * taken + (1.0 if taken and taken == rival.stock else 0.0)
    return value


def _fix_value(sit: Situation, token: str, now: float) -> float:
    if token == "prime_sabacc":
        best = {v: sit.loss(sit.fix.with_token(token, v)) for v in range(1, 7)}
        after = sum(p * min(best[a], best[b]) for (a, b), p in km.ROLLS)
    else:
        after = sit.loss(sit.fix.with_token(token))
    return now - after


def token_value(sit: Situation, value: str, now: float, win: float) -> float:
    """What playing the token option ``value`` is worth, in chips."""
    token, _, target = value.partition(":")
    rivals = [r for r in sit.rivals if not r.immune]
    victim = [r for r in rivals if str(r.seat) == target]
    if token in _TAXES:
        if token == "general_tariff":
            return _tax_value(1, rivals)
        if token == "general_audit":
            return _tax_value(2, [r for r in rivals if r.standing])
        return _tax_value(_TAXES[token], victim)
    if token in _REFUNDS:
        back = min(_REFUNDS[token], sit.hand_pot)
        return back * (1.0 - win) + (0.3 if sit.turn == 3 else 0.0)
    if token in FIX_TOKENS:
        return _fix_value(sit, token, now)
    if token == "embezzlement":
        return sum(1 for r in rivals if r.hand_pot) * win - 0.3
    if token in ("exhaustion", "direct_transaction"):
        if not victim or not victim[0].standing:
            return 0.0
        return (1.0 - win) * (1.6 if token == "direct_transaction" else 1.0)
    if token == "immunity":
        return 0.8 if sit.stock <= 2 else 0.1
    if token == "embargo":
        return 0.6 * win if sit.turn < 3 else 0.0
    return 0.0  # free_draw is judged together with the draw


def token_action(sit: Situation, specs: dict[str, ActionSpec], style: str) -> Action | None:
    """The most valuable token play, if it is worth enough for the style."""
    spec = specs["token"]
    now, win = sit.loss(), sit.win()
    scored: list[tuple[float, str]] = []
    for option in spec.options:
        if option.value == "free_draw":
            draw = specs.get("draw")
            if draw is not None and draw.options:
                gain = now - min(_draw_losses(sit, draw, 0).values())
                scored.append((gain + 0.5 if gain > 0 else 0.0, option.value))
            continue
        scored.append((token_value(sit, option.value, now, win), option.value))
    if not scored:
        return None
    value, choice = max(scored)
    threshold = 1.2 - profile(style).risk
    return Action("token", choices=(choice,)) if value >= threshold else None


def pick_tokens(spec: ActionSpec, style: str) -> Action:
    """Three tokens from the style's preference list (whatever is still available)."""
    available = [o.value for o in spec.options]
    wanted = PICKS.get(style, PICKS["balanced"])
    picks = [t for t in wanted if t in available][: spec.max_choices]
    picks += [t for t in available if t not in picks][: spec.max_choices - len(picks)]
    return Action("select_tokens", choices=tuple(picks))


# ---------------------------------------------------------------------- dice


def impostor_action(game: Game, seat: int, spec: ActionSpec, fix: Fix) -> Action | None:
    """The die value(s) giving the best rank (ties → lower values); each option's facts give
    the value of every Impostor of the hand with it (a double already set included)."""
    cards = sorted(
        (parse_card(c) for c in game.view_for(seat).hand),
        key=lambda c: FAMILIES.index(c.family),
    )
    best: tuple[km.Key, str] | None = None
    for option in spec.options:
        pick = option.facts
        if not isinstance(pick, ImpostorOption):
            raise Undecided(f"a die choice without its values: {pick!r}")
        choice = {Family(f): v for f, v in pick.values}
        key = evaluate(cards, fix, choice).rank_key
        if best is None or (key, option.value) < best:
            best = (key, option.value)
    return None if best is None else Action("impostor", choices=(best[1],))


def prime_action(sit: Situation, spec: ActionSpec) -> Action:
    """The Prime Sabacc value that makes this hand lose least."""
    values = [o.value for o in spec.options if o.value.isdigit()]
    best = min(values, key=lambda v: (sit.loss(sit.fix.with_token("prime_sabacc", int(v))), v))
    return Action("prime", choices=(best,))


def decide(game: Game, seat: int, style: str) -> Action:
    """The bot's action for a pending ``seat`` of a Kessel game."""
    specs = by_kind(game.legal_actions(seat))
    if "select_tokens" in specs:
        return pick_tokens(specs["select_tokens"], style)
    sit = read_situation(game, seat)
    action: Action | None = None
    if "impostor" in specs:
        action = impostor_action(game, seat, specs["impostor"], sit.fix)
    elif "prime" in specs:
        action = prime_action(sit, specs["prime"])
    elif "keep" in specs:
        action = keep_action(sit, specs["keep"])
    elif "stand" in specs:
        if "token" in specs:
            action = token_action(sit, specs, style)
        action = action or card_action(sit, specs, style)
    if action is None:
        raise Undecided(f"no Kessel decision for {sorted(specs)}")
    return action
