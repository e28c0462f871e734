"""The PettingZoo environments (`cardgames.adapters.pettingzoo`) on every game and player count."""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import (
    api_test,
    max_cycles_test,
    parallel_api_test,
    parallel_seed_test,
    seed_test,
)

import cardgames
from cardgames.adapters.pettingzoo import (
    CardGameEnv,
    CardGameParallelEnv,
    Turns,
    env,
    environment_module,
    parallel_env,
)
from cardgames.encoding import ActionSpace, Observer, returns, truncated_returns
from cardgames.engine import Game
from cardgames.errors import IllegalActionError, InvalidSeatError, InvalidSetupError

SETTINGS = [
    (game, players)
    for game in cardgames.GAMES.values()
    for players in range(game.min_players, game.max_players + 1)
]
IDS = [f"{game.slug}-{players}p" for game, players in SETTINGS]
MODES: list[Turns] = ["game", "cycle"]
# PettingZoo's api_test advises a Box observation space and a NumPy observation: its
# convention for action masks is a dict of both, which draws these two notes.
DICT_OBSERVATIONS = [
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
]


def _play(table: CardGameEnv, seed: int) -> list[tuple[str, bool]]:
    """Play masked random actions to the end; return each selection as (agent, is it done)."""
    table.reset(seed=seed)
    for i, agent in enumerate(table.possible_agents):
        table.action_space(agent).seed(seed + i)
    selected: list[tuple[str, bool]] = []
    for agent in table.agent_iter():
        observation, _, termination, truncation, _ = table.last()
        done = termination or truncation
        selected.append((agent, done))
        table.step(None if done else table.action_space(agent).sample(observation["action_mask"]))
    return selected


def _cycles(table: CardGameEnv, seed: int) -> list[list[str]]:
    """Play a match in "cycle" mode; return the agents selected in each cycle, mover first."""
    cycles: list[list[str]] = []
    for agent, done in _play(table, seed):
        if done:
            continue
        if not cycles or len(cycles[-1]) == table.space.players:
            cycles.append([])
        cycles[-1].append(agent)
    return cycles


def _rewards(table: CardGameEnv, seed: int, policy: Any = None) -> dict[str, float]:  # noqa: ANN401
    """Play a match; return the sum of the rewards each agent collected through `last`."""
    table.reset(seed=seed)
    for i, agent in enumerate(table.possible_agents):
        table.action_space(agent).seed(seed + i)
    total: dict[str, float] = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        total[agent] += reward
        if termination or truncation:
            table.step(None)
        elif policy is not None:
            table.step(policy(table, agent, observation))
        else:
            table.step(table.action_space(agent).sample(observation["action_mask"]))
    return total


# -- PettingZoo's own tests ---------------------------------------------------------------------


@pytest.mark.filterwarnings(*DICT_OBSERVATIONS)
@pytest.mark.parametrize("turns", MODES)
@pytest.mark.parametrize(("game", "players"), SETTINGS, ids=IDS)
def test_pettingzoo_api_test(game: Game[Any], players: int, turns: Turns) -> None:
    """PettingZoo's own api_test passes on every game and player count, in both modes."""
    api_test(env(game.slug, players, turns=turns), num_cycles=25)


@pytest.mark.parametrize("turns", MODES)
@pytest.mark.parametrize(("game", "players"), SETTINGS, ids=IDS)
def test_pettingzoo_seed_test(game: Game[Any], players: int, turns: Turns) -> None:
    """PettingZoo's own seed_test: the same seed gives the same observations and rewards."""
    seed_test(functools.partial(env, game.slug, players, turns=turns), num_cycles=25)


@pytest.mark.parametrize(("game", "players"), SETTINGS, ids=IDS)
def test_pettingzoo_max_cycles_test(game: Game[Any], players: int) -> None:
    """PettingZoo's own max_cycles_test passes: parallel env and "cycle" mode end after 4 cycles.

    It samples actions without their mask, so illegal actions are penalized; the seed makes the
    run reproducible (a 2-player classic Mistigri can end by itself within 4 moves).
    """
    mod = environment_module(game.slug, players, turns="cycle", illegal="penalize", seed=7)
    max_cycles_test(mod)


@pytest.mark.parametrize(("game", "players"), SETTINGS, ids=IDS)
def test_pettingzoo_parallel_api_test(game: Game[Any], players: int) -> None:
    """PettingZoo's own parallel_api_test passes on the parallel environment."""
    parallel_api_test(parallel_env(game.slug, players), num_cycles=200)


@pytest.mark.parametrize(("game", "players"), SETTINGS, ids=IDS)
def test_pettingzoo_parallel_seed_test(game: Game[Any], players: int) -> None:
    """PettingZoo's own parallel_seed_test passes (it samples unmasked: illegal is penalized)."""
    parallel_seed_test(
        functools.partial(parallel_env, game.slug, players, illegal="penalize"), num_cycles=25
    )


