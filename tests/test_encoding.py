"""Action indices, observations, returns and declared zones (`cardgames.encoding`) on every game."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardgames
from cardgames import encoding, testing
from cardgames.bots import ISMCTSBot
from cardgames.classic_mistigri import MISTIGRI, Card, Drew, scenario
from cardgames.encoding import (
    ActionSpace,
    Observer,
    outcome_returns,
    returns,
    truncated_returns,
    visible_zones,
)
from cardgames.engine import Game, Outcome, State
from cardgames.errors import IllegalActionError, InvalidSetupError, InvalidStateError
from cardgames.rng import Rng
from strategies import CHOICES, SEEDS, game_and_players

SETTINGS = [
    (game, players)
    for game in cardgames.GAMES.values()
    for players in range(game.min_players, game.max_players + 1)
]
IDS = [f"{game.slug}-{players}p" for game, players in SETTINGS]


def play(game: Game[Any], players: int, seed: int, choices: list[int]) -> list[State[Any]]:
    """Every state of the match that ``choices`` drive from ``seed``."""
    return list(testing.random_match(game, players, seed, choices=choices))


@given(game_and_players(cardgames.GAMES), SEEDS, CHOICES)
def test_action_indices_round_trip_and_masks_equal_legal_actions(
    gp: tuple[Game[Any], int], seed: int, choices: list[int]
) -> None:
    """Every legal action's index gives it back, and the mask is True exactly at those indices."""
    game, players = gp
    space = ActionSpace(game, players)
    for state in play(game, players, seed, choices):
        # The seat to move, and one that waits (its mask is empty): seat 0, or seat 1.
        waiting = 0 if state.to_move != 0 else 1
        for seat in {0 if state.to_move is None else state.to_move, waiting}:
            view = state.view(seat)
            indices = {space.index(a) for a in view.legal_actions}
            assert len(indices) == len(view.legal_actions)
            assert all(0 <= i < space.size for i in indices)
            mask = space.mask(view)
            assert len(mask) == space.size
            assert {i for i, legal in enumerate(mask) if legal} == indices
            for action in view.legal_actions:
                assert space.action(space.index(action), view) == action


@given(game_and_players(cardgames.GAMES), SEEDS, CHOICES, st.data())
def test_observations_fit_their_layout_and_ranges(
    gp: tuple[Game[Any], int], seed: int, choices: list[int], data: st.DataObject
) -> None:
    """Every seat's observation has `Observer.size` values and each field stays in its range."""
    game, players = gp
    observer = Observer(game, players)
    states = play(game, players, seed, choices)
    state = states[data.draw(st.integers(min_value=0, max_value=len(states) - 1))]
    bounds = {name: (low, high) for name, low, high in observer.ranges}
    for seat in range(players):
        values = observer.encode(state.view(seat))
        assert len(values) == observer.size
        for name, offset, length in observer.layout:
            low, high = bounds[name]
            field = values[offset : offset + length]
            assert all(low <= v <= high for v in field), (name, field)


@given(game_and_players(cardgames.GAMES), SEEDS, CHOICES, st.data())
def test_observations_equal_for_worlds_the_seat_cannot_tell_apart(
    gp: tuple[Game[Any], int], seed: int, choices: list[int], data: st.DataObject
) -> None:
    """A perturbed state and a sampled world (with its past) encode as the real one for the seat."""
    game, players = gp
    observer = Observer(game, players)
    states = play(game, players, seed, choices)
    state = states[data.draw(st.integers(min_value=0, max_value=len(states) - 1))]
    seat = data.draw(st.integers(min_value=0, max_value=players - 1))
    view = state.view(seat)
    expected = (observer.encode(view), observer.string(view))
    worlds = [game.sample_world(view, random.Random(seed), keep_past=True)]
    perturbed = state._perturbed(seat, Rng(seed, 7))
    if perturbed is not None:
        worlds.append(perturbed)
    for world in worlds:
        other = world.view(seat)
        assert (observer.encode(other), observer.string(other)) == expected


