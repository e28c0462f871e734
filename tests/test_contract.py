"""The engine contract, held by hypothesis-driven random play on every tested game.

The tested games are the library's and those written for the tests (``tests/tested.py``); the
check across fresh interpreters runs the library's registry alone, which is all they import.
"""

from __future__ import annotations

import json
import pickle
import random
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardgames
from cardgames import _hot, testing
from cardgames._chain import Tally
from cardgames.engine import Action, Game, standing
from cardgames.errors import IllegalActionError, InvalidStateError
from cardgames.rng import Rng
from strategies import CHOICES, JSON_VALUES, LARGE_SEEDS, SEEDS, game_and_players
from support import MULTI_ROUND, left_the_deal_out
from tested import GAMES


def play(game: Game[Any], players: int, seed: int, choices: list[int]) -> list[Any]:
    """Every state of the match that ``choices`` drive from ``seed``."""
    return list(testing.random_match(game, players, seed, choices=choices))


@given(game_and_players(), SEEDS, CHOICES)
def test_legal_actions_empty_exactly_when_over(
    gp: tuple[Game[Any], int], seed: int, choices: list[int]
) -> None:
    """Every state has legal actions unless over, and every match ends with an outcome."""
    game, players = gp
    states = play(game, players, seed, choices)
    for state in states:
        testing.check_actions(state)
        testing.check_outcome(state)
    assert states[-1].is_over


@given(game_and_players(), SEEDS, CHOICES)
def test_cards_are_conserved(gp: tuple[Game[Any], int], seed: int, choices: list[int]) -> None:
    """Every card of the deck is in exactly one zone in every state."""
    game, players = gp
    for state in play(game, players, seed, choices):
        testing.check_conservation(state)


@given(game_and_players(), SEEDS, CHOICES, st.data())
def test_illegal_actions_rejected_state_unchanged(
    gp: tuple[Game[Any], int], seed: int, choices: list[int], data: st.DataObject
) -> None:
    """Another state's actions and non-actions raise IllegalActionError, changing nothing."""
    game, players = gp
    states = play(game, players, seed, choices)
    i = data.draw(st.integers(min_value=0, max_value=len(states) - 1))
    j = data.draw(st.integers(min_value=0, max_value=len(states) - 1))
    foreign = [a for a in states[j].legal_actions() if a not in states[i].legal_actions()]
    testing.check_illegal_actions_rejected(states[i], foreign)


@given(game_and_players(), SEEDS, CHOICES, st.data())
def test_json_round_trip_at_random_points(
    gp: tuple[Game[Any], int], seed: int, choices: list[int], data: st.DataObject
) -> None:
    """A state from anywhere in a match reloads equal from its JSON form."""
    game, players = gp
    states = play(game, players, seed, choices)
    state = states[data.draw(st.integers(min_value=0, max_value=len(states) - 1))]
    testing.check_json_round_trip(state)


@given(game_and_players(), SEEDS, CHOICES)
def test_same_seed_and_actions_same_match(
    gp: tuple[Game[Any], int], seed: int, choices: list[int]
) -> None:
    """Replaying the history from the seed reproduces the match, events and zones included."""
    game, players = gp
    testing.check_replay(play(game, players, seed, choices)[-1])


@given(game_and_players(), LARGE_SEEDS, CHOICES, st.data())
def test_views_leak_nothing(
    gp: tuple[Game[Any], int], seed: int, choices: list[int], data: st.DataObject
) -> None:
    """Views hold no seed and stay equal when cards their seat cannot know are moved."""
    game, players = gp
    states = play(game, players, seed, choices)
    state = states[data.draw(st.integers(min_value=0, max_value=len(states) - 1))]
    testing.check_views(state, Rng(seed, 7))


@given(game_and_players(), SEEDS, CHOICES, st.data())
def test_sampled_worlds_agree_with_the_view(
    gp: tuple[Game[Any], int], seed: int, choices: list[int], data: st.DataObject
) -> None:
    """Worlds sampled from any seat's view, anywhere in a match, show that seat the same view."""
    game, players = gp
    states = play(game, players, seed, choices)
    state = states[data.draw(st.integers(min_value=0, max_value=len(states) - 1))]
    seat = data.draw(st.integers(min_value=0, max_value=players - 1))
    testing.check_sample_world(state, seat, random.Random(seed), samples=2)


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_sampled_worlds_vary(game: Game[Any]) -> None:
    """From a fresh deal, samples really differ in the cards the seat cannot see."""
    state = game.new(game.max_players, seed=17)
    worlds = testing.check_sample_world(state, 0, random.Random(5), samples=6)
    hidden = sorted(set(state.zones()) - state.visible_zones(0))
    assert len({tuple(w.zones()[z] for z in hidden) for w in worlds}) > 1


