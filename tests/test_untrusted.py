"""Untrusted input: documents, actions and seats that are not what the engine makes.

`from_json` loads only a document that describes a match the engine could reach and raises
`InvalidStateError` naming the JSON path otherwise; `apply` raises `IllegalActionError` for
anything that is not a well-formed action of the game; a bad seat raises `InvalidSeatError`.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import event, given

import cardgames
from cardgames import _codec, testing
from cardgames.crazy_animals import GAME as CRAZY_ANIMALS
from cardgames.crazy_mistigri import GAME as CRAZY_MISTIGRI
from cardgames.crazy_mistigri import DiscardPair
from cardgames.engine import MAX_JSON_LENGTH, Action, Game, State
from cardgames.errors import (
    CardGameError,
    IllegalActionError,
    InvalidSeatError,
    InvalidStateError,
)
from strategies import mutated_documents

GOLDEN_V1 = sorted((Path(__file__).parent / "golden" / "v1").glob("*.json"))
PLAYOUT_LIMIT = 20_000  # random actions after which a loaded match that has not ended fails


def _doc(game: Game[Any], players: int = 3, seed: int = 5, actions: int = 4) -> dict[str, Any]:
    state = game.new(players, seed=seed)
    for _ in range(actions):
        state = state.apply(state.legal_actions()[0])
    return json.loads(state.to_json())  # type: ignore[no-any-return]


def _never_knocking(actions: int, seed: int = 1) -> State[Any]:
    """A 3-player Crazy Animals match of ``actions`` random actions in which nobody knocks."""
    rng = random.Random(seed)
    state = CRAZY_ANIMALS.new(3, seed=seed)
    for _ in range(actions):
        state = state.apply(rng.choice([a for a in state.legal_actions() if a.kind != "knock"]))
    return state


# -- the document's header --------------------------------------------------------------------


@pytest.mark.parametrize("version", [True, 1.0, 2.0, "2", None, 0, 3])
def test_version_true_is_rejected(version: object) -> None:
    """Only the integers 1 and 2 are versions: `true` and `1.0` equal 1 in Python, not in JSON."""
    game = cardgames.get_game("classic-mistigri")
    doc = _doc(game)
    with pytest.raises(InvalidStateError, match=r"^version: unsupported version"):
        game.from_json(json.dumps({**doc, "version": version}))


def test_players_of_the_wrong_count_are_reported_at_players() -> None:
    """A player count the game does not allow is refused at the path `players`."""
    game = cardgames.get_game("classic-mistigri")
    with pytest.raises(InvalidStateError, match=r"^players: .* 2 to 4 players, not 7"):
        game.from_json(json.dumps({**_doc(game), "players": 7}))


def test_setup_error_is_reported_at_setup() -> None:
    """An `InvalidSetupError` of the scenario builder while loading is reported at `setup`."""
    text = (Path(__file__).parent / "golden" / "v1" / "classic-mistigri-scenario.json").read_text()
    doc = json.loads(text)
    doc["setup"]["to_move"] = 1  # seat 1 holds cards, but a hand now holds a pair
    doc["setup"]["hands"][1] = ["m3", "m3"]
    doc["setup"]["hands"][0] = ["m5", "mistigri"]
    with pytest.raises(InvalidStateError, match=r"^setup: "):
        cardgames.get_game("classic-mistigri").from_json(json.dumps(doc))


def test_bad_seed_is_reported_at_seed() -> None:
    """A seed out of range is refused at the path `seed`."""
    game = cardgames.get_game("kitten-tricks")
    with pytest.raises(InvalidStateError, match=r"^seed: seed must be an int"):
        game.from_json(json.dumps({**_doc(game), "seed": 2**64}))


def test_history_of_the_wrong_arity_names_the_action() -> None:
    """A compact action with a value too many is refused at its index in the history."""
    game = cardgames.get_game("classic-mistigri")
    doc = _doc(game)
    doc["history"][2] = [*doc["history"][2], 7]
    with pytest.raises(InvalidStateError, match=r"^history\[2\]: a 'draw' action has 1 field"):
        game.from_json(json.dumps(doc))


def test_boolean_field_value_is_not_an_integer() -> None:
    """`[0, true]` is not a draw at position 1, even after `[0, 1]` was read (no memo mix-up)."""
    game = cardgames.get_game("classic-mistigri")
    doc = _doc(game, players=2, seed=3, actions=0)
    doc["history"] = [[0, 1], [0, True]]
    doc["action_fields"] = [["draw", "position"]]
    with pytest.raises(InvalidStateError, match=r"^history\[1\]\.position: expected an integer"):
        game.from_json(json.dumps(doc))


def test_action_fields_must_name_the_action_types_fields() -> None:
    """A legend entry with other field names than the action type's is refused at its path."""
    game = cardgames.get_game("classic-mistigri")
    doc = _doc(game)
    doc["action_fields"] = [["draw", "slot"]]
    with pytest.raises(InvalidStateError, match=r"^action_fields\[0\]: a 'draw' action has"):
        game.from_json(json.dumps(doc))


# -- length -----------------------------------------------------------------------------------


def test_max_length_is_a_keyword_with_a_safe_default() -> None:
    """A document longer than `max_length` is refused unparsed; `None` lifts the limit."""
    game = cardgames.get_game("classic-mistigri")
    text = game.new(3, seed=1).to_json()
    padded = text + " " * (MAX_JSON_LENGTH - len(text) + 1)
    with pytest.raises(InvalidStateError, match=r"^document: .* longer than the 4000000"):
        game.from_json(padded)
    assert game.from_json(padded, max_length=None) == game.new(3, seed=1)
    with pytest.raises(InvalidStateError, match="longer than the 10 accepted"):
        game.from_json(text, max_length=10)
    with pytest.raises(TypeError, match="max_length must be a non-negative int or None"):
        game.from_json(text, max_length=-1)


