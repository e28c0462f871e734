"""Fixed action indices, observation vectors and returns, for reinforcement learning and OpenSpiel.

Learning toolkits need three things the engine contract leaves open: a fixed numbering of every
action a seat may ever take (so a policy has one output per action and a mask of the legal
ones), a fixed-length observation of what a seat knows, and one number per seat at the end of a
match. This module gives all three for every game, from a [`View`][cardgames.engine.View] alone
(never from a state, so nothing hidden can leak into an observation):

* [`ActionSpace`][cardgames.encoding.ActionSpace] numbers the actions of a game for a player
  count and rules options: the same action always has the same index, and a blind draw by
  position is one index per position (the engine reshuffles the fan before every draw).
* [`Observer`][cardgames.encoding.Observer] encodes a view as a flat tuple of floats laid out in
  named fields, each with its documented range, and as a readable information-state string.
* [`returns`][cardgames.encoding.returns] gives each seat's return at the end of a match: the
  same numbers the search bots maximise; [`truncated_returns`][cardgames.encoding.truncated_returns]
  gives them for a match cut short by a toolkit's bound on its length.

Each game registers its encoding as its ``"encoding"`` part (see
[`Game.part`][cardgames.engine.Game.part]); this module knows games only through it. Everything
here is plain Python; NumPy appears only in the adapters (`cardgames.adapters`).

Examples:
    >>> import cardgames
    >>> from cardgames.encoding import ActionSpace, Observer
    >>> game = cardgames.get_game("kitten-tricks")
    >>> space = ActionSpace(game, 4)
    >>> state = game.new(4, seed=3)
    >>> view = state.view(state.to_move)
    >>> mask = space.mask(view)
    >>> sum(mask) == len(view.legal_actions)
    True
    >>> action = view.legal_actions[0]
    >>> space.action(space.index(action), view) == action
    True
    >>> observer = Observer(game, 4)
    >>> len(observer.encode(view)) == observer.size
    True
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import attrs

from cardgames import _hot
from cardgames._codec import is_int
from cardgames.engine import Action, Event, Game, Outcome, State, View
from cardgames.errors import IllegalActionError, InvalidSetupError, InvalidStateError

__all__ = [
    "MARGIN_WEIGHT",
    "ActionSpace",
    "GameEncoding",
    "Observer",
    "outcome_returns",
    "returns",
    "truncated_returns",
    "visible_zones",
]

MARGIN_WEIGHT = 0.85
"""How much of a return is the score margin rather than the share of the win (see `returns`)."""

_MIN_SEATS = 2
_VISIBILITIES = frozenset({"own", "public", "hidden", "end"})


class GameEncoding(Protocol):
    """What a game registers as its ``"encoding"`` part.

    A game module cannot import this generic module (games import only the core), so the part
    is any object with these members; each game's ``encoding`` module documents its own.
    """

    zones: tuple[tuple[str, str], ...]
    """Every zone of `State.zones` as ``(name, visibility)``; a name may hold ``{seat}``.

    Visibility is ``"own"`` (seen by the seat it belongs to), ``"public"`` (seen by all),
    ``"hidden"`` (seen by none) or ``"end"`` (seen by none until the match is over, then by all).
    """

    def actions(self, players: int, rules: Any) -> tuple[tuple[str, tuple[Action, ...]], ...]:  # noqa: ANN401
        """Every action a seat may ever take, in index order, grouped as ``(kind, actions)``."""
        ...  # pragma: no cover - a protocol

    def fields(self, players: int, rules: Any) -> tuple[tuple[str, int, float, float, str], ...]:  # noqa: ANN401
        """The observation's fields in order, as ``(name, length, low, high, meaning)``."""
        ...  # pragma: no cover - a protocol

    def encode(self, view: Any) -> Mapping[str, Sequence[float]]:  # noqa: ANN401
        """The value of every field for ``view``, by field name."""
        ...  # pragma: no cover - a protocol


def _part(game: Game[Any]) -> GameEncoding:
    part: GameEncoding = game.part("encoding")
    return part


