"""Classic settlement edge cases beyond the public vectors (§5.4, §5.5, CL-8, CL-20, CL-21)."""

from __future__ import annotations

from bot.words import events_lines
from engine.variants.classic.cards import parse_hand
from engine.variants.classic.settle import ListDrawer, Settlement, explain, settle


def run(
    hands: dict[str, list[str]],
    contrib: dict[str, int],
    caller: str | None = "A",
    draws: tuple[str, ...] = (),
    sabacc: int = 10,
) -> Settlement[str]:
    order = list(contrib)
    stock = dict.fromkeys(order, 100)
    parsed = {p: parse_hand(h) for p, h in hands.items()}
    return settle(order, parsed, contrib, stock, sabacc, caller, ListDrawer(parse_hand(draws)))


def test_caller_busting_in_sudden_demise_is_penalised() -> None:
    r = run(
        {"A": ["coins:10", "sabers:10"], "B": ["flasks:12", "staves:8"]},
        {"A": 10, "B": 10},
        draws=("coins:5", "coins:1"),
    )
    assert r.winners == ["B"] and r.busted_in_sudden_demise == ["A"]
    assert r.bombed_out == ["A"] and r.penalties == {"A": 20}


def test_sudden_demise_winner_keeps_sabacc_qualification_cl21() -> None:
    r = run(
        {"A": ["coins:15", "sabers:8"], "B": ["flasks:15", "staves:8"]},
        {"A": 10, "B": 10},
        draws=("queen", "star"),
    )
    assert r.winners == ["A"] and r.sabacc_winners == ["A"] and r.sabacc_payouts["A"] == 10


def test_drawn_idiots_array_breaks_the_tie_but_wins_no_sabacc_pot_cl21() -> None:
    r = run(
        {"A": ["idiot", "coins:2"], "B": ["coins:1", "sabers:1"]},
        {"A": 10, "B": 10},
        draws=("coins:3", "flasks:1"),
    )
    assert r.winners == ["A"] and r.sabacc_winners == [] and r.sabacc_pot_after == 10
    assert r.sudden_demise[0].evals["A"].category == "idiots_array"


def test_sudden_demise_cards_stay_for_side_pots() -> None:
    r = run(
        {
            "A": ["coins:9", "sabers:9"],  # 18, short all-in
            "B": ["coins:10", "sabers:10"],  # 20
            "C": ["flasks:12", "staves:8"],  # 20
        },
        {"A": 5, "B": 20, "C": 20},
        caller=None,
        draws=("coins:1", "coins:2"),
    )
    assert [p.winners for p in r.pots] == [["C"], ["C"]]
    assert len(r.sudden_demise) == 1  # side pot compared the augmented hands (21 vs 22)
    assert r.hands["B"][-1].notation == "coins:1"


def test_reason_lines() -> None:
    def reason(a: list[str], b: list[str], draws: tuple[str, ...] = ()) -> str:
        decided = explain(run({"A": a, "B": b}, {"A": 5, "B": 5}, draws=draws), str)
        (line,) = events_lines("classic", [decided])
        return line

    assert "negative" in reason(["evil_one", "endurance", "coins:3"], ["sabers:15", "coins:5"])
    assert "closer" in reason(["coins:11", "flasks:11"], ["sabers:15", "staves:6"])
    assert "outranks" in reason(["queen", "queen"], ["coins:11", "flasks:11"])
    assert "Sudden Demise" in reason(
        ["coins:10", "sabers:10"], ["flasks:12", "staves:8"], ("coins:1", "star")
    )
    assert "tie stands" in reason(["coins:10", "sabers:10"], ["flasks:12", "staves:8"])
    assert "only valid hand" in reason(["coins:10", "sabers:10"], ["queen", "coins:2"])
    assert "No valid hand" in reason(["coins:15", "sabers:10"], ["queen", "coins:2"])
