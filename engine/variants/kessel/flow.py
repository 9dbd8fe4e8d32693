"""The Kessel Sabacc state machine (``kessel.md`` §3): rounds, card turns, reveal, settlement.

Implementation decisions:

* K-impl-6: a card turn in which the player has no choice at all (no playable token and no
  possible DRAW, e.g. Stock 0 without Free Draw) is stood automatically; likewise after a token
  when DRAW is impossible (Embargo, empty Stock).
* K-impl-7: Impostor dice follow K-34 (no longer a simultaneous choice): after the reveal,
  clockwise from the starting player, each player with an Impostor rolls for it (Sand before
  Blood) and, unless every roll is a double (no choice), chooses before the next player rolls:
  one decision per seat covering both Impostors of a hand (``"3/5"``), a new decision point per
  chooser, announced publicly before the next player acts. The dice are public (rolled at the
  table); the public view shows the face-up hands, the dice and the choices made so far. Timeout:
  the better die (§3.5). A saved game from the simultaneous version resumes with its first open
  seat, the others following in turn.
* K-impl-8: a player who leaves forfeits: Stock and Hand Pot go out of play, their cards go face
  up to the discard piles, they are skipped for the rest of the game. If one player is left they
  win at once. Credits are never returned to a leaver (the whole stake goes to the winner).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.deck import Deck
from engine.core.fair import SeedSource, begin_hand, game_rng
from engine.core.game import Event, IllegalAction
from engine.core.seats import clockwise_from, next_seat
from engine.variants.kessel.cards import (
    FAMILIES,
    Family,
    HandEval,
    evaluate,
    family_cards,
    impostor_families,
    settle,
)
from engine.variants.kessel.events import (
    CardReceived,
    Discarded,
    Drew,
    GameOver,
    HandRevealed,
    ImpostorChosen,
    ImpostorRolled,
    PlayerLeft,
    PlayerOut,
    RoundStarted,
    RoundWon,
    Settled,
    Stood,
    TurnStarted,
)
from engine.variants.kessel.rank import Fix
from engine.variants.kessel.state import KesselOptions, KesselState, Phase, SeatState
from engine.variants.kessel.tokens import TokenError, assign_tokens, playable

SIMULTANEOUS = (Phase.SELECT,)


def new_state(
    players: Sequence[str], buy_in: int, options: Mapping[str, Any], seed: int | SeedSource
) -> tuple[KesselState, list[Event]]:
    """SETUP (§3.1): seats, stake, random starting player, token assignment, first round."""
    if not 2 <= len(players) <= 6:
        raise ValueError("Kessel Sabacc is played by 2 to 6 players")
    if len(set(players)) != len(players):
        raise ValueError("a player can take only one seat")
    if buy_in < 1:
        raise ValueError("the buy-in must be at least 1 credit")
    opts = KesselOptions.parse(options, buy_in, len(players))
    rng = game_rng(seed)
    seats = [SeatState(player=str(p), stock=opts.starting_chips) for p in players]
    st = KesselState(tuple(map(str, players)), int(buy_in), opts, rng, seats)
    st.starter = rng.randrange(len(players))
    events = assign_tokens(st)
    if opts.token_mode == "select":
        st.phase = Phase.SELECT
        return st, events
    return st, events + start_round(st, first=True)


def start_round(st: KesselState, *, first: bool = False) -> list[Event]:
    """ROUND_START (§3.3): shuffle both piles, start the discards, deal, reset round state."""
    if not first:
        nxt = next_seat(st.starter, st.n, lambda s: not st.seats[s].out)
        assert nxt is not None
        st.starter = nxt
    st.round_no += 1
    begin_hand(st.rng, st.round_no)
    st.order = [s for s in clockwise_from(st.starter, st.n) if not st.seats[s].out]
    st.draw = {}
    for fam in FAMILIES:
        st.draw[fam] = Deck.shuffled(family_cards(fam), st.rng)
    st.discard = {fam: [st.draw[fam].draw_one()] for fam in FAMILIES}
    for seat in st.seats:
        seat.hand, seat.hand_pot, seat.history, seat.immune = [], 0, [], False
    events: list[Event] = []
    for s in st.order:
        st.seats[s].hand = [st.draw[fam].draw_one() for fam in FAMILIES]
        st.seats[s].rounds_played += 1
        events += [CardReceived(s, c.notation) for c in st.seats[s].hand]
    st.fix, st.embargoed, st.t, st.cursor = Fix(), None, 1, 0
    st.rolls, st.chosen = {}, {}
    tops = [st.discard[f][-1].notation for f in FAMILIES]
    events.insert(0, RoundStarted(st.round_no, st.seats[st.starter].player, *tops))
    events.append(TurnStarted(st.round_no, 1))
    return events + begin_card_turn(st)


def can_draw(st: KesselState, seat: int) -> bool:
    """Whether the current seat may DRAW now at all (ignoring which pile)."""
    me = st.seats[seat]
    return not st.forced and (me.stock >= 1 or st.free_draw)


def draw_sources(st: KesselState) -> list[tuple[Family, bool]]:
    """Piles that can be drawn from now: ``(family, from_discard)``."""
    return [(fam, disc) for disc in (False, True) for fam in FAMILIES if st.can_take(fam, disc)]


def begin_card_turn(st: KesselState) -> list[Event]:
    """Open the current seat's card turn (token window, Embargo mark, K-impl-6)."""
    st.phase = Phase.CARD_TURN
    st.token_played = st.free_draw = st.acted = False
    st.forced = st.embargoed == st.current
    if st.forced:
        st.embargoed = None
    seat = st.current
    if st.judge_mode:
        return []
    # (the cheap test first: a seat that can draw never needs its token plays listed here)
    if not (can_draw(st, seat) and draw_sources(st)) and not playable(st, seat):
        return stand(st, seat, "embargo" if st.forced else "no_chips")
    return []