def _rules_of(game: Game[Any], players: int, rules: object) -> Any:  # noqa: ANN401
    players = game.check_players(players)
    if rules is None:
        return game.Rules()
    if not isinstance(rules, game.Rules):
        msg = f"rules must be a {game.slug} Rules object, got {type(rules).__name__}"
        raise InvalidSetupError(msg)
    return rules


@functools.lru_cache(maxsize=64)
def _action_table(
    game: Game[Any], players: int, rules: object
) -> tuple[tuple[Action, ...], dict[Action, int], tuple[tuple[str, int, int], ...]]:
    """The actions in index order, their indices, and the groups (cached per setting)."""
    actions: list[Action] = []
    groups: list[tuple[str, int, int]] = []
    for kind, members in _part(game).actions(players, rules):
        groups.append((kind, len(actions), len(members)))
        actions.extend(members)
    index = {action: i for i, action in enumerate(actions)}
    if len(index) != len(actions):  # a game's enumeration lists an action twice: a bug there
        msg = f"{game.slug}: the encoding lists an action twice"
        raise RuntimeError(msg)
    return tuple(actions), index, tuple(groups)


class ActionSpace:
    """A fixed numbering of every action of a game, for a player count and rules options.

    ``size`` is the number of distinct actions (OpenSpiel's ``num_distinct_actions``, the size of
    a PettingZoo ``Discrete`` action space). The indices are grouped by action kind, in the order
    given by [`describe`][cardgames.encoding.ActionSpace.describe] and tabled on each game's page.

    Args:
        game: the game.
        players: the number of seats.
        rules: the game's ``Rules``; default ``Rules()``.

    Raises:
        InvalidSetupError: a player count outside the game's range, or rules of another game.
    """

    __slots__ = ("_actions", "_groups", "_index", "game", "players", "rules")

    def __init__(self, game: Game[Any], players: int, rules: object | None = None) -> None:
        """Number the actions of ``game`` for ``players`` seats under ``rules``."""
        self.game = game
        self.players = game.check_players(players)
        self.rules = _rules_of(game, players, rules)
        self._actions, self._index, self._groups = _action_table(game, players, self.rules)

    def __repr__(self) -> str:
        """Return a short description of the space."""
        return f"<ActionSpace {self.game.slug!r}, {self.players} players: {self.size} actions>"

    @property
    def size(self) -> int:
        """The number of distinct actions: every index is in ``range(size)``."""
        return len(self._actions)

    def index(self, action: Action) -> int:
        """Return the index of ``action``; the same action always has the same index.

        Raises:
            IllegalActionError: ``action`` is not an action of this game and setting.
        """
        try:
            return self._index[action]
        except (KeyError, TypeError):
            msg = (
                f"{action!r} is not an action of {self.game.title} with {self.players} players "
                "and these rules"
            )
            raise IllegalActionError(msg) from None

    def action(self, index: int, view: View) -> Action:
        """Return the legal action of ``view`` that has ``index``.

        Raises:
            IllegalActionError: ``index`` is out of range, or no legal action of the view has it
                (the message names the legal indices).
        """
        if not is_int(index) or not 0 <= index < self.size:
            msg = f"action index {index!r} is outside 0..{self.size - 1}"
            raise IllegalActionError(msg)
        found = self._legal_indices(view)
        for i, action in found:
            if i == index:
                return action
        legal = sorted(i for i, _ in found)
        kind = self._actions[index].kind
        msg = (
            f"seat {view.seat} has no legal action with index {index} ({kind}) now; "
            f"legal indices: {legal}"
        )
        raise IllegalActionError(msg)

    def mask(self, view: View) -> tuple[bool, ...]:
        """Return, for every index, whether the view's seat may take that action now.

        ``True`` exactly at the indices of ``view.legal_actions`` (none when the seat is not to
        move or the match is over).
        """
        mask = [False] * self.size
        for i, _ in self._legal_indices(view):
            mask[i] = True
        return tuple(mask)

    def legal_indices(self, view: View) -> tuple[int, ...]:
        """Return the indices of ``view.legal_actions``, in their order."""
        return tuple(i for i, _ in self._legal_indices(view))

    def _legal_indices(self, view: View) -> list[tuple[int, Action]]:
        index = self._index
        return [(index[a], a) for a in view.legal_actions]

    def describe(self) -> tuple[tuple[str, int, int], ...]:
        """Return the groups of the index space as ``(kind, first index, count)``, in order.

        Examples:
            >>> import cardgames
            >>> from cardgames.encoding import ActionSpace
            >>> ActionSpace(cardgames.get_game("classic-mistigri"), 3).describe()
            (('draw', 0, 33),)
        """
        return self._groups

    def actions(self) -> tuple[Action, ...]:
        """Return every action of the space, in index order (blind draws as listed there)."""
        return self._actions


