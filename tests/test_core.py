"""The shared core: rng, seats, cards, the persistent log, the registry and errors."""

from __future__ import annotations

import hashlib
import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardgames
from cardgames import _codec, errors
from cardgames import rng as rng_module
from cardgames._chain import Chain
from cardgames._draws import random_below
from cardgames._events import dealt
from cardgames.cards import deal_round_robin
from cardgames.classic_mistigri import DECK, MISTIGRI, Card
from cardgames.engine import Dealt
from cardgames.rng import Rng, _mix, seed_key
from cardgames.seats import Direction, next_seat, previous_seat, seats_from


def test_rng_is_a_pure_function_of_seed_step_and_purpose() -> None:
    """Two streams with the same arguments agree; changing any argument changes the numbers."""
    first = [Rng(5, 3, 1).next64() for _ in range(3)]
    assert first == [Rng(5, 3, 1).next64() for _ in range(3)]
    stream = Rng(5, 3, 1)
    assert [stream.next64() for _ in range(3)] != [first[0]] * 3
    variants = {Rng(*args).next64() for args in [(5, 3, 1), (6, 3, 1), (5, 4, 1), (5, 3, 2)]}
    assert len(variants) == 4
    assert Rng.from_key(seed_key(5), 3, 1).next64() == first[0]


def test_rng_mixer_matches_the_splitmix64_reference() -> None:
    """The mixer gives the published SplitMix64 outputs for seed 0 (ground truth from outside)."""
    golden = 0x9E3779B97F4A7C15
    assert _mix(golden) == 0xE220A8397B1DCDAF
    assert _mix((2 * golden) % 2**64) == 0x6E789E6AA1B965F4


def test_rng_known_values() -> None:
    """The streams are pinned: if these change, saved matches would replay differently."""
    stream = Rng(2026, 1, 0)
    assert stream.next64() == 6967342353252956664
    assert stream.below(100) == 98
    assert Rng(2026, 1, 0).shuffled(range(5)) == (3, 1, 4, 2, 0)


def test_state_fast_draw_matches_the_rng_module() -> None:
    """A state's single draw (`_draws.random_below`, inlined when interpreted) is ``below_at``.

    Checked at every step of a match, for several bounds and purposes, through the engine's
    method and the games' direct call.
    """
    state = cardgames.get_game("classic-mistigri").new(3, seed=2**64 - 99)
    key = seed_key(2**64 - 99)
    step = 0
    while True:
        for n in (1, 7, 1000, 2**40):
            for purpose in (0, 3, 2**16 - 1):
                expected = Rng.below_at(key, step, purpose, n)
                assert state._random_below(n, purpose) == expected
                assert random_below(state, n, purpose) == expected
        if state.is_over:
            break
        state = state.apply(state.legal_actions()[0])
        step += 1
    assert step == len(state.history) > 0


def test_dealt_built_field_by_field_is_the_event_its_class_builds() -> None:
    """`_events.dealt` gives the `Dealt` that its class builds: fields, hash, JSON, redaction.

    It pins the field list too: a field added to `Dealt` must be set by `dealt` as well.
    """
    hand = (*DECK.cards[:2], MISTIGRI)
    built = dealt(2, hand, frozenset({2}))
    expected = Dealt(2, 3, hand, visible_to=frozenset({2}))
    assert type(built) is Dealt
    assert built == expected
    assert hash(built) == hash(expected)
    assert built.to_dict() == expected.to_dict()
    assert built.redacted() == expected.redacted()
    assert str(built) == str(expected)
    assert [f.name for f in attrs.fields(Dealt)] == ["visible_to", "seat", "count", "hand"]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.seat = 0  # type: ignore[misc]


@given(
    key=st.integers(0, 2**64 - 1),
    step=st.integers(0, 2**31 - 1),
    purpose=st.integers(0, 2**16 - 1),
    n=st.integers(1, 2**30 - 1),
)
def test_single_draw_on_32_bit_halves_equals_the_big_integer_draw(
    key: int, step: int, purpose: int, n: int
) -> None:
    """The compiled build's single draw (machine-integer halves) equals the reference one."""
    expected = rng_module._below_at_big(key, step, purpose, n)
    assert rng_module._below_at_halves(key >> 32, key & 0xFFFFFFFF, step, purpose, n) == expected
    assert rng_module.below_at(key, step, purpose, n) == expected


