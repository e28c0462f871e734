"""JSON Schema (draft 2020-12) documents: each game's actions, events, views and table messages.

The schemas are generated from the classes themselves (the attrs field types, as the JSON
codec reads them), so they cannot drift from the code; the package ships them as files under
`cardgames/schemas/<slug>/` (`action.json`, `event.json`, `view.json`, `request.json`,
`reply.json`), and `python -m cardgames.schema --write` regenerates them. A card is a string
(its code): which codes exist depends on the rules options.

Examples:
    >>> import cardgames
    >>> from cardgames.schema import action_schema, shipped
    >>> schema = action_schema(cardgames.get_game("classic-mistigri"))
    >>> schema["$defs"]["draw"]["properties"]["kind"]
    {'const': 'draw'}
    >>> shipped("classic-mistigri", "action") == schema
    True
"""

from __future__ import annotations

import argparse
import enum
import json
import sys
import types
import typing
from collections.abc import Callable, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from cardgames import GAMES, get_game
from cardgames.cards import Card
from cardgames.engine import FORMAT_VERSION, VIEW_FORMAT, Action, Event, Game, Outcome
from cardgames.protocol import CODES, PROTOCOL_VERSION
from cardgames.shown import REASONS

__all__ = [
    "DIALECT",
    "NAMES",
    "action_schema",
    "event_schema",
    "generate",
    "main",
    "reply_schema",
    "request_schema",
    "shipped",
    "view_schema",
]

DIALECT = "https://json-schema.org/draft/2020-12/schema"
"""The JSON Schema dialect of every schema."""
NAMES = ("action", "event", "view", "request", "reply")
"""The schemas of each game, by file name (without `.json`)."""

Schema = dict[str, Any]


class _Builder:
    """Collects the `$defs` of one schema while it turns field types into schemas."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.defs: dict[str, Schema] = {}

    def ref(self, name: str, build: Callable[[], Schema]) -> Schema:
        if name not in self.defs:
            self.defs[name] = {}  # reserve the name first: records may nest
            self.defs[name] = build()
        return {"$ref": f"#/$defs/{name}"}

    def of_type(self, tp: Any) -> Schema:  # noqa: ANN401, C901, PLR0911 - one case per type form
        if isinstance(tp, typing.TypeVar):
            tp = tp.__bound__
        origin = typing.get_origin(tp)
        if origin in (typing.Union, types.UnionType):
            return {"anyOf": [self.of_type(option) for option in typing.get_args(tp)]}
        if origin is tuple:
            args = typing.get_args(tp)
            if len(args) == 2 and args[1] is Ellipsis:  # noqa: PLR2004 - tuple[X, ...]
                return {"type": "array", "items": self.of_type(args[0])}
            return {
                "type": "array",
                "prefixItems": [self.of_type(arg) for arg in args],
                "items": False,
                "minItems": len(args),
            }
        if origin is frozenset:
            (arg,) = typing.get_args(tp)
            return {"type": "array", "items": self.of_type(arg), "uniqueItems": True}
        simple = {bool: "boolean", int: "integer", str: "string", type(None): "null"}
        if tp in simple:
            return {"type": simple[tp]}
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            return {"enum": [member.name.lower() for member in tp]}
        if isinstance(tp, type) and issubclass(tp, Card):
            return self.ref("card", lambda: {"type": "string", "description": "a card code"})
        if tp is Action:
            return self.ref("action", self.actions)
        if tp is Event:
            return self.ref("event", self.events)
        if tp is Any:  # the rules of a view
            return self.ref("rules", lambda: self.record(self.game.Rules))
        if isinstance(tp, type) and attrs.has(tp):
            return self.ref(_def_name(tp), lambda: self.record(tp))
        msg = f"no JSON schema for the field type {tp!r}"  # pragma: no cover - a new field type
        raise TypeError(msg)  # pragma: no cover

    def record(self, cls: type, head: Schema | None = None) -> Schema:
        attrs.resolve_types(cls)
        properties: Schema = dict(head or {})
        kind = getattr(cls, "kind", None)
        if isinstance(kind, str):
            properties["kind"] = {"const": kind}
        required = list(properties)
        for field in attrs.fields(cls):
            if not field.init:
                continue
            name = field.alias or field.name
            properties[name] = self.of_type(field.type)
            if field.default is attrs.NOTHING or head is not None:
                required.append(name)
        out: Schema = {"type": "object", "properties": properties, "required": required}
        out["additionalProperties"] = False
        if cls.__doc__:
            out["description"] = cls.__doc__.strip().split("\n")[0]
        return out

    def actions(self) -> Schema:
        return {
            "oneOf": [
                self.ref(cls.kind, lambda c=cls: self.record(c))  # type: ignore[misc]
                for cls in self.game.action_types
            ]
        }

    def events(self) -> Schema:
        return {
            "oneOf": [
                self.ref(f"event-{cls.kind}", lambda c=cls: self.record(c))  # type: ignore[misc]
                for cls in self.game.event_types
            ]
        }

    def view(self) -> Schema:
        head: Schema = {
            "format": {"const": VIEW_FORMAT},
            "version": {"const": FORMAT_VERSION},
            "game": {"const": self.game.slug},
        }
        return self.record(self.game.view_type, head)

    def document(self, title: str, root: Schema) -> Schema:
        return {
            "$schema": DIALECT,
            "title": title,
            **root,
            "$defs": dict(sorted(self.defs.items())),
        }


def _def_name(cls: type) -> str:
    return "outcome" if cls is Outcome else cls.__name__.lower()


def action_schema(game: Game[Any]) -> Schema:
    """The schema of one action of `game` (`Action.to_dict`)."""
    builder = _Builder(game)
    root = builder.actions()
    return builder.document(f"{game.title}: an action", root)


def event_schema(game: Game[Any]) -> Schema:
    """The schema of one event of `game` (`Event.to_dict`, whole or redacted)."""
    builder = _Builder(game)
    root = builder.events()
    return builder.document(f"{game.title}: an event", root)


def view_schema(game: Game[Any]) -> Schema:
    """The schema of one seat's view of `game` (`View.to_dict`)."""
    builder = _Builder(game)
    root = builder.view()
    return builder.document(f"{game.title}: a seat's view", root)


