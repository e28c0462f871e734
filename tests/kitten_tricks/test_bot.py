"""Kitten tricks bots: worlds sampled from a view, the heuristic bot, and ISMCTS on the game."""

from __future__ import annotations

import gc
import pickle
import random
import types
from collections import Counter
from itertools import islice

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import kitten_tricks as kt
from cardgames import testing
from cardgames.bots import Bot, ISMCTSBot, RandomBot, play_match
from cardgames.engine import State
from cardgames.kitten_tricks import (
    Card,
    ColourLost,
    HeuristicBot,
    PlayCard,
    Played,
    RoundStarted,
    sampler,
    scenario,
)
from cardgames.kitten_tricks import cards as kt_cards
from cardgames.kitten_tricks.options import HAND_SIZES
from cardgames.rng import Rng
from kitten_tricks.test_rules import c, cs, play
from strategies import CHOICES, SEEDS

PLAYERS = st.integers(min_value=kt.GAME.min_players, max_value=kt.GAME.max_players)
STOPS = st.integers(min_value=0, max_value=400)
"""How many random actions to play before looking (a match may end sooner)."""


def reached(players: int, seed: int, choices: list[int], stop: int) -> kt.State:
    """The state after ``stop`` random actions (or the end of the match, if sooner)."""
    *_, state = islice(testing.random_match(kt.GAME, players, seed, choices=choices), stop + 1)
    assert isinstance(state, kt.State)
    return state


def samples(state: kt.State, seat: int, count: int = 20, seed: int = 0) -> list[kt.State]:
    """Worlds sampled from ``seat``'s view of ``state``."""
    view, rng = state.view(seat), random.Random(seed)
    return [kt.GAME.sample_world(view, rng) for _ in range(count)]


def arrangement(world: kt.State, seat: int) -> tuple[object, ...]:
    """Where the cards hidden from ``seat`` lie in ``world`` (ignoring order within a place)."""
    hands = tuple(frozenset(h) for s, h in enumerate(world.hands) if s != seat)
    return (hands, frozenset(world.stock), frozenset(world.discard))


def shown_this_round(state: kt.State) -> set[Card]:
    """The cards played or lost face up since the round's deal."""
    events = state.events
    start = max(i for i, e in enumerate(events) if isinstance(e, RoundStarted))
    shown: set[Card] = set()
    for event in events[start:]:
        if isinstance(event, Played):
            shown.add(event.card)
        elif isinstance(event, ColourLost):
            shown.update(event.lost)
    return shown


# --- sample_world over random play ---------------------------------------------------------


@given(PLAYERS, SEEDS, CHOICES, STOPS, st.data())
def test_sampled_worlds_agree_with_the_view(
    players: int, seed: int, choices: list[int], stop: int, data: st.DataObject
) -> None:
    """At any point of a random match, worlds sampled from any seat's view pass the checks."""
    state = reached(players, seed, choices, stop)
    seat = data.draw(st.integers(min_value=0, max_value=players - 1), label="seat")
    testing.check_sample_world(state, seat, random.Random(seed), samples=2)


@given(PLAYERS, SEEDS, CHOICES, STOPS, st.data())
def test_sampled_worlds_vary_when_the_hidden_cards_can(
    players: int, seed: int, choices: list[int], stop: int, data: st.DataObject
) -> None:
    """A card never shown is in another hand: it can swap with the stock, and samples differ."""
    state = reached(players, seed, choices, stop)
    seat = data.draw(st.integers(min_value=0, max_value=players - 1), label="seat")
    shown = shown_this_round(state)
    if not any(set(h) - shown for s, h in enumerate(state.hands) if s != seat):
        return
    assert state.stock  # the default deck always leaves unused cards
    worlds = samples(state, seat, count=12, seed=seed)
    assert len({arrangement(w, seat) for w in worlds}) > 1


@given(PLAYERS, SEEDS, CHOICES, STOPS, st.data())
def test_the_real_world_meets_every_constraint_the_sampler_uses(
    players: int, seed: int, choices: list[int], stop: int, data: st.DataObject
) -> None:
    """What the sampler deduces from a view holds in the real state (so it is a possible world)."""
    state = reached(players, seed, choices, stop)
    seat = data.draw(st.integers(min_value=0, max_value=players - 1), label="seat")
    knowledge = sampler._read_knowledge(state.view(seat))
    hands = [set(kt_cards._as_ints(h)) for h in state.hands]
    unseen = set(knowledge.unseen)
    for loss in knowledge.losses:
        for receiver in loss.receivers:
            assert len(hands[receiver] & set(loss.cards)) == 1
    for other, fresh in knowledge.fresh:
        assert len(hands[other] & unseen) == fresh
    assert set(kt_cards._as_ints(state.stock)) <= unseen


