"""Crazy Mistigri bots: worlds sampled from a view, the heuristic bot, and ISMCTS on the game."""

from __future__ import annotations

import gc
import random
import types
from collections import Counter
from collections.abc import Sequence

from hypothesis import given
from hypothesis import strategies as st

from cardgames import crazy_mistigri as cm
from cardgames import testing
from cardgames.bots import ISMCTSBot
from cardgames.crazy_mistigri import (
    GAME,
    Card,
    DiscardOnes,
    DiscardPair,
    DrawChosen,
    Drew,
    ForceCard,
    GiveCard,
    HeuristicBot,
    Pass,
    PilePick,
    State,
    SwapLater,
    SwapWithPile,
    sampler,
    scenario,
)
from cardgames.crazy_mistigri.cards import _CARD
from cardgames.engine import State as BaseState
from cardgames.rng import Rng
from crazy_mistigri.test_rules import card, play
from strategies import CHOICES, SEEDS

PLAYERS = st.integers(min_value=GAME.min_players, max_value=GAME.max_players)


def table(hands: Sequence[Sequence[str]], *, spread: Sequence[int] = (), seed: int = 1) -> State:
    """A scenario with these hands, seat 0 to move; the other cards go to ``spread``'s hands.

    Without ``spread`` they go to the pile.
    """
    held = [[card(c) for c in hand] for hand in hands]
    used = Counter(c for hand in held for c in hand)
    rest = [c for c in GAME.deck(len(hands)) if not used[c]]
    pile: list[Card] = []
    if spread:
        for i, c in enumerate(rest):
            held[spread[i % len(spread)]].append(c)
    else:
        pile = rest
    return scenario(held, pile=pile, seed=seed)


def draw(state: State, code: str | None = None) -> State:
    """The state after the legal draw that brings ``code`` (the first draw if ``None``)."""
    for action in state.legal_actions():
        after = state.apply(action)
        drew = [e for e in after.events[len(state.events) :] if isinstance(e, Drew)]
        if code is None or drew[0].card == card(code):
            return after
    msg = f"no legal draw brings {code}"
    raise AssertionError(msg)


def worlds(state: State, seat: int, n: int = 12, seed: int = 0) -> list[State]:
    """``n`` worlds sampled from ``seat``'s view, each checked against it."""
    samples = testing.check_sample_world(state, seat, random.Random(seed), n)
    return [w for w in samples if isinstance(w, State)]


def holders(world: State, code: str) -> set[int]:
    """The seats whose hand holds ``code`` in ``world``."""
    return {s for s, hand in enumerate(world.hands) if card(code) in hand}


def check_real_world_possible(state: State, seat: int) -> None:
    """Every card hidden from ``seat`` is, in the real state, in a hand the sampler allows."""
    seen = sampler._observe(state.view(seat))
    for mask, hidden in seen.hidden:
        (holder,) = (s for s, hand in enumerate(state._pos.hands) if s != seat and hidden in hand)
        assert mask >> holder & 1, f"seat {seat} rules out where {_CARD[hidden]} really is"


# --- sample_world over random play ----------------------------------------------------------


@given(PLAYERS, SEEDS, CHOICES, st.data())
def test_sampled_worlds_agree_with_the_view_at_any_point(
    players: int, seed: int, choices: list[int], data: st.DataObject
) -> None:
    """At a random point of random play, worlds sampled for a random seat match its view."""
    states = list(testing.random_match(GAME, players, seed, choices=choices))
    state = data.draw(st.sampled_from(states))
    seat = data.draw(st.integers(min_value=0, max_value=players - 1))
    testing.check_sample_world(state, seat, random.Random(seed), 2)
    check_real_world_possible(state, seat)


@given(PLAYERS, SEEDS)
def test_sampled_worlds_really_differ(players: int, seed: int) -> None:
    """After the deal, the hidden hands of several samples are not all the same."""
    state = GAME.new(players, seed=seed)
    seat = seed % players
    samples = worlds(state, seat, 4, seed)
    assert len({w.hands for w in samples}) > 1
    assert all(w.hands[seat] == state.hands[seat] for w in samples)


