"""Kitten tricks on hostile input: setups, saved documents, options and actions out of bounds.

Each fault a setup can carry is fed both to ``scenario()`` (an ``InvalidSetupError``) and, as a
saved document, to ``GAME.from_json`` (an ``InvalidStateError``); either way the message names
the field at fault. Every bound of every validator is pinned from both sides.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cardgames import testing
from cardgames.engine import Action
from cardgames.errors import IllegalActionError, InvalidSetupError, InvalidStateError
from cardgames.kitten_tricks import GAME, MAX_VALUES, Card, PlayCard, Rules, State, deck, scenario
from cardgames.kitten_tricks import cards as kt_cards
from cardgames.kitten_tricks import rules as kt_rules
from cardgames.rng import Rng
from kitten_tricks.test_rules import YELLOW_TRUMP, c, cs, play

Setup = dict[str, Any]
"""A setup as its JSON form holds it: card codes, seats and counts."""


def base_setup() -> Setup:
    """A valid 3-seat round in play: a trick under way, collections, a discard, Super Chats."""
    state = scenario(
        hands=[cs("red-7 green-2"), cs("blue-4 green-3"), cs("red-4 green-4 purple-6")],
        trump=YELLOW_TRUMP,
        trick=cs("blue-5"),
        collections=[cs("red-2 red-3 yellow-1"), cs("purple-1"), []],
        discard=cs("green-7"),
        super_chats=[1, 0, 2],
        round=3,
        starter=2,
        seed=3,
    )
    setup: Setup = json.loads(state.to_json())["setup"]
    return setup


def from_json(setup: Setup, players: int = 3) -> State:
    """Load a saved document of a match started from ``setup``."""
    state = scenario(hands=[cs("red-1"), cs("red-2"), cs("red-3")], trump=YELLOW_TRUMP, seed=1)
    doc = json.loads(state.to_json())
    doc["players"], doc["setup"] = players, setup
    return GAME.from_json(json.dumps(doc))


def from_scenario(setup: Setup) -> State:
    """Build a scenario from the same fields as ``setup``."""
    return scenario(
        hands=[[c(code) for code in h] for h in setup["hands"]],
        trump=c(setup["trump"]),
        trick=[c(code) for code in setup["trick"]],
        to_move=setup["to_move"],
        collections=[[c(code) for code in h] for h in setup["collections"]],
        discard=[c(code) for code in setup["discard"]],
        stock=[c(code) for code in setup["stock"]],
        super_chats=setup["super_chats"],
        round=setup["round"],
        starter=setup["starter"],
        seed=1,
    )


def move(setup: Setup, to: str, *codes: str, seat: int | None = None) -> Setup:
    """Take the cards ``codes`` from wherever ``setup`` holds them and put them in zone ``to``."""
    for code in codes:
        for name in ("hands", "collections"):
            for zone in setup[name]:
                if code in zone:
                    zone.remove(code)
        for name in ("trick", "discard", "stock"):
            if code in setup[name]:
                setup[name].remove(code)
        (setup[to] if seat is None else setup[to][seat]).append(code)
    return setup


# Each fault: how to make it, and what the message says (starting with the field at fault).
FAULTS: dict[str, tuple[Callable[[Setup], object], str]] = {
    "fewer_collections_than_hands": (
        lambda s: s["collections"].pop(),
        r"collections: 2 collections for 3 players \(.*got 3, 2 and 3\)",
    ),
    "more_super_chat_counts_than_hands": (
        lambda s: s["super_chats"].append(0),
        r"super_chats: 4 counts for 3 players",
    ),
    "card_in_two_hands": (
        lambda s: s["hands"][1].append("red-7"),
        r"hands\[1\]: .*exactly once; missing: \[\], extra: \['red 7'\]",
    ),
    "card_outside_the_rules_deck": (
        lambda s: s["stock"].append("orange-1"),
        r"stock: the zones must hold each of the 35 cards .*extra: \['orange 1'\]",
    ),
    "card_missing_from_every_zone": (
        lambda s: s["stock"].remove("purple-7"),
        r"stock: .*missing: \['purple 7'\], extra: \[\]",
    ),
    "trump_card_also_in_a_hand": (
        lambda s: s["hands"][0].append(s["trump"]),
        r"trump: .*extra: \['yellow 4'\]",
    ),
    "to_move_beyond_the_last_seat": (
        lambda s: s.__setitem__("to_move", 3),
        r"to_move must be a seat of the 3-player match, not 3",
    ),
    "negative_starter": (
        lambda s: s.__setitem__("starter", -1),
        r"starter must be a seat of the 3-player match, not -1",
    ),
    "trick_with_a_card_from_every_seat": (
        lambda s: move(s, "trick", "blue-1", "blue-2"),
        r"trick: a trick holds at most 2 cards before its last play, got 3",
    ),
    "seat_still_to_play_with_an_empty_hand": (
        lambda s: move(s, "stock", "blue-4", "green-3"),
        r"hands\[1\]: seat 1 has still to play to the trick but holds no card",
    ),
    "collection_with_four_of_a_colour": (
        lambda s: move(s, "collections", "red-1", "red-5", seat=0),
        r"collections\[0\]: seat 0's collection holds 4 or more red cards \(KT-4\)",
    ),
    "collection_with_every_colour": (
        lambda s: move(s, "collections", "red-1", "yellow-2", "green-1", "blue-1", seat=1),
        r"collections\[1\]: seat 1's collection holds every colour, so the round is over",
    ),
    "super_chats_of_a_won_match": (
        lambda s: s["super_chats"].__setitem__(2, 3),
        r"super_chats\[2\]: seat 2's super_chats must be 0\.\.2 in a match in play, not 3",
    ),
    "negative_super_chats": (
        lambda s: s["super_chats"].__setitem__(0, -1),
        r"super_chats\[0\]: .* not -1",
    ),
    "round_zero": (
        lambda s: s.__setitem__("round", 0),
        r"round must be 1\.\.30 \(max_rounds\), not 0",
    ),
    "round_beyond_max_rounds": (
        lambda s: s.__setitem__("round", 31),
        r"round must be 1\.\.30 \(max_rounds\), not 31",
    ),
}


def test_the_base_setup_is_valid() -> None:
    """The setup every fault starts from loads both ways, equal to itself."""
    setup = base_setup()
    assert from_json(setup) == from_json(base_setup())
    assert from_scenario(setup).to_json() == from_json(setup).to_json()


@pytest.mark.parametrize("fault", list(FAULTS))
def test_scenario_with_a_faulty_field_is_refused(fault: str) -> None:
    """``scenario()`` refuses the fault with an ``InvalidSetupError`` naming the field."""
    setup = base_setup()
    make, message = FAULTS[fault]
    make(setup)
    with pytest.raises(InvalidSetupError, match=f"^{message}"):
        from_scenario(setup)


@pytest.mark.parametrize("fault", list(FAULTS))
def test_document_with_a_faulty_setup_is_refused(fault: str) -> None:
    """``GAME.from_json`` refuses the fault with an ``InvalidStateError`` naming the field."""
    setup = base_setup()
    make, message = FAULTS[fault]
    make(setup)
    with pytest.raises(InvalidStateError, match=message):
        from_json(setup)


def test_document_with_more_hands_than_players_is_refused() -> None:
    """A 3-player document whose setup holds 4 hands is refused, naming ``hands``."""
    setup = base_setup()
    setup["hands"].append([])
    setup["collections"].append([])
    setup["super_chats"].append(0)
    with pytest.raises(InvalidStateError, match=r"hands: 4 hands for 3 players"):
        from_json(setup)


def test_document_with_fewer_hands_than_players_is_refused() -> None:
    """The same setup labelled as a 4-player match is refused, naming ``hands``."""
    with pytest.raises(InvalidStateError, match=r"hands: 3 hands for 4 players"):
        from_json(base_setup(), players=4)


def test_document_with_too_many_players_for_the_game_is_refused() -> None:
    """A setup of 6 hands is refused before its cards are read: the game seats 3 to 5."""
    setup = base_setup()
    for name in ("hands", "collections"):
        setup[name] += [[]] * 3
    setup["super_chats"] += [0] * 3
    with pytest.raises(InvalidStateError, match=r"3 to 5 players, not 6"):
        from_json(setup, players=6)


def test_scenario_without_hands_is_refused() -> None:
    """``scenario(hands=[])`` is refused: no hand means no player."""
    with pytest.raises(InvalidSetupError, match=r"^hands: one hand per player, got 0; "):
        scenario(hands=[], trump=YELLOW_TRUMP)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hands": None}, r"^hands: expected a sequence, not None"),
        ({"hands": "red-1 red-2 red-3"}, r"^hands: expected a sequence, not 'red-1"),
        ({"hands": [cs("red-1"), 5, cs("red-3")]}, r"^hands\[1\]: expected a sequence, not 5"),
        ({"trick": 5}, r"^trick: expected a sequence, not 5"),
        ({"discard": c("red-4")}, r"^discard: expected a sequence, not Card"),
        ({"stock": 0}, r"^stock: expected a sequence, not 0"),
        ({"collections": [[], [], 3]}, r"^collections\[2\]: expected a sequence, not 3"),
        ({"super_chats": 0}, r"^super_chats: expected a sequence, not 0"),
        ({"super_chats": [0, "1", 0]}, r"^super_chats\[1\]: .* must be an int, not '1'"),
        ({"trump": "yellow-4"}, r"^trump: the trump card is 'yellow-4', which is not a kitten"),
        ({"starter": "0"}, r"^starter must be a seat of the 3-player match, not '0'"),
        ({"to_move": True}, r"^to_move must be a seat of the 3-player match, not True"),
        ({"round": True}, r"^round must be 1\.\.30 \(max_rounds\), not True"),
        ({"round": "2"}, r"^round must be 1\.\.30 \(max_rounds\), not '2'"),
    ],
    ids=[
        "hands_none",
        "hands_a_string",
        "a_hand_not_a_sequence",
        "trick_not_a_sequence",
        "discard_a_card",
        "stock_not_a_sequence",
        "a_collection_not_a_sequence",
        "super_chats_not_a_sequence",
        "super_chats_a_string",
        "trump_a_code",
        "starter_a_string",
        "to_move_a_bool",
        "round_a_bool",
        "round_a_string",
    ],
)
def test_scenario_with_a_malformed_argument_is_refused(
    kwargs: dict[str, object], message: str
) -> None:
    """Arguments of the wrong shape give an ``InvalidSetupError`` naming them, not a crash."""
    kwargs = {"hands": [cs("red-1"), cs("red-2"), cs("red-3")], "trump": YELLOW_TRUMP} | kwargs
    with pytest.raises(InvalidSetupError, match=message):
        scenario(**kwargs)  # type: ignore[arg-type]


def test_many_faulty_cards_are_summed_up() -> None:
    """A setup listing every card three times names the first few and counts them all."""
    every = deck().cards
    with pytest.raises(InvalidSetupError, match=r"extra: \['blue 1', 'blue 1', .*\(71 in all\)\]$"):
        scenario(hands=[every, every, every], trump=YELLOW_TRUMP, stock=[])


# --- Bounds ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("option", "below", "lowest", "highest", "above"),
    [
        ("colours", 1, 2, 8, 9),
        ("values", 1, 2, MAX_VALUES, MAX_VALUES + 1),
        ("first_player", -1, 0, None, None),
        ("max_rounds", 0, 1, None, None),
    ],
)
def test_rules_option_bounds(
    option: str, below: int, lowest: int, highest: int | None, above: int | None
) -> None:
    """Each option accepts its lowest and highest value and refuses the values just outside."""
    bound: dict[str, Any] = {option: lowest}
    assert getattr(Rules(**bound), option) == lowest
    with pytest.raises(InvalidSetupError, match=rf"^{option} must be an int .*, not {below}$"):
        Rules(**{option: below})
    if highest is not None:
        bound = {option: highest}
        assert getattr(Rules(**bound), option) == highest
        bound = {option: above}
        with pytest.raises(InvalidSetupError, match=rf"^{option} must be an int in .*not {above}"):
            Rules(**bound)
    else:  # no upper bound of its own
        assert getattr(Rules(**{option: 10**9}), option) == 10**9


@pytest.mark.parametrize("players", [3, 4, 5])
def test_first_player_bounds_are_the_seats(players: int) -> None:
    """``first_player`` may be the last seat of the match, not one more."""
    last = GAME.new(players, seed=1, rules=Rules(first_player=players - 1))
    assert last.to_move == players - 1
    with pytest.raises(InvalidSetupError, match=f"first_player {players} is not a seat"):
        GAME.new(players, seed=1, rules=Rules(first_player=players))


@pytest.mark.parametrize(
    ("players", "smallest", "too_small"),
    [(3, (2, 16), (2, 15)), (4, (3, 11), (2, 16)), (5, (2, 16), (2, 15))],
)
def test_deck_size_bounds(
    players: int, smallest: tuple[int, int], too_small: tuple[int, int]
) -> None:
    """A deck deals when it holds every hand and the trump card, and is refused one shape less."""
    colours, values = smallest
    state = GAME.new(players, seed=1, rules=Rules(colours=colours, values=values))
    assert len(state.stock) == colours * values - players * len(state.hands[0]) - 1 >= 0
    colours, values = too_small
    with pytest.raises(InvalidSetupError, match=rf"has {colours * values} cards; {players} play"):
        GAME.new(players, seed=1, rules=Rules(colours=colours, values=values))


def test_card_bounds() -> None:
    """A card's value is 1..MAX_VALUES and its colour one of the eight names."""
    assert Card(1, "red").value == 1
    assert Card(MAX_VALUES, "grey").code == "grey-20"
    for value in (0, MAX_VALUES + 1, True):
        with pytest.raises(ValueError, match=rf"value is 1\.\.{MAX_VALUES}, not {value!r}"):
            Card(value, "red")
    with pytest.raises(ValueError, match="not 'white'"):
        Card(1, "white")