def _check_turn(st: KesselState, seat: int) -> None:
    if st.phase is not Phase.CARD_TURN or st.current != seat or st.acted:
        raise IllegalAction("not_your_card_turn")


def stand(st: KesselState, seat: int, forced: str = "") -> list[Event]:
    """STAND (§3.4); ``forced`` says why it was forced (``embargo``, ``no_chips``)."""
    _check_turn(st, seat)
    st.seats[seat].history.append("stand")
    if not forced and st.forced:
        forced = "embargo"
    return [Stood(st.seats[seat].player, forced), *end_card_turn(st)]


def draw(st: KesselState, seat: int, family: Family, from_discard: bool) -> list[Event]:
    """DRAW (§3.4): pay 1 chip (0 with Free Draw), take the top card; then KEEP."""
    _check_turn(st, seat)
    me = st.seats[seat]
    if st.forced:
        raise TokenError("embargoed")
    if me.stock < 1 and not st.free_draw:
        raise TokenError("insufficient_stock")
    if not st.can_take(family, from_discard):
        raise TokenError("empty_pile", family=family.value, discard=from_discard)
    paid = 0 if st.free_draw else 1
    me.stock -= paid
    me.hand_pot += paid
    card = st.take(family, from_discard)
    st.drawn, st.acted, st.phase = card, True, Phase.KEEP
    me.history.append("draw")
    shown = card.notation if from_discard else None
    events: list[Event] = [Drew(me.player, family, from_discard, shown, paid)]
    if not from_discard:
        events.append(CardReceived(seat, card.notation))
    return events


def keep(st: KesselState, seat: int, which: str) -> list[Event]:
    """DISCARD_CHOICE (§3.4): keep the ``drawn`` or the ``held`` card of the drawn family."""
    if st.phase is not Phase.KEEP or st.current != seat or st.drawn is None:
        raise IllegalAction("no_drawn_card")
    if which not in ("drawn", "held"):
        raise IllegalAction("keep_drawn_or_held")
    me, drawn = st.seats[seat], st.drawn
    idx = FAMILIES.index(drawn.family)
    held = me.hand[idx]
    if which == "drawn":
        me.hand[idx], gone = drawn, held
    else:
        gone = drawn
    st.discard[drawn.family].append(gone)
    st.drawn = None
    return [Discarded(me.player, gone.notation), *end_card_turn(st)]


