"""The engine base: what every game shares, so that each game writes only its own rules.

A game module defines

* its card type (a [`Card`][cardgames.cards.Card]), its ``Rules`` (a frozen attrs class whose
  defaults are the rulebook's game) and its actions (frozen `Action` records);
* a ``State`` subclass of `State`, which implements a few hooks: the deal, the legal
  actions of a position, the transition for one action, and the view of one seat;
* a ``GAME = Game(...)`` object that ties them together.

The base class owns the public contract and its edge cases: the match being over, an action that
is not legal (the state is never touched), the seeded randomness, the O(1) action history and
event log, per-seat redaction of events, and JSON serialization with full validation on load.
"""

from __future__ import annotations

import abc
import contextlib
import importlib
import json
import random
import typing
from collections.abc import Callable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Final, Generic, Self, TypeAlias, TypeVar

import attrs

from cardgames import _codec, _hot
from cardgames._chain import Chain
from cardgames._draws import random_below
from cardgames._events import events_seen as _events_seen
from cardgames._mypyc import mypyc_attr
from cardgames._records import (
    FORMAT_VERSION,
    VIEW_FORMAT,
    Action,
    Dealt,
    Event,
    Outcome,
    View,
    _Sampled,
)
from cardgames.cards import Card, Deck
from cardgames.errors import (
    IllegalActionError,
    InvalidSeatError,
    InvalidSetupError,
)
from cardgames.rng import SEED_LIMIT, Rng, fresh_seed, seed_key

if TYPE_CHECKING:
    from cardgames._codec import JSONValue

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "HORIZONS",
    "MAX_JSON_LENGTH",
    "NOT_THIS_STEP",
    "READ_VERSIONS",
    "VIEW_FORMAT",
    "Action",
    "Dealt",
    "Event",
    "Game",
    "Outcome",
    "State",
    "View",
    "standing",
]

FORMAT = "cardgames/state"
"""The ``format`` tag of a serialized state."""
READ_VERSIONS = (1, 2)
"""The versions of the serialized state format that `Game.from_json` reads."""
MAX_JSON_LENGTH = 4_000_000
"""The default longest document (in characters) that `Game.from_json` accepts.

About 800,000 actions of Crazy Animals, the game with the longest matches, fit under it.
Pass `max_length=None` to `from_json` to lift the limit for saves you trust.
"""

HORIZONS = ("match", "round")
"""Where a search's simulation may stop: the end of the match, or of the round it is in."""

_P = TypeVar("_P")