def test_scenario_player_count_bounds() -> None:
    """Three and five hands make a match; two and six do not."""
    for players in (3, 5):
        hands = [[card] for card in deck().cards[:players]]
        assert scenario(hands=hands, trump=deck().cards[-1]).players == players
    for players in (2, 6):
        hands = [[card] for card in deck().cards[:players]]
        with pytest.raises(InvalidSetupError, match=r"^hands: .*3 to 5 players$"):
            scenario(hands=hands, trump=deck().cards[-1])


@pytest.mark.parametrize("field", ["to_move", "starter"])
def test_scenario_seat_bounds(field: str) -> None:
    """``to_move`` and ``starter`` accept seats 0 and 2 of three, not -1 or 3."""
    hands = [cs("red-1"), cs("red-2"), cs("red-3")]
    for seat in (0, 2):
        seats: dict[str, Any] = {field: seat}
        state = scenario(hands=hands, trump=YELLOW_TRUMP, **seats)
        assert getattr(state, field) == seat
    for seat in (-1, 3):
        seats = {field: seat}
        with pytest.raises(InvalidSetupError, match=rf"^{field} must be a seat .* not {seat}$"):
            scenario(hands=hands, trump=YELLOW_TRUMP, **seats)


def test_scenario_trick_bounds() -> None:
    """A trick may hold no card or one card fewer than the seats, not one from every seat."""
    hands = [cs("red-1"), cs("red-2"), cs("red-3")]
    for trick in ([], cs("blue-1 blue-2")):
        assert scenario(hands=hands, trump=YELLOW_TRUMP, trick=trick).trick == tuple(trick)
    with pytest.raises(InvalidSetupError, match=r"^trick: .* at most 2 cards .*, got 3$"):
        scenario(hands=hands, trump=YELLOW_TRUMP, trick=cs("blue-1 blue-2 blue-3"))


