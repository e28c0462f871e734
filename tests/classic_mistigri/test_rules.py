"""Classic Mistigri: one test per rule clause (``test_clause_N_*``) and ruling (``test_cl_N_*``).

The clauses are those of ``docs/games/classic-mistigri.md``; ``test_rule_coverage.py`` fails if
one of them has no test here.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import attrs
import pytest

import cardgames
from cardgames import classic_mistigri as cm
from cardgames import testing
from cardgames.classic_mistigri import DECK, MISTIGRI, Card, Draw, Rules, scenario
from cardgames.errors import IllegalActionError, InvalidSetupError

ALL_MOTIFS = list(range(1, 17))


def laid_except(*motifs: int) -> list[int]:
    """Every motif but ``motifs``, as pairs already laid."""
    return [m for m in ALL_MOTIFS if m not in motifs]


# --- Clauses -------------------------------------------------------------------------------


def test_clause_1_deck_has_sixteen_pairs_and_the_mistigri() -> None:
    """The deck is 33 cards: motifs 1..16 twice each and one Mistigri."""
    counts = Counter(DECK.cards)
    assert len(DECK) == 33
    assert counts[MISTIGRI] == 1
    assert all(counts[Card(m)] == 2 for m in ALL_MOTIFS)
    assert MISTIGRI.is_mistigri
    assert not Card(5).is_mistigri


def test_clause_2_two_to_four_players() -> None:
    """Matches of 2, 3 and 4 players can be created; 1 and 5 cannot."""
    for players in (2, 3, 4):
        assert cm.GAME.new(players, seed=1).players == players
    for players in (1, 5):
        with pytest.raises(InvalidSetupError, match="2 to 4 players"):
            cm.GAME.new(players, seed=1)


def test_clause_3_whole_deck_is_dealt() -> None:
    """Every card is dealt: hand sizes before pairing differ by at most one."""
    for players in (2, 3, 4):
        state = cm.GAME.new(players, seed=11)
        dealt = [e for e in state.events if isinstance(e, cm.Dealt)]
        assert [e.seat for e in dealt] == list(range(players))
        assert sum(e.count for e in dealt) == 33
        assert max(e.count for e in dealt) - min(e.count for e in dealt) <= 1


def test_clause_4_opening_pairs_are_laid_before_play() -> None:
    """After the deal no hand holds a pair, and every laid pair is announced."""
    state = cm.GAME.new(4, seed=3)
    for hand in state.hands:
        assert len(set(hand)) == len(hand)
    announced = [m for e in state.events if isinstance(e, cm.PairsLaid) for m in e.motifs]
    assert sum(len(p) for p in state.pairs) == len(announced)
    assert state.history == ()


def test_clause_5_first_player_plays_first_then_clockwise() -> None:
    """The first player moves first and the turn then passes to the left."""
    state = cm.GAME.new(4, seed=5, rules=Rules(first_player=2))
    assert state.to_move == 2
    after = state.apply(state.legal_actions()[0])
    assert after.to_move == 3


def test_clause_6_draw_from_left_neighbour_seen_by_both_only() -> None:
    """Seat 0 draws from seat 1; the card is visible to seats 0 and 1 and hidden from seat 2."""
    state = scenario(
        hands=[[Card(1), Card(2)], [Card(3)], [Card(1), Card(2), Card(3), MISTIGRI]],
        pairs=[laid_except(1, 2, 3), [], []],
        to_move=0,
        seed=9,
    )
    assert state.legal_actions() == (Draw(0),)
    after = state.apply(Draw(0))
    drew = after.events[-2]
    assert isinstance(drew, cm.Drew)
    assert (drew.seat, drew.source, drew.card) == (0, 1, Card(3))
    assert after.view(0).events[-2] == drew
    assert after.view(1).events[-2] == drew
    hidden = after.view(2).events[-2]
    assert isinstance(hidden, cm.Drew)
    assert hidden.card is None
    assert str(hidden) == "seat 0 draws a card from seat 1"


def test_clause_7_drawn_card_completing_a_pair_is_laid() -> None:
    """A drawn twin is laid with its pair at once; a card without twin joins the hand."""
    pairing = scenario(
        hands=[[MISTIGRI, Card(6)], [Card(6), Card(5)], [Card(5)]],
        pairs=[laid_except(5, 6), [], []],
        to_move=1,
        seed=1,
    )
    after = pairing.apply(Draw(0))
    assert after.hands[1] == (Card(6),)
    assert after.pairs[1] == (5,)
    assert after.events[-2:] == (cm.PairsLaid(seat=1, motifs=(5,)), cm.LeftPlay(seat=2))
    keeping = scenario(
        hands=[[MISTIGRI, Card(4)], [Card(5)], [Card(4), Card(5)]],
        pairs=[laid_except(4, 5), [], []],
        to_move=0,
        seed=1,
    )
    after = keeping.apply(Draw(0))
    assert after.hands[0] == (MISTIGRI, Card(4), Card(5))
    assert after.pairs[0] == keeping.pairs[0]


def test_clause_8_empty_hand_leaves_play() -> None:
    """A seat whose last card is drawn is announced safe and is skipped afterwards."""
    state = scenario(
        hands=[[Card(7)], [Card(8)], [Card(7), Card(8), MISTIGRI]],
        pairs=[laid_except(7, 8), [], []],
        to_move=2,
        seed=2,
    )
    # Seat 2 draws seat 0's only card: a pair of 7s for seat 2, seat 0 is out.
    after = state.apply(Draw(0))
    assert cm.LeftPlay(seat=0) in after.events
    assert after.hands[0] == ()
    assert after.to_move == 1
    assert after.draw_from == 2


def test_clause_9_match_ends_with_only_the_mistigri_left() -> None:
    """When the last pair is laid, the Mistigri's holder loses and the others win."""
    state = scenario(
        hands=[[Card(9)], [Card(9), MISTIGRI]],
        pairs=[laid_except(9), []],
        to_move=0,
        seed=3,
    )
    positions = range(len(state.legal_actions()))
    endings = [state.apply(Draw(p)) for p in positions]
    finished = [s for s in endings if s.is_over]
    assert finished, "drawing the 9 must end the match"
    for end in finished:
        assert end.outcome == cardgames.Outcome(winners=(0,), scores=(16, 0), losers=(1,))
        assert end.legal_actions() == ()
        assert isinstance(end.events[-1], cm.MatchEnded)
        assert "seat 1 is left with the Mistigri and loses" in str(end.events[-1])


