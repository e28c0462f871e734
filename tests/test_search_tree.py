"""The search's own costs: its tree's action keys, its untold descent, its rewards (issue 28)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardgames
from cardgames import _hot
from cardgames._records import _Sampled
from cardgames.bots import ISMCTSBot, heuristic_bot
from cardgames.bots._search import distinct
from cardgames.bots.ismcts import _Tree, _Worlds
from cardgames.encoding import outcome_returns
from cardgames.engine import Game, Outcome, View
from support import MULTI_ROUND, left_the_deal_out
from test_sampled_worlds import _plain
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


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_a_round_horizon_descent_ends_its_round_without_the_next_deal(game: Game[Any]) -> None:
    """A world untold to the round's end steps to `apply`'s round, scores and mover, undealt."""
    undealt = 0
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(3):
            state, chooser = game.new(players, seed=seed), random.Random(seed)
            world = _hot.scratch(state)
            _hot.untell(world, to_round_end=True)
            assert not world._deals_on
            assert state._deals_on
            first = state.round
            while state.round == first and not state.is_over:
                action = chooser.choice(state.legal_actions())
                state = state.apply(action)
                _hot.step(world, action)
                assert len(world._log) == len(state._log)  # the count the seeds read
            undealt += left_the_deal_out(world, state)
    if game.slug in MULTI_ROUND:
        assert undealt


def test_equal_actions_share_one_key_and_others_do_not() -> None:
    """A tree gives an action and an equal copy of it one key, and unequal actions others."""
    game = cardgames.get_game("crazy-animals")
    legal = game.new(3, seed=1).legal_actions()
    tree = _Tree(0)
    keys = [tree.key(action) for action in legal]
    assert len(set(keys)) == len(legal)
    copies = [game.action_from_dict(action.to_dict()) for action in legal]
    assert all(copy is not action for copy, action in zip(copies, legal, strict=True))
    assert [tree.key(copy) for copy in copies] == keys
    assert [tree.key(action) for action in legal] == keys


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_a_search_draws_the_worlds_sample_world_draws(game: Game[Any]) -> None:
    """A search's worlds (`_Worlds.draw`) are `sample_world`'s, drawn with the same numbers."""
    for players in range(game.min_players, game.max_players + 1):
        view = _a_movers_view(game, players, most_moves=5)
        if view is None:
            continue
        worlds, ours, theirs = _Worlds(game, view), random.Random(5), random.Random(5)
        for _ in range(4):
            world, expected = worlds.draw(ours).state(), game.sample_world(view, theirs)
            # A game's positions compare by identity: compared here field by field.
            assert _plain(world._pos) == _plain(expected._pos)
            setup, expected_setup = world._setup, expected._setup
            assert isinstance(setup, _Sampled)
            assert isinstance(expected_setup, _Sampled)
            assert _plain(setup.position) == _plain(expected_setup.position)
            assert setup.position is world._pos
            assert world.is_sampled
            assert (world.rules, world.players, world.seed) == (
                expected.rules,
                expected.players,
                expected.seed,
            )
            assert world._key == expected._key
            assert world.events == expected.events == ()
            assert len(world._log) == len(expected._log)
            assert world.legal_actions() == expected.legal_actions()
            # A search advances its world in place: the next world owes it nothing.
            _hot.step(world, world.legal_actions()[0])
        assert ours.getstate() == theirs.getstate()


def _a_movers_view(game: Game[Any], players: int, *, most_moves: int) -> View | None:
    """The mover's view after up to ``most_moves`` random moves of a seeded match (None: over)."""
    state, chooser = game.new(players, seed=players), random.Random(players)
    for _ in range(chooser.randrange(most_moves + 1)):
        if not state.is_over:
            state = state.apply(chooser.choice(state.legal_actions()))
    return None if state.to_move is None else state.view(state.to_move)


def test_a_tree_knows_the_blind_draws_of_its_game() -> None:
    """A tree's `blind` says which classes `distinct` keeps once, with or without the game's."""
    game = cardgames.get_game("crazy-mistigri")
    classes = game._action_types
    for tree in (_Tree(0, classes), _Tree(0)):
        assert {cls for cls in classes if tree.blind(cls)} == {
            cls for cls in classes if cls.interchangeable
        }
    assert any(cls.interchangeable for cls in classes)
    assert distinct(()) == ()


def test_a_descent_with_random_simulations_builds_no_events() -> None:
    """With random simulations the descent's world is untold; with a playout bot it is told."""
    game = cardgames.get_game("kitten-tricks")
    view = game.new(3, seed=2).view(0)
    informed = ISMCTSBot(10, playout=heuristic_bot(game.slug))
    for bot, told in ((ISMCTSBot(10), False), (informed, True)):
        rng = random.Random(3)
        world = _hot.StateWorld(game.sample_world(view, rng), hot=True, owned=True)
        path = bot._descend(world, _Tree(0), rng, None)
        assert world.state()._told is told
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