def test_save_of_a_170000_action_match_loads() -> None:
    """A save of a 170,000-action Crazy Animals match fits under the default limit and loads."""
    state = _never_knocking(170_000)
    text = state.to_json()
    assert len(text) < MAX_JSON_LENGTH
    loaded = CRAZY_ANIMALS.from_json(text)
    assert loaded == state
    assert loaded.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("path", GOLDEN_V1, ids=[p.stem for p in GOLDEN_V1])
def test_version_1_saves_still_load(path: Path) -> None:
    """A save written by the previous release (format version 1) loads the same match."""
    text = path.read_text(encoding="utf-8")
    doc = json.loads(text)
    assert doc["version"] == 1
    game = cardgames.get_game(doc["game"])
    loaded = game.from_json(text)
    assert [a.to_dict() for a in loaded.history] == doc["history"]
    assert loaded.seed == doc["seed"]
    again = game.from_json(loaded.to_json())
    assert again == loaded
    assert again.events == loaded.events
    assert json.loads(loaded.to_json())["version"] == 2


# -- the fuzzer -------------------------------------------------------------------------------


@given(mutated_documents())
def test_mutated_document_loads_a_reachable_match_or_raises_invalid_state_error(
    game_and_text: tuple[Game[Any], str],
) -> None:
    """A mutated real document either loads a state that keeps the contract and ends, or fails.

    Failing means `InvalidStateError` and nothing else; a loaded state must pass the contract
    checks and random play from it must end the match within a bound.
    """
    game, text = game_and_text
    try:
        state = game.from_json(text)
    except InvalidStateError as exc:
        message = str(exc)
        assert message, "an InvalidStateError without a message"
        event("rejected")
        return
    event("loaded")
    testing.check_actions(state)
    testing.check_conservation(state)
    testing.check_zones(state)
    testing.check_outcome(state)
    testing.check_views(state)
    testing.check_json_round_trip(state)
    rng = random.Random(len(text))
    for _ in range(PLAYOUT_LIMIT):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
        testing.check_conservation(state)
    assert state.is_over, f"random play from a loaded document did not end: {state!r}"
    testing.check_outcome(state)


# -- actions and seats ------------------------------------------------------------------------


class _Kindless(Action):
    """An action subclass that forgot its kind."""

    __slots__ = ()


@attrs.frozen
class _Foreign(Action):
    """A well-formed action of no registered game."""

    kind: ClassVar[str] = "draw"
    position: int = 0


@pytest.mark.parametrize("game", list(cardgames.GAMES.values()), ids=list(cardgames.GAMES))
@pytest.mark.parametrize(
    "action", [Action(), _Kindless(), _Foreign()], ids=["base", "kindless", "foreign"]
)
def test_base_action_raises_illegal_action_error(game: Game[Any], action: Action) -> None:
    """The base `Action()`, a subclass without kind and another game's action are refused."""
    state = game.new(game.min_players, seed=2)
    with pytest.raises(IllegalActionError, match="it is not an action of"):
        state.apply(action)


def test_discard_pair_of_nones_raises_illegal_action_error() -> None:
    """`DiscardPair(first=None, second=None)` is refused for its field types, not crashed on."""
    state = CRAZY_MISTIGRI.new(3, seed=4)
    bad = DiscardPair(first=None, second=None)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="its field 'first' holds NoneType None"):
        state.apply(bad)


def test_action_of_another_game_is_named_as_such() -> None:
    """A legal action of one game applied to another game's state is refused by type."""
    mistigri = cardgames.get_game("classic-mistigri").new(2, seed=1)
    animals = CRAZY_ANIMALS.new(2, seed=1)
    with pytest.raises(IllegalActionError, match="not an action of Crazy Animals"):
        animals.apply(mistigri.legal_actions()[0])


@pytest.mark.parametrize("seat", [99, -1, "0", 1.0, True, None])
@pytest.mark.parametrize("game", list(cardgames.GAMES.values()), ids=list(cardgames.GAMES))
def test_view_of_a_bad_seat_raises_invalid_seat_error(game: Game[Any], seat: object) -> None:
    """`view(99)` and `view("0")` raise `InvalidSeatError`, a `CardGameError` and `ValueError`."""
    state = game.new(game.min_players, seed=1)
    with pytest.raises(InvalidSeatError, match=r"no seat .* \(seats are 0\.\.") as info:
        state.view(seat)
    assert isinstance(info.value, CardGameError)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("game", list(cardgames.GAMES.values()), ids=list(cardgames.GAMES))
def test_game_is_immutable(game: Game[Any]) -> None:
    """Assigning or deleting an attribute of a `Game` raises `AttributeError`, changing nothing."""
    with pytest.raises(AttributeError, match="is immutable: cannot set 'max_players'"):
        game.max_players = 99
    with pytest.raises(AttributeError, match="is immutable: cannot delete 'slug'"):
        del game.slug
    with pytest.raises(AttributeError, match="is immutable"):
        game.anything = 1
    assert game.max_players <= 6
    assert cardgames.get_game(game.slug) is game


def test_codec_caches_are_bounded() -> None:
    """Record classes made on the fly cannot grow the codec's per-class caches without limit."""
    limit = _codec._CACHED_CLASSES
    for i in range(limit + 50):
        cls = attrs.make_class(f"Made{i}", {"x": attrs.field(type=int)})
        assert _codec.field_names(cls) == ("x",)
        assert _codec.mismatch(cls(x=i)) is None
    assert len(_codec._FIELDS) <= limit
    assert len(_codec._NAMES) <= limit