@functools.lru_cache(maxsize=64)
def _field_table(
    game: Game[Any], players: int, rules: object
) -> tuple[tuple[str, int, int, float, float, str], ...]:
    """Each field as ``(name, offset, length, low, high, meaning)`` (cached per setting)."""
    table: list[tuple[str, int, int, float, float, str]] = []
    offset = 0
    for name, length, low, high, meaning in _part(game).fields(players, rules):
        table.append((name, offset, length, low, high, meaning))
        offset += length
    return tuple(table)


class Observer:
    """Encodes what one seat knows as a fixed-length vector and as an information-state string.

    The vector is computed from a [`View`][cardgames.engine.View] alone: its fields and the events
    as the seat saw them, so a seat's perfect-recall knowledge (cards it saw drawn or given, the
    slots it looked at) is in it where the game has such knowledge. Two views that a seat cannot
    tell apart encode equally, and so do a view and the view of any world
    [`Game.sample_world`][cardgames.engine.Game.sample_world] gives for it with ``keep_past``.

    Seats appear relative to the observer: wherever a field has one entry per seat, entry ``k``
    is the seat ``k`` places to the observer's left (entry 0 is the observer itself).

    Args:
        game: the game.
        players: the number of seats.
        rules: the game's ``Rules``; default ``Rules()``.

    Raises:
        InvalidSetupError: a player count outside the game's range, or rules of another game.
    """

    __slots__ = ("_fields", "_layout", "_ranges", "game", "players", "rules")

    def __init__(self, game: Game[Any], players: int, rules: object | None = None) -> None:
        """Lay out the observation of ``game`` for ``players`` seats under ``rules``."""
        self.game = game
        self.players = game.check_players(players)
        self.rules = _rules_of(game, players, rules)
        self._fields = _field_table(game, players, self.rules)
        self._layout = tuple((name, offset, length) for name, offset, length, *_ in self._fields)
        self._ranges = tuple((name, low, high) for name, _, _, low, high, _ in self._fields)

    def __repr__(self) -> str:
        """Return a short description of the observer."""
        return f"<Observer {self.game.slug!r}, {self.players} players: {self.size} values>"

    @property
    def size(self) -> int:
        """The length of every encoded observation."""
        name, offset, length = self._layout[-1]
        del name
        return offset + length

    @property
    def layout(self) -> tuple[tuple[str, int, int], ...]:
        """The fields of the observation as ``(field, offset, length)``, in order."""
        return self._layout

    @property
    def ranges(self) -> tuple[tuple[str, float, float], ...]:
        """Each field's bounds as ``(field, low, high)``: every value lies in ``[low, high]``."""
        return self._ranges

    def describe(self) -> tuple[tuple[str, int, int, float, float, str], ...]:
        """Return every field as ``(field, offset, length, low, high, meaning)``, in order.

        Examples:
            >>> import cardgames
            >>> from cardgames.encoding import Observer
            >>> Observer(cardgames.get_game("classic-mistigri"), 3).describe()[1]
            ('hand_sizes', 17, 3, 0, 33, "cards in each seat's hand, by relative seat")
        """
        return self._fields

    def encode(self, view: View) -> tuple[float, ...]:
        """Return the observation of ``view``: ``size`` floats, field after field.

        Raises:
            InvalidSetupError: ``view`` is a view of another game, player count or rules.
        """
        self._check_view(view)
        values = _part(self.game).encode(view)
        out: list[float] = []
        for name, _, length in self._layout:
            field = values[name]
            if len(field) != length:  # a game's encoder disagrees with its layout: a bug there
                msg = f"{self.game.slug}: field {name!r} has {len(field)} values, not {length}"
                raise RuntimeError(msg)
            out.extend(field)
        return tuple(out)

    def fields(self, view: View) -> dict[str, tuple[float, ...]]:
        """Return the observation of ``view`` split by field name (for reading and debugging)."""
        flat = self.encode(view)
        return {name: flat[offset : offset + length] for name, offset, length in self._layout}

    def string(self, view: View) -> str:
        """Return a readable information-state string of ``view``: all the seat knows.

        One line per field of the view (cards by name), then every event as the seat saw it, in
        order: equal views give equal strings, and a string shows all the view holds. The text
        of each event is computed once and remembered (events are immutable values), so the
        string of a long match's view costs a join of remembered lines, not a rewrite of its
        past.

        Raises:
            InvalidSetupError: ``view`` is a view of another game, player count or rules.
        """
        self._check_view(view)
        lines = [f"{self.game.slug}, seat {view.seat} of {view.players}"]
        skip = {"seat", "players", "events", "legal_actions", "rules"}
        lines.extend(
            f"{field.name}: {_text(getattr(view, field.name))}"
            for field in attrs.fields(type(view))
            if field.name not in skip
        )
        lines.append(f"events ({len(view.events)}):")
        lines.extend(map(_event_line, view.events))
        return "\n".join(lines)

    def _check_view(self, view: object) -> None:
        if not isinstance(view, View) or view.game != self.game.slug:
            msg = f"expected a {self.game.slug} view, got {type(view).__name__}"
            raise InvalidSetupError(msg)
        if view.players != self.players:
            msg = f"this observer encodes {self.players}-player views, not {view.players}-player"
            raise InvalidSetupError(msg)
        if view.rules != self.rules:
            msg = f"this observer encodes views under {self.rules!r}, not {view.rules!r}"
            raise InvalidSetupError(msg)