IN_PLACE = {slug: g for slug, g in GAMES.items() if g.State._act_in_place is not None}
"""The games whose rules advance a position in place (`State._act_in_place`)."""


def test_three_games_step_a_searchs_own_world_in_place() -> None:
    """Kitten tricks', Crazy Mistigri's and Crazy Animals' rules step an owned world in place."""
    assert {"kitten-tricks", "crazy-mistigri", "crazy-animals"} <= set(IN_PLACE)


@pytest.mark.parametrize("game", list(IN_PLACE.values()), ids=list(IN_PLACE))
@pytest.mark.parametrize("told", [True, False], ids=["told", "untold"])
def test_an_owned_step_reaches_what_apply_reaches(game: Game[Any], *, told: bool) -> None:
    """Stepped where it stands, a sampled world reaches `apply`'s position, events and count."""
    import pickle  # noqa: PLC0415 - the positions compared down to their last card

    for players in range(game.min_players, game.max_players + 1):
        state = game.new(players, seed=players)
        rng = random.Random(players)
        world = game.sample_world(state.view(0), random.Random(1))
        # The same world drawn again, with a position of its own, applied the ordinary way.
        ordinary = game.sample_world(state.view(0), random.Random(1))
        if not told:
            _hot.untell(world)
        for _ in range(60):
            if world.is_over:
                break
            legal = world.legal_actions()
            action = legal[rng.randrange(len(legal))]
            _hot.step(world, action, owned=True)
            ordinary = ordinary.apply(action)
            assert pickle.dumps(world._pos) == pickle.dumps(ordinary._pos)
            assert world._log._len == ordinary._log._len
            if told:
                assert world._log._last == ordinary._log._last  # the same action and events


BARE = {slug: g for slug, g in GAMES.items() if _hot.PositionRules.of(g.State) is not None}
"""The games a search with random simulations plays on bare positions (`_hot.PositionWorld`)."""


def test_three_games_are_searched_on_bare_positions() -> None:
    """Kitten tricks, Crazy Mistigri and Crazy Animals give every hook of a bare search."""
    assert set(BARE) == {"kitten-tricks", "crazy-mistigri", "crazy-animals"}
    assert _hot.PositionRules.of(GAMES["classic-mistigri"].State) is None


@pytest.mark.parametrize("game", list(BARE.values()), ids=list(BARE))
@pytest.mark.parametrize("horizon", ["match", "round"])
def test_a_bare_world_walks_what_a_state_world_walks(game: Game[Any], horizon: str) -> None:
    """The same worlds, steps, legal actions, playouts, draws and returns on bare positions.

    From views of random matches, a search's worlds drawn bare (`_hot.PositionWorld`) and as
    scratch states (`_hot.StateWorld`) with the same numbers are the same positions; stepped by
    the same random legal actions (each world's `legal`, compared at every step), then played
    out at random with the same generator, they reach the same positions and returns and leave
    the generators in the same state.
    """
    import pickle  # noqa: PLC0415 - the positions compared down to their last card

    better = game.better_scores
    checked = 0
    for players in range(game.min_players, game.max_players + 1):
        view = _a_movers_view(game, players, most_moves=11)
        if view is None:
            continue
        chooser = random.Random(players)
        last_round = view.round if horizon == "round" else -1
        bare, full = _Worlds(game, view, bare=True), _Worlds(game, view)
        ours, theirs = random.Random(players), random.Random(players)
        for _ in range(5):
            world, expected = bare.draw(ours), full.draw(theirs)
            assert isinstance(world, _hot.PositionWorld)
            assert isinstance(expected, _hot.StateWorld)
            with pytest.raises(TypeError, match="no state"):
                world.state()
            world.untell(to_round_end=last_round >= 0)
            expected.untell(to_round_end=last_round >= 0)
            for _ in range(chooser.randrange(8)):
                if not expected.within(last_round):
                    break
                assert world.within(last_round)
                assert (world.mover(), world.round()) == (expected.mover(), expected.round())
                legal = world.legal()
                assert legal == expected.legal()
                action = legal[chooser.randrange(len(legal))]
                world.step(action)
                expected.step(action)
                assert pickle.dumps(world.pos) == pickle.dumps(expected.state()._pos)
            assert world.within(last_round) == expected.within(last_round)
            if expected.within(last_round):
                world.advance(ours, last_round)
                expected.advance(theirs, last_round)
            assert pickle.dumps(world.pos) == pickle.dumps(expected.state()._pos)
            assert world.turn.step == expected.state()._log._len - 1
            assert world.returns(better, 0.85) == expected.returns(better, 0.85)
            assert world.returns(better, 0.0) == expected.returns(better, 0.0)
            assert ours.getstate() == theirs.getstate()
            checked += 1
    assert checked
