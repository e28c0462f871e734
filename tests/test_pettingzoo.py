"""The PettingZoo environment (`cardgames.adapters.pettingzoo`) on every game and player count."""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import cardgames
from cardgames.adapters.pettingzoo import CardGameEnv, env
from cardgames.encoding import ActionSpace, Observer, returns
from cardgames.engine import Game
from cardgames.errors import IllegalActionError

SETTINGS = [
    (game, players)
    for game in cardgames.GAMES.values()
    for players in range(game.min_players, game.max_players + 1)
]
IDS = [f"{game.slug}-{players}p" for game, players in SETTINGS]
# PettingZoo's api_test advises a Box observation space and a NumPy observation: its
# convention for action masks is a dict of both, which draws these two notes.
DICT_OBSERVATIONS = [
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
]


def _play(table: CardGameEnv, seed: int) -> Counter[str]:
    """Play masked random actions to the end; return how often each agent was selected."""
    table.reset(seed=seed)
    for i, agent in enumerate(table.possible_agents):
        table.action_space(agent).seed(seed + i)
    selected: Counter[str] = Counter()
    for agent in table.agent_iter():
        selected[agent] += 1
        observation, _, termination, truncation, _ = table.last()
        done = termination or truncation
        table.step(None if done else table.action_space(agent).sample(observation["action_mask"]))
    return selected


@pytest.mark.filterwarnings(*DICT_OBSERVATIONS)
@pytest.mark.parametrize(("game", "players"), SETTINGS, ids=IDS)
def test_pettingzoo_api_test(game: Game[Any], players: int) -> None:
    """PettingZoo's own api_test passes on every game and player count."""
    api_test(env(game.slug, players), num_cycles=25)


@pytest.mark.parametrize(("game", "players"), SETTINGS, ids=IDS)
def test_pettingzoo_seed_test(game: Game[Any], players: int) -> None:
    """PettingZoo's own seed_test: the same seed gives the same observations and rewards."""
    seed_test(functools.partial(env, game.slug, players), num_cycles=25)


@pytest.mark.parametrize(("game", "players"), SETTINGS, ids=IDS)
def test_max_cycles_truncates_every_agent(game: Game[Any], players: int) -> None:
    """With max_cycles=4 no seat makes a fifth decision and every agent ends truncated.

    PettingZoo's ``max_cycles_test`` needs a parallel version of the environment, which a
    turn-based game has not; this is its AEC half, with masked actions.
    """
    table = env(game.slug, players, max_cycles=4)
    # The first seed whose match outlasts the bound (a 2-player classic Mistigri can be short).
    for seed in range(20):
        selected = _play(table, seed)
        assert table.state is not None
        if not table.state.is_over:
            break
    assert table.state is not None
    assert not table.state.is_over
    # Each agent is selected once per decision, then once more to be removed.
    assert max(selected.values()) == 4 + 1
    assert table.agents == []
    assert all(table._decisions[seat] <= 4 for seat in range(players))


@pytest.mark.parametrize("game", list(cardgames.GAMES.values()), ids=list(cardgames.GAMES))
def test_a_whole_match_pays_the_returns(game: Game[Any]) -> None:
    """Played to the end, a match terminates every agent with its return as its reward."""
    players = game.min_players + 1
    table = env(game.slug, players)
    rewards: dict[str, float] = {}
    table.reset(seed=5)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        if termination or truncation:
            assert not truncation
            rewards[agent] = reward
            table.step(None)
        else:
            assert reward == 0
            table.step(table.action_space(agent).sample(observation["action_mask"]))
    assert table.state is not None
    assert table.state.is_over
    expected = returns(game, table.state)
    assert [rewards[f"player_{seat}"] for seat in range(players)] == list(expected)


def test_observation_is_the_encoded_view_and_its_mask() -> None:
    """An agent's observation is its Observer vector (float32) and its legal mask (int8)."""
    game = cardgames.get_game("crazy-mistigri")
    table = env(game.slug, 4)
    table.reset(seed=3)
    assert table.state is not None
    for seat, agent in enumerate(table.possible_agents):
        observation = table.observe(agent)
        view = table.state.view(seat)
        expected = Observer(game, 4).encode(view)
        assert observation["observation"].dtype == np.float32
        assert observation["observation"].tolist() == pytest.approx(expected)
        assert observation["action_mask"].dtype == np.int8
        assert observation["action_mask"].astype(bool).tolist() == list(
            ActionSpace(game, 4).mask(view)
        )
        assert table.observation_space(agent).contains(observation)


def test_reset_with_a_seed_deals_the_same_match() -> None:
    """Two resets with the same seed deal the same match; later resets follow from it."""
    table, other = env("kitten-tricks", 3), env("kitten-tricks", 3)
    table.reset(seed=8)
    other.reset(seed=8)
    assert table.state == other.state
    table.reset()
    other.reset()
    assert table.state == other.state


def test_illegal_actions_raise() -> None:
    """An index that is not legal, or None for the agent to move, raises IllegalActionError."""
    table = env("kitten-tricks", 3)
    table.reset(seed=1)
    mask = table.observe(table.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError, match="legal indices"):
        table.step(illegal)
    with pytest.raises(IllegalActionError, match="is to move"):
        table.step(None)


def test_render_ansi_describes_the_table() -> None:
    """In "ansi" mode render returns the game, the scores and whose turn it is."""
    table = env("crazy-animals", 3, render_mode="ansi")
    table.reset(seed=2)
    text = table.render()
    assert text is not None
    assert text.startswith("Crazy Animals, 3 players, round 1")
    assert "to move: seat" in text
    assert env("crazy-animals", 3).render() is None


def test_env_refuses_bad_arguments() -> None:
    """A non-positive max_cycles or an unknown render mode raises ValueError."""
    with pytest.raises(ValueError, match="max_cycles"):
        env("kitten-tricks", 3, max_cycles=0)
    with pytest.raises(ValueError, match="render_mode"):
        env("kitten-tricks", 3, render_mode="human")
    with pytest.raises(RuntimeError, match="reset"):
        env("kitten-tricks", 3).observe("player_0")
