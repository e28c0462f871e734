"""Copy and pickle: states, views, actions, events and games, at any length of match.

Process pools, Dask and OpenSpiel's `clone` copy or pickle states, so both must work however
long the match: the history is never walked recursively.
"""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

import cardgames
from cardgames import testing
from cardgames.crazy_animals import GAME as CRAZY_ANIMALS
from cardgames.engine import Game, State


def _never_knocking(actions: int, seed: int = 1) -> list[State[Any]]:
    """States after 0, `actions // 10` and `actions` random actions of a knock-free match."""
    rng = random.Random(seed)
    state = CRAZY_ANIMALS.new(3, seed=seed)
    kept: list[State[Any]] = [state]
    for i in range(1, actions + 1):
        state = state.apply(rng.choice([a for a in state.legal_actions() if a.kind != "knock"]))
        if i in {actions // 10, actions}:
            kept.append(state)
    return kept


@pytest.fixture(scope="module")
def long_match() -> list[State[Any]]:
    """The deal, the 10,000th and the 100,000th state of one long Crazy Animals match."""
    return _never_knocking(100_000)


def test_deepcopy_of_a_long_match(long_match: list[State[Any]]) -> None:
    """`copy.copy` and `copy.deepcopy` of an immutable state return the state itself, free."""
    state = long_match[-1]
    assert len(state.events) > 240
    assert copy.deepcopy(state) is state
    assert copy.copy(state) is state
    assert copy.deepcopy([state, state])[0] is state


def test_pickle_of_a_100000_action_match(long_match: list[State[Any]]) -> None:
    """A 100,000-action match pickles, and unpickles equal and playing on identically."""
    state = long_match[-1]
    assert len(state.history) == 100_000
    loaded = pickle.loads(pickle.dumps(state))  # noqa: S301 - our own data
    assert loaded == state
    assert loaded.events == state.events
    assert loaded.zones() == state.zones()
    rng_a, rng_b = random.Random(3), random.Random(3)
    for _ in range(200):
        if state.is_over:
            break
        assert loaded.legal_actions() == state.legal_actions()
        state = state.apply(rng_a.choice(state.legal_actions()))
        loaded = loaded.apply(rng_b.choice(loaded.legal_actions()))
    assert loaded == state
    assert loaded.zones() == state.zones()
    assert loaded.view(1) == state.view(1)


def test_pickle_size_per_action_stays_constant(long_match: list[State[Any]]) -> None:
    """Pickled bytes per action are about the same for a 10,000- and a 100,000-action match."""
    _, short, long = long_match
    per_action_short = len(pickle.dumps(short)) / len(short.history)
    per_action_long = len(pickle.dumps(long)) / len(long.history)
    assert 0.5 < per_action_long / per_action_short < 1.25, (per_action_short, per_action_long)


@pytest.mark.parametrize("game", list(cardgames.GAMES.values()), ids=list(cardgames.GAMES))
def test_every_part_of_a_match_pickles(game: Game[Any]) -> None:
    """States, views, actions, events and outcomes of every game survive pickling."""
    *_, state = testing.random_match(game, game.max_players, 11)
    again = pickle.loads(pickle.dumps(state))  # noqa: S301 - our own data
    assert again == state
    assert again.outcome == state.outcome
    assert again.to_json() == state.to_json()
    for seat in range(state.players):
        assert pickle.loads(pickle.dumps(state.view(seat))) == state.view(seat)  # noqa: S301
    assert pickle.loads(pickle.dumps(state.history)) == state.history  # noqa: S301
    assert pickle.loads(pickle.dumps(state.events)) == state.events  # noqa: S301
    fresh = game.new(game.min_players, seed=5)
    assert pickle.loads(pickle.dumps(fresh.legal_actions())) == fresh.legal_actions()  # noqa: S301


@pytest.mark.parametrize("game", list(cardgames.GAMES.values()), ids=list(cardgames.GAMES))
def test_game_pickles_as_a_reference(game: Game[Any]) -> None:
    """A game unpickles, copies and deep-copies to the very registered game object."""
    assert pickle.loads(pickle.dumps(game)) is game  # noqa: S301 - our own data
    assert copy.copy(game) is game
    assert copy.deepcopy(game) is game
    assert len(pickle.dumps(game)) < 200


def test_sampled_world_pickles() -> None:
    """A world sampled from a view (no history before it) pickles and plays on the same."""
    state = CRAZY_ANIMALS.new(4, seed=8)
    world = CRAZY_ANIMALS.sample_world(state.view(0), random.Random(1))
    again = pickle.loads(pickle.dumps(world))  # noqa: S301 - our own data
    assert again.is_sampled
    assert again.zones() == world.zones()
    action = world.legal_actions()[0]
    assert again.apply(action).zones() == world.apply(action).zones()
