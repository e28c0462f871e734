"""How the games' position records pickle (internal).

A position record (each game's ``_position.py``) has no instance dict when it is compiled, and
no ``__init__`` when it is hot, so pickle cannot rebuild it alone: its ``__reduce__`` returns
`reduced(self, FIELDS)`, which names `unpickled` and the record's fields by name.
"""

from __future__ import annotations

from typing import TypeVar

__all__ = ["reduced", "unpickled"]

_Record = TypeVar("_Record")


def reduced(record: object, names: tuple[str, ...]) -> tuple[object, ...]:
    """What ``record.__reduce__`` returns: rebuild its class with the fields ``names`` set."""
    return unpickled, (type(record), {name: getattr(record, name) for name in names})


def unpickled(cls: type[_Record], fields: dict[str, object]) -> _Record:
    """Rebuild a pickled record: a bare ``cls()`` with each field of ``fields`` set."""
    record = cls()
    for name, value in fields.items():
        setattr(record, name, value)
    return record