def _turn_action(seat: SeatState, t: int) -> str | None:
    return seat.history[t - 1] if len(seat.history) >= t else None


def end_card_turn(st: KesselState) -> list[Event]:
    """After a card action: next card turn, next turn, or the reveal (§3.4, K-8)."""
    players = st.round_players()
    if st.options.all_stand_rule == "consecutive" and all(st.seats[p].in_stand for p in players):
        return reveal(st)
    later = [i for i in range(st.cursor + 1, len(st.order)) if not st.seats[st.order[i]].out]
    # In play both tests agree; a judge scenario may state the history of the others instead.
    done = all(len(st.seats[p].history) >= st.t for p in players)
    if later and not done:
        st.cursor = later[0]
        return begin_card_turn(st)
    if all(_turn_action(st.seats[p], st.t) == "stand" for p in players) or st.t >= 3:
        return reveal(st)
    st.t += 1
    st.cursor = st.order.index(players[0])
    return [TurnStarted(st.round_no, st.t), *begin_card_turn(st)]


def reveal(st: KesselState) -> list[Event]:
    """REVEAL + IMPOSTOR_RESOLUTION (§3.5, K-34, K-impl-7)."""
    if st.judge_mode:
        st.phase = Phase.REVEAL
        return []
    st.rolls, st.chosen = {}, {}
    return resolve_impostors(st)


def resolve_impostors(st: KesselState) -> list[Event]:
    """Roll the next Impostors clockwise from the starting player (Sand before Blood) until a
    player has a choice to make (phase IMPOSTOR, that seat pending); settle when none is left.

    Seats already rolled are not rolled again, so this resumes after a choice or a leaver.
    """
    events: list[Event] = []
    for p in st.round_players():
        seat = st.seats[p]
        fams = [] if st.fix.major_fraud else impostor_families(seat.hand)
        for fam in fams:
            if fam in st.rolls.get(p, {}) or fam in st.chosen.get(p, {}):
                continue
            dice = (st.rng.randint(1, 6), st.rng.randint(1, 6))
            st.rolls.setdefault(p, {})[fam] = dice
            if dice[0] == dice[1]:  # a double: no choice
                st.chosen.setdefault(p, {})[fam] = dice[0]
                events.append(ImpostorChosen(seat.player, fam, dice[0], dice))
            else:
                events.append(ImpostorRolled(seat.player, fam, dice))
        if st.open_rolls(p):
            st.phase = Phase.IMPOSTOR
            return events
    return events + settle_round(st)


def choose_impostors(st: KesselState, seat: int, values: Mapping[Family, int]) -> list[Event]:
    """The current chooser sets its open Impostor(s) to one of the rolled dice each; the next
    player then rolls (K-34)."""
    rolls = st.open_rolls(seat) if st.impostor_chooser == seat else {}
    if not rolls:
        raise IllegalAction("no_impostor")
    if set(values) != set(rolls) or any(values[f] not in rolls[f] for f in rolls):
        raise IllegalAction("pick_impostor_dice")
    st.chosen.setdefault(seat, {}).update(values)
    name = st.seats[seat].player
    events: list[Event] = [
        ImpostorChosen(name, f, values[f], rolls[f]) for f in FAMILIES if f in values
    ]
    return events + resolve_impostors(st)


def round_won(st: KesselState, evals: Mapping[int, HandEval], winners: Sequence[int]) -> RoundWon:
    """The round's result: why the best hand won (a tie has no reason), beside the best losing
    hand where the reason compares with it, and the tokens in force."""
    best = evals[winners[0]]
    losers = sorted((e for p, e in evals.items() if p not in winners), key=lambda e: e.rank_key)
    runner_up = None
    if len(winners) > 1:
        why = ""
    elif not losers:
        why = "alone"
    elif best.is_sabacc and not losers[0].is_sabacc:
        why = "sabacc"
    elif best.is_sabacc:
        why, runner_up = "sabacc_order", losers[0]
    elif best.difference < losers[0].difference:
        why = "difference"
    else:
        why, runner_up = "lower_cards", losers[0]
    names = tuple(st.seats[w].player for w in winners)
    return RoundWon(st.round_no, names, best, why, runner_up, st.fix)


