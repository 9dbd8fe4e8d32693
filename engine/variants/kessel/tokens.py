"""The 16 Kessel Shift Tokens: legality, targets, immunity and effects (``kessel.md`` §6).

Implementation decisions:

* K-impl-3: a targeted token names its target inside the option value (``target_tariff:2``), so
  playing any token is one CHOICE. Prime Sabacc rolls at play time and asks the actor a second
  decision (``prime``) unless both dice show the same value.
* K-impl-4: illegal plays raise :class:`TokenError` (an ``IllegalAction``) whose ``code`` is the
  §6.5 error id; the token is not spent.
* K-impl-5: in ``select`` mode with the ``shared`` pool, players pick one after another in seat
  order (a shared set cannot be drafted simultaneously); with ``per_player`` everyone picks at once.
  Discord's multi-select cannot pick one value twice, so ``allow_duplicate_tokens`` only affects
  ``random`` (draws with replacement) and ``predetermined`` modes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.core.game import Event, IllegalAction
from engine.variants.kessel.cards import FAMILIES
from engine.variants.kessel.events import (
    CardReceived,
    PrimeChosen,
    PrimeRolled,
    TokenPlayed,
    TokensAssigned,
)
from engine.variants.kessel.state import TOKENS_PER_PLAYER, KesselState, Phase


class TokenType(StrEnum):
    """The four kinds of Shift Token."""

    STOCK = "stock"
    TAX = "tax"
    FIX = "fix"
    DISRUPT = "disrupt"


class Target(StrEnum):
    """Whom a token acts on."""

    SELF = "self"
    OTHERS = "others"
    OTHERS_IN_STAND = "others_in_stand"
    ONE = "one"  # one other player (chosen)
    ONE_IN_STAND = "one_in_stand"  # one other player in Stand (chosen)
    GLOBAL = "global"
    NEXT = "next"


@dataclass(frozen=True, slots=True)
class TokenInfo:
    """Static description of one token (§6.2); its name and rule text are the bot's words."""

    id: str
    type: TokenType
    target: Target

    @property
    def targeted(self) -> bool:
        """The actor chooses a target player."""
        return self.target in (Target.ONE, Target.ONE_IN_STAND)


_T = TokenType
TOKENS: dict[str, TokenInfo] = {
    t.id: t
    for t in (
        TokenInfo("free_draw", _T.STOCK, Target.SELF),
        TokenInfo("refund", _T.STOCK, Target.SELF),
        TokenInfo("extra_refund", _T.STOCK, Target.SELF),
        TokenInfo("embezzlement", _T.STOCK, Target.OTHERS),
        TokenInfo("general_tariff", _T.TAX, Target.OTHERS),
        TokenInfo("target_tariff", _T.TAX, Target.ONE),
        TokenInfo("general_audit", _T.TAX, Target.OTHERS_IN_STAND),
        TokenInfo("target_audit", _T.TAX, Target.ONE_IN_STAND),
        TokenInfo("prime_sabacc", _T.FIX, Target.GLOBAL),
        TokenInfo("markdown", _T.FIX, Target.GLOBAL),
        TokenInfo("cook_the_books", _T.FIX, Target.GLOBAL),
        TokenInfo("major_fraud", _T.FIX, Target.GLOBAL),
        TokenInfo("embargo", _T.DISRUPT, Target.NEXT),
        TokenInfo("immunity", _T.DISRUPT, Target.SELF),
        TokenInfo("exhaustion", _T.DISRUPT, Target.ONE),
        TokenInfo("direct_transaction", _T.DISRUPT, Target.ONE),
    )
}
TOKEN_IDS: tuple[str, ...] = tuple(TOKENS)


class TokenError(IllegalAction):
    """An illegal token play; ``code`` (the reason) is the §6.5 error id (or a more specific
    one), ``data`` what its sentence needs."""

    def __init__(self, code: str, /, **data: Any) -> None:
        super().__init__(code, **data)
        self.code = code


# --- assignment (§6.3) ---------------------------------------------------------------------------


