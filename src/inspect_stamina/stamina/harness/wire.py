"""Runs in the sandbox: values as JSON between the benchmark's tests and the agent's code.

The tests (as ``checker``) never run the agent's code; they call it in another process
(``agent_host.py``, as ``runner``) and get its results back as data. Data only: a
result decodes to built-in values (numbers, strings, lists, dicts, sets, bytes, dates,
paths, named tuples...) that the agent's code cannot make compare equal to anything
else, or to a reference to an object that stays in the agent's process. Decoding never
imports, evaluates or calls anything the message names beyond the fixed set of types
below, so a hostile reply can at worst be a wrong value.

Standard library only.
"""

from __future__ import annotations

import base64
import collections
import datetime
import decimal
import fractions
import keyword
import math
import pathlib
import uuid
from collections.abc import Callable
from typing import Any

TAG = "$"
# the warnings one answer may carry back from the agent's code, and each message's length
WARNINGS_LIMIT = 20
WARNING_TEXT = 2000
MAX_DEPTH = 200
# a namedtuple is rebuilt from its name and fields: only plain identifiers
_NAMEDTUPLE_LIMIT = 255


class WireError(ValueError):
    """A message that is not valid data."""


def _float(value: float) -> Any:
    if math.isfinite(value):
        return value
    return {TAG: "float", "v": repr(value)}


def encode(value: Any, other: Callable[[Any], dict[str, Any]], depth: int = 0) -> Any:
    """A value as JSON data; ``other`` encodes what is not plain data (a reference)."""
    if depth > MAX_DEPTH:
        raise WireError("a value nested too deeply to send")
    kind = type(value)
    if value is None or kind is bool or kind is str:
        return value
    if kind is int:
        return value
    if kind is float:
        return _float(value)
    if kind is list:
        return [encode(v, other, depth + 1) for v in value]
    if kind is dict:
        return {
            TAG: "dict",
            "v": [
                [encode(k, other, depth + 1), encode(v, other, depth + 1)] for k, v in value.items()
            ],
        }
    if kind is tuple:
        return {TAG: "tuple", "v": [encode(v, other, depth + 1) for v in value]}
    if kind is set or kind is frozenset:
        return {TAG: kind.__name__, "v": [encode(v, other, depth + 1) for v in value]}
    if kind is bytes or kind is bytearray:
        return {TAG: kind.__name__, "v": base64.b64encode(bytes(value)).decode("ascii")}
    if kind is complex:
        return {TAG: "complex", "v": [_float(value.real), _float(value.imag)]}
    plain = _plain_types()
    if kind in plain:
        return {TAG: plain[kind], "v": _text_of(value)}
    if isinstance(value, pathlib.PurePath):
        return {TAG: "path", "v": str(value)}
    return _encode_subclass(value, other, depth)


def _text_of(value: Any) -> Any:
    if isinstance(value, datetime.timedelta):
        return [value.days, value.seconds, value.microseconds]
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, range):
        return [value.start, value.stop, value.step]
    return str(value)


def _plain_types() -> dict[type, str]:
    return {
        decimal.Decimal: "decimal",
        fractions.Fraction: "fraction",
        datetime.datetime: "datetime",
        datetime.date: "date",
        datetime.time: "time",
        datetime.timedelta: "timedelta",
        uuid.UUID: "uuid",
        range: "range",
    }


def _encode_subclass(value: Any, other: Callable[[Any], dict[str, Any]], depth: int) -> Any:
    """Subclasses of the built-in data types go as their data (an IntEnum as its int, a
    Counter as its dict, a named tuple with its field names); anything else is ``other``."""
    fields: Any = getattr(type(value), "_fields", None)
    if isinstance(value, tuple) and _is_namedtuple(type(value).__name__, fields):
        return {
            TAG: "namedtuple",
            "name": type(value).__name__,
            "fields": list(fields),
            "v": [encode(v, other, depth + 1) for v in tuple.__iter__(value)],
        }
    bases: tuple[Any, ...] = (bool, int, float, str, bytes, list, tuple, dict, set, frozenset)
    for base in bases:
        if isinstance(value, base) and not _is_enum(value):
            return encode(base(value), other, depth)
    for base in (int, str):
        if isinstance(value, base):  # an IntEnum or StrEnum member: its value
            return encode(base(value), other, depth)
    return other(value)


