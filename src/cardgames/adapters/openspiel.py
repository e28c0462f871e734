"""Every game of the library as an OpenSpiel game, for OpenSpiel's algorithms and tests.

Importing this module registers one Python game per game of the library with
`pyspiel.register_game`, under the short names of
[`SHORT_NAMES`][cardgames.adapters.openspiel.SHORT_NAMES] (`python_cardgames_crazy_animals`,
...). Each takes three parameters:

* `players`: the number of seats (default 3, a count every game allows);
* `rules`: the game's `Rules` options as `option:value` pairs joined by `;`, such as
  `rounds:1;max_rounds:1` (values are integers, `true`, `false` or `none`); empty (the
  default) for the rulebook's game;
* `max_actions`: a bound on the number of decisions (default
  [`MAX_ACTIONS`][cardgames.adapters.openspiel.MAX_ACTIONS]). Some rules have no bound on a
  match's length (a Crazy Animals round goes on while nobody knocks); a match that reaches the
  bound is *truncated*: it ends there, every seat's return is
  [`truncated_returns`][cardgames.encoding.truncated_returns] (`1 / players`: no one won, the
  same definition as the PettingZoo adapter's), and the rules themselves are untouched.

What OpenSpiel sees:

* actions are the indices of [`ActionSpace`][cardgames.encoding.ActionSpace] (its `size` is
  `num_distinct_actions`); a blind draw by position is one index per position;
* information-state and observation tensors are
  [`Observer.encode`][cardgames.encoding.Observer.encode] of the seat's view (the view holds the
  seat's perfect-recall knowledge where the game has any, so both tensors are that vector); the
  information-state string is [`Observer.string`][cardgames.encoding.Observer.string] (the
  view's fields, then every event as the seat saw it) and the observation string is its
  fields alone; each is computed once per state and seat, a resampled world starts with the
  strings and tensor of the seat it was sampled for, and each event's text is computed once,
  so a search deep in a long match does not rewrite the past at every node;
* returns are [`returns`][cardgames.encoding.returns]: the share of the win mixed with the
  score margin, in `[0, 1]`, the numbers the library's search maximises (a general-sum game);
* **chance is explicit.** OpenSpiel cannot save the hidden random generator of a Python game,
  so a match starts with [`SEED_PARTS`][cardgames.adapters.openspiel.SEED_PARTS] chance nodes,
  each drawing 16 bits of the match's 64-bit seed uniformly; the library deals
  `game.new(players, seed=seed)` from it, and every later random outcome (every reshuffle
  before a blind draw) is a function of that seed and the actions. So the OpenSpiel history
  (the four seed parts, then the action indices) is the whole match: any match of the library
  is the OpenSpiel history [`seed_outcomes(seed)`][cardgames.adapters.openspiel.seed_outcomes]
  followed by its actions' indices, and serializing the history serializes the state;
* `resample_from_infostate(player, sampler)` returns a world drawn by
  [`Game.sample_world`][cardgames.engine.Game.sample_world] from that seat's view (with the
  seat's view of the past, so the information state is unchanged); the world's future
  randomness is fresh, and, like any sampled world, it has no OpenSpiel history;
* `clone` is cheap: library states are immutable, so clones share them.

The true state holds the seed, hence the future reshuffles: an algorithm that searches the
true state (OpenSpiel's `MCTSBot`) sees more than a player may. Search a resampled world
instead, as OpenSpiel's `ISMCTSBot` does.

Examples:
    >>> import pyspiel
    >>> from cardgames.adapters import openspiel
    >>> game = pyspiel.load_game("python_cardgames_kitten_tricks", {"players": 4})
    >>> state = game.new_initial_state()
    >>> for outcome in openspiel.seed_outcomes(7):
    ...     state.apply_action(outcome)
    >>> openspiel.library_state(state) == cardgames.get_game("kitten-tricks").new(4, seed=7)
    True
    >>> len(state.legal_actions()) > 0
    True
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar, Self

import attrs

import cardgames
from cardgames import _extras
from cardgames._codec import is_int
from cardgames.encoding import ActionSpace, Observer, returns, truncated_returns
from cardgames.engine import Game, State, View
from cardgames.errors import InvalidSetupError, MissingExtraError

try:
    import numpy as np
    import numpy.typing as npt
    import pyspiel
except ImportError:
    raise MissingExtraError(_extras.message(__name__, "openspiel")) from None

__all__ = [
    "DEFAULT_PLAYERS",
    "MAX_ACTIONS",
    "SEED_PARTS",
    "SHORT_NAMES",
    "library_state",
    "rules_parameter",
    "seed_outcomes",
]

SEED_PARTS = 4
"""The number of chance nodes that draw a match's seed, 16 bits each (a 64-bit seed)."""
_PART_BITS = 16
_OUTCOMES = 1 << _PART_BITS
MAX_ACTIONS = 1000
"""The default bound on a match's decisions (the `max_actions` parameter).

Far above the length of any match measured under random play (a few hundred decisions at most),
so that the bound cuts only matches that would not end.
"""
DEFAULT_PLAYERS = 3
"""The default `players` parameter: a player count every game allows."""