def assign_tokens(st: KesselState) -> list[Event]:
    """Deal tokens at setup for the ``random`` / ``predetermined`` / ``none`` modes."""
    mode, opts = st.options.token_mode, st.options
    events: list[Event] = []
    if mode == "select":
        for seat in st.seats:
            seat.selected = False
        return events
    if mode == "none":
        return events
    pool = list(TOKEN_IDS)
    st.rng.shuffle(pool)
    for i, seat in enumerate(st.seats):
        if mode == "predetermined":
            lists = opts.predetermined_tokens
            picks = list(lists[i] if len(lists) > 1 else lists[0]) if lists else []
            validate_picks(picks, opts.allow_duplicate_tokens, exact=True)
        elif opts.token_pool == "shared":
            picks = pool[i * TOKENS_PER_PLAYER : (i + 1) * TOKENS_PER_PLAYER]
        elif opts.allow_duplicate_tokens:
            picks = [st.rng.choice(TOKEN_IDS) for _ in range(TOKENS_PER_PLAYER)]
        else:
            picks = st.rng.sample(TOKEN_IDS, TOKENS_PER_PLAYER)
        seat.tokens = picks
        events.append(TokensAssigned(i, seat.player, tuple(picks), opts.tokens_public))
    return events


def validate_picks(picks: Sequence[str], duplicates: bool, *, exact: bool) -> None:
    """Known ids, at most (or exactly) 3, distinct unless allowed; raise ``IllegalAction``."""
    unknown = [p for p in picks if p not in TOKENS]
    if unknown:
        raise IllegalAction("unknown_tokens", tokens=tuple(unknown))
    if len(picks) > TOKENS_PER_PLAYER or (exact and len(picks) != TOKENS_PER_PLAYER):
        raise IllegalAction("pick_tokens", count=TOKENS_PER_PLAYER)
    if not duplicates and len(set(picks)) != len(picks):
        raise IllegalAction("tokens_not_distinct")


def selectable(st: KesselState) -> list[str]:
    """Token ids still available to pick (the shared pool excludes other players' picks)."""
    if st.options.token_pool != "shared":
        return list(TOKEN_IDS)
    taken = {t for s in st.seats if s.selected for t in s.tokens}
    return [t for t in TOKEN_IDS if t not in taken]


def select_tokens(st: KesselState, seat: int, picks: Sequence[str]) -> list[Event]:
    """A seat picks up to 3 tokens; missing picks are filled at random (§6.3)."""
    picks = list(picks)
    validate_picks(picks, False, exact=False)
    available = selectable(st)
    if any(p not in available for p in picks):
        raise IllegalAction("token_taken")
    rest = [t for t in available if t not in picks]
    picks += st.rng.sample(rest, TOKENS_PER_PLAYER - len(picks))
    me = st.seats[seat]
    me.tokens, me.selected = picks, True
    return [TokensAssigned(seat, me.player, tuple(picks), st.options.tokens_public)]


# --- legality ------------------------------------------------------------------------------------


def legal_targets(st: KesselState, seat: int, token: str) -> list[int]:
    """Seats ``token`` may target now (targeted tokens only)."""
    info = TOKENS[token]
    out = [o for o in st.others(seat) if not st.seats[o].immune]
    if info.target is Target.ONE_IN_STAND:
        out = [o for o in out if st.seats[o].in_stand]
    return out


def check_window(st: KesselState, seat: int) -> None:
    """The token window is open for ``seat`` and unused."""
    if st.phase is not Phase.CARD_TURN or st.current != seat or st.acted:
        raise TokenError("token_window_closed")
    if st.token_played:
        raise TokenError("one_token_per_turn")


def check_token(st: KesselState, seat: int, token: str, target: int | None) -> None:
    """Raise :class:`TokenError` unless ``seat`` may play ``token`` (on ``target``) now."""
    check_window(st, seat)
    if token not in TOKENS:
        raise TokenError("unknown_token", token=token)
    if token not in st.seats[seat].tokens:
        raise TokenError("not_held", token=token)
    info = TOKENS[token]
    if not info.targeted:
        if target is not None:
            raise TokenError("no_target_needed", token=token)
        return
    if target is None:
        raise TokenError("target_missing", token=token)
    name = st.seats[target].player if 0 <= target < st.n else str(target)
    if target == seat:
        raise TokenError("target_self", token=token)
    if target not in st.others(seat):
        raise TokenError("target_invalid", player=name)
    if st.seats[target].immune:
        raise TokenError("target_immune", player=name)
    if info.target is Target.ONE_IN_STAND and not st.seats[target].in_stand:
        raise TokenError("target_not_in_stand", player=name)


def playable(st: KesselState, seat: int) -> list[tuple[str, int | None]]:
    """Every legal ``(token, target)`` play of ``seat`` now (distinct tokens only)."""
    try:
        check_window(st, seat)
    except TokenError:
        return []
    plays: list[tuple[str, int | None]] = []
    for token in dict.fromkeys(st.seats[seat].tokens):
        if TOKENS[token].targeted:
            plays += [(token, t) for t in legal_targets(st, seat, token)]
        else:
            plays.append((token, None))
    return plays