def _text(value: object) -> str:
    if isinstance(value, tuple):
        return "[" + ", ".join(_text(v) for v in value) + "]"
    if value is None or isinstance(value, bool | int | float | str):
        return repr(value) if isinstance(value, str) else str(value)
    return str(value)


# Events are frozen values shared along a match's log, and a search asks for the strings of
# many states that share most of their past: remembering each event's line makes a string cost
# a hash and a lookup per event instead of a rewrite (about 8 times cheaper on a long match).
# Keyed by value, so the redacted copy a view makes afresh each time still finds its line.
@functools.lru_cache(maxsize=1 << 15)
def _event_line(event: Event) -> str:
    return f"  {_event_text(event)}"


def _event_text(event: Event) -> str:
    # repr is exact (it names every field, so two different events never read the same); the
    # visibility is part of the record, not of what happened.
    fields = (f for f in attrs.fields(type(event)) if f.name != "visible_to")
    body = ", ".join(f"{f.name}={_text(getattr(event, f.name))}" for f in fields)
    return f"{event.kind}({body})"


def visible_zones(
    game: Game[Any], players: int, seat: int, *, over: bool = False
) -> frozenset[str]:
    """Return the zones of `State.zones` that ``seat`` sees, from the game's declaration.

    The declaration (the ``zones`` of the game's encoding part) says which zones a seat may see,
    without dealing a match; ``over`` says whether the match is over (some zones are shown then).

    Examples:
        >>> import cardgames
        >>> from cardgames.encoding import visible_zones
        >>> sorted(visible_zones(cardgames.get_game("crazy-mistigri"), 3, 1))
        ['discard-pile', 'hand/1']
    """
    players = game.check_players(players)
    seen: set[str] = set()
    for pattern, visibility in _part(game).zones:
        if visibility not in _VISIBILITIES:  # a game's declaration is wrong: a bug there
            msg = f"{game.slug}: zone {pattern!r} has an unknown visibility {visibility!r}"
            raise RuntimeError(msg)
        names = [pattern.format(seat=s) for s in range(players)] if "{seat}" in pattern else []
        if visibility == "own":
            seen.add(pattern.format(seat=seat))
        elif visibility == "public" or (visibility == "end" and over):
            seen.update(names or [pattern])
    return frozenset(seen)


