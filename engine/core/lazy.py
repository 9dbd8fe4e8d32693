"""Texts computed when first read: the labels and previews of :mod:`engine.core.game`'s
action descriptions cost nothing until a picker is shown or a bot reads them."""

from __future__ import annotations

from collections.abc import Callable

Text = str | Callable[[], str]
"""A text given as is, or as a function computing it when first read (see :class:`LazyText`)."""


class LazyText:
    """A text field of a frozen dataclass that may be given as a zero-argument function.

    The function runs when the field is first read, and its result replaces it: reading the
    field always gives a ``str``. ``legal_actions`` describes every option this way, so a
    decision costs no label or preview until someone shows a picker or a bot reads one.
    A function must compute from values it captured when the spec was built, never from the
    live state (the text must not depend on when it is read).
    """

    __slots__ = ("default", "slot")

    def __init__(self, default: str | None = None) -> None:
        self.default = default  # None: the field is required
        self.slot = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.slot = f"_{name}"

    def __get__(self, obj: object | None, owner: type) -> str:
        if obj is None:  # the dataclass asks for the field's default
            if self.default is None:
                raise AttributeError(self.slot)
            return self.default
        text = obj.__dict__[self.slot]
        if not isinstance(text, str):
            text = text()
            obj.__dict__[self.slot] = text
        return text  # type: ignore[no-any-return]

    def __set__(self, obj: object, value: Text) -> None:
        obj.__dict__[self.slot] = value
