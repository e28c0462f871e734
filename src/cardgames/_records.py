"""The engine's records: the base classes of actions and events, the deal event, outcomes, views.

They live apart from `cardgames.engine` (which re-exports every public name) because they are
attrs records, which stay interpreted Python in the compiled build: mypyc cannot compile a class
that attrs rebuilds, and the modules it compiles (`rng`, each game's `rules`) build these records.
See the Performance page.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar

import attrs

from cardgames import _codec
from cardgames.cards import Card

if TYPE_CHECKING:
    from cardgames._codec import JSONValue

__all__ = [
    "FORMAT_VERSION",
    "VIEW_FORMAT",
    "Action",
    "Dealt",
    "Event",
    "Outcome",
    "View",
]

VIEW_FORMAT = "cardgames/view"
"""The ``format`` tag of a serialized view (its version is `FORMAT_VERSION`)."""
FORMAT_VERSION = 2
"""The version of the serialized state format that this release writes.

Version 2 writes the history compactly (see Serialization in the engine contract).
`Game.from_json` reads versions 1 and 2, so saves of earlier releases keep loading.
"""

_C = TypeVar("_C", bound=Card)


class Action:
    """Base class of every game's actions.

    Subclasses are frozen attrs records with a class-level ``kind`` (a stable kebab-case string)
    and a ``__str__`` giving a short human-readable form. They compare and hash by value.
    """

    __slots__ = ()
    kind: ClassVar[str]
    interchangeable: ClassVar[bool] = False
    """Whether the legal actions of this class all have the same effect, whichever is played.

    True for a blind draw by position: the engine reshuffles the hand drawn from before every
    draw, so a bot or a search may treat those actions as one.
    """

    def to_dict(self) -> dict[str, JSONValue]:
        """Return the action's plain JSON form: ``{"kind": ..., <fields>}``.

        [`Game.action_from_dict`][cardgames.engine.Game.action_from_dict] is its inverse.
        """
        out = _codec.encode(self)
        assert isinstance(out, dict)  # noqa: S101 - actions are attrs records
        return out

    def to_json(self) -> str:
        """Return the action as JSON text (`to_dict`, serialized).

        [`Game.action_from_json`][cardgames.engine.Game.action_from_json] is its inverse.
        """
        return json.dumps(self.to_dict(), separators=(",", ":"))


@attrs.frozen(slots=True)
class Event:
    """Something that happened in a match, with who may see it in full.

    ``visible_to`` is ``None`` for a public event, else the seats that see it in full; every
    other seat sees `redacted`. Games subclass it with a class-level ``kind`` and the
    event's own fields; a private event overrides `redacted` to blank its secret fields.
    """

    kind: ClassVar[str] = "event"
    visible_to: frozenset[int] | None = attrs.field(default=None, kw_only=True)

    def is_visible_to(self, seat: int) -> bool:
        """Return whether ``seat`` sees this event in full."""
        return self.visible_to is None or seat in self.visible_to

    def redacted(self) -> Self:
        """Return the event as a seat outside ``visible_to`` sees it (public events: itself)."""
        return self

    def seen_by(self, seat: int) -> Self:
        """Return the event as ``seat`` sees it."""
        if self.visible_to is None or seat in self.visible_to:
            return self
        return self.redacted()

    def cards(self) -> tuple[Card, ...]:
        """Return every card this event shows (none once redacted)."""
        found: list[Card] = []
        for field in attrs.fields(type(self)):
            value = getattr(self, field.name)
            if isinstance(value, Card):
                found.append(value)
            elif isinstance(value, tuple):
                found.extend(v for v in value if isinstance(v, Card))
        return tuple(found)

    def to_dict(self) -> dict[str, JSONValue]:
        """Return the event's plain JSON form: ``{"kind": ..., "visible_to": ..., <fields>}``.

        [`Game.event_from_dict`][cardgames.engine.Game.event_from_dict] is its inverse. Send a
        seat the event as it sees it (`seen_by`), never the event itself.
        """
        out = _codec.encode(self)
        assert isinstance(out, dict)  # noqa: S101 - events are attrs records
        return out

    def to_json(self) -> str:
        """Return the event as JSON text (`to_dict`, serialized)."""
        return json.dumps(self.to_dict(), separators=(",", ":"))


@attrs.frozen(slots=True)
class Dealt(Event, Generic[_C]):
    """``seat`` was dealt ``count`` cards; only that seat sees which (``hand``).

    The deal event of every game that deals hands; each game module re-exports it.
    """

    kind: ClassVar[str] = "dealt"
    seat: int
    count: int
    hand: tuple[_C, ...] = ()

    def redacted(self) -> Dealt[_C]:
        """Hide the cards."""
        return attrs.evolve(self, hand=())

    def __str__(self) -> str:
        """Describe the deal."""
        shown = f": {', '.join(map(str, self.hand))}" if self.hand else ""
        return f"seat {self.seat} is dealt {self.count} cards{shown}"


@attrs.frozen(slots=True)
class Outcome:
    """How a finished match ended."""

    winners: tuple[int, ...]
    """The winning seats, in seat order (a tie shares the win)."""
    scores: tuple[int, ...]
    """The final match score of each seat, as the game counts it."""
    losers: tuple[int, ...] = ()
    """The seats the game names as losers (empty where it names none)."""


@attrs.frozen(slots=True)
class View:
    """All that one seat may know of a match, and nothing else.

    Games subclass it with their own public and private fields. A view holds no reference to
    the state it was taken from.
    """

    game: ClassVar[str] = ""
    seat: int
    players: int
    to_move: int | None
    is_over: bool
    round: int
    scores: tuple[int, ...]
    legal_actions: tuple[Action, ...]
    events: tuple[Event, ...]
    rules: Any
    """The rules options of the match (public: every player agreed on them)."""

    def to_dict(self) -> dict[str, JSONValue]:
        """Return the view as a plain JSON-compatible document (see `to_json`)."""
        body = _codec.encode(self)
        assert isinstance(body, dict)  # noqa: S101 - views are attrs records
        doc: dict[str, JSONValue] = {"format": VIEW_FORMAT, "version": FORMAT_VERSION}
        doc["game"] = self.game
        doc.update(body)
        return doc

    def to_json(self) -> str:
        """Return the view as a JSON document (what a client app would send to that seat).

        [`Game.view_from_json`][cardgames.engine.Game.view_from_json] loads it back into an
        equal view, which bots and `Game.sample_world` accept.
        """
        return json.dumps(self.to_dict(), separators=(",", ":"))


@attrs.frozen
class _Sampled:
    """The setup of a world sampled from a view: the position it starts from."""

    position: object
