"""A PettingZoo AEC environment for every game of the library.

Each seat is an agent (``"player_0"`` .. ``"player_<n-1>"``); only the seat to move acts, as in
PettingZoo's classic games. An observation is the PettingZoo dictionary
``{"observation": ..., "action_mask": ...}``: the seat's [`Observer`][cardgames.encoding.Observer]
vector (float32) and the mask of its legal actions over the game's
[`ActionSpace`][cardgames.encoding.ActionSpace] (int8, all zeros when it is not to move). The
action is an index of that space. Rewards are 0 until the match ends, then each seat's return
([`returns`][cardgames.encoding.returns]). A match that runs too long is truncated: once the seat
to move has made ``max_cycles`` decisions every agent is truncated, a signal of this adapter that
changes no rule (a Crazy Animals round has no end if nobody knocks).

Install the extra with ``pip install 'cardgames[pettingzoo]'``.

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
"""

from __future__ import annotations

import functools
import random
from typing import Any

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as exc:  # pragma: no cover - the extra is part of the dev install
    msg = (
        "cardgames.adapters.pettingzoo needs PettingZoo, Gymnasium and NumPy: "
        "pip install 'cardgames[pettingzoo]'"
    )
    raise ImportError(msg) from exc

from cardgames import get_game
from cardgames.encoding import ActionSpace, Observer, returns
from cardgames.engine import State
from cardgames.errors import IllegalActionError

__all__ = ["DEFAULT_MAX_CYCLES", "CardGameEnv", "env"]

DEFAULT_MAX_CYCLES = 10_000
"""The default bound on the decisions of one seat, far above any finished match's length."""


def env(
    slug: str,
    players: int,
    rules: object | None = None,
    max_cycles: int = DEFAULT_MAX_CYCLES,
    render_mode: str | None = None,
) -> CardGameEnv:
    """Return a PettingZoo AEC environment for the game ``slug``.

    Args:
        slug: the game's slug, e.g. ``"crazy-animals"``.
        players: the number of seats (agents).
        rules: the game's ``Rules``; default ``Rules()``, the rulebook's game.
        max_cycles: truncate the match once the seat to move has made this many decisions.
        render_mode: ``None`` or ``"ansi"`` (`render` returns the table as text).

    Raises:
        UnknownGameError: no game is registered under ``slug``.
        InvalidSetupError: a player count outside the game's range, or rules of another game.
        ValueError: ``max_cycles`` is not a positive int, or an unknown ``render_mode``.
    """
    return CardGameEnv(slug, players, rules, max_cycles=max_cycles, render_mode=render_mode)


class CardGameEnv(AECEnv):  # type: ignore[misc] # PettingZoo ships no type information
    """A match of one game as a PettingZoo AEC environment; build it with `env`."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's class-level convention
        "name": "cardgames_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        slug: str,
        players: int,
        rules: object | None = None,
        *,
        max_cycles: int = DEFAULT_MAX_CYCLES,
        render_mode: str | None = None,
    ) -> None:
        """Set up the game's spaces; `reset` deals the first match."""
        super().__init__()
        if not isinstance(max_cycles, int) or isinstance(max_cycles, bool) or max_cycles < 1:
            msg = f"max_cycles must be a positive int, got {max_cycles!r}"
            raise ValueError(msg)
        if render_mode not in {None, "ansi"}:
            msg = f"render_mode must be None or 'ansi', got {render_mode!r}"
            raise ValueError(msg)
        self.game = get_game(slug)
        self.space = ActionSpace(self.game, players, rules)
        self.observer = Observer(self.game, players, rules)
        self.rules = self.space.rules
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"cardgames_{self.game.slug.replace('-', '_')}"}
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        low = np.concatenate(
            [np.full(n, lo, np.float32) for (_, lo, _), (_, _, n) in self._fields()]
        )
        high = np.concatenate(
            [np.full(n, hi, np.float32) for (_, _, hi), (_, _, n) in self._fields()]
        )
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low, high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (self.space.size,), dtype=np.int8),
            }
        )
        self._action_space = spaces.Discrete(self.space.size)
        self._rng = random.Random()  # noqa: S311 - match seeds for play, not secrets
        self.state: State[Any] | None = None
        self._decisions: list[int] = []

    def _fields(self) -> list[tuple[tuple[str, float, float], tuple[str, int, int]]]:
        return list(zip(self.observer.ranges, self.observer.layout, strict=True))

    @functools.cache  # noqa: B019 - one space per agent, for the environment's lifetime
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same for every agent)."""
        del agent
        return self._observation_space

    @functools.cache  # noqa: B019 - one space per agent, for the environment's lifetime
    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(ActionSpace.size)``."""
        del agent
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new match.

        ``seed`` seeds the environment: the match dealt, and every later match dealt by a
        `reset` without a seed, follow from it.
        """
        del options
        if seed is not None:
            self._rng = random.Random(seed)  # noqa: S311 - reproducible play, not secrets
        self.state = self.game.new(
            self.space.players, seed=self._rng.getrandbits(64), rules=self.rules
        )
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._decisions = [0] * self.space.players
        self.agent_selection = self._agent_to_move()

    def _agent_to_move(self) -> str:
        assert self.state is not None  # noqa: S101 - set by reset
        to_move = self.state.to_move
        return self.possible_agents[0 if to_move is None else to_move]

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        """Return ``agent``'s observation: its encoded view and its action mask."""
        if self.state is None:
            msg = "call reset() before observe()"
            raise RuntimeError(msg)
        view = self.state.view(self._seat[agent])
        mask = np.zeros(self.space.size, np.int8)
        mask[list(self.space.legal_indices(view))] = 1
        return {
            "observation": np.asarray(self.observer.encode(view), np.float32),
            "action_mask": mask,
        }

    def step(self, action: int | None) -> None:
        """Apply the action with index ``action`` for the agent to move (``None`` once done).

        Raises:
            IllegalActionError: ``action`` is not the index of a legal action of that agent.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.state is not None  # noqa: S101 - reset set agents, so a state exists
        seat = self._seat[agent]
        if action is None:
            msg = f"{agent} is to move: None is the action of an agent that is done"
            raise IllegalActionError(msg)
        chosen = self.space.action(int(action), self.state.view(seat))
        self.state = self.state.apply(chosen)
        self._decisions[seat] += 1
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.state.is_over:
            for other, value in zip(
                self.possible_agents, returns(self.game, self.state), strict=True
            ):
                self.rewards[other] = value
            self.terminations = dict.fromkeys(self.agents, True)
        elif self._decisions[self.state.to_move] >= self.max_cycles:  # type: ignore[index]
            self.truncations = dict.fromkeys(self.agents, True)
        self.agent_selection = self._agent_to_move()
        self._accumulate_rewards()

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