def test_scenario_super_chats_bounds() -> None:
    """A seat in a match in play holds 0 to 2 Super Chat cards, not -1 or 3."""
    hands = [cs("red-1"), cs("red-2"), cs("red-3")]
    state = scenario(hands=hands, trump=YELLOW_TRUMP, super_chats=[0, 2, 0])
    assert state.super_chats == (0, 2, 0)
    for chats in (-1, 3):
        with pytest.raises(InvalidSetupError, match=rf"^super_chats\[1\]: .*not {chats}$"):
            scenario(hands=hands, trump=YELLOW_TRUMP, super_chats=[0, chats, 0])


def test_scenario_round_bounds() -> None:
    """The round is 1..max_rounds: 0 and max_rounds + 1 are refused."""
    hands = [cs("red-1"), cs("red-2"), cs("red-3")]
    rules = Rules(max_rounds=5)
    for number in (1, 5):
        assert scenario(hands=hands, trump=YELLOW_TRUMP, round=number, rules=rules).round == number
    for number in (0, 6):
        with pytest.raises(InvalidSetupError, match=rf"^round must be 1\.\.5 .*not {number}$"):
            scenario(hands=hands, trump=YELLOW_TRUMP, round=number, rules=rules)


def test_scenario_collection_bounds() -> None:
    """A collection holds up to 3 cards of a colour and up to all colours but one."""
    hands = [cs("red-1"), cs("red-2"), cs("red-3")]
    most = cs("blue-1 blue-2 blue-3 green-1 yellow-1 purple-1")
    state = scenario(hands=hands, trump=YELLOW_TRUMP, collections=[most, [], []])
    assert state.collections[0] == tuple(cs("yellow-1 green-1 blue-1 blue-2 blue-3 purple-1"))
    for extra, fault in (("blue-4", "4 or more blue cards"), ("red-4", "every colour")):
        with pytest.raises(InvalidSetupError, match=rf"^collections\[0\]: .*{fault}"):
            scenario(hands=hands, trump=YELLOW_TRUMP, collections=[[*most, c(extra)], [], []])


