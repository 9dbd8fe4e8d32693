"""The bot's words (``bot.words``): the contract between the engine's facts and the text
players read, and the transition for variants that still write their own words."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from dataclasses import dataclass

import pytest

import bot.words
from bot import words
from bot.errors import user_message
from bot.words.base import Words
from bot.words.reasons import reasons
from engine.core.facts import Fact
from engine.core.game import ActionSpec, IllegalAction, Option


@dataclass(frozen=True, slots=True)
class _Nothing(Fact):
    what: str


def test_docstring_examples_of_the_words_hold() -> None:
    for info in pkgutil.iter_modules(bot.words.__path__, "bot.words."):
        result = doctest.testmod(importlib.import_module(info.name))
        assert result.failed == 0, info.name


def test_a_refusal_is_a_code_with_data_and_the_bot_writes_its_sentence() -> None:
    reasons({"test_too_many": "At most {most} here."})
    exc = IllegalAction("test_too_many", most=3)
    assert (str(exc), exc.reason, exc.data) == ("test_too_many", "test_too_many", {"most": 3})
    assert words.reason_text(exc) == "At most 3 here."
    assert user_message(exc) == "At most 3 here."


def test_a_code_keeps_one_sentence() -> None:
    reasons({"test_once": "Once."})
    reasons({"test_once": "Once."})  # the same sentence again is fine
    with pytest.raises(ValueError, match="two sentences"):
        reasons({"test_once": "Twice."})


def test_a_sentence_the_engine_still_writes_is_shown_as_is() -> None:
    assert words.reason_text(IllegalAction("You can't do that now.")) == "You can't do that now."


@dataclass(frozen=True)
class _Worded(Fact):
    def public_text(self) -> str:
        return "an English line"


def test_a_fact_without_words_is_an_error_not_a_silent_blank() -> None:
    plain = Words()
    with pytest.raises(TypeError, match="_Nothing"):
        plain.event_lines(_Nothing("x"))
    with pytest.raises(TypeError, match="_Nothing"):
        plain.preview(_Nothing("x"))
    with pytest.raises(TypeError, match="_Nothing"):
        plain.hand_name(_Nothing("x"))
    with pytest.raises(TypeError, match="_Nothing"):  # a variant's renderer too
        words.events_lines("classic", [_Nothing("x")])


def test_an_event_writing_its_own_text_is_not_shown_as_it_writes_it() -> None:
    # the engine writes no words: the transition path that showed ``public_text()`` is gone
    with pytest.raises(TypeError, match="_Worded"):
        words.events_lines("kessel", [_Worded()])


def test_controls_carry_facts_computed_when_first_read() -> None:
    calls: list[int] = []

    def later() -> Fact:
        calls.append(1)
        return _Nothing("late")

    spec = ActionSpec("pick", facts=later, options=(Option("a", facts=_Nothing("a")),))
    assert calls == []
    assert spec.facts == _Nothing("late") and spec.facts == _Nothing("late")
    assert calls == [1]
    assert spec.options[0].facts == _Nothing("a")
    assert (spec.label, spec.prompt, spec.options[0].label) == ("", "", "")


def test_each_variant_finds_its_renderer_through_its_one_registration() -> None:
    """The renderer is ``bot/words/<vocabulary>.py`` of the variant's VariantInfo: no second
    list of variants in the bot."""
    import importlib

    from bot.words.base import Words
    from bot.words.registry import module_of, words_for
    from engine.variants import get_variant, variant_ids

    found = {}
    for variant in variant_ids():
        path = module_of(variant)
        vocabulary = get_variant(variant).vocabulary.replace("-", "_")
        if path is None:
            assert type(words_for(variant)) is Words  # still worded by its engine
        else:
            assert path == f"bot.words.{vocabulary}"
            assert words_for(variant) is importlib.import_module(path).WORDS
            found[variant] = path
    assert {"kessel", "classic"} <= set(found)
    assert module_of("no-such-variant") is None
