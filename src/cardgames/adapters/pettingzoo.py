"""PettingZoo environments for every game of the library: turn by turn (AEC) and parallel.

Each seat is an agent (``"player_0"`` .. ``"player_<n-1>"``). An observation is the PettingZoo
dictionary ``{"observation": ..., "action_mask": ...}``: the seat's
[`Observer`][cardgames.encoding.Observer] vector (float32) and the mask of the actions it may
take now (int8). An action is an index of the game's
[`ActionSpace`][cardgames.encoding.ActionSpace]. Rewards are 0 until the match ends, then each
seat's return ([`returns`][cardgames.encoding.returns]).

One *cycle* is one decision of the seat to move: the match's moves, one by one (a Crazy
Mistigri turn is a draw then discards, so several cycles; a Kitten tricks trick is one cycle
per card played). Two ways to take turns, chosen with ``turns``:

* ``turns="game"`` (the default, as PettingZoo's classic games): only the seat to move is
  selected, once per cycle; the others wait unseen, with an all-zero mask.
* ``turns="cycle"``: in every cycle the seat to move is selected and acts, then every other
  agent is selected once, in seat order from the mover's left, and passes: its mask holds one
  index, the *pass index* (`pass_index`: the last of the action space, one past the game's
  indices, `ActionSpace.size`), and whatever it sends is ignored, as in PettingZoo's turn-based
  conversion. So every agent observes the table, and collects its rewards, after every move,
  and each is selected exactly once per cycle whatever the turn order (a trick won by the last
  seat, a reversal, several decisions in one turn).

[`parallel_env`][cardgames.adapters.pettingzoo.parallel_env] is the same match through
PettingZoo's ``ParallelEnv`` API: one ``step`` is one cycle; it uses the mover's action and
ignores the others' (their masks hold the pass index alone).

``max_cycles`` bounds the number of cycles, in every mode: a match still going after that many
decisions is *truncated*, a signal of the adapter that changes no rule (a Crazy Animals round
has no end if nobody knocks). Every agent is then truncated with the reward
[`truncated_returns`][cardgames.encoding.truncated_returns], ``1 / players`` each, the same
definition as the OpenSpiel adapter's. In ``"cycle"`` mode the bound falls at the end of a
cycle, once every agent has passed.

An action that is not legal follows ``illegal``: ``"raise"`` (the default) raises
`IllegalActionError` and changes nothing; ``"penalize"`` refuses it, leaves the match as it
was, gives the agent ``illegal_reward`` (default -1) and ``info["illegal"] = True``, and counts
the cycle, so a policy that only plays illegal actions is truncated at ``max_cycles``;
``"terminate"`` ends the match there, the agent receiving ``illegal_reward`` and the others 0
(PettingZoo's ``TerminateIllegalWrapper``).

[`environment_module`][cardgames.adapters.pettingzoo.environment_module] binds a game, a player
count and options into the module-like object PettingZoo's test utilities expect
(``max_cycles_test(mod)`` calls ``mod.env(max_cycles=4)`` and ``mod.parallel_env(...)``).

Install the extra with ``pip install 'cardgames-rules[pettingzoo]'``.

Examples:
    >>> from cardgames.adapters.pettingzoo import env
    >>> table = env("kitten-tricks", players=3)
    >>> table.reset(seed=7)
    >>> for agent in table.agent_iter():
    ...     observation, reward, termination, truncation, info = table.last()
    ...     if termination or truncation:
    ...         action = None
    ...     else:
    ...         action = table.action_space(agent).sample(observation["action_mask"])
    ...     table.step(action)
    >>> round(sum(table.rewards.values()), 6) >= 0
    True

    The parallel environment, stepped with the mover's masked choice and the pass index for
    the others:

    >>> from cardgames.adapters.pettingzoo import parallel_env
    >>> table = parallel_env("crazy-animals", players=3, max_cycles=50)
    >>> observations, infos = table.reset(seed=1)
    >>> while table.agents:
    ...     actions = {
    ...         agent: table.action_space(agent).sample(observations[agent]["action_mask"])
    ...         for agent in table.agents
    ...     }
    ...     observations, rewards, terminations, truncations, infos = table.step(actions)
    >>> table.cycles <= 50
    True
"""

