"""The 16 Shift Tokens (§6): effect, target, immunity, duration and refusal of illegal plays."""

from __future__ import annotations

import pytest

from engine.core.game import IllegalAction
from engine.variants.kessel.state import Phase
from engine.variants.kessel.tokens import TOKEN_IDS, TokenError
from tests.engine.test_kessel_support import act, private, public, specs, stacked, stand_all, texts


def kinds(game, seat):  # type: ignore[no-untyped-def]
    return {a.kind: a for a in specs(game, seat)}


def token_values(game, seat):  # type: ignore[no-untyped-def]
    spec = kinds(game, seat).get("token")
    return [o.value for o in spec.options] if spec else []


def refused(game, seat: int, value: str, code: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(TokenError) as info:
        act(game, seat, "token", value)
    assert info.value.code == code and str(info.value)


def test_sixteen_tokens() -> None:
    assert len(TOKEN_IDS) == 16 and len(set(TOKEN_IDS)) == 16


def test_free_draw() -> None:
    g = stacked(tokens=[["free_draw", "refund", "embargo"]], stock={0: 0}, sand=["sand:5"])
    assert "draw" not in kinds(g, 0)  # Stock 0: no draw without Free Draw
    act(g, 0, "token", "free_draw")
    assert kinds(g, 0)["draw"].label == "Draw (free)"
    refused(g, 0, "refund", "one_token_per_turn")
    events = act(g, 0, "draw", "sand_draw")
    assert "drew from the Sand deck (free draw)" in texts(events)[0]
    act(g, 0, "keep", "drawn")
    me = g.state.seats[0]
    assert me.hand[0].notation == "sand:5" and me.stock == 0 and me.hand_pot == 0
    act(g, 1, "draw", "blood_draw")  # lasts only for the actor's card turn
    assert g.state.seats[1].stock == 5 and g.state.seats[1].hand_pot == 1


def test_refund_and_extra_refund() -> None:
    g = stacked(tokens=[["refund", "extra_refund", "embargo"]])
    g.state.seats[0].hand_pot, g.state.seats[0].stock = 3, 2
    act(g, 0, "token", "refund")
    assert (g.state.seats[0].stock, g.state.seats[0].hand_pot) == (4, 1)
    refused(g, 0, "extra_refund", "one_token_per_turn")
    g2 = stacked(tokens=[["refund", "extra_refund", "embargo"]])
    g2.state.seats[0].hand_pot, g2.state.seats[0].stock = 3, 1
    act(g2, 0, "token", "extra_refund")
    assert (g2.state.seats[0].stock, g2.state.seats[0].hand_pot) == (4, 0)
    g3 = stacked(tokens=[["refund", "extra_refund", "embargo"]])
    act(g3, 0, "token", "extra_refund")  # nothing to return: legal, no effect, spent
    assert g3.state.seats[0].stock == 6 and "extra_refund" not in g3.state.seats[0].tokens


def test_embezzlement_skips_empty_and_immune() -> None:
    g = stacked(4, tokens=[["embezzlement", "refund", "embargo"]])
    for seat, pot in enumerate((1, 2, 0, 1)):
        g.state.seats[seat].hand_pot = pot
    g.state.seats[3].immune = True
    events = act(g, 0, "token", "embezzlement")
    assert [s.hand_pot for s in g.state.seats] == [2, 1, 0, 1]
    assert "dan immune" in texts(events)[0]


def test_general_tariff_floors_and_never_eliminates() -> None:
    g = stacked(4, tokens=[["general_tariff", "refund", "embargo"]], stock={1: 3, 2: 0, 3: 4})
    g.state.seats[3].immune = True
    act(g, 0, "token", "general_tariff")
    assert [s.stock for s in g.state.seats] == [6, 2, 0, 4]
    assert not g.state.seats[2].out


def test_target_tariff_target_and_immunity() -> None:
    g = stacked(tokens=[["target_tariff", "refund", "embargo"]], stock={1: 1})
    g.state.seats[2].immune = True
    assert [v for v in token_values(g, 0) if v.startswith("target_tariff")] == ["target_tariff:1"]
    refused(g, 0, "target_tariff:2", "target_immune")
    refused(g, 0, "target_tariff:0", "target_self")
    assert "target_tariff" in g.state.seats[0].tokens  # not spent
    act(g, 0, "token", "target_tariff:1")
    assert g.state.seats[1].stock == 0 and not g.state.seats[1].out


def test_general_audit_only_players_in_stand() -> None:
    g = stacked(tokens=[["general_audit", "refund", "embargo"]], stock={1: 4, 2: 4})
    g.state.seats[1].history, g.state.seats[2].history = ["stand"], ["draw"]
    act(g, 0, "token", "general_audit")
    assert [s.stock for s in g.state.seats] == [6, 2, 4]


def test_target_audit_needs_a_player_in_stand() -> None:
    g = stacked(tokens=[["target_audit", "refund", "embargo"]], stock={1: 5})
    g.state.seats[1].history, g.state.seats[2].history = ["stand"], ["draw"]
    assert [v for v in token_values(g, 0) if v.startswith("target_audit")] == ["target_audit:1"]
    refused(g, 0, "target_audit:2", "target_not_in_stand")
    act(g, 0, "token", "target_audit:1")
    assert g.state.seats[1].stock == 2


def test_general_audit_as_first_actor_has_no_effect() -> None:
    g = stacked(tokens=[["general_audit", "refund", "embargo"]])
    assert "target_audit" not in " ".join(token_values(g, 0))
    act(g, 0, "token", "general_audit")
    assert [s.stock for s in g.state.seats] == [6, 6, 6]


def test_prime_sabacc_choice_replacement_and_duration() -> None:
    g = stacked(tokens=[["prime_sabacc", "refund", "embargo"]], seed=3)
    act(g, 0, "token", "prime_sabacc")
    st = g.state
    if st.phase is Phase.PRIME:
        assert g.pending_seats() == {0}
        assert st.prime_dice is not None
        value = st.prime_dice[1]
        with pytest.raises(IllegalAction):
            act(g, 0, "prime", "7")
        act(g, 0, "prime", str(value))
    value = st.fix.prime
    assert value is not None and st.phase is Phase.CARD_TURN
    info = dict(public(g).info)
    assert f"Prime Sabacc {value}" in info["Tokens in force"]
    # a later Prime Sabacc (by bob) replaces it
    act(g, 0, "stand")
    st.rng.seed(11)
    act(g, 1, "token", "prime_sabacc")
    if st.phase is Phase.PRIME:
        assert st.prime_dice is not None
        act(g, 1, "prime", str(st.prime_dice[0]))
    assert len([e for e in st.fix.entries if e[0] == "prime_sabacc"]) == 1
    stand_all(g, [1, 2])  # everyone stood in turn 1: reveal; the Fix ends with it
    assert st.round_no == 2 and st.fix.prime is None


def test_markdown_turns_sylop_hands_into_nulhrek() -> None:
    hands = {0: ["sand:sylop", "blood:4"], 1: ["sand:2", "blood:3"], 2: ["sand:6", "blood:1"]}
    g = stacked(tokens=[["markdown", "refund", "embargo"]], hands=hands)
    assert "4/4 GENERAL SABACC" in private(g, 0).notes[0]
    act(g, 0, "token", "markdown")
    assert "0/4 NULHREK" in private(g, 0).notes[0]
    events = stand_all(g, [0, 1, 2])
    lines = texts(events)
    assert any("bob wins round 1" in t for t in lines)
    assert g.state.fix.entries == ()  # cleared for round 2


def test_cook_the_books_inverts_and_second_copy_is_a_noop() -> None:
    hands = {0: ["sand:6", "blood:6"], 1: ["sand:1", "blood:1"], 2: ["sand:1", "blood:2"]}
    g = stacked(tokens=[["cook_the_books", "refund", "embargo"]], hands=hands)
    act(g, 0, "token", "cook_the_books")
    act(g, 0, "stand")
    events = act(g, 1, "token", "cook_the_books")
    assert "already in force" in texts(events)[0]
    assert dict(public(g).info)["Sabacc order"].startswith("6/6 > 5/5")
    events = act(g, 1, "stand") + act(g, 2, "stand")
    assert any("ann wins round 1" in t for t in texts(events))
    assert [s.stock for s in g.state.seats] == [6, 5, 5]


def test_major_fraud_sets_impostors_to_six_without_dice() -> None:
    hands = {0: ["sand:impostor", "blood:6"], 1: ["sand:5", "blood:4"], 2: ["sand:2", "blood:4"]}
    g = stacked(tokens=[["major_fraud", "refund", "embargo"]], hands=hands)
    act(g, 0, "token", "major_fraud")
    events = stand_all(g, [0, 1, 2])
    assert not any(" rolls " in t for t in texts(events))
    assert any("6/6 Cheap Sabacc" in t for t in texts(events))
    assert g.state.round_no == 2


def test_embargo_forces_the_next_player_to_stand() -> None:
    g = stacked(tokens=[["embargo", "refund", "immunity"]])
    events = act(g, 0, "token", "embargo")
    assert "bob must stand" in texts(events)[0]
    act(g, 0, "draw", "sand_draw")
    act(g, 0, "keep", "held")
    acts = kinds(g, 1)
    assert "draw" not in acts and acts["stand"].label == "Stand (Embargo)" and "token" in acts
    with pytest.raises(IllegalAction):
        act(g, 1, "draw", "sand_draw")
    assert "stands (Embargo)" in texts(act(g, 1, "stand"))[0]
    assert "draw" in kinds(g, 2)


def test_embargo_on_immune_or_without_a_next_card_turn_does_nothing() -> None:
    g = stacked(tokens=[["embargo", "refund", "immunity"]])
    g.state.seats[1].immune = True
    assert "immune; no effect" in texts(act(g, 0, "token", "embargo"))[0]
    assert g.state.embargoed is None
    g2 = stacked(tokens=[["embargo", "refund", "immunity"]])
    g2.state.t, g2.state.cursor = 3, 2  # cat is the last actor of turn 3
    assert "no effect" in texts(act(g2, 2, "token", "embargo"))[0]
    assert g2.state.embargoed is None


def test_immunity_blocks_later_tokens_but_not_fix_tokens() -> None:
    g = stacked(tokens=[["immunity", "general_tariff", "target_tariff"]])
    act(g, 0, "token", "immunity")
    act(g, 0, "stand")
    assert "target_tariff:0" not in token_values(g, 1)
    refused(g, 1, "target_tariff:0", "target_immune")
    act(g, 1, "token", "general_tariff")
    assert [s.stock for s in g.state.seats] == [6, 6, 5]
    stand_all(g, [1, 2])
    assert not any(s.immune for s in g.state.seats)  # until the end of the reveal only


def test_exhaustion_replaces_the_target_hand() -> None:
    hands = {1: ["sand:1", "blood:6"]}
    g = stacked(
        tokens=[["exhaustion", "refund", "embargo"]],
        hands=hands,
        sand=["sand:4"],
        blood=["blood:2"],
    )
    assert "exhaustion:0" not in token_values(g, 0)
    refused(g, 0, "exhaustion:0", "target_self")
    events = act(g, 0, "token", "exhaustion:1")
    public = " ".join(texts(events))
    assert "Sand 4" not in public and "sand:4" not in public
    assert [c.notation for c in g.state.seats[1].hand] == ["sand:4", "blood:2"]
    assert [g.state.discard[f][-1].notation for f in g.state.discard] == ["sand:1", "blood:6"]
    assert g.state.seats[1].history == [] and g.state.seats[1].stock == 6


def test_direct_transaction_swaps_cards_not_chips() -> None:
    hands = {0: ["sand:2", "blood:5"], 2: ["sand:6", "blood:6"]}
    g = stacked(tokens=[["direct_transaction", "refund", "embargo"]], hands=hands)
    g.state.seats[0].hand_pot, g.state.seats[2].hand_pot = 1, 2
    act(g, 0, "token", "direct_transaction:2")
    assert [c.notation for c in g.state.seats[0].hand] == ["sand:6", "blood:6"]
    assert [c.notation for c in g.state.seats[2].hand] == ["sand:2", "blood:5"]
    assert (g.state.seats[0].hand_pot, g.state.seats[2].hand_pot) == (1, 2)


def test_token_window_closes_after_the_card_action() -> None:
    g = stacked(tokens=[["refund", "general_tariff", "embargo"]])
    act(g, 0, "draw", "sand_draw")
    refused(g, 0, "refund", "token_window_closed")
    with pytest.raises(IllegalAction, match="not_your_turn"):
        act(g, 1, "token", "refund")
    refused(stacked(tokens=[["refund", "general_tariff", "embargo"]]), 0, "markdown", "not_held")