# -- cycles -------------------------------------------------------------------------------------


@pytest.mark.parametrize("turns", MODES)
@pytest.mark.parametrize(("game", "players"), SETTINGS, ids=IDS)
def test_max_cycles_counts_moves_in_both_modes(game: Game[Any], players: int, turns: Turns) -> None:
    """With max_cycles=4 a match is truncated after exactly four decisions, in either mode."""
    table = env(game.slug, players, max_cycles=4, turns=turns)
    selected = Counter(agent for agent, _ in _play(table, seed=3))
    assert table.state is not None
    assert not table.state.is_over
    assert len(table.state.history) == 4
    assert table.cycles == 4
    assert table.agents == []
    if turns == "cycle":  # every agent four times, then once to be removed
        assert set(selected.values()) == {4 + 1}
    else:  # only movers, then everyone once to be removed
        assert sum(selected.values()) == 4 + players


def test_cycle_mode_kitten_tricks_trick_won_by_the_last_seat() -> None:
    """Kitten tricks: a trick won by its last seat still gives cycles of mover, then its left."""
    table = env("kitten-tricks", 4, turns="cycle")
    cycles = _cycles(table, seed=5)
    movers = [cycle[0] for cycle in cycles]
    again = [i for i in range(1, len(movers)) if movers[i] == movers[i - 1]]
    assert again  # a trick won by the seat that played last: it leads the next one
    for cycle in cycles[:-1]:
        seat = table.possible_agents.index(cycle[0])
        assert cycle == [f"player_{(seat + k) % 4}" for k in range(4)]


def test_cycle_mode_crazy_mistigri_reversal() -> None:
    """Crazy Mistigri: around a reversal each cycle still selects every agent exactly once."""
    table = env("crazy-mistigri", 4, turns="cycle")
    for seed in range(40):
        cycles = _cycles(table, seed)
        assert table.state is not None
        if any(action.kind == "reverse" for action in table.state.history):
            break
    else:  # pragma: no cover - 40 seeded matches always hold a reversal
        pytest.fail("no reversal in 40 matches")
    movers = [table.possible_agents.index(cycle[0]) for cycle in cycles]
    steps = {(b - a) % 4 for a, b in itertools.pairwise(movers)}
    assert 1 in steps  # to the left
    assert 3 in steps  # and, reversed, to the right
    assert all(sorted(cycle) == table.possible_agents for cycle in cycles[:-1])


def test_cycle_mode_crazy_animals_turn_of_several_decisions() -> None:
    """Crazy Animals: a turn of several decisions is as many cycles, each of every agent once."""
    table = env("crazy-animals", 3, turns="cycle")
    selections = _play(table, seed=2)
    cycles = _cycles(table, seed=2)
    movers = [cycle[0] for cycle in cycles]
    assert any(a == b for a, b in itertools.pairwise(movers))
    assert all(sorted(cycle) == table.possible_agents for cycle in cycles[:-1])
    assert cycles[-1] == [movers[-1]]  # the decisive move: then everyone's final step
    counts = Counter(agent for agent, _ in selections)
    assert counts[movers[-1]] == len(cycles) + 1
    assert table.cycles == len(cycles)


def test_waiting_agents_have_the_pass_index_alone() -> None:
    """In "cycle" mode a waiting agent's mask is the pass index alone, and its action ignored."""
    table = env("kitten-tricks", 3, turns="cycle")
    table.reset(seed=4)
    assert table.pass_index == table.space.size
    assert table.action_space("player_0").n == table.space.size + 1
    mover = table.agent_selection
    table.step(int(np.flatnonzero(table.observe(mover)["action_mask"])[0]))
    waiting = table.agent_selection
    assert waiting != mover
    mask = table.observe(waiting)["action_mask"]
    assert np.flatnonzero(mask).tolist() == [table.pass_index]
    before = table.state
    table.step(0)  # ignored: a waiting agent only passes
    assert table.state is before


# -- illegal actions ----------------------------------------------------------------------------


def test_illegal_actions_raise_by_default() -> None:
    """A mover's illegal index, None, pass or non-index raises IllegalActionError; nothing moves."""
    table = env("kitten-tricks", 3, turns="cycle")
    table.reset(seed=1)
    state, agent = table.state, table.agent_selection
    mask = table.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError, match="legal indices"):
        table.step(illegal)
    with pytest.raises(IllegalActionError, match="is to move"):
        table.step(None)
    with pytest.raises(IllegalActionError, match="pass index"):
        table.step(table.pass_index)
    with pytest.raises(IllegalActionError, match="int index"):
        table.step(1.5)  # type: ignore[arg-type]
    assert table.state is state
    assert table.agent_selection == agent
    assert table.cycles == 0


