"""Crazy Animals bots: worlds sampled from a view, the heuristic bot, and ISMCTS on the game.

The sampler's constraints are pinned on explicit scenarios: a card the seat remembers (a first
look, a peek, a card it put in, followed through Swaps), the stock's history (after a
reshuffle the stock and every card drawn from it come from the reshuffled cards only) and the
other seats' memory. Hypothesis checks the contract over random play at every player count.
"""

from __future__ import annotations

import gc
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import classic_mistigri, testing
from cardgames import crazy_animals as ca
from cardgames.bots import Bot, ISMCTSBot, RandomBot, play_match
from cardgames.crazy_animals import (
    DECK,
    DRAW_TWO,
    GAME,
    PEEK,
    SWAP,
    Discard,
    Draw,
    DrawTwo,
    HeuristicBot,
    Knock,
    NoKnock,
    Peek,
    Replace,
    Swap,
    TakeDiscard,
    sampler,
    scenario,
)
from cardgames.engine import State
from crazy_animals.test_rules import N, play, table
from strategies import CHOICES, SEEDS
from test_bots import reachable_states

NINE = N[9]


def samples(state: ca.State, seat: int, count: int = 12, seed: int = 0) -> list[ca.State]:
    """``count`` worlds sampled from ``seat``'s view, each checked against the contract."""
    worlds = testing.check_sample_world(state, seat, random.Random(seed), samples=count)
    return [w for w in worlds if isinstance(w, ca.State)]


def who_knows(state: ca.State) -> list[list[list[bool]]]:
    """For every seat, which slots of the table it knows (not which cards)."""
    return [
        [[card is not None for card in row] for row in state.knowledge(seat)]
        for seat in range(state.players)
    ]


def check_memories(state: ca.State, world: ca.State) -> None:
    """Every seat of ``world`` knows the slots it knows in ``state``, and truly."""
    assert who_knows(world) == who_knows(state)
    for seat in range(world.players):
        for known, real in zip(world.knowledge(seat), world.slots, strict=True):
            assert all(k is None or k == r for k, r in zip(known, real, strict=True))


def no_knock_play(state: ca.State, rng: random.Random, actions: int) -> list[ca.State]:
    """Random play that declines to knock, so that rounds last and the stock runs out."""
    states = [state]
    for _ in range(actions):
        if state.is_over:
            break
        legal = state.legal_actions()
        action = NoKnock() if NoKnock() in legal else rng.choice(legal)
        state = state.apply(action)
        states.append(state)
    return states


# --- Samples over random play --------------------------------------------------------------


@given(st.integers(min_value=2, max_value=6), SEEDS, CHOICES, st.data())
def test_samples_agree_with_the_view_at_every_player_count(
    players: int, seed: int, choices: list[int], data: st.DataObject
) -> None:
    """At any point of random play, worlds sampled from a seat's view show it that view."""
    states = list(testing.random_match(GAME, players, seed, choices=choices))
    state = states[data.draw(st.integers(min_value=0, max_value=len(states) - 1))]
    seat = data.draw(st.integers(min_value=0, max_value=players - 1))
    assert isinstance(state, ca.State)
    for world in samples(state, seat, count=2, seed=seed):
        check_memories(state, world)


@given(st.integers(min_value=2, max_value=6), SEEDS, st.data())
def test_samples_agree_with_the_view_through_reshuffles(
    players: int, seed: int, data: st.DataObject
) -> None:
    """In long rounds, through stock reshuffles, samples still show the seat its view."""
    rng = random.Random(seed)
    states = no_knock_play(GAME.new(players, seed=seed), rng, actions=60 + 40 * players)
    state = states[data.draw(st.integers(min_value=0, max_value=len(states) - 1))]
    seat = data.draw(st.integers(min_value=0, max_value=players - 1))
    for world in samples(state, seat, count=2, seed=seed):
        check_memories(state, world)


@given(st.integers(min_value=2, max_value=6), SEEDS, st.data())
def test_the_real_table_is_one_the_sampler_allows(
    players: int, seed: int, data: st.DataObject
) -> None:
    """Each batch of unseen cards is exactly what the real table holds in that batch's places."""
    states = no_knock_play(GAME.new(players, seed=seed), random.Random(seed), actions=200)
    state = states[data.draw(st.integers(min_value=0, max_value=len(states) - 1))]
    seat = data.draw(st.integers(min_value=0, max_value=players - 1))
    where = sampler._whereabouts(state.view(seat))
    pos = state._pos
    for batch, cards in enumerate(where.batches):
        real = [pos.slots[i] for i in where.places[batch]]
        if batch == where.latest:
            real += pos.stock
            if where.other_holds:
                real.append(pos.drawn)
        assert Counter(real) == Counter(cards)


