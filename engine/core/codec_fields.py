"""Which fields of a dataclass :mod:`engine.core.codec` stores, in which order, with which types.

A state that extends a shared base (the two-pot family's
:class:`~engine.variants.twopot.state.TwoPotState`) keeps the JSON field order its rows were
stored in with :func:`stored`, and a generic base's fields take the subclass's types.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

__all__ = ["default_of", "field_types", "stored", "stored_fields"]

T = TypeVar("T")
_ORDER = "__codec_order__"  # the class attribute :func:`stored` sets


def stored(*names: str, omit: Iterable[str] = ()) -> Callable[[type[T]], type[T]]:
    """Class decorator: the class's JSON fields in the order ``names`` (base-class fields
    included); the fields in ``omit`` are not stored and read back as their defaults. Every field
    is named once, in one of the two (checked when a codec plans the class)."""

    def declare(cls: type[T]) -> type[T]:
        setattr(cls, _ORDER, (names, tuple(omit)))
        return cls

    return declare


def field_types(cls: type) -> dict[str, Any]:
    """The fields' types, a generic base's type variables replaced by the subclass's arguments
    (``class S(Base[Opts, Card])``: a base field ``cards: list[C]`` is a ``list[Card]``)."""
    given: dict[Any, Any] = {}
    for klass in cls.__mro__:
        for base in vars(klass).get("__orig_bases__", ()):
            params = getattr(typing.get_origin(base), "__parameters__", ())
            args = [_given(a, given) for a in typing.get_args(base)]
            given.update((p, a) for p, a in zip(params, args, strict=False) if p not in given)
    hints = typing.get_type_hints(cls)
    return {f.name: _given(hints[f.name], given) for f in dataclasses.fields(cls)}


def _given(tp: Any, given: Mapping[Any, Any]) -> Any:
    """``tp`` with the type variables of ``given`` replaced."""
    if isinstance(tp, TypeVar):
        return given.get(tp, tp)
    args = typing.get_args(tp)
    if not args or not given:
        return tp
    new = tuple(_given(a, given) for a in args)
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        return typing.Union[new]  # noqa: UP007 (a union built from a tuple)
    return origin[new]


def stored_fields(cls: type, fields: list[dataclasses.Field[Any]]) -> list[dataclasses.Field[Any]]:
    """The fields in the order :func:`stored` declared on ``cls`` itself (else as they are)."""
    declared = vars(cls).get(_ORDER)
    if declared is None:
        return fields
    names, omit = declared
    by_name = {f.name: f for f in fields}
    if sorted([*names, *omit]) != sorted(by_name) or any(
        default_of(by_name[n]) is None for n in omit
    ):
        raise TypeError(f"stored() of {cls.__qualname__} must name every field once")
    return [by_name[n] for n in names]


def default_of(f: dataclasses.Field[Any]) -> Callable[[], Any] | None:
    """A field's default as a function (``None`` when it has none)."""
    if f.default is not dataclasses.MISSING:
        value = f.default
        return lambda: value
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory
    return None
