"""War's rules, clause by clause (``rules.md`` beside this file)."""

from __future__ import annotations

from collections import Counter

import pytest

from cardgames.errors import InvalidSetupError
from war.rules import DECK, GAME, Battle, Card, Flipped, Rules, scenario


def _piles(first: list[int], second: list[int]) -> list[list[Card]]:
    return [[Card(v) for v in first], [Card(v) for v in second]]


# Two piles that hold the deck; each pile's top card is its last.
FIRST = [1, 2, 3, 4, 5, 6, 7, 8]
SECOND = [1, 2, 3, 4, 5, 6, 8, 7]


def test_clause_1_the_deck_holds_two_cards_of_each_value() -> None:
    """Clause 1: sixteen cards, two of each value 1..8, and no other value."""
    assert Counter(card.value for card in DECK) == dict.fromkeys(range(1, 9), 2)
    with pytest.raises(ValueError, match=r"1\.\.8"):
        Card(9)


def test_clause_2_the_deal_splits_the_deck_into_two_even_piles() -> None:
    """Clause 2: a new match deals eight cards face down to each of the two players."""
    state = GAME.new(2, seed=3)
    assert state.view(0).pile_sizes == (8, 8)
    with pytest.raises(InvalidSetupError, match="2 to 2 players"):
        GAME.new(3, seed=3)


def test_wr_1_no_one_sees_a_pile_not_even_its_owner() -> None:
    """WR-1: both piles are hidden zones for both seats, and views show only their sizes."""
    state = GAME.new(2, seed=5)
    for seat in (0, 1):
        assert not {"pile/0", "pile/1"} & state.visible_zones(seat)
        assert not state.view(seat).table


def test_clause_3_the_leader_flips_then_the_other_player() -> None:
    """Clause 3: the rules' first player flips first, then the other player answers."""
    state = scenario(_piles(FIRST, SECOND), to_move=1)
    assert state.to_move == 1
    state = state.apply(state.legal_actions()[0])
    assert state.events[-1] == Flipped(1, Card(7))
    assert state.to_move == 0
    assert GAME.new(2, seed=1, rules=Rules(first_player=1)).to_move == 1


def test_clause_4_the_higher_card_takes_both_and_leads() -> None:
    """Clause 4: seat 0's 8 beats seat 1's 7: seat 0 takes both cards and leads the next."""
    state = scenario(_piles(FIRST, SECOND))
    state = state.apply(state.legal_actions()[0])  # seat 0 flips its 8
    state = state.apply(state.legal_actions()[0])  # seat 1 flips its 7
    assert state.events[-1] == Battle(0)
    assert state.view(1).won == ((Card(8), Card(7)), ())
    assert state.to_move == 0


def test_wr_2_equal_cards_go_to_the_ties_and_the_leader_leads_again() -> None:
    """WR-2: a tie takes no card into a seat's won cards; the same leader flips next."""
    state = scenario(_piles(FIRST, FIRST), to_move=1)
    state = state.apply(state.legal_actions()[0])
    state = state.apply(state.legal_actions()[0])
    assert state.events[-1] == Battle(None)
    assert state.view(0).ties == (Card(8), Card(8))
    assert state.to_move == 1


def test_clause_5_the_most_cards_won_wins_and_equal_counts_share() -> None:
    """Clause 5: once the piles are empty, the seat with most cards won wins, ties share."""
    # Seat 0's 8 and 7 beat a 7 and a 6, its 6 loses to an 8; the other five battles are ties.
    state = scenario(_piles(FIRST, [1, 2, 3, 4, 5, 8, 6, 7]))
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    assert state.outcome is not None
    assert state.outcome.winners == (0,)
    assert state.scores == (4, 2)
    same = scenario(_piles(FIRST, SECOND))
    while not same.is_over:
        same = same.apply(same.legal_actions()[0])
    assert same.outcome is not None
    assert same.outcome.winners == (0, 1)
