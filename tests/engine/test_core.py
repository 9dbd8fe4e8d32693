import random

from engine.core.deck import Deck, EmptyDeck
from engine.core.seats import clockwise_from, first_from, next_seat


def test_stacked_deck_deals_in_order() -> None:
    d = Deck.stacked([1, 2, 3, 4])
    assert d.draw_one() == 1
    assert d.draw(2) == [2, 3]
    assert len(d) == 1


def test_empty_deck_raises() -> None:
    d: Deck[int] = Deck.stacked([])
    try:
        d.draw_one()
    except EmptyDeck:
        pass
    else:
        raise AssertionError("expected EmptyDeck")


def test_shuffle_is_deterministic_per_seed() -> None:
    a = Deck.shuffled(range(50), random.Random(7)).top_first()
    random.seed(12345)  # disturbing the global RNG changes nothing
    b = Deck.shuffled(range(50), random.Random(7)).top_first()
    assert a == b and sorted(a) == list(range(50)) and a != list(range(50))


def test_seat_rotation() -> None:
    assert list(clockwise_from(2, 4)) == [2, 3, 0, 1]
    assert next_seat(3, 4, lambda s: s != 0) == 1
    assert first_from(1, 3, lambda s: s == 1) == 1
    assert next_seat(0, 3, lambda s: False) is None


def test_docstring_examples_of_the_core_hold() -> None:
    import doctest
    import importlib
    import pkgutil

    import engine.core

    for info in pkgutil.iter_modules(engine.core.__path__, "engine.core."):
        result = doctest.testmod(importlib.import_module(info.name))
        assert result.failed == 0, info.name


def test_docstring_examples_of_every_engine_module_hold() -> None:
    # The core's, Corellian Spike's and a few others' are run above and by their variants'
    # tests; this walks every module of the engine, so a shared helper's examples (the two-pot
    # family's concede and whole_option, the bots' common reads, replay, record) run too.
    import doctest
    import importlib
    import pkgutil

    import engine

    attempted = 0
    for info in pkgutil.walk_packages(engine.__path__, "engine."):
        result = doctest.testmod(importlib.import_module(info.name))
        assert result.failed == 0, info.name
        attempted += result.attempted
    assert attempted > 100  # the walk reached the packages' modules
