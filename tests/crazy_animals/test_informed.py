"""Informed worlds of Crazy Animals: weighted by how well the other seats' past moves fit them.

The model of play must find no fault with the real table of a match between heuristic bots
(it reasons as they do); informed worlds must be worlds the view allows, as plain samples are;
and on a pinned scenario, a card another seat kept in place of a revealed 8 must lie below 8
in the informed worlds far more often than in uniform ones.
"""

from __future__ import annotations

import random

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames import crazy_animals as ca
from cardgames import testing
from cardgames.bots.rollout import RolloutBot
from cardgames.bots.spec import BotSpec
from cardgames.crazy_animals import GAME, Discard, Draw, HeuristicBot, Replace, informed
from crazy_animals.test_bot import check_memories, no_knock_play
from crazy_animals.test_rules import N, table
from strategies import CHOICES, SEEDS


def informed_samples(state: ca.State, seat: int, count: int, seed: int) -> list[ca.State]:
    """``count`` informed worlds from ``seat``'s view, each showing it that view, cards kept."""
    view = state.view(seat)
    expected = attrs.evolve(view, events=())
    rng = random.Random(seed)
    worlds = []
    for _ in range(count):
        world = GAME.sample_world(view, rng, informed=True)
        assert world.is_sampled
        assert attrs.evolve(world.view(seat), events=()) == expected
        testing.check_conservation(world)
        testing.check_actions(world)
        check_memories(state, world)
        worlds.append(world)
    return worlds


def kept_over_an_eight() -> ca.State:
    """Seat 1 draws a 3 and keeps it in slot 0, where it had seen an 8; seat 2 to move.

    Seat 0 first draws a 9 and discards it, so the pile shows a 9 when seat 1 draws.
    """
    rows = [
        [N[4], N[5], N[6], N[2]],
        [N[8], N[7], N[6], N[2]],
        [N[1], N[5], N[6], N[4]],
    ]
    state = table(rows, draws=[N[9], N[3]], discard_top=[N[7]])
    for action in (Draw(), Discard(), Draw(), Replace(0)):
        state = state.apply(action)
    assert state.to_move == 2
    return state


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=2, max_value=6), SEEDS, CHOICES, st.data())
def test_informed_worlds_agree_with_the_view_over_random_play(
    players: int, seed: int, choices: list[int], data: st.DataObject
) -> None:
    """At any point of random play, informed worlds show the seat its view, memories included."""
    states = list(testing.random_match(GAME, players, seed, choices=choices))
    state = states[data.draw(st.integers(min_value=0, max_value=len(states) - 1))]
    seat = data.draw(st.integers(min_value=0, max_value=players - 1))
    assert isinstance(state, ca.State)
    informed_samples(state, seat, count=2, seed=seed)


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=2, max_value=6), SEEDS, st.data())
def test_informed_worlds_agree_with_the_view_through_reshuffles(
    players: int, seed: int, data: st.DataObject
) -> None:
    """In long rounds, through stock reshuffles, informed worlds still show the seat its view."""
    rng = random.Random(seed)
    states = no_knock_play(GAME.new(players, seed=seed), rng, actions=60 + 40 * players)
    state = states[data.draw(st.integers(min_value=0, max_value=len(states) - 1))]
    seat = data.draw(st.integers(min_value=0, max_value=players - 1))
    informed_samples(state, seat, count=2, seed=seed)


def test_the_model_finds_no_fault_with_the_real_table_of_heuristic_players() -> None:
    """In matches of heuristic bots, every past move of another seat fits the real table."""
    bot = HeuristicBot()
    checked = 0
    for seed in range(6):
        state = GAME.new(3, seed=seed, rules=ca.Rules(rounds=2))
        rng = random.Random(seed)
        while not state.is_over:
            for seat in range(3):
                view = state.view(seat)
                model = informed._model(view)
                checked += 0 if model is None else len(model.moves)
                assert informed.mismatches(view, state._pos) == 0
            state = state.apply(bot.choose(state.view(state.to_move), rng))
    assert checked > 100  # the model had moves to check


def test_a_card_kept_over_a_revealed_eight_lies_below_it_more_often_than_uniform() -> None:
    """A card seat 1 kept in place of the 8 it knew is below 8 in informed worlds, far likelier."""
    state = kept_over_an_eight()
    view = state.view(2)
    assert view.knowledge[1][0] is None  # seat 2 did not see the card kept
    rng = random.Random(5)
    count = 300
    uniform = sum(GAME.sample_world(view, rng).slots[1][0].face < 8 for _ in range(count))
    weighted = sum(
        GAME.sample_world(view, rng, informed=True).slots[1][0].face < 8 for _ in range(count)
    )
    # Uniformly about half the unseen cards are below 8; a move that does not fit weighs 0.1.
    assert uniform < 0.6 * count
    assert weighted > 0.8 * count
    assert informed.mismatches(view, state._pos) == 0


def test_the_same_rng_state_gives_the_same_informed_world() -> None:
    """Informed sampling is reproducible: the same rng state gives the same world."""
    view = kept_over_an_eight().view(0)
    first = GAME.sample_world(view, random.Random(4), informed=True)
    again = GAME.sample_world(view, random.Random(4), informed=True)
    assert first.slots == again.slots


def test_informed_is_a_rollout_option_on_by_default() -> None:
    """The rollout spec takes `informed`, true by default; the level spec leaves it so."""
    assert BotSpec.parse("rollout").build("crazy-animals").informed is True  # type: ignore[attr-defined]
    off = BotSpec.parse("rollout:informed=false").build("crazy-animals")
    assert isinstance(off, RolloutBot)
    assert off.informed is False
    assert str(BotSpec.parse("hard")) == "rollout:policy=tuned:seconds=0.8"


def test_other_games_ignore_informed() -> None:
    """A game with no model of its players' moves samples the same world either way."""
    from cardgames import crazy_mistigri  # noqa: PLC0415 - only this test needs it

    state = crazy_mistigri.GAME.new(3, seed=2)
    view = state.view(0)
    plain = crazy_mistigri.GAME.sample_world(view, random.Random(7))
    weighted = crazy_mistigri.GAME.sample_world(view, random.Random(7), informed=True)
    assert [plain.view(seat) for seat in range(3)] == [weighted.view(seat) for seat in range(3)]


def test_a_view_whose_events_do_not_add_up_gets_plain_worlds() -> None:
    """A view edited by hand (a remembered card erased) is sampled as without `informed`."""
    state = kept_over_an_eight()
    view = state.view(1)
    known = view.knowledge
    erased = (known[0], (None, *known[1][1:]), *known[2:])
    edited = attrs.evolve(view, knowledge=erased)
    assert informed._model(edited) is None
    plain = GAME.sample_world(edited, random.Random(8))
    weighted = GAME.sample_world(edited, random.Random(8), informed=True)
    assert plain.slots == weighted.slots
