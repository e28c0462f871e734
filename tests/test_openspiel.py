"""The OpenSpiel adapter: OpenSpiel's own checks and search on every game and player count."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

import cardgames
from cardgames.encoding import Observer, returns, truncated_returns
from cardgames.errors import InvalidSetupError

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")
openspiel = pytest.importorskip("cardgames.adapters.openspiel")
ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")
mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")

SETTINGS = [
    (slug, players)
    for slug, game in cardgames.GAMES.items()
    for players in range(game.min_players, game.max_players + 1)
]


def _load(slug: str, players: int = 3, **params: object) -> Any:  # noqa: ANN401 - pyspiel
    return pyspiel.load_game(openspiel.SHORT_NAMES[slug], {"players": players, **params})


def _dealt(game: Any, seed: int) -> Any:  # noqa: ANN401 - pyspiel
    state = game.new_initial_state()
    for outcome in openspiel.seed_outcomes(seed):
        state.apply_action(outcome)
    return state


def _random_states(game: Any, seed: int) -> list[Any]:  # noqa: ANN401 - pyspiel
    """Every decision state of a random match of `game`."""
    rng = random.Random(seed)
    state = _dealt(game, seed)
    found = []
    while not state.is_terminal():
        found.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return found


@pytest.mark.parametrize(("slug", "players"), SETTINGS)
def test_openspiel_random_simulation_test_passes_with_serialization(
    slug: str, players: int
) -> None:
    """OpenSpiel's random simulation test, serialization on, passes for the game and count."""
    pyspiel.random_sim_test(_load(slug, players), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("slug", list(cardgames.GAMES))
def test_openspiel_ismcts_plays_moves_of_every_game(slug: str) -> None:
    """OpenSpiel's ISMCTS bot plays moves (its consistency assertions hold) on every game."""
    game = _load(slug)
    rs = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, 8, random_state=rs)
    state = _dealt(game, 11)
    for _ in range(6):
        if state.is_terminal():
            break
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert len(state.history()) > openspiel.SEED_PARTS


@pytest.mark.parametrize("slug", list(cardgames.GAMES))
def test_resampled_worlds_keep_the_information_state(slug: str) -> None:
    """A world resampled for a seat has that seat's information state, tensor and legal actions."""
    game = _load(slug)
    rs = np.random.RandomState(2)
    for state in _random_states(game, 5)[::3]:
        for seat in range(game.num_players()):
            world = state.resample_from_infostate(seat, rs.uniform)
            assert world.information_state_string(seat) == state.information_state_string(seat)
            assert world.information_state_tensor(seat) == state.information_state_tensor(seat)
            assert world.current_player() == state.current_player()
            if seat == state.current_player():
                assert world.legal_actions() == state.legal_actions()
            assert openspiel.library_state(world).is_sampled


def test_resampling_hides_the_cards_a_seat_has_not_seen() -> None:
    """Resampled worlds of one seat differ in the hidden hands: nothing is copied from the truth."""
    game = _load("kitten-tricks")
    state = _dealt(game, 3)
    rs = np.random.RandomState(0)
    hands = {
        openspiel.library_state(state.resample_from_infostate(0, rs.uniform)).zones()["hand/1"]
        for _ in range(10)
    }
    assert openspiel.library_state(state).zones()["hand/1"] not in hands or len(hands) > 1
    assert len(hands) > 1


@pytest.mark.parametrize("slug", list(cardgames.GAMES))
def test_history_is_seed_parts_then_action_indices_of_a_library_match(slug: str) -> None:
    """The OpenSpiel history is the seed's parts, then the library actions' indices."""
    game = _load(slug)
    states = _random_states(game, 9)
    final = states[-1].clone()
    final.apply_action(final.legal_actions()[0])
    library = openspiel.library_state(final)
    assert library is not None
    replay = cardgames.get_game(slug).new(3, seed=9)
    space = game.setting.space
    for index in final.history()[openspiel.SEED_PARTS :]:
        replay = replay.apply(space.actions()[index])
    assert replay == library
    assert final.history()[: openspiel.SEED_PARTS] == list(openspiel.seed_outcomes(9))


