"""Typed conversion between attrs records and JSON-compatible values.

The engine stores rules, scenario setups, actions and events as frozen attrs records whose
fields are ints, bools, strings, enums, cards, tuples of those and optional values. This module
turns such records into plain JSON values and, for untrusted input, back again while checking
every type; any mismatch raises `CodecError` carrying a JSON path such as
`history[3].position`. `mismatch` checks a record built in Python (an action a caller made by
hand) against its declared field types in the same way.

Per-class work (resolving annotations, listing fields) is cached in bounded caches, so a
program that defines record classes on the fly cannot grow them without limit.
"""

from __future__ import annotations

import enum
import json
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, ParamSpec, TypeGuard, TypeVar

import attrs

from cardgames.cards import Card
from cardgames.errors import InvalidStateError

__all__ = [
    "CodecError",
    "check_max_length",
    "decode_kind",
    "decode_record",
    "encode",
    "encode_fields",
    "field_names",
    "is_int",
    "load_json",
    "mismatch",
    "parse_document",
    "short_repr",
    "untrusted",
]

_R = TypeVar("_R")
_V = TypeVar("_V")
_A = ParamSpec("_A")

JSONValue = None | bool | int | float | str | list["JSONValue"] | dict[str, "JSONValue"]


class CodecError(Exception):
    """A JSON value does not match the record type it should decode to."""

    def __init__(self, path: str, message: str) -> None:
        """Record where (``path``) and what (``message``) went wrong."""
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


def is_int(value: object) -> TypeGuard[int]:
    """Whether ``value`` is an ``int`` and not a ``bool`` (which Python counts as an int).

    Every check of a count, a seat, a seed or an index given from outside asks this.
    """
    return isinstance(value, int) and not isinstance(value, bool)


def short_repr(value: object, limit: int = 80) -> str:
    """``repr(value)`` cut to ``limit`` characters, for an error message that quotes it.

    A hostile ``__repr__`` (one that raises) must not hide the real error: the value is then
    named by its type.
    """
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a hostile __repr__ must not hide the real error
        text = f"<{type(value).__name__} object>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def check_max_length(max_length: object) -> None:
    """Refuse a ``max_length`` that is neither a non-negative int nor ``None``.

    Raises:
        TypeError: it is something else (a caller's mistake, not a bad document).
    """
    if max_length is not None and not (is_int(max_length) and max_length >= 0):
        msg = f"max_length must be a non-negative int or None, got {short_repr(max_length)}"
        raise TypeError(msg)


def untrusted(load: Callable[_A, _R], *args: _A.args, **kwargs: _A.kwargs) -> _R:
    """Return ``load(*args, **kwargs)``, reporting any problem with the input as one error.

    Every loader of untrusted documents (states, views, actions, events, tables) runs under
    this, so that no other exception type escapes it.

    Raises:
        InvalidStateError: ``load`` raised a `CodecError` (its path and message), or the
            input nested too deeply for Python's recursion limit.
    """
    try:
        return load(*args, **kwargs)
    except CodecError as exc:
        raise InvalidStateError(str(exc)) from None
    except RecursionError:
        msg = "document: nested too deeply"
        raise InvalidStateError(msg) from None


def load_json(load: Callable[[object, int | None], _R], text: object, max_length: int | None) -> _R:
    """Return ``load(text, max_length)`` for untrusted JSON text, after checking ``max_length``.

    The one entry of every ``from_json`` (states, views, actions, events, tables): ``load``
    parses ``text`` (`parse_document`) and decodes it.

    Raises:
        TypeError: ``max_length`` is neither a non-negative int nor ``None``.
        InvalidStateError: anything wrong with ``text`` (see `untrusted`).
    """
    check_max_length(max_length)
    return untrusted(load, text, max_length)


def parse_document(text: object, max_length: int | None, what: str = "document") -> dict[str, Any]:
    """Parse untrusted JSON text that must hold one object, checking its length first.

    ``what`` names the document in the message for one that is too long (``"save"``).

    Raises:
        CodecError: not text, longer than ``max_length`` characters, not valid JSON (``NaN``
            and ``Infinity`` included), or not an object.
    """
    if not isinstance(text, str | bytes | bytearray):
        raise CodecError("document", f"expected JSON text, got {type(text).__name__}")
    if max_length is not None and len(text) > max_length:
        msg = (
            f"{len(text)} characters is longer than the {max_length} accepted "
            f"(pass a larger max_length, or None, to load a {what} you trust)"
        )
        raise CodecError("document", msg)
    try:
        doc = json.loads(text, parse_constant=_reject_constant)
    except (ValueError, UnicodeDecodeError) as exc:
        raise CodecError("document", f"not valid JSON ({exc})") from None
    except RecursionError:
        raise CodecError("document", "nested too deeply") from None
    if not isinstance(doc, dict):
        raise CodecError("document", "expected a JSON object")
    return doc


