"""What a table remembers per change of its game (legal actions, names) answers as the engine
and the seating do now, also after a failed action put the game back."""

from __future__ import annotations

import random

import pytest

from bot.tables.models import Seat, Status, Table
from bot.tables.snapshot import restored_on_failure
from engine.bots.random_legal import random_for_spec
from engine.core.game import Action, ActionSpec
from engine.variants import get_variant, variant_ids


def _table(variant: str) -> Table:
    info = get_variant(variant)
    seats = [Seat(111, "Ann"), Seat(222, "Bob"), Seat(333, "Cy")]
    table = Table(1, 9, 8, info, 111, info.min_buy_in, 60, seats=seats, status=Status.PLAYING)
    players = [s.player_id for s in seats]
    table.game = info.create(players, buy_in=info.min_buy_in, options=dict(info.options), seed=3)
    return table


def _every_seat(table: Table) -> list[tuple[ActionSpec, ...]]:
    return [table.legal_actions(seat) for seat in range(len(table.seats))]


@pytest.mark.parametrize("variant", variant_ids())
def test_legal_actions_follow_the_game_and_its_undo(variant: str) -> None:
    table = _table(variant)
    game = table.game
    assert game is not None
    for _step in range(6):
        if game.finished:
            break
        assert _every_seat(table) == [game.legal_actions(s) for s in range(len(table.seats))]
        seat = min(game.pending_seats())
        before = table.legal_actions(seat)
        action = before[-1].kind  # undone; then another one is played, to the same seq
        with pytest.raises(RuntimeError), restored_on_failure(table):
            game.apply(seat, _plain(before[-1]))
            assert table.legal_actions(seat) == game.legal_actions(seat)
            raise RuntimeError(f"the write of {action} was refused")
        game = table.game  # put back: a new game object, its state as before
        assert game is not None
        assert table.legal_actions(seat) == before == game.legal_actions(seat)
        game.apply(seat, _plain(before[0]))
        assert _every_seat(table) == [game.legal_actions(s) for s in range(len(table.seats))]


def _plain(spec: ActionSpec) -> Action:
    """A legal action of ``spec`` (its choices or amount picked by a seeded generator)."""
    return random_for_spec(spec, random.Random(0))


def test_names_follow_a_renamed_seat() -> None:
    table = _table("kessel")
    assert table.names("111 and bot7 and 222", plain=True) == "Ann and bot7 and Bob"
    assert table.names("111 calls") == "<@111> calls"
    table.seats[0].name = "Annie"
    table.seats.append(Seat(-7, "Droid", "careful"))
    assert table.names("111 and bot7 and 222", plain=True) == "Annie and 🤖 Droid and Bob"
    assert table.names("<@111> 1111 111") == "<@111> 1111 <@111>"