def outcome_returns(
    outcome: Outcome, better_scores: str | None, margin_weight: float = MARGIN_WEIGHT
) -> tuple[float, ...]:
    """Return each seat's return in ``[0, 1]`` for a finished match (see `returns`)."""
    return tuple(_hot.returns(outcome, better_scores, margin_weight))


def returns(
    game: Game[Any], state: State[Any], *, margin_weight: float = MARGIN_WEIGHT
) -> tuple[float, ...]:
    """Return each seat's return in ``[0, 1]`` at the end of a match.

    A seat's return is its share of the win (``1 / len(winners)`` for each winner, 0 for the
    others), mixed with its score margin where the game's scores rank the players
    (``Game.better_scores``): ``(1 - margin_weight) * share + margin_weight * margin``, where
    ``margin = 0.5 + 0.5 * (score - mean of the others' scores) / (highest - lowest score)``,
    its sign turned when lower scores are better. The margin tells a close loss from a rout.
    These are the numbers [`ISMCTSBot`][cardgames.bots.ismcts.ISMCTSBot] maximises. A match
    that a toolkit cut short has [`truncated_returns`][cardgames.encoding.truncated_returns].

    Raises:
        InvalidStateError: the match is not over, or ``state`` is not a state of ``game``.

    Examples:
        >>> import cardgames
        >>> from cardgames.bots import RandomBot, play_match
        >>> from cardgames.encoding import returns
        >>> game = cardgames.get_game("classic-mistigri")
        >>> final = play_match(game, [RandomBot()] * 3, seed=5)
        >>> returns(game, final)
        (0.5, 0.5, 0.0)
    """
    if not isinstance(state, State) or state.game is not game:
        msg = f"expected a {game.slug} state, got {type(state).__name__}"
        raise InvalidStateError(msg)
    outcome = state.outcome
    if outcome is None:
        msg = (
            "the match is not over: returns are defined once it has ended "
            "(a match cut short has truncated_returns)"
        )
        raise InvalidStateError(msg)
    return outcome_returns(outcome, game.better_scores, margin_weight)


def truncated_returns(players: int) -> tuple[float, ...]:
    """Return each seat's return for a match cut short before its end: ``1 / players`` each.

    A learning toolkit may bound a match's length where the rules set none (a Crazy Animals
    round goes on while nobody knocks). A match cut at that bound has no winner, so it counts
    as a match every seat wins together: every seat gets the same return, the one
    [`returns`][cardgames.encoding.returns] gives when all seats win with equal scores. The
    returns of a cut match thus sum to 1, as the win shares of any finished match do, so
    win-share tallies stay fair; no seat gains from the cut, so none is taught to seek it or
    to flee it. Both adapters use this one definition (OpenSpiel at `max_actions`, PettingZoo
    at `max_cycles`).

    Raises:
        InvalidSetupError: ``players`` is not an int of at least 2.

    Examples:
        >>> from cardgames.encoding import truncated_returns
        >>> truncated_returns(4)
        (0.25, 0.25, 0.25, 0.25)
    """
    if not is_int(players) or players < _MIN_SEATS:
        msg = f"players must be an int of at least 2, got {players!r}"
        raise InvalidSetupError(msg)
    tie = Outcome(winners=tuple(range(players)), scores=(0,) * players)
    return outcome_returns(tie, None)