# --- effects -------------------------------------------------------------------------------------


def _tax(st: KesselState, victims: list[int], amount: int) -> tuple[int, ...]:
    """Each victim loses up to ``amount`` chips of its Stock; the chips each lost."""
    lost = []
    for v in victims:
        seat = st.seats[v]
        lost.append(min(amount, seat.stock))
        seat.stock -= lost[-1]
    return tuple(lost)


def play_token(
    st: KesselState,
    seat: int,
    token: str,
    target: int | None = None,
    dice: tuple[int, int] | None = None,
) -> list[Event]:
    """Play ``token`` (checked first); effects resolve at once (§6.1). ``dice`` forces a roll."""
    check_token(st, seat, token, target)
    me = st.seats[seat]
    me.tokens.remove(token)
    me.used_tokens.append(token)
    st.token_played = True
    events: list[Event] = []
    unaffected = [o for o in st.others(seat) if not st.seats[o].immune]
    immune = tuple(st.seats[o].player for o in st.others(seat) if st.seats[o].immune)
    effect: dict[str, Any] = {}  # the TokenPlayed fields of the effect
    if token == "free_draw":
        st.free_draw = True
    elif token in ("refund", "extra_refund"):
        back = min(2 if token == "refund" else 3, me.hand_pot)
        me.hand_pot -= back
        me.stock += back
        effect["chips"] = back
    elif token == "embezzlement":
        donors = [o for o in unaffected if st.seats[o].hand_pot >= 1]
        for o in donors:
            st.seats[o].hand_pot -= 1
            me.hand_pot += 1
        effect.update(affected=_names(st, donors), immune=immune)
    elif token in ("general_tariff", "general_audit", "target_tariff", "target_audit"):
        if token == "general_tariff":
            victims, amount = unaffected, 1
        elif token == "general_audit":
            victims, amount = [o for o in unaffected if st.seats[o].in_stand], 2
        else:
            assert target is not None
            victims, amount, immune = [target], 2 if token == "target_tariff" else 3, ()
        lost = _tax(st, victims, amount)
        effect.update(affected=_names(st, victims), losses=lost, immune=immune)
    elif token == "prime_sabacc":
        roll = dice or (st.rng.randint(1, 6), st.rng.randint(1, 6))
        events.append(TokenPlayed(seat, me.player, token))
        events.append(PrimeRolled(me.player, roll))
        if roll[0] == roll[1]:
            return events + choose_prime(st, seat, roll[0], roll)
        st.prime_dice = roll
        st.phase = Phase.PRIME
        return events
    elif token in ("markdown", "cook_the_books", "major_fraud"):
        effect["no_effect"] = st.fix.has(token)
        st.fix = st.fix.with_token(token)
    elif token == "embargo":
        nxt = st.next_card_turn(seat)
        if nxt is None:
            effect["no_effect"] = True
        elif st.seats[nxt].immune:
            effect.update(immune=_names(st, [nxt]), no_effect=True)
        else:
            st.embargoed = nxt
            effect["affected"] = _names(st, [nxt])
    elif token == "immunity":
        me.immune = True
    elif token == "exhaustion":
        assert target is not None
        victim = st.seats[target]
        old = list(victim.hand)
        for card in old:
            st.discard[card.family].append(card)
        victim.hand = [st.take(fam, from_discard=False) for fam in FAMILIES]
        events += [CardReceived(target, c.notation) for c in victim.hand]
        cards = tuple(c.notation for c in old)
        effect.update(affected=_names(st, [target]), cards=cards)
    else:  # direct_transaction
        assert token == "direct_transaction" and target is not None
        other = st.seats[target]
        me.hand, other.hand = other.hand, me.hand
        events += [CardReceived(seat, c.notation) for c in me.hand]
        events += [CardReceived(target, c.notation) for c in other.hand]
        effect["affected"] = _names(st, [target])
    return [TokenPlayed(seat, me.player, token, **effect), *events]


def _names(st: KesselState, seats: Sequence[int]) -> tuple[str, ...]:
    return tuple(st.seats[s].player for s in seats)


def choose_prime(
    st: KesselState, seat: int, value: int, dice: tuple[int, int] | None = None
) -> list[Event]:
    """The Prime Sabacc actor picks one of the two dice; the Prime is in force at once."""
    roll = dice or st.prime_dice
    if roll is None or value not in roll:
        raise IllegalAction("pick_prime_die", dice=roll)
    st.fix = st.fix.with_token("prime_sabacc", value)
    st.prime_dice = None
    st.phase = Phase.CARD_TURN
    return [PrimeChosen(st.seats[seat].player, value)]
