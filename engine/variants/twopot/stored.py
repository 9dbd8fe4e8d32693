"""Stored forms of the facts a two-pot state keeps where an earlier version kept words.

A field that once held an English line (a private note, the last shift, why the last hand went as
it did) now holds a fact; rows stored before still hold the line. :func:`tagged` gives such a field
its :class:`~engine.core.codec.Shape`: a fact is written as ``{tag: its fields}`` (the codec's form
of that fact class), a stored line is read back as :class:`~engine.variants.twopot.events.Worded`
and written back as the same string, and "nothing" as the value the old rows used for it (``""``
or ``None``), so an old row writes back byte for byte.

>>> from dataclasses import dataclass
>>> from engine.core.facts import Fact
>>> @dataclass(frozen=True, slots=True)
... class Drew(Fact):
...     card: str
>>> shape = tagged({"drew": Drew}, empty="")
>>> shape.encode(Drew("coins:7")), shape.encode(Worded("You drew it.")), shape.encode(None)
({'drew': {'card': 'coins:7'}}, 'You drew it.', '')
>>> shape.decode({"drew": {"card": "coins:7"}}), shape.decode("old line"), shape.decode("")
(Drew(card='coins:7'), Worded(text='old line'), None)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any, TypeVar

from engine.core.codec import Codec, Shape, meta
from engine.variants.twopot.events import Drew, ShiftDealt, Worded

__all__ = ["NOTE", "NOTES", "Note", "each", "last_decision", "tagged"]

F = TypeVar("F")


def tagged(kinds: Mapping[str, type], *, empty: Any = None, flat: bool = False) -> Shape:
    """The shape of a field holding one fact of ``kinds`` (tag -> fact class), a stored line
    (:class:`Worded`) or nothing (``None``, stored as ``empty``). ``flat``: every fact of
    ``kinds`` has one field, stored as ``{tag: that field}`` (Classic's notes' form)."""
    codecs: dict[str, Codec[Any]] = {tag: Codec(cls) for tag, cls in kinds.items()}
    tags = {cls: tag for tag, cls in kinds.items()}
    sole = {tag: fields(cls)[0].name for tag, cls in kinds.items()} if flat else {}

    def encode(value: Any) -> Any:
        if value is None:
            return empty
        if isinstance(value, Worded):
            return value.text
        tag = tags[type(value)]
        data = codecs[tag].dump(value)
        return {tag: data[sole[tag]] if flat else data}

    def decode(data: Any) -> Any:
        if data is None or data == empty:
            return None
        if isinstance(data, str):
            return Worded(data)
        ((tag, value),) = data.items()
        return codecs[tag].load({sole[tag]: value} if flat else value)

    return Shape(encode, decode)


def each(shape: Shape) -> Shape:
    """``shape`` for every item of a list (one value per seat)."""
    encode, decode = shape.encode, shape.decode
    return Shape(lambda items: [encode(x) for x in items], lambda data: [decode(x) for x in data])


def last_decision(decided: F | None, last_result: list[str]) -> F | Worded | None:
    """Why the last hand went as it did: the ``decided`` fact, or (a table stored by an earlier
    version, which kept it as the last line of ``last_result``) that line as words."""
    if decided is None and last_result:
        return Worded(str(last_result[-1]))
    return decided


Note = Drew | ShiftDealt | Worded
"""A seat's private note (Classic, Corellian Spike): its last draw, the cards a Sabacc Shift
dealt it, or a line an earlier version stored as words."""

_NOTE = tagged({"drew": Drew, "shift": ShiftDealt}, empty="", flat=True)
NOTE = meta(shape=_NOTE)
"""Field metadata of one private note (a view fact's): ``{"drew": card}``, ``{"shift":
[cards]}``, or a stored line (``""``: none)."""
NOTES = meta(shape=each(_NOTE))
"""Field metadata of ``last_drawn``: one :data:`NOTE` per seat."""
