"""Live tables: a match with named seats, bots at some of them, and a turn check.

A [`Table`][cardgames.table.Table] is what an app holds for one match: a game server, a chat bot,
a hot-seat terminal game. It owns the state, knows which seats bots play, and only lets a seat
act on its own turn, at the position it chose its move at.

Bots play only when asked. [`Table.new`][cardgames.table.Table.new],
[`Table.from_json`][cardgames.table.Table.from_json] and [`Table.act`][cardgames.table.Table.act]
never run one; [`play_bots`][cardgames.table.Table.play_bots] plays them, in this process, up
to the next human decision or the end. A server that keeps bots off its event loop splits that
loop in three: [`bot_turn`][cardgames.table.Table.bot_turn] gives the pending decision as a
picklable [`BotTurn`][cardgames.table.BotTurn], [`decide`][cardgames.table.decide] chooses
in any process (a process pool's worker), and
[`apply_bot`][cardgames.table.Table.apply_bot] plays the [`BotMove`][cardgames.table.BotMove]
if the table is still where the bot was asked.

Everything a seat is told comes from that seat's view: `view(seat)`, `events(seat, since)`,
and the messages of the errors `act` raises, which never tell a seat what it may not know.

Examples:
    >>> from cardgames.table import Table
    >>> table = Table.new("classic-mistigri", players=3, bots={1: "random", 2: "random"}, seed=4)
    >>> table.humans
    (0,)
    >>> table.to_move
    0
    >>> table.act(0, table.view(0).legal_actions[0], cursor=table.cursor)
    >>> table.to_move
    1
    >>> table.play_bots()
    2
    >>> table.to_move
    0
"""

from __future__ import annotations

import base64
import binascii
import json
import random
import struct
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

import attrs

from cardgames import _codec, get_game
from cardgames._codec import short_repr as _codec_repr
from cardgames.bots.spec import BotSpec
from cardgames.engine import MAX_JSON_LENGTH, Action, Event, Game, Outcome, State, View
from cardgames.errors import (
    CardGameError,
    IllegalActionError,
    InvalidCursorError,
    InvalidSeatError,
    InvalidSetupError,
    InvalidStateError,
    NotYourTurnError,
    StaleMoveError,
)

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "MAX_NAME_LENGTH",
    "BotMove",
    "BotSpec",
    "BotTurn",
    "Table",
    "decide",
]

FORMAT = "cardgames/table"
"""The ``format`` tag of a saved table."""
FORMAT_VERSION = 2
"""The version of the saved table format that this release writes; it reads versions 1 and 2.

Version 2 added the memory aid and the glimpse marks (`cardgames.shown`); a version 1 table
loads with the aid off and no glimpse showing.
"""
MAX_NAME_LENGTH = 64
"""The longest player name a table accepts, in characters."""

_RNG_WORDS = 625  # random.Random's state: 624 words of Mersenne Twister and a position
_RNG_BYTES = 4 * _RNG_WORDS
_TABLE_KEYS_V1 = ("format", "version", "game", "names", "bots", "state")
_TABLE_KEYS = (*_TABLE_KEYS_V1, "memory_aid", "moved", "memorised")
_BOT_KEYS = ("seat", "kind", "options", "rng", "gauss")


@attrs.frozen
class BotTurn:
    """A bot's pending decision at a table: all that [`decide`][cardgames.table.decide] needs.

    Frozen and picklable, so that a server can send it to a process pool. It holds only what
    the bot's seat may know (its view), never the state.
    """

    slug: str
    """The game's slug."""
    seat: int
    """The bot's seat, the seat to move."""
    cursor: int
    """The table's cursor when the bot was asked: the position its move is chosen at."""
    spec: BotSpec
    """The bot, by its spec (built afresh where the decision is made)."""
    view: View
    """The bot's seat's view (all it may know)."""
    rng: tuple[Any, ...]
    """The state of the bot's `random.Random` (`getstate()`) before it chooses."""


@attrs.frozen
class BotMove:
    """A bot's chosen move, for [`Table.apply_bot`][cardgames.table.Table.apply_bot].

    Frozen and picklable: a process pool's worker sends it back.
    """

    seat: int
    """The bot's seat."""
    cursor: int
    """The position the move was chosen at (the turn's cursor)."""
    action: Action
    """The chosen action, one of the view's legal actions."""
    rng: tuple[Any, ...]
    """The state of the bot's `random.Random` after choosing, which the table takes on."""