from __future__ import annotations

import functools
import operator
import random
from types import SimpleNamespace
from typing import Any, Literal

from cardgames import _extras, get_game
from cardgames._codec import is_int
from cardgames.encoding import ActionSpace, Observer, returns, truncated_returns
from cardgames.engine import State
from cardgames.errors import (
    IllegalActionError,
    InvalidSeatError,
    InvalidSetupError,
    MissingExtraError,
)

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv, ParallelEnv
except ImportError:
    raise MissingExtraError(_extras.message(__name__, "pettingzoo")) from None

__all__ = [
    "DEFAULT_ILLEGAL_REWARD",
    "DEFAULT_MAX_CYCLES",
    "CardGameEnv",
    "CardGameParallelEnv",
    "Illegal",
    "Turns",
    "env",
    "environment_module",
    "parallel_env",
]

DEFAULT_MAX_CYCLES = 10_000
"""The default bound on a match's cycles (decisions), far above any finished match's length."""

DEFAULT_ILLEGAL_REWARD = -1.0
"""The default reward of an illegal action under ``illegal="penalize"`` or ``"terminate"``."""

Turns = Literal["game", "cycle"]
"""Who is selected in the AEC environment: the seat to move only, or every agent each cycle."""

Illegal = Literal["raise", "penalize", "terminate"]
"""What an illegal action does: raise, be refused with a penalty, or end the match."""

_TURNS = ("game", "cycle")
_ILLEGAL = ("raise", "penalize", "terminate")


def env(
    slug: str,
    players: int,
    rules: object | None = None,
    max_cycles: int = DEFAULT_MAX_CYCLES,
    render_mode: str | None = None,
    *,
    turns: Turns = "game",
    illegal: Illegal = "raise",
    illegal_reward: float = DEFAULT_ILLEGAL_REWARD,
    seed: int | None = None,
) -> CardGameEnv:
    """Return a PettingZoo AEC environment for the game ``slug``.

    Args:
        slug: the game's slug, e.g. ``"crazy-animals"``.
        players: the number of seats (agents).
        rules: the game's ``Rules``; default ``Rules()``, the rulebook's game.
        max_cycles: truncate the match once this many cycles (decisions of the seat to move,
            refused ones included) have been played.
        render_mode: ``None`` or ``"ansi"`` (`render` returns the table as text).
        turns: ``"game"`` selects only the seat to move; ``"cycle"`` selects every agent once
            per cycle (the others pass).
        illegal: ``"raise"``, ``"penalize"`` or ``"terminate"`` (see the module docstring).
        illegal_reward: the reward of an illegal action when it is not raised.
        seed: seeds the environment at once: the first `reset` without a seed deals from it,
            and every agent's action space samples from it (for reproducible tests that do not
            seed, such as PettingZoo's ``max_cycles_test``); ``None`` for fresh randomness.

    Raises:
        UnknownGameError: no game is registered under ``slug``.
        InvalidSetupError: a player count outside the game's range, rules of another game, a
            ``max_cycles`` that is not a positive int, or an unknown ``render_mode``,
            ``turns`` or ``illegal``.
    """
    return CardGameEnv(
        slug,
        players,
        rules,
        max_cycles=max_cycles,
        render_mode=render_mode,
        turns=turns,
        illegal=illegal,
        illegal_reward=illegal_reward,
        seed=seed,
    )


def parallel_env(
    slug: str,
    players: int,
    rules: object | None = None,
    max_cycles: int = DEFAULT_MAX_CYCLES,
    render_mode: str | None = None,
    *,
    illegal: Illegal = "raise",
    illegal_reward: float = DEFAULT_ILLEGAL_REWARD,
    seed: int | None = None,
) -> CardGameParallelEnv:
    """Return a PettingZoo parallel environment for the game ``slug``: one ``step``, one cycle.

    The arguments are those of [`env`][cardgames.adapters.pettingzoo.env] (there is no
    ``turns``: every agent acts in every step, and only the mover's action counts).

    Raises:
        UnknownGameError: no game is registered under ``slug``.
        InvalidSetupError: as for `env`.
    """
    return CardGameParallelEnv(
        slug,
        players,
        rules,
        max_cycles=max_cycles,
        render_mode=render_mode,
        illegal=illegal,
        illegal_reward=illegal_reward,
        seed=seed,
    )