@pytest.mark.parametrize(("game", "players"), SETTINGS, ids=IDS)
def test_declared_zones_are_the_zones_a_seat_sees(game: Game[Any], players: int) -> None:
    """The zones each game declares visible are the state's visible zones all through a match."""
    names = set()
    for state in testing.random_match(game, players, seed=players):
        names |= set(state.zones())
        for seat in range(players):
            declared = visible_zones(game, players, seat, over=state.is_over)
            assert declared == state.visible_zones(seat)
    patterns = game.part("encoding").zones
    listed = {p.format(seat=s) for p, _ in patterns for s in range(players)}
    assert names == listed


@pytest.mark.parametrize(("game", "players"), SETTINGS, ids=IDS)
def test_action_space_is_fixed_and_grouped_by_kind(game: Game[Any], players: int) -> None:
    """Two spaces of one setting agree; the groups tile 0..size-1 and name the actions' kinds."""
    space, again = ActionSpace(game, players), ActionSpace(game, players, game.Rules())
    assert space.actions() == again.actions()
    assert len(set(space.actions())) == space.size
    start = 0
    for kind, first, count in space.describe():
        assert first == start
        assert count > 0
        assert {a.kind for a in space.actions()[first : first + count]} == {kind}
        start += count
    assert start == space.size
    assert {kind for kind, _, _ in space.describe()} == set(game.action_kinds)


def test_blind_draws_are_one_index_per_position() -> None:
    """Classic Mistigri's draws are indices 0..32, the index being the fan position."""
    game = cardgames.get_game("classic-mistigri")
    space = ActionSpace(game, 3)
    state = game.new(3, seed=4)
    view = state.view(state.to_move)
    assert [space.index(a) for a in view.legal_actions] == list(range(len(view.legal_actions)))
    assert space.describe() == (("draw", 0, 33),)


def test_action_of_an_index_that_is_not_legal_names_the_legal_ones() -> None:
    """An index out of range, or of an action not legal now, raises IllegalActionError."""
    game = cardgames.get_game("kitten-tricks")
    space = ActionSpace(game, 3)
    state = game.new(3, seed=2)
    view = state.view(state.to_move)
    illegal = next(i for i, legal in enumerate(space.mask(view)) if not legal)
    with pytest.raises(IllegalActionError, match="legal indices"):
        space.action(illegal, view)
    with pytest.raises(IllegalActionError, match="outside"):
        space.action(space.size, view)
    with pytest.raises(IllegalActionError, match="outside"):
        space.action(index=True, view=view)
    waiting = state.view((view.seat + 1) % 3)
    assert not any(space.mask(waiting))


def test_index_of_a_foreign_action_raises() -> None:
    """An action of another game has no index."""
    space = ActionSpace(cardgames.get_game("kitten-tricks"), 3)
    foreign = cardgames.get_game("classic-mistigri").new(3, seed=1).legal_actions()[0]
    with pytest.raises(IllegalActionError, match="not an action of Kitten tricks"):
        space.index(foreign)
    with pytest.raises(IllegalActionError):
        space.index([])  # type: ignore[arg-type]


def test_spaces_refuse_bad_settings() -> None:
    """A player count outside the game's range, or another game's rules, raise InvalidSetupError."""
    game = cardgames.get_game("crazy-animals")
    with pytest.raises(InvalidSetupError, match="2 to 6 players"):
        ActionSpace(game, 7)
    with pytest.raises(InvalidSetupError, match="Rules object"):
        Observer(game, 3, cardgames.get_game("kitten-tricks").Rules())


def test_observer_refuses_views_of_another_setting() -> None:
    """A view of another game, player count or rules raises InvalidSetupError."""
    game = cardgames.get_game("crazy-mistigri")
    observer = Observer(game, 4)
    with pytest.raises(InvalidSetupError, match="4-player"):
        observer.encode(game.new(3, seed=1).view(0))
    with pytest.raises(InvalidSetupError, match="crazy-mistigri view"):
        observer.string(cardgames.get_game("kitten-tricks").new(4, seed=1).view(0))
    other_rules = game.Rules(rounds=3)
    with pytest.raises(InvalidSetupError, match="under"):
        observer.encode(game.new(4, seed=1, rules=other_rules).view(0))