def decide(turn: BotTurn) -> BotMove:
    """Build the turn's bot from its spec and choose its move, in any process.

    An `ismcts` spec with a `seconds` budget answers within that time and one move of the
    game (the search checks the clock at every simulated move); one with an iteration budget
    alone gives the same move for the same turn on every machine.

    Examples:
        >>> from cardgames.table import Table, decide
        >>> table = Table.new("crazy-animals", players=2, bots={0: "heuristic"}, seed=3)
        >>> turn = table.bot_turn()
        >>> (turn.seat, turn.cursor == table.cursor)
        (0, True)
        >>> move = decide(turn)
        >>> table.apply_bot(move)
        >>> table.cursor > move.cursor
        True
    """
    bot = turn.spec.build(turn.slug)
    rng = random.Random()  # noqa: S311 - a bot's reproducible generator
    rng.setstate(turn.rng)
    action = bot.choose(turn.view, rng)
    return BotMove(turn.seat, turn.cursor, action, rng.getstate())


class Table:
    """One live match: the state, the names of the seats, and the bots at some of them.

    Build one with [`Table.new`][cardgames.table.Table.new] or load one with
    [`Table.from_json`][cardgames.table.Table.from_json]. The table changes only through
    [`act`][cardgames.table.Table.act] (a human's move) and
    [`apply_bot`][cardgames.table.Table.apply_bot] or
    [`play_bots`][cardgames.table.Table.play_bots] (the bots' moves); a refused call leaves it
    exactly as it was. A table is not thread-safe: serve each table from one thread (or behind
    a lock), or change a [`copy`][cardgames.table.Table.copy] and swap it in.
    """

    __slots__ = (
        "_bots",
        "_game",
        "_memorised",
        "_memory_aid",
        "_moved",
        "_names",
        "_players",
        "_rngs",
        "_state",
    )

    def __init__(
        self,
        state: State[Any],
        names: tuple[str, ...],
        bots: Mapping[int, BotSpec],
        rngs: Mapping[int, random.Random],
        *,
        memory_aid: bool = False,
        marks: tuple[Sequence[int], Sequence[int]] | None = None,
    ) -> None:
        """Wrap a checked state; users build tables with `new` or `from_json`."""
        self._state: State[Any] = state
        self._game: Game[Any] = state.game
        self._players = state.players
        self._names = names
        self._bots: Mapping[int, BotSpec] = MappingProxyType(dict(sorted(bots.items())))
        self._rngs = dict(rngs)
        self._memory_aid = memory_aid
        # Per seat: the cursor before its last move, and the cursor it last said « C'est
        # mémorisé » at. Only events from there on can be in that seat's glimpse.
        moved, memorised = marks if marks is not None else ((0,) * state.players,) * 2
        self._moved = list(moved)
        self._memorised = list(memorised)

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        game: str | Game[Any],
        *,
        players: int,
        names: Sequence[str] | None = None,
        bots: Mapping[int, BotSpec | str] | None = None,
        seed: int | None = None,
        rules: object | None = None,
        memory_aid: bool = False,
    ) -> Table:
        """Deal a new match; no bot plays until [`play_bots`][cardgames.table.Table.play_bots].

        Args:
            game: the game, or its slug.
            players: the number of seats.
            names: one name per seat (printable, 1 to `MAX_NAME_LENGTH` characters);
                default `"Seat 0"`, `"Seat 1"`, ...
            bots: the seats that bots play, each with its
                [`BotSpec`][cardgames.arena.BotSpec] or a spec's text (`"random"`,
                `"heuristic"`, `"ismcts:iterations=200"`); every other seat is a human's.
            seed: drives the deal, every random outcome and the bots' choices; `None` draws
                one from the OS. Each bot plays with its own `random.Random`, seeded from the
                match seed and its seat as in [`play_match`][cardgames.bots.play_match], so a
                table of bots only, played by `play_bots`, replays `play_match` exactly.
            rules: the game's `Rules`; default the rulebook's game.
            memory_aid: whether a person's screen keeps the cards their seat remembers
                (see `cardgames.shown`); off by default, and shown to everyone at the table.

        Raises:
            UnknownGameError: no game of that slug.
            InvalidSetupError: a player count, seed or rules the game refuses; names of the
                wrong number or form; a bot at a seat the match does not have (seats are
                `int`s, never text); an unknown bot, a bot option out of its bounds, or a bot
                given by factory (a table must be able to save it); a `memory_aid` that is
                not a bool.
        """
        aid: object = memory_aid
        if not isinstance(aid, bool):
            msg = f"memory_aid must be True or False, got {_codec_repr(aid)}"
            raise InvalidSetupError(msg)
        found = game if isinstance(game, Game) else get_game(game)
        state: State[Any] = found.new(players, seed=seed, rules=rules)
        checked_names = _check_names(names, state.players)
        specs = _check_bots(bots, state.players)
        # Bots need reproducible play, not secrecy; the derivation is play_match's.
        rngs = {seat: random.Random(f"{state.seed}/{seat}") for seat in specs}  # noqa: S311
        return cls(state, checked_names, specs, rngs, memory_aid=memory_aid)

    # -- what anyone may read -----------------------------------------------------------------

    @property
    def game(self) -> Game[Any]:
        """The game played at this table."""
        return self._game

    @property
    def players(self) -> int:
        """The number of seats; seats are `0 .. players - 1`."""
        return self._players

    @property
    def names(self) -> tuple[str, ...]:
        """The name of each seat."""
        return self._names

    @property
    def bots(self) -> Mapping[int, BotSpec]:
        """The seats played by bots, each with its spec (read-only), in seat order."""
        return self._bots

    @property
    def memory_aid(self) -> bool:
        """Whether a person's screen keeps the cards their seat remembers (`cardgames.shown`).

        Public: every seat at the table may be told it.
        """
        return self._memory_aid

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats without a bot, in seat order."""
        return tuple(seat for seat in range(self._players) if seat not in self._bots)

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is (a human's or a bot's), or `None` once the match is over.

        While it is a bot's seat, [`bot_turn`][cardgames.table.Table.bot_turn] is not `None`.
        """
        return self._state.to_move

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self._state.is_over

    @property
    def outcome(self) -> Outcome | None:
        """How the match ended, or `None` while it is played."""
        return self._state.outcome

    @property
    def cursor(self) -> int:
        """How many events the match has had so far: the `since` that asks for what comes next.

        Every seat sees the same number of events (a hidden event reaches a seat redacted, not
        removed), so one cursor serves every seat.
        """
        return len(self._state.events)

    @property
    def state(self) -> State[Any]:
        """The whole state, hidden cards included: for the server itself, never for a client."""
        return self._state

    def view(self, seat: int) -> View:
        """Return all that `seat` may know now.

        Raises:
            InvalidSeatError: no such seat at this table.
        """
        return self._state.view(self._check_seat(seat))

    def events(self, seat: int, since: int = 0) -> tuple[Event, ...]:
        """Return the events from position `since` on, as `seat` saw them.

        The pieces `events(seat, 0)`, `events(seat, a)`, ... taken at successive cursors
        concatenate to `view(seat).events`.

        Raises:
            InvalidSeatError: no such seat at this table.
            InvalidCursorError: `since` is not an int in `0 .. cursor`.
        """
        seat = self._check_seat(seat)
        self._check_mark("since", since)
        return tuple(event.seen_by(seat) for event in self._state.events[since:])

    # -- the one way to change a table --------------------------------------------------------

    def act(self, seat: int, action: Action, *, cursor: int | None = None) -> None:
        """Play `action` for the human at `seat`; no bot plays (see `play_bots`).

        The checks come in this order, and a refused call changes nothing: the seat exists,
        the move was chosen at the table's current position (when `cursor` is given), it is a
        human's seat and its turn, then the action is legal for it. No message tells the seat
        anything its view does not show: a stale move's error gives the two cursors (public),
        a turn error says only whose turn it is (public), an illegal action's error lists only
        that seat's own legal actions.

        Args:
            seat: the seat that moves.
            action: one of the seat's legal actions.
            cursor: the table's [`cursor`][cardgames.table.Table.cursor] when the move was
                chosen. Give it whenever the move comes from a client: a double click, a
                message sent twice, two moves chosen at one position or two connections of
                one seat then play exactly one move, and the others raise `StaleMoveError`.
                `None` skips the check (a caller that just read the table itself).

        Raises:
            InvalidSeatError: no such seat at this table.
            InvalidCursorError: `cursor` is neither `None` nor an `int`.
            StaleMoveError: `cursor` is not the table's cursor: the table has moved on.
            NotYourTurnError: it is not `seat`'s turn (a bot's seat never has a turn to take).
            IllegalActionError: the match is over, or `action` is not one of the seat's legal
                actions (a foreign or malformed object included).
        """
        seat = self._check_seat(seat)
        if cursor is not None:
            self._check_cursor(cursor, "the move")
        to_move = self._state.to_move
        if to_move is None:
            msg = f"the match is over: seat {seat} has no move to make"
            raise IllegalActionError(msg)
        if seat in self._bots:
            msg = f"seat {seat} is played by a bot; it is {self._whose(to_move)} turn"
            raise NotYourTurnError(msg)
        if seat != to_move:
            msg = f"it is {self._whose(to_move)} turn, not seat {seat}'s"
            raise NotYourTurnError(msg)
        # It is the seat's turn, so the engine's message lists only the seat's own actions.
        before = self.cursor
        self._state = self._state.apply(action)
        self._moved[seat] = before

    def memorised(self, seat: int, cursor: int | None = None) -> None:
        """Record that the person at `seat` has memorised what they saw: « C'est mémorisé ».

        It ends the first look, a peek and the sight of a card taken from the discard pile
        (the seat's [glimpse][cardgames.shown.Glimpse]); a drawn card stays in sight until it
        is placed. Nothing else changes, and no event is added: it is the person's memory, not
        a move of the game. Saying it again, or at an earlier cursor, changes nothing.

        Args:
            seat: the seat whose person has memorised.
            cursor: the table's cursor of the screen the person memorised (a client's
                cursor); `None` for the table's current cursor. A glimpse that began after
                it stays in sight.

        Raises:
            InvalidSeatError: no such seat at this table.
            InvalidCursorError: `cursor` is neither `None` nor an int in `0 .. cursor`.
        """
        seat = self._check_seat(seat)
        if cursor is None:
            cursor = self.cursor
        else:
            self._check_mark("cursor", cursor)
        self._memorised[seat] = max(self._memorised[seat], cursor)

    def glimpse_marks(self, seat: int) -> tuple[int, int]:
        """Return `(moved, memorised)` of `seat`: the cursors its glimpse starts after.

        `moved` is the table's cursor before the seat's last move, `memorised` the cursor of
        its last [`memorised`][cardgames.table.Table.memorised]; `cardgames.shown` reads them.

        Raises:
            InvalidSeatError: no such seat at this table.
        """
        seat = self._check_seat(seat)
        return self._moved[seat], self._memorised[seat]

    # -- the bots, when asked -----------------------------------------------------------------

    def bot_turn(self) -> BotTurn | None:
        """Return the pending decision if a bot's seat is to move, else `None`.

        Nothing changes: the turn is for [`decide`][cardgames.table.decide], in this process
        or another, and its move for [`apply_bot`][cardgames.table.Table.apply_bot].
        """
        seat = self._state.to_move
        if seat is None or seat not in self._bots:
            return None
        rng = self._rngs[seat].getstate()
        return BotTurn(self._game.slug, seat, self.cursor, self._bots[seat], self.view(seat), rng)

    def apply_bot(self, move: BotMove) -> None:
        """Play a bot's move, if the table still stands where the bot was asked.

        The bot's `random.Random` takes on the move's state, so the table plays on as if the
        bot had chosen here.

        Raises:
            StaleMoveError: the table is no longer at `move.cursor`, or it is not that bot's
                turn (another move came first); nothing changes.
            IllegalActionError: the move's action is not legal (not a move of `decide`).
        """
        if type(move) is not BotMove:
            msg = f"apply_bot takes a BotMove from decide, got {_codec_repr(move)}"
            raise TypeError(msg)
        to_move = self._state.to_move
        if (
            move.cursor != self.cursor
            or to_move is None
            or to_move != move.seat
            or to_move not in self._bots
        ):
            msg = (
                f"the bot's move was chosen at cursor {_codec_repr(move.cursor)} for seat "
                f"{_codec_repr(move.seat)}; the table is at cursor {self.cursor} "
                f"with {'no seat' if to_move is None else self._whose(to_move)} to move"
            )
            raise StaleMoveError(msg)
        rng = random.Random()  # noqa: S311 - a bot's reproducible generator
        rng.setstate(move.rng)
        before = self.cursor
        self._state = self._state.apply(move.action)
        self._rngs[to_move] = rng
        self._moved[to_move] = before

    def play_bots(self, limit: int | None = None) -> int:
        """Let the bots play, in this process, until a human must act or the match is over.

        The in-process loop of [`bot_turn`][cardgames.table.Table.bot_turn],
        [`decide`][cardgames.table.decide] and [`apply_bot`][cardgames.table.Table.apply_bot].
        Call it after `new`, `from_json` and every accepted `act` when the bots may think in
        the caller's thread (a terminal, a script, a test); a server that keeps its event loop
        free runs the three steps itself, `decide` in a process pool.

        Args:
            limit: the most bot moves to play; `None` plays on to a human's decision.

        Returns:
            The number of bot moves played.

        Raises:
            TypeError: `limit` is neither `None` nor an `int` >= 0.
        """
        if limit is not None and (type(limit) is not int or limit < 0):
            msg = f"limit must be an int >= 0 or None, got {_codec_repr(limit)}"
            raise TypeError(msg)
        played = 0
        while (limit is None or played < limit) and (turn := self.bot_turn()) is not None:
            self.apply_bot(decide(turn))
            played += 1
        return played

    def copy(self) -> Table:
        """Return an independent table at the same position, with the same bots' generators.

        States are immutable, so a copy is cheap: a server applies a move to a copy, saves it,
        and only then swaps it in for the table its clients see.
        """
        rngs = {}
        for seat, rng in self._rngs.items():
            twin = random.Random()  # noqa: S311 - a bot's reproducible generator
            twin.setstate(rng.getstate())
            rngs[seat] = twin
        marks = (tuple(self._moved), tuple(self._memorised))
        return Table(
            self._state, self._names, self._bots, rngs, memory_aid=self._memory_aid, marks=marks
        )

    def _check_mark(self, name: str, value: object) -> None:
        """Refuse a cursor that is not an int in ``0 .. cursor`` (a point of the event log)."""
        if not _codec.is_int(value) or not 0 <= value <= self.cursor:
            msg = (
                f"{name} must be an int in 0..{self.cursor} (the table's cursor), "
                f"got {_codec_repr(value)}"
            )
            raise InvalidCursorError(msg)

    def _check_cursor(self, cursor: object, what: str) -> None:
        if not isinstance(cursor, int) or isinstance(cursor, bool):
            msg = f"a cursor must be an int, got {_codec_repr(cursor)}"
            raise InvalidCursorError(msg)
        if cursor != self.cursor:
            msg = (
                f"{what} was chosen at cursor {_codec_repr(cursor)}, but the table has moved "
                f"on to cursor {self.cursor}"
            )
            raise StaleMoveError(msg)

    def _whose(self, seat: int) -> str:
        return f"seat {seat}'s ({self._names[seat]})"

    def _check_seat(self, seat: object) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self._players:
            msg = (
                f"no seat {_codec_repr(seat)} at this {self._players}-player table "
                f"(seats are 0..{self._players - 1})"
            )
            raise InvalidSeatError(msg)
        return seat

    def __repr__(self) -> str:
        """Return a short description of the table."""
        return (
            f"<Table {self._game.slug!r}: {self._players} players, bots at "
            f"{list(self._bots)}, to_move={self.to_move}, {self.cursor} events>"
        )

    # -- saving and loading -------------------------------------------------------------------

    def to_dict(self) -> dict[str, _codec.JSONValue]:
        """Return the saved table as a plain JSON-compatible dict (see `to_json`)."""
        bots: list[_codec.JSONValue] = []
        for seat, spec in self._bots.items():
            _, words, gauss = self._rngs[seat].getstate()
            bots.append(
                {
                    "seat": seat,
                    "kind": spec.kind,
                    "options": dict(spec.options),
                    "rng": base64.b64encode(struct.pack(f"<{_RNG_WORDS}I", *words)).decode(),
                    "gauss": gauss,
                }
            )
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "game": self._game.slug,
            "names": list(self._names),
            "bots": bots,
            "state": self._state.to_dict(),
            "memory_aid": self._memory_aid,
            "moved": list(self._moved),
            "memorised": list(self._memorised),
        }

    def to_json(self) -> str:
        """Return the whole table as a versioned JSON document.

        It holds the match (the state document of `State.to_json`), the names, each bot's
        spec with its random generator's state, the memory aid and each seat's glimpse marks
        (`cardgames.shown`), so a loaded table plays on, and shows, exactly as this one
        would. It holds the seed and every hidden card: keep it on the server.
        """
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str, *, max_length: int | None = MAX_JSON_LENGTH) -> Table:
        """Load a table saved by `to_json`, treating the document as untrusted.

        Every part is checked (the match is replayed as
        [`Game.from_json`][cardgames.engine.Game.from_json] does) and no bot plays: if the match
        stands at a bot's decision, the bots play on the next call that asks for it
        ([`play_bots`][cardgames.table.Table.play_bots], or `bot_turn` and `apply_bot`). Every
        count, size and bot option in the document is bounded before any work, so a hostile
        document is refused in time linear in its length.

        Args:
            text: the JSON document.
            max_length: the longest document accepted, in characters, checked before parsing;
                `None` lifts the limit for saves you trust.

        Raises:
            InvalidStateError: for anything wrong with `text`; the message says what and where.
        """
        return _codec.load_json(cls._load, text, max_length)

    @classmethod
    def _load(cls, text: object, max_length: int | None) -> Table:
        doc = _codec.parse_document(text, max_length)
        version = doc.get("version")
        if type(version) is not int or version not in {1, FORMAT_VERSION}:
            msg = f"unsupported version {_codec_repr(version)} (this release reads [1, 2])"
            raise _codec.CodecError("version", msg)
        _check_keys(doc, _TABLE_KEYS_V1 if version == 1 else _TABLE_KEYS, "document")
        if doc["format"] != FORMAT:
            raise _codec.CodecError(
                "format", f"expected {FORMAT!r}, got {_codec_repr(doc['format'])}"
            )
        try:
            game = get_game(doc["game"])
        except CardGameError:
            raise _codec.CodecError("game", f"no game {_codec_repr(doc['game'])}") from None
        try:
            state = game.from_dict(doc["state"])
        except InvalidStateError as exc:
            raise _codec.CodecError("state", str(exc)) from None
        try:
            names = _check_names(_as_list(doc["names"], "names"), state.players)
        except InvalidSetupError as exc:
            raise _codec.CodecError("names", str(exc)) from None
        specs, rngs = _load_bots(doc["bots"], state.players)
        cursor = len(state.events)
        if version == 1:  # no marks saved: no glimpse showing, the aid off
            return cls(state, names, specs, rngs, marks=((cursor,) * state.players,) * 2)
        if not isinstance(doc["memory_aid"], bool):
            raise _codec.CodecError("memory_aid", "expected true or false")
        marks = (
            _load_marks(doc["moved"], "moved", state.players, cursor),
            _load_marks(doc["memorised"], "memorised", state.players, cursor),
        )
        return cls(state, names, specs, rngs, memory_aid=doc["memory_aid"], marks=marks)