def test_single_draw_outside_the_halves_bounds_takes_the_big_integer_path() -> None:
    """Bounds beyond what 64-bit halves hold still give the reference draw, in either build."""
    key = seed_key(7)
    for step, n in ((2**31, 5), (3, 2**30), (2**40, 2**40)):
        assert rng_module.below_at(key, step, 1, n) == rng_module._below_at_big(key, step, 1, n)


@given(
    key=st.integers(0, 2**64 - 1),
    step=st.integers(0, 2**31 - 1),
    purpose=st.integers(0, 2**16 - 1),
)
def test_stream_key_on_32_bit_halves_equals_the_big_integer_key(
    key: int, step: int, purpose: int
) -> None:
    """The compiled build's stream key (machine-integer halves) equals the reference one."""
    expected = rng_module._stream_key_big(key, step, purpose)
    hi, lo = rng_module._stream_halves(key >> 32, key & 0xFFFFFFFF, step, purpose)
    assert hi << 32 | lo == expected
    assert rng_module._stream_key(key, step, purpose) == expected


@given(st.integers(0, 2**64 - 1))
def test_mixer_on_32_bit_halves_equals_the_big_integer_mixer(z: int) -> None:
    """The compiled build's SplitMix64 finalizer (machine-integer halves) equals `_mix`."""
    hi, lo = rng_module._mix_halves(z >> 32, z & 0xFFFFFFFF)
    assert hi << 32 | lo == _mix(z)
    assert seed_key(z) == _mix(z)


def _keys_material(keys: list[int]) -> bytes:
    return b"".join(k.to_bytes(8, "little") for k in keys)


def _bucketed_order(keys: list[int]) -> list[int] | None:
    material = _keys_material(keys)
    return rng_module._bucketed(material, tuple(range(len(keys))), len(keys))


@given(st.lists(st.integers(0, 2**64 - 1), min_size=2, max_size=128))
def test_shuffle_order_from_top_bits_equals_the_full_key_order(keys: list[int]) -> None:
    """The compiled build's shuffle order (buckets of the keys' top bits) is the reference order.

    Where two keys share their top 23 bits, the buckets give way (None) to the full sort.
    """
    material = _keys_material(keys)
    reference = sorted(range(len(keys)), key=keys.__getitem__)
    assert rng_module._order(material, len(keys)) == reference
    ordered = _bucketed_order(keys)
    tops = [k >> 41 for k in keys]
    if len(set(tops)) < len(tops):
        assert ordered is None
    else:
        assert ordered == reference


@given(
    st.lists(st.tuples(st.integers(0, 3), st.integers(0, 2**41 - 1)), min_size=2, max_size=128),
    st.integers(0, 2**21 - 1),
)
def test_shuffle_order_from_top_bits_gives_way_on_a_tie(
    parts: list[tuple[int, int]], spread: int
) -> None:
    """Keys that share their top 23 bits make the buckets give way to the full sort.

    The keys crowd into a few buckets (long chains), which is where ties and the chains'
    insertion order are tested.
    """
    keys = [(top * spread) % 2**23 << 41 | low for top, low in parts]
    ordered = _bucketed_order(keys)
    tops = [k >> 41 for k in keys]
    if len(set(tops)) < len(tops):
        assert ordered is None
    else:
        assert ordered == sorted(range(len(keys)), key=keys.__getitem__)


@given(st.lists(st.integers(0, 2**23 - 1), min_size=2, max_size=128, unique=True))
def test_shuffle_order_from_top_bits_sorts_keys_crowded_in_one_bucket(tops: list[int]) -> None:
    """Distinct top bits give the reference order however they crowd the buckets."""
    keys = [top << 41 | (index * 0x9E3779B1) % 2**41 for index, top in enumerate(tops)]
    assert _bucketed_order(keys) == sorted(range(len(keys)), key=keys.__getitem__)


def test_shuffle_is_the_same_in_both_builds_for_any_size() -> None:
    """Every size, within and beyond what marks order, gives the reference (pinned) order."""
    for n in (2, 3, 33, 66, 127, 128, 129, 300):
        stream = Rng(n, 2, 5)
        got = stream.shuffled(range(n))
        reference = Rng(n, 2, 5)
        reference._counter += 1
        material = hashlib.shake_256(
            reference._key.to_bytes(8, "little") + reference._counter.to_bytes(8, "little")
        ).digest(8 * n)
        assert got == tuple(rng_module._order(material, n))


