"""The rules options of a game, as a designer reads them: type, default, bounds and clause.

Each game's `Rules` record declares its options as attrs fields; the metadata of each field
names the clause of the game's docs page it changes (`"clause"`), its bounds (`"low"`,
`"high"`, when it has any) and a one-line description in English and French (`"en"`, `"fr"`).
[`options`][cardgames.arena.rulebook] reads them for any game, so that `cardgames rules SLUG`,
the variants of [`compare`][cardgames.arena.compare] and the report headers know every option
without naming a game.

Examples:
    >>> from cardgames.arena import options
    >>> rounds = {option.name: option for option in options("crazy-mistigri")}["rounds"]
    >>> rounds.default, rounds.low, rounds.high, rounds.clause
    (2, 1, 1000, 'CM-10')
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Literal

import attrs

import cardgames
from cardgames.engine import Game
from cardgames.errors import InvalidSetupError

__all__ = [
    "Option",
    "changed_options",
    "options",
    "options_table",
    "parse_options",
    "rules_text",
]

Language = Literal["en", "fr"]


@attrs.frozen
class Option:
    """One rules option of a game."""

    name: str
    type: str
    """Its Python type, as written in the game's `Rules`."""
    default: object
    """The rulebook's value."""
    low: int | None
    """The smallest value allowed, if bounded below."""
    high: int | None
    """The largest value allowed, if bounded above."""
    clause: str
    """The id of the ruling it changes on the game's docs page (`CM-10`)."""
    text: Mapping[str, str]
    """What it does, by language (`"en"`, `"fr"`)."""

    @property
    def bounds(self) -> str:
        """The bounds as text: `1..1000`, `>= 0`, or `-` when unbounded."""
        if self.low is not None and self.high is not None:
            return f"{self.low}..{self.high}"
        if self.low is not None:
            return f">= {self.low}"
        return "-"


def _game(game: Game[Any] | str) -> Game[Any]:
    return cardgames.get_game(game) if isinstance(game, str) else game


def _type_text(annotation: object) -> str:
    """A field's type as written: the annotation's text, resolved or not (`attrs.resolve_types`)."""
    if isinstance(annotation, str):
        return annotation
    if isinstance(annotation, type) and not getattr(annotation, "__args__", None):
        return annotation.__name__
    return str(annotation).replace("typing.", "")


def options(game: Game[Any] | str) -> tuple[Option, ...]:
    """Every rules option of `game`, in the order its `Rules` declares them.

    Raises:
        UnknownGameError: no such game.
    """
    resolved = _game(game)
    found = []
    for field in attrs.fields(resolved.Rules):
        meta = field.metadata
        found.append(
            Option(
                name=field.name,
                type=_type_text(field.type),
                default=field.default,
                low=meta.get("low"),
                high=meta.get("high"),
                clause=meta.get("clause", ""),
                text={"en": meta.get("en", ""), "fr": meta.get("fr", meta.get("en", ""))},
            )
        )
    return tuple(found)


def changed_options(game: Game[Any] | str, rules: object) -> dict[str, object]:
    """The options of `rules` that differ from the rulebook's, by name (empty: the rulebook).

    Examples:
        >>> import cardgames
        >>> game = cardgames.get_game("crazy-mistigri")
        >>> changed_options(game, game.Rules(rounds=1))
        {'rounds': 1}
    """
    resolved = _game(game)
    if rules is None or not attrs.has(type(rules)):
        return {}
    default = resolved.Rules()
    return {
        field.name: getattr(rules, field.name)
        for field in attrs.fields(resolved.Rules)
        if getattr(rules, field.name) != getattr(default, field.name)
    }


def rules_text(game: Game[Any] | str, rules: object) -> str:
    """`the rulebook's rules`, or the options that differ from it: `rounds=1, max_rounds=3`."""
    changed = changed_options(game, rules)
    if not changed:
        return "the rulebook's rules"
    return ", ".join(f"{name}={_show(value)}" for name, value in changed.items())


def _show(value: object) -> str:
    if isinstance(value, tuple):
        return json.dumps(_listed(value), separators=(",", ":"))
    return json.dumps(value)


def _listed(value: object) -> object:
    if isinstance(value, tuple):
        return [_listed(item) for item in value]
    return value


def _value(text: str) -> object:
    try:
        value = json.loads(text)
    except ValueError:
        return text
    return _frozen(value)


def _frozen(value: object) -> object:
    """JSON lists as tuples: `Rules` fields hold tuples."""
    if isinstance(value, list):
        return tuple(_frozen(item) for item in value)
    return value


def parse_options(game: Game[Any] | str, text: str, base: object = None) -> object:
    """The `Rules` of `base` (default: the rulebook's) with `OPTION=VALUE,...` applied.

    Values are JSON (`1`, `true`, `null`, `[[1, 2]]`), else taken as text. An empty `text`
    keeps `base`.

    Raises:
        InvalidSetupError: an option the game lacks (the message lists its options), or a
            value its `Rules` refuses.

    Examples:
        >>> parse_options("crazy-animals", "knock_after=2,rounds=3")
        Rules(first_player=0, rounds=3, knock_after=2)
    """
    resolved = _game(game)
    known = [field.name for field in attrs.fields(resolved.Rules)]
    changes: dict[str, object] = {}
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        name, equals, value = item.partition("=")
        if not equals or name.strip() not in known:
            msg = (
                f"{item!r} is not OPTION=VALUE for a rules option of {resolved.title}; "
                f"its options: {', '.join(known)} (see: cardgames rules {resolved.slug})"
            )
            raise InvalidSetupError(msg)
        changes[name.strip()] = _value(value.strip())
    start: Any = resolved.Rules() if base is None else base
    try:
        return attrs.evolve(start, **changes)
    except (TypeError, ValueError) as error:
        msg = f"bad rules options for {resolved.title} ({text}): {error}"
        raise InvalidSetupError(msg) from None


def options_table(game: Game[Any] | str, lang: Language = "en") -> str:
    """Every option of `game` as an aligned text table, in English or French."""
    resolved = _game(game)
    header = {
        "en": ("option", "type", "default", "bounds", "clause", "what it changes"),
        "fr": ("option", "type", "défaut", "bornes", "règle", "ce qu’elle change"),
    }[lang]
    rows = [
        (o.name, o.type, _default_text(o.default), o.bounds, o.clause, o.text[lang])
        for o in options(resolved)
    ]
    widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header) - 1)]

    def line(row: tuple[str, ...]) -> str:
        cells = [cell.ljust(width) for cell, width in zip(row, widths, strict=False)]
        return "  ".join([*cells, row[-1]]).rstrip()

    title = {
        "en": f"{resolved.title}: rules options (the defaults are the rulebook's game)",
        "fr": f"{resolved.title} : options de règles (les défauts sont le jeu de la règle)",
    }[lang]
    usage = {
        "en": f"use: cardgames simulate {resolved.slug} --rule OPTION=VALUE, "
        "or --variant NAME:OPTION=VALUE,...",
        "fr": f"usage : cardgames simulate {resolved.slug} --rule OPTION=VALEUR, "
        "ou --variant NOM:OPTION=VALEUR,...",
    }[lang]
    return "\n".join([title, "", line(header), *(line(row) for row in rows), "", usage])


def _default_text(value: object) -> str:
    text = _show(value)
    return text if len(text) <= 24 else text[:21] + "..."  # noqa: PLR2004 - a table cell