def settle_round(st: KesselState) -> list[Event]:
    """Evaluate, settle, eliminate (§3.6), then the next round or the game end (§3.7)."""
    players = st.round_players()
    evals = {p: evaluate(st.seats[p].hand, st.fix, st.chosen.get(p)) for p in players}
    stocks = {p: st.seats[p].stock for p in players}
    pots = {p: st.seats[p].hand_pot for p in players}
    result = settle(evals, stocks, pots)
    reveal: list[HandRevealed | RoundWon] = [
        HandRevealed(st.seats[p].player, tuple(c.notation for c in st.seats[p].hand), evals[p])
        for p in players
    ]
    reveal.append(round_won(st, evals, result.winners))
    events: list[Event] = list(reveal)
    for p in players:
        seat, won = st.seats[p], p in result.winners
        pot = pots[p]
        events.append(
            Settled(seat.player, won, pot, result.tax[p], result.taken[p], result.stock_after[p])
        )
        seat.stock, seat.hand_pot = result.stock_after[p], 0
        if won:
            seat.rounds_won += 1
            seat.biggest_pot = max(seat.biggest_pot, pot)
        if evals[p].score > seat.best_score:
            seat.best_score, seat.best_hand = evals[p].score, evals[p].key
    for p in result.eliminated:
        st.seats[p].out = True
        events.append(PlayerOut(st.seats[p].player))
    st.last_winners = list(result.winners)
    st.last_reveal = tuple(reveal)
    st.fix, st.embargoed, st.rolls = Fix(), None, {}
    for seat in st.seats:
        seat.immune, seat.history = False, []
    remaining = st.active()
    if len(remaining) >= 2:
        return events + start_round(st)
    return events + finish(st, remaining or list(result.winners))


def finish(st: KesselState, winners: Sequence[int]) -> list[Event]:
    """GAME_OVER: the Sabacc Pot (buy-in × seats) to the winner(s) (§3.7, K-37)."""
    pot = st.buy_in * st.n
    st.payout = {i: 0 for i in range(st.n)}
    if winners:
        share, rest = divmod(pot, len(winners))
        for w in winners:
            st.payout[w] = share
        for s in clockwise_from(st.starter, st.n):
            if rest and s in winners:
                st.payout[s] += 1
                rest -= 1
    st.phase = Phase.OVER
    return [GameOver(tuple(st.seats[w].player for w in winners), pot)]


def leave(st: KesselState, seat: int) -> list[Event]:
    """The player forfeits (K-impl-8)."""
    me = st.seats[seat]
    if st.phase is Phase.OVER or me.left:
        return []
    was_out = me.out
    me.left = me.out = True
    events: list[Event] = [PlayerLeft(me.player)]
    if was_out:
        return events
    me.stock = me.hand_pot = 0
    for card in me.hand:
        st.discard[card.family].append(card)
    me.hand = []
    if st.embargoed == seat:
        st.embargoed = None
    st.rolls.pop(seat, None)
    st.chosen.pop(seat, None)
    remaining = st.active()
    if len(remaining) == 1:
        return events + finish(st, remaining)
    if st.phase is Phase.SELECT:
        if all(st.seats[s].selected for s in remaining):
            events += start_round(st, first=True)
    elif st.phase is Phase.IMPOSTOR:
        events += resolve_impostors(st)  # the next chooser, if the leaver was choosing
    elif st.order and st.current == seat:
        if st.drawn is not None:
            st.discard[st.drawn.family].append(st.drawn)
            st.drawn = None
        st.prime_dice = None
        events += end_card_turn(st)
    return events