def test_rng_below_is_uniform_enough() -> None:
    """``below(6)`` hits every face roughly equally over many draws."""
    stream = Rng(1)
    counts = [0] * 6
    for _ in range(60_000):
        counts[stream.below(6)] += 1
    assert all(9_400 < c < 10_600 for c in counts), counts


def test_rng_below_rejects_empty_range() -> None:
    """``below(0)`` is a programming error reported with the bad bound."""
    with pytest.raises(ValueError, match="positive bound, got 0"):
        Rng(1).below(0)


def test_shuffle_is_a_permutation() -> None:
    """A shuffle keeps every item exactly once."""
    items = list(range(50))
    assert sorted(Rng(9, 9).shuffled(items)) == items


def test_next_seat_skips_ineligible_seats_in_both_directions() -> None:
    """Neighbours wrap around the table and skip seats out of play."""
    assert next_seat(3, 4) == 0
    assert next_seat(0, 4, Direction.COUNTERCLOCKWISE) == 3
    out = {1, 2}
    assert next_seat(0, 4, eligible=lambda s: s not in out) == 3
    assert next_seat(3, 4, Direction.COUNTERCLOCKWISE, eligible=lambda s: s not in out) == 0
    assert next_seat(0, 3, eligible=lambda _: False) is None
    assert list(seats_from(1, 3, Direction.COUNTERCLOCKWISE)) == [1, 0, 2]
    assert previous_seat(0, 4) == 3
    assert previous_seat(0, 4, Direction.COUNTERCLOCKWISE) == 1
    assert previous_seat(2, 4, eligible=lambda s: s != 1) == 0
    assert Direction.CLOCKWISE.reversed is Direction.COUNTERCLOCKWISE
    assert str(Direction.COUNTERCLOCKWISE) == "counterclockwise"


def test_deal_round_robin_starts_with_first_seat() -> None:
    """Cards go one at a time clockwise from ``first``."""
    cards = tuple(DECK.cards[:5])
    hands = deal_round_robin(cards, 2, 1)
    assert hands == ((cards[1], cards[3]), (cards[0], cards[2], cards[4]))


def test_deck_lookup_and_multiset_comparison() -> None:
    """A deck finds cards by code and reports missing and extra cards."""
    assert DECK.card("mistigri") is MISTIGRI
    assert MISTIGRI in DECK
    with pytest.raises(KeyError, match="no card with code 'zz'"):
        DECK.card("zz")
    missing, extra = DECK.missing_and_extra([*DECK.cards[1:], MISTIGRI])
    assert list(missing.elements()) == [DECK.cards[0]]
    assert list(extra.elements()) == [MISTIGRI]
    assert DECK.counts()[Card(3)] == 2
    assert repr(DECK) == "<Deck of 33 cards>"


def test_chain_shares_its_past() -> None:
    """Pushing onto a chain leaves the original untouched and shares its prefix."""
    empty: Chain[int] = Chain()
    a = empty.push(1).push(2)
    b = a.push(3)
    c = a.extend([4, 5])
    assert a.to_tuple() == (1, 2)
    assert b.to_tuple() == (1, 2, 3)
    assert list(c) == [1, 2, 4, 5]
    assert len(c) == 4
    assert len(empty) == 0


def test_registry_lists_games_and_names_them_on_error() -> None:
    """get_game finds every slug; an unknown slug raises UnknownGameError listing the known ones."""
    for slug, game in cardgames.GAMES.items():
        assert cardgames.get_game(slug) is game
        assert game.slug == slug
        assert game.Rules() == game.Rules()
    with pytest.raises(errors.UnknownGameError, match="known games: classic-mistigri"):
        cardgames.get_game("chess")
    with pytest.raises(LookupError):
        cardgames.get_game(["not", "hashable"])  # type: ignore[arg-type]


def test_error_hierarchy() -> None:
    """Every error is a CardGameError and also the built-in a caller would catch."""
    assert issubclass(errors.IllegalActionError, ValueError)
    assert issubclass(errors.InvalidSetupError, ValueError)
    assert issubclass(errors.InvalidStateError, ValueError)
    assert issubclass(errors.UnknownGameError, LookupError)
    for name in errors.__all__:
        assert issubclass(getattr(errors, name), errors.CardGameError)


