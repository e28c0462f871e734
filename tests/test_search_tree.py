"""The search's own costs: its tree's action keys, its untold descent, its rewards (issue 28)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardgames
from cardgames import _hot
from cardgames.bots import ISMCTSBot, heuristic_bot
from cardgames.bots.ismcts import _Tree
from cardgames.encoding import outcome_returns
from cardgames.engine import Game, Outcome
from tested import GAMES


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_untold_search_steps_reach_what_apply_reaches(game: Game[Any]) -> None:
    """`_hot.step` on a world told no one reads its events reaches `apply`'s positions."""
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(3):
            state, chooser = game.new(players, seed=seed), random.Random(seed)
            world = _hot.scratch(state)
            _hot.untell(world)
            assert not world._told
            assert state._told
            while not state.is_over:
                action = chooser.choice(state.legal_actions())
                state = state.apply(action)
                _hot.step(world, action)
                assert len(world._log) == len(state._log)  # the count the seeds read
                assert world.to_move == state.to_move
                assert world.legal_actions() == state.legal_actions()
            assert world.outcome == state.outcome


def test_equal_actions_share_one_key_and_others_do_not() -> None:
    """A tree gives an action and an equal copy of it one key, and unequal actions others."""
    game = cardgames.get_game("crazy-animals")
    legal = game.new(3, seed=1).legal_actions()
    tree = _Tree(0)
    keys = tree.keys(legal)
    assert len(set(keys)) == len(legal)
    copies = [game.action_from_dict(action.to_dict()) for action in legal]
    assert all(copy is not action for copy, action in zip(copies, legal, strict=True))
    assert [tree.key(copy) for copy in copies] == keys
    assert tree.keys(legal) == keys


def test_a_descent_with_random_simulations_builds_no_events() -> None:
    """With random simulations the descent's world is untold; with a playout bot it is told."""
    game = cardgames.get_game("kitten-tricks")
    view = game.new(3, seed=2).view(0)
    informed = ISMCTSBot(10, playout=heuristic_bot(game.slug))
    for bot, told in ((ISMCTSBot(10), False), (informed, True)):
        rng = random.Random(3)
        world, path = bot._descend(game.sample_world(view, rng), _Tree(0), rng, None)
        assert world._told is told
        assert len(path) == 2  # the root and the child just expanded


def test_search_rewards_are_the_encoding_returns() -> None:
    """The search's rewards are `outcome_returns`, seat by seat, with or without a margin."""
    outcomes = (Outcome(winners=(1,), scores=(3, 9, 4)), Outcome(winners=(0, 2), scores=(5, 5, 5)))
    for outcome in outcomes:
        for better in (None, "higher", "lower"):
            for weight in (0.0, 0.85, 1.0):
                got = _hot.returns(outcome, better, weight)
                assert isinstance(got, list)
                assert tuple(got) == outcome_returns(outcome, better, weight)
                assert ISMCTSBot(10, margin_weight=weight)._rewards(outcome, better) == got
