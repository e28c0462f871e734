"""Classic Mistigri on untrusted input: documents, scenarios, actions and every validator's bounds.

A document that ``GAME.from_json`` accepts describes a position a match can reach; anything else
is refused with ``InvalidStateError`` (``InvalidSetupError`` from ``scenario``) naming the field.
Each test is named after the fault it feeds in.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import classic_mistigri as cm
from cardgames.classic_mistigri import DECK, GAME, MISTIGRI, Card, Draw, Rules, scenario
from cardgames.engine import Action
from cardgames.errors import IllegalActionError, InvalidSetupError, InvalidStateError

ALL_MOTIFS = list(range(1, 17))


def three_seat_document() -> dict[str, Any]:
    """A real saved scenario: seat 0 to draw from seat 1, motifs 1 and 2 still in hands."""
    state = scenario(
        hands=[[Card(1), Card(2)], [Card(2)], [Card(1), MISTIGRI]],
        pairs=[ALL_MOTIFS[2:], [], []],
        to_move=0,
        seed=77,
    )
    doc: dict[str, Any] = json.loads(state.to_json())
    return doc


def load(doc: dict[str, Any]) -> cm.State:
    """``GAME.from_json`` of ``doc``."""
    return GAME.from_json(json.dumps(doc))


# --- Documents: the setup must agree with ``players`` ---------------------------------------


def test_document_with_more_hands_than_players_is_refused() -> None:
    """Three hands in a 2-player document are refused, naming ``hands`` and both counts."""
    doc = three_seat_document()
    doc["players"] = 2
    with pytest.raises(InvalidStateError, match="hands: 3 hands for 2 players"):
        load(doc)


def test_document_with_fewer_hands_than_players_is_refused() -> None:
    """Three hands in a 4-player document are refused (they used to crash or never end)."""
    doc = three_seat_document()
    doc["players"] = 4
    with pytest.raises(InvalidStateError, match="hands: 3 hands for 4 players"):
        load(doc)


def test_document_with_five_hands_for_four_players_is_refused() -> None:
    """A fifth hand beyond the largest table is refused before it can index a seat."""
    doc = three_seat_document()
    doc["players"] = 4
    doc["setup"]["hands"] += [[], []]
    doc["setup"]["pairs"] += [[], []]
    with pytest.raises(InvalidStateError, match="hands: 5 hands for 4 players"):
        load(doc)


def test_document_with_a_list_of_pairs_per_extra_seat_is_refused() -> None:
    """Pairs listed for four seats of a 3-player document are refused, naming ``pairs``."""
    doc = three_seat_document()
    doc["setup"]["pairs"].append([])
    with pytest.raises(InvalidStateError, match="pairs: 4 lists of laid motifs for 3 players"):
        load(doc)


def test_document_with_one_card_repeated_in_a_huge_hand_is_refused() -> None:
    """A hand of 100,000 copies of motif 1 is refused as a pair held in hand (a linear check)."""
    doc = three_seat_document()
    doc["setup"]["hands"][0] = ["m1"] * 100_000
    text = json.dumps(doc)
    assert len(text) > 500_000
    with pytest.raises(
        InvalidStateError, match=r"hands\[0\]: seat 0's hand holds a pair of motif 1"
    ):
        GAME.from_json(text)


def test_document_with_a_huge_list_of_pairs_gets_a_short_message() -> None:
    """One motif laid 100,000 times is refused with a message cut to a few cards and the count."""
    doc = three_seat_document()
    doc["setup"]["pairs"][1] = [3] * 100_000
    with pytest.raises(
        InvalidStateError, match=r"extra: \['motif 3',.*, \.\.\.\] \(200000 cards\)"
    ) as error:
        load(doc)
    assert len(str(error.value)) < 400


def test_document_with_to_move_beyond_the_seats_is_refused() -> None:
    """A ``to_move`` of 3 at a 3-seat table is refused with the value."""
    doc = three_seat_document()
    doc["setup"]["to_move"] = 3
    with pytest.raises(InvalidStateError, match="to_move must be a seat holding cards, not 3"):
        load(doc)


def test_document_with_to_move_on_an_empty_hand_is_refused() -> None:
    """The seat to move must hold cards while the match is on."""
    doc = three_seat_document()
    doc["setup"]["hands"] = [["m1", "m2"], [], ["m1", "m2", "mistigri"]]
    doc["setup"]["to_move"] = 1
    with pytest.raises(InvalidStateError, match="not 1, whose hand is empty"):
        load(doc)


def test_document_of_a_finished_match_with_to_move_off_the_table_is_refused() -> None:
    """Even when only the Mistigri is left, ``to_move`` must name a seat."""
    doc = three_seat_document()
    doc["setup"]["hands"] = [[], ["mistigri"], []]
    doc["setup"]["pairs"] = [ALL_MOTIFS[:8], ALL_MOTIFS[8:], []]
    doc["setup"]["to_move"] = -1
    with pytest.raises(InvalidStateError, match="to_move must be a seat holding cards, not -1"):
        load(doc)
    doc["setup"]["to_move"] = 2
    assert load(doc).is_over


def test_document_laying_the_mistigri_as_a_pair_is_refused() -> None:
    """Motif 0 (the Mistigri) has no twin: it cannot be among the laid pairs."""
    doc = three_seat_document()
    doc["setup"]["pairs"][2] = [0]
    with pytest.raises(InvalidStateError, match=r"pairs\[2\]\[0\]: seat 2 laid a pair of motif 0"):
        load(doc)


def test_document_with_a_card_missing_names_it() -> None:
    """A document whose hands lost a card names the card missing."""
    doc = three_seat_document()
    doc["setup"]["hands"][2] = ["m1"]
    with pytest.raises(InvalidStateError, match=r"missing: \['Mistigri'\], extra: \[\]"):
        load(doc)


# --- Accepted means possible ---------------------------------------------------------------


@st.composite
def arrangements(draw: st.DrawFn) -> tuple[int, list[list[str]], list[list[int]], int]:
    """Players, hands, pairs and to_move: every card placed once, at times a pair in a hand."""
    players = draw(st.integers(min_value=2, max_value=4))
    hands: list[list[str]] = [[] for _ in range(players)]
    pairs: list[list[int]] = [[] for _ in range(players)]
    seats = st.integers(min_value=0, max_value=players - 1)
    twins_apart = st.integers(min_value=1, max_value=players - 1)
    paired_in_hand = draw(st.sampled_from(ALL_MOTIFS)) if draw(st.booleans()) else None
    for motif in ALL_MOTIFS:
        if motif != paired_in_hand and draw(st.booleans()):
            pairs[draw(seats)].append(motif)
            continue
        seat = draw(seats)
        twin = seat if motif == paired_in_hand else (seat + draw(twins_apart)) % players
        hands[seat].append(f"m{motif}")
        hands[twin].append(f"m{motif}")
    hands[draw(seats)].append("mistigri")
    for hand in hands:
        draw(st.randoms(use_true_random=False)).shuffle(hand)
    to_move = draw(st.integers(min_value=-1, max_value=players))
    return players, hands, pairs, to_move


@given(arrangements(), st.integers(min_value=0, max_value=2**64 - 1))
def test_a_document_loads_exactly_when_its_position_is_possible(
    arrangement: tuple[int, list[list[str]], list[list[int]], int], seed: int
) -> None:
    """A setup loads iff no hand holds a pair and ``to_move`` holds cards; it then plays out."""
    players, hands, pairs, to_move = arrangement
    doc = three_seat_document()
    doc["players"], doc["seed"], doc["history"] = players, seed, []
    doc["setup"] = {"hands": hands, "pairs": pairs, "to_move": to_move}
    over = sum(map(len, hands)) == 1
    possible = (
        all(len(set(hand)) == len(hand) for hand in hands)
        and 0 <= to_move < players
        and (over or bool(hands[to_move]))
    )
    if not possible:
        with pytest.raises(InvalidStateError):
            load(doc)
        return
    state = load(doc)
    assert state.is_over == over
    rng = random.Random(seed)
    while not state.is_over:
        assert state.to_move is not None
        assert state.hands[state.to_move]
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.outcome is not None
    (loser,) = state.outcome.losers
    assert state.hands[loser] == (MISTIGRI,)


# --- Scenarios ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        (None, "hands: expected one list per seat, got None"),
        ("m1", "hands: expected one list per seat, got 'm1'"),
        ([None, None], r"hands: expected one list per seat, got \[None, None\]"),
        ([[Card(1)], 7], r"hands: expected one list per seat, got \[\[Card\(motif=1\)\], 7\]"),
    ],
)
def test_scenario_with_hands_that_are_not_lists_is_refused(hands: object, message: str) -> None:
    """Hands that are not one list of cards per seat raise InvalidSetupError, not TypeError."""
    with pytest.raises(InvalidSetupError, match=message):
        scenario(hands)  # type: ignore[arg-type]


def test_scenario_with_pairs_that_are_not_lists_is_refused() -> None:
    """Laid motifs that are not one list per seat raise InvalidSetupError, not TypeError."""
    with pytest.raises(InvalidSetupError, match="pairs: expected one list per seat, got 5"):
        scenario([[MISTIGRI], []], pairs=5)  # type: ignore[arg-type]


def test_scenario_with_a_hand_of_one_card_repeated_is_refused() -> None:
    """A scenario hand of 100,000 copies of a card is refused as holding a pair."""
    with pytest.raises(
        InvalidSetupError, match=r"hands\[1\]: seat 1's hand holds a pair of motif 4"
    ):
        scenario([[MISTIGRI], [Card(4)] * 100_000], pairs=[laid_but(4), []])


def test_scenario_names_the_first_object_that_is_not_a_card() -> None:
    """A hand holding a card code instead of a card names its place and the object."""
    with pytest.raises(InvalidSetupError, match=r"hands\[1\]\[1\]: seat 1's hand holds 'm4'"):
        scenario([[MISTIGRI, Card(4)], [Card(5), "m4"]], pairs=[laid_but(4, 5), []])  # type: ignore[list-item]


def laid_but(*motifs: int) -> list[int]:
    """Every motif but ``motifs``."""
    return [m for m in ALL_MOTIFS if m not in motifs]


# --- Bounds of every validator ------------------------------------------------------------


def test_bounds_of_the_player_count() -> None:
    """Scenarios of 2 and 4 hands are accepted; 1 and 5 are refused with the range."""
    assert scenario([[MISTIGRI], []], pairs=[ALL_MOTIFS, []]).players == 2
    assert scenario([[MISTIGRI], [], [], []], pairs=[ALL_MOTIFS, [], [], []]).players == 4
    with pytest.raises(InvalidSetupError, match="2 to 4 players, not 1"):
        scenario([[MISTIGRI]], pairs=[ALL_MOTIFS])
    with pytest.raises(InvalidSetupError, match="2 to 4 players, not 5"):
        scenario([[MISTIGRI], [], [], [], []], pairs=[ALL_MOTIFS, [], [], [], []])


@pytest.mark.parametrize("players", [2, 4])
def test_bounds_of_first_player(players: int) -> None:
    """``first_player`` goes from 0 to the last seat; -1 and ``players`` are refused."""
    assert GAME.new(players, seed=1, rules=Rules(first_player=0)).to_move == 0
    last = GAME.new(players, seed=1, rules=Rules(first_player=players - 1))
    assert last.to_move == players - 1
    with pytest.raises(InvalidSetupError, match="first_player must be a seat number"):
        Rules(first_player=-1)
    with pytest.raises(InvalidSetupError, match=f"first_player {players} is not a seat"):
        GAME.new(players, seed=1, rules=Rules(first_player=players))


@pytest.mark.parametrize("value", [1, "yes", None])
def test_most_pairs_wins_must_be_a_bool(value: object) -> None:
    """``most_pairs_wins`` accepts True and False only, with InvalidSetupError otherwise."""
    assert Rules(most_pairs_wins=True).most_pairs_wins
    with pytest.raises(InvalidSetupError, match="most_pairs_wins must be True or False"):
        Rules(most_pairs_wins=value)  # type: ignore[arg-type]


def test_bounds_of_a_card_motif() -> None:
    """Motifs go from 0 (the Mistigri) to 16; -1, 17 and a bool are refused."""
    assert Card(0) is not None
    assert Card(16).code == "m16"
    for motif in (-1, 17, True):
        with pytest.raises(ValueError, match=r"motif is 0 .* or 1\.\.16"):
            Card(motif)


def test_bounds_of_a_laid_motif() -> None:
    """Laid motifs go from 1 to 16: 0 and 17 are refused, naming the place."""
    ends = scenario([[MISTIGRI, Card(2)], [Card(2)]], pairs=[[1, *range(3, 17)], []])
    assert ends.pairs[0][0] == 1
    assert ends.pairs[0][-1] == 16
    with pytest.raises(InvalidSetupError, match=r"pairs\[0\]\[0\]: seat 0 laid a pair of motif 0"):
        scenario([[MISTIGRI], []], pairs=[[0, *ALL_MOTIFS], []])
    with pytest.raises(InvalidSetupError, match=r"pairs\[1\]\[0\]: .* motif 17; motifs are 1..16"):
        scenario([[MISTIGRI], []], pairs=[ALL_MOTIFS, [17]])


@pytest.mark.parametrize("to_move", [-1, 3])
def test_bounds_of_to_move(to_move: int) -> None:
    """``to_move`` goes from 0 to the last seat; -1 and ``players`` are refused."""
    hands = [[Card(1)], [Card(2)], [Card(1), Card(2), MISTIGRI]]
    pairs = [laid_but(1, 2), [], []]
    assert scenario(hands, pairs=pairs, to_move=0).to_move == 0
    assert scenario(hands, pairs=pairs, to_move=2).to_move == 2
    with pytest.raises(
        InvalidSetupError, match=f"to_move must be a seat holding cards, not {to_move}"
    ):
        scenario(hands, pairs=pairs, to_move=to_move)


@pytest.mark.parametrize("position", [-1, 3, sys.maxsize, 10**30])
def test_draw_position_out_of_range_is_illegal(position: int) -> None:
    """Positions go from 0 to the fan's size minus one; others raise IllegalActionError."""
    state = scenario(
        [[Card(1), Card(2)], [Card(1), Card(2), MISTIGRI]], pairs=[laid_but(1, 2), []], seed=3
    )
    assert state.legal_actions() == (Draw(0), Draw(1), Draw(2))
    assert state.apply(Draw(2)).history == (Draw(2),)
    before = state.to_json()
    with pytest.raises(IllegalActionError, match=r"holds 3 cards, so the position must be 0\.\.2"):
        state.apply(Draw(position))
    assert state.to_json() == before


