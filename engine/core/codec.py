"""JSON for game states, read from their dataclass fields: one codec instead of hand-written
``to_json`` / ``from_json`` pairs.

A variant declares, once, a :class:`Codec` over its state class and the *atoms* of its game
(values written as one JSON scalar, such as a card written as its notation). The codec reads the
fields and their type hints (at construction, so every action's write runs a precomputed plan)
and writes::

    int, str, bool, float, None       as they are
    Enum                              its value
    list[X], tuple[X, ...], tuple[A, B]   a list
    dict[K, V]                        an object; int keys as decimal strings, Enum keys as values
    X | None                          null or X
    Deck[X]                           a list, top card first
    random.Random                     engine.core.rng's form (packed words are the bot's business)
    a dataclass                       an object of its fields, in field order
    Any                               a copy of the JSON value

Where a stored shape differs, a field says so in its metadata (never in per-class code):
:func:`key` (another JSON name), :func:`meta` with ``last=True`` (written after the other
fields), ``shape=PAIRS`` (a mapping as sorted ``[key, value]`` rows), ``shape=ROWS`` (a list of
dataclasses as positional rows) or a :class:`Shape` of its own. :func:`stored` gives a class's
JSON field order when it interleaves the fields of its base class. A class written with
``@dataclass(init=False)`` keeps its own ``__init__``; the codec restores it field by field.

Reading is lenient as the hand-written code was: unknown keys are ignored and a missing key
takes the field's default (a missing key without a default raises ``KeyError``).

>>> from dataclasses import dataclass, field
>>> @dataclass
... class Point:
...     x: int
...     tags: tuple[str, ...] = ()
...     seen: dict[int, bool] = field(default_factory=dict, metadata=key("visited"))
>>> codec = Codec(Point)
>>> codec.dump(Point(3, ("a",), {1: True}))
{'x': 3, 'tags': ['a'], 'visited': {'1': True}}
>>> codec.load({"x": 3, "visited": {"2": False}})
Point(x=3, tags=(), seen={2: False})
"""

from __future__ import annotations

import dataclasses
import random
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from enum import Enum
from operator import attrgetter
from typing import Any, Generic, TypeVar

from engine.core.codec_fields import default_of, field_types, stored, stored_fields
from engine.core.deck import Deck
from engine.core.rng import rng_from_json, rng_to_json

__all__ = ["PAIRS", "ROWS", "Atom", "Codec", "Shape", "key", "meta", "notation", "stored"]

T = TypeVar("T")
Convert = Callable[[Any], Any]
Expr = Callable[[str], str]
"""Source of one conversion: given the source of a value, the source of its converted form;
``None`` in a plan means "as it is"."""

_META = "engine.codec"  # the key of a field's metadata the codec reads
_PLAIN = (int, str, bool, type(None))


@dataclasses.dataclass(frozen=True, slots=True)
class Atom:
    """A type written as one JSON value by its own two functions (a card as its notation).

    ``attribute``, when set, names the attribute ``encode`` reads (the plan reads it directly).
    """

    type: type
    encode: Convert
    decode: Convert
    attribute: str | None = None


def notation(cls: type, parse: Convert) -> Atom:
    """The atom of a card class: written as ``card.notation``, read back with ``parse``."""
    return Atom(cls, attrgetter("notation"), parse, attribute="notation")


@dataclasses.dataclass(frozen=True, slots=True)
class Shape:
    """A field's stored form given by two functions (a legacy shape no type rule gives)."""

    encode: Convert
    decode: Convert


class _Form(Enum):
    PAIRS = "pairs"
    ROWS = "rows"


PAIRS = _Form.PAIRS
"""A mapping stored as ``[[key, value], ...]`` sorted by key (keys as they are, not strings)."""
ROWS = _Form.ROWS
"""A list of dataclasses stored as rows of their field values, in field order."""


@dataclasses.dataclass(frozen=True, slots=True)
class _FieldMeta:
    key: str | None = None
    shape: Shape | _Form | None = None
    last: bool = False
    unset: bool = False