def _natural() -> Schema:
    return {"type": "integer", "minimum": 0}


def request_schema(game: Game[Any]) -> Schema:
    """The schema of a client's message at a table of `game` (`Act`, `Sync` or `Memorised`)."""
    builder = _Builder(game)
    act = {
        "type": "object",
        "properties": {
            "type": {"const": "act"},
            "seat": _natural(),
            "action": builder.of_type(Action),
            "cursor": _natural(),
        },
        "required": ["type", "seat", "action", "cursor"],
        "additionalProperties": False,
    }
    sync = {
        "type": "object",
        "properties": {"type": {"const": "sync"}, "seat": _natural(), "cursor": _natural()},
        "required": ["type", "seat", "cursor"],
        "additionalProperties": False,
    }
    memorised = {
        "type": "object",
        "properties": {"type": {"const": "memorised"}, "seat": _natural(), "cursor": _natural()},
        "required": ["type", "seat", "cursor"],
        "additionalProperties": False,
    }
    root = {
        "oneOf": [
            builder.ref("act", lambda: act),
            builder.ref("sync", lambda: sync),
            builder.ref("memorised", lambda: memorised),
        ]
    }
    return builder.document(f"{game.title}: a client's request", root)


def _glimpse() -> Schema:
    slot = {"anyOf": [{"type": "integer", "minimum": 0}, {"type": "null"}]}
    return {
        "type": "object",
        "description": "What a person is looking at now (cardgames.shown.Glimpse)",
        "properties": {
            "reason": {"enum": list(REASONS)},
            "owner": _natural(),
            "seen": {
                "type": "array",
                "items": {
                    "type": "array",
                    "prefixItems": [slot, {"$ref": "#/$defs/card"}],
                    "items": False,
                    "minItems": 2,
                },
            },
        },
        "required": ["reason", "owner", "seen"],
        "additionalProperties": False,
    }


def reply_schema(game: Game[Any]) -> Schema:
    """The schema of a server's message at a table of `game` (`Update` or `Refused`)."""
    builder = _Builder(game)
    update = {
        "type": "object",
        "properties": {
            "type": {"const": "update"},
            "version": {"const": PROTOCOL_VERSION},
            "seat": _natural(),
            "cursor": _natural(),
            "view": builder.ref("view", builder.view),
            "events": {"type": "array", "items": builder.of_type(Event)},
            "glimpse": {"anyOf": [builder.ref("glimpse", _glimpse), {"type": "null"}]},
        },
        "required": ["type", "version", "seat", "cursor", "view", "events", "glimpse"],
        "additionalProperties": False,
    }
    refused = {
        "type": "object",
        "properties": {
            "type": {"const": "refused"},
            "code": {"enum": list(CODES)},
            "message": {"type": "string"},
        },
        "required": ["type", "code", "message"],
        "additionalProperties": False,
    }
    root = {
        "oneOf": [builder.ref("update", lambda: update), builder.ref("refused", lambda: refused)]
    }
    return builder.document(f"{game.title}: a server's reply", root)


_BUILDERS: dict[str, Callable[[Game[Any]], Schema]] = {
    "action": action_schema,
    "event": event_schema,
    "view": view_schema,
    "request": request_schema,
    "reply": reply_schema,
}


def generate() -> dict[str, Schema]:
    """Every schema, keyed by its path under `cardgames/schemas/` (`<slug>/<name>.json`)."""
    return {
        f"{slug}/{name}.json": _BUILDERS[name](game)
        for slug, game in GAMES.items()
        for name in NAMES
    }


def _text(schema: Schema) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def shipped(slug: str, name: str) -> Schema:
    """Return the schema file the package ships for game `slug` (`name` one of `NAMES`).

    Raises:
        UnknownGameError: no game of that slug.
        ValueError: `name` is not one of `NAMES`.
    """
    game = get_game(slug)
    if name not in NAMES:
        msg = f"no schema {name!r}; the schemas are {list(NAMES)}"
        raise ValueError(msg)
    path = resources.files("cardgames").joinpath("schemas", game.slug, f"{name}.json")
    loaded: Schema = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def main(argv: Sequence[str] | None = None) -> int:
    """Check (default) or rewrite (`--write`) the schema files shipped in the package."""
    parser = argparse.ArgumentParser(
        prog="python -m cardgames.schema",
        description="Check or regenerate the JSON Schema files shipped in cardgames/schemas/.",
    )
    parser.add_argument("--write", action="store_true", help="rewrite the files")
    args = parser.parse_args(argv)
    folder = Path(str(resources.files("cardgames").joinpath("schemas")))
    stale = []
    for path, schema in generate().items():
        target = folder / path
        text = _text(schema)
        current = target.read_text(encoding="utf-8") if target.exists() else None
        if current == text:
            continue
        if args.write:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        stale.append(path)
    if args.write:
        sys.stdout.write(f"wrote {len(stale)} schema files under {folder}\n")
        return 0
    if stale:
        sys.stderr.write(f"stale schema files (run python -m cardgames.schema --write): {stale}\n")
        return 1
    sys.stdout.write("every schema file is up to date\n")
    return 0


if __name__ == "__main__":  # pragma: no cover - the command line
    raise SystemExit(main())
