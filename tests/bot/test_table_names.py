"""Names in labels: each engine player id becomes its own seat's name, once; a name is never
read again as an id (a nickname may be another member's user id)."""

from __future__ import annotations

from bot.tables.models import Seat, Table
from bot.ui.pickers import plain_spec
from engine.core.game import ActionSpec, Option, ParamKind
from engine.variants import get_variant

ALICE, BOB = 111111111111111111, 222222222222222222


def table_of(*seats: Seat) -> Table:
    return Table(
        id=1,
        guild_id=1,
        channel_id=1,
        variant=get_variant("kessel"),
        host_id=ALICE,
        buy_in=90,
        turn_timeout=60,
        seats=list(seats),
    )


def test_a_nickname_that_is_another_members_id_stays_a_name() -> None:
    table = table_of(Seat(ALICE, str(BOB)), Seat(BOB, "Bob"), Seat(-1, "IG-88", "bold"))
    picker = ActionSpec(
        "token",
        f"Play a token on {BOB}…",
        param=ParamKind.CHOICE,
        options=(
            Option(str(ALICE), f"Target {ALICE}", f"{ALICE} has 3 chips"),
            Option(str(BOB), f"Target {BOB}", f"{BOB} has 5 chips"),
            Option("bot1", "Target bot1", "bot1 has 4 chips"),
        ),
    )
    shown = plain_spec(table, picker)
    assert shown.label == "Play a token on Bob…"
    assert [o.label for o in shown.options] == [f"Target {BOB}", "Target Bob", "Target 🤖 IG-88"]
    assert shown.options[0].description == f"{BOB} has 3 chips"  # alice's own nickname
    assert shown.options[1].description == "Bob has 5 chips"
    # In embeds (mentions), alice is still alice.
    assert table.names(f"{ALICE} beats {BOB}") == f"<@{ALICE}> beats <@{BOB}>"


def test_mentions_and_longer_ids_are_left_alone() -> None:
    table = table_of(Seat(ALICE, "Alice"), Seat(BOB, "Bob"))
    text = f"<@{ALICE}> and {ALICE}0 and {BOB}"
    assert table.names(text, plain=True) == f"<@{ALICE}> and {ALICE}0 and Bob"