# --- Rulings -------------------------------------------------------------------------------


def test_cl_1_card_codes_and_validation() -> None:
    """Cards have stable codes, and a motif outside 0..16 is refused with the bad value."""
    assert [c.code for c in (MISTIGRI, Card(1), Card(16))] == ["mistigri", "m1", "m16"]
    assert Card.from_code("m12") == Card(12)
    assert str(Card(3)) == "motif 3"
    assert str(MISTIGRI) == "Mistigri"
    with pytest.raises(ValueError, match="not 17"):
        Card(17)
    with pytest.raises(KeyError, match="'m0'"):
        Card.from_code("m0")


@pytest.mark.parametrize(
    ("players", "sizes"), [(2, (17, 16)), (3, (11, 11, 11)), (4, (9, 8, 8, 8))]
)
def test_cl_2_first_player_gets_the_extra_card(players: int, sizes: tuple[int, ...]) -> None:
    """Dealing starts with the first player, who gets one card more with 2 or 4 players."""
    for first in range(players):
        state = cm.GAME.new(players, seed=17, rules=Rules(first_player=first))
        counts = {e.seat: e.count for e in state.events if isinstance(e, cm.Dealt)}
        expected = {(first + i) % players: size for i, size in enumerate(sizes)}
        assert counts == expected