# -- checks shared by new and from_json ------------------------------------------------------


def _check_names(names: object, players: int) -> tuple[str, ...]:
    if names is None:
        return tuple(f"Seat {seat}" for seat in range(players))
    if isinstance(names, str) or not isinstance(names, Sequence):
        msg = f"names must be a list of {players} strings, got {_codec_repr(names)}"
        raise InvalidSetupError(msg)
    if len(names) != players:
        msg = f"names must give one name per seat ({players}), got {len(names)}"
        raise InvalidSetupError(msg)
    for seat, name in enumerate(names):
        if (
            not isinstance(name, str)
            or not 1 <= len(name) <= MAX_NAME_LENGTH
            or not name.isprintable()
            or name.strip() != name
        ):
            msg = (
                f"the name of seat {seat} must be 1 to {MAX_NAME_LENGTH} printable characters "
                f"without surrounding spaces, got {_codec_repr(name)}"
            )
            raise InvalidSetupError(msg)
    return tuple(names)


def _check_bots(bots: object, players: int) -> dict[int, BotSpec]:
    if bots is None:
        return {}
    if not isinstance(bots, Mapping):
        msg = f"bots must map seats to bot specs, got {_codec_repr(bots)}"
        raise InvalidSetupError(msg)
    specs: dict[int, BotSpec] = {}
    for seat, bot in bots.items():
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            msg = f"a bot sits at seat {_codec_repr(seat)}, but seats are 0..{players - 1}"
            raise InvalidSetupError(msg)
        if not isinstance(bot, BotSpec | str):
            msg = (
                f"the bot of seat {seat} must be a BotSpec or a spec's text such as "
                f"'heuristic', got {_codec_repr(bot)}"
            )
            raise InvalidSetupError(msg)
        spec = BotSpec.of(bot)
        if spec.factory is not None:
            msg = f"the bot of seat {seat} is built by a factory, which a table cannot save"
            raise InvalidSetupError(msg)
        specs[seat] = spec
    return specs


