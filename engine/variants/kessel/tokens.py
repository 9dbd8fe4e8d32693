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
    """Static description of one token (§6.2)."""

    id: str
    name: str
    type: TokenType
    target: Target
    text: str

    @property
    def targeted(self) -> bool:
        """The actor chooses a target player."""
        return self.target in (Target.ONE, Target.ONE_IN_STAND)


_T = TokenType
TOKENS: dict[str, TokenInfo] = {
    t.id: t
    for t in (
        TokenInfo("free_draw", "Free Draw", _T.STOCK, Target.SELF, "Draw this turn for free."),
        TokenInfo("refund", "Refund", _T.STOCK, Target.SELF, "2 chips from your Hand Pot back."),
        TokenInfo(
            "extra_refund",
            "Extra Refund",
            _T.STOCK,
            Target.SELF,
            "3 chips from your Hand Pot back.",
        ),
        TokenInfo(
            "embezzlement",
            "Embezzlement",
            _T.STOCK,
            Target.OTHERS,
            "Take 1 chip from each other Hand Pot into yours.",
        ),
        TokenInfo("general_tariff", "General Tariff", _T.TAX, Target.OTHERS, "Others lose 1 chip."),
        TokenInfo(
            "target_tariff", "Target Tariff", _T.TAX, Target.ONE, "One player loses 2 chips."
        ),
        TokenInfo(
            "general_audit",
            "General Audit",
            _T.TAX,
            Target.OTHERS_IN_STAND,
            "Others in Stand lose 2 chips.",
        ),
        TokenInfo(
            "target_audit",
            "Target Audit",
            _T.TAX,
            Target.ONE_IN_STAND,
            "One player in Stand loses 3 chips.",
        ),
        TokenInfo(
            "prime_sabacc",
            "Prime Sabacc",
            _T.FIX,
            Target.GLOBAL,
            "Roll 2 dice; one value becomes the Prime Sabacc.",
        ),
        TokenInfo("markdown", "Markdown", _T.FIX, Target.GLOBAL, "Sylops are worth 0."),
        TokenInfo(
            "cook_the_books", "Cook the Books", _T.FIX, Target.GLOBAL, "Invert the Sabacc order."
        ),
        TokenInfo("major_fraud", "Major Fraud", _T.FIX, Target.GLOBAL, "Impostors are worth 6."),
        TokenInfo("embargo", "Embargo", _T.DISRUPT, Target.NEXT, "The next player must stand."),
        TokenInfo(
            "immunity",
            "Immunity",
            _T.DISRUPT,
            Target.SELF,
            "Immune to others' Stock, Tax and Disrupt tokens.",
        ),
        TokenInfo(
            "exhaustion",
            "Exhaustion",
            _T.DISRUPT,
            Target.ONE,
            "One player discards and draws a new hand.",
        ),
        TokenInfo(
            "direct_transaction",
            "Direct Transaction",
            _T.DISRUPT,
            Target.ONE,
            "Swap hands with one player.",
        ),
    )
}
TOKEN_IDS: tuple[str, ...] = tuple(TOKENS)