class _Positioned(typing.Protocol):
    """A position that names the seat to move, as every built-in game's does."""

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is, or ``None`` once the match is over."""


NOT_THIS_STEP: Final = "not an action of this step"
"""What a game's `State._rule_against` answers when the current step offers no action of the
kind asked: the engine then names the kinds it offers."""


# Compiled in the compiled build; interpreted subclasses are allowed, since a game of your own
# (see the Testing page) subclasses it in plain Python.
@mypyc_attr(allow_interpreted_subclasses=True)
class State(abc.ABC, Generic[_P]):
    """One moment of a match, immutable from the outside.

    `apply` returns a new state and leaves this one valid and unchanged, so undo is
    "keep the previous state" and search can branch freely. The base class implements the
    public contract; a game's subclass implements the hooks whose names start with ``_``.
    """

    __slots__ = (
        "_key",
        "_legal",
        "_log",
        "_players",
        "_pos",
        "_rules",
        "_seed",
        "_setup",
    )

    game: ClassVar[Game[Any]]

    _random_playout: ClassVar[Callable[..., Any] | None] = None
    """A game's own loop for `playout`'s random plays, or ``None``: the engine's loop runs.

    ``_random_playout(pos, turn, uniform, limit, last_round)`` plays what the engine's loop
    would (the legal action at ``int(uniform() * len(legal))``) on a copy of ``pos`` that the
    game's rules advance in place, counting the actions in ``turn.step``; it stops when the
    match ends or round ``last_round`` has (-1: never), and returns the last position, or
    ``None`` after ``limit`` actions (-1: no limit). ``turn`` is the match's
    `cardgames._draws.Turn`, its events untold. A game whose rules advance a position in place
    gives one (Kitten tricks, Crazy Mistigri, Crazy Animals): compiled, the whole playout then
    runs natively.
    """
    _act_in_place: ClassVar[Callable[..., Any] | None] = None
    """A game's transition on a position it may change, or ``None``: `_advance` alone.

    ``_act_in_place(turn, pos, action)`` advances ``pos`` in place by the legal ``action`` and
    returns its events (``None`` or ``()`` where ``turn.told`` is false): what `_advance` does
    on a copy of the state's position. A search whose world owns its position steps it so
    (`cardgames._hot.step`), with no copy. The games that give `_random_playout` give it.
    """
    _legal_in: ClassVar[Callable[..., Any] | None] = None
    """A game's legal actions of a position, or ``None``: ``_legal_in(pos)`` is what
    `legal_actions` lists for a state at ``pos``, in its order.

    With `_act_in_place`, `_random_playout`, `_scores_in` and `_outcome_in`, a search whose
    simulations are random plays the game on bare positions, with no state around them
    (`cardgames._hot.PositionWorld`). The games that give `_act_in_place` give all five.
    """
    _scores_in: ClassVar[Callable[..., Any] | None] = None
    """``_scores_in(pos)``: `scores` of a state at ``pos`` (see `_legal_in`), or ``None``."""
    _outcome_in: ClassVar[Callable[..., Any] | None] = None
    """``_outcome_in(pos)``: `outcome` of a state at ``pos`` (see `_legal_in`), or ``None``."""

    # -- construction (engine internals) --------------------------------------------------

    def __init__(  # noqa: PLR0917 - engine-internal, called in two places
        self,
        rules: object,
        players: int,
        seed: int,
        setup: object | None,
        pos: _P,
        log: Chain[tuple[Action | None, Sequence[Event]]],
        key: int = -1,
    ) -> None:
        """Wrap a position; users obtain states from ``Game.new`` or a scenario builder.

        ``key`` is ``seed_key(seed)`` when the caller knows it (a successor: `apply`).
        """
        # Plain slot assignment keeps transitions cheap; the public attributes are read-only
        # properties, so the state cannot be changed from outside.
        self._rules = rules
        self._players = players
        self._seed = seed
        self._key = seed_key(seed) if key < 0 else key
        self._setup = setup
        self._pos = pos
        # One log entry per transition: the action (None for the deal) and its events.
        self._log = log
        self._legal: tuple[Action, ...] | None = None

    @property
    def rules(self) -> Any:  # noqa: ANN401 - each game's subclass narrows it
        """The rules options this match is played with."""
        return self._rules

    @property
    def players(self) -> int:
        """The number of seats; seats are ``0 .. players - 1``."""
        return self._players

    @property
    def seed(self) -> int:
        """The seed that drives every random outcome of the match (hidden from every view)."""
        return self._seed

    @classmethod
    def _start(  # noqa: PLR0917 - engine-internal
        cls,
        rules: object,
        players: int,
        seed: int,
        setup: object | None,
        pos: _P,
        events: Sequence[Event],
        key: int = -1,
    ) -> Self:
        return cls(rules, players, seed, setup, pos, _EMPTY_LOG.push((None, events)), key)

    def _replace_position(self, pos: _P) -> Self:
        """Return a copy with another position and the same logs (for the contract checks)."""
        return type(self)(self._rules, self._players, self._seed, self._setup, pos, self._log)

    # -- hooks a game implements ------------------------------------------------------------

    @classmethod
    def _sample_position(cls, view: Any, rng: random.Random) -> _P:  # noqa: ANN401
        """A position consistent with everything ``view`` shows, hidden cards resampled.

        The hook behind `Game.sample_world`: the view's own seat must see exactly
        ``view`` in it (every field but the events), and every constraint that seat has
        observed must hold. Games that support search implement it.
        """
        del view, rng
        msg = f"{cls.game.title} cannot sample worlds from a view"
        raise TypeError(msg)

    @classmethod
    def _informed_position(cls, view: Any, rng: random.Random) -> _P:  # noqa: ANN401
        """As `_sample_position`, but likelier where the other seats' past moves fit the world.

        The hook behind ``Game.sample_world(..., informed=True)``; a game without a model of
        its players' moves samples as `_sample_position` does.
        """
        return cls._sample_position(view, rng)

    @classmethod
    def _check_setup(cls, rules: Any, players: int) -> None:  # noqa: ANN401
        """Raise ``InvalidSetupError`` if ``rules`` cannot be played by ``players``.

        The default refuses a ``first_player`` option (every built-in game has one) that is
        not a seat of the match; a game with more to check calls it first.
        """
        first_player = getattr(rules, "first_player", None)
        if isinstance(first_player, int) and first_player >= players:
            msg = f"first_player {first_player} is not a seat of a {players}-player match"
            raise InvalidSetupError(msg)

    @classmethod
    @abc.abstractmethod
    def _deal(cls, rules: Any, players: int, rng: Rng) -> tuple[_P, Sequence[Event]]:  # noqa: ANN401
        """Return the first position of a new match and the events of its deal."""

    @classmethod
    def _from_setup(
        cls,
        rules: Any,  # noqa: ANN401
        players: int,
        setup: Any,  # noqa: ANN401
    ) -> tuple[_P, Sequence[Event]]:
        """Validate a scenario setup and return its position and events.

        Games without scenario setups keep this default, which refuses every setup.
        """
        del rules, players, setup
        msg = f"{cls.game.title} offers no scenario setups"
        raise InvalidSetupError(msg)

    @abc.abstractmethod
    def _compute_legal_actions(self) -> tuple[Action, ...]:
        """Return every legal action of the seat to move, in a deterministic order."""

    @abc.abstractmethod
    def _advance(self, action: Action) -> tuple[_P, Sequence[Event]]:
        """Return the position after the legal ``action`` and the events it caused."""

    def _perturbed(self, seat: int, rng: Rng) -> Self | None:
        """Return a state that differs only in what ``seat`` cannot know, or ``None``.

        Used by [`cardgames.testing`][cardgames.testing] to check that views leak nothing. The
        default offers no perturbation.
        """
        del seat, rng
        return None

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is now, or ``None`` when the match is over.

        By default the position's ``to_move`` field; a game whose position has none overrides
        this property.
        """
        return typing.cast("_Positioned", self._pos).to_move

    @property
    @abc.abstractmethod
    def round(self) -> int:
        """The 1-based index of the current round."""

    @property
    @abc.abstractmethod
    def scores(self) -> tuple[int, ...]:
        """The match score of each seat so far, as the game counts it."""

    @property
    @abc.abstractmethod
    def outcome(self) -> Outcome | None:
        """``None`` while playing; how the match ended once it is over."""

    @abc.abstractmethod
    def zones(self) -> Mapping[str, tuple[Card, ...]]:
        """Every card of the match by zone name (hands, piles, ...); each card in exactly one."""

    @abc.abstractmethod
    def visible_zones(self, seat: int) -> frozenset[str]:
        """The names of the zones of `zones` whose cards ``seat`` sees now.

        Its own hand and every face-up zone; hidden zones (other hands, face-down piles) are
        not listed. With the events the seat saw in full, this is everything its view may show.
        """

    @abc.abstractmethod
    def view(self, seat: int) -> View:
        """Return all that ``seat`` may know, and nothing else."""

    # -- the public contract --------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the whole match (all its rounds) has ended."""
        return self.to_move is None

    @property
    def _told(self) -> bool:
        """Whether anyone reads the events that this state's transitions return.

        ``False`` only on the scratch state of `playout`, whose log keeps no entry: a game's
        transition may then leave out an event it would build only to be dropped (never a step
        of a rule, nor anything a rule reads, such as a count of the events so far). The same
        rules run either way.
        """
        return self._log.keeps

    @property
    def _deals_on(self) -> bool:
        """Whether anyone plays the rounds after this state's round.

        ``False`` only on the scratch state of a playout that stops at the end of its round
        (`playout`'s ``horizon="round"``): a game's transition that ends the round may then
        leave the next deal out and return the match as it stands (the next round's number and
        the scores after this round, with its next starting seat to move), which is all that
        such a playout reads. The rest of the rules run as ever.
        """
        return self._log.deals_on

    @property
    def is_sampled(self) -> bool:
        """Whether this state descends from a world sampled from a view (`Game.sample_world`).

        Such a state is a guess at the hidden cards, not a recorded match: it plays like any
        other, but it has no history before the sample and cannot be saved.
        """
        return isinstance(self._setup, _Sampled)

    @property
    def history(self) -> tuple[Action, ...]:
        """The actions applied since the match was created, oldest first."""
        return tuple(action for action, _ in self._log.to_tuple()[1:])  # type: ignore[misc]

    @property
    def events(self) -> tuple[Event, ...]:
        """Everything that happened, in order, including automatic consequences."""
        return tuple(event for _, events in self._log.to_tuple() for event in events)

    @property
    def deck(self) -> Deck[Any]:
        """Every card in play in this match."""
        return self.game.deck(self.players, self.rules)

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of ``to_move``, in a deterministic order; ``()`` once over.

        Computed once per state and cached; a game computes them in its
        `_compute_legal_actions` hook, which the engine calls only while the match is on.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = () if self.to_move is None else self._compute_legal_actions()
        return legal

    def apply(self, action: Action) -> Self:
        """Return the state after ``action``; this state is left unchanged.

        Raises:
            IllegalActionError: ``action`` is not one of `legal_actions`; the message
                names the action, the seat and why.
        """
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        # Legal actions are usually interned, so look for the very object first: tuple.index
        # would call the (Python-level) __eq__ of every action listed before it.
        for candidate in legal:
            if candidate is action:
                break
        else:
            action = self._legal_equal_to(action, legal)
        pos, events = self._advance(action)
        # The successor shares everything but the position and the log (one O(1) entry per
        # transition, however many events it caused), and its seed's key. Its slots, and those
        # of its log's new node (what `Chain.push` does), are set here rather than through
        # __init__ or push: each would cost one more Python call per action.
        successor = _new(type(self))
        successor._rules = self._rules
        successor._players = self._players
        successor._seed = self._seed
        successor._key = self._key
        successor._setup = self._setup
        successor._pos = pos
        log = self._log
        entry = _new(Chain)
        entry._prev = log  # what Chain.push does, inlined
        entry._last = (action, events)
        entry._len = log._len + 1
        entry._items = None
        entry._seen = None
        successor._log = entry
        successor._legal = None
        return successor

    def _legal_equal_to(self, action: Action, legal: tuple[Action, ...]) -> Action:
        """The legal action equal to ``action`` (not the very object), for `apply` and search.

        Raises:
            IllegalActionError: ``action`` is malformed or not legal; the message says why.
        """
        # Only a well-formed action of this game is compared with the legal ones, so that
        # a game's explanation never meets a foreign object or a field of the wrong type.
        problem = self._malformed(action)
        if problem is not None:
            raise IllegalActionError(problem)
        try:
            return legal[legal.index(action)]
        except ValueError:
            raise IllegalActionError(self._explain_illegal(action, legal)) from None

    def playout(
        self,
        rng: random.Random,
        *,
        policy: Callable[[tuple[Action, ...], random.Random], Action] | None = None,
        limit: int | None = None,
        horizon: str = "match",
    ) -> Outcome | None:
        """Play the match out from here, for search: its outcome, or ``None`` at ``limit`` actions.

        Each action is ``policy(legal_actions, rng)``, by default a uniformly random legal
        action, ``legal[int(rng.random() * len(legal))]``. The same rules run as through
        `apply`, with the same seeded randomness, so the same choices reach the same outcome;
        but no state, log entry, event or view is kept for the positions passed through, which
        makes a simulation cheaper (the Performance page has the figures). This state is left
        unchanged.

        ``horizon="round"`` plays only to the end of the round this state is in: the outcome is
        then the match's if it ended with that round, else the match's
        [`standing`][cardgames.engine.standing] when the round ended (scored as if it ended
        there). A search that values a move by the round it decides uses it.

        Raises:
            IllegalActionError: ``policy`` chose an action that is not legal.
            ValueError: ``horizon`` is neither ``"match"`` nor ``"round"``.
        """
        if horizon not in HORIZONS:
            msg = f"playout horizon must be 'match' or 'round', got {_codec.short_repr(horizon)}"
            raise ValueError(msg)
        hot = reads_position(type(self))
        last = _hot.playout(
            self, rng, policy, -1 if limit is None else limit, hot, to_round_end=horizon == "round"
        )
        if last is None:
            return None
        return last.outcome if last.is_over else standing(last)

    def _malformed(self, action: object) -> str | None:
        """Say why ``action`` is not a well-formed action of this game, or ``None`` if it is."""
        shown = _codec.short_repr(action)
        if self.to_move is None:
            return f"cannot apply {shown}: the match is over, no action is legal"
        if type(action) not in self.game._action_types:
            types = ", ".join(cls.__name__ for cls in self.game._actions.values())
            kinds = sorted({a.kind for a in self.legal_actions()})
            return (
                f"cannot apply {shown} for seat {self.to_move}: it is not an action of "
                f"{self.game.title} (its action types: {types}); legal kinds now: {kinds}"
            )
        problem = _codec.mismatch(action)
        if problem is not None:
            return f"cannot apply {shown} for seat {self.to_move}: {problem}"
        return None

    def _explain_illegal(self, action: Action, legal: tuple[Action, ...]) -> str:
        shown = _codec.short_repr(action)
        if self.to_move is None:
            return f"cannot apply {shown}: the match is over, no action is legal"
        reason = self._why_illegal(action)
        options = ", ".join(str(a) for a in legal[:12])
        if len(legal) > 12:  # noqa: PLR2004 - keep messages readable
            options += f", ... ({len(legal)} in all)"
        return f"seat {self.to_move} cannot play {action} ({shown}): {reason}. Legal: {options}"

    def _rule_against(self, action: Action) -> str | None:
        """The game's own reason why the well-formed ``action`` is not legal now.

        The hook behind the messages of `IllegalActionError`: a game returns the rule that
        forbids the action (in words a seat may read: nothing it may not know), or
        `NOT_THIS_STEP` when the current step offers no action of that kind, or ``None`` when
        it has nothing to add. In the latter two cases the engine names the legal kinds. The
        built-in games answer from the same checks their legal actions pass.
        """
        del action
        return None

    def _why_illegal(self, action: Action) -> str:
        """Say why ``action`` is not legal now: the game's rule, else the kinds that are."""
        reason = self._rule_against(action)
        if reason is not None and reason != NOT_THIS_STEP:
            return reason
        legal = self.legal_actions()
        if type(action) not in {type(a) for a in legal}:
            kinds = sorted({a.kind for a in legal})
            return f"a {action.kind!r} action is not legal now; legal kinds now: {kinds}"
        return "it does not match any legal action"

    def _rng(self, purpose: int = 0) -> Rng:
        """Return the random stream of this state's position in the match."""
        return Rng.from_key(self._key, self._log._len - 1, purpose)

    def _random_below(self, n: int, purpose: int = 0) -> int:
        """One uniform integer in ``range(n)`` for this point of the match.

        Equal to ``rng.below_at(seed_key(seed), len(history), purpose, n)``. The built-in
        games call `cardgames._draws.random_below`, which this returns, directly.
        """
        return random_below(self, n, purpose)

    def _events_seen_by(self, seat: int) -> tuple[Event, ...]:
        """Every event of the match so far as ``seat`` saw it (`_events_seen`)."""
        return _events_seen(self._log, seat)

    def _check_seat(self, seat: object) -> int:
        if not _codec.is_int(seat) or not 0 <= seat < self.players:
            msg = (
                f"no seat {seat!r} in a {self.players}-player match "
                f"(seats are 0..{self.players - 1})"
            )
            raise InvalidSeatError(msg)
        return seat

    def _view_base(self, seat: int) -> dict[str, Any]:
        """The fields every view has, as keyword arguments for a game's ``View``."""
        return dict(zip(_VIEW_HEAD, self._view_head(seat), strict=True))

    def _view_head(self, seat: int) -> _ViewHead:
        """The fields every view has, in the order of the engine's `View` (`_VIEW_HEAD`).

        A game's ``View`` lists them first, so a game may build its view positionally,
        ``View(*state._view_head(seat), <its own fields in order>)``: no dict of keyword
        arguments to build and unpack, at every view a search asks for (the built-in games do).
        """
        to_move = self.to_move
        return (
            seat,
            self._players,
            to_move,
            to_move is None,
            self.round,
            self.scores,
            self.legal_actions() if to_move == seat else (),
            _events_seen(self._log, seat),
            self._rules,
        )

    # -- value semantics and serialization -----------------------------------------------------

    def _record(self) -> tuple[object, ...]:
        return (self.game.slug, self.rules, self.players, self.seed, self._setup, self.history)

    def __eq__(self, other: object) -> bool:
        """States are equal when they record the same match: setup, seed and actions."""
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, State)  # noqa: S101 - narrowed by the type check above
        return self._record() == other._record()

    def __hash__(self) -> int:
        """Hash by the match record, consistently with ``__eq__``."""
        return hash(self._record())

    def __repr__(self) -> str:
        """Return a short description of the state."""
        return (
            f"<{self.game.title} state: {self.players} players, round {self.round}, "
            f"{len(self._log) - 1} actions, to_move={self.to_move}>"
        )

    def __copy__(self) -> Self:
        """Return the state itself: it is immutable, so a copy would be indistinguishable."""
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        """Return the state itself: it is immutable, so a copy would be indistinguishable."""
        del memo
        return self

    def __reduce__(self) -> tuple[Callable[..., State[Any]], tuple[object, ...]]:
        """Pickle the state flat, whatever the length of its match.

        The log is stored as one tuple (never as the chain of its nodes, which would nest as
        deeply as the match is long), and the game by reference to its `State` class.
        """
        fields = (self._rules, self._players, self._seed, self._setup, self._pos)
        return _unpickle_state, (type(self), *fields, self._log.to_tuple())

    def to_json(self) -> str:
        """Return a versioned JSON document from which `game.from_json` rebuilds this state.

        The history is written compactly (format version 2): a legend lists each action type
        used with its field names, and each action is an array of its legend index and its
        field values, such as `[0, 3]` for a draw at position 3.

        Raises:
            TypeError: the state descends from a sampled world (`is_sampled`).
        """
        return json.dumps(self.to_dict(), separators=(",", ":"))

    def to_dict(self) -> dict[str, JSONValue]:
        """Return the document of `to_json` as a plain JSON-compatible dict.

        `game.from_dict` is its inverse.

        Raises:
            TypeError: the state descends from a sampled world (`is_sampled`).
        """
        if isinstance(self._setup, _Sampled):
            msg = "a world sampled from a view is a guess, not a recorded match: it cannot be saved"
            raise TypeError(msg)
        legend: dict[type[Action], int] = {}
        action_fields: list[JSONValue] = []
        encoded: dict[Action, list[JSONValue]] = {}
        history: list[JSONValue] = []
        for action in self.history:
            item = encoded.get(action)
            if item is None:
                cls = type(action)
                index = legend.get(cls)
                if index is None:
                    index = legend[cls] = len(action_fields)
                    action_fields.append([cls.kind, *_codec.field_names(cls)])
                item = [index, *_codec.encode_fields(action)]
                encoded[action] = item
            history.append(item)
        doc: dict[str, JSONValue] = {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "game": self.game.slug,
            "players": self.players,
            "seed": self.seed,
            "rules": _codec.encode(self.rules),
            "setup": _codec.encode(self._setup),
            "action_fields": action_fields,
            "history": history,
        }
        return doc