def _load_bots(data: object, players: int) -> tuple[dict[int, BotSpec], dict[int, random.Random]]:
    items = _as_list(data, "bots")
    specs: dict[int, BotSpec] = {}
    rngs: dict[int, random.Random] = {}
    for i, item in enumerate(items):
        path = f"bots[{i}]"
        if not isinstance(item, dict):
            raise _codec.CodecError(path, "expected an object")
        _check_keys(item, _BOT_KEYS, path)
        seat = item["seat"]
        if type(seat) is not int or not 0 <= seat < players or seat in specs:
            msg = f"expected a seat in 0..{players - 1} not listed before, got {_codec_repr(seat)}"
            raise _codec.CodecError(f"{path}.seat", msg)
        if not isinstance(item["kind"], str) or not isinstance(item["options"], dict):
            raise _codec.CodecError(path, "expected a string 'kind' and an object 'options'")
        try:
            spec = BotSpec(item["kind"], item["options"])
        except InvalidSetupError as exc:
            raise _codec.CodecError(path, str(exc)) from None
        if spec.factory is not None:
            raise _codec.CodecError(f"{path}.kind", "a saved table names its bots")
        specs[seat] = spec
        rngs[seat] = _load_rng(item["rng"], item["gauss"], path)
    return specs, rngs