# --- sample_world on explicit scenarios -----------------------------------------------------

RED_LOSS_HANDS = [
    cs("red-7 blue-1 blue-2"),
    cs("red-5 blue-3 green-1"),
    cs("green-2 blue-4 purple-1"),
]


def red_lost_by_seat_0() -> kt.State:
    """Seat 0 holds three reds and wins a trick with two more: its five reds are dealt out.

    Seats 1 and 2 receive one red each, the other three are discarded; seat 0 leads next.
    """
    state = scenario(
        RED_LOSS_HANDS,
        trump=c("yellow-4"),
        collections=[cs("red-2 red-3 red-4"), [], []],
        seed=11,
    )
    state = play(state, "red-7", "red-5", "green-2")
    assert isinstance(state.events[-3], ColourLost)
    return state


LOST_REDS = set(cs("red-2 red-3 red-4 red-5 red-7"))


def received(state: kt.State, seat: int) -> Card:
    """The red that ``seat`` received in :func:`red_lost_by_seat_0`."""
    (card,) = set(state.hands[seat]) & LOST_REDS
    return card


def test_each_other_receiver_holds_exactly_one_card_of_the_lost_colour() -> None:
    """Seen by seat 1 (a receiver): seat 2 holds exactly one other lost red, the rest discarded."""
    state = red_lost_by_seat_0()
    mine = received(state, 1)
    others = LOST_REDS - {mine}
    seen = set()
    for world in samples(state, 1, count=40):
        (theirs,) = set(world.hands[2]) & LOST_REDS
        seen.add(theirs)
        assert mine in world.hands[1]
        assert set(world.discard) == others - {theirs}
        assert not set(world.stock) & LOST_REDS
        assert not set(world.hands[0]) & LOST_REDS
    assert seen == others  # any of the four reds seat 1 did not get


def test_the_loser_knows_each_other_seat_got_one_card_of_its_colour() -> None:
    """Seen by seat 0 (which lost the reds): seats 1 and 2 each hold one, three are discarded."""
    state = red_lost_by_seat_0()
    for world in samples(state, 0, count=40):
        one, two = (set(world.hands[s]) & LOST_REDS for s in (1, 2))
        assert len(one) == len(two) == 1
        assert set(world.discard) == LOST_REDS - one - two


def test_a_receiver_that_played_its_lost_card_holds_no_other() -> None:
    """Once seat 2 plays a lost red, seat 1 knows the three it did not see are all discarded."""
    state = red_lost_by_seat_0()
    theirs = received(state, 2)
    state = play(state, "blue-1", "blue-3", theirs.code)
    discarded = LOST_REDS - {received(state, 1), theirs}
    for world in samples(state, 1, count=40):
        assert set(world.discard) == discarded
        assert not set(world.hands[2]) & LOST_REDS


def test_never_seen_cards_are_in_any_other_hand_or_the_stock_never_the_discard() -> None:
    """After the loss, each never-seen card turns up in both other hands and in the stock."""
    state = red_lost_by_seat_0()
    whereabouts: dict[Card, set[str]] = {}
    for world in samples(state, 1, count=200):
        for name, zone in world.zones().items():
            for card in zone:
                whereabouts.setdefault(card, set()).add(name)
    view = state.view(1)
    never_seen = set(kt.deck()) - set(view.hand) - {view.trump} - LOST_REDS
    never_seen -= {card for collection in view.collections for card in collection}
    for card in never_seen:
        assert whereabouts[card] == {"hand/0", "hand/2", "stock"}, card


def test_at_the_deal_every_unseen_card_can_be_in_every_other_hand_or_the_stock() -> None:
    """At a real deal, a card a seat has not seen turns up in every other hand and in the stock."""
    state = kt.GAME.new(4, seed=3)
    places: Counter[str] = Counter()
    card = next(iter(state.stock))
    for world in samples(state, 0, count=100):
        (where,) = (name for name, zone in world.zones().items() if card in zone)
        places[where] += 1
    assert set(places) == {"hand/1", "hand/2", "hand/3", "stock"}


def test_the_sampler_reads_only_the_view() -> None:
    """Two states with the same view for a seat give the same samples from the same rng."""
    state = red_lost_by_seat_0()
    other = state._perturbed(1, Rng(5))
    assert other is not None
    assert other.view(1) == state.view(1)
    assert other.hands != state.hands
    first = [arrangement(w, 1) for w in samples(state, 1, count=5, seed=9)]
    second = [arrangement(w, 1) for w in samples(other, 1, count=5, seed=9)]
    assert first == second