SHORT_NAMES: Mapping[str, str] = MappingProxyType(
    {slug: "python_cardgames_" + slug.replace("-", "_") for slug in cardgames.GAMES}
)
"""The OpenSpiel short name of every game, by slug."""

_CHANCE_OUTCOMES = [(outcome, 1.0 / _OUTCOMES) for outcome in range(_OUTCOMES)]


def seed_outcomes(seed: int) -> tuple[int, ...]:
    """Return the chance outcomes that draw `seed`: the first `SEED_PARTS` actions of a match.

    Raises:
        InvalidSetupError: `seed` is not an int in `range(2**64)`.

    Examples:
        >>> seed_outcomes(2**16 + 5)
        (5, 1, 0, 0)
    """
    if not is_int(seed) or not 0 <= seed < 1 << 64:
        msg = f"seed must be an int in range(2**64), got {seed!r}"
        raise InvalidSetupError(msg)
    return tuple((seed >> (_PART_BITS * part)) & (_OUTCOMES - 1) for part in range(SEED_PARTS))


def _seed_of(parts: tuple[int, ...]) -> int:
    return sum(part << (_PART_BITS * i) for i, part in enumerate(parts))


def rules_parameter(rules: Any) -> str:  # noqa: ANN401 - any game's Rules
    """Return the `rules` parameter that stands for `rules` (a game's `Rules` object).

    Only options whose value is an integer, a boolean or `None` can be given; the others keep
    their defaults.

    Raises:
        InvalidSetupError: an option that differs from its default cannot be written.

    Examples:
        >>> import cardgames
        >>> rules_parameter(cardgames.get_game("crazy-animals").Rules(rounds=1))
        'rounds:1'
    """
    default = type(rules)()
    pairs = []
    for field in attrs.fields(type(rules)):
        value = getattr(rules, field.name)
        if value == getattr(default, field.name):
            continue
        if value is None or isinstance(value, bool):
            pairs.append(f"{field.name}:{str(value).lower()}")
        elif isinstance(value, int):
            pairs.append(f"{field.name}:{value}")
        else:
            msg = f"the rules option {field.name!r} cannot be an OpenSpiel parameter"
            raise InvalidSetupError(msg)
    return ";".join(pairs)


def _parse_rules(game: Game[Any], text: str) -> object:
    """The `Rules` that the `rules` parameter `text` describes."""
    names = {field.name: field for field in attrs.fields(game.Rules)}
    options: dict[str, object] = {}
    for pair in filter(None, text.split(";")):
        name, sep, raw = pair.partition(":")
        name, raw = name.strip(), raw.strip().lower()
        if not sep or name not in names:
            msg = (
                f"rules parameter {text!r}: {pair!r} is not option:value with an option of "
                f"{game.title} ({', '.join(names)})"
            )
            raise InvalidSetupError(msg)
        value: object
        if raw in {"true", "false"}:
            value = raw == "true"
        elif raw == "none":
            value = None
        else:
            try:
                value = int(raw)
            except ValueError:
                msg = f"rules parameter {text!r}: {name} must be an integer, true, false or none"
                raise InvalidSetupError(msg) from None
        options[name] = value
    try:
        return game.Rules(**options)
    except InvalidSetupError:
        raise
    except (TypeError, ValueError) as exc:
        msg = f"rules parameter {text!r}: {exc}"
        raise InvalidSetupError(msg) from None