@pytest.mark.parametrize("slug", list(cardgames.GAMES))
def test_returns_at_the_end_are_the_library_returns(slug: str) -> None:
    """A finished match's returns are `cardgames.encoding.returns`; zeros before the end."""
    game = _load(slug)
    state = _dealt(game, 4)
    rng = random.Random(4)
    assert state.returns() == [0.0] * 3
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    library = openspiel.library_state(state)
    assert library is not None
    assert library.is_over
    assert tuple(state.returns()) == returns(cardgames.get_game(slug), library)


def test_a_match_reaching_max_actions_is_truncated_as_a_tie() -> None:
    """At `max_actions` decisions the match ends unfinished with `truncated_returns` (1/players)."""
    game = _load("crazy-animals", 4, max_actions=5)
    state = _dealt(game, 1)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert len(state.history()) == openspiel.SEED_PARTS + 5
    library = openspiel.library_state(state)
    assert library is not None
    assert not library.is_over
    assert state.returns() == [0.25] * 4 == list(truncated_returns(4))
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert "truncated" in str(state)


def test_seed_is_four_chance_nodes_of_sixteen_bits() -> None:
    """Before the deal, four uniform chance nodes of 2**16 outcomes draw the 64-bit seed."""
    state = _load("kitten-tricks").new_initial_state()
    for part in range(openspiel.SEED_PARTS):
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 2**16
        assert outcomes[7] == (7, 2**-16)
        assert openspiel.library_state(state) is None
        state.apply_action(part)
    seed = 0x0003_0002_0001_0000
    assert openspiel.seed_outcomes(seed) == (0, 1, 2, 3)
    assert openspiel.library_state(state) == cardgames.get_game("kitten-tricks").new(3, seed=seed)


def test_seed_outcomes_refuses_a_seed_out_of_range() -> None:
    """`seed_outcomes` names the range when the seed is outside it."""
    with pytest.raises(InvalidSetupError, match=r"range\(2\*\*64\)"):
        openspiel.seed_outcomes(2**64)


def test_clone_shares_the_immutable_library_state() -> None:
    """A clone shares the library state (it is immutable) and then goes its own way."""
    state = _dealt(_load("crazy-mistigri"), 2)
    clone = state.clone()
    assert openspiel.library_state(clone) is openspiel.library_state(state)
    clone.apply_action(clone.legal_actions()[0])
    assert openspiel.library_state(clone) is not openspiel.library_state(state)
    assert clone.history() != state.history()


def test_information_state_string_holds_the_past_and_observation_string_does_not() -> None:
    """The information-state string is `Observer.string`; the observation string has no events."""
    game = _load("crazy-animals")
    state = _random_states(game, 6)[4]
    view = openspiel.library_state(state).view(1)
    full = Observer(cardgames.get_game("crazy-animals"), 3).string(view)
    assert state.information_state_string(1) == full
    assert "events (" not in state.observation_string(1)
    assert full.startswith(state.observation_string(1))
    assert state.observation_tensor(1) == state.information_state_tensor(1)


def test_before_the_deal_nobody_knows_anything() -> None:
    """At the chance nodes every seat's tensor is zeros and its string says the deal is ahead."""
    state = _load("classic-mistigri").new_initial_state()
    assert not any(state.information_state_tensor(2))
    assert state.information_state_string(2) == "seat 2: before the deal"


def test_serialized_sampled_world_round_trips() -> None:
    """A resampled world, which has no record to replay, still serializes and loads back equal."""
    game = _load("kitten-tricks")
    state = _random_states(game, 3)[5]
    world = state.resample_from_infostate(0, np.random.RandomState(3).uniform)
    _, loaded = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, world))
    assert str(loaded) == str(world)
    assert loaded.information_state_string(0) == world.information_state_string(0)


