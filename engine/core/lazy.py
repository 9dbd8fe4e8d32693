"""Values computed when first read: the labels, facts and previews of :mod:`engine.core.game`'s
action descriptions cost nothing until a picker is shown or a bot reads them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from engine.core.facts import Fact

T = TypeVar("T")

Text = str | Callable[[], str]
"""A text given as is, or as a function computing it when first read (see :class:`LazyText`)."""

FactOrLazy = Fact | Callable[[], Fact] | None
"""Facts given as is, or as a function computing them when first read (see :class:`LazyFact`)."""


class _Lazy:
    """A field of a frozen dataclass that may be given as a zero-argument function.

    The function runs when the field is first read, and its result replaces it. A function must
    compute from values it captured when the spec was built, never from the live state (the
    value must not depend on when it is read).
    """

    __slots__ = ("default", "slot")

    def __init__(self, default: Any = None) -> None:
        self.default = default
        self.slot = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.slot = f"_{name}"

    def _read(self, obj: object | None) -> Any:
        if obj is None:  # the dataclass asks for the field's default
            return self.default
        value = obj.__dict__[self.slot]
        if callable(value):
            value = value()
            obj.__dict__[self.slot] = value
        return value

    def __set__(self, obj: object, value: Any) -> None:
        obj.__dict__[self.slot] = value


class LazyText(_Lazy):
    """A text field (reading it always gives a ``str``); ``legal_actions`` of a variant that
    still writes its own words describes every option this way, so a decision costs no label
    or preview until someone shows a picker or a bot reads one."""

    __slots__ = ()

    def __init__(self, default: str = "") -> None:
        super().__init__(default)

    def __get__(self, obj: object | None, owner: type) -> str:
        text: str = self._read(obj)
        return text


Rows = tuple[tuple[str, str], ...]
RowsOrLazy = Rows | Callable[[], Rows]
"""Rows of ``(name, value)`` texts given as is, or as a function computing them when first
read (see :class:`LazyRows`)."""


class LazyRows(_Lazy):
    """A field of ``(name, value)`` text rows (a view's info): the bot's words for a variant
    may give them as a function, so a view whose info nobody shows costs no words."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(())

    def __get__(self, obj: object | None, owner: type) -> Rows:
        rows: Rows = self._read(obj)
        return rows


class LazyFact(_Lazy):
    """A facts field (reading it gives a :class:`~engine.core.facts.Fact` or ``None``): the
    data the bot's words for a control are written from."""

    __slots__ = ()

    def __get__(self, obj: object | None, owner: type) -> Fact | None:
        fact: Fact | None = self._read(obj)
        return fact


Items = tuple[T, ...] | Callable[[], tuple[T, ...]]
"""A tuple given as is, or as a function computing it when first read (see :class:`LazyTuple`)."""


class LazyTuple(_Lazy, Generic[T]):
    """A tuple field (a view's seats): the bot's words for a variant may give it as a function,
    so a view whose seats nobody reads costs no words (the runtime reads a changed table's hand
    number at once, and draws its seats only when it edits the table message)."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(())

    def __get__(self, obj: object | None, owner: type) -> tuple[T, ...]:
        items: tuple[T, ...] = self._read(obj)
        return items