# --- Actions and caches ---------------------------------------------------------------------


@attrs.frozen
class _Stranger(Action):
    """An action of no game of the library."""

    kind: ClassVar[str] = "stranger"


def test_actions_out_of_range_are_illegal_not_crashes() -> None:
    """A card outside the deck, another seat's card, a foreign action or a non-action: refused."""
    state = scenario(hands=[cs("red-5 green-2"), cs("red-6"), cs("red-2")], trump=YELLOW_TRUMP)
    before = state.to_json()
    for action, reason in [
        (PlayCard(Card(MAX_VALUES, "grey")), "does not hold the grey 20"),
        (PlayCard(c("red-6")), "does not hold the red 6"),
        (_Stranger(), "not an action of Kitten tricks"),
        ("red-5", "it is not an action"),
    ]:
        with pytest.raises(IllegalActionError, match=reason):
            state.apply(action)  # type: ignore[arg-type]
    assert state.to_json() == before


def test_deck_cache_keeps_only_shapes_the_rules_accept() -> None:
    """The deck cache refuses a shape ``Rules`` would refuse, so it never outgrows 7 x 19."""
    before = dict(kt_cards._DECKS)
    for colours, values in ((1, 7), (9, 7), (5, 1), (5, MAX_VALUES + 1)):
        with pytest.raises(ValueError, match="no kitten tricks deck of"):
            kt_cards._deck(colours, values)
    assert before == kt_cards._DECKS
    for colours in range(2, 9):
        for values in range(2, MAX_VALUES + 1):
            kt_cards._deck(colours, values)
    assert len(kt_cards._DECKS) == 7 * 19