def test_cl_2_deal_goes_one_card_at_a_time_clockwise() -> None:
    """Seat ``first + k`` receives every ``players``-th card of the shuffled deck."""
    state = cm.GAME.new(3, seed=123, rules=Rules(first_player=1))
    dealt = {e.seat: e.hand for e in state.events if isinstance(e, cm.Dealt)}
    shuffled = [dealt[(1 + i) % 3][i // 3] for i in range(33)]
    assert Counter(shuffled) == Counter(DECK.cards)


def test_cl_3_pairs_are_laid_automatically_with_events() -> None:
    """Each opening pair is announced with its motif and leaves the hand."""
    state = cm.GAME.new(2, seed=8)
    dealt = {e.seat: e.hand for e in state.events if isinstance(e, cm.Dealt)}
    for seat in (0, 1):
        counts = Counter(c.motif for c in dealt[seat])
        expected_pairs = sorted(m for m, n in counts.items() if n == 2)
        assert sorted(state.pairs[seat]) == expected_pairs
        announced = [
            m
            for e in state.events
            if isinstance(e, cm.PairsLaid) and e.seat == seat
            for m in e.motifs
        ]
        assert sorted(announced) == expected_pairs


def test_cl_3_scenario_refuses_a_hand_holding_a_pair() -> None:
    """A scenario hand with both cards of a motif is refused, naming the motif and CL-3."""
    with pytest.raises(InvalidSetupError, match=r"pair of motif 5.*CL-3"):
        scenario(hands=[[Card(5), Card(5), MISTIGRI], []], pairs=[laid_except(5), []])


def test_cl_4_skip_seats_without_cards_when_drawing() -> None:
    """Seat 0 draws from seat 2 when seat 1, on its left, holds nothing."""
    state = scenario(
        hands=[[Card(1)], [], [Card(1), MISTIGRI]],
        pairs=[laid_except(1), [], []],
        to_move=0,
        seed=4,
    )
    assert state.draw_from == 2
    assert len(state.legal_actions()) == 2


def test_cl_4_next_turn_is_next_holder_clockwise_from_the_drawer() -> None:
    """After seat 3 empties seat 0, the turn skips seat 0 and goes to seat 1."""
    state = scenario(
        hands=[[Card(2)], [Card(3)], [Card(3), MISTIGRI], [Card(2)]],
        pairs=[laid_except(2, 3), [], [], []],
        to_move=3,
        seed=5,
    )
    after = state.apply(Draw(0))
    assert after.hands[0] == ()
    assert after.hands[3] == ()
    assert after.to_move == 1
    assert after.draw_from == 2


def test_cl_4_illegal_position_names_the_range() -> None:
    """Drawing at a position beyond the fan is refused with the legal range; state unchanged."""
    state = scenario(
        hands=[[Card(1)], [Card(1), MISTIGRI]],
        pairs=[laid_except(1), []],
        to_move=0,
        seed=6,
    )
    before = state.to_json()
    with pytest.raises(IllegalActionError, match=r"seat 0 cannot play draw #5.*0\.\.1"):
        state.apply(Draw(5))
    assert state.to_json() == before


def test_cl_4_every_card_equally_likely_whatever_the_position() -> None:
    """Over many seeds, a fixed position draws each card of the fan about equally often."""
    drawn: Counter[Card] = Counter()
    fan = [Card(1), Card(2), Card(3), MISTIGRI]
    for seed in range(2000):
        state = scenario(
            hands=[[Card(4)], fan, [Card(1), Card(2), Card(3), Card(4)]],
            pairs=[laid_except(1, 2, 3, 4), [], []],
            to_move=0,
            seed=seed,
        )
        after = state.apply(Draw(0))
        event = next(e for e in after.events if isinstance(e, cm.Drew))
        assert event.card is not None
        drawn[event.card] += 1
    assert set(drawn) == set(fan)
    assert all(400 <= n <= 600 for n in drawn.values()), drawn


def test_cl_5_seat_out_of_play_is_never_drawn_from_or_to_move() -> None:
    """Through a whole random match, no seat without cards moves or is drawn from."""
    state = cm.GAME.new(4, seed=99)
    while not state.is_over:
        assert state.to_move is not None
        assert state.hands[state.to_move]
        assert state.draw_from is not None
        assert state.hands[state.draw_from]
        assert state.draw_from != state.to_move
        state = state.apply(state.legal_actions()[-1])


def test_cl_6_deal_that_leaves_only_the_mistigri_ends_at_once() -> None:
    """A scenario with the Mistigri alone in hands is over before any turn."""
    state = scenario(hands=[[], [MISTIGRI], []], pairs=[ALL_MOTIFS[:8], ALL_MOTIFS[8:], []])
    assert state.is_over
    assert state.to_move is None
    assert state.outcome == cardgames.Outcome(winners=(0, 2), scores=(8, 8, 0), losers=(1,))
    assert isinstance(state.events[-1], cm.MatchEnded)


def test_cl_6_single_loser_everyone_else_wins() -> None:
    """In random matches the loser is exactly the seat holding the Mistigri at the end."""
    for seed in range(30):
        state = cm.GAME.new(3, seed=seed)
        while not state.is_over:
            state = state.apply(state.legal_actions()[0])
        outcome = state.outcome
        assert outcome is not None
        (loser,) = outcome.losers
        assert state.hands[loser] == (MISTIGRI,)
        assert outcome.winners == tuple(s for s in range(3) if s != loser)


def test_cl_7_most_pairs_wins_option() -> None:
    """With most_pairs_wins, only the non-losers with the most pairs win."""
    hands = [[], [MISTIGRI], []]
    pairs = [ALL_MOTIFS[:9], [], ALL_MOTIFS[9:]]
    plain = scenario(hands=hands, pairs=pairs)
    strict = scenario(hands=hands, pairs=pairs, rules=Rules(most_pairs_wins=True))
    assert plain.outcome is not None
    assert strict.outcome is not None
    assert plain.outcome.winners == (0, 2)
    assert strict.outcome.winners == (0,)
    assert strict.outcome.losers == (1,)
    tied = scenario(
        hands=[[], [MISTIGRI], []],
        pairs=[ALL_MOTIFS[:8], [], ALL_MOTIFS[8:]],
        rules=Rules(most_pairs_wins=True),
    )
    assert tied.outcome is not None
    assert tied.outcome.winners == (0, 2)


# --- Setup validation, views, serialization ---------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hands": [[MISTIGRI], []], "pairs": [ALL_MOTIFS[:15], []]}, r"missing: \['motif 16'"),
        (
            {"hands": [[MISTIGRI, Card(1)], [Card(1)]], "pairs": [ALL_MOTIFS, []]},
            r"extra: \['motif 1', 'motif 1'\]",
        ),
        ({"hands": [[MISTIGRI], []], "pairs": [[*ALL_MOTIFS, 17], []]}, "motifs are 1..16"),
        ({"hands": [["m1"], []], "pairs": [ALL_MOTIFS, []]}, "not a classic Mistigri card"),
        (
            {
                "hands": [[Card(1)], [Card(1), MISTIGRI]],
                "pairs": [laid_except(1), []],
                "to_move": 5,
            },
            "to_move must be a seat holding cards",
        ),
        ({"hands": [[MISTIGRI]], "pairs": [ALL_MOTIFS]}, "2 to 4 players"),
        ({"hands": [[MISTIGRI], []], "pairs": [ALL_MOTIFS]}, "each of the 2 seats"),
    ],
)
def test_scenario_validation(kwargs: dict[str, object], message: str) -> None:
    """Impossible scenarios are refused with a message saying what is wrong."""
    with pytest.raises(InvalidSetupError, match=message):
        scenario(**kwargs)  # type: ignore[arg-type]


