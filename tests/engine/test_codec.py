"""The generic state codec (:mod:`engine.core.codec`): its type rules, its field metadata, and
every variant's state surviving a JSON round trip at every step of random playouts."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Generic, TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bots.random_legal import random_action
from engine.core.codec import PAIRS, ROWS, Atom, Codec, Shape, key, meta, notation, stored
from engine.core.deck import Deck
from engine.variants import get_variant, variant_ids


class Colour(StrEnum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True, slots=True)
class Chip:
    colour: Colour
    worth: int

    @property
    def notation(self) -> str:
        return f"{self.colour}/{self.worth}"

    @classmethod
    def parse(cls, text: str) -> Chip:
        colour, worth = text.split("/")
        return cls(Colour(colour), int(worth))


@dataclass(slots=True)
class Record:
    played: int = 0
    best: str = ""


@dataclass(slots=True)
class Everything:
    name: str
    colour: Colour
    ratio: float
    maybe: int | None
    pair: tuple[int, str]
    names: tuple[str, ...]
    chips: list[Chip]
    piles: dict[Colour, list[Chip]]
    by_seat: dict[int, dict[str, int]]
    deck: Deck[Chip]
    rng: random.Random
    loose: list[dict[str, Any]]
    records: list[Record] = field(default_factory=list, metadata=meta(shape=ROWS))
    final: dict[int, int] | None = field(default=None, metadata=meta(shape=PAIRS))
    renamed: int = field(default=0, metadata=key("other_name"))
    early: bool = field(default=False, metadata=meta(last=True))
    held: Chip | None = None


CODEC = Codec(Everything, atoms=(notation(Chip, Chip.parse),))


def sample() -> Everything:
    rng = random.Random(4)
    rng.random()
    return Everything(
        name="t",
        colour=Colour.BLUE,
        ratio=0.5,
        maybe=None,
        pair=(3, "x"),
        names=("a", "b"),
        chips=[Chip(Colour.RED, 2)],
        piles={Colour.RED: [Chip(Colour.RED, 1), Chip(Colour.BLUE, 5)]},
        by_seat={0: {"a": 1}, 2: {}},
        deck=Deck.stacked([Chip(Colour.RED, 9), Chip(Colour.BLUE, 8)]),
        rng=rng,
        loose=[{"k": [1, 2]}],
        records=[Record(2, "best"), Record()],
        final={2: 10, 0: 5},
        renamed=7,
        early=True,
        held=Chip(Colour.BLUE, 3),
    )


def test_every_type_rule_writes_the_expected_json() -> None:
    data = CODEC.dump(sample())
    del data["rng"]
    assert data == {
        "name": "t",
        "colour": "blue",
        "ratio": 0.5,
        "maybe": None,
        "pair": [3, "x"],
        "names": ["a", "b"],
        "chips": ["red/2"],
        "piles": {"red": ["red/1", "blue/5"]},
        "by_seat": {"0": {"a": 1}, "2": {}},
        "deck": ["red/9", "blue/8"],  # top card first
        "loose": [{"k": [1, 2]}],
        "records": [[2, "best"], [0, ""]],
        "final": [[0, 5], [2, 10]],  # sorted by key
        "other_name": 7,
        "held": "blue/3",
        "early": True,  # a ``last`` field comes after the others
    }
    assert list(data)[-1] == "early"


def test_round_trip_restores_equal_values_and_the_generator() -> None:
    original = sample()
    again = CODEC.load(json.loads(json.dumps(CODEC.dump(original))))
    assert again.rng.random() == original.rng.random()
    again.rng = original.rng
    assert again.deck.top_first() == original.deck.top_first()
    again.deck = original.deck
    assert again == original
    assert type(again.pair) is tuple and type(again.names) is tuple
    assert type(next(iter(again.by_seat))) is int and next(iter(again.piles)) is Colour.RED


def test_written_json_shares_no_mutable_value_with_the_state() -> None:
    state = sample()
    data = CODEC.dump(state)
    data["chips"].clear()
    data["loose"][0]["k"].append(3)
    data["by_seat"]["0"]["a"] = 99
    assert state.chips and state.loose == [{"k": [1, 2]}] and state.by_seat[0] == {"a": 1}


def test_reading_ignores_unknown_keys_and_defaults_missing_ones() -> None:
    data = CODEC.dump(sample())
    for name in ("records", "final", "other_name", "early", "held"):
        del data[name]
    data["something_new"] = 1
    again = CODEC.load(data)
    assert (again.records, again.final, again.renamed, again.early, again.held) == (
        [],
        None,
        0,
        False,
        None,
    )
    del data["name"]
    with pytest.raises(KeyError):
        CODEC.load(data)


@dataclass(init=False, eq=False)
class OwnInit:
    """A class whose ``__init__`` computes its fields (like ``Betting``)."""

    size: int
    cells: list[int] = field(metadata=key("board"))
    cursor: int | None = None

    def __init__(self, size: int) -> None:
        self.size = size
        self.cells = [0] * size
        self.cursor = None


def test_a_class_with_its_own_init_is_restored_field_by_field() -> None:
    codec = Codec(OwnInit)
    board = OwnInit(3)
    board.cells[1], board.cursor = 5, 2
    assert codec.dump(board) == {"size": 3, "board": [0, 5, 0], "cursor": 2}
    again = codec.load({"size": 3, "board": [0, 5, 0]})  # no cursor: its default
    assert (again.size, again.cells, again.cursor) == (3, [0, 5, 0], None)


def test_custom_shape_and_atom() -> None:
    @dataclass(frozen=True)
    class Rule:
        penalty: int | str = field(
            default="pot",
            metadata=meta(shape=Shape(lambda p: {"fixed": p} if isinstance(p, int) else p, _read)),
        )
        chip: Chip = Chip(Colour.RED, 1)

    codec = Codec(Rule, atoms=(Atom(Chip, lambda c: [c.worth], lambda v: Chip(Colour.RED, v[0])),))
    assert codec.dump(Rule(4)) == {"penalty": {"fixed": 4}, "chip": [1]}
    assert codec.load({"penalty": {"fixed": 4}, "chip": [6]}) == Rule(4, Chip(Colour.RED, 6))
    assert codec.load({"penalty": "pot"}) == Rule()


def _read(raw: Any) -> int | str:
    return raw if isinstance(raw, str) else int(raw["fixed"])


Item = TypeVar("Item")


@dataclass(kw_only=True)
class Base(Generic[Item]):
    first: int = 0
    items: list[Item] = field(default_factory=list)
    skipped: int = 0
    tail: str = ""


@stored("first", "own", "items", "tail", "note", omit=("skipped",))
@dataclass(kw_only=True)
class Derived(Base[Chip]):
    own: bool = False
    note: str | None = field(default=None, metadata=meta(unset=True))


def test_stored_order_interleaves_base_fields_and_type_variables_take_the_subclass_types() -> None:
    codec = Codec(Derived, atoms=(notation(Chip, Chip.parse),))
    obj = Derived(first=1, items=[Chip(Colour.RED, 2)], skipped=5, tail="t", own=True)
    data = codec.dump(obj)
    assert list(data.items()) == [("first", 1), ("own", True), ("items", ["red/2"]), ("tail", "t")]
    obj.note = "n"
    assert list(codec.dump(obj)) == ["first", "own", "items", "tail", "note"]
    back = codec.load(codec.dump(obj))
    assert back.items == [Chip(Colour.RED, 2)] and back.note == "n" and back.skipped == 0


def test_stored_must_name_every_field_once() -> None:
    @stored("first", "items", "tail", "own", "note")  # "skipped" is neither stored nor omitted
    @dataclass(kw_only=True)
    class Forgot(Base[Chip]):
        own: bool = False
        note: str | None = None

    with pytest.raises(TypeError, match="every field once"):
        Codec(Forgot, atoms=(notation(Chip, Chip.parse),))


def test_types_without_a_rule_are_refused_when_the_codec_is_built() -> None:
    @dataclass
    class Odd:
        values: set[int]

    with pytest.raises(TypeError, match="cannot write"):
        Codec(Odd)
    with pytest.raises(TypeError, match="dataclasses"):
        Codec(int)  # type: ignore[arg-type]


def _round_trip_every_step(variant: str, seed: int, steps: int) -> int:
    info = get_variant(variant)
    buy_in = info.buy_in_presets[info.default_preset]
    game = info.create(["a", "b", "c"], buy_in=buy_in, options={}, seed=seed)
    rng = random.Random(seed)
    played = 0
    for _ in range(steps):
        text = json.dumps(game.to_json())
        twin = info.restore(json.loads(text))
        assert json.dumps(twin.to_json()) == text
        if game.finished or not game.pending_seats():
            break
        seat = min(game.pending_seats())
        action = random_action(game, seat, rng)
        assert twin.apply(seat, action) == game.apply(seat, action)
        assert json.dumps(twin.to_json()) == json.dumps(game.to_json())
        played += 1
    return played


@pytest.mark.parametrize("variant", variant_ids())
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_playout_state_round_trips_at_every_step(variant: str, seed: int) -> None:
    assert _round_trip_every_step(variant, seed, steps=120) > 0