def environment_module(
    slug: str,
    players: int,
    rules: object | None = None,
    *,
    max_cycles: int = DEFAULT_MAX_CYCLES,
    render_mode: str | None = None,
    turns: Turns = "game",
    illegal: Illegal = "raise",
    illegal_reward: float = DEFAULT_ILLEGAL_REWARD,
    seed: int | None = None,
) -> SimpleNamespace:
    """Bind a game, a player count and options into an object PettingZoo's tests take as a module.

    PettingZoo's environments are modules with ``env(**kwargs)`` and ``parallel_env(**kwargs)``
    functions, and some of its test utilities take such a module. The namespace returned has
    both, building environments of ``slug`` for ``players`` seats with these options; keyword
    arguments given to them override the bound ones (``parallel_env`` ignores ``turns``).

    ``max_cycles_test`` samples actions without their mask and counts selections per agent, so
    it needs ``turns="cycle"`` and ``illegal="penalize"`` (or ``"terminate"`` would end its match
    at the first illegal action); ``seed`` makes its run reproducible.

    Raises:
        UnknownGameError: no game is registered under ``slug``.
        InvalidSetupError: as for `env` (the options are checked here, once).

    Examples:
        >>> from pettingzoo.test import max_cycles_test
        >>> from cardgames.adapters.pettingzoo import environment_module
        >>> mod = environment_module(
        ...     "crazy-animals", 3, turns="cycle", illegal="penalize", seed=1
        ... )
        >>> max_cycles_test(mod)
    """
    options: dict[str, Any] = {
        "max_cycles": max_cycles,
        "render_mode": render_mode,
        "turns": turns,
        "illegal": illegal,
        "illegal_reward": illegal_reward,
        "seed": seed,
    }

    def make_env(**overrides: Any) -> CardGameEnv:  # noqa: ANN401 - env's keyword arguments
        return env(slug, players, rules, **{**options, **overrides})

    def make_parallel_env(**overrides: Any) -> CardGameParallelEnv:  # noqa: ANN401 - likewise
        merged = {**options, **overrides}
        del merged["turns"]
        return parallel_env(slug, players, rules, **merged)

    make_env.__doc__ = f"An AEC environment of {slug} for {players} players (see `env`)."
    make_parallel_env.__doc__ = f"A parallel environment of {slug} for {players} players."
    make_env()  # check the options now, where the caller gave them
    return SimpleNamespace(env=make_env, parallel_env=make_parallel_env, raw_env=make_env)