@pytest.mark.parametrize("turns", MODES)
def test_penalized_illegal_action_changes_nothing_but_the_reward(turns: Turns) -> None:
    """Under "penalize" an illegal action changes nothing, costs the penalty, flags, and counts."""
    table = env("crazy-animals", 3, turns=turns, illegal="penalize", illegal_reward=-0.5)
    table.reset(seed=1)
    state, agent = table.state, table.agent_selection
    mask = table.observe(agent)["action_mask"]
    table.step(int(np.flatnonzero(mask == 0)[0]))
    assert table.state is state
    assert table.cycles == 1
    assert table.rewards[agent] == -0.5
    assert table.infos[agent] == {"illegal": True}
    for _ in range(table.space.players - 1 if turns == "cycle" else 0):
        table.step(0)  # the others pass
    assert table.agent_selection == agent  # still to move, and told why
    _, reward, _, _, info = table.last()
    assert reward == -0.5
    assert info == {"illegal": True}
    table.step(int(np.flatnonzero(table.observe(agent)["action_mask"])[0]))
    assert table.infos[agent] == {}


def test_an_always_illegal_agent_is_truncated_at_max_cycles() -> None:
    """An always-illegal policy is truncated at max_cycles: penalties, then truncated returns."""
    table = env("kitten-tricks", 4, max_cycles=6, turns="cycle", illegal="penalize")

    def illegal(table: CardGameEnv, agent: str, observation: dict[str, Any]) -> int:
        del table, agent
        return int(np.flatnonzero(observation["action_mask"] == 0)[0])

    rewards = _rewards(table, seed=3, policy=illegal)
    assert table.state is not None
    assert table.state.history == ()
    assert table.cycles == 6
    mover = "player_" + str(table.state.to_move)
    # Six penalties for the mover; the waiting agents' actions are ignored, never penalized.
    assert rewards[mover] == pytest.approx(6 * -1.0 + 0.25)
    assert all(rewards[a] == pytest.approx(0.25) for a in table.possible_agents if a != mover)


def test_terminate_ends_the_match_at_an_illegal_action() -> None:
    """Under "terminate" an illegal action ends the match: penalty to the agent, 0 to others."""
    table = env("crazy-mistigri", 3, illegal="terminate", illegal_reward=-2)
    table.reset(seed=6)
    agent = table.agent_selection
    table.step(int(np.flatnonzero(table.observe(agent)["action_mask"] == 0)[0]))
    assert all(table.terminations.values())
    assert table.rewards == {a: (-2.0 if a == agent else 0.0) for a in table.possible_agents}
    assert table.infos[agent] == {"illegal": True}


# -- rewards ------------------------------------------------------------------------------------


@pytest.mark.parametrize("turns", MODES)
@pytest.mark.parametrize("game", list(cardgames.GAMES.values()), ids=list(cardgames.GAMES))
def test_rewards_sum_to_the_returns(game: Game[Any], turns: Turns) -> None:
    """Played to the end, each agent's rewards sum to its return, in either mode."""
    players = game.min_players + 1
    table = env(game.slug, players, turns=turns)
    rewards = _rewards(table, seed=5)
    assert table.state is not None
    assert table.state.is_over
    expected = returns(game, table.state)
    assert [rewards[f"player_{seat}"] for seat in range(players)] == pytest.approx(expected)


@pytest.mark.parametrize("game", list(cardgames.GAMES.values()), ids=list(cardgames.GAMES))
def test_parallel_rewards_sum_to_the_returns(game: Game[Any]) -> None:
    """Stepped to the end with masked actions, the parallel rewards sum to the returns."""
    players = game.min_players + 1
    table = parallel_env(game.slug, players)
    observations, _ = table.reset(seed=5)
    for i, agent in enumerate(table.possible_agents):
        table.action_space(agent).seed(i)
    total = dict.fromkeys(table.possible_agents, 0.0)
    steps = 0
    while table.agents:
        actions = {
            agent: table.action_space(agent).sample(observations[agent]["action_mask"])
            for agent in table.agents
        }
        observations, rewards, terminations, _, _ = table.step(actions)
        steps += 1
        for agent, reward in rewards.items():
            total[agent] += reward
    assert all(terminations.values())
    assert table.state is not None
    assert steps == table.cycles == len(table.state.history)
    assert list(total.values()) == pytest.approx(returns(game, table.state))