def test_trick_record_cache_is_keyed_by_valid_seat_and_card() -> None:
    """Trick records are cached per seat, winning card and Coup de patte: a finite key set."""
    state = GAME.new(5, seed=8, rules=Rules(colours=8, values=MAX_VALUES, max_rounds=3))
    rng = Rng(8, 1)
    while not state.is_over:
        legal = state.legal_actions()
        state = state.apply(legal[rng.below(len(legal))])
    assert kt_rules._TRICKS_WON
    for key, record in kt_rules._TRICKS_WON.items():
        card = kt_cards._INT[record.card]
        assert key == record.seat << 9 | card << 1 | record.coup_de_patte
        assert 0 <= record.seat < GAME.max_players


# --- Any accepted setup can be played on ------------------------------------------------------


@st.composite
def setups(draw: st.DrawFn) -> dict[str, Any]:
    """The arguments of a random scenario that the rules can play on from."""
    players = draw(st.integers(min_value=3, max_value=5))
    rules = draw(
        st.sampled_from([Rules(), Rules(colours=6, values=6), Rules(colours=3, values=12)])
    )
    trump, *cards = draw(st.permutations(deck(rules).cards))
    trick_size = draw(st.integers(min_value=0, max_value=players - 1))
    hands: list[list[Card]] = [[] for _ in range(players)]
    collections: list[list[Card]] = [[] for _ in range(players)]
    trick: list[Card] = []
    discard: list[Card] = []
    stock: list[Card] = []
    for card in cards:
        zone = draw(st.integers(min_value=0, max_value=2 * players + 2))
        if zone < players:
            hands[zone].append(card)
        elif zone < 2 * players:
            held = collections[zone - players]
            colours = {other.colour for other in held} | {card.colour}
            crowded = sum(other.colour == card.colour for other in held) >= 3
            (stock if crowded or len(colours) == rules.colours else held).append(card)
        elif zone == 2 * players and len(trick) < trick_size:
            trick.append(card)
        else:
            (discard if zone == 2 * players + 1 else stock).append(card)
    to_move = draw(st.integers(min_value=0, max_value=players - 1))
    assume(all(hands[(to_move + k) % players] for k in range(players - len(trick))))
    return {
        "hands": hands,
        "trump": trump,
        "trick": trick,
        "to_move": to_move,
        "collections": collections,
        "discard": discard,
        "stock": stock,
        "super_chats": draw(st.lists(st.integers(0, 2), min_size=players, max_size=players)),
        "round": draw(st.integers(min_value=1, max_value=rules.max_rounds)),
        "starter": draw(st.integers(min_value=0, max_value=players - 1)),
        "seed": draw(st.integers(min_value=0, max_value=2**64 - 1)),
        "rules": rules,
    }


@settings(max_examples=100)  # each example plays a round: keep the suite fast
@given(setups(), st.integers(min_value=0, max_value=2**32))
def test_any_accepted_setup_plays_on_to_the_next_round(kwargs: dict[str, Any], seed: int) -> None:
    """An accepted setup keeps the contract, and random play from it ends its round cleanly."""
    state = scenario(**kwargs)
    rng = Rng(seed, 0)
    testing.check_state(state, rng)
    first = state.round
    while not state.is_over and state.round == first:
        legal = state.legal_actions()
        state = state.apply(legal[rng.below(len(legal))])
    assert state.is_over or state.round == first + 1
    assert GAME.from_json(state.to_json()) == state


def test_the_base_setup_plays_to_the_end_of_the_match() -> None:
    """The base setup, played out, ends on empty hands with seat 2's third Super Chat card."""
    state = play(from_scenario(base_setup()), "red-7", "blue-4")
    assert state.collections[2] == tuple(cs("red-7 blue-5 blue-4"))
    state = play(state, "red-4", "green-2", "green-3")
    assert state.outcome is not None
    assert state.outcome.winners == (2,)
    assert state.super_chats == (1, 0, 3)