class _Table:
    """What both environments share: the game's spaces, the match, its cycles and their rules."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's class-level convention
        "name": "cardgames_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def _set_up(
        self,
        slug: str,
        players: int,
        rules: object | None,
        *,
        max_cycles: int,
        render_mode: str | None,
        turns: str,
        illegal: str,
        illegal_reward: float,
        seed: int | None,
    ) -> None:
        if not is_int(max_cycles) or max_cycles < 1:
            msg = f"max_cycles must be a positive int, got {max_cycles!r}"
            raise InvalidSetupError(msg)
        if render_mode not in {None, "ansi"}:
            msg = f"render_mode must be None or 'ansi', got {render_mode!r}"
            raise InvalidSetupError(msg)
        if turns not in _TURNS:
            msg = f"turns must be 'game' or 'cycle', got {turns!r}"
            raise InvalidSetupError(msg)
        if illegal not in _ILLEGAL:
            msg = f"illegal must be 'raise', 'penalize' or 'terminate', got {illegal!r}"
            raise InvalidSetupError(msg)
        if not isinstance(illegal_reward, int | float) or isinstance(illegal_reward, bool):
            msg = f"illegal_reward must be a number, got {illegal_reward!r}"
            raise InvalidSetupError(msg)
        if seed is not None and (not is_int(seed)):
            msg = f"seed must be an int or None, got {seed!r}"
            raise InvalidSetupError(msg)
        self.game = get_game(slug)
        self.space = ActionSpace(self.game, players, rules)
        self.observer = Observer(self.game, players, rules)
        self.rules = self.space.rules
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        self.turns = turns
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.metadata = {**self.metadata, "name": f"cardgames_{self.game.slug.replace('-', '_')}"}
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.pass_index: int | None = self.space.size if turns == "cycle" else None
        """The index of the pass action of the agents not to move (``None`` in "game" mode)."""
        size = self.space.size + (turns == "cycle")
        low = np.concatenate(
            [np.full(n, lo, np.float32) for (_, lo, _), (_, _, n) in self._fields()]
        )
        high = np.concatenate(
            [np.full(n, hi, np.float32) for (_, _, hi), (_, _, n) in self._fields()]
        )
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low, high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (size,), dtype=np.int8),
            }
        )
        self._action_space = spaces.Discrete(size)
        self._rng = random.Random(seed)  # noqa: S311 - match seeds for play, not secrets
        if seed is not None:
            for i, agent in enumerate(self.possible_agents):
                self.action_space(agent).seed(seed + i)
        self.state: State[Any] | None = None
        self.cycles = 0
        """The cycles played in the current match (see the module docstring)."""

    def _fields(self) -> list[tuple[tuple[str, float, float], tuple[str, int, int]]]:
        return list(zip(self.observer.ranges, self.observer.layout, strict=True))

    @functools.cache  # noqa: B019 - one space per agent, for the environment's lifetime
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same for every agent)."""
        del agent
        return self._observation_space

    @functools.cache  # noqa: B019 - one space per agent, for the environment's lifetime
    def action_space(self, agent: str) -> spaces.Discrete:
        """The action space of ``agent``: ``Discrete(ActionSpace.size)``, plus the pass index.

        The pass index is there with ``turns="cycle"`` and in the parallel environment.
        """
        del agent
        return self._action_space

    def _deal(self, seed: int | None) -> State[Any]:
        if seed is not None:
            self._rng = random.Random(seed)  # noqa: S311 - reproducible play, not secrets
        self.state = self.game.new(
            self.space.players, seed=self._rng.getrandbits(64), rules=self.rules
        )
        self.cycles = 0
        return self.state

    def _seat_of(self, agent: object) -> int:
        try:
            return self._seat[agent]  # type: ignore[index]
        except (KeyError, TypeError):
            msg = f"no agent {agent!r}: the agents are {', '.join(self.possible_agents)}"
            raise InvalidSeatError(msg) from None

    def _observation(self, seat: int, *, may_move: bool) -> dict[str, np.ndarray[Any, Any]]:
        """The observation of ``seat``; ``may_move`` says whether it is selected to move next."""
        state = self._dealt()
        view = state.view(seat)
        mask = np.zeros(self._action_space.n, np.int8)
        if view.to_move == seat and may_move:
            mask[list(self.space.legal_indices(view))] = 1
        elif self.pass_index is not None and not view.is_over:
            mask[self.pass_index] = 1
        return {
            "observation": np.asarray(self.observer.encode(view), np.float32),
            "action_mask": mask,
        }

    def _dealt(self) -> State[Any]:
        if self.state is None:
            msg = "call reset() before using the environment"
            raise RuntimeError(msg)
        return self.state

    def _mover(self) -> str:
        to_move = self._dealt().to_move
        return self.possible_agents[0 if to_move is None else to_move]

    def _decide(self, agent: str, action: object) -> bool:
        """Play ``action`` for ``agent``, the seat to move, and count the cycle.

        Return whether it was played; an illegal action raises under ``"raise"``, else it is
        refused and the match is unchanged.
        """
        state = self._dealt()
        try:
            chosen = self.space.action(self._index(agent, action), state.view(self._seat[agent]))
        except IllegalActionError:
            if self.illegal == "raise":
                raise
            self.cycles += 1
            return False
        self.state = state.apply(chosen)
        self.cycles += 1
        return True

    def _index(self, agent: str, action: object) -> int:
        if action is None:
            msg = f"{agent} is to move: None is the action of an agent that is done"
            raise IllegalActionError(msg)
        try:
            index = operator.index(action)  # type: ignore[arg-type]
        except TypeError:
            msg = f"{agent} sent {action!r}: an action is an int index"
            raise IllegalActionError(msg) from None
        if index == self.pass_index:
            msg = f"{agent} is to move: the pass index {index} is for the agents that wait"
            raise IllegalActionError(msg)
        return index

    def _final_rewards(self) -> tuple[float, ...] | None:
        """Each seat's reward if the match has ended or reached the bound now, else ``None``."""
        state = self._dealt()
        if state.is_over:
            return returns(self.game, state)
        if self.cycles >= self.max_cycles:
            return truncated_returns(self.space.players)
        return None

    def render(self) -> str | None:
        """Return the table as text in ``"ansi"`` mode: whose turn, the scores, the last action."""
        if self.render_mode is None or self.state is None:
            return None
        state = self.state
        last = state.history[-1] if state.history else None
        lines = [
            f"{self.game.title}, {state.players} players, round {state.round}",
            f"scores: {', '.join(map(str, state.scores))}",
            f"last action: {'none' if last is None else last}",
            "match over" if state.is_over else f"to move: seat {state.to_move}",
        ]
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release."""


class CardGameEnv(_Table, AECEnv):  # type: ignore[misc] # PettingZoo ships no type information
    """A match of one game as a PettingZoo AEC environment; build it with `env`."""

    def __init__(
        self,
        slug: str,
        players: int,
        rules: object | None = None,
        *,
        max_cycles: int = DEFAULT_MAX_CYCLES,
        render_mode: str | None = None,
        turns: Turns = "game",
        illegal: Illegal = "raise",
        illegal_reward: float = DEFAULT_ILLEGAL_REWARD,
        seed: int | None = None,
    ) -> None:
        """Set up the game's spaces; `reset` deals the first match."""
        AECEnv.__init__(self)
        self._set_up(
            slug,
            players,
            rules,
            max_cycles=max_cycles,
            render_mode=render_mode,
            turns=turns,
            illegal=illegal,
            illegal_reward=illegal_reward,
            seed=seed,
        )
        # In "cycle" mode, the agents still to pass in the current cycle, in order.
        self._waiting: list[str] = []

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new match.

        ``seed`` seeds the environment: the match dealt, and every later match dealt by a
        `reset` without a seed, follow from it.
        """
        del options
        self._deal(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._waiting = []
        self._skip_agent_selection = None
        self.agent_selection = self._mover()

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        """Return ``agent``'s observation: its encoded view and its action mask.

        The mask holds the legal actions of the agent selected to move next, the pass index
        alone for the other agents in ``"cycle"`` mode, and nothing once the match is over (or for a
        waiting agent in ``"game"`` mode).

        Raises:
            InvalidSeatError: ``agent`` is not an agent of this environment.
        """
        seat = self._seat_of(agent)
        return self._observation(seat, may_move=agent not in self._waiting)

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Take ``action`` (an index) for the selected agent (``None`` once it is done).

        For the seat to move the action is played (or, when illegal, handled by ``illegal``);
        for an agent that passes in ``"cycle"`` mode it is ignored.

        Raises:
            IllegalActionError: under ``illegal="raise"``, ``action`` is not the index of a
                legal action of the seat to move; nothing changes.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if self._waiting:  # a pass of "cycle" mode: whatever was sent is ignored
            self._begin_step(agent)
            self._waiting.pop(0)
            self._end_step()
            return
        played = self._decide(agent, action)  # raises before anything changes
        self._begin_step(agent)
        if not played:
            self.rewards[agent] = self.illegal_reward
            self.infos[agent] = {"illegal": True}
            if self.illegal == "terminate":
                self.terminations = dict.fromkeys(self.agents, True)
                self._accumulate_rewards()
                return
        if self._dealt().is_over:
            self._end(self.terminations)
            return
        if self.turns == "cycle":
            seat = self._seat[agent]
            players = self.space.players
            self._waiting = [self.possible_agents[(seat + k) % players] for k in range(1, players)]
        self._end_step()

    def _begin_step(self, agent: str) -> None:
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.infos[agent] = {}

    def _end_step(self) -> None:
        """Select the next agent, or truncate every agent at the end of the last cycle."""
        if self._waiting:
            self.agent_selection = self._waiting[0]
        elif self.cycles >= self.max_cycles:
            self._end(self.truncations)
            return
        else:
            self.agent_selection = self._mover()
        self._accumulate_rewards()

    def _end(self, flags: dict[str, bool]) -> None:
        """End the match for every agent (``flags``: terminations or truncations)."""
        final = self._final_rewards()
        assert final is not None  # noqa: S101 - called at the end or the bound only
        for agent, value in zip(self.possible_agents, final, strict=True):
            self.rewards[agent] += value
            flags[agent] = True
        self._waiting = []
        self._accumulate_rewards()


class CardGameParallelEnv(_Table, ParallelEnv):  # type: ignore[misc] # no type information
    """A match of one game as a PettingZoo parallel environment; build it with `parallel_env`.

    Every agent sends an action each step and only the mover's is used (the others' masks hold
    the pass index alone, and whatever they send is ignored); one step is one cycle.
    """

    def __init__(
        self,
        slug: str,
        players: int,
        rules: object | None = None,
        *,
        max_cycles: int = DEFAULT_MAX_CYCLES,
        render_mode: str | None = None,
        illegal: Illegal = "raise",
        illegal_reward: float = DEFAULT_ILLEGAL_REWARD,
        seed: int | None = None,
    ) -> None:
        """Set up the game's spaces; `reset` deals the first match."""
        self._set_up(
            slug,
            players,
            rules,
            max_cycles=max_cycles,
            render_mode=render_mode,
            turns="cycle",
            illegal=illegal,
            illegal_reward=illegal_reward,
            seed=seed,
        )
        self.agents: list[str] = []

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, np.ndarray[Any, Any]]], dict[str, dict[str, Any]]]:
        """Deal a new match; return every agent's observation and info.

        ``seed`` seeds the environment as in the AEC environment's `reset`.
        """
        del options
        self._deal(seed)
        self.agents = list(self.possible_agents)
        return self._observations(), {agent: {} for agent in self.agents}

    def _observations(self) -> dict[str, dict[str, np.ndarray[Any, Any]]]:
        return {
            agent: self._observation(seat, may_move=True)
            for seat, agent in enumerate(self.possible_agents)
        }

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], ...]:
        """Play one cycle: the mover's action from ``actions``; the others' are ignored.

        Returns:
            ``(observations, rewards, terminations, truncations, infos)``, one entry per agent;
            once the match has ended or reached ``max_cycles`` the agents are removed
            (``agents`` is empty).

        Raises:
            IllegalActionError: ``actions`` has no action for the agent to move, or, under
                ``illegal="raise"``, its action is not legal; nothing changes.
        """
        if not self.agents:  # the match has ended: nothing to step (as PettingZoo's wrappers)
            return {}, {}, {}, {}, {}
        agent = self._mover()
        if agent not in actions:
            msg = f"{agent} is to move and has no entry in actions"
            raise IllegalActionError(msg)
        played = self._decide(agent, actions[agent])
        rewards = dict.fromkeys(self.agents, 0.0)
        infos: dict[str, dict[str, Any]] = {other: {} for other in self.agents}
        ended = False
        if not played:
            rewards[agent] = self.illegal_reward
            infos[agent] = {"illegal": True}
            ended = self.illegal == "terminate"
        final = None if ended else self._final_rewards()
        terminations = dict.fromkeys(self.agents, ended or self._dealt().is_over)
        truncations = dict.fromkeys(self.agents, final is not None and not self._dealt().is_over)
        if final is not None:
            for other, value in zip(self.possible_agents, final, strict=True):
                rewards[other] += value
        observations = self._observations()
        if ended or final is not None:
            self.agents = []
        return observations, rewards, terminations, truncations, infos