def test_samples_really_differ() -> None:
    """From the deal, the slots the seat has not seen and the stock's order vary by sample."""
    state = GAME.new(4, seed=7)
    worlds = samples(state, 0, count=8, seed=3)
    assert len({w.slots[1:] for w in worlds}) > 1
    assert len({w.stock for w in worlds}) > 1
    assert len({(w.slots[0][1], w.slots[0][2]) for w in worlds}) > 1
    for world in worlds:
        assert (world.slots[0][0], world.slots[0][3]) == (state.slots[0][0], state.slots[0][3])
        assert world.discard_pile == state.discard_pile


def test_the_same_rng_state_gives_the_same_sample() -> None:
    """Sampling is a function of the view and the rng state."""
    view = GAME.new(3, seed=2).view(1)
    first = GAME.sample_world(view, random.Random(9))
    again = GAME.sample_world(view, random.Random(9))
    assert (first.slots, first.stock, first.seed) == (again.slots, again.stock, again.seed)


# --- Constraints the seat observed ---------------------------------------------------------

THREE = [[N[1], N[2], N[3], N[4]], [N[5], N[6], N[7], N[8]], [N[0], N[0], NINE, NINE]]


def test_a_peeked_slot_keeps_its_card_and_follows_a_swap() -> None:
    """A slot the seat peeked holds that card in every sample, and in its new place after a Swap."""
    state = play(table(THREE, draws=[PEEK, SWAP]), Draw(), Peek(1))
    for world in samples(state, 0):
        assert world.slots[0][1] == N[2]
    state = play(state, Draw(), Swap(0, 0, 1))  # seat 1 takes seat 0's slot 1, unseen
    for world in samples(state, 0):
        assert world.slots[1][0] == N[2]
        assert world.knowledge(1)[1][0] is None  # seat 1 does not know what it took
        assert world.knowledge(1)[0][1] == world.slots[0][1]  # but knows the card it gave


def test_a_card_the_seat_put_in_stays_and_follows_a_swap() -> None:
    """A drawn card the seat put into a slot is there in every sample, and followed by a Swap."""
    state = play(table(THREE, draws=[N[0], SWAP]), Draw(), Replace(2))
    for world in samples(state, 0):
        assert world.slots[0][2] == N[0]
    state = play(state, Draw(), Swap(3, 0, 2))
    for world in samples(state, 0):
        assert world.slots[1][3] == N[0]
    # Seat 2 saw none of it: from its view seat 1's slot 3 may hold other cards.
    assert len({w.slots[1][3] for w in samples(state, 2, count=30)}) > 1


def test_another_seats_drawn_card_and_memory() -> None:
    """Another seat holding a drawn card holds one in every sample; what it peeked it knows."""
    state = play(table(THREE, draws=[PEEK, PEEK]), Draw(), Peek(1), Draw())
    for world in samples(state, 0):
        assert world.drawn is not None
        assert world.to_move == 1
    state = play(state, Peek(2))
    for world in samples(state, 0):
        assert world.knowledge(1)[1][2] == world.slots[1][2]


def test_after_a_reshuffle_the_stock_holds_only_reshuffled_cards() -> None:
    """Once the stock ran out, it and every card drawn from it come from the discarded cards."""
    # Eight 9s in the slots; the ninth is the last card of the stock, so it stays on top of
    # the discard pile at the reshuffle: the new stock holds no 9.
    slots = [[NINE] * 4, [NINE] * 4]
    rest = list((Counter(DECK.cards) - Counter([NINE] * 9 + [N[5]])).elements())
    state = scenario(slots, stock=[NINE, *rest], discard_pile=[N[5]], seed=1)
    while state.view(0).stock_size:
        state = play(state, Draw(), Discard())
        if NoKnock() in state.legal_actions():
            state = state.apply(NoKnock())
    assert state.to_move == 1
    state = state.apply(Draw())  # the reshuffle; seat 1 draws a card that is no 9 (an 8)
    assert state.drawn == N[8]
    assert any(isinstance(e, ca.StockReshuffled) for e in state.events[-3:])
    for world in samples(state, 0):
        assert NINE not in world.stock
        assert world.drawn != NINE
        assert world.slots[0][1:3] == (NINE, NINE)  # the unseen slots hold the dealt 9s
    state = state.apply(Replace(2))  # seat 1 puts the drawn card in; a 9 goes face up
    for world in samples(state, 0):
        assert NINE not in world.stock
        assert world.slots[1][2] != NINE
        assert world.slots[1].count(NINE) == 3


