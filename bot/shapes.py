"""Whether an object has the attributes of a protocol, cheaply enough for every click.

``isinstance(obj, P)`` with a ``@runtime_checkable`` :class:`typing.Protocol` ``P`` lists
``P``'s members anew at *every* call on Python 3.11 (tens of µs): the table runtime asks "is
this client a bot with a table runtime, card emojis, a painter…" several times per click.
:func:`conforms` gives the same answer (every member is an attribute of ``obj``) with the
member names listed once per protocol.
"""

from __future__ import annotations

import functools
from typing import Protocol

__all__ = ["conforms", "members"]


@functools.cache
def members(protocol: type) -> tuple[str, ...]:
    """The public names a protocol declares (annotated attributes and methods, its protocol
    bases' too)."""
    names: set[str] = set()
    for base in protocol.__mro__:
        if base in (Protocol, object) or base.__module__ == "typing":
            continue
        names.update(getattr(base, "__annotations__", {}))
        names.update(vars(base))
    return tuple(sorted(name for name in names if not name.startswith("_")))


def conforms(obj: object, protocol: type) -> bool:
    """``isinstance(obj, protocol)`` for a runtime-checkable protocol whose members are all
    public: every member it declares is an attribute of ``obj``."""
    return all(hasattr(obj, name) for name in members(protocol))