def test_first_player_must_be_a_seat() -> None:
    """A first_player beyond the table is refused with the seat count."""
    with pytest.raises(InvalidSetupError, match="first_player 3 is not a seat of a 3-player"):
        cm.GAME.new(3, seed=1, rules=Rules(first_player=3))
    with pytest.raises(InvalidSetupError, match="first_player must be a seat number"):
        Rules(first_player=-1)


def test_view_shows_own_hand_and_public_table_only() -> None:
    """A view holds the seat's hand, hand sizes and pairs, and no other seat's cards."""
    state = cm.GAME.new(3, seed=21)
    view = state.view(1)
    assert view.hand == state.hands[1]
    assert view.hand_sizes == tuple(len(h) for h in state.hands)
    assert view.pairs == state.pairs
    assert view.legal_actions == ()
    assert state.view(0).legal_actions == state.legal_actions()
    doc = json.loads(view.to_json())
    assert doc["game"] == "classic-mistigri"
    assert doc["hand"] == [c.code for c in state.hands[1]]
    dealt = {e["seat"]: e for e in doc["events"] if e["kind"] == "dealt"}
    assert dealt[1]["hand"] == [c.code for c in state.events[1].hand]  # type: ignore[attr-defined]
    assert dealt[0]["hand"] == []
    assert dealt[2]["hand"] == []
    assert dealt[0]["count"] == 11