@pytest.mark.parametrize("seed", [-1, 2**64, 1.5, "7", True])
def test_new_rejects_bad_seeds(seed: object) -> None:
    """A seed that is not an int in range(2**64) is refused, quoting it."""
    game = cardgames.get_game("classic-mistigri")
    with pytest.raises(errors.InvalidSetupError, match="seed must be an int"):
        game.new(2, seed=seed)  # type: ignore[arg-type]


def test_new_without_seed_records_the_seed_used() -> None:
    """seed=None draws a seed, kept in the state, that replays the same match."""
    game = cardgames.get_game("classic-mistigri")
    state = game.new(3)
    assert 0 <= state.seed < 2**64
    assert game.new(3, seed=state.seed) == state
    assert game.new(3, seed=state.seed).hands == state.hands


def test_new_rejects_foreign_rules() -> None:
    """Rules of the wrong type are refused, naming the expected game."""
    game = cardgames.get_game("classic-mistigri")
    with pytest.raises(errors.InvalidSetupError, match="classic-mistigri Rules"):
        game.new(2, seed=1, rules={"first_player": 0})


def test_apply_leaves_the_old_state_valid() -> None:
    """Apply returns a new state; the old one keeps its history, events and legal actions."""
    game = cardgames.get_game("classic-mistigri")
    state = game.new(4, seed=12)
    legal, events = state.legal_actions(), state.events
    nxt = state.apply(legal[0])
    assert state.history == ()
    assert state.events == events
    assert state.legal_actions() == legal
    assert nxt.history == (legal[0],)
    assert nxt != state
    assert hash(game.from_json(nxt.to_json())) == hash(nxt)


def test_action_built_by_hand_is_accepted_when_equal_to_a_legal_one() -> None:
    """A hand-made action equal to a legal one is applied, and the history holds the legal one."""
    game = cardgames.get_game("classic-mistigri")
    state = game.new(2, seed=3)
    action = type(state.legal_actions()[0])(position=0)
    assert state.apply(action).history == (state.legal_actions()[0],)


def test_illegal_action_message_names_action_seat_and_options() -> None:
    """The message for a non-action names it, the seat and what kinds would be legal."""
    game = cardgames.get_game("classic-mistigri")
    state = game.new(2, seed=3)
    with pytest.raises(errors.IllegalActionError, match=r"cannot apply 'draw' for seat 0"):
        state.apply("draw")


def test_action_from_dict_checks_fields() -> None:
    """action_from_dict refuses unknown kinds and mistyped fields with the JSON path."""
    game = cardgames.get_game("classic-mistigri")
    assert (
        game.action_from_dict({"kind": "draw", "position": 2})
        == game.new(2, seed=1).legal_actions()[2]
    )
    with pytest.raises(errors.InvalidStateError, match="unknown action kind 'fly'"):
        game.action_from_dict({"kind": "fly"})
    with pytest.raises(errors.InvalidStateError, match=r"action.position: expected an integer"):
        game.action_from_dict({"kind": "draw", "position": True})
    with pytest.raises(errors.InvalidStateError, match="missing key 'position'"):
        game.action_from_dict({"kind": "draw"})
    with pytest.raises(errors.InvalidStateError, match="unknown key 'x'"):
        game.action_from_dict({"kind": "draw", "position": 1, "x": 0})


def test_action_from_json_reads_text_only() -> None:
    """action_from_json reads the text `Action.to_json` writes, and refuses anything else."""
    game = cardgames.get_game("classic-mistigri")
    draw = game.new(2, seed=1).legal_actions()[2]
    assert draw.to_json() == '{"kind":"draw","position":2}'
    assert game.action_from_json(draw.to_json()) == draw
    with pytest.raises(errors.InvalidStateError, match="expected JSON text, got dict"):
        game.action_from_json({"kind": "draw", "position": 2})  # type: ignore[arg-type]
    with pytest.raises(errors.InvalidStateError, match="not valid JSON"):
        game.action_from_json('{"kind": "draw", "position": NaN}')
    with pytest.raises(errors.InvalidStateError, match="longer than the 10 accepted"):
        game.action_from_json(draw.to_json(), max_length=10)


