"""Facts: the typed, frozen data the engine speaks in; the bot (``bot.words``) speaks the words.

Every event, the variant part of every public and private view, every control's data, every
preview and every refusal (:class:`~engine.core.game.IllegalAction`'s reason code and data) is a
fact: a frozen dataclass of cards, values, totals, hand ranks, pots, bets, phases, dice, tokens,
and who acted and how. No player-facing sentence is built in ``engine/``: a variant's renderer in
``bot/words/<variant>.py`` writes each fact's words, and ``bot/words/vocab.py`` holds the words
every variant shares (amounts, lists of names, "hand" or "round").

A fact subclasses :class:`Fact` (a slotted marker base, so ``isinstance(x, Fact)`` tells facts
from the plain strings of a variant that still writes its own words) and is declared
``@dataclass(frozen=True, slots=True)``. Its fields are data: ``str`` ids and codes (a card's
notation, a player id, a phase id), ``int``, ``bool``, enums and tuples of these or of facts.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Drew(Fact):
...     player: str
...     pile: str
>>> Drew("p0", "sand").pile
'sand'
>>> isinstance(Drew("p0", "sand"), Fact)
True
"""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Callable
from typing import Any


class Fact:
    """Base of every typed fact (events, view details, control data, previews).

    A fact is built at every step (each event, the table's facts of every view), so a frozen
    slotted fact gets a quicker ``__init__`` than the one :mod:`dataclasses` writes, which sets
    each field through ``object.__setattr__`` (to get past the frozen ``__setattr__``): the
    same parameters and defaults, each field set through its slot (:func:`quick_init`), about
    twice as fast for two fields and 2.5 times for ten. Frozenness, equality, hashing and
    ``repr`` are the dataclass's own.
    """

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        init = quick_init(cls)  # (the slotted class @dataclass makes passes here too)
        if init is not None:
            cls.__init__ = init  # type: ignore[method-assign]


def quick_init(cls: type) -> Callable[..., None] | None:
    """An ``__init__`` for the frozen slotted dataclass ``cls`` that sets each field through
    its slot's descriptor; ``None`` (keep the dataclass's own) unless ``cls`` is one whose
    generated ``__init__`` only stores its parameters: every field a plain parameter in order
    (no ``default_factory``, ``init=False``, keyword-only field or ``InitVar``) and no
    ``__post_init__``."""
    params = cls.__dict__.get("__dataclass_params__")
    if params is None or not params.frozen or not params.init or "__slots__" not in cls.__dict__:
        return None
    code = getattr(cls.__dict__.get("__init__"), "__code__", None)
    if code is None or code.co_filename != "<string>" or hasattr(cls, "__post_init__"):
        return None  # an __init__ written by hand, or one that does more than store
    fields = dataclasses.fields(cls)
    names = [f.name for f in fields]
    if code.co_kwonlyargcount or list(code.co_varnames[1 : code.co_argcount]) != names:
        return None
    scope: dict[str, Any] = {}
    params_src, body = [], []
    for i, f in enumerate(fields):
        slot = next((k.__dict__[f.name] for k in cls.__mro__ if f.name in k.__dict__), None)
        if f.default_factory is not dataclasses.MISSING or not f.init:
            return None
        if not isinstance(slot, types.MemberDescriptorType):
            return None
        scope[f"_set{i}"] = slot.__set__
        if f.default is dataclasses.MISSING:
            params_src.append(f.name)
        else:
            scope[f"_default{i}"] = f.default
            params_src.append(f"{f.name}=_default{i}")
        body.append(f"    _set{i}(self, {f.name})")
    source = f"def __init__(self, {', '.join(params_src)}):\n" + ("\n".join(body) or "    pass")
    exec(source, scope)  # (generated from the fields, as dataclasses does)
    init: Callable[..., None] = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__annotations__ = dict(cls.__dict__["__init__"].__annotations__)
    return init