@attrs.frozen
class _Fly(Action):
    """An action of no game."""

    kind: ClassVar[str] = "fly"

    def __str__(self) -> str:
        """Return ``fly``."""
        return "fly"


def test_action_of_another_type_is_illegal() -> None:
    """An action that is not a draw raises IllegalActionError naming the legal kinds."""
    state = GAME.new(3, seed=5)
    with pytest.raises(
        IllegalActionError, match=r"not an action of Classic Mistigri.*legal kinds now: \['draw'\]"
    ):
        state.apply(_Fly())


# --- Caches ---------------------------------------------------------------------------------


def _module_containers() -> dict[str, int]:
    """The size of every module-level dict, list and set of the package's modules."""
    sizes: dict[str, int] = {}
    for name, module in sorted(sys.modules.items()):
        if name == "cardgames.classic_mistigri" or name.startswith("cardgames.classic_mistigri."):
            for attr, value in vars(module).items():
                if isinstance(value, dict | list | set) and not attr.startswith("__"):
                    sizes[f"{name}.{attr}"] = len(value)
    return sizes


def test_module_level_containers_do_not_grow_with_play() -> None:
    """Playing, viewing, sampling, saving and loading leave every module-level container as is."""
    before = _module_containers()
    assert before, "the package has module-level tables (the cards by motif at least)"
    rng = random.Random(8)
    for seed in range(40):
        state = GAME.new(2 + seed % 3, seed=seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
            GAME.sample_world(state.view(seed % state.players), rng)
        assert GAME.from_json(state.to_json()) == state
    assert _module_containers() == before
    assert len(DECK) == 33