def test_a_scenario_discard_pile_stays_out_of_the_unseen_cards() -> None:
    """A scenario's deep discard pile is public, before and after it becomes the stock."""
    state = table(THREE, draws=[N[0], N[1]], rest_in_stock=False, discard_top=[N[6]])
    for world in samples(state, 1):
        assert world.discard_pile == state.discard_pile
    state = play(state, Draw(), Discard(), Draw(), Discard(), Draw())  # the stock runs out
    assert any(isinstance(e, ca.StockReshuffled) for e in state.events)
    samples(state, 0)
    samples(state, 1)


def test_samples_keep_a_draw_two_in_play() -> None:
    """Mid Draw-two, every sample keeps it in play and off the pile, for every seat's view."""
    state = play(table(THREE, draws=[DRAW_TWO, NINE]), Draw(), DrawTwo())
    for seat in range(3):
        for world in samples(state, seat):
            assert world.in_play == (DRAW_TWO,)
            assert world.discard_pile == state.discard_pile
    done = play(state, Discard())
    for world in samples(done, 1):
        assert world.in_play == ()
        assert world.discard_pile[-2:] == (NINE, DRAW_TWO)


def test_a_reshuffle_during_a_draw_two_is_followed() -> None:
    """After a stock rebuilt during a Draw-two, the sampler's batches match the real table."""
    state = table(THREE, draws=[DRAW_TWO], rest_in_stock=False, discard_top=[N[6]])
    state = play(state, Draw(), DrawTwo())
    assert any(isinstance(e, ca.StockReshuffled) for e in state.events)
    for seat in range(3):
        where = sampler._whereabouts(state.view(seat))
        pos = state._pos
        for batch, cards in enumerate(where.batches):
            real = [pos.slots[i] for i in where.places[batch]]
            if batch == where.latest:
                real += pos.stock
                if where.other_holds:
                    real.append(pos.drawn)
            assert Counter(real) == Counter(cards)
        for world in samples(state, seat):
            assert world.in_play == (DRAW_TWO,)


def test_the_sampler_reads_only_the_view() -> None:
    """Two tables that look the same to a seat give it the same samples; a view holds no state."""
    state = play(table(THREE, draws=[PEEK, SWAP]), Draw(), Peek(1), Draw())
    other = state._perturbed(0, state._rng(7))
    assert other is not None
    assert other.slots != state.slots
    view = state.view(0)
    assert other.view(0) == view
    first = GAME.sample_world(view, random.Random(5))
    second = GAME.sample_world(other.view(0), random.Random(5))
    assert (first.slots, first.stock, first.drawn) == (second.slots, second.stock, second.drawn)
    del state, other
    gc.collect()
    assert reachable_states(view) == []
    assert GAME.sample_world(view, random.Random(5)).slots == first.slots


# --- The heuristic bot ---------------------------------------------------------------------


@given(st.integers(min_value=2, max_value=6), SEEDS, CHOICES, st.data())
def test_heuristic_bot_plays_only_legal_actions(
    players: int, seed: int, choices: list[int], data: st.DataObject
) -> None:
    """Over random positions at every player count, the heuristic bot returns a legal action."""
    states = list(testing.random_match(GAME, players, seed, choices=choices))
    bot = HeuristicBot()
    rng = random.Random(seed)
    picks = data.draw(st.lists(st.integers(min_value=0, max_value=len(states) - 1), max_size=6))
    for state in (states[i] for i in picks):
        if state.is_over:
            continue
        view = state.view(state.to_move or 0)
        assert bot.choose(view, rng) in view.legal_actions


def test_heuristic_bot_plays_whole_matches() -> None:
    """Heuristic bots finish matches among themselves at every player count."""
    for players in range(2, 7):
        bots: list[Bot] = [HeuristicBot() for _ in range(players)]
        final = play_match(GAME, bots, seed=players)
        assert final.is_over


def test_heuristic_bot_cannot_reach_the_state() -> None:
    """Neither the view a bot is given nor the bot after choosing leads to a State."""
    bot = HeuristicBot()
    for state in list(testing.random_match(GAME, 4, 3))[::5]:
        if state.is_over:
            continue
        view = state.view(state.to_move or 0)
        bot.choose(view, random.Random(1))
        assert reachable_states(view) == []
        assert reachable_states(bot) == []


def test_heuristic_bot_takes_a_low_discard_into_its_known_high_slot() -> None:
    """With a 0 on the discard pile and a remembered 9, it takes the 0 into that slot."""
    slots = [[N[1], N[2], N[3], NINE], [N[5], N[6], N[7], N[8]]]
    state = table(slots, discard_top=[N[0]])
    assert HeuristicBot().choose(state.view(0), random.Random(0)) == TakeDiscard(3)