def reads_position(state_type: type[State[Any]]) -> bool:
    """Whether ``state_type``'s position names its seat to move and round (`_hot.HotContract`).

    A playout then reads them off the position, without a property call. Asked here, in the
    interpreted engine: compiled, an `isinstance` of that interpreted class answered False.
    """
    return issubclass(state_type, _hot.HotContract)


def standing(state: State[Any]) -> Outcome:
    """The match as it stands, scored as if it ended now: what a round's end is worth.

    The seats with the best match score win it (every one of them, on a tie), as the game's
    scores rank players (`Game.better_scores`); where they rank no one (``None``), every seat
    shares it. A search that stops at the end of a round (`State.playout`'s ``horizon``) values
    it so.

    Examples:
        >>> import cardgames
        >>> from cardgames.engine import standing
        >>> state = cardgames.get_game("kitten-tricks").new(3, seed=1)
        >>> standing(state)
        Outcome(winners=(0, 1, 2), scores=(0, 0, 0), losers=())
    """
    scores = tuple(map(int, state.scores))
    # Positional: the record's field order (winners, scores), one interpreted call cheaper.
    return Outcome(_hot.best_seats(scores, state.game.better_scores), scores)


def _unpickle_state(  # noqa: PLR0917 - the positional form pickle stores
    cls: type[State[Any]],
    rules: object,
    players: int,
    seed: int,
    setup: object | None,
    pos: object,
    log: tuple[tuple[Action | None, Sequence[Event]], ...],
) -> State[Any]:
    """Rebuild a pickled state (see `State.__reduce__`)."""
    return cls(rules, players, seed, setup, pos, Chain.of(log))