def test_view_of_unknown_seat_is_refused() -> None:
    """Asking for the view of a seat that does not exist names the valid seats."""
    state = cm.GAME.new(2, seed=1)
    with pytest.raises(ValueError, match=r"seats are 0\.\.1"):
        state.view(2)


def test_json_round_trip_of_a_scenario() -> None:
    """A scenario state, played on, reloads equal from its JSON form."""
    state = scenario(
        hands=[[Card(1), Card(2)], [Card(2)], [Card(1), MISTIGRI]],
        pairs=[laid_except(1, 2), [], []],
        to_move=0,
        seed=77,
    )
    state = state.apply(Draw(0))
    loaded = cm.GAME.from_json(state.to_json())
    assert loaded == state
    assert loaded.hands == state.hands


def test_state_is_immutable() -> None:
    """Public attributes of a state cannot be assigned."""
    state = cm.GAME.new(2, seed=1)
    with pytest.raises(AttributeError):
        state.players = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        state.anything = 1  # type: ignore[attr-defined]


@pytest.mark.parametrize("players", range(2, 5))
def test_deal_events_equal_those_their_classes_build(players: int) -> None:
    """The deal's events, which the rules build field by field, equal their classes' own."""
    for seed in range(4):
        for event in cm.GAME.new(players, seed=seed).events:
            # evolve reads every field of the event and calls the class with them
            rebuilt = attrs.evolve(event)
            assert type(rebuilt) is type(event)
            assert rebuilt == event
            assert hash(rebuilt) == hash(event)
            assert rebuilt.to_dict() == event.to_dict()


def test_a_draw_logs_the_events_built_at_import_not_a_copy() -> None:
    """A draw that ends nobody's play logs the very events tuple built at import, in both builds.

    The compiled build once copied that tuple on every draw (its table's inferred fixed-length
    tuple type made mypyc unbox and rebox it): each state then kept one tuple more than in the
    pure build.
    """
    kept: list[cm.State] = []
    first_of: dict[object, int] = {}
    repeats = 0
    for seed in range(20):
        state = cm.GAME.new(3, seed=seed)
        while not state.is_over:
            state = state.apply(state.legal_actions()[0])
            kept.append(state)  # alive, so that no id is reused
            events = state._log.last[1]  # the log entry of that draw
            if isinstance(events, tuple):  # a draw that ended nobody's play
                repeats += events in first_of
                assert first_of.setdefault(events, id(events)) == id(events)
    assert repeats > 100


def test_golden_transcript() -> None:
    """A seeded 3-player match narrates exactly as recorded (guards the rng and the rules)."""
    state = cm.GAME.new(3, seed=2026)
    while not state.is_over:
        state = state.apply(state.legal_actions()[len(state.legal_actions()) // 2])
    transcript = "\n".join(str(e) for e in state.events) + "\n"
    golden = Path(__file__).parent.parent / "golden" / "classic-mistigri-3p-2026.txt"
    assert transcript == golden.read_text(encoding="utf-8")


@pytest.mark.parametrize("players", range(2, 5))
def test_contract_checks_pass(players: int) -> None:
    """The whole engine contract holds on seeded random matches at this player count."""
    testing.check_game(cm.GAME, players=[players], seeds=(11, 2_718_281_828))