def test_state_without_its_hooks_cannot_be_built() -> None:
    """A game's State that leaves a required hook out is refused at instantiation."""
    from cardgames.engine import State  # noqa: PLC0415 - only this test needs the base

    class Incomplete(State[None]):
        __slots__ = ()

    with pytest.raises(TypeError, match="abstract"):
        Incomplete(None, 2, 0, None, None, Chain())  # type: ignore[abstract]


def test_codec_round_trips_int_enums_by_name() -> None:
    """An IntEnum field is written as its lowercase name and read back from it."""

    @attrs.frozen
    class Arrow:
        direction: Direction

    data = _codec.encode(Arrow(Direction.COUNTERCLOCKWISE))
    assert data == {"direction": "counterclockwise"}
    decoded = _codec.decode_record(Arrow, data, "arrow", Card.from_code)
    assert decoded == Arrow(Direction.COUNTERCLOCKWISE)
    with pytest.raises(_codec.CodecError, match=r"arrow\.direction: expected a string, got"):
        _codec.decode_record(Arrow, {"direction": -1}, "arrow", Card.from_code)


def test_games_register_their_parts_by_path_and_load_them_lazily() -> None:
    """``Game.part`` imports a registered part on demand; an unknown part is a LookupError."""
    for game in cardgames.GAMES.values():
        for name in game.parts:
            assert game.part(name) is not None
        with pytest.raises(LookupError, match="registers no part 'no-such-part'"):
            game.part("no-such-part")
    assert "heuristic_bot" not in cardgames.get_game("classic-mistigri").parts
    assert "heuristic_bot" in cardgames.get_game("crazy-animals").parts


@pytest.mark.parametrize("slug", sorted(cardgames.GAMES))
def test_built_in_games_hot_contract_answers_as_the_engine_does(slug: str) -> None:
    """A built-in game's `to_move` (`cardgames._hot`), `is_over` and legal actions: the engine's."""
    from cardgames import testing  # noqa: PLC0415 - only this test plays whole matches
    from cardgames._hot import HotContract  # noqa: PLC0415
    from cardgames.engine import State  # noqa: PLC0415

    game = cardgames.get_game(slug)
    assert issubclass(game.State, HotContract)
    for seed in range(3):
        for state in testing.random_match(game, game.min_players, seed):
            fresh = state._replace_position(state._pos)  # nothing cached yet
            assert State.to_move.fget(fresh) == state.to_move  # type: ignore[attr-defined]
            assert State.is_over.fget(fresh) is state.is_over  # type: ignore[attr-defined]
            assert State.legal_actions(fresh) == state.legal_actions()


def _redacted_from_scratch(state: cardgames.engine.State[object], seat: int) -> tuple[object, ...]:
    """Every event of ``state``'s log as ``seat`` saw it, redacted one by one (no cache)."""
    return tuple(
        e if e.visible_to is None or seat in e.visible_to else e.redacted()
        for _, events in state._log.to_tuple()
        for e in events
    )


@pytest.mark.parametrize("slug", sorted(cardgames.GAMES))
def test_views_redact_the_events_alike_in_any_order_of_asking(slug: str) -> None:
    """A view's events are the log redacted for its seat, asked in any order.

    Move by move, backwards, on a branch, and after a save and a load.
    """
    game = cardgames.get_game(slug)
    rng = random.Random(slug)
    state = game.new(3, seed=11)
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    middle = states[len(states) // 2]
    branch = middle.apply(middle.legal_actions()[-1]) if not middle.is_over else middle
    loaded = game.from_json(middle.to_json())
    order = [
        *states,
        *reversed(states),
        branch,
        middle,
        loaded,
        loaded.apply(loaded.legal_actions()[0]) if not loaded.is_over else loaded,
    ]
    for seat in range(3):
        for asked in order:
            assert asked.view(seat).events == _redacted_from_scratch(asked, seat)


def test_the_events_a_seat_saw_are_kept_once_per_match_not_once_per_move() -> None:
    """Move by move, the cached events of a seat move to the newest node of the log."""
    game = cardgames.get_game("crazy-mistigri")
    state = game.new(3, seed=4)
    earlier = []
    for _ in range(12):
        state.view(0)
        earlier.append(state._log)
        state = state.apply(state.legal_actions()[0])
    state.view(0)
    holding = [node for node in earlier if 0 in (getattr(node, "_seen", None) or {})]
    assert holding == []
    assert 0 in state._log._seen