def test_the_same_rng_state_gives_the_same_sample() -> None:
    """Sampling is driven by the rng alone: equal seeds, equal worlds; the world is marked."""
    state = reached(5, 8, [], 40)
    one, two = samples(state, 3, count=3, seed=4), samples(state, 3, count=3, seed=4)
    # Every field of every sampled position, down to the last card (records compare by identity).
    assert [pickle.dumps(w._pos) for w in one] == [pickle.dumps(w._pos) for w in two]
    assert all(w.is_sampled for w in one)


def test_an_inconsistent_view_is_refused() -> None:
    """A view whose sizes no world can match raises a ValueError naming the seat."""
    view = kt.GAME.new(3, seed=1).view(0)
    bad = attrs.evolve(view, stock_size=0)
    with pytest.raises(ValueError, match="seat 0's kitten tricks view is not consistent"):
        kt.GAME.sample_world(bad, random.Random(0))


# --- the heuristic bot ----------------------------------------------------------------------


@given(PLAYERS, SEEDS, CHOICES, STOPS)
def test_heuristic_bot_plays_only_legal_cards(
    players: int, seed: int, choices: list[int], stop: int
) -> None:
    """At any point of a random match, the heuristic bot picks one of the legal actions."""
    state = reached(players, seed, choices, stop)
    if state.to_move is None:
        return
    view = state.view(state.to_move)
    assert HeuristicBot().choose(view, random.Random(seed)) in view.legal_actions


def test_heuristic_bot_plays_the_coup_de_patte() -> None:
    """Last to a trick led with a 7 it can take with the 1, it pounces when the colour is new."""
    state = scenario(
        [cs("blue-6"), cs("blue-5"), cs("red-1 green-3 blue-7")],
        trump=c("yellow-4"),
        trick=cs("red-7 red-2"),
        to_move=2,
        collections=[[], [], []],
    )
    view = state.view(2)
    assert HeuristicBot().choose(view, random.Random(0)) == PlayCard(c("red-1"))


def test_heuristic_bot_avoids_a_fourth_card_of_a_colour() -> None:
    """Holding three greens, it does not win a trick holding another green when it can lose."""
    state = scenario(
        [cs("blue-1"), cs("blue-2"), cs("green-7 purple-1 red-3")],
        trump=c("yellow-4"),
        trick=cs("green-5 green-6"),
        to_move=2,
        collections=[[], [], cs("green-1 green-2 green-3")],
    )
    chosen = HeuristicBot().choose(state.view(2), random.Random(0))
    assert chosen != PlayCard(c("green-7"))


def _beaters_asking_the_rules(view: kt.View, trick: list[int]) -> int:
    """How many cards the seat has not seen would take ``trick`` if played next, card by card."""
    from cardgames.kitten_tricks.bot import _int_of  # noqa: PLC0415 - the bot's own reading
    from cardgames.kitten_tricks.rules import _trick_winner  # noqa: PLC0415

    seen = {_int_of(card) for card in (*view.trick, view.trump, *view.hand)}
    seen |= {_int_of(card) for collection in view.collections for card in collection}
    trump = kt_cards.COLOUR_NAMES.index(view.trump_colour)
    top = view.rules.values
    mine = len(trick) - 1
    return sum(
        _trick_winner([*trick, other], trump, top)[0] != mine
        for other in kt_cards._deck(view.rules.colours, top)[1]
        if other not in seen
    )