@attrs.frozen(eq=False)
class _Setting:
    """One game, player count, rules and bound: what every state of an OpenSpiel game shares."""

    game: Game[Any]
    players: int
    rules_text: str
    max_actions: int
    rules: object
    space: ActionSpace
    observer: Observer

    def __reduce__(self) -> tuple[Any, ...]:
        return (_setting, (self.game.slug, self.players, self.rules_text, self.max_actions))

    def __deepcopy__(self, memo: object) -> Self:
        return self


@functools.lru_cache(maxsize=256)
def _setting(slug: str, players: int, rules_text: str, max_actions: int) -> _Setting:
    game = cardgames.get_game(slug)
    game.check_players(players)
    if not isinstance(max_actions, int) or max_actions < 1:
        msg = f"max_actions must be a positive integer, got {max_actions!r}"
        raise InvalidSetupError(msg)
    rules = _parse_rules(game, rules_text)
    space = ActionSpace(game, players, rules)
    observer = Observer(game, players, rules)
    return _Setting(game, players, rules_text, max_actions, rules, space, observer)


@attrs.frozen(eq=False)
class _Node:
    """The content of an OpenSpiel state: immutable, so clones share it.

    `parts` are the seed parts drawn so far; `state` is the library state once the seed is
    complete (`None` before); `decisions` counts the players' actions (for truncation).
    """

    setting: _Setting
    parts: tuple[int, ...] = ()
    state: State[Any] | None = None
    decisions: int = 0
    # What each seat knows here, computed once: OpenSpiel asks for the same information state
    # several times per visit of a search node.
    _known: dict[tuple[str, int], Any] = attrs.field(factory=dict, init=False, repr=False)

    def view(self, seat: int) -> View:
        """The view of `seat` (the state must be dealt)."""
        key = ("view", seat)
        found = self._known.get(key)
        if found is None:
            assert self.state is not None  # noqa: S101 - callers check the deal
            found = self._known[key] = self.state.view(seat)
        view: View = found
        return view

    def known(self, kind: str, seat: int) -> Any:  # noqa: ANN401 - a string or a tuple
        """`Observer.string` ("string") or `Observer.encode` ("tensor") of `seat`'s view."""
        key = (kind, seat)
        found = self._known.get(key)
        if found is None:
            observer = self.setting.observer
            view = self.view(seat)
            found = observer.string(view) if kind == "string" else observer.encode(view)
            self._known[key] = found
        return found

    def inherit(self, other: _Node, seat: int) -> None:
        """Take what `seat` knows from `other`, a node whose view for `seat` equals this one's."""
        for key, value in other._known.items():
            if key[1] == seat:
                self._known[key] = value

    def __deepcopy__(self, memo: object) -> Self:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        state = self.state
        if state is None or state.is_sampled:
            # A sampled world has no record to replay: pickle it as it is.
            return (_Node, (self.setting, self.parts, state, self.decisions))
        return (_replayed, (self.setting, self.parts, state.to_json(), self.decisions))

    @property
    def is_truncated(self) -> bool:
        state = self.state
        return (
            state is not None and not state.is_over and self.decisions >= self.setting.max_actions
        )

    @property
    def is_terminal(self) -> bool:
        state = self.state
        return state is not None and (state.is_over or self.decisions >= self.setting.max_actions)


def _replayed(setting: _Setting, parts: tuple[int, ...], text: str, decisions: int) -> _Node:
    return _Node(setting, parts, setting.game.from_json(text), decisions)