def test_pickled_state_replays_the_library_record() -> None:
    """Pickling an OpenSpiel state stores the library's JSON record and loads an equal state."""
    state = _random_states(_load("crazy-mistigri"), 8)[7]
    loaded = pickle.loads(pickle.dumps(state))  # noqa: S301 - our own bytes
    assert openspiel.library_state(loaded) == openspiel.library_state(state)


def test_rules_parameter_round_trips_and_plays_one_round() -> None:
    """The `rules` parameter gives the game's `Rules`; `rules_parameter` writes it back."""
    game = cardgames.get_game("crazy-animals")
    text = openspiel.rules_parameter(game.Rules(rounds=1))
    assert text == "rounds:1"
    spiel = _load("crazy-animals", rules=text)
    assert "rules=rounds:1" in str(spiel)
    assert openspiel.library_state(_dealt(spiel, 1)).rules == game.Rules(rounds=1)
    assert openspiel.rules_parameter(game.Rules()) == ""


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("colours:5;bogus:1", "not option:value"),
        ("colours", "not option:value"),
        ("colours:many", "must be an integer"),
        ("colours:0", "colours must be"),
    ],
)
def test_a_bad_rules_parameter_is_refused_with_its_reason(text: str, message: str) -> None:
    """A malformed or impossible `rules` parameter fails to load, saying what is wrong."""
    with pytest.raises(InvalidSetupError, match=message):
        _load("kitten-tricks", rules=text)


def test_rules_parameter_refuses_options_it_cannot_write() -> None:
    """A non-scalar option away from its default cannot become a parameter."""
    game = cardgames.get_game("crazy-mistigri")
    layout = game.Rules().colour_layout
    rules = game.Rules(colour_layout=(tuple(reversed(layout[0])), *layout[1:]))
    with pytest.raises(InvalidSetupError, match="colour_layout"):
        openspiel.rules_parameter(rules)


def test_library_state_refuses_a_foreign_state() -> None:
    """`library_state` names what it got when the state is not one of this adapter's games."""
    with pytest.raises(TypeError, match="python_cardgames_"):
        openspiel.library_state(pyspiel.load_game("kuhn_poker").new_initial_state())


def test_both_adapters_truncate_the_same_match_at_the_same_move_with_the_same_returns() -> None:
    """OpenSpiel's `max_actions` and PettingZoo's `max_cycles` cut a match at the same decision."""
    pettingzoo = pytest.importorskip("cardgames.adapters.pettingzoo")
    table = pettingzoo.env("crazy-animals", 3, max_cycles=7, turns="cycle")
    table.reset(seed=3)
    rewards = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        rewards[agent] += reward
        mask = observation["action_mask"]
        table.step(None if termination or truncation else int(np.flatnonzero(mask)[0]))
    library = table.state
    spiel = _dealt(_load("crazy-animals", 3, max_actions=7), library.seed)
    for action in library.history:
        assert not spiel.is_terminal()
        spiel.apply_action(table.space.index(action))
    assert spiel.is_terminal()
    assert openspiel.library_state(spiel) == library
    assert spiel.returns() == list(rewards.values()) == list(truncated_returns(3))


def test_a_resampled_world_starts_with_the_seat_knowledge_computed() -> None:
    """A world resampled for a seat reuses that seat's strings and tensor: they are equal."""
    game = _load("crazy-animals")
    state = _random_states(game, 6)[12]
    seat = state.current_player()
    known = state.information_state_string(seat), state.information_state_tensor(seat)
    world = state.resample_from_infostate(seat, np.random.RandomState(0).uniform)
    assert world._node._known[("string", seat)] is state._node._known[("string", seat)]
    assert (world.information_state_string(seat), world.information_state_tensor(seat)) == known
    fresh = Observer(cardgames.get_game("crazy-animals"), 3)
    view = openspiel.library_state(world).view(seat)
    assert fresh.string(view) == known[0]