def _is_enum(value: Any) -> bool:
    return any(
        klass.__name__ == "Enum" and klass.__module__ == "enum" for klass in type(value).__mro__
    )


def _is_namedtuple(name: Any, fields: Any) -> bool:
    return (
        isinstance(name, str)
        and name.isidentifier()
        and not keyword.iskeyword(name)
        and isinstance(fields, tuple)
        and len(fields) <= _NAMEDTUPLE_LIMIT
        and all(
            isinstance(f, str)
            and f.isidentifier()
            and not keyword.iskeyword(f)
            and not f.startswith("_")
            for f in fields
        )
        and len(set(fields)) == len(fields)
    )


_NAMEDTUPLES: dict[tuple[str, tuple[str, ...]], type] = {}


def decode(data: Any, other: Callable[[dict[str, Any]], Any], depth: int = 0) -> Any:
    """JSON data back to a value; ``other`` decodes tags this module does not know."""
    if depth > MAX_DEPTH:
        raise WireError("a value nested too deeply")
    if data is None or isinstance(data, (bool, int, str)):
        return data
    if isinstance(data, float):
        return data
    if isinstance(data, list):
        return [decode(v, other, depth + 1) for v in data]
    if not isinstance(data, dict) or not isinstance(data.get(TAG), str):
        raise WireError(f"not a value: {str(data)[:100]}")
    tag, v = data[TAG], data.get("v")
    try:
        return _decode_tagged(tag, v, data, other, depth)
    except (TypeError, ValueError, KeyError, decimal.InvalidOperation, OverflowError) as ex:
        if isinstance(ex, WireError):
            raise
        raise WireError(f"bad {tag} value: {ex}") from None


def _items(v: Any, other: Callable[[dict[str, Any]], Any], depth: int) -> list[Any]:
    if not isinstance(v, list):
        raise WireError("a container's items must be a list")
    return [decode(item, other, depth + 1) for item in v]


def _decode_tagged(
    tag: str, v: Any, data: dict[str, Any], other: Callable[[dict[str, Any]], Any], depth: int
) -> Any:
    if tag == "dict":
        pairs = _items(v, other, depth)
        if not all(isinstance(p, list) and len(p) == 2 for p in pairs):
            raise WireError("a dict's items are pairs")
        return {key: value for key, value in pairs}
    if tag == "tuple":
        return tuple(_items(v, other, depth))
    if tag == "set":
        return set(_items(v, other, depth))
    if tag == "frozenset":
        return frozenset(_items(v, other, depth))
    if tag in ("bytes", "bytearray"):
        raw = base64.b64decode(str(v), validate=True)
        return raw if tag == "bytes" else bytearray(raw)
    if tag == "float":
        if v not in ("nan", "inf", "-inf"):
            raise WireError(f"not a float: {v!r}")
        return float(v)
    if tag == "complex":
        real, imag = _items(v, other, depth)
        return complex(float(real), float(imag))
    if tag == "decimal":
        return decimal.Decimal(str(v))
    if tag == "fraction":
        return fractions.Fraction(str(v))
    if tag in ("datetime", "date", "time"):
        if tag == "datetime":
            return datetime.datetime.fromisoformat(str(v))
        if tag == "date":
            return datetime.date.fromisoformat(str(v))
        return datetime.time.fromisoformat(str(v))
    if tag == "timedelta":
        days, seconds, micro = (int(x) for x in v)
        return datetime.timedelta(days=days, seconds=seconds, microseconds=micro)
    if tag == "uuid":
        return uuid.UUID(str(v))
    if tag == "range":
        start, stop, step = (int(x) for x in v)
        return range(start, stop, step)
    if tag == "path":
        return pathlib.Path(str(v))
    if tag == "namedtuple":
        name, fields = data.get("name"), tuple(data.get("fields") or ())
        if not (isinstance(name, str) and _is_namedtuple(name, fields)):
            raise WireError("a named tuple's name and fields must be plain identifiers")
        klass = _NAMEDTUPLES.get((name, fields))
        if klass is None:
            klass = _NAMEDTUPLES.setdefault((name, fields), collections.namedtuple(name, fields))
        values = _items(v, other, depth)
        if len(values) != len(fields):
            raise WireError("a named tuple's values must match its fields")
        return klass(*values)
    return other(data)