_new = object.__new__  # an instance whose slots the caller sets (State.apply)


_ViewHead: TypeAlias = tuple[
    int, int, int | None, bool, int, tuple[int, ...], tuple[Action, ...], tuple[Event, ...], Any
]
"""The types of `State._view_head`: the fields of the engine's `View`, in order."""

_VIEW_HEAD: Final = tuple(field.name for field in attrs.fields(View))
"""The fields of the engine's `View`, in order: what `State._view_head` returns."""


_EMPTY_LOG: Chain[tuple[Action | None, Sequence[Event]]] = Chain()


_S = TypeVar("_S", bound=State[Any])
_BY_SETUP: dict[type[Any], Game[Any]] = {}
"""Each game by the record type of its scenario setups (`Game.of_setup`)."""


# Not on the hot path, and immutable through __setattr__, which a native (compiled) class cannot
# override: an ordinary Python class in the compiled build too.
@mypyc_attr(native_class=False)
class Game(Generic[_S]):
    """A game of the library: its identity, its rules options and how to start a match.

    A game is immutable (setting or deleting an attribute raises `AttributeError`); copying
    it returns it, and it pickles as a reference to the registered game.
    """

    __slots__ = (
        "Rules",
        "State",
        "_action_types",
        "_actions",
        "_card",
        "_deck",
        "_default_rules",
        "_events",
        "_kinds",
        "_parts",
        "_view",
        "better_scores",
        "max_players",
        "min_players",
        "setup_type",
        "slug",
        "title",
    )

    slug: str
    """The game's stable kebab-case name, its key in `cardgames.GAMES`."""
    title: str
    """The game's name for people."""
    min_players: int
    """The fewest players the game can be played by."""
    max_players: int
    """The most players the game can be played by."""
    Rules: type[Any]
    """The game's frozen rules options class; `Rules()` is the rulebook's game."""
    State: type[_S]
    """The game's `State` class."""
    setup_type: type[Any] | None
    """The record of an explicit scenario setup, or `None` if the game offers none."""
    better_scores: str | None
    """Whether a `"higher"` or a `"lower"` match score is better; `None` if scores do not rank."""
    _actions: Mapping[str, type[Action]]
    _action_types: frozenset[type[Action]]
    _events: Mapping[str, type[Event]]
    _kinds: _codec.Kinds
    _deck: Callable[[int, Any], Deck[Any]]
    _default_rules: Any  # Rules(), built once: a frozen value every default match shares
    _card: Callable[[str], Card]
    _parts: Mapping[str, str]
    _view: type[View] | None

    def __init__(
        self,
        *,
        slug: str,
        title: str,
        min_players: int,
        max_players: int,
        rules: type[Any],
        state: type[_S],
        view: type[View] | None = None,
        actions: Sequence[type[Action]],
        events: Sequence[type[Event]] = (),
        deck: Callable[[int, Any], Deck[Any]],
        card: Callable[[str], Card],
        setup: type[Any] | None = None,
        better_scores: str | None = None,
        parts: Mapping[str, str] | None = None,
    ) -> None:
        """Describe a game; each game module creates exactly one, as ``GAME``.

        ``better_scores`` says whether a ``"higher"`` or a ``"lower"`` match score is better,
        or ``None`` when the scores do not rank the players (search uses it to weigh
        margins, not only wins).

        ``view`` is the game's `View` class; by default, the return type of ``state.view``
        (name it when that method is compiled, which keeps no annotations to read).

        ``events`` lists every event type the game's matches produce, so that events and views
        can be loaded back from JSON (`event_from_dict`, `view_from_json`).

        ``parts`` is the game's registration with the generic machinery: for each part name
        (such as ``"heuristic_bot"``), the ``"module:attribute"`` path of the object that
        provides it. Parts are imported only when asked for (see `part`), so the
        machinery never imports a game's internals by name.
        """
        if better_scores not in {"higher", "lower", None}:
            msg = f"better_scores must be 'higher', 'lower' or None, not {better_scores!r}"
            raise ValueError(msg)
        fields: dict[str, object] = {
            "better_scores": better_scores,
            "slug": slug,
            "title": title,
            "min_players": min_players,
            "max_players": max_players,
            "Rules": rules,
            "_default_rules": rules(),
            "State": state,
            "_view": view,
            "setup_type": setup,
            "_actions": MappingProxyType({a.kind: a for a in actions}),
            "_action_types": frozenset(actions),
            "_events": MappingProxyType({e.kind: e for e in events}),
            "_deck": deck,
            "_card": card,
            "_parts": MappingProxyType(dict(parts or {})),
        }
        fields["_kinds"] = MappingProxyType({Action: fields["_actions"], Event: fields["_events"]})
        for name, value in fields.items():
            object.__setattr__(self, name, value)
        state.game = self
        if setup is not None:
            # The first game declared with a setup type keeps it: a variant built on another
            # game's setups (a test's subclass, say) does not take over that game's builder.
            _BY_SETUP.setdefault(setup, self)

    def __setattr__(self, name: str, value: object) -> None:
        """Refuse: a game is immutable."""
        msg = f"{self!r} is immutable: cannot set {name!r}"
        raise AttributeError(msg)

    def __delattr__(self, name: str) -> None:
        """Refuse: a game is immutable."""
        msg = f"{self!r} is immutable: cannot delete {name!r}"
        raise AttributeError(msg)

    def __copy__(self) -> Self:
        """Return the game itself (it is immutable)."""
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        """Return the game itself (it is immutable)."""
        del memo
        return self

    def __reduce__(self) -> tuple[object, tuple[object, str]]:
        """Pickle a reference: unpickling returns the game its `State` class belongs to."""
        return getattr, (self.State, "game")

    def __repr__(self) -> str:
        """Return `<Game 'slug'>`."""
        return f"<Game {self.slug!r}>"

    @property
    def parts(self) -> tuple[str, ...]:
        """The names of the parts this game registers with the machinery, sorted."""
        return tuple(sorted(self._parts))

    def part(self, name: str) -> Any:  # noqa: ANN401 - each part has its own type
        """Return the object the game registers as part ``name``, importing it on first use.

        Raises:
            LookupError: the game registers no part of that name.
        """
        path = self._parts.get(name)
        if path is None:
            msg = f"{self.title} registers no part {name!r}; its parts: {list(self.parts)}"
            raise LookupError(msg)
        module, _, attribute = path.partition(":")
        return getattr(importlib.import_module(module), attribute)

    @property
    def action_kinds(self) -> tuple[str, ...]:
        """The ``kind`` of every action type of the game, sorted."""
        return tuple(sorted(self._actions))

    @property
    def action_types(self) -> tuple[type[Action], ...]:
        """Every action type of the game, in the order the game lists them."""
        return tuple(self._actions.values())

    @property
    def event_kinds(self) -> tuple[str, ...]:
        """The ``kind`` of every event type of the game, sorted."""
        return tuple(sorted(self._events))

    @property
    def event_types(self) -> tuple[type[Event], ...]:
        """Every event type of the game, in the order the game lists them."""
        return tuple(self._events.values())

    @property
    def view_type(self) -> type[View]:
        """The game's `View` class (the return type of `State.view`)."""
        if self._view is not None:
            return self._view
        view: type[View] = typing.get_type_hints(self.State.view)["return"]
        return view

    def deck(self, players: int, rules: Any | None = None) -> Deck[Any]:  # noqa: ANN401
        """Return the cards in play for ``players`` seats under ``rules`` (default rules)."""
        return self._deck(self.check_players(players), self.Rules() if rules is None else rules)

    def check_players(self, players: object) -> int:
        """Return ``players`` if the game can be played by that many, else raise.

        Raises:
            InvalidSetupError: not an int in ``min_players .. max_players``.
        """
        if not _codec.is_int(players) or not self.min_players <= players <= self.max_players:
            msg = (
                f"{self.title} is played by {self.min_players} to {self.max_players} players, "
                f"not {players!r}"
            )
            raise InvalidSetupError(msg)
        return players

    def _check_rules(self, rules: object, players: int) -> Any:  # noqa: ANN401
        if rules is None:
            rules = self._default_rules
        elif not isinstance(rules, self.Rules):
            msg = f"rules must be a {self.slug} Rules object, got {_codec.short_repr(rules)}"
            raise InvalidSetupError(msg)
        self.State._check_setup(rules, players)
        return rules

    @staticmethod
    def _check_seed(seed: object) -> int:
        if seed is None:
            return fresh_seed()
        if not _codec.is_int(seed) or not 0 <= seed < SEED_LIMIT:
            msg = f"seed must be an int in range(2**64) or None, got {_codec.short_repr(seed)}"
            raise InvalidSetupError(msg)
        return seed

    def new(self, players: int, *, seed: int | None = None, rules: Any | None = None) -> _S:  # noqa: ANN401
        """Start a new match, dealt.

        Args:
            players: the number of seats.
            seed: drives every random outcome; ``None`` draws one from the OS. The seed used is
                kept in the state (``state.seed``) so that the match can be replayed.
            rules: the game's ``Rules``; default ``Rules()``, the rulebook's game.

        Raises:
            InvalidSetupError: a player count outside the game's range, a malformed seed or
                rules that cannot be played by that many players.
        """
        players = self.check_players(players)
        rules = self._check_rules(rules, players)
        seed = self._check_seed(seed)
        return self._deal(players, rules, seed)

    def _deal(self, players: int, rules: object, seed: int) -> _S:
        key = seed_key(seed)  # once, for the deal's stream and the state
        pos, events = self.State._deal(rules, players, Rng.from_key(key, 0, 0xDEA1))
        return self.State._start(rules, players, seed, None, pos, events, key)

    def sample_world(
        self, view: View, rng: random.Random, *, keep_past: bool = False, informed: bool = False
    ) -> _S:
        """A full state consistent with everything ``view`` shows, for search and bots.

        Hidden cards are resampled with ``rng`` among the arrangements the view's seat cannot
        rule out (its own hand, public zones, hand sizes, its knowledge and every constraint it
        observed hold), and future randomness gets a fresh seed drawn from ``rng``. The
        sample's view for that seat equals ``view`` in every field but ``events``: by default
        a sample has no past (the cheapest for search). With ``keep_past=True`` the sample
        starts with ``view.events`` as its past, so its view for that seat equals ``view``
        entirely (toolkits that compare information states before and after sampling, such as
        OpenSpiel's ISMCTS, need that); the other seats see that past as ``view.seat`` saw it.
        Either way the sample has no action history. The same ``rng`` state gives the same
        sample.

        With ``informed=True`` a game that has a model of how players move draws the worlds
        with more weight where the other seats' past moves would have been sensible play
        (Crazy Animals: a card kept in place of a known one is likely lower than it); every
        such world is still one the view allows. Other games ignore it.

        Raises:
            TypeError: ``view`` is not a view of this game, or ``rng`` is not a
                ``random.Random``, or the game cannot sample worlds.
            ValueError: no arrangement of the hidden cards agrees with ``view`` (a view that
                no match produced, such as one edited by hand).
        """
        if not isinstance(view, View) or view.game != self.slug:
            msg = f"sample_world needs a {self.slug} view, got {_codec.short_repr(view)}"
            raise TypeError(msg)
        if not isinstance(rng, random.Random):  # a guard for untyped callers
            msg = f"sample_world needs a random.Random, got {_codec.short_repr(rng)}"  # type: ignore[unreachable]
            raise TypeError(msg)
        if informed:
            pos = self.State._informed_position(view, rng)
        else:
            pos = self.State._sample_position(view, rng)
        seed = rng.getrandbits(64)
        past = view.events if keep_past else ()
        return self.State._start(view.rules, view.players, seed, _Sampled(pos), pos, past)

    @staticmethod
    def of_setup(setup_type: type[Any]) -> Game[Any]:
        """Return the game whose scenario setups are records of ``setup_type``.

        That is the first game declared with ``setup=setup_type``.

        A game's scenario builder finds its game this way, so that its module need not import
        the rules module that imports it (the architecture test forbids import cycles).

        Raises:
            LookupError: no game declares ``setup_type`` as its ``setup``.
        """
        game = _BY_SETUP.get(setup_type)
        if game is None:
            msg = f"no game takes {setup_type.__qualname__} setups"
            raise LookupError(msg)
        return game

    def from_setup(
        self,
        players: int,
        setup: object,
        *,
        seed: int | None = None,
        rules: object = None,
    ) -> _S:
        """Start a match from an explicit scenario setup (each game's ``scenario`` builds one).

        Args:
            players: the number of seats.
            setup: a record of the game's ``setup_type``, checked by the game.
            seed: drives the random outcomes after the setup; ``None`` draws one.
            rules: the game's ``Rules``; default ``Rules()``.

        Raises:
            InvalidSetupError: a player count, rules, seed or setup the game refuses.
        """
        players = self.check_players(players)
        rules = self._check_rules(rules, players)
        seed = self._check_seed(seed)
        pos, events = self.State._from_setup(rules, players, setup)
        return self.State._start(rules, players, seed, setup, pos, events)

    def action_from_dict(self, data: object) -> Action:
        """Rebuild an action from its plain JSON form (`Action.to_dict`), checking every field.

        The action is only well formed: whether it is legal is the state's to say.

        Raises:
            InvalidStateError: not an object, an unknown kind, an unknown card, or a field
                missing, unknown or of the wrong type; the message names the JSON path.
        """
        return _codec.untrusted(self._decode_action, data, "action")

    def action_from_json(self, text: str, *, max_length: int | None = MAX_JSON_LENGTH) -> Action:
        """Rebuild an action from its JSON text (`Action.to_json`), treating it as untrusted.

        Raises:
            InvalidStateError: not JSON text of an object, longer than `max_length`, or
                anything `action_from_dict` refuses.
        """
        return self.action_from_dict(_parsed(text, max_length))

    def event_from_dict(self, data: object) -> Event:
        """Rebuild an event from its plain JSON form (`Event.to_dict`), checking every field.

        Raises:
            InvalidStateError: not an object, an unknown kind, an unknown card, or a field
                missing, unknown or of the wrong type; the message names the JSON path.
        """
        return _codec.untrusted(
            _codec.decode_kind, self._events, data, "event", self._card, self._kinds
        )

    def event_from_json(self, text: str, *, max_length: int | None = MAX_JSON_LENGTH) -> Event:
        """Rebuild an event from its JSON text (`Event.to_json`), treating it as untrusted.

        Raises:
            InvalidStateError: not JSON text of an object, longer than `max_length`, or
                anything `event_from_dict` refuses.
        """
        return self.event_from_dict(_parsed(text, max_length))

    def view_from_dict(self, data: object) -> View:
        """Rebuild a view from its plain JSON form (`View.to_dict`), checking every field.

        The loaded view equals the one saved, and bots and `sample_world` accept it, so a
        remote client can run the library's bots on the views its server sends. Only the
        form of the document is checked, not that some match could produce it: a forged view
        loads if it is well formed (and `sample_world` may then find no world for it).

        Raises:
            InvalidStateError: a wrong format, version or game, or a field missing, unknown
                or of the wrong type (unknown cards, actions or events included); the message
                names the JSON path.
        """
        return _codec.untrusted(self._decode_view, data)

    def view_from_json(self, text: str, *, max_length: int | None = MAX_JSON_LENGTH) -> View:
        """Rebuild a view from its JSON document (`View.to_json`), treating it as untrusted.

        Raises:
            InvalidStateError: not JSON text of an object, longer than `max_length`, or
                anything `view_from_dict` refuses.
        """
        return self.view_from_dict(_parsed(text, max_length))

    def _decode_view(self, data: object) -> View:
        if not isinstance(data, dict):
            raise _codec.CodecError(
                "document", f"expected an object, got {_codec.short_repr(data)}"
            )
        for key, expected in (
            ("format", VIEW_FORMAT),
            ("version", FORMAT_VERSION),
            ("game", self.slug),
        ):
            value = data.get(key)
            if value != expected or type(value) is not type(expected):
                msg = f"expected {expected!r}, got {_codec.short_repr(value)}"
                raise _codec.CodecError(key, msg)
        body = {k: v for k, v in data.items() if k not in {"format", "version", "game"}}
        rules = _codec.decode_record(self.Rules, body.get("rules"), "rules", self._card)
        return _codec.decode_record(
            self.view_type, body, "view", self._card, kinds=self._kinds, given={"rules": rules}
        )

    def _decode_action(self, data: object, path: str) -> Action:
        if not isinstance(data, dict):
            raise _codec.CodecError(path, "expected an object with a 'kind'")
        kind = data.get("kind")
        cls = self._actions.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise _codec.CodecError(
                path, f"unknown action kind {kind!r}; expected one of {self.action_kinds}"
            )
        return _codec.decode_record(cls, data, path, self._card, ignore=frozenset({"kind"}))

    def from_dict(self, doc: object) -> _S:
        """Rebuild a state from `State.to_dict()` output, treating it as untrusted.

        The same checks as `from_json`, on a document already parsed.

        Raises:
            InvalidStateError: for anything wrong with `doc`; the message says what and where.
        """
        return _codec.untrusted(self._load_document, doc)

    def from_json(self, text: str, *, max_length: int | None = MAX_JSON_LENGTH) -> _S:
        """Rebuild a state from `State.to_json()` output, treating it as untrusted.

        Only a document that describes a match the engine could reach loads: the setup is
        validated and every action of the history is replayed. Every check costs time linear
        in the length of the document. Documents of format versions 1 and 2 load.

        Args:
            text: the JSON document (`str`, `bytes` or `bytearray`).
            max_length: the longest document accepted, in characters (bytes for `bytes`),
                checked before anything is parsed; the default, `MAX_JSON_LENGTH`, holds a
                match of about 800,000 actions. `None` lifts the limit, for saves you trust.

        Raises:
            InvalidStateError: for anything wrong with `text`; the message says what and
                where (a JSON path such as `history[12]`, `setup` or `players`).
        """
        return _codec.load_json(self._load, text, max_length)

    def _load(self, text: object, max_length: int | None) -> _S:
        return self._load_document(_codec.parse_document(text, max_length, "save"))

    def _load_document(self, doc: object) -> _S:
        if not isinstance(doc, dict):
            raise _codec.CodecError("document", "expected a JSON object")
        version = doc.get("version")
        if not _codec.is_int(version) or version not in READ_VERSIONS:
            msg = f"unsupported version {version!r} (this release reads {list(READ_VERSIONS)})"
            raise _codec.CodecError("version", msg)
        expected = set(_KEYS[version])
        if set(doc) != expected:
            missing, extra = sorted(expected - set(doc)), sorted(set(doc) - expected)
            raise _codec.CodecError("document", f"missing keys {missing}, unknown keys {extra}")
        if doc["format"] != FORMAT:
            raise _codec.CodecError("format", f"expected {FORMAT!r}, got {doc['format']!r}")
        if doc["game"] != self.slug:
            msg = f"this is {self.slug!r}'s loader, the document is for {doc['game']!r}"
            raise _codec.CodecError("game", msg)
        state = self._load_start(doc)
        if version == 1:
            return self._replay_v1(state, doc["history"])
        legend = self._decode_legend(doc["action_fields"])
        return self._replay_v2(state, legend, doc["history"])

    def _load_start(self, doc: dict[str, Any]) -> _S:
        """The state a document's history starts from; each failed check names its key."""
        with _at("players"):
            players = self.check_players(doc["players"])
        rules = _codec.decode_record(self.Rules, doc["rules"], "rules", self._card)
        with _at("rules"):
            rules = self._check_rules(rules, players)
        seed = doc["seed"]
        if not _codec.is_int(seed):
            raise _codec.CodecError("seed", f"expected an integer, got {_codec.short_repr(seed)}")
        with _at("seed"):
            seed = self._check_seed(seed)
        if doc["setup"] is None:
            return self._deal(players, rules, seed)
        if self.setup_type is None:
            raise _codec.CodecError("setup", f"{self.slug} has no scenario setups")
        setup = _codec.decode_record(self.setup_type, doc["setup"], "setup", self._card)
        with _at("setup"):
            pos, events = self.State._from_setup(rules, players, setup)
        return self.State._start(rules, players, seed, setup, pos, events)

    def _replay_v1(self, state: _S, history: object) -> _S:
        """Replay a version-1 history: one `{"kind": ..., <fields>}` object per action."""
        if not isinstance(history, list):
            raise _codec.CodecError("history", "expected an array of actions")
        for i, item in enumerate(history):
            state = _replayed(state, self._decode_action(item, f"history[{i}]"), i)
        return state

    def _decode_legend(self, data: object) -> list[tuple[type[Action], tuple[str, ...]]]:
        """Read `action_fields`: for each action type used, its kind then its field names."""
        if not isinstance(data, list):
            raise _codec.CodecError("action_fields", "expected an array of [kind, fields...]")
        legend: list[tuple[type[Action], tuple[str, ...]]] = []
        seen: set[str] = set()
        for j, entry in enumerate(data):
            path = f"action_fields[{j}]"
            if not isinstance(entry, list) or not all(isinstance(x, str) for x in entry):
                raise _codec.CodecError(path, "expected an array of strings [kind, fields...]")
            if not entry or entry[0] not in self._actions:
                kind = entry[0] if entry else None
                msg = f"unknown action kind {kind!r}; expected one of {self.action_kinds}"
                raise _codec.CodecError(path, msg)
            if entry[0] in seen:
                raise _codec.CodecError(path, f"action kind {entry[0]!r} listed twice")
            seen.add(entry[0])
            cls = self._actions[entry[0]]
            names = tuple(entry[1:])
            expected = _codec.field_names(cls)
            if len(names) != len(expected) or set(names) != set(expected):
                msg = f"a {cls.kind!r} action has the fields {list(expected)}, not {list(names)}"
                raise _codec.CodecError(path, msg)
            legend.append((cls, names))
        return legend

    def _replay_v2(
        self, state: _S, legend: list[tuple[type[Action], tuple[str, ...]]], history: object
    ) -> _S:
        """Replay a version-2 history: `[legend index, field values...]` per action."""
        if not isinstance(history, list):
            raise _codec.CodecError("history", "expected an array of actions")
        # The same action recurs all match long: decode each distinct item once, and remember
        # the legal action it matched, so that the next apply finds it by identity. The key
        # holds the types of the values too, since true == 1 == 1.0 in Python.
        known: dict[object, Action] = {}
        for i, item in enumerate(history):
            if not isinstance(item, list) or not item:
                msg = "expected an array [action type, field values...]"
                raise _codec.CodecError(f"history[{i}]", msg)
            try:
                key: object = (tuple(item), tuple(map(type, item)))
                action = known.get(key)
            except TypeError:  # a list among the values: unhashable, decode it every time
                key, action = None, None
            if action is None:
                action = self._decode_compact(item, legend, f"history[{i}]")
            state = _replayed(state, action, i)
            if key is not None:
                applied = state._log.last[0]
                if applied is not None:
                    known[key] = applied
        return state

    def _decode_compact(
        self, item: list[Any], legend: list[tuple[type[Action], tuple[str, ...]]], path: str
    ) -> Action:
        index = item[0]
        if not _codec.is_int(index) or not 0 <= index < len(legend):
            msg = f"expected an index into action_fields (0..{len(legend) - 1}), got {index!r}"
            raise _codec.CodecError(f"{path}[0]", msg)
        cls, names = legend[index]
        if len(item) != len(names) + 1:
            msg = f"a {cls.kind!r} action has {len(names)} field values, got {len(item) - 1}"
            raise _codec.CodecError(path, msg)
        return _codec.decode_record(cls, dict(zip(names, item[1:], strict=True)), path, self._card)


_KEYS = {
    1: ("format", "version", "game", "players", "seed", "rules", "setup", "history"),
    2: (
        "format",
        "version",
        "game",
        "players",
        "seed",
        "rules",
        "setup",
        "action_fields",
        "history",
    ),
}


@contextlib.contextmanager
def _at(path: str) -> Iterator[None]:
    """Report an `InvalidSetupError` raised inside the block as a problem at JSON `path`."""
    try:
        yield
    except InvalidSetupError as exc:
        raise _codec.CodecError(path, str(exc)) from None


def _parsed(text: object, max_length: int | None) -> dict[str, Any]:
    """Parse untrusted JSON text of an object, as `InvalidStateError` on any problem."""
    return _codec.load_json(_codec.parse_document, text, max_length)


def _replayed(state: _S, action: Action, index: int) -> _S:
    try:
        return state.apply(action)
    except IllegalActionError as exc:
        raise _codec.CodecError(f"history[{index}]", str(exc)) from None
