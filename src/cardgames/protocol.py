"""The messages an app's server and its clients exchange about a live table, as JSON.

A client sends requests for its seat: [`Act`][cardgames.protocol.Act] (play an action),
[`Sync`][cardgames.protocol.Sync] (what happened since my cursor?) or
[`Memorised`][cardgames.protocol.Memorised] (« C'est mémorisé »). The server answers with
replies: an [`Update`][cardgames.protocol.Update] (the seat's view and the events since the
client's cursor, only as that seat saw them) or a [`Refused`][cardgames.protocol.Refused] with
a code and a message. [`handle`][cardgames.protocol.handle] does the server's whole part for one
incoming message: it parses the untrusted text for the seat of the connection, acts on the
[`Table`][cardgames.table.Table] and returns the replies. A forged message (another seat, bad
JSON, wrong types, huge input) is refused; it never raises and never changes the table.

An `Act` names the position it was chosen at: its `cursor` must be the table's
[`cursor`][cardgames.table.Table.cursor], or it is refused as `stale` and the table does not
change, so a double click, a message sent twice, two moves chosen at one position or two
connections of one seat play exactly one move. `handle` never plays a bot: the server does,
with [`Table.play_bots`][cardgames.table.Table.play_bots] or in a process pool
([`Table.bot_turn`][cardgames.table.Table.bot_turn]), and sends each client its `update`.
This is version 3 of the protocol ([`PROTOCOL_VERSION`][cardgames.protocol.PROTOCOL_VERSION]),
carried by every `Update`.

Every message has `to_dict()` (plain JSON data, tagged by `"type"`) and `to_json()` (text);
`request_from_json` and `reply_from_json` load them back, checking every field.

Examples:
    >>> from cardgames.protocol import Act, handle
    >>> from cardgames.table import Table
    >>> table = Table.new("kitten-tricks", players=3, bots={1: "random", 2: "random"}, seed=1)
    >>> card = table.view(0).legal_actions[0]
    >>> move = Act(0, card, cursor=table.cursor)
    >>> [reply.type for reply in handle(table, 0, move.to_json())]
    ['update']
    >>> [(r.type, r.code) for r in handle(table, 0, move.to_json())]  # the same move again
    [('refused', 'stale')]
    >>> [(r.type, r.code) for r in handle(table, 1, Act(1, card, table.cursor).to_json())]
    [('refused', 'not-your-turn')]
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, ClassVar

import attrs

from cardgames import _codec
from cardgames.engine import MAX_JSON_LENGTH, Action, Event, Game, View
from cardgames.errors import (
    IllegalActionError,
    InvalidSeatError,
    InvalidStateError,
    NotYourTurnError,
    StaleMoveError,
)
from cardgames.shown import Glimpse, shown
from cardgames.table import Table

__all__ = [
    "CODES",
    "MAX_REQUEST_LENGTH",
    "PROTOCOL_VERSION",
    "Act",
    "Memorised",
    "Refused",
    "Reply",
    "Request",
    "Sync",
    "Update",
    "handle",
    "reply_from_json",
    "request_from_json",
    "update",
]

PROTOCOL_VERSION = 3
"""The version of the protocol, sent as `version` in every [`Update`][cardgames.protocol.Update].

Version 3 sends a person's seat what its screen may show (`cardgames.shown`: no remembered
card, a `glimpse` field for what the person is looking at now) and adds the `memorised`
request. Version 2 made an `Act`'s `cursor` binding (the `stale` code) and added `version` to
updates; in version 1 an `Act` from an earlier position was played at the current one.
"""

CODES = (
    "illegal-action",
    "malformed",
    "not-your-turn",
    "stale",
    "unknown-seat",
    "wrong-seat",
)
"""The codes of a [`Refused`][cardgames.protocol.Refused] reply.

* `stale`: an `Act` whose `cursor` is not the table's: the move was chosen at another position
  (the table has moved on, or the same move was already played); the client syncs and
  chooses again;
