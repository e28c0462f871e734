"""Crazy Mistigri on untrusted input: setups, JSON documents, hand-built actions, caches, bounds.

Each test is named after the fault it guards against: a document or an action that the engine
must refuse with the documented error type (never an IndexError, AttributeError or TypeError,
and never a state that crashes later), caches that could grow without bound, and every bound
of every validator (the last value accepted and the first refused, on both sides).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from cardgames import crazy_mistigri as cm
from cardgames.crazy_mistigri import (
    DEFAULT_LAYOUT,
    GAME,
    Card,
    DiscardPair,
    Draw,
    DrawChosen,
    ForceCard,
    GiveCard,
    Pass,
    PilePick,
    Reverse,
    Rules,
    State,
    SwapLater,
    SwapWithPile,
    scenario,
)
from cardgames.crazy_mistigri import bot as cm_bot
from cardgames.crazy_mistigri import cards as cm_cards
from cardgames.engine import Action
from cardgames.errors import IllegalActionError, InvalidSetupError, InvalidStateError
from crazy_mistigri.test_rules import card, draw, pair, play, table

# A 3-player scenario: seat 0 to move, every card not in a hand in the pile.
THREE = [["3c1", "3c2", "5c1"], ["6c4"], ["4c4", "8c2"]]


def document(state: State, **changes: Any) -> str:  # noqa: ANN401 - any JSON value
    """The JSON document of ``state`` with the ``setup`` fields in ``changes`` replaced.

    A change named ``players`` replaces the document's player count instead.
    """
    doc = json.loads(state.to_json())
    if "players" in changes:
        doc["players"] = changes.pop("players")
    doc["setup"].update(changes)
    return json.dumps(doc)


def refused(text: str, match: str) -> None:
    """``GAME.from_json(text)`` raises ``InvalidStateError`` whose message matches ``match``."""
    with pytest.raises(InvalidStateError, match=match):
        GAME.from_json(text)


# --- Item 1: a document is accepted only if it describes a possible state --------------------


def test_from_json_refuses_more_hands_than_players() -> None:
    """A setup with an extra (empty) hand for a 3-player document is refused, naming ``hands``."""
    state = table(THREE)
    hands = json.loads(state.to_json())["setup"]["hands"]
    refused(document(state, hands=[*hands, []]), r"hands: 4 hands for 3 players")


def test_from_json_refuses_fewer_hands_than_players() -> None:
    """A 4-player document whose setup holds the 4-player deck in 3 hands is refused."""
    four = table([["3c1", "3c2"], ["6c4"], ["4c4", "8c2"], ["9c1"]])
    hands = json.loads(four.to_json())["setup"]["hands"]
    merged = [hands[0], hands[1], hands[2] + hands[3]]
    refused(document(four, hands=merged), r"hands: 3 hands for 4 players")


def test_from_json_accepts_one_hand_per_seat() -> None:
    """The document of a scenario, with exactly one hand per seat, loads equal to the state."""
    state = table(THREE)
    assert GAME.from_json(document(state)) == state


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"aids_face_down": [False] * 4}, "aids_face_down must hold one bool per seat"),
        ({"aids_face_down": [False] * 2}, "aids_face_down must hold one bool per seat"),
        ({"scores": [0] * 4}, "scores must hold one penalty total"),
        ({"scores": [0] * 2}, "scores must hold one penalty total"),
        ({"scores": [0, -1, 0]}, "scores must hold one penalty total"),
        ({"to_move": -1}, "to_move must be a seat holding cards"),
        ({"to_move": 3}, "to_move must be a seat holding cards"),
        ({"starting_player": -1}, "starting_player must be a seat"),
        ({"starting_player": 3}, "starting_player must be a seat"),
        ({"round_number": 0}, r"round_number must be in 1\.\.10"),
        ({"round_number": 11}, r"round_number must be in 1\.\.10"),
        ({"direction": 0}, "direction must be 1"),
        ({"direction": 2}, "direction must be 1"),
        ({"pile": ["1c1"]}, r"extra: \['1c1'\]"),
        ({"pile": ["3c1"]}, r"extra: \['3c1'\]"),
    ],
)
def test_from_json_refuses_inconsistent_setup_fields(changes: dict[str, Any], message: str) -> None:
    """Each setup field inconsistent with the player count or the deck is refused by name."""
    state = table(THREE)
    pile = json.loads(state.to_json())["setup"]["pile"]
    if "pile" in changes:
        changes["pile"] = pile + changes["pile"]
    refused(document(state, **changes), message)


def test_from_json_refuses_a_player_count_the_setup_does_not_fit() -> None:
    """A 3-player setup in a document that says 5 players is refused (the deck differs too)."""
    refused(document(table(THREE), players=5), "hands: 3 hands for 5 players")


def test_missing_and_extra_cards_are_listed_briefly() -> None:
    """A setup with a huge hand is refused in linear time, with a message of bounded length."""
    state = table(THREE)
    setup = json.loads(state.to_json())["setup"]
    hands = setup["hands"]
    hands[1] = hands[1] + ["3c1"] * 100_000
    with pytest.raises(InvalidStateError, match=r"and 99988 more") as caught:
        GAME.from_json(document(state, hands=hands))
    assert len(str(caught.value)) < 600


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: scenario(5), "hands must be a sequence"),  # type: ignore[arg-type]
        (lambda: scenario([5, [], []]), r"hands\[0\] must be a sequence"),  # type: ignore[list-item]
        (lambda: scenario([[card("3c1")], [], []], pile=7), "pile must be a sequence"),  # type: ignore[arg-type]
        (lambda: table(THREE, aids_face_down=True), "aids_face_down must be a sequence"),
        (lambda: table(THREE, scores=0), "scores must be a sequence"),
        (lambda: table(THREE, direction=[1]), "direction must be"),
        (lambda: table(THREE, aids_face_down=[False] * 4), "one bool per seat"),
        (lambda: table(THREE, scores=[0] * 2), "one penalty total"),
    ],
)
def test_scenario_refuses_malformed_parts(build: Callable[[], State], message: str) -> None:
    """``scenario()`` refuses parts of the wrong shape with ``InvalidSetupError``, by name."""
    with pytest.raises(InvalidSetupError, match=message):
        build()


# --- Item 2: hand-built actions with wrong field types or out-of-range values --------------------


def _states() -> dict[str, State]:
    """A state where each action kind is legal, keyed by kind (4 players, but 5+5 with 3)."""
    start = table(
        [["2c1", "2c2", "3c3", "3c4", "4c1", "4c2", "5c1"], ["6c4"], ["7c1"], ["5c3", "8c2"]]
    )
    drawn = draw(start, "8c2")
    twos = play(drawn, pair("2c1", "2c2"))
    threes = play(drawn, pair("3c3", "3c4"), SwapLater())
    threes = play(threes, threes.legal_actions()[0])  # seat 1 draws: seat 0 swaps
    fives = draw(table([["5c1", "5c2", "7c3"], ["6c4"], ["4c4", "8c2"]]), "8c2")
    return {
        "draw": start,
        "discard-pair": drawn,
        "force-card": twos,
        "give-card": play(drawn, pair("4c1", "4c2")),
        "pile-pick": play(fives, pair("5c1", "5c2")),
        "swap-with-pile": threes,
    }


STATES = _states()
C = card("5c1")

WRONG_TYPES: list[tuple[str, Action]] = [
    ("discard-pair", DiscardPair(first=None, second=None)),  # type: ignore[arg-type]
    ("discard-pair", DiscardPair(C, "5c2")),  # type: ignore[arg-type]
    ("discard-pair", DiscardPair(5, C)),  # type: ignore[arg-type]
    ("draw", Draw(None)),  # type: ignore[arg-type]
    ("draw", Draw("0")),  # type: ignore[arg-type]
    ("force-card", ForceCard(None)),  # type: ignore[arg-type]
    ("force-card", ForceCard("5c1")),  # type: ignore[arg-type]
    ("give-card", GiveCard(None, 1)),  # type: ignore[arg-type]
    ("give-card", GiveCard(C, None)),  # type: ignore[arg-type]
    ("give-card", GiveCard(C, "1")),  # type: ignore[arg-type]
    ("pile-pick", PilePick(None, 1)),  # type: ignore[arg-type]
    ("pile-pick", PilePick(card("6c1"), None)),  # type: ignore[arg-type]
    ("swap-with-pile", SwapWithPile(None, C)),  # type: ignore[arg-type]
    ("swap-with-pile", SwapWithPile(C, 3)),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(("kind", "action"), WRONG_TYPES, ids=[repr(a) for _, a in WRONG_TYPES])
def test_action_fields_of_the_wrong_type_are_illegal(kind: str, action: Action) -> None:
    """A wrong-typed field raises IllegalActionError, kind legal or not; the state is untouched."""
    for state in (STATES[kind], STATES["draw" if kind != "draw" else "discard-pair"]):
        before = state.to_json()
        with pytest.raises(IllegalActionError, match=f"for seat {state.to_move}: its field"):
            state.apply(action)
        assert state.to_json() == before


def test_discard_pair_of_none_names_the_field() -> None:
    """``DiscardPair(first=None, second=None)`` is refused, saying which field is not a card."""
    with pytest.raises(
        IllegalActionError, match=r"its field 'first' holds NoneType None, expected Card"
    ):
        STATES["discard-pair"].apply(DiscardPair(first=None, second=None))  # type: ignore[arg-type]


OUT_OF_RANGE: list[tuple[str, Action, str]] = [
    ("draw", Draw(-1), r"position must be 0\.\.1"),
    ("draw", Draw(10**30), r"position must be 0\.\.1"),
    ("give-card", GiveCard(card("3c3"), -1), "seat -1 is not another seat"),
    ("give-card", GiveCard(card("3c3"), 4), "seat 4 is not another seat"),
    ("give-card", GiveCard(card("3c3"), 10**30), "is not another seat"),
    ("pile-pick", PilePick(card("6c1"), -1), "goes to seat 1, not seat -1"),
    ("pile-pick", PilePick(card("6c1"), 5), "goes to seat 1, not seat 5"),
]


@pytest.mark.parametrize(("kind", "action", "message"), OUT_OF_RANGE)
def test_out_of_range_seats_and_positions_are_illegal(
    kind: str, action: Action, message: str
) -> None:
    """Well-typed actions with seats or positions out of range are refused, saying why."""
    with pytest.raises(IllegalActionError, match=message):
        STATES[kind].apply(action)


# --- Item 3: bounded caches ---------------------------------------------------------------------


def _layouts(n: int, *, valid: bool) -> list[tuple[tuple[int, ...], ...]]:
    """``n`` distinct colour layouts: the 1s' colours vary; invalid ones use a colour 10."""
    out = []
    for i in range(n):
        ones = tuple((i // 9**k) % 9 + 1 for k in range(9))
        if not valid:
            ones = (*ones[:8], 10)
        out.append((ones, *DEFAULT_LAYOUT[1:]))
    return out


def test_ten_thousand_layouts_leave_the_deck_caches_bounded() -> None:
    """10,000 layouts accepted then refused by a setup, 10,000 invalid ones: caches stay small."""
    limit = cm_cards._CUSTOM_DECKS
    deck = list(GAME.deck(3))  # these layouts differ only in the 1s, which 3 players drop
    short = [deck[:10], deck[10:-1], []]
    for layout in _layouts(10_000, valid=True):
        rules = Rules(colour_layout=layout)
        assert GAME.new(3, seed=1, rules=rules).round == 1
        with pytest.raises(InvalidSetupError, match="missing: "):  # built, then refused
            scenario(short, rules=rules)
    for layout in _layouts(10_000, valid=False):
        with pytest.raises(InvalidSetupError, match=r"colours of the 1s must be 1\.\.9"):
            Rules(colour_layout=layout)
    for layout in _layouts(100, valid=True):
        assert len(GAME.deck(5, Rules(colour_layout=layout))) == 46
    assert cm_cards._custom_deck.cache_info().currsize <= limit
    assert cm_cards._custom_deck_ids.cache_info().currsize <= limit
    # The last layouts are cached and still right.
    last = _layouts(10_000, valid=True)[-1]
    ids = cm_cards._deck_ids(5, last)
    assert sorted(ids) == [*sorted(v << 4 | c for v, cs in enumerate(last, 1) for c in cs), 0xAA]


def test_many_layouts_leave_the_bots_partner_cache_bounded() -> None:
    """The heuristic bot's per-layout partner counts stay few, however many layouts it sees."""
    for layout in _layouts(200, valid=True):
        counts = cm_bot._partners(3, layout)
        assert len(counts) == len(set(cm_cards._deck_of(3, layout)))
    assert cm_bot._partners.cache_info().currsize <= cm_bot._partners.cache_info().maxsize  # type: ignore[operator]
    assert cm_bot._partners.cache_info().maxsize == 8


def test_interned_events_are_bounded_by_the_cards() -> None:
    """The interned draw and pair events never outnumber the seats-and-cards combinations."""
    from cardgames.crazy_mistigri import rules  # noqa: PLC0415 - the private tables

    state = GAME.new(5, seed=3)
    for _ in range(3):
        while not state.is_over:
            legal = state.legal_actions()
            state = state.apply(legal[len(legal) // 3])
        state = GAME.new(5, seed=state.seed + 1)
    assert len(rules._DREW) <= 5 * 5 * 82 * 2
    assert len(rules._DISCARDED) <= 5 * 82 * 82


# --- Views: the 3+3 swap ------------------------------------------------------------------------


def test_swap_due_is_none_outside_a_three_three() -> None:
    """``view.swap_due`` is None for every seat except between a 3+3 "swap later" and the swap."""
    state = draw(table(THREE), "8c2")
    assert all(state.view(s).swap_due is None for s in range(3))
    reversed_ = play(state, pair("3c1", "3c2"), Reverse())
    assert all(reversed_.view(s).swap_due is None for s in range(3))
    later = play(state, pair("3c1", "3c2"), SwapLater())
    assert all(later.view(s).swap_due == 0 for s in range(3))
    swapping = play(later, later.legal_actions()[0])
    swap = next(a for a in swapping.legal_actions() if isinstance(a, SwapWithPile))
    after = swapping.apply(swap)
    assert all(after.view(s).swap_due is None for s in range(3))
    fresh = GAME.new(4, seed=9)
    assert all(fresh.view(s).swap_due is None for s in range(4))


# --- Item 4: every bound of every validator -----------------------------------------------------


def test_card_value_and_colour_bounds() -> None:
    """Values and colours run 1..9 (0 and 10 refused); 10 of colour 10 is the Mistigri."""
    for value, colour in [(1, 1), (9, 1), (1, 9), (9, 9)]:
        assert Card(value, colour).code == f"{value}c{colour}"
    for value, colour in [(0, 1), (10, 1), (1, 0), (1, 10), (10, 9)]:
        with pytest.raises(ValueError, match=r"value and a colour in 1\.\.9"):
            Card(value, colour)
    assert Card(10, 10) == cm.MISTIGRI


def test_rules_first_player_bounds() -> None:
    """``first_player`` runs 0..players - 1: -1 is refused at once, ``players`` by the match."""
    assert GAME.new(3, seed=1, rules=Rules(first_player=0)).to_move == 0
    assert GAME.new(3, seed=1, rules=Rules(first_player=2)).to_move == 2
    with pytest.raises(InvalidSetupError, match="first_player must be a seat number"):
        Rules(first_player=-1)
    with pytest.raises(InvalidSetupError, match="first_player 3 is not a seat of a 3-player"):
        GAME.new(3, seed=1, rules=Rules(first_player=3))


@pytest.mark.parametrize("field", ["rounds", "max_rounds"])
def test_rules_round_count_bounds(field: str) -> None:
    """``rounds`` and ``max_rounds`` run 1..1000; 0 and 1001 are refused."""
    low: dict[str, Any] = {"rounds": 1, "max_rounds": 1}
    high: dict[str, Any] = {"rounds": 1000, "max_rounds": 1000}
    assert getattr(Rules(**low), field) == 1
    assert getattr(Rules(**high), field) == 1000
    with pytest.raises(InvalidSetupError, match=rf"{field} must be an int in 1\.\.1000"):
        Rules(**{**low, field: 0})
    with pytest.raises(InvalidSetupError, match=rf"{field} must be an int in 1\.\.1000"):
        Rules(**{**high, field: 1001})


def test_rules_max_rounds_at_least_rounds() -> None:
    """``max_rounds`` may equal ``rounds`` but not be one less."""
    assert Rules(rounds=3, max_rounds=3).max_rounds == 3
    with pytest.raises(InvalidSetupError, match=r"max_rounds \(2\) must be at least rounds"):
        Rules(rounds=3, max_rounds=2)


def test_rules_colour_layout_bounds() -> None:
    """Layouts are 9 rows of ``10 - v`` colours in 1..9; one row or colour off, 0 or 10, refused."""
    ones = DEFAULT_LAYOUT[0]
    assert len(GAME.deck(5, Rules(colour_layout=((9,) * 9, *DEFAULT_LAYOUT[1:])))) == 46
    assert len(GAME.deck(5, Rules(colour_layout=((1,) * 9, *DEFAULT_LAYOUT[1:])))) == 46
    with pytest.raises(InvalidSetupError, match="must be 9 tuples"):
        Rules(colour_layout=DEFAULT_LAYOUT[:8])
    with pytest.raises(InvalidSetupError, match="must be 9 tuples"):
        Rules(colour_layout=(*DEFAULT_LAYOUT, (1,)))
    with pytest.raises(InvalidSetupError, match=r"colour_layout\[0\] must list the 9 colours"):
        Rules(colour_layout=(ones[:8], *DEFAULT_LAYOUT[1:]))
    with pytest.raises(InvalidSetupError, match=r"colour_layout\[0\] must list the 9 colours"):
        Rules(colour_layout=((*ones, 1), *DEFAULT_LAYOUT[1:]))
    for colour in (0, 10):
        with pytest.raises(InvalidSetupError, match=r"the colours of the 1s must be 1\.\.9"):
            Rules(colour_layout=((colour, *ones[1:]), *DEFAULT_LAYOUT[1:]))


def test_action_draw_position_bounds() -> None:
    """Positions run 0..size - 1 of the fan drawn from: -1 and size are refused."""
    state = STATES["draw"]
    size = len(state.hands[state.draw_from])  # type: ignore[index]
    assert state.apply(Draw(0)).step == "discard-or-pass"
    assert state.apply(Draw(size - 1)).step == "discard-or-pass"
    for position in (-1, size):
        with pytest.raises(IllegalActionError, match=rf"position must be 0\.\.{size - 1}"):
            state.apply(Draw(position))


def test_action_give_card_seat_bounds() -> None:
    """A 4+4 gift goes to seats 0..players - 1 other than the giver: -1, 0 and 4 are refused."""
    state = STATES["give-card"]
    assert state.apply(GiveCard(card("3c3"), 1)).hands[1][-1] == card("3c3")
    assert state.apply(GiveCard(card("3c3"), 3)).hands[3][-1] == card("3c3")
    for to in (-1, 0, 4):
        with pytest.raises(IllegalActionError, match=f"seat {to} is not another seat"):
            state.apply(GiveCard(card("3c3"), to))


def test_action_pile_pick_seat_bounds() -> None:
    """A 5+5 pile card goes to the next recipient only: seats -1, 0, 2 and 3 are refused."""
    state = STATES["pile-pick"]
    assert state.view(0).pile_picks_for == (1, 2)
    assert card("6c1") in state.apply(PilePick(card("6c1"), 1)).hands[1]
    for to in (-1, 0, 2, 3):
        with pytest.raises(IllegalActionError, match=f"goes to seat 1, not seat {to}"):
            state.apply(PilePick(card("6c1"), to))


def test_scenario_player_count_bounds() -> None:
    """Scenarios take 3..5 hands: 2 and 6 are refused."""
    for players in (3, 5):
        hands = [["3c1"], ["4c2"]] + [[] for _ in range(players - 2)]
        assert table(hands).players == players
    for players in (2, 6):
        with pytest.raises(InvalidSetupError, match="3 to 5 players"):
            scenario([[] for _ in range(players)])


def test_scenario_seat_bounds() -> None:
    """``to_move`` and ``starting_player`` run 0..players - 1: -1 and ``players`` are refused."""
    hands = [["3c1"], ["4c2"], ["5c3"]]
    for seat in (0, 2):
        assert table(hands, to_move=seat).to_move == seat
        assert table(hands, starting_player=seat).starting_player == seat
    for seat in (-1, 3):
        with pytest.raises(InvalidSetupError, match="to_move must be a seat holding cards"):
            table(hands, to_move=seat)
        with pytest.raises(InvalidSetupError, match="starting_player must be a seat"):
            table(hands, starting_player=seat)


def test_scenario_round_and_score_bounds() -> None:
    """``round_number`` runs 1..max_rounds (0 and max_rounds + 1 refused); scores are >= 0."""
    hands = [["3c1"], ["4c2"], ["5c3"]]
    rules = Rules(max_rounds=4)
    assert table(hands, round_number=1, rules=rules).round == 1
    assert table(hands, round_number=4, rules=rules).round == 4
    for number in (0, 5):
        with pytest.raises(InvalidSetupError, match=r"round_number must be in 1\.\.4"):
            table(hands, round_number=number, rules=rules)
    assert table(hands, scores=[0, 0, 0]).scores == (0, 0, 0)
    with pytest.raises(InvalidSetupError, match="one penalty total"):
        table(hands, scores=[0, 0, -1])


def test_scenario_hand_count_bounds() -> None:
    """The setup of an n-player document holds n hands: n - 1 and n + 1 are refused."""
    state = table([["3c1"], ["4c2"], ["5c3"], []])
    hands = json.loads(state.to_json())["setup"]["hands"]
    assert GAME.from_json(document(state, hands=hands)) == state
    refused(document(state, hands=hands[:3]), "hands: 3 hands for 4 players")
    refused(document(state, hands=[*hands, []]), "hands: 5 hands for 4 players")


def test_a_chosen_card_draw_is_not_a_position() -> None:
    """After a 2+2 choice the only draw is ``DrawChosen``; a positional draw is refused."""
    state = play(STATES["force-card"], ForceCard(card("5c1")))
    assert state.legal_actions() == (DrawChosen(),)
    with pytest.raises(IllegalActionError, match="'draw' action is not legal now"):
        state.apply(Draw(0))
    assert Pass() not in state.legal_actions()