def _reject_constant(name: str) -> object:
    msg = f"{name} is not valid JSON"
    raise ValueError(msg)


def encode(value: object) -> JSONValue:
    """Return the plain JSON form of a record, card, enum, tuple or scalar."""
    # Enums first: an IntEnum is also an int, and is decoded from its name.
    if isinstance(value, enum.Enum):
        return value.name.lower()
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, Card):
        return value.code
    if isinstance(value, tuple | list):
        return [encode(item) for item in value]
    if isinstance(value, frozenset):
        return [encode(item) for item in sorted(value)]
    if attrs.has(type(value)):
        out: dict[str, JSONValue] = {}
        kind = getattr(value, "kind", None)
        if isinstance(kind, str):
            out["kind"] = kind
        for field in _fields(type(value)):
            held = getattr(value, field.name)
            # A house rule left at its default is left out, so that the saves of the
            # rulebook's game stay byte for byte what they were before the option existed.
            if field.metadata.get("house_rule") and held == field.default:
                continue
            out[field.alias or field.name] = encode(held)
        return out
    msg = f"cannot encode {value!r} as JSON"
    raise TypeError(msg)


def encode_fields(record: object) -> list[JSONValue]:
    """Return the JSON forms of the constructor fields of `record`, in declared order."""
    return [encode(getattr(record, f.name)) for f in _fields(type(record)) if f.init]


_SHOWN = 60  # characters of a bad value quoted in an error message
_CACHED_CLASSES = 1024  # record classes whose resolved fields are kept; a game has a few dozen


_FIELDS: dict[type, tuple[attrs.Attribute[Any], ...]] = {}
_NAMES: dict[type, tuple[str, ...]] = {}


def _remember(cache: dict[type, _V], cls: type, value: _V) -> _V:
    """Store `value` for `cls`, emptying the cache first once it holds `_CACHED_CLASSES`."""
    if len(cache) >= _CACHED_CLASSES:
        cache.clear()
    cache[cls] = value
    return value


def _fields(cls: type) -> tuple[attrs.Attribute[Any], ...]:
    found = _FIELDS.get(cls)
    if found is None:
        attrs.resolve_types(cls)
        fields = typing.cast("tuple[attrs.Attribute[Any], ...]", attrs.fields(cls))
        found = _remember(_FIELDS, cls, fields)
    return found


def field_names(cls: type) -> tuple[str, ...]:
    """Return the JSON names of the fields of record class `cls` set by its constructor."""
    found = _NAMES.get(cls)
    if found is None:
        names = tuple(f.alias or f.name for f in _fields(cls) if f.init)
        found = _remember(_NAMES, cls, names)
    return found


def mismatch(record: object) -> str | None:
    """Say which field of the attrs `record` holds a value of another type than declared.

    Returns `None` when every field conforms to its annotation, else a short sentence naming
    the first field that does not, its value and the expected type.
    """
    for field in _fields(type(record)):
        value = getattr(record, field.name, None)
        if not _conforms(field.type, value):
            shown = _describe(value)
            return f"its field {field.name!r} holds {shown}, expected {_type_name(field.type)}"
    return None


def _conforms(tp: Any, value: object) -> bool:  # noqa: ANN401, PLR0911 - one case per type form
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        return any(_conforms(option, value) for option in typing.get_args(tp))
    if origin is tuple:
        if not isinstance(value, tuple):
            return False
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:  # noqa: PLR2004 - tuple[X, ...]
            return all(_conforms(args[0], item) for item in value)
        return len(args) == len(value) and all(map(_conforms, args, value))
    if origin is frozenset:
        (arg,) = typing.get_args(tp)
        return isinstance(value, frozenset) and all(_conforms(arg, item) for item in value)
    if tp is type(None) or tp is None:
        return value is None
    if tp is int:
        return is_int(value)
    if tp is Any or tp is object or not isinstance(tp, type):
        return True  # a type variable or an open annotation: nothing to check
    return isinstance(value, tp)


def _type_name(tp: Any) -> str:  # noqa: ANN401
    if isinstance(tp, type):
        return tp.__name__
    return str(tp).replace("typing.", "")


Kinds = Mapping[type, Mapping[str, type]]
"""For each base class of records told apart by their ``kind`` (actions, events), its kinds."""