@given(game_and_players(), SEEDS, CHOICES)
def test_tampered_json_raises_invalid_state_error(
    gp: tuple[Game[Any], int], seed: int, choices: list[int]
) -> None:
    """Truncated, mistyped, unknown or illegal documents raise InvalidStateError only."""
    game, players = gp
    testing.check_tampered_json(play(game, players, seed, choices)[-1])


def _paths(value: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every path to a value inside a JSON document, the root included."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += _paths(item, (*path, i))
    return found


def _replaced(doc: Any, path: tuple[object, ...], new: object) -> Any:  # noqa: ANN401
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(doc, dict):
        return {**doc, head: _replaced(doc[head], rest, new)}
    copy = list(doc)
    copy[head] = _replaced(copy[head], rest, new)  # type: ignore[call-overload]
    return copy


@given(game_and_players(), SEEDS, CHOICES, st.data())
def test_any_mutated_document_loads_or_raises_invalid_state_error(
    gp: tuple[Game[Any], int], seed: int, choices: list[int], data: st.DataObject
) -> None:
    """Replacing any part of a saved state by any JSON value never raises anything else."""
    game, players = gp
    states = play(game, players, seed, choices)
    state = states[data.draw(st.integers(min_value=0, max_value=len(states) - 1))]
    doc = json.loads(state.to_json())
    path = data.draw(st.sampled_from(_paths(doc)))
    mutated = json.dumps(_replaced(doc, path, data.draw(JSON_VALUES)))
    try:
        loaded = game.from_json(mutated)
    except InvalidStateError as exc:
        message = str(exc)
    else:
        testing.check_conservation(loaded)
        message = "loaded"
    assert message


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_check_game_passes(game: Game[Any]) -> None:
    """The one-call contract check passes for every registered game at every player count."""
    # One of check_game's default seeds: each game's own suite runs the check at every player
    # count on other seeds (test_contract_checks_pass), so the three defaults would repeat it.
    testing.check_game(game, seeds=(1_234_567_891,))


def test_match_over_rejects_every_action() -> None:
    """Once over, apply() refuses even a formerly legal action, saying the match is over."""
    for game in GAMES.values():
        states = list(testing.random_match(game, game.min_players, 5))
        with pytest.raises(IllegalActionError, match="the match is over"):
            states[-1].apply(states[-2].legal_actions()[0])


_SCRIPT = """
import json, sys
import cardgames
from cardgames import _hot, testing
out = {}
for slug, game in cardgames.GAMES.items():
    for players in range(game.min_players, game.max_players + 1):
        *_, last = testing.random_match(game, players, 424242)
        out[f"{slug}/{players}"] = last.to_json()
print(json.dumps(out))
"""


def test_determinism_across_processes_and_hash_seeds() -> None:
    """Fresh interpreters with different PYTHONHASHSEED values play identical matches."""
    results = []
    for hash_seed in ("0", "1", "random"):
        done = subprocess.run(  # noqa: S603 - runs this interpreter on a fixed script
            [sys.executable, "-c", _SCRIPT],
            env={"PYTHONHASHSEED": hash_seed, "PATH": ""},
            capture_output=True,
            text=True,
            check=True,
        )
        results.append(json.loads(done.stdout))
    assert results[0] == results[1] == results[2]
    local = {}
    for slug, game in cardgames.GAMES.items():
        for players in range(game.min_players, game.max_players + 1):
            *_, last = testing.random_match(game, players, 424242)
            local[f"{slug}/{players}"] = last.to_json()
    assert results[0] == local


def _random_policy(legal: tuple[Action, ...], rng: random.Random) -> Action:
    """The playout's default choice, written out for the ordinary path."""
    return legal[int(rng.random() * len(legal))]


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_playout_reaches_the_outcome_apply_reaches(game: Game[Any]) -> None:
    """`State.playout` ends each match where `apply` with the same choices does; state untouched."""
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(4):
            start = game.new(players, seed=seed)
            for _ in range(seed * 3):  # from the deal, and from later points of the match
                if start.is_over:
                    break
                start = start.apply(start.legal_actions()[0])
            saved = start.to_json()
            for policy in (None, _random_policy):
                state, ordinary = start, random.Random(seed)
                while not state.is_over:
                    state = state.apply(_random_policy(state.legal_actions(), ordinary))
                fast = random.Random(seed)
                assert start.playout(fast, policy=policy) == state.outcome
                assert fast.getstate() == ordinary.getstate()
            assert start.to_json() == saved


OWN_LOOPS = {slug: g for slug, g in GAMES.items() if g.State._random_playout is not None}
"""The games whose random playouts run in a loop of their own (`State._random_playout`)."""


def test_three_games_play_out_in_loops_of_their_own() -> None:
    """Kitten tricks', Crazy Mistigri's and Crazy Animals' rules advance positions in place."""
    assert {"kitten-tricks", "crazy-mistigri", "crazy-animals"} <= set(OWN_LOOPS)


@pytest.mark.parametrize("game", list(OWN_LOOPS.values()), ids=list(OWN_LOOPS))
def test_a_games_own_playout_loop_plays_what_the_engines_loop_plays(game: Game[Any]) -> None:
    """The same plays, last position, count of actions and draws as the engine's loop.

    A policy sends the playout through the engine's own loop (`cardgames._hot.playout`); the
    default policy, through the game's. Whole matches, rounds and limits, from several points of
    the match; the state played out from keeps its position.
    """
    ends = 0
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(6):
            start = game.new(players, seed=seed)
            for _ in range(seed * 4):  # from the deal, and from later points of the match
                if start.is_over:
                    break
                start = start.apply(start.legal_actions()[-1])
            kept = pickle.dumps(start._pos)
            hot = isinstance(start, _hot.HotContract)
            for to_round_end in (False, True):
                for limit in (-1, 0, 3, 11):
                    own_rng, engine_rng = random.Random(seed), random.Random(seed)
                    own = _hot.playout(start, own_rng, None, limit, hot, to_round_end=to_round_end)
                    engine = _hot.playout(
                        start, engine_rng, _random_policy, limit, hot, to_round_end=to_round_end
                    )
                    assert own_rng.getstate() == engine_rng.getstate()
                    if engine is None:
                        assert own is None
                        continue
                    assert own is not None
                    assert pickle.dumps(own._pos) == pickle.dumps(engine._pos)
                    assert own._log._len == engine._log._len
                    ends += 1
            assert pickle.dumps(start._pos) == kept
    assert ends


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_playout_stops_at_its_limit_and_from_sampled_worlds(game: Game[Any]) -> None:
    """`playout` returns ``None`` at ``limit`` actions, and plays a sampled world out too."""
    state = game.new(game.min_players, seed=3)
    assert state.playout(random.Random(1), limit=1) is None
    assert state.playout(random.Random(1), limit=0) is None
    assert state.history == ()
    world = game.sample_world(state.view(0), random.Random(2))
    assert world.playout(random.Random(4)) is not None


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_a_playout_to_the_round_end_stops_where_apply_ends_the_round(game: Game[Any]) -> None:
    """``horizon="round"`` stops when the round ends, worth the standing `apply` reaches there."""
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(4):
            start = game.new(players, seed=seed)
            for _ in range(seed * 5):  # from the deal, and from later rounds
                if start.is_over:
                    break
                start = start.apply(start.legal_actions()[-1])
            if start.is_over:
                continue
            state, ordinary = start, random.Random(seed)
            while not state.is_over and state.round == start.round:
                state = state.apply(_random_policy(state.legal_actions(), ordinary))
            fast = random.Random(seed)
            expected = state.outcome if state.is_over else standing(state)
            assert start.playout(fast, horizon="round") == expected
            assert fast.getstate() == ordinary.getstate()
            assert start.playout(random.Random(seed), horizon="round", limit=0) is None


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_a_playout_to_the_round_end_leaves_the_next_deal_out(game: Game[Any]) -> None:
    """The round-horizon playout's last state has apply's round, scores and mover, but no deal."""
    undealt = 0
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(4):
            start = game.new(players, seed=seed)
            state, ordinary = start, random.Random(seed)
            while not state.is_over and state.round == start.round:
                state = state.apply(_random_policy(state.legal_actions(), ordinary))
            hot = isinstance(start, _hot.HotContract)
            last = _hot.playout(start, random.Random(seed), None, -1, hot, to_round_end=True)
            assert last is not None
            undealt += left_the_deal_out(last, state)
    if game.slug in MULTI_ROUND:
        assert undealt


def test_a_playout_refuses_an_unknown_horizon() -> None:
    """A horizon other than "match" or "round" raises ValueError, naming the two."""
    state = GAMES["kitten-tricks"].new(3, seed=1)
    with pytest.raises(ValueError, match="'match' or 'round', got 'deal'"):
        state.playout(random.Random(1), horizon="deal")


@pytest.mark.parametrize(("slug", "best"), [("kitten-tricks", max), ("crazy-animals", min)])
def test_the_standing_gives_the_win_to_the_best_score(
    slug: str, best: Callable[[tuple[int, ...]], int]
) -> None:
    """`standing` names the seats of the best match score, higher or lower as the game ranks."""
    game = GAMES[slug]
    assert game.better_scores == ("higher" if best is max else "lower")
    state = game.new(3, seed=2)
    while state.round == 1:
        state = state.apply(state.legal_actions()[0])
    scores = tuple(state.scores)
    assert standing(state).winners == tuple(s for s in range(3) if scores[s] == best(scores))
    assert standing(state).scores == scores


def test_the_standing_of_a_game_whose_scores_rank_no_one_is_shared() -> None:
    """Where the game's scores rank no one (classic Mistigri), every seat shares the standing."""
    unranked = GAMES["classic-mistigri"]
    assert unranked.better_scores is None
    assert standing(unranked.new(4, seed=1)).winners == (0, 1, 2, 3)


@pytest.mark.parametrize(
    ("better", "winners"), [("higher", (1, 3)), ("lower", (2,)), (None, (0, 1, 2, 3))]
)
def test_the_standing_shares_a_tied_best_score(
    better: str | None, winners: tuple[int, ...]
) -> None:
    """Seats tied on the best score all win the standing, in seat order; no ranking names all."""
    assert _hot.best_seats((4, 9, 1, 9), better) == winners


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_search_steps_reach_what_apply_reaches(game: Game[Any]) -> None:
    """`_hot.step` on a scratch state gives the state, views and outcome of `apply`, each step."""
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(3):
            start = game.new(players, seed=seed)
            starts = [start, game.sample_world(start.view(0), random.Random(seed))]
            for first in starts:
                saved = first.to_dict() if not first.is_sampled else first.view(0)
                state, world, chooser = first, _hot.scratch(first), random.Random(seed)
                assert world == state
                while not state.is_over:
                    action = chooser.choice(state.legal_actions())
                    state = state.apply(action)
                    _hot.step(world, action)
                    assert world.legal_actions() == state.legal_actions()
                    assert world.history == state.history
                    for seat in range(players):
                        assert world.view(seat) == state.view(seat)
                assert world.is_over
                assert world.outcome == state.outcome
                assert (first.to_dict() if not first.is_sampled else first.view(0)) == saved


def test_a_search_step_refuses_an_illegal_action_and_takes_an_equal_one() -> None:
    """`_hot.step` raises as `apply` does on an illegal action and takes an equal legal one."""
    game = GAMES["classic-mistigri"]
    state = game.new(3, seed=1)
    world = _hot.scratch(state)
    foreign = game.action_from_dict({"kind": "draw", "position": 99})
    with pytest.raises(IllegalActionError, match="99"):
        _hot.step(world, foreign)
    assert world == state
    legal = state.legal_actions()[0]
    _hot.step(world, game.action_from_dict(legal.to_dict()))
    assert world == state.apply(legal)
    assert world.history[-1] is legal


def test_playout_refuses_an_illegal_choice() -> None:
    """A policy that answers an action that is not legal raises IllegalActionError."""
    game = GAMES["classic-mistigri"]
    state = game.new(3, seed=1)
    foreign = game.action_from_dict({"kind": "draw", "position": 99})
    with pytest.raises(IllegalActionError, match="not legal now"):
        state.playout(random.Random(1), policy=lambda _legal, _rng: foreign)


def test_playout_reads_a_built_in_games_seat_to_move_from_its_position(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A built-in game's playout reads the seat to move off the position, not the property."""
    game = GAMES["classic-mistigri"]
    state = game.new(3, seed=5)
    rng = random.Random(5)
    ordinary = state
    while not ordinary.is_over:
        ordinary = ordinary.apply(_random_policy(ordinary.legal_actions(), rng))
    reads: list[int] = []

    def counted(self: Any) -> int | None:  # noqa: ANN401 - the game's State
        reads.append(1)
        return self._pos.to_move  # type: ignore[no-any-return]

    monkeypatch.setattr(type(state), "to_move", property(counted))
    assert state.playout(random.Random(5)) == ordinary.outcome
    assert reads == []


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_untold_transitions_reach_the_positions_told_ones_reach(game: Game[Any]) -> None:
    """Told no one reads the events (a playout's log), each transition reaches the same position."""
    skipped = 0
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(3):
            state, rng = game.new(players, seed=seed), random.Random(seed)
            assert state._told
            while not state.is_over:
                action = _random_policy(state.legal_actions(), rng)
                untold = _hot.scratch(state)
                untold._log = Tally.of(state._log.to_tuple())
                assert not untold._told
                pos, events = untold._advance(action)
                told_pos, told_events = state._advance(action)
                after, told_after = state._replace_position(pos), state._replace_position(told_pos)
                assert after.legal_actions() == told_after.legal_actions()
                assert after.outcome == told_after.outcome
                for seat in range(players):
                    assert after.view(seat) == told_after.view(seat)
                assert all(event in told_events for event in events)
                skipped += len(told_events) - len(events)
                state = state.apply(action)
    # The library's games of several rounds leave their round ends' and deals' events out.
    if game.slug in {"crazy-mistigri", "kitten-tricks", "crazy-animals"}:
        assert skipped > 0