def test_heuristic_bot_keeps_a_low_draw_and_peeks_unknown_slots() -> None:
    """A drawn 0 replaces its worst slot; a drawn Peek looks at a slot it does not know."""
    slots = [[N[1], N[2], N[3], NINE], [N[5], N[6], N[7], N[8]]]
    bot = HeuristicBot()
    state = play(table(slots, draws=[N[0]], discard_top=[N[8]]), Draw())
    assert bot.choose(state.view(0), random.Random(0)) == Replace(3)
    state = play(table(slots, draws=[PEEK], discard_top=[N[8]]), Draw())
    assert bot.choose(state.view(0), random.Random(0)) in {Peek(1), Peek(2)}


def test_heuristic_bot_swaps_its_known_high_card_for_a_known_low_one() -> None:
    """With a Swap it trades its remembered 9 for the card it remembers is a 0 elsewhere."""
    slots = [[N[1], N[2], N[3], NINE], [N[5], N[6], N[7], N[8]]]
    # Seat 1 starts round 2 and takes the 0 from the discard pile into its slot 3, in
    # everybody's sight.
    state = table(slots, draws=[SWAP], discard_top=[N[0]], round=2, scores=[4, 4], to_move=1)
    state = play(state, TakeDiscard(3))
    state = play(state, Draw())  # seat 0 draws the Swap
    assert HeuristicBot().choose(state.view(0), random.Random(0)) == Swap(3, 1, 3)


def test_heuristic_bot_knocks_when_its_estimate_is_low() -> None:
    """Knowing a low total it knocks; with a high one it plays on."""
    low = [[N[0], N[1], N[1], N[0]], [N[5], N[6], N[7], N[8]]]
    state = play(table(low, draws=[N[2]], discard_top=[N[8]], turns_taken=2), Draw(), Replace(1))
    assert state.view(0).step == "knock"
    assert HeuristicBot().choose(state.view(0), random.Random(0)) == Knock()
    high = [[NINE, N[1], N[1], NINE], [N[5], N[6], N[7], N[8]]]
    state = play(table(high, draws=[N[9]], discard_top=[N[8]], turns_taken=2), Draw(), Discard())
    assert HeuristicBot().choose(state.view(0), random.Random(0)) == NoKnock()


def test_heuristic_bot_beats_random_bots() -> None:
    """Over 150 seeded three-seat matches, the heuristic seat wins far above its fair third."""
    wins = 0.0
    for seed in range(150):
        seat = seed % 3
        bots: list[Bot] = [HeuristicBot() if s == seat else RandomBot() for s in range(3)]
        outcome = play_match(GAME, bots, seed=seed).outcome
        assert outcome is not None
        winners = outcome.winners
        wins += 1 / len(winners) if seat in winners else 0
    assert wins / 150 > 0.6


# --- ISMCTS on Crazy Animals ---------------------------------------------------------------


def test_heuristic_bot_refuses_other_games_views() -> None:
    """Given another game's view, the bot says which game it plays."""
    view = classic_mistigri.GAME.new(3, seed=1).view(0)
    with pytest.raises(TypeError, match="plays crazy-animals, not 'classic-mistigri'"):
        HeuristicBot().choose(view, random.Random(0))


def test_ismcts_plays_crazy_animals_deterministically() -> None:
    """A small ISMCTS search returns a legal action, the same one for the same rng state."""
    state: State[Any] = play(table(THREE, draws=[SWAP]), Draw())
    view = state.view(0)
    bot = ISMCTSBot(40)
    action = bot.choose(view, random.Random(2))
    assert action in view.legal_actions
    assert bot.choose(view, random.Random(2)) == action


@pytest.mark.parametrize("seed", range(6))
def test_choose_remembering_equals_choose_on_a_view_with_that_memory(seed: int) -> None:
    """`choose_remembering` answers, and draws, as `choose` on the view holding that memory."""
    import attrs  # noqa: PLC0415 - only this test builds views by hand

    bot = HeuristicBot()
    forget = random.Random(seed)
    state = ca.GAME.new(3, seed=seed)
    steps = 0
    while not state.is_over and steps < 200:
        view = state.view(state.to_move)
        hazy = tuple(
            tuple(None if forget.random() < 0.5 else card for card in row) for row in view.knowledge
        )
        first, second = random.Random(steps), random.Random(steps)
        chosen = bot.choose_remembering(view, hazy, first)
        assert chosen == bot.choose(attrs.evolve(view, knowledge=hazy), second)
        assert first.getstate() == second.getstate()
        state = state.apply(bot.choose(view, random.Random(steps)))
        steps += 1