def meta(
    *,
    key: str | None = None,
    shape: Shape | _Form | None = None,
    last: bool = False,
    unset: bool = False,
) -> Any:
    """A field's ``metadata=`` for the codec: its JSON ``key`` (default: the field name), its
    stored ``shape``, ``last`` (written after the fields without it, in field order) and
    ``unset`` (not written while it is ``None``: a field added after rows were stored without
    it, so such a row writes back as it was)."""
    return {_META: _FieldMeta(key, shape, last, unset)}


def key(name: str) -> Any:
    """Field metadata: the field is stored under the JSON key ``name``."""
    return meta(key=name)


def _copy(value: Any) -> Any:
    """A deep copy of a JSON value (lists and objects copied, scalars shared)."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_copy(v) for v in value]
    return value


class Codec(Generic[T]):
    """The JSON form of one state class and every dataclass inside it (see the module doc).

    ``atoms`` are the types written as one JSON value. Every dataclass gets two functions,
    generated here once from its fields (as :mod:`dataclasses` generates ``__init__``): writing
    a state costs what a hand-written ``to_json`` cost.
    """

    def __init__(self, root: type[T], atoms: Iterable[Atom] = ()) -> None:
        self.root = root
        self._atoms = {a.type: a for a in atoms}
        self._names: dict[int, str] = {}  # id(object) -> its name in the generated code
        self._scope: dict[str, Any] = {"_copy": _copy, "_new": object.__new__}
        self._plans: dict[type, str] = {}  # dataclass -> the suffix of its two functions
        self._fresh = 0
        suffix = self._plan(root)
        self._dump: Callable[[T], dict[str, Any]] = self._scope[f"enc{suffix}"]
        self._load: Callable[[Mapping[str, Any]], T] = self._scope[f"dec{suffix}"]

    def dump(self, obj: T) -> dict[str, Any]:
        """``obj`` as JSON-ready data."""
        return self._dump(obj)

    def load(self, data: Mapping[str, Any]) -> T:
        """The object :meth:`dump` wrote."""
        return self._load(data)

    def encode(self, obj: object) -> dict[str, Any]:
        """Any dataclass of this codec (the root or one inside it, e.g. the options)."""
        encoded: dict[str, Any] = self._scope[f"enc{self._plan(type(obj))}"](obj)
        return encoded

    # ------------------------------------------------------------------ generated code

    def _name(self, obj: object) -> str:
        """The name under which the generated code sees ``obj``."""
        if id(obj) not in self._names:
            self._names[id(obj)] = name = f"_o{len(self._names)}"
            self._scope[name] = obj
        return self._names[id(obj)]

    def _var(self) -> str:
        self._fresh += 1
        return f"_v{self._fresh}"

    def _plan(self, cls: type) -> str:
        """Generate ``enc<n>(obj)`` and ``dec<n>(data)`` for a dataclass; returns ``<n>``."""
        if cls in self._plans:
            return self._plans[cls]
        if not dataclasses.is_dataclass(cls):
            raise TypeError(f"the codec writes dataclasses, not {cls!r}")
        self._plans[cls] = suffix = str(len(self._plans))  # before the fields: recursion
        hints = field_types(cls)
        params = cls.__dataclass_params__  # type: ignore[attr-defined]
        fields = stored_fields(
            cls, [f for f in dataclasses.fields(cls) if f.init or not params.init]
        )
        fields.sort(key=lambda f: _meta_of(f).last)
        written, read, later = [], [], []
        for f in fields:
            json_key = repr(_meta_of(f).key or f.name)
            enc, dec = self._field(hints[f.name], _meta_of(f).shape)
            item = f"{json_key}: {_apply(enc, 'o.' + f.name)}"
            if _meta_of(f).unset:
                item = f"**({{{item}}} if o.{f.name} is not None else {{}})"
            written.append(item)
            value = _apply(dec, f"d[{json_key}]")
            default = default_of(f)
            if params.init and default is None:
                read.append(f"{f.name}={value}")
            elif params.init:
                later.append(f"    if {json_key} in d: kw[{f.name!r}] = {value}")
            else:
                if default is not None:
                    value = f"({value} if {json_key} in d else {self._name(default)}())"
                setter = "_set(o, {!r}, {})" if params.frozen else "o.{} = {}"
                later.append("    " + setter.format(f.name, value))
        cls_name = self._name(cls)
        if params.init:
            call = ", ".join([*read, "**kw"])
            decode = ["    kw = {}", *later, f"    return {cls_name}({call})"]
        else:
            self._scope["_set"] = object.__setattr__
            decode = [f"    o = _new({cls_name})", *later, "    return o"]
        source = "\n".join(
            [
                f"def enc{suffix}(o):",
                "    return {" + ", ".join(written) + "}",
                f"def dec{suffix}(d):",
                *decode,
            ]
        )
        exec(compile(source, f"<codec of {cls.__qualname__}>", "exec"), self._scope)
        return suffix

    def _field(self, tp: Any, shape: Shape | _Form | None) -> tuple[Expr | None, Expr | None]:
        if isinstance(shape, Shape):
            return self._call(shape.encode), self._call(shape.decode)
        if shape is None:
            return self._type(tp)
        inner, optional = _unoptional(tp)
        enc, dec = self._pairs(inner) if shape is PAIRS else self._rows(inner)
        return (_or_none(enc), _or_none(dec)) if optional else (enc, dec)

    def _call(self, fn: Convert) -> Expr:
        name = self._name(fn)
        return lambda v: f"{name}({v})"

    def _type(self, tp: Any) -> tuple[Expr | None, Expr | None]:
        """The two conversions of one type (``None`` where the value is written as it is)."""
        atom = self._atoms.get(tp)
        if atom is not None:
            attribute = atom.attribute
            read = self._call(atom.decode)
            if attribute is not None:
                return (lambda v: f"{v}.{attribute}"), read
            return self._call(atom.encode), read
        if tp in _PLAIN:
            return None, None
        if tp is float:
            return None, lambda v: f"float({v})"
        if tp is Any:
            return (lambda v: f"_copy({v})"), lambda v: f"_copy({v})"
        if tp is random.Random:
            return self._call(rng_to_json), self._call(rng_from_json)
        if isinstance(tp, type) and issubclass(tp, Enum):
            members = self._name({m.value: m for m in tp})
            return (lambda v: f"{v}.value"), lambda v: f"{members}[{v}]"
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        if origin in (typing.Union, types.UnionType):
            inner, optional = _unoptional(tp)
            if not optional:
                if all(a in _PLAIN or a is float for a in args):
                    return None, None
                raise TypeError(f"the codec cannot write the union {tp!r}")
            enc, dec = self._type(inner)
            return _or_none(enc), _or_none(dec)
        if origin is list or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
            return self._sequence(args[0], "list" if origin is list else "tuple")
        if origin is tuple:
            return self._fixed(args)
        if origin is dict:
            return self._mapping(*args)
        if origin is Deck:
            enc, dec = self._type(args[0])
            deck = self._name(Deck)
            return self._each(
                enc, "reversed({}.cards)"
            ), lambda v: f"{deck}.stacked({self._each(dec)(v)})"
        if dataclasses.is_dataclass(tp) and isinstance(tp, type):
            suffix = self._plan(tp)
            return (lambda v: f"enc{suffix}({v})"), lambda v: f"dec{suffix}({v})"
        raise TypeError(f"the codec cannot write {tp!r}")

    def _each(self, expr: Expr | None, over: str = "{}") -> Expr:
        """A list of every item of a sequence (``over`` wraps the sequence's source), each
        converted by ``expr``."""

        def each(src: str) -> str:
            seq = over.format(src)
            if expr is None:
                return f"list({seq})"
            x = self._var()
            return f"[{expr(x)} for {x} in {seq}]"

        return each

    def _sequence(self, item: Any, kind: str) -> tuple[Expr, Expr]:
        enc, dec = self._type(item)
        read = self._each(dec)
        return self._each(enc), (read if kind == "list" else lambda v: f"tuple({read(v)})")

    def _fixed(self, items: tuple[Any, ...]) -> tuple[Expr, Expr]:
        pairs = [self._type(i) for i in items]

        def write(v: str) -> str:
            if all(enc is None for enc, _ in pairs):
                return f"list({v})"
            return "[" + ", ".join(_apply(e, f"{v}[{i}]") for i, (e, _) in enumerate(pairs)) + "]"

        def read(v: str) -> str:
            return (
                "(" + "".join(_apply(d, f"{v}[{i}]") + ", " for i, (_, d) in enumerate(pairs)) + ")"
            )

        return write, read

    def _mapping(self, key_type: Any, value_type: Any) -> tuple[Expr, Expr]:
        keys: tuple[Expr | None, Expr | None]
        if key_type is int:
            keys = (lambda v: f"str({v})"), lambda v: f"int({v})"
        elif key_type is str or (isinstance(key_type, type) and issubclass(key_type, Enum)):
            keys = self._type(key_type)
        else:
            raise TypeError(f"the codec cannot write {key_type!r} keys")
        values = self._type(value_type)

        def convert(k: Expr | None, v: Expr | None) -> Expr:
            def expr(src: str) -> str:
                a, b = self._var(), self._var()
                return f"{{{_apply(k, a)}: {_apply(v, b)} for {a}, {b} in {src}.items()}}"

            return expr

        return convert(keys[0], values[0]), convert(keys[1], values[1])

    def _pairs(self, tp: Any) -> tuple[Expr, Expr]:
        if typing.get_origin(tp) is not dict:
            raise TypeError(f"PAIRS is a shape of a mapping, not of {tp!r}")
        (ke, kd), (ve, vd) = (self._type(t) for t in typing.get_args(tp))

        def write(src: str) -> str:
            a, b = self._var(), self._var()
            return f"[[{_apply(ke, a)}, {_apply(ve, b)}] for {a}, {b} in sorted({src}.items())]"

        def read(src: str) -> str:
            a, b = self._var(), self._var()
            return f"{{{_apply(kd, a)}: {_apply(vd, b)} for {a}, {b} in {src}}}"

        return write, read

    def _rows(self, tp: Any) -> tuple[Expr, Expr]:
        (item,) = typing.get_args(tp) if typing.get_origin(tp) is list else (None,)
        if not (isinstance(item, type) and dataclasses.is_dataclass(item)):
            raise TypeError(f"ROWS is a shape of a list of dataclasses, not of {tp!r}")
        suffix = self._plan(item)
        keys = self._name(tuple(_meta_of(f).key or f.name for f in dataclasses.fields(item)))

        def write(src: str) -> str:
            x = self._var()
            return f"[list(enc{suffix}({x}).values()) for {x} in {src}]"

        def read(src: str) -> str:
            x = self._var()
            return f"[dec{suffix}(dict(zip({keys}, {x}))) for {x} in {src}]"

        return write, read


def _apply(expr: Expr | None, src: str) -> str:
    return src if expr is None else expr(src)


def _or_none(expr: Expr | None) -> Expr | None:
    if expr is None:
        return None
    return lambda v: f"(None if {v} is None else {expr(v)})"


def _meta_of(f: dataclasses.Field[Any]) -> _FieldMeta:
    found: _FieldMeta = f.metadata.get(_META) or _NO_META
    return found


_NO_META = _FieldMeta()


def _unoptional(tp: Any) -> tuple[Any, bool]:
    """``(X, True)`` for ``X | None``, else ``(tp, False)``."""
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(args) == 1 and len(typing.get_args(tp)) == 2:
            return args[0], True
    return tp, False