@pytest.mark.parametrize("turns", MODES)
def test_truncation_pays_the_truncated_returns(turns: Turns) -> None:
    """A match cut at max_cycles gives every agent `truncated_returns`, as OpenSpiel does."""
    table = env("crazy-animals", 4, max_cycles=5, turns=turns)
    rewards = _rewards(table, seed=8)
    assert all(table.truncations.values()) or table.agents == []
    assert list(rewards.values()) == list(truncated_returns(4))
    parallel = parallel_env("crazy-animals", 4, max_cycles=5)
    observations, _ = parallel.reset(seed=8)
    for _ in range(5):
        actions = {
            a: int(np.flatnonzero(observations[a]["action_mask"])[0]) for a in parallel.agents
        }
        observations, step_rewards, _, truncations, _ = parallel.step(actions)
    assert all(truncations.values())
    assert list(step_rewards.values()) == list(truncated_returns(4))
    assert parallel.agents == []


# -- the parallel environment -------------------------------------------------------------------


def test_parallel_step_uses_the_mover_action_and_ignores_the_others() -> None:
    """One parallel step plays the mover's action; the others' actions do not matter."""
    table, other = parallel_env("kitten-tricks", 3), parallel_env("kitten-tricks", 3)
    observations, _ = table.reset(seed=2)
    other.reset(seed=2)
    assert table.state is not None
    mover = f"player_{table.state.to_move}"
    legal = int(np.flatnonzero(observations[mover]["action_mask"])[0])
    waiting = [a for a in table.agents if a != mover]
    assert all(
        np.flatnonzero(observations[a]["action_mask"]).tolist() == [table.pass_index]
        for a in waiting
    )
    table.step({mover: legal, **dict.fromkeys(waiting, table.pass_index)})
    other.step({mover: legal, **dict.fromkeys(waiting, 0)})
    assert table.state == other.state
    assert table.cycles == 1
    with pytest.raises(IllegalActionError, match="no entry"):
        table.step({})


def test_a_finished_parallel_env_steps_to_nothing() -> None:
    """Once its agents are gone, a parallel step returns empty dicts until the next reset."""
    table = parallel_env("classic-mistigri", 2, max_cycles=1)
    observations, _ = table.reset(seed=1)
    table.step({a: int(np.flatnonzero(observations[a]["action_mask"])[0]) for a in table.agents})
    assert table.agents == []
    assert table.step({}) == ({}, {}, {}, {}, {})


def test_environment_module_binds_the_options() -> None:
    """`environment_module` builds both environments with the bound options, overridable."""
    mod = environment_module("crazy-animals", 3, turns="cycle", illegal="penalize", seed=4)
    aec = mod.env(max_cycles=9)
    assert isinstance(aec, CardGameEnv)
    assert (aec.turns, aec.illegal, aec.max_cycles) == ("cycle", "penalize", 9)
    parallel = mod.parallel_env()
    assert isinstance(parallel, CardGameParallelEnv)
    assert parallel.illegal == "penalize"
    assert (
        mod.env().action_space("player_0").sample() == mod.env().action_space("player_0").sample()
    )
    with pytest.raises(InvalidSetupError, match="turns"):
        environment_module("crazy-animals", 3, turns="round")  # type: ignore[arg-type]


# -- observations, seeds, rendering, errors -----------------------------------------------------


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


def test_a_seeded_environment_deals_and_samples_reproducibly() -> None:
    """`seed=` at construction makes an unseeded reset and the action spaces' samples repeat."""
    table, other = env("kitten-tricks", 3, seed=5), env("kitten-tricks", 3, seed=5)
    table.reset()
    other.reset()
    assert table.state == other.state
    samples = [table.action_space(a).sample() for a in table.possible_agents]
    assert samples == [other.action_space(a).sample() for a in other.possible_agents]


def test_render_ansi_describes_the_table() -> None:
    """In "ansi" mode render returns the game, the scores and whose turn it is."""
    table = env("crazy-animals", 3, render_mode="ansi")
    table.reset(seed=2)
    text = table.render()
    assert text is not None
    assert text.startswith("Crazy Animals, 3 players, round 1")
    assert "to move: seat" in text
    assert env("crazy-animals", 3).render() is None


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"max_cycles": 0}, "max_cycles"),
        ({"render_mode": "human"}, "render_mode"),
        ({"turns": "round"}, "turns"),
        ({"illegal": "ignore"}, "illegal must be"),
        ({"illegal_reward": "-1"}, "illegal_reward"),
        ({"seed": 1.5}, "seed"),
    ],
)
def test_env_refuses_bad_arguments(options: dict[str, Any], message: str) -> None:
    """A bad option raises InvalidSetupError naming it."""
    with pytest.raises(InvalidSetupError, match=message):
        env("kitten-tricks", 3, **options)


def test_env_refuses_use_before_reset_and_unknown_agents() -> None:
    """Observing before reset raises RuntimeError; an unknown agent raises InvalidSeatError."""
    with pytest.raises(RuntimeError, match="reset"):
        env("kitten-tricks", 3).observe("player_0")
    table = env("kitten-tricks", 3)
    table.reset(seed=1)
    with pytest.raises(InvalidSeatError, match="player_0, player_1, player_2"):
        table.observe("player_3")