class TokenError(IllegalAction):
    """An illegal token play; ``code`` is the §6.5 error id (or a more specific one)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
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
        raise IllegalAction(f"Unknown Shift Token: {', '.join(unknown)}.")
    if len(picks) > TOKENS_PER_PLAYER or (exact and len(picks) != TOKENS_PER_PLAYER):
        raise IllegalAction(f"Pick exactly {TOKENS_PER_PLAYER} Shift Tokens.")
    if not duplicates and len(set(picks)) != len(picks):
        raise IllegalAction("Your Shift Tokens must be different.")


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
        raise IllegalAction("That Shift Token was already taken from the shared pool.")
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
        raise TokenError(
            "token_window_closed",
            "Shift Tokens can only be played at the start of your own card turn, before you "
            "draw or stand.",
        )
    if st.token_played:
        raise TokenError("one_token_per_turn", "You already played a Shift Token this turn.")


def check_token(st: KesselState, seat: int, token: str, target: int | None) -> None:
    """Raise :class:`TokenError` unless ``seat`` may play ``token`` (on ``target``) now."""
    check_window(st, seat)
    if token not in TOKENS:
        raise TokenError("unknown_token", f"There is no Shift Token {token!r}.")
    if token not in st.seats[seat].tokens:
        raise TokenError("not_held", f"You don't hold {TOKENS[token].name}.")
    info = TOKENS[token]
    if not info.targeted:
        if target is not None:
            raise TokenError("no_target_needed", f"{info.name} takes no target.")
        return
    if target is None:
        raise TokenError("target_missing", f"{info.name} needs a target player.")
    name = st.seats[target].player if 0 <= target < st.n else str(target)
    if target == seat:
        raise TokenError("target_self", f"{info.name} must target another player.")
    if target not in st.others(seat):
        raise TokenError("target_invalid", f"{name} is not playing this round.")
    if st.seats[target].immune:
        raise TokenError("target_immune", f"{name} is immune until the reveal.")
    if info.target is Target.ONE_IN_STAND and not st.seats[target].in_stand:
        raise TokenError("target_not_in_stand", f"{name} is not in Stand.")


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


def _tax(st: KesselState, victims: list[int], amount: int) -> str:
    parts = []
    for v in victims:
        seat = st.seats[v]
        lost = min(amount, seat.stock)
        seat.stock -= lost
        parts.append(f"{seat.player} −{lost}")
    return ", ".join(parts) or "nobody is affected"


def _immune_note(st: KesselState, seat: int) -> str:
    immune = [st.seats[o].player for o in st.others(seat) if st.seats[o].immune]
    return f" ({', '.join(immune)} immune)" if immune else ""


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
    info = TOKENS[token]
    events: list[Event] = []
    unaffected = [o for o in st.others(seat) if not st.seats[o].immune]
    note = _immune_note(st, seat)
    detail: str
    if token == "free_draw":
        st.free_draw = True
        detail = "their draw this turn costs nothing"
    elif token in ("refund", "extra_refund"):
        back = min(2 if token == "refund" else 3, me.hand_pot)
        me.hand_pot -= back
        me.stock += back
        detail = f"{back} chip(s) return from their Hand Pot to their Stock"
    elif token == "embezzlement":
        donors = [o for o in unaffected if st.seats[o].hand_pot >= 1]
        for o in donors:
            st.seats[o].hand_pot -= 1
            me.hand_pot += 1
        names = ", ".join(st.seats[o].player for o in donors)
        detail = f"takes 1 chip from the Hand Pot of {names}" if donors else "nothing to take"
        detail += note
    elif token == "general_tariff":
        detail = _tax(st, unaffected, 1) + note
    elif token == "general_audit":
        detail = _tax(st, [o for o in unaffected if st.seats[o].in_stand], 2) + note
    elif token in ("target_tariff", "target_audit"):
        assert target is not None
        detail = _tax(st, [target], 2 if token == "target_tariff" else 3)
    elif token == "prime_sabacc":
        roll = dice or (st.rng.randint(1, 6), st.rng.randint(1, 6))
        events.append(TokenPlayed(seat, me.player, token, info.name, "rolling two dice"))
        events.append(PrimeRolled(me.player, roll))
        if roll[0] == roll[1]:
            return events + choose_prime(st, seat, roll[0], roll)
        st.prime_dice = roll
        st.phase = Phase.PRIME
        return events
    elif token in ("markdown", "cook_the_books", "major_fraud"):
        already = st.fix.has(token)
        st.fix = st.fix.with_token(token)
        effect = {
            "markdown": "Sylops are worth 0 until the reveal",
            "cook_the_books": "the Sabacc order is inverted until the reveal",
            "major_fraud": "every Impostor is worth 6 until the reveal",
        }[token]
        detail = "already in force, nothing changes" if already else effect
    elif token == "embargo":
        nxt = st.next_card_turn(seat)
        if nxt is None:
            detail = "nobody has a card turn left this round; no effect"
        elif st.seats[nxt].immune:
            detail = f"{st.seats[nxt].player} is immune; no effect"
        else:
            st.embargoed = nxt
            detail = f"{st.seats[nxt].player} must stand on their next card turn"
    elif token == "immunity":
        me.immune = True
        detail = "immune to other players' Stock, Tax and Disrupt tokens until the reveal"
    elif token == "exhaustion":
        assert target is not None
        victim = st.seats[target]
        old = list(victim.hand)
        for card in old:
            st.discard[card.family].append(card)
        victim.hand = [st.take(fam, from_discard=False) for fam in FAMILIES]
        events += [CardReceived(target, c.notation) for c in victim.hand]
        shown = " and ".join(c.label for c in old)
        detail = f"{victim.player} discards {shown} and draws a new hand"
    else:  # direct_transaction
        assert token == "direct_transaction" and target is not None
        other = st.seats[target]
        me.hand, other.hand = other.hand, me.hand
        events += [CardReceived(seat, c.notation) for c in me.hand]
        events += [CardReceived(target, c.notation) for c in other.hand]
        detail = f"{me.player} and {other.player} swap hands"
    return [TokenPlayed(seat, me.player, token, info.name, detail), *events]


def choose_prime(
    st: KesselState, seat: int, value: int, dice: tuple[int, int] | None = None
) -> list[Event]:
    """The Prime Sabacc actor picks one of the two dice; the Prime is in force at once."""
    roll = dice or st.prime_dice
    if roll is None or value not in roll:
        raise IllegalAction(f"Pick one of the two dice ({roll}).")
    st.fix = st.fix.with_token("prime_sabacc", value)
    st.prime_dice = None
    st.phase = Phase.CARD_TURN
    return [PrimeChosen(st.seats[seat].player, value)]
