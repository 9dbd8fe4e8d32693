"""The plumbing the two-pot family writes once: the stacked test pile, the first hand's hooks,
the conceded hand and the showdown's orphan layer."""

from __future__ import annotations

import pytest

from engine.core.deck import Deck
from engine.core.pots import distribute, showdown_pots
from engine.variants.centran import CentranGame
from engine.variants.classic import ClassicGame
from engine.variants.classic.flow import stacked_deck as classic_pile
from engine.variants.corellian_spike.flow import stacked_deck as spike_pile
from engine.variants.project import ProjectGame
from engine.variants.twopot.settle import concede


def test_stacked_over_deals_the_top_then_the_rest_in_deck_order() -> None:
    assert Deck.stacked_over(["b", "x"], ["a", "x", "b", "x"]).top_first() == ["b", "x", "a", "x"]


@pytest.mark.parametrize("top", [["z"], ["a", "a"]])
def test_stacked_over_refuses_a_card_the_deck_has_not(top: list[str]) -> None:
    with pytest.raises(ValueError, match="not in the deck"):
        Deck.stacked_over(top, ["a", "b"])


def test_each_variant_pile_counts_its_own_copies() -> None:
    two_sylops = spike_pile(["sylop", "sylop"]).top_first()
    assert [c.notation for c in two_sylops[:2]] == ["sylop", "sylop"] and len(two_sylops) == 62
    with pytest.raises(ValueError):
        spike_pile(["sylop", "sylop", "sylop"])
    assert len(classic_pile(["queen#1", "queen#2"]).top_first()) == 76
    with pytest.raises(ValueError):
        classic_pile(["queen"])  # a special card needs its copy index


@pytest.mark.parametrize(
    ("game", "hooks", "first", "deals"),
    [
        (ClassicGame, {"start_seat": 1}, "start_seat", True),
        (CentranGame, {"dealer": 1}, "dealer", True),
        (ProjectGame, {"dealer": 1}, "dealer", False),  # the Project deals after OPEN_BET
    ],
)
def test_the_shared_first_hand_takes_each_variant_hooks(
    game: type[ClassicGame] | type[CentranGame] | type[ProjectGame],
    hooks: dict[str, int],
    first: str,
    deals: bool,
) -> None:
    table = game.create(["ann", "bo", "cy"], buy_in=500, seed=4, deck=["coins:2"], **hooks)
    st = table.state
    assert getattr(st, first) == 1 and st.hand_no == 1
    dealt = [card.notation for hand in st.hands for card in hand]
    pile = [card.notation for card in st.draw.top_first()]
    if deals:  # the stacked card is dealt, not left on the pile
        assert "coins:2" in dealt and "coins:2" not in pile
    else:  # nothing dealt yet: the stacked card waits on top of the pile
        assert dealt == [] and pile[0] == "coins:2"
    with pytest.raises(TypeError):
        game.create(["ann", "bo"], buy_in=500, seed=4, no_such_hook=1)


def test_a_conceded_hand_gives_every_layer_to_the_winner() -> None:
    hand = concede(["A", "B", "C"], "B", {"A": 9, "B": 6, "C": 2}, {"A": 1, "B": 0, "C": 5}, 4)
    assert hand.pot == 17 and hand.sabacc_pot == 4
    assert hand.payouts == {"A": 0, "B": 17, "C": 0}
    assert hand.stock_after == {"A": 1, "B": 17, "C": 5}
    assert sum(layer.amount for layer in hand.layers) == 17
    assert all(layer.eligible in ((), ("B",)) for layer in hand.layers)


def test_an_orphan_top_layer_goes_to_the_live_players() -> None:
    pots = showdown_pots({"A": 0, "B": 0, "C": 6}, ["B", "A"], ["A", "B", "C"])
    assert [(p.amount, p.eligible) for p in pots] == [(6, ("A", "B"))]
    plain = distribute({"A": 0, "B": 0, "C": 6}, ["A", "B"], ["A", "B", "C"], {"A": 1, "B": 2})
    assert plain.unawarded == 6
    shown = distribute(
        {"A": 0, "B": 0, "C": 6}, ["A", "B"], ["A", "B", "C"], {"A": 1, "B": 2}, showdown=True
    )
    assert shown.payouts == {"A": 6, "B": 0, "C": 0} and shown.unawarded == 0