def decode_record(
    cls: type[_R],
    data: object,
    path: str,
    card: Callable[[str], Card],
    *,
    ignore: frozenset[str] = frozenset(),
    kinds: Kinds | None = None,
    given: Mapping[str, object] | None = None,
) -> _R:
    """Build an attrs record of type ``cls`` from untrusted JSON ``data``.

    ``card`` maps a card code to the game's card (raising ``KeyError`` if unknown). Keys in
    ``ignore`` (such as ``kind``) are skipped; any other unknown or missing key is an error.
    A field whose type is a key of ``kinds`` (such as `Action`) holds any record of that
    family, chosen by its ``"kind"``. The fields named in ``given`` are not read from ``data``
    but take the given (already decoded) values. Errors raised by the record's own validators
    are reported as `CodecError` too.
    """
    if not isinstance(data, Mapping):
        raise CodecError(path, f"expected an object, got {_describe(data)}")
    fields = _fields(cls)
    names = {f.alias or f.name: f for f in fields if f.init}
    unknown = sorted(set(data) - set(names) - ignore)
    if unknown:
        raise CodecError(path, f"unknown key {unknown[0]!r}; expected keys: {sorted(names)}")
    kwargs: dict[str, object] = dict(given or {})
    for key, field in names.items():
        if key in kwargs:
            continue
        if key not in data:
            if field.default is attrs.NOTHING:
                raise CodecError(path, f"missing key {key!r}")
            continue
        kwargs[key] = _decode(field.type, data[key], f"{path}.{key}", card, kinds)
    try:
        return cls(**kwargs)
    except (ValueError, TypeError) as exc:
        raise CodecError(path, str(exc)) from None


def decode_kind(
    family: Mapping[str, type[_R]],
    data: object,
    path: str,
    card: Callable[[str], Card],
    kinds: Kinds | None = None,
) -> _R:
    """Build the record of ``family`` that untrusted ``data`` names by its ``"kind"``."""
    if not isinstance(data, Mapping):
        raise CodecError(path, f"expected an object with a 'kind', got {_describe(data)}")
    kind = data.get("kind")
    cls = family.get(kind) if isinstance(kind, str) else None
    if cls is None:
        shown = _describe(kind) if kind is not None else "none"
        raise CodecError(path, f"unknown kind {shown}; expected one of {sorted(family)}")
    return decode_record(cls, data, path, card, ignore=frozenset({"kind"}), kinds=kinds)


def _describe(value: object) -> str:
    return f"{type(value).__name__} {short_repr(value, _SHOWN)}"


def _decode(  # noqa: C901, PLR0911, PLR0912
    tp: Any,  # noqa: ANN401
    data: object,
    path: str,
    card: Callable[[str], Card],
    kinds: Kinds | None = None,
) -> object:
    if isinstance(tp, typing.TypeVar):  # a generic record's card type, such as Dealt's hand
        tp = tp.__bound__
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(tp)
        if data is None and type(None) in options:
            return None
        non_none = [o for o in options if o is not type(None)]
        if len(non_none) == 1:
            return _decode(non_none[0], data, path, card, kinds)
        raise CodecError(path, f"unsupported union type {tp!r}")  # pragma: no cover
    if origin is tuple:
        args = typing.get_args(tp)
        if not isinstance(data, list):
            raise CodecError(path, f"expected an array, got {_describe(data)}")
        if len(args) == 2 and args[1] is Ellipsis:  # noqa: PLR2004 - tuple[X, ...]
            return tuple(
                _decode(args[0], item, f"{path}[{i}]", card, kinds) for i, item in enumerate(data)
            )
        if len(args) != len(data):
            raise CodecError(path, f"expected {len(args)} items, got {len(data)}")
        return tuple(
            _decode(a, item, f"{path}[{i}]", card, kinds)
            for i, (a, item) in enumerate(zip(args, data, strict=True))
        )
    if origin is frozenset:
        (arg,) = typing.get_args(tp)
        if not isinstance(data, list):
            raise CodecError(path, f"expected an array, got {_describe(data)}")
        return frozenset(
            _decode(arg, item, f"{path}[{i}]", card, kinds) for i, item in enumerate(data)
        )
    if tp is bool:
        if not isinstance(data, bool):
            raise CodecError(path, f"expected true or false, got {_describe(data)}")
        return data
    if tp is int:
        if not is_int(data):
            raise CodecError(path, f"expected an integer, got {_describe(data)}")
        return data
    if tp is str:
        if not isinstance(data, str):
            raise CodecError(path, f"expected a string, got {_describe(data)}")
        return data
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        if not isinstance(data, str):
            raise CodecError(path, f"expected a string, got {_describe(data)}")
        try:
            return tp[data.upper()]
        except KeyError:
            known = [m.name.lower() for m in tp]
            raise CodecError(path, f"unknown value {data!r}; expected one of {known}") from None
    if isinstance(tp, type) and issubclass(tp, Card):
        if not isinstance(data, str):
            raise CodecError(path, f"expected a card code, got {_describe(data)}")
        try:
            return card(data)
        except KeyError:
            raise CodecError(path, f"unknown card {data!r}") from None
    if kinds is not None and tp in kinds:
        return decode_kind(kinds[tp], data, path, card, kinds)
    if isinstance(tp, type) and attrs.has(tp):
        return decode_record(tp, data, path, card, ignore=frozenset({"kind"}), kinds=kinds)
    raise CodecError(path, f"unsupported field type {tp!r}")  # pragma: no cover