@pytest.mark.parametrize("values", [4, 5, 10, 20])
def test_the_bot_counts_the_cards_that_would_take_the_trick_as_the_rules_do(values: int) -> None:
    """Its count of unseen cards that beat its card agrees with asking the rules card by card."""
    from cardgames.kitten_tricks.bot import _int_of, _Table  # noqa: PLC0415 - private helpers
    from cardgames.kitten_tricks.rules import _trick_winner  # noqa: PLC0415

    checked = coups = 0
    for seed in range(24):
        players = 3 + seed % 3
        needed = HAND_SIZES[players] * players + 1  # the hands and the trump card
        colours = max(3 + seed % 4, -(-needed // values))
        if colours > len(kt_cards.COLOUR_NAMES):
            continue  # too few values for this many players
        rules = kt.Rules(values=values, colours=colours)
        state = kt.GAME.new(players, seed=seed, rules=rules)
        rng = random.Random(seed)
        while not state.is_over:
            view = state.view(state.to_move)
            assert isinstance(view, kt.View)
            table = _Table(view)
            for action in view.legal_actions:
                trick = [*table.trick, _int_of(action.card)]  # type: ignore[attr-defined]
                at, coup = _trick_winner(trick, table.trump, table.top)
                if at == len(trick) - 1:
                    assert table.beaters(trick, coup) == _beaters_asking_the_rules(view, trick)
                    checked += 1
                    coups += coup
            legal = view.legal_actions
            state = state.apply(legal[rng.randrange(len(legal))])
    assert checked > 500
    assert values > 5 or coups  # small decks reach Coups de patte


def test_the_bot_reads_shared_and_fresh_cards_alike() -> None:
    """A card gives the same int whether it is the engine's shared object or an equal copy."""
    from cardgames.kitten_tricks.bot import _int_of  # noqa: PLC0415 - private

    for number, card in enumerate(kt_cards._CARD):
        if card is not None:
            fresh = Card(card.value, card.colour)
            assert fresh is not card
            assert _int_of(card) == _int_of(fresh) == number


def test_the_bot_chooses_alike_from_a_view_loaded_from_json() -> None:
    """A view sent as JSON and loaded back (fresh card objects) gets the same choice."""
    bot = HeuristicBot()
    for seed in range(3):
        state = kt.GAME.new(3 + seed, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            view = state.view(state.to_move)
            loaded = kt.GAME.view_from_json(view.to_json())
            assert bot.choose(loaded, rng) == bot.choose(view, rng)  # it draws no numbers
            legal = view.legal_actions
            state = state.apply(legal[rng.randrange(len(legal))])


def _reaches_a_state(root: object) -> bool:
    """Whether a ``State`` is reachable from ``root`` through instance references."""
    seen: set[int] = set()
    todo = [root]
    skip = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType)
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, skip):
            continue
        seen.add(id(obj))
        if isinstance(obj, State):
            return True
        todo.extend(gc.get_referents(obj))
    return False


def test_a_bot_given_a_view_cannot_reach_the_state() -> None:
    """No reference path leads from a view (or the bot) to a state: only what the seat knows."""
    state = red_lost_by_seat_0()
    assert _reaches_a_state(state)  # the walk does find states where there are some
    bot = HeuristicBot()
    view = state.view(0)
    assert state.to_move == 0
    assert not _reaches_a_state(view)
    assert not _reaches_a_state(bot)
    bot.choose(view, random.Random(0))
    assert not _reaches_a_state(bot)


def test_heuristic_bot_beats_random_play() -> None:
    """Over a few seeded 4-player matches, the heuristic seat wins more than its fair share."""
    wins = 0.0
    matches = 24
    for i in range(matches):
        bots: list[Bot] = [RandomBot(), RandomBot(), RandomBot(), RandomBot()]
        bots[i % 4] = HeuristicBot()
        final = play_match(kt.GAME, bots, seed=i)
        winners = final.outcome.winners if final.outcome else ()
        if i % 4 in winners:
            wins += 1 / len(winners)
    assert wins / matches > 0.5  # measured about 0.8; the fair share is 0.25


# --- ISMCTS on Kitten tricks ------------------------------------------------------------------


def test_ismcts_smoke_plays_a_legal_deterministic_card() -> None:
    """A small ISMCTS search returns a legal card, the same one for the same rng state."""
    state = reached(3, 21, [], 5)
    assert state.to_move is not None
    view = state.view(state.to_move)
    bot = ISMCTSBot(iterations=12)
    first = bot.choose(view, random.Random(7))
    assert first in view.legal_actions
    assert bot.choose(view, random.Random(7)) == first


def test_the_bot_reads_a_plays_int_and_the_collections_as_the_cards_say() -> None:
    """A play's int is its card's, and the kept collections' ints are their cards' own."""
    from cardgames.kitten_tricks.bot import (  # noqa: PLC0415 - private helpers
        _collection_ints,
        _int_of,
        _int_of_play,
    )

    for card in kt_cards._CARDS:
        assert _int_of_play(PlayCard(card)) == _int_of(card)
    state = kt.GAME.new(4, seed=5)
    rng = random.Random(5)
    for _ in range(40):
        view = state.view(state.to_move)
        assert isinstance(view, kt.View)
        ints = _collection_ints(view.collections)
        assert ints == tuple(tuple(_int_of(c) for c in col) for col in view.collections)
        # The very same tuple of the next view of the trick is read once: the same ints back.
        assert _collection_ints(view.collections) is ints
        legal = view.legal_actions
        state = state.apply(legal[rng.randrange(len(legal))])