@given(PLAYERS, SEEDS)
def test_exact_deal_respects_sizes_and_possible_holders(players: int, seed: int) -> None:
    """The fallback deal fills every hidden hand to its size, each card in a possible holder."""
    states = list(testing.random_match(GAME, players, seed))
    state = states[len(states) // 3]
    seat = seed % players
    view = state.view(seat)
    assert isinstance(view, cm.View)
    seen = sampler._observe(view)
    hands = sampler._deal_exactly(seen, random.Random(seed))
    assert [len(h) for h in hands] == list(seen.sizes)
    allowed = dict(Counter((mask, c) for mask, c in seen.hidden))
    for s, hand in enumerate(hands):
        for c in hand:
            mask = next(m for (m, x), n in allowed.items() if x == c and n and m >> s & 1)
            allowed[mask, c] -= 1


# --- sample_world: each observed constraint ---------------------------------------------------

# A 3-player table: seat 0 moves, draws from seat 2 (clockwise), the rest is in the pile.
THREE = [["4c1", "4c2", "7c1", "5c1", "5c2", "3c1", "3c2"], ["6c1", "6c2", "8c1"], ["7c2", "8c2"]]


def test_a_card_given_away_stays_in_the_receivers_hand() -> None:
    """A 4+4 card the seat gave is in the receiver's hand in every sample, until drawn blindly."""
    state = play(draw(table(THREE), "7c2"), DiscardPair(card("4c1"), card("4c2")))
    state = state.apply(GiveCard(card("7c1"), 2))
    assert all(holders(w, "7c1") == {2} for w in worlds(state, 0))
    assert all(holders(w, "7c1") == {2} for w in worlds(state, 2))
    # Seat 1 draws from seat 0; then seat 2 draws blindly from seat 1: 7c1 stays with seat 2.
    state = play(draw(state), Pass())
    state = play(draw(state), Pass())
    assert all(holders(w, "7c1") == {2} for w in worlds(state, 0))


def test_a_card_drawn_from_the_seat_is_in_the_drawers_hand() -> None:
    """A card drawn from the seat is in the drawer's hand, then maybe in the next blind drawer's."""
    state = play(draw(table(THREE), "7c2"), Pass())
    state = play(draw(state, "3c1"), Pass())  # seat 1 takes 3c1 from seat 0
    assert all(holders(w, "3c1") == {1} for w in worlds(state, 0))
    # Seat 2 draws blindly from seat 1: seat 0 cannot tell whether 3c1 moved.
    state = play(draw(state), Pass())
    seen = {frozenset(holders(w, "3c1")) for w in worlds(state, 0, 40)}
    assert seen == {frozenset({1}), frozenset({2})}
    check_real_world_possible(state, 0)


def test_a_pile_card_taken_with_five_five_is_in_that_hand() -> None:
    """5+5 pile cards are in their recipients' hands in every sample of every other seat."""
    state = play(draw(table(THREE), "7c2"), DiscardPair(card("5c1"), card("5c2")))
    assert state.step == "pile-pick"
    for seat in range(3):
        worlds(state, seat, 4)  # mid-effect: recipients are kept
    picked = next(a for a in state.legal_actions() if isinstance(a, PilePick))
    state = state.apply(picked)
    assert state.view(1).pile_picks_for == (2,)
    for seat in range(3):
        worlds(state, seat, 4)
    state = state.apply(state.legal_actions()[0])
    for seat in (0, 2):
        assert all(picked.card in w.hands[1] for w in worlds(state, seat))


def test_a_three_three_swap_is_pending_then_public() -> None:
    """A pending 3+3 swap is reproduced; the pile card it takes is then in the swapper's hand."""
    state = play(draw(table(THREE), "7c2"), DiscardPair(card("3c1"), card("3c2")), SwapLater())
    for seat in range(3):
        assert all(w.view(seat).swap_due == 0 for w in worlds(state, seat, 4))
    state = draw(state)  # seat 1 draws from seat 0, then seat 0 swaps
    assert state.step == "swap-with-pile"
    for seat in range(3):
        worlds(state, seat, 4)
    swap = next(a for a in state.legal_actions() if isinstance(a, SwapWithPile))
    state = state.apply(swap)
    for seat in (1, 2):
        assert all(swap.take in w.hands[0] for w in worlds(state, seat))


def test_a_card_chosen_with_two_two_is_kept_or_resampled() -> None:
    """The chooser's 2+2 card is the one forced in every sample; others see any card of its."""
    hands = [["2c1", "2c2", "9c1", "6c1"], ["6c2", "7c1"], ["7c2", "8c1"], ["3c4"], ["4c5"]]
    state = draw(table(hands, spread=(1, 2, 3, 4)))
    state = play(state, DiscardPair(card("2c1"), card("2c2")), ForceCard(card("9c1")))
    assert state.view(1).card_is_chosen
    for w in worlds(state, 0):
        assert w.view(0).chosen_card == card("9c1")
        drew = w.apply(DrawChosen()).events[-1]
        assert isinstance(drew, Drew)
        assert drew.card == card("9c1")
    chosen = set()
    for w in worlds(state, 1, 20):
        drew = next(e for e in w.apply(DrawChosen()).events if isinstance(e, Drew))
        assert drew.card in w.hands[0]
        chosen.add(drew.card)
    assert len(chosen) > 1


def test_after_one_one_that_hand_holds_no_one() -> None:
    """Once a seat threw its other 1s (1+1), no sample puts a 1 in its hand before it draws."""
    hands = [["1c1", "1c2", "1c3", "6c1"], ["1c4", "6c2"], ["1c5", "7c2"], ["8c1"], ["9c1"]]
    state = draw(table(hands, spread=(1, 2, 3, 4)))
    state = play(state, DiscardPair(card("1c1"), card("1c2")), DiscardOnes())
    for seat in (1, 2, 3):
        for w in worlds(state, seat):
            assert all(c.value != 1 for c in w.hands[0])
    check_real_world_possible(state, 1)


def test_the_sampler_reads_the_view_not_the_state() -> None:
    """Equal views of different states sample alike, and a view samples once its state is gone."""
    state = draw(table(THREE), "7c2")
    view = state.view(1)
    same_view = state._perturbed(1, Rng(5))
    assert same_view is not None
    assert same_view.view(1) == view
    assert same_view.hands != state.hands
    a = GAME.sample_world(view, random.Random(3))
    b = GAME.sample_world(same_view.view(1), random.Random(3))
    assert a.hands == b.hands
    # The view reaches no state (test_a_view_reaches_no_state): with ours dropped, it still samples.
    del state, same_view
    gc.collect()
    world = GAME.sample_world(view, random.Random(3))
    assert world.hands == a.hands
    assert world.is_sampled


# --- The heuristic bot ------------------------------------------------------------------------


@given(PLAYERS, SEEDS, CHOICES)
def test_heuristic_bot_plays_only_legal_actions(
    players: int, seed: int, choices: list[int]
) -> None:
    """At every decision of a random match, the heuristic bot returns one of the legal actions."""
    bot, rng = HeuristicBot(), random.Random(seed)
    for state in testing.random_match(GAME, players, seed, choices=choices):
        if not state.is_over:
            view = state.view(state.to_move)  # type: ignore[arg-type]  # not over
            assert bot.choose(view, rng) in view.legal_actions


def reachable(root: object) -> list[object]:
    """Every object reachable from ``root`` by references, classes and modules excepted."""
    seen: dict[int, object] = {}
    todo = [root]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, type | types.ModuleType | types.FunctionType):
            continue
        seen[id(obj)] = obj
        todo.extend(gc.get_referents(obj))
    return list(seen.values())