* `not-your-turn`: it is another seat's turn (or the seat is a bot's);
* `illegal-action`: the action is not one of the seat's legal actions (or the match is over);
* `malformed`: the message is not a well-formed request (bad JSON, wrong types, unknown
  fields, too long, a `Sync` cursor beyond the table's);
* `unknown-seat`: the connection's seat is not a seat of the table;
* `wrong-seat`: the message speaks for another seat than the connection's.
"""
MAX_REQUEST_LENGTH = 65_536
"""The longest request `handle` reads, in characters; a real one is under 200."""


def _seat(value: int) -> None:
    if type(value) is not int or value < 0:
        msg = f"a seat must be an int >= 0, got {value!r}"
        raise TypeError(msg)


def _check_seat(_: object, __: object, value: int) -> None:
    _seat(value)


def _check_cursor(_: object, __: object, value: int) -> None:
    if type(value) is not int or value < 0:
        msg = f"a cursor must be an int >= 0, got {value!r}"
        raise TypeError(msg)


def _check_code(_: object, __: object, value: str) -> None:
    if value not in CODES:
        msg = f"code must be one of {list(CODES)}, got {value!r}"
        raise ValueError(msg)


@attrs.frozen
class Act:
    """Client to server: play `action` for `seat` at position `cursor`.

    Build it as `Act(seat, action, cursor=table.cursor)`, from the position the client shows.
    """

    type: ClassVar[str] = "act"
    seat: int = attrs.field(validator=_check_seat)
    """The seat the client plays (it must be the connection's)."""
    action: Action
    """The action to play (one of the seat's `legal_actions`)."""
    cursor: int = attrs.field(validator=_check_cursor)
    """The table's cursor the move was chosen at; any other than the table's is `stale`.

    The update that answers an accepted move holds the events from there on.
    """

    def to_dict(self) -> dict[str, Any]:
        """Return the message as plain JSON data."""
        return {
            "type": self.type,
            "seat": self.seat,
            "action": self.action.to_dict(),
            "cursor": self.cursor,
        }

    def to_json(self) -> str:
        """Return the message as JSON text."""
        return json.dumps(self.to_dict(), separators=(",", ":"))


@attrs.frozen
class Sync:
    """Client to server: what has happened since `cursor`? The reply is an `Update`."""

    type: ClassVar[str] = "sync"
    seat: int = attrs.field(validator=_check_seat)
    """The seat the client plays (it must be the connection's)."""
    cursor: int = attrs.field(validator=_check_cursor)
    """The client's cursor (0 for everything since the deal)."""

    def to_dict(self) -> dict[str, Any]:
        """Return the message as plain JSON data."""
        return {"type": self.type, "seat": self.seat, "cursor": self.cursor}

    def to_json(self) -> str:
        """Return the message as JSON text."""
        return json.dumps(self.to_dict(), separators=(",", ":"))


@attrs.frozen
class Memorised:
    """Client to server: the person at `seat` has memorised what they saw: « C'est mémorisé ».

    It ends the seat's glimpse of a first look, a peek or a card taken from the discard pile
    ([`Table.memorised`][cardgames.table.Table.memorised]) as the client showed it at
    `cursor`. The reply is an `Update` from `cursor`, like a `Sync`'s. Not a move: it is
    never `stale`, and a bot's seat may send it to no effect.
    """

    type: ClassVar[str] = "memorised"
    seat: int = attrs.field(validator=_check_seat)
    """The seat the client plays (it must be the connection's)."""
    cursor: int = attrs.field(validator=_check_cursor)
    """The client's cursor: the screen whose glimpse the person memorised."""

    def to_dict(self) -> dict[str, Any]:
        """Return the message as plain JSON data."""
        return {"type": self.type, "seat": self.seat, "cursor": self.cursor}

    def to_json(self) -> str:
        """Return the message as JSON text."""
        return json.dumps(self.to_dict(), separators=(",", ":"))


@attrs.frozen
class Update:
    """Server to client: the seat's view now, and the events since the client's cursor.

    To keep updates small, `view.events` is empty: the events come in `events`, from the
    client's cursor to `cursor`. A client that keeps the events it received rebuilds the
    full view with `full_view` (what bots and `Game.sample_world` need). Its JSON carries
    `version`, the [`PROTOCOL_VERSION`][cardgames.protocol.PROTOCOL_VERSION] of the server.

    A person's seat (`Table.humans`) gets what its screen may show
    ([`cardgames.shown`][cardgames.shown]): no remembered card in `view` or `events`, and
    what the person looks at now in `glimpse`. A bot's seat gets its whole view and events,
    and no glimpse.
    """

    type: ClassVar[str] = "update"
    version: ClassVar[int] = PROTOCOL_VERSION
    seat: int = attrs.field(validator=_check_seat)
    """The seat this update is for."""
    cursor: int = attrs.field(validator=_check_cursor)
    """The table's cursor: the client's next `cursor`."""
    view: View
    """The seat's view, without its events."""
    events: tuple[Event, ...]
    """The events from the client's cursor to `cursor`, as the seat saw them."""
    glimpse: Glimpse | None = None
    """What the person at the seat is looking at now ([`Glimpse`][cardgames.shown.Glimpse])."""

    def full_view(self, earlier: Sequence[Event]) -> View:
        """Return the seat's whole view, given the events received before this update."""
        return attrs.evolve(self.view, events=(*earlier, *self.events))

    def to_dict(self) -> dict[str, Any]:
        """Return the message as plain JSON data."""
        return {
            "type": self.type,
            "version": self.version,
            "seat": self.seat,
            "cursor": self.cursor,
            "view": self.view.to_dict(),
            "events": [event.to_dict() for event in self.events],
            "glimpse": None if self.glimpse is None else self.glimpse.to_dict(),
        }

    def to_json(self) -> str:
        """Return the message as JSON text."""
        return json.dumps(self.to_dict(), separators=(",", ":"))


@attrs.frozen
class Refused:
    """Server to client: the request was refused; nothing changed. `code` is one of `CODES`."""

    type: ClassVar[str] = "refused"
    code: str = attrs.field(validator=_check_code)
    """What kind of refusal: one of [`CODES`][cardgames.protocol.CODES]."""
    message: str
    """A sentence for the player; it tells the seat nothing its view does not show."""

    def to_dict(self) -> dict[str, Any]:
        """Return the message as plain JSON data."""
        return {"type": self.type, "code": self.code, "message": self.message}

    def to_json(self) -> str:
        """Return the message as JSON text."""
        return json.dumps(self.to_dict(), separators=(",", ":"))


Request = Act | Sync | Memorised
"""A message from a client."""
Reply = Update | Refused
"""A message from the server."""


def update(table: Table, seat: int, since: int = 0) -> Update:
    """Return the update that brings `seat`'s client from cursor `since` to the table's.

    A server sends one to every other client after a move (each from its own cursor). A
    person's seat gets what its screen may show (`cardgames.shown`), a bot's seat its whole
    view.

    Raises:
        InvalidSeatError: no such seat at the table.
        InvalidCursorError: `since` is not an int in `0 .. table.cursor`.
    """
    if seat in table.bots:
        events = table.events(seat, since)
        view = attrs.evolve(table.view(seat), events=())
        return Update(seat, table.cursor, view, events)
    screen = shown(table, seat, since)
    view = attrs.evolve(screen.view, events=())
    return Update(seat, table.cursor, view, screen.events, screen.glimpse)


def handle(table: Table, seat: int, text: str) -> list[Reply]:
    """Serve one untrusted message from the connection that plays `seat`.

    The message is parsed (at most `MAX_REQUEST_LENGTH` characters), checked to speak for
    `seat`, and acted on. An `Act` that the table accepts, or a `Sync`, gets an `Update` from
    the message's cursor, and so does a `Memorised` (after recording it); anything else gets
    one `Refused`, and leaves the table unchanged. An
    `Act` is accepted only at the cursor it names (else `stale`), so each move plays at most
    once however often it arrives. No bot plays: after an accepted move the server lets the
    bots play ([`Table.play_bots`][cardgames.table.Table.play_bots], or the process-pool steps)
    and sends every client its [`update`][cardgames.protocol.update].

    Returns:
        The replies to send back on that connection.
    """
    if type(seat) is not int or not 0 <= seat < table.players:
        message = f"no seat {seat!r} at this table (seats are 0..{table.players - 1})"
        return [Refused("unknown-seat", message)]
    try:
        request = request_from_json(table.game, text)
    except InvalidStateError as exc:
        return [Refused("malformed", str(exc))]
    refused = _refusal(table, seat, request)
    if refused is not None:
        return [refused]
    return [update(table, seat, request.cursor)]


def _refusal(table: Table, seat: int, request: Request) -> Refused | None:
    """Carry out a well-formed request for `seat`, or say why it is refused."""
    if request.seat != seat:
        return Refused("wrong-seat", f"this connection plays seat {seat}, not {request.seat}")
    if isinstance(request, Act):
        try:
            table.act(seat, request.action, cursor=request.cursor)
        except (StaleMoveError, InvalidSeatError, IllegalActionError) as exc:
            return Refused(_code_of(exc), str(exc))
    elif request.cursor > table.cursor:
        message = f"cursor: {request.cursor} is beyond the table's cursor {table.cursor}"
        return Refused("malformed", message)
    elif isinstance(request, Memorised):
        table.memorised(seat, request.cursor)
    return None


def _code_of(error: Exception) -> str:
    """The refusal code of an error `Table.act` raised (a turn error is an illegal action)."""
    if isinstance(error, StaleMoveError):
        return "stale"
    if isinstance(error, NotYourTurnError):
        return "not-your-turn"
    if isinstance(error, InvalidSeatError):  # pragma: no cover - the seat was checked before
        return "unknown-seat"
    return "illegal-action"


# -- loading messages ---------------------------------------------------------------------------

_REQUEST_KEYS = {
    "act": ("type", "seat", "action", "cursor"),
    "sync": ("type", "seat", "cursor"),
    "memorised": ("type", "seat", "cursor"),
}
_REPLY_KEYS = {
    "update": ("type", "version", "seat", "cursor", "view", "events", "glimpse"),
    "refused": ("type", "code", "message"),
}


def request_from_json(
    game: Game[Any], text: str, *, max_length: int | None = MAX_REQUEST_LENGTH
) -> Request:
    """Load a client's message for a table of `game`, treating it as untrusted.

    Raises:
        InvalidStateError: not JSON text of an object, longer than `max_length`, an unknown
            `type`, or a field missing, unknown or of the wrong type (the action included);
            the message names the JSON path.
    """
    try:
        doc = _codec.parse_document(text, max_length)
        kind = _type_of(doc, _REQUEST_KEYS)
        seat = _natural(doc, "seat")
        cursor = _natural(doc, "cursor")
        if kind == "sync":
            return Sync(seat, cursor)
        if kind == "memorised":
            return Memorised(seat, cursor)
        try:
            action = game.action_from_dict(doc["action"])
        except InvalidStateError as exc:
            raise _codec.CodecError("action", str(exc).removeprefix("action: ")) from None
        return Act(seat, action, cursor)
    except _codec.CodecError as exc:
        raise InvalidStateError(str(exc)) from None


def reply_from_json(
    game: Game[Any], text: str, *, max_length: int | None = MAX_JSON_LENGTH
) -> Reply:
    """Load a server's message for a table of `game`, checking every field.

    Raises:
        InvalidStateError: not JSON text of an object, longer than `max_length`, an unknown
            `type` or code, an update of another `version` than `PROTOCOL_VERSION`, or a
            field missing, unknown or of the wrong type (the view and the events included);
            the message names the JSON path.
    """
    try:
        return _load_reply(game, _codec.parse_document(text, max_length))
    except _codec.CodecError as exc:
        raise InvalidStateError(str(exc)) from None


def _load_reply(game: Game[Any], doc: dict[str, Any]) -> Reply:
    kind = _type_of(doc, _REPLY_KEYS)
    if kind == "refused":
        code, message = doc["code"], doc["message"]
        if code not in CODES:
            raise _codec.CodecError("code", f"expected one of {list(CODES)}, got {code!r:.60}")
        if not isinstance(message, str):
            raise _codec.CodecError("message", "expected a string")
        return Refused(code, message)
    version = doc["version"]
    if type(version) is not int or version != PROTOCOL_VERSION:
        msg = f"this client reads protocol version {PROTOCOL_VERSION}, got {version!r:.60}"
        raise _codec.CodecError("version", msg)
    seat = _natural(doc, "seat")
    cursor = _natural(doc, "cursor")
    try:
        view = game.view_from_dict(doc["view"])
    except InvalidStateError as exc:
        raise _codec.CodecError("view", str(exc)) from None
    events = doc["events"]
    if not isinstance(events, list):
        raise _codec.CodecError("events", "expected an array of events")
    loaded: list[Event] = []
    for i, item in enumerate(events):
        try:
            loaded.append(game.event_from_dict(item))
        except InvalidStateError as exc:
            raise _codec.CodecError(f"events[{i}]", str(exc)) from None
    return Update(seat, cursor, view, tuple(loaded), _load_glimpse(game, doc["glimpse"], view))


def _load_glimpse(game: Game[Any], data: object, view: View) -> Glimpse | None:
    if data is None:
        return None
    card = game._card  # noqa: SLF001 - the game's own card codes, as its other documents use
    glimpse = _codec.decode_record(Glimpse, data, "glimpse", card, ignore=frozenset({"kind"}))
    if not 0 <= glimpse.owner < view.players:
        raise _codec.CodecError("glimpse.owner", f"no seat {glimpse.owner} at this table")
    return glimpse


def _type_of(doc: dict[str, Any], keys: dict[str, tuple[str, ...]]) -> str:
    kind = doc.get("type")
    if not isinstance(kind, str) or kind not in keys:
        raise _codec.CodecError("type", f"expected one of {sorted(keys)}, got {kind!r:.60}")
    expected = keys[kind]
    if set(doc) != set(expected):
        missing, extra = sorted(set(expected) - set(doc)), sorted(set(doc) - set(expected))
        raise _codec.CodecError("document", f"missing keys {missing}, unknown keys {extra}")
    return kind


def _natural(doc: dict[str, Any], key: str) -> int:
    value = doc[key]
    if type(value) is not int or value < 0:
        raise _codec.CodecError(key, f"expected an integer >= 0, got {value!r:.60}")
    return value