def _load_rng(words: object, gauss: object, path: str) -> random.Random:
    if not isinstance(words, str) or len(words) > 2 * _RNG_BYTES:
        raise _codec.CodecError(f"{path}.rng", "expected a generator state (base64 text)")
    try:
        raw = base64.b64decode(words, validate=True)
    except (binascii.Error, ValueError):
        raise _codec.CodecError(f"{path}.rng", "not valid base64") from None
    if len(raw) != _RNG_BYTES:
        raise _codec.CodecError(f"{path}.rng", f"expected {_RNG_BYTES} bytes, got {len(raw)}")
    state = struct.unpack(f"<{_RNG_WORDS}I", raw)
    if gauss is not None and (type(gauss) is not float and type(gauss) is not int):
        raise _codec.CodecError(f"{path}.gauss", "expected a number or null")
    rng = random.Random()  # noqa: S311 - a bot's reproducible generator
    try:
        rng.setstate((3, state, None if gauss is None else float(gauss)))
    except (ValueError, TypeError):
        raise _codec.CodecError(f"{path}.rng", "not a valid generator state") from None
    return rng


def _load_marks(data: object, path: str, players: int, cursor: int) -> tuple[int, ...]:
    items = _as_list(data, path)
    if len(items) != players or not all(
        type(item) is int and 0 <= item <= cursor for item in items
    ):
        msg = f"expected {players} cursors in 0..{cursor}, one per seat"
        raise _codec.CodecError(path, msg)
    return tuple(items)


def _as_list(value: object, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise _codec.CodecError(path, f"expected an array, got {_codec_repr(value)}")
    return value


def _check_keys(doc: Mapping[str, object], expected: Sequence[str], path: str) -> None:
    if set(doc) != set(expected):
        missing, extra = sorted(set(expected) - set(doc)), sorted(set(doc) - set(expected))
        raise _codec.CodecError(path, f"missing keys {missing}, unknown keys {extra}")