@given(PLAYERS, SEEDS, CHOICES)
def test_a_view_reaches_no_state(players: int, seed: int, choices: list[int]) -> None:
    """Nothing a bot is given (the view, its events, actions and rules) references a state."""
    states = list(testing.random_match(GAME, players, seed, choices=choices))
    state = states[len(states) // 2]
    view = state.view(seed % players)
    assert not any(isinstance(obj, BaseState) for obj in reachable(view))


def test_heuristic_bot_gets_rid_of_the_mistigri() -> None:
    """With a 4+4 the bot gives the Mistigri away, with a 2+2 it forces it on the next player."""
    hands = [["4c1", "4c2", "2c1", "2c2", "mistigri", "3c1"], ["6c2", "7c1"], ["7c2"], ["8c1"]]
    state = play(draw(table(hands)), DiscardPair(card("4c1"), card("4c2")))
    action = HeuristicBot().choose(state.view(0), random.Random(0))
    assert isinstance(action, GiveCard)
    assert action.card.is_mistigri
    state = play(draw(table(hands)), DiscardPair(card("2c1"), card("2c2")))
    assert HeuristicBot().choose(state.view(0), random.Random(0)) == ForceCard(cm.MISTIGRI)


def test_heuristic_bot_never_passes_with_a_pair() -> None:
    """Holding a pair after its draw, the bot throws one rather than pass."""
    state = draw(table(THREE), "7c2")
    action = HeuristicBot().choose(state.view(0), random.Random(0))
    assert isinstance(action, DiscardPair)


# --- ISMCTS on Crazy Mistigri -----------------------------------------------------------------


def test_ismcts_plays_crazy_mistigri_legally_and_deterministically() -> None:
    """A small-budget ISMCTSBot returns a legal action, the same one for the same rng seed."""
    state = draw(GAME.new(4, seed=21))
    view = state.view(state.to_move)
    bot = ISMCTSBot(iterations=25)
    first = bot.choose(view, random.Random(9))
    assert first in view.legal_actions
    assert bot.choose(view, random.Random(9)) == first


def test_the_bot_reads_each_card_s_id_as_the_cards_module_does() -> None:
    """The bot's own card id (native in the compiled build) is `_card_id` for every card."""
    from cardgames.crazy_mistigri import bot  # noqa: PLC0415 - the bot's private helper
    from cardgames.crazy_mistigri.cards import _CARD, _card_id  # noqa: PLC0415

    every = [one for one in _CARD if one is not None]
    assert len(every) == 82  # 81 cats and the Mistigri
    for one in every:
        assert bot._id(one) == _card_id(one.value, one.colour)


def test_the_bot_reads_values_colours_and_pairs_as_the_cards_module_does() -> None:
    """The bot's value, colour and pairing of card ids are the cards module's, for every card.

    The one difference is wanted: the Mistigri pairs with nothing, not even itself.
    """
    from cardgames.crazy_mistigri import bot  # noqa: PLC0415 - the bot's private helpers
    from cardgames.crazy_mistigri.cards import (  # noqa: PLC0415
        _CARD,
        _MISTIGRI_ID,
        _colour_of,
        _pair,
        _value_of,
    )

    ids = [i for i, one in enumerate(_CARD) if one is not None]
    for a in ids:
        assert bot._value(a) == _value_of(a)
        assert bot._colour(a) == _colour_of(a)
        for b in ids:
            assert bot._pairs(a, b) == (_pair(a, b) and _MISTIGRI_ID not in (a, b))


def test_the_bot_s_tie_key_sorts_actions_as_their_texts_do() -> None:
    """Ties are broken on the card ids: they sort pairs, swaps and pile picks as their texts."""
    from cardgames.crazy_mistigri import bot  # noqa: PLC0415 - the bot's private helpers

    every = [one for one in _CARD if one is not None]
    cats = [one for one in every if one != cm.MISTIGRI]

    def by_key(actions: list[tuple[str, int]]) -> list[str]:
        return [text for text, _ in sorted(actions, key=lambda pair: pair[1])]

    pairs = [
        (str(DiscardPair(a, b)), bot._text_key(bot._id(a), bot._id(b)))
        for a in cats
        for b in cats
        if bot._id(a) < bot._id(b)
    ]
    swaps = [
        (str(SwapWithPile(a, b)), bot._text_key(bot._id(a), bot._id(b)))
        for a in every
        for b in every
    ]
    picks = [(one.code, bot._id(one)) for one in every]
    for actions in (pairs, swaps, picks):
        assert by_key(actions) == sorted(text for text, _ in actions)


def test_importing_the_bot_builds_no_large_table() -> None:
    """The bot module holds no table of more than a few hundred entries: its import is cheap."""
    from cardgames.crazy_mistigri import bot  # noqa: PLC0415 - the module's own globals

    imported = {id(value) for value in vars(cm.cards).values()}  # the cards module's own
    sizes = {
        name: len(value)
        for name, value in vars(bot).items()
        if isinstance(value, (bytes, bytearray, list, tuple, dict, set))
        and id(value) not in imported
    }
    assert max(sizes.values(), default=0) < 256, sizes


def test_the_bot_reads_shared_and_fresh_cards_alike() -> None:
    """A card gives the same id whether it is the engine's shared object or an equal copy."""
    from cardgames.crazy_mistigri import bot  # noqa: PLC0415 - the bot's private helper

    for i, one in enumerate(_CARD):
        if one is not None:
            fresh = Card(one.value, one.colour)
            assert fresh is not one
            assert bot._id(one) == bot._id(fresh) == i


def test_the_bot_chooses_alike_from_a_view_loaded_from_json() -> None:
    """A view sent as JSON and loaded back (fresh card objects) gets the same choice."""
    bot = HeuristicBot()
    for seed in range(4):
        state = GAME.new(3 + seed % 3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            view = state.view(state.to_move)
            loaded = GAME.view_from_json(view.to_json())
            before = rng.getstate()
            chosen = bot.choose(view, rng)
            rng.setstate(before)
            assert bot.choose(loaded, rng) == chosen
            legal = view.legal_actions
            state = state.apply(legal[rng.randrange(len(legal))])