class _OpenSpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type hints
    """One game of the library for one player count, rules and bound, as OpenSpiel sees it."""

    slug: ClassVar[str]

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        """Set the game up from OpenSpiel's parameters (`players`, `rules`, `max_actions`)."""
        params = dict(params or {})
        game = cardgames.get_game(self.slug)
        setting = _setting(
            self.slug,
            int(params.get("players", DEFAULT_PLAYERS)),
            str(params.get("rules", "")),
            int(params.get("max_actions", MAX_ACTIONS)),
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=setting.space.size,
            max_chance_outcomes=_OUTCOMES,
            num_players=setting.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=setting.max_actions,
        )
        super().__init__(_game_type(game), info, params)
        self.setting = setting
        self._start = _Node(setting)

    def new_initial_state(self) -> _OpenSpielState:
        """Return a match before its seed is drawn."""
        return _OpenSpielState(self, self._start)

    def max_chance_nodes_in_history(self) -> int:
        """Return the number of chance nodes of a match: the seed parts."""
        return SEED_PARTS

    def make_py_observer(
        self,
        iig_obs_type: Any = None,  # noqa: ANN401 - a pyspiel.IIGObservationType
        params: Mapping[str, Any] | None = None,
    ) -> _PyObserver:
        """Return the observer of the information state or of the observation."""
        if params:
            msg = f"observation parameters are not supported; got {dict(params)}"
            raise InvalidSetupError(msg)
        if iig_obs_type is None:
            return _PyObserver(self.setting, perfect_recall=False)
        if (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            msg = "only the observation and the information state of one seat are supported"
            raise InvalidSetupError(msg)
        return _PyObserver(self.setting, perfect_recall=iig_obs_type.perfect_recall)


class _OpenSpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type hints
    """A moment of a match; its only attribute is an immutable `_Node`."""

    def __init__(self, game: _OpenSpielGame, node: _Node) -> None:
        super().__init__(game)
        self._node = node

    def current_player(self) -> int:
        """Return the seat to move, or OpenSpiel's chance or terminal player."""
        node = self._node
        state = node.state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if node.is_terminal:
            return int(pyspiel.PlayerId.TERMINAL)
        to_move: int = state.to_move  # type: ignore[assignment]  # not over
        return to_move

    def _legal_actions(self, player: int) -> list[int]:
        node = self._node
        state = node.state
        if state is None or node.is_terminal or player != state.to_move:
            return []
        index = node.setting.space.index
        return sorted(index(action) for action in state.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Return the 2**16 equally likely values of the next part of the seed."""
        return _CHANCE_OUTCOMES if self._node.state is None else []

    def _apply_action(self, action: int) -> None:
        node = self._node
        state = node.state
        if state is None:
            parts = (*node.parts, int(action))
            if len(parts) < SEED_PARTS:
                self._node = attrs.evolve(node, parts=parts)
                return
            setting = node.setting
            state = setting.game.new(setting.players, seed=_seed_of(parts), rules=setting.rules)
            self._node = attrs.evolve(node, parts=parts, state=state)
            return
        chosen = node.setting.space.actions()[action]
        self._node = attrs.evolve(node, state=state.apply(chosen), decisions=node.decisions + 1)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed part {action}"
        return str(self._node.setting.space.actions()[action])

    def is_terminal(self) -> bool:
        """Return whether the match is over or truncated."""
        return self._node.is_terminal

    def returns(self) -> list[float]:
        """Return each seat's return: 0 until the end (see the module docstring)."""
        node = self._node
        setting = node.setting
        state = node.state
        if state is None or not node.is_terminal:
            return [0.0] * setting.players
        if node.is_truncated:
            return list(truncated_returns(setting.players))
        return list(returns(setting.game, state))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:  # noqa: ANN401
        """Return a world `player_id` cannot tell from this one, drawn with `probability_sampler`.

        Hidden cards are resampled by `Game.sample_world` from the seat's view (its past
        included); future randomness is fresh. Before the seed is drawn nobody knows anything,
        and the state is its own sample.
        """
        node = self._node
        state = node.state
        if state is None:
            return self.clone()
        bits = [int(float(probability_sampler()) * (1 << 32)) for _ in range(2)]
        rng = random.Random(bits[0] << 32 | bits[1])  # noqa: S311 - sampling, not secrets
        view = node.view(player_id)
        world = node.setting.game.sample_world(view, rng, keep_past=True)
        sample = self.get_game().new_initial_state()
        sample._node = _Node(node.setting, (), world, node.decisions)  # noqa: SLF001
        # The world's view for `player_id` equals `view` (what `keep_past` promises), so what
        # that seat knows here is already computed: a search asks for it at every sample.
        sample._node.inherit(node, player_id)  # noqa: SLF001
        return sample

    def __str__(self) -> str:
        """Describe the state: the seed parts drawn, or every zone, whose turn and the scores."""
        node = self._node
        state = node.state
        if state is None:
            return f"seed: {len(node.parts)} of {SEED_PARTS} parts drawn"
        lines = [f"{zone}: {' '.join(map(str, cards))}" for zone, cards in state.zones().items()]
        lines.append(f"to move: {state.to_move}; decisions: {node.decisions}")
        lines.append(f"round {state.round}; scores: {list(state.scores)}")
        if node.is_truncated:
            lines.append("truncated")
        return "\n".join(lines)


class _PyObserver:
    """OpenSpiel's observer protocol: a flat `tensor`, its named parts `dict`, and strings."""

    def __init__(self, setting: _Setting, *, perfect_recall: bool) -> None:
        self.setting = setting
        self.perfect_recall = perfect_recall
        self.tensor: npt.NDArray[np.float32] = np.zeros(setting.observer.size, np.float32)
        self.dict = {
            name: self.tensor[offset : offset + length]
            for name, offset, length in setting.observer.layout
        }

    def set_from(self, state: _OpenSpielState, player: int) -> None:
        """Write what `player` knows of `state` into `tensor` (zeros before the deal)."""
        node = state._node  # noqa: SLF001 - the adapter's own state class
        if node.state is None:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = node.known("tensor", player)

    def string_from(self, state: _OpenSpielState, player: int) -> str:
        """Return what `player` knows of `state` as text (the information state: with the past)."""
        node = state._node  # noqa: SLF001 - the adapter's own state class
        if node.state is None:
            return f"seat {player}: before the deal"
        text: str = node.known("string", player)
        if self.perfect_recall:
            return text
        fields, _, _ = text.partition("\nevents (")
        return fields


def library_state(state: Any) -> State[Any] | None:  # noqa: ANN401 - a pyspiel.State
    """Return the library's state behind an OpenSpiel state, or `None` before the deal.

    Raises:
        TypeError: `state` is not a state of a game of this module.
    """
    if not isinstance(state, _OpenSpielState):
        msg = f"expected a state of a python_cardgames_* game, got {type(state).__name__}"
        raise TypeError(msg)
    return state._node.state  # noqa: SLF001 - the adapter's own state class


@functools.cache
def _game_type(game: Game[Any]) -> Any:  # noqa: ANN401 - a pyspiel.GameType
    return pyspiel.GameType(
        short_name=SHORT_NAMES[game.slug],
        long_name=f"Python cardgames {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": DEFAULT_PLAYERS,
            "rules": "",
            "max_actions": MAX_ACTIONS,
        },
    )


def _game_class(slug: str) -> type[_OpenSpielGame]:
    name = "".join(word.title() for word in slug.split("-")) + "Game"
    return type(name, (_OpenSpielGame,), {"slug": slug, "__module__": __name__})


# One class per game, kept by this module: OpenSpiel holds its game factories until the very
# end of the process, and a factory that only it referenced would be freed after Python's.
_GAME_CLASSES: Mapping[str, type[_OpenSpielGame]] = MappingProxyType(
    {slug: _game_class(slug) for slug in cardgames.GAMES}
)


def _register() -> None:
    registered = {game_type.short_name for game_type in pyspiel.registered_games()}
    for slug, game in cardgames.GAMES.items():
        if SHORT_NAMES[slug] not in registered:
            pyspiel.register_game(_game_type(game), _GAME_CLASSES[slug])


_register()
