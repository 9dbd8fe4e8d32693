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
from typing import Any, TypeVar

from engine.core.codec import Codec, Shape
from engine.variants.twopot.events import Worded

__all__ = ["each", "last_decision", "tagged"]

F = TypeVar("F")


def tagged(kinds: Mapping[str, type], *, empty: Any = None) -> Shape:
    """The shape of a field holding one fact of ``kinds`` (tag -> fact class), a stored line
    (:class:`Worded`) or nothing (``None``, stored as ``empty``)."""
    codecs: dict[str, Codec[Any]] = {tag: Codec(cls) for tag, cls in kinds.items()}
    tags = {cls: tag for tag, cls in kinds.items()}

    def encode(value: Any) -> Any:
        if value is None:
            return empty
        if isinstance(value, Worded):
            return value.text
        tag = tags[type(value)]
        return {tag: codecs[tag].dump(value)}

    def decode(data: Any) -> Any:
        if data is None or data == empty:
            return None
        if isinstance(data, str):
            return Worded(data)
        ((tag, fields),) = data.items()
        return codecs[tag].load(fields)

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
