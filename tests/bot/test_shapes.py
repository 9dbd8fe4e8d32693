"""bot.shapes.conforms answers as isinstance does for the runtime's client protocols."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Protocol, runtime_checkable

from bot.art.emojis import HasEmojis
from bot.art.painter import HasPainter
from bot.shapes import conforms, members
from bot.ui.acting import HasTables
from bot.ui.controls import ClickHandler, HasClicks
from bot.ui.revive import HasClickHandler, HasPrompts


@runtime_checkable
class _Base(Protocol):
    first: int


@runtime_checkable
class _Derived(_Base, Protocol):
    second: str

    def third(self) -> None:
        """A method member."""


PROTOCOLS = (HasTables, HasClicks, HasPrompts, HasClickHandler, HasPainter, HasEmojis, _Derived)
NAMES = ("tables", "presenter", "table_clicks", "prompts", "card_painter", "card_emojis")


def test_members_are_the_declared_public_names() -> None:
    assert members(HasTables) == ("presenter", "tables")
    assert members(ClickHandler) == ("on_action", "on_control")
    assert members(_Derived) == ("first", "second", "third")


def test_conforms_agrees_with_isinstance() -> None:
    objects: list[object] = [object(), None, SimpleNamespace()]
    objects += [SimpleNamespace(**{name: 1}) for name in NAMES]
    objects += [SimpleNamespace(**dict.fromkeys(NAMES, 1))]
    objects += [SimpleNamespace(first=1, second="", third=print), SimpleNamespace(first=1)]
    for protocol in PROTOCOLS:
        for obj in objects:
            assert conforms(obj, protocol) is isinstance(obj, protocol), (protocol, obj)