def test_observation_remembers_a_card_drawn_from_the_seat() -> None:
    """Classic Mistigri: once seat 2 draws one of seat 0's cards, seat 0 knows where it is."""
    game = cardgames.get_game("classic-mistigri")
    hands = [[Card(1), Card(2)], [Card(1), Card(2), Card(3), Card(4), MISTIGRI], [Card(3), Card(4)]]
    state = scenario(hands, pairs=[[], list(range(5, 17)), []], to_move=2)
    observer = Observer(game, 3)
    assert not any(observer.fields(state.view(0))["known_in_hand"])
    state = state.apply(state.legal_actions()[0])  # seat 2 draws from seat 0, on its left
    drawn = next(e for e in state.view(0).events if isinstance(e, Drew)).card
    assert drawn is not None
    known = observer.fields(state.view(0))["known_in_hand"]
    faces = 17  # seat 2 is the second seat to seat 0's left: the second block of 17 faces
    assert known[faces + drawn.motif] == 1
    assert sum(known) == 1


def test_string_shows_the_seat_knowledge_and_past() -> None:
    """The information-state string names the seat, its hand and every event it saw."""
    game = cardgames.get_game("classic-mistigri")
    state = game.new(3, seed=3)
    view = state.view(2)
    text = Observer(game, 3).string(view)
    assert text.startswith("classic-mistigri, seat 2 of 3")
    assert f"hand: [{', '.join(map(str, view.hand))}]" in text
    assert f"events ({len(view.events)}):" in text


@pytest.mark.parametrize("game", list(cardgames.GAMES.values()), ids=list(cardgames.GAMES))
def test_returns_are_the_search_rewards(game: Game[Any]) -> None:
    """`returns` gives the rewards ISMCTS backs up, one per seat, in [0, 1]."""
    final = list(testing.random_match(game, game.min_players + 1, seed=11))[-1]
    values = returns(game, final)
    assert final.outcome is not None
    assert list(values) == ISMCTSBot(1)._rewards(final.outcome, game.better_scores)
    assert len(values) == final.players
    assert all(0 <= v <= 1 for v in values)


def test_returns_refuse_a_match_not_over() -> None:
    """Returns are defined once the match has ended, and only for the game's own states."""
    game = cardgames.get_game("kitten-tricks")
    with pytest.raises(InvalidStateError, match="not over"):
        returns(game, game.new(3, seed=1))
    with pytest.raises(InvalidStateError, match="kitten-tricks state"):
        returns(game, cardgames.get_game("classic-mistigri").new(3, seed=1))


@pytest.mark.parametrize("players", [2, 3, 6])
def test_truncated_returns_are_an_all_way_tie(players: int) -> None:
    """A match cut short gives every seat 1 / players: `returns` of a match all seats win."""
    tie = Outcome(winners=tuple(range(players)), scores=(3,) * players)
    assert truncated_returns(players) == (1 / players,) * players
    assert truncated_returns(players) == outcome_returns(tie, "higher")
    assert sum(truncated_returns(players)) == pytest.approx(1)
    with pytest.raises(InvalidSetupError, match="at least 2"):
        truncated_returns(1)


def test_string_of_a_long_match_equals_a_fresh_rewrite() -> None:
    """The remembered event lines give the very string a rewrite of every event gives."""
    game = cardgames.get_game("crazy-animals")
    final = list(testing.random_match(game, 3, seed=4))[-1]
    observer = Observer(game, 3)
    for seat in range(3):
        view = final.view(seat)
        text = observer.string(view)
        lines = text.split("\n")
        start = lines.index(f"events ({len(view.events)}):") + 1
        assert lines[start:] == [f"  {encoding._event_text(e)}" for e in view.events]
        assert observer.string(final.view(seat)) == text


def test_sampled_worlds_keep_the_past_only_when_asked() -> None:
    """``keep_past=True`` starts a sample with the view's events; the default has no past."""
    game = cardgames.get_game("crazy-mistigri")
    state = game.new(4, seed=9)
    for action_index in (0, 0, 0):
        state = state.apply(state.legal_actions()[action_index])
    view = state.view(2)
    assert game.sample_world(view, random.Random(1)).events == ()
    kept = game.sample_world(view, random.Random(1), keep_past=True)
    assert kept.view(2) == view
    assert kept.history == ()
