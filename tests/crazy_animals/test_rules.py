"""Crazy Animals: one test per rule clause (``test_clause_N_*``) and ruling (``test_ca_N_*``).

The clauses are those of ``docs/games/crazy-animals.md``; ``test_rule_coverage.py`` fails if
one of them has no test here. The perfect-recall knowledge of the views is checked on explicit
scenarios and, over random play, against the real table and against an independent replay of
each seat's own events.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import Outcome, _hot, classic_mistigri, testing
from cardgames import crazy_animals as ca
from cardgames.crazy_animals import (
    DECK,
    DRAW_TWO,
    GAME,
    PEEK,
    SWAP,
    Card,
    Discard,
    Draw,
    DrawAgain,
    DrawTwo,
    Knock,
    NoKnock,
    Peek,
    Replace,
    Rules,
    Swap,
    TakeDiscard,
    scenario,
)
from cardgames.crazy_animals import rules as ca_rules
from cardgames.crazy_animals._position import _POSITION_FIELDS, _STEP_NAMES
from cardgames.engine import Event
from cardgames.errors import IllegalActionError, InvalidSetupError, InvalidStateError
from cardgames.rng import Rng
from strategies import CHOICES, SEEDS

N = [Card(v) for v in range(10)]  # N[v] is a number card of value v


def table(
    slots: Sequence[Sequence[Card]],
    *,
    draws: Sequence[Card] = (),
    discard_top: Sequence[Card] = (N[5],),
    rest_in_stock: bool = True,
    **kwargs: Any,  # noqa: ANN401 - passed on to scenario()
) -> ca.State:
    """A scenario whose stock yields ``draws`` in that order, every other card out of the way.

    The cards not named go to the bottom of the stock (or of the discard pile, so that the
    stock runs out after ``draws``); ``discard_top`` ends the discard pile (its last card on top).
    """
    named = Counter([c for row in slots for c in row]) + Counter(draws) + Counter(discard_top)
    rest = list((Counter(DECK.cards) - named).elements())
    stock = [*rest, *reversed(draws)] if rest_in_stock else list(reversed(draws))
    discard = list(discard_top) if rest_in_stock else [*rest, *discard_top]
    return scenario(slots, stock=stock, discard_pile=discard, **kwargs)


def new_events(before: ca.State, after: ca.State) -> tuple[Any, ...]:
    """The events ``after`` added to ``before``."""
    return after.events[len(before.events) :]


def play(state: ca.State, *actions: Any) -> ca.State:  # noqa: ANN401 - any action type
    """Apply ``actions`` in order."""
    for action in actions:
        state = state.apply(action)
    return state


TWO = [[N[1], N[2], N[3], N[4]], [N[5], N[6], N[7], N[8]]]
THREE = [*TWO, [N[0], N[0], N[9], N[9]]]


def replay_knowledge(view: ca.View) -> list[list[Card | None]]:
    """Rebuild a seat's knowledge from nothing but the events of its own view."""
    seat, players = view.seat, view.players
    known: list[list[Card | None]] = [[None] * 4 for _ in range(players)]
    drawn: Card | None = None
    for event in view.events:
        match event:
            case ca.RoundDealt():
                known = [[None] * 4 for _ in range(players)]
            case ca.Looked(seat=s, seen=(first, last)) if s == seat:
                known[s][0], known[s][3] = first, last
            case ca.Drew(seat=s, card=card) if s == seat:
                drawn = card
            case ca.TookDiscard(seat=s, slot=k, card=card):
                known[s][k] = card
            case ca.Replaced(seat=s, slot=k):
                known[s][k] = drawn if s == seat else None
            case ca.Swapped(seat=s, slot=a, other=o, other_slot=b):
                known[s][a], known[o][b] = known[o][b], known[s][a]
            case ca.Peeked(seat=s, slot=k, card=card) if s == seat:
                known[s][k] = card
            case ca.RoundScored(slots=rows):
                known = [list(row) for row in rows]
            case _:
                pass
    return known


# --- Clauses -------------------------------------------------------------------------------


def test_clause_1_deck_has_numbers_and_three_specials() -> None:
    """The deck holds 45 numbers 0..9 and 21 specials, each card with a code and a value."""
    counts = Counter(DECK.cards)
    assert len(DECK) == 66
    assert sum(n for c, n in counts.items() if not c.is_special) == 45
    assert (counts[SWAP], counts[PEEK], counts[DRAW_TWO]) == (9, 7, 5)
    assert [N[4].value, SWAP.value] == [4, None]
    assert [str(N[7]), str(SWAP), str(PEEK), str(DRAW_TWO)] == ["7", "Swap", "Peek", "Draw-two"]
    assert Card.from_code("draw-two") is not None
    assert Card.from_code("draw-two") == DRAW_TWO


def test_clause_2_two_to_six_players() -> None:
    """Matches of 2 to 6 players can be created; 1 and 7 cannot."""
    for players in range(2, 7):
        assert GAME.new(players, seed=1).players == players
    for players in (1, 7):
        with pytest.raises(InvalidSetupError, match="2 to 6 players"):
            GAME.new(players, seed=1)


def test_clause_3_deal_fills_four_slots_turns_one_card_up() -> None:
    """Each seat gets 4 cards, one card starts the discard pile and the rest is the stock."""
    for players in range(2, 7):
        state = GAME.new(players, seed=players)
        assert [len(row) for row in state.slots] == [4] * players
        assert len(state.discard_pile) == 1
        assert len(state.stock) == 66 - 4 * players - 1
        dealt = state.events[0]
        assert isinstance(dealt, ca.RoundDealt)
        assert dealt.face_up == state.discard_pile[-1]


def test_clause_4_each_seat_looks_at_its_outer_slots() -> None:
    """Each seat sees its slots 0 and 3 once, privately, and knows them afterwards."""
    state = table(THREE)
    looks = [e for e in state.events if isinstance(e, ca.Looked)]
    assert [(e.seat, e.seen) for e in looks] == [
        (0, (N[1], N[4])),
        (1, (N[5], N[8])),
        (2, (N[0], N[9])),
    ]
    assert all(e.visible_to == frozenset({e.seat}) for e in looks)
    assert state.view(1).knowledge == (
        (None, None, None, None),
        (N[5], None, None, N[8]),
        (None, None, None, None),
    )
    assert str(state.view(0).events[2]) == "seat 1 looks at its slots 0 and 3"


def test_clause_5_first_player_starts_then_clockwise() -> None:
    """The first player moves first and turns then pass to the left."""
    state = GAME.new(4, seed=5, rules=Rules(first_player=2))
    assert state.to_move == 2
    assert state.starting_player == 2
    state = play(state, Draw(), Discard())
    assert state.to_move == 3
    state = play(state, Draw(), Discard(), Draw(), Discard())
    assert state.to_move == 1


def test_clause_6_take_the_discard_into_a_slot() -> None:
    """Action A puts the top discard into a slot unseen and turns that slot's card face up."""
    state = table(TWO, discard_top=[N[0]])
    assert state.legal_actions() == (*(TakeDiscard(k) for k in range(4)), Draw())
    after = state.apply(TakeDiscard(2))
    assert after.slots[0] == (N[1], N[2], N[0], N[4])
    assert after.discard_pile[-1] == N[3]
    (event,) = new_events(state, after)
    assert event == ca.TookDiscard(seat=0, slot=2, card=N[0], revealed=N[3])
    assert after.to_move == 1
    # Everybody saw which card went in.
    assert after.view(1).knowledge[0][2] == N[0]


def test_clause_7_draw_then_discard_replace_or_use() -> None:
    """Action B shows the drawn card to its drawer, who discards it, places it or uses it."""
    state = table(TWO, draws=[N[9], PEEK])
    drawn = state.apply(Draw())
    assert drawn.view(0).drawn == N[9]
    assert drawn.view(1).drawn is None
    assert drawn.legal_actions() == (Discard(), *(Replace(k) for k in range(4)))
    placed = drawn.apply(Replace(1))
    assert placed.slots[0] == (N[1], N[9], N[3], N[4])
    assert placed.discard_pile[-1] == N[2]
    assert placed.view(0).knowledge[0][1] == N[9]
    assert placed.view(1).knowledge[0][1] is None
    special = placed.apply(Draw())
    assert special.legal_actions() == (Discard(), *(Peek(k) for k in range(4)))
    unused = special.apply(Discard())
    assert unused.discard_pile[-1] == PEEK
    assert unused.slots == placed.slots


def test_clause_8_swap_exchanges_two_slots_unseen() -> None:
    """A Swap exchanges a slot of the mover with another seat's slot and is then discarded."""
    state = play(table(THREE, draws=[SWAP]), Draw())
    swaps = [a for a in state.legal_actions() if isinstance(a, Swap)]
    assert len(swaps) == 4 * 2 * 4
    assert all(a.other != 0 for a in swaps)
    after = state.apply(Swap(3, 2, 0))
    assert after.slots[0] == (N[1], N[2], N[3], N[0])
    assert after.slots[2] == (N[4], N[0], N[9], N[9])
    assert after.discard_pile[-1] == SWAP
    event, discarded = new_events(state, after)
    assert event == ca.Swapped(seat=0, slot=3, other=2, other_slot=0)
    assert discarded == ca.SpecialDiscarded(seat=0, card=SWAP)
    assert event.visible_to is None
    assert str(event) == (
        "seat 0 plays a Swap: its slot 3 and seat 2's slot 0 change places, unseen"
    )


def test_clause_9_peek_shows_one_own_slot_to_its_owner() -> None:
    """A Peek shows one of the mover's own slots to the mover alone."""
    state = play(table(TWO, draws=[PEEK]), Draw())
    after = state.apply(Peek(2))
    event, discarded = new_events(state, after)
    assert event == ca.Peeked(seat=0, slot=2, card=N[3], visible_to=frozenset({0}))
    assert discarded == ca.SpecialDiscarded(seat=0, card=PEEK)
    assert after.view(1).events[-2] == ca.Peeked(
        seat=0, slot=2, card=None, visible_to=frozenset({0})
    )
    assert after.view(0).knowledge[0] == (N[1], None, N[3], N[4])
    assert after.view(1).knowledge[0] == (None, None, None, None)
    assert after.discard_pile[-1] == PEEK


def test_clause_10_draw_two_gives_one_second_chance() -> None:
    """A Draw-two draws a card that may be traded once for the next, which must be used."""
    state = play(table(TWO, draws=[DRAW_TWO, N[9], N[0]]), Draw())
    assert state.legal_actions() == (Discard(), DrawTwo())
    first = state.apply(DrawTwo())
    assert first.view(0).step == "draw-two"
    assert first.in_play == (DRAW_TWO,)
    assert first.legal_actions() == (Discard(), DrawAgain(), *(Replace(k) for k in range(4)))
    second = first.apply(DrawAgain())
    assert second.discard_pile[-1] == N[9]
    assert second.drawn == N[0]
    assert second.legal_actions() == (Discard(), *(Replace(k) for k in range(4)))
    done = second.apply(Replace(0))
    assert done.slots[0][0] == N[0]
    assert done.discard_pile[-3:] == (N[9], N[1], DRAW_TWO)
    assert done.to_move == 1
    # Using the first card as in action B ends the turn at once.
    kept = first.apply(Replace(3))
    assert kept.slots[0][3] == N[9]
    assert kept.to_move == 1


def test_clause_11_empty_stock_is_refilled_from_the_discard_pile() -> None:
    """Drawing from an empty stock first shuffles the discard pile, but its top, into a stock."""
    state = table(TWO, rest_in_stock=False, discard_top=[N[6]])
    assert state.stock == ()
    before = len(state.discard_pile)
    after = state.apply(Draw())
    reshuffled, drew = new_events(state, after)
    assert reshuffled == ca.StockReshuffled(count=before - 1)
    assert isinstance(drew, ca.Drew)
    assert after.discard_pile == (N[6],)
    assert len(after.stock) == before - 2


def test_clause_12_knock_gives_everybody_else_one_last_turn() -> None:
    """After a knock each other seat plays once more, then the round ends without the knocker."""
    state = table(THREE, turns_taken=3, rules=Rules(rounds=1))
    state = state.apply(TakeDiscard(0))
    assert state.to_move == 0
    assert state.legal_actions() == (Knock(), NoKnock())
    knocked = state.apply(Knock())
    assert knocked.knocker == 0
    assert knocked.to_move == 1
    assert knocked.view(2).final_turns == 2
    last = play(knocked, TakeDiscard(1))
    assert last.to_move == 2
    assert last.legal_actions() == (*(TakeDiscard(k) for k in range(4)), Draw())
    over = last.apply(TakeDiscard(1))
    assert over.is_over
    assert isinstance(over.events[-2], ca.RoundScored)


def test_clause_13_round_score_is_the_sum_of_the_four_slots() -> None:
    """At the end of a round every seat scores the values of its four slots, specials replaced."""
    slots = [[N[0], N[1], N[2], PEEK], [N[9], N[9], N[9], N[9]]]
    state = table(slots, draws=[N[4]], turns_taken=2, rules=Rules(rounds=1))
    over = play(state, TakeDiscard(0), Knock(), TakeDiscard(0))
    scored = over.events[-2]
    assert isinstance(scored, ca.RoundScored)
    assert scored.slots[0] == (N[5], N[1], N[2], N[4])
    assert scored.points == (12, 9 + 9 + 9 + 0)
    assert over.scores == (12, 27)


def test_clause_14_lowest_total_wins_after_the_last_round() -> None:
    """After the last round the lowest total wins, and equal lowest totals share the win."""
    slots = [[N[0], N[0], N[1], N[1]], [N[0], N[0], N[1], N[1]]]
    state = table(slots, discard_top=[N[3]], turns_taken=2, round=4, scores=[10, 8])
    over = play(state, TakeDiscard(0), Knock(), TakeDiscard(0))
    assert over.is_over
    assert over.scores == (10 + 5, 8 + 2)  # seat 0 took the 3, seat 1 the 0 that came out
    assert over.outcome == Outcome(winners=(1,), scores=(15, 10))
    tied = table(slots, discard_top=[N[3]], turns_taken=2, round=4, scores=[10, 13])
    tied = play(tied, TakeDiscard(0), Knock(), TakeDiscard(1))
    assert tied.outcome is not None
    assert tied.scores == (15, 15)
    assert tied.outcome.winners == (0, 1)
    assert "seat 0, seat 1 win with 15 points" in str(tied.events[-1])


def test_clause_15_players_see_only_what_they_saw() -> None:
    """Drawn and peeked cards are private, swapped cards are seen by nobody, discards by all."""
    state = table(THREE, draws=[N[8], SWAP, PEEK])
    state = play(state, Draw(), Replace(0), Draw(), Swap(0, 0, 0), Draw(), Peek(1))
    for seat in range(3):
        view = state.view(seat)
        drew = [e for e in view.events if isinstance(e, ca.Drew)]
        assert [e.card is not None for e in drew] == [seat == 0, seat == 1, seat == 2]
        assert view.discard_pile == state.discard_pile
    assert state.view(0).knowledge[1][0] == N[8]  # its 8, swapped into seat 1's slot 0
    assert state.view(1).knowledge[0][0] == N[5]  # its 5, swapped into seat 0's slot 0
    assert state.view(2).knowledge[2][1] == N[0]  # its peek
    assert state.view(1).knowledge[2][1] is None


# --- Rulings -------------------------------------------------------------------------------


def test_ca_1_card_codes_and_validation() -> None:
    """Cards have stable codes and a face outside 0..12 is refused with the bad value."""
    assert [c.code for c in (N[0], N[9], SWAP, PEEK, DRAW_TWO)] == [
        "0",
        "9",
        "swap",
        "peek",
        "draw-two",
    ]
    assert Card.from_code("7") == N[7]
    with pytest.raises(ValueError, match="not 13"):
        Card(13)
    with pytest.raises(KeyError, match="'10'"):
        Card.from_code("10")


def test_ca_2_special_dealt_into_a_slot_is_never_usable() -> None:
    """A special in a slot is never offered for use; Action A puts it face up like any card."""
    slots = [[SWAP, PEEK, DRAW_TWO, SWAP], TWO[1]]
    state = table(slots, discard_top=[N[2]])
    assert state.view(0).knowledge[0] == (SWAP, None, None, SWAP)
    after = state.apply(TakeDiscard(0))
    assert after.discard_pile[-1] == SWAP
    assert after.legal_actions() == (Draw(),)  # a special on the pile cannot be taken


def test_ca_3_special_on_the_discard_pile_cannot_be_taken() -> None:
    """With a special on top of the discard pile only the draw is legal, and the error says why."""
    state = table(TWO, discard_top=[PEEK])
    assert state.legal_actions() == (Draw(),)
    before = state.to_json()
    with pytest.raises(IllegalActionError, match=r"top of the discard pile is a Peek.*CA-3"):
        state.apply(TakeDiscard(1))
    assert state.to_json() == before


def test_ca_3_special_drawn_cannot_go_into_a_slot() -> None:
    """A drawn special can be used or discarded but never placed, and the error says so."""
    state = play(table(TWO, draws=[SWAP]), Draw())
    with pytest.raises(IllegalActionError, match=r"the drawn Swap is a special card.*CA-3"):
        state.apply(Replace(0))


def test_ca_4_draw_two_drawn_during_draw_two_restarts_it() -> None:
    """A Draw-two drawn through a Draw-two can be played, and its first card may be traded again."""
    state = play(table(TWO, draws=[DRAW_TWO, DRAW_TWO, N[7], N[3]]), Draw(), DrawTwo())
    assert state.drawn == DRAW_TWO
    assert state.legal_actions() == (Discard(), DrawAgain(), DrawTwo())
    again = state.apply(DrawTwo())
    assert again.drawn == N[7]
    assert again.view(0).step == "draw-two"
    assert DrawAgain() in again.legal_actions()
    last = again.apply(DrawAgain())
    assert last.drawn == N[3]
    assert DrawAgain() not in last.legal_actions()
    with pytest.raises(IllegalActionError, match="only the first card drawn through a Draw-two"):
        last.apply(DrawAgain())
    kinds = [e.kind for e in last.events[-6:]]
    assert kinds == ["draw-two-played", "drew", "draw-two-played", "drew", "discarded", "drew"]


def test_ca_4_draw_two_then_a_special_that_is_used() -> None:
    """The second card of a Draw-two may be a special, used as in action B."""
    state = play(table(THREE, draws=[DRAW_TWO, N[9], PEEK]), Draw(), DrawTwo(), DrawAgain())
    assert state.legal_actions() == (Discard(), *(Peek(k) for k in range(4)))
    after = state.apply(Peek(1))
    assert after.view(0).knowledge[0][1] == N[2]
    assert after.to_move == 1


def test_ca_5_reshuffle_keeps_the_top_discard_and_is_seeded() -> None:
    """The reshuffled stock holds every other discarded card, in an order fixed by the seed."""
    orders = set()
    for seed in range(5):
        state = table(TWO, rest_in_stock=False, discard_top=[N[6]], seed=seed)
        pile = Counter(state.discard_pile[:-1])
        after = state.apply(Draw())
        assert after.drawn is not None
        assert Counter(after.stock) + Counter([after.drawn]) == pile
        again = table(TWO, rest_in_stock=False, discard_top=[N[6]], seed=seed).apply(Draw())
        assert again.stock == after.stock
        orders.add(after.stock)
    assert len(orders) > 1


def test_ca_6_no_knock_before_everybody_has_played() -> None:
    """The knock decision appears only once every seat has had a turn this round."""
    state = table(TWO)
    state = state.apply(TakeDiscard(0))
    assert state.to_move == 1
    assert state.view(1).everyone_has_played is False
    with pytest.raises(IllegalActionError, match="once every player has had a turn"):
        state.apply(Knock())
    state = state.apply(TakeDiscard(0))
    assert state.to_move == 1
    assert state.legal_actions() == (Knock(), NoKnock())
    state = state.apply(NoKnock())
    assert state.to_move == 0
    assert state.knocker is None


def test_ca_6_knockers_slots_can_be_swapped_in_final_turns() -> None:
    """During the last turns another seat may Swap with the knocker, who does not play again."""
    state = table(TWO, draws=[SWAP], turns_taken=2, rules=Rules(rounds=1))
    state = play(state, TakeDiscard(3), Knock())
    with pytest.raises(IllegalActionError, match="seat 0 has already knocked"):
        state.apply(Knock())
    state = play(state, Draw(), Swap(0, 0, 1))
    assert state.is_over
    scored = next(e for e in state.events if isinstance(e, ca.RoundScored))
    assert scored.slots[0] == (N[1], N[5], N[3], N[5])  # seat 1's 5 landed in slot 1
    assert scored.slots[1] == (N[2], N[6], N[7], N[8])
    assert state.scores == (14, 23)


def test_ca_7_special_replaced_drawing_past_another_special() -> None:
    """At scoring a special in a slot is replaced by drawing on until a number comes."""
    slots = [[N[1], N[2], N[3], N[4]], [N[5], PEEK, N[7], N[8]]]
    state = table(slots, draws=[SWAP, N[6]], turns_taken=2, rules=Rules(rounds=1))
    over = play(state, TakeDiscard(0), Knock(), TakeDiscard(0))
    replaced = [e for e in over.events if isinstance(e, ca.SpecialReplaced)]
    assert replaced == [ca.SpecialReplaced(seat=1, slot=1, special=PEEK, drawn=(SWAP, N[6]))]
    assert str(replaced[0]) == (
        "seat 1's slot 1 held the Peek: seat 1 draws past the Swap to the 6"
    )
    scored = over.events[-2]
    assert isinstance(scored, ca.RoundScored)
    assert scored.slots[1] == (N[1], N[6], N[7], N[8])
    assert over.discard_pile[-2:] == (PEEK, SWAP)


def test_ca_7_knocker_replaces_first_then_clockwise() -> None:
    """Specials are replaced from the knocker's seat on, clockwise, each in slot order."""
    slots = [[PEEK, N[0], N[0], N[0]], [N[1], N[1], SWAP, DRAW_TWO], [SWAP, N[2], N[2], N[2]]]
    state = table(slots, draws=[N[3], N[4], N[6], N[7]], turns_taken=3, rules=Rules(rounds=1))
    moves = [TakeDiscard(1), NoKnock(), TakeDiscard(1), Knock(), TakeDiscard(1), TakeDiscard(1)]
    over = play(state, *moves)
    assert over.is_over
    replaced = [(e.seat, e.slot, e.drawn) for e in over.events if isinstance(e, ca.SpecialReplaced)]
    assert replaced == [(1, 2, (N[3],)), (1, 3, (N[4],)), (2, 0, (N[6],)), (0, 0, (N[7],))]


def test_ca_8_rounds_and_rotating_starting_player() -> None:
    """A match lasts as many rounds as players (4 with 2), each round started one seat further."""
    for players, rounds in [(2, 4), (3, 3), (5, 5)]:
        *_, state = testing.random_match(GAME, players, seed=players)
        starters = [e.starter for e in state.events if isinstance(e, ca.RoundDealt)]
        assert starters == [r % players for r in range(rounds)]
        assert state.round == rounds
        totals = [e.totals for e in state.events if isinstance(e, ca.RoundScored)]
        assert len(totals) == rounds
        assert state.scores == totals[-1]
        assert state.outcome is not None
        assert state.outcome.winners == tuple(
            s for s in range(players) if state.scores[s] == min(state.scores)
        )
    shifted = GAME.new(3, seed=3, rules=Rules(first_player=1, rounds=2))
    while not shifted.is_over:
        shifted = shifted.apply(shifted.legal_actions()[0])
    assert [e.starter for e in shifted.events if isinstance(e, ca.RoundDealt)] == [1, 2]


def test_ca_8_rounds_option_is_validated() -> None:
    """The rounds option accepts None or 1..100 and names the bad value otherwise."""
    assert Rules().round_count(2) == 4
    assert Rules().round_count(6) == 6
    assert Rules(rounds=2).round_count(6) == 2
    with pytest.raises(InvalidSetupError, match="not 0"):
        Rules(rounds=0)
    with pytest.raises(InvalidSetupError, match="first_player 4 is not a seat of a 3-player"):
        GAME.new(3, seed=1, rules=Rules(first_player=4))


def test_ca_9_views_hide_drawn_peeked_and_unseen_cards() -> None:
    """Other seats see a draw, a peek and a placement without the cards; discards are public."""
    state = table(TWO, draws=[N[0], PEEK])
    state = play(state, Draw(), Replace(2), Draw(), Peek(1))
    other = state.view(0)
    drew = [e for e in other.events if isinstance(e, ca.Drew) and e.seat == 1]
    assert drew == [ca.Drew(seat=1, card=None, visible_to=frozenset({1}))]
    assert str(drew[0]) == "seat 1 draws a card from the stock"
    assert other.knowledge[0][2] == N[0]
    assert other.knowledge[1] == (None, None, None, None)
    assert state.view(1).knowledge[1] == (N[5], N[6], None, N[8])
    doc = json.loads(other.to_json())
    assert doc["game"] == "crazy-animals"
    assert doc["drawn"] is None


def test_ca_10_swap_goes_on_the_pile_after_the_exchange() -> None:
    """A used Swap reaches the discard pile after its exchange, and then tops the pile."""
    state = play(table(TWO, draws=[SWAP]), Draw())
    assert state.zones()["hand/0"] == (SWAP,)
    after = state.apply(Swap(0, 1, 0))
    assert [e.kind for e in new_events(state, after)] == ["swapped", "special-discarded"]
    assert after.events[-1] == ca.SpecialDiscarded(seat=0, card=SWAP)
    assert after.discard_pile == (N[5], SWAP)
    assert after.in_play == ()
    assert after.legal_actions() == (Draw(),)


def test_ca_10_peek_goes_on_the_pile_after_the_look() -> None:
    """A used Peek reaches the discard pile after the private look, in everybody's sight."""
    state = play(table(TWO, draws=[PEEK]), Draw())
    after = state.apply(Peek(1))
    assert [e.kind for e in new_events(state, after)] == ["peeked", "special-discarded"]
    assert after.view(1).events[-1] == ca.SpecialDiscarded(seat=0, card=PEEK)
    assert after.discard_pile == (N[5], PEEK)
    assert after.in_play == ()


def test_ca_10_draw_two_first_card_discarded_second_used() -> None:
    """A Draw-two stays in play while it draws, then lands on the cards its action moved."""
    start = play(table(TWO, draws=[DRAW_TWO, N[0], N[2]]), Draw())
    played = start.apply(DrawTwo())
    assert played.in_play == (DRAW_TWO,)
    assert played.discard_pile == (N[5],)  # not on the pile yet
    assert played.zones()["in_play"] == (DRAW_TWO,)
    assert "in_play" in played.visible_zones(1)
    assert played.view(1).in_play == (DRAW_TWO,)  # face up: everybody saw it played
    testing.check_state(played, Rng(1, 1))  # the cards are conserved, the views leak nothing
    second = played.apply(DrawAgain())
    assert second.discard_pile == (N[5], N[0])
    assert second.in_play == (DRAW_TWO,)
    testing.check_state(second, Rng(1, 2))
    done = second.apply(Replace(3))
    assert done.discard_pile == (N[5], N[0], N[4], DRAW_TWO)
    assert done.in_play == ()
    kinds = [e.kind for e in new_events(start, done)]
    assert kinds == [
        "draw-two-played",
        "drew",
        "discarded",
        "drew",
        "replaced",
        "special-discarded",
    ]
    assert done.events[-1] == ca.SpecialDiscarded(seat=0, card=DRAW_TWO)


def test_ca_10_draw_two_whose_first_card_is_used() -> None:
    """Placing, discarding or playing a Draw-two's first card tops it with the Draw-two."""
    state = play(table(TWO, draws=[DRAW_TWO, N[0]]), Draw(), DrawTwo())
    assert state.apply(Replace(1)).discard_pile == (N[5], N[2], DRAW_TWO)
    assert state.apply(Discard()).discard_pile == (N[5], N[0], DRAW_TWO)
    peeked = play(table(TWO, draws=[DRAW_TWO, PEEK]), Draw(), DrawTwo(), Peek(2))
    assert peeked.discard_pile == (N[5], PEEK, DRAW_TWO)
    assert [e.kind for e in peeked.events[-3:]] == [
        "peeked",
        "special-discarded",
        "special-discarded",
    ]


def test_ca_10_draw_two_drawn_during_a_draw_two_goes_on_the_pile_first() -> None:
    """A Draw-two played as a Draw-two's card completes first; the first one played ends on top."""
    state = play(table(TWO, draws=[DRAW_TWO, DRAW_TWO, N[9], N[0]]), Draw(), DrawTwo())
    nested = state.apply(DrawTwo())
    assert nested.in_play == (DRAW_TWO, DRAW_TWO)
    assert nested.view(1).in_play == (DRAW_TWO, DRAW_TWO)
    assert nested.discard_pile == (N[5],)
    done = play(nested, DrawAgain(), Replace(1))
    assert done.discard_pile == (N[5], N[9], N[2], DRAW_TWO, DRAW_TWO)
    assert [e.kind for e in done.events[-3:]] == [
        "replaced",
        "special-discarded",
        "special-discarded",
    ]
    # Discarded unused instead, the second Draw-two goes onto the pile at once, below the rest.
    unused = play(state, DrawAgain())
    assert (unused.discard_pile, unused.in_play) == ((N[5], DRAW_TWO), (DRAW_TWO,))
    assert unused.apply(Replace(0)).discard_pile == (N[5], DRAW_TWO, N[1], DRAW_TWO)


def test_ca_10_next_player_cannot_take_what_a_draw_two_discarded() -> None:
    """After a Draw-two turn the Draw-two tops the pile, so the next player must draw."""
    state = table(TWO, draws=[DRAW_TWO, N[0], N[9]])
    state = play(state, Draw(), DrawTwo(), DrawAgain(), Discard())
    assert state.to_move == 1
    assert state.discard_pile == (N[5], N[0], N[9], DRAW_TWO)
    assert state.legal_actions() == (Draw(),)
    with pytest.raises(IllegalActionError, match=r"top of the discard pile is a Draw-two.*CA-3"):
        state.apply(TakeDiscard(0))


def test_ca_10_restart_inside_a_draw_two() -> None:
    """A Draw-two drawn as the second card restarts the sequence, and both end on the pile."""
    draws = [DRAW_TWO, N[9], DRAW_TWO, N[8], N[0]]
    state = play(table(TWO, draws=draws), Draw(), DrawTwo(), DrawAgain())
    assert (state.drawn, state.in_play) == (DRAW_TWO, (DRAW_TWO,))
    assert state.legal_actions() == (Discard(), DrawTwo())
    restarted = state.apply(DrawTwo())
    assert restarted.in_play == (DRAW_TWO, DRAW_TWO)
    assert restarted.view(0).step == "draw-two"
    assert DrawAgain() in restarted.legal_actions()
    done = play(restarted, DrawAgain(), Replace(0))
    assert done.discard_pile == (N[5], N[9], N[8], N[1], DRAW_TWO, DRAW_TWO)
    assert done.legal_actions() == (Draw(),)


def test_ca_10_reshuffle_during_a_draw_two_keeps_the_piles_top() -> None:
    """A stock rebuilt during a Draw-two keeps the pile's top of the moment, not the Draw-two."""
    state = play(table(TWO, draws=[DRAW_TWO], rest_in_stock=False, discard_top=[N[6]]), Draw())
    assert state.stock == ()
    below = Counter(state.discard_pile[:-1])
    assert below[DRAW_TWO] == 4  # the other four Draw-twos
    after = state.apply(DrawTwo())
    assert [e.kind for e in new_events(state, after)] == [
        "draw-two-played",
        "stock-reshuffled",
        "drew",
    ]
    assert after.discard_pile == (N[6],)
    assert after.in_play == (DRAW_TWO,)
    assert Counter(after.stock) + Counter([after.drawn]) == below  # the played one is not in it
    testing.check_state(after, Rng(2, 1))
    done = after.apply(Discard())
    assert done.discard_pile == (N[6], after.drawn, DRAW_TWO)
    # At a draw-again the top is the card just discarded, and it stays the top.
    state = table(TWO, draws=[DRAW_TWO, N[0]], rest_in_stock=False, discard_top=[N[6]])
    state = play(state, Draw(), DrawTwo())
    assert state.stock == ()
    below = Counter(state.discard_pile)
    again = state.apply(DrawAgain())
    assert isinstance(new_events(state, again)[1], ca.StockReshuffled)
    assert (again.discard_pile, again.in_play) == ((N[0],), (DRAW_TWO,))
    assert Counter(again.stock) + Counter([again.drawn]) == below


def test_ca_11_stock_is_rebuilt_when_a_card_must_be_drawn() -> None:
    """An emptied stock stays empty until a draw, which shuffles in the cards discarded since."""
    state = table(TWO, draws=[DRAW_TWO, N[0]], rest_in_stock=False, discard_top=[N[6]])
    state = play(state, Draw(), DrawTwo())
    assert state.stock == ()  # the Draw-two drew the last card: nothing is rebuilt yet
    state = state.apply(Replace(3))  # the 4 of slot 3 goes face up, then the Draw-two
    assert state.stock == ()
    assert not any(isinstance(e, ca.StockReshuffled) for e in state.events)
    pile = state.discard_pile
    assert pile[-2:] == (N[4], DRAW_TWO)
    after = state.apply(Draw())  # seat 1 must draw: now the stock is rebuilt
    assert new_events(state, after)[0] == ca.StockReshuffled(count=len(pile) - 1)
    assert Counter(after.stock) + Counter([after.drawn]) == Counter(pile[:-1])  # the 4 is in it
    assert after.discard_pile == (DRAW_TWO,)


def _knocked_with_an_empty_stock() -> ca.State:
    """A one-round table where seat 0 has knocked on an empty stock and seat 1 holds a Peek."""
    slots = [[N[1], N[2], N[3], N[4]], [N[5], PEEK, N[7], N[8]]]
    state = table(
        slots,
        draws=[N[9]],
        rest_in_stock=False,
        discard_top=[N[0]],
        turns_taken=2,
        rules=Rules(rounds=1),
    )
    return play(state, Draw(), Discard(), Knock())


def test_ca_11_stock_is_rebuilt_at_scoring_when_it_is_empty() -> None:
    """At scoring an empty stock is rebuilt when a special must be replaced, keeping the top."""
    state = _knocked_with_an_empty_stock()
    assert state.stock == ()
    pile = state.discard_pile  # the 9 on top; seat 1 takes it and shows its 5
    over = state.apply(TakeDiscard(0))
    kinds = [e.kind for e in new_events(state, over)]
    assert kinds[:3] == ["took-discard", "stock-reshuffled", "special-replaced"]
    # The set-aside Peek tops the pile when the stock is rebuilt, so it stays out of it.
    assert new_events(state, over)[1] == ca.StockReshuffled(count=len(pile))
    replaced = new_events(state, over)[2]
    assert isinstance(replaced, ca.SpecialReplaced)
    assert over.discard_pile == (PEEK, *(c for c in replaced.drawn if c.is_special))
    testing.check_conservation(over)


def test_a_reshuffle_at_scoring_draws_the_same_stock_where_no_one_reads_the_events() -> None:
    """CA-7: an untold step counts the events it leaves out: its reshuffle draws the same stream."""
    state = _knocked_with_an_empty_stock()
    told = state.apply(TakeDiscard(0))  # the take, then the reshuffle: its stream counts one
    world = _hot.scratch(state)
    _hot.untell(world)
    _hot.step(world, TakeDiscard(0))
    assert len(told._pos.stock) > 1
    for name in _POSITION_FIELDS:
        assert getattr(world._pos, name) == getattr(told._pos, name), name


def test_ca_12_specials_set_aside_at_scoring_go_to_the_discard_pile() -> None:
    """Each special set aside at scoring goes onto the pile, then the specials drawn for it."""
    slots = [[SWAP, N[0], N[0], DRAW_TWO], [N[5], PEEK, N[7], N[8]]]
    draws = [N[3], PEEK, N[4], N[6]]
    state = table(slots, draws=draws, turns_taken=2, rules=Rules(rounds=1))
    over = play(state, TakeDiscard(1), Knock(), TakeDiscard(2))
    assert over.is_over
    replaced = [
        (e.seat, e.slot, e.special, e.drawn)
        for e in over.events
        if isinstance(e, ca.SpecialReplaced)
    ]
    assert replaced == [
        (0, 0, SWAP, (N[3],)),
        (0, 3, DRAW_TWO, (PEEK, N[4])),
        (1, 1, PEEK, (N[6],)),
    ]
    assert over.discard_pile[-5:] == (N[7], SWAP, DRAW_TWO, PEEK, PEEK)
    assert over.slots == ((N[3], N[5], N[0], N[4]), (N[5], N[6], N[0], N[8]))
    testing.check_conservation(over)


# --- Knowledge -----------------------------------------------------------------------------


def test_knowledge_follows_a_peeked_card_through_a_swap() -> None:
    """A card a seat peeked at stays known where a Swap moves it; the slot it left is unknown."""
    state = table(THREE, draws=[PEEK, SWAP])
    state = play(state, Draw(), Peek(1))
    assert state.view(0).knowledge[0][1] == N[2]
    state = play(state, Draw(), Swap(0, 0, 1))  # seat 1's slot 0 <-> seat 0's slot 1
    assert state.slots[0][1] == N[5]
    assert state.slots[1][0] == N[2]
    seat0, seat1, seat2 = (state.view(s).knowledge for s in range(3))
    assert seat0[0] == (N[1], None, None, N[4])
    assert seat0[1] == (N[2], None, None, None)
    assert seat1[0] == (None, N[5], None, None)
    assert seat1[1] == (None, None, None, N[8])
    assert seat2[0][1] is None
    assert seat2[1][0] is None


def test_knowledge_is_lost_when_its_card_is_replaced() -> None:
    """A known slot becomes unknown to others once its owner puts a drawn card in it."""
    state = table(TWO, draws=[N[9]], discard_top=[N[0]])
    state = play(state, TakeDiscard(1))  # everybody knows seat 0's slot 1 holds the 0
    assert state.view(1).knowledge[0][1] == N[0]
    state = play(state, TakeDiscard(0), NoKnock(), Draw(), Replace(1))
    assert state.view(1).knowledge[0][1] is None
    assert state.view(0).knowledge[0][1] == N[9]


def test_without_knowledge_blanks_the_memory_only() -> None:
    """An app can hide the memory from a human: every entry unknown, everything else kept."""
    view = table(TWO).view(0)
    blank = view.without_knowledge()
    assert blank.knowledge == ((None,) * 4, (None,) * 4)
    assert (blank.events, blank.discard_pile) == (view.events, view.discard_pile)
    assert view.knowledge[0] == (N[1], None, None, N[4])


@given(st.integers(min_value=2, max_value=6), SEEDS, CHOICES, st.data())
def test_knowledge_is_true_and_derived_from_the_seats_events(
    players: int, seed: int, choices: list[int], data: st.DataObject
) -> None:
    """In random play every remembered card is really in its slot, as replayed from the events."""
    states = [
        cast("ca.State", state)
        for state in testing.random_match(GAME, players, seed, choices=choices)
    ]
    for state in states:
        for seat in range(players):
            for owner, row in enumerate(state.knowledge(seat)):
                for slot, card in enumerate(row):
                    assert card is None or state.slots[owner][slot] == card
    state = states[data.draw(st.integers(min_value=0, max_value=len(states) - 1))]
    for seat in range(players):
        view = state.view(seat)
        assert [list(row) for row in view.knowledge] == replay_knowledge(view)


# --- Contract, setup validation, errors ----------------------------------------------------


@pytest.mark.parametrize("players", range(2, 7))
def test_contract_checks_pass(players: int) -> None:
    """The whole engine contract holds on seeded random matches at this player count."""
    testing.check_game(GAME, players=[players], seeds=(11,))


def test_scenario_states_pass_the_contract() -> None:
    """A scenario state and its successors keep the contract, JSON round trip included."""
    state = table(THREE, draws=[SWAP, PEEK], seed=5)
    for action in (Draw(), Swap(1, 2, 2), Draw(), Peek(0)):
        testing.check_state(state, Rng(5, 1))
        state = state.apply(action)
    testing.check_state(state, Rng(5, 1))
    assert GAME.from_json(state.to_json()) == state


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"slots": [TWO[0][:3], TWO[1]]}, "seat 0 must have exactly 4 cards"),
        ({"slots": [TWO[0]]}, "2 to 6 players"),
        ({"slots": TWO, "discard_pile": []}, "at least one face-up card"),
        ({"slots": TWO, "stock": ["1"]}, "the stock holds '1', which is not a Crazy Animals"),
        ({"slots": TWO, "to_move": 2}, r"to_move must be an int in 0\.\.1, not 2"),
        ({"slots": TWO, "round": 5}, r"round must be an int in 1\.\.4, not 5"),
        ({"slots": TWO, "turns_taken": -1}, "turns_taken must be an int"),
        ({"slots": TWO, "scores": [1]}, "scores: one total per seat is needed, 1 given for 2"),
        ({"slots": [TWO[0], TWO[0]]}, r"missing: .*extra: \['1', '2', '3', '4'\]"),
    ],
)
def test_scenario_validation(kwargs: dict[str, Any], message: str) -> None:
    """Impossible scenarios are refused with a message saying what is wrong."""
    named = Counter([c for row in TWO for c in row])
    rest = list((Counter(DECK.cards) - named - Counter([N[5]])).elements())
    full = {"stock": rest, "discard_pile": [N[5]], **kwargs}
    with pytest.raises(InvalidSetupError, match=message):
        scenario(**full)


def full_table(**kwargs: Any) -> dict[str, Any]:  # noqa: ANN401 - scenario()'s arguments
    """The arguments of a valid two-seat scenario (``TWO``, a 5 face up), with ``kwargs`` over."""
    rest = list((Counter(DECK.cards) - Counter([*TWO[0], *TWO[1], N[5]])).elements())
    return {"slots": TWO, "stock": rest, "discard_pile": [N[5]], **kwargs}


def document(state: ca.State, **setup: object) -> str:
    """``state``'s JSON document with the fields ``setup`` of its setup replaced."""
    doc = json.loads(state.to_json())
    doc["setup"].update(setup)
    return json.dumps(doc)


def test_from_json_rejects_more_slot_rows_than_players() -> None:
    """A setup with three rows of slots in a two-player document is refused, naming ``slots``."""
    state = scenario(**full_table())
    rows = [[c.code for c in row] for row in state.slots]
    text = document(state, slots=[*rows, ["0", "0", "0", "0"]])
    with pytest.raises(InvalidStateError, match="slots: 3 rows of slots for 2 players"):
        GAME.from_json(text)


def test_from_json_rejects_fewer_slot_rows_than_players() -> None:
    """A three-player document whose setup has two rows of slots is refused, naming ``slots``."""
    state = table(THREE)
    rows = [[c.code for c in row] for row in state.slots[:2]]
    with pytest.raises(InvalidStateError, match="slots: 2 rows of slots for 3 players"):
        GAME.from_json(document(state, slots=rows))


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        pytest.param(
            {"slots": [["1", "2", "3", "4", "5"], ["5", "6", "7", "8"]]},
            "slots: seat 0 must have exactly 4 cards",
            id="a seat with five slots",
        ),
        pytest.param(
            {"discard_pile": ["1", "5"]},
            r"missing: \[\], extra: \['1'\]",
            id="a card once too often",
        ),
        pytest.param(
            {"discard_pile": []},
            "discard_pile: the discard pile must hold",
            id="an empty discard pile",
        ),
        pytest.param(
            {"scores": [0, 0, 0]},
            "scores: one total per seat is needed, 3 given",
            id="scores for three seats",
        ),
        pytest.param(
            {"scores": [3, 0]},
            r"scores: seat 0's total must be an int in 0\.\.0",
            id="points before any round",
        ),
        pytest.param({"to_move": 1}, "to_move: after 0 turns of round 1", id="a turn out of order"),
        pytest.param(
            {"round": 5},
            r"round must be an int in 1\.\.4, not 5",
            id="a round beyond the match",
        ),
        pytest.param(
            {"to_move": 2},
            r"to_move must be an int in 0\.\.1, not 2",
            id="a seat beyond the table",
        ),
    ],
)
def test_from_json_rejects_an_impossible_setup(setup: dict[str, object], message: str) -> None:
    """A setup no match can reach is refused by ``from_json`` with the field at fault named."""
    with pytest.raises(InvalidStateError, match=message):
        GAME.from_json(document(scenario(**full_table()), **setup))


def test_from_json_accepts_what_scenario_accepts() -> None:
    """A scenario's document, with its history, loads back equal and plays on alike."""
    state = play(scenario(**full_table(round=2, scores=[4, 7], to_move=1)), Draw(), Discard())
    loaded = GAME.from_json(state.to_json())
    assert loaded == state
    assert loaded.legal_actions() == state.legal_actions()


def test_scenario_with_a_card_missing_and_none_extra_is_refused() -> None:
    """A table lacking one card of the deck, with nothing extra, names the missing card."""
    args = full_table()
    stock = list(args["stock"])
    stock.remove(DRAW_TWO)
    with pytest.raises(InvalidSetupError, match=r"missing: \['Draw-two'\], extra: \[\]"):
        scenario(**{**args, "stock": stock})


def test_scenario_bounds_of_turns_taken() -> None:
    """``turns_taken`` accepts 0 and 1,000,000 and refuses -1 and 1,000,001."""
    assert scenario(**full_table(turns_taken=0)).view(0).everyone_has_played is False
    assert scenario(**full_table(turns_taken=10**6)).view(0).everyone_has_played is True
    for bad in (-1, 10**6 + 1):
        with pytest.raises(
            InvalidSetupError, match=rf"turns_taken must be an int in 0\.\.1000000, not {bad}"
        ):
            scenario(**full_table(turns_taken=bad))


def test_scenario_bounds_of_to_move_and_round() -> None:
    """``to_move`` is a seat 0..players-1 and ``round`` one of the match's rounds, 1..rounds."""
    assert scenario(**full_table(to_move=1, turns_taken=2)).to_move == 1
    for bad in (-1, 2):
        with pytest.raises(
            InvalidSetupError, match=rf"to_move must be an int in 0\.\.1, not {bad}"
        ):
            scenario(**full_table(to_move=bad))
    assert scenario(**full_table(round=4, scores=[6, 6], turns_taken=2)).round == 4
    assert scenario(**full_table(rules=Rules(rounds=1))).round == 1
    for bad in (0, 5):
        with pytest.raises(InvalidSetupError, match=rf"round must be an int in 1\.\.4, not {bad}"):
            scenario(**full_table(round=bad))


def test_scenario_turn_order_must_be_reachable() -> None:
    """Before everyone has played, only the seat that many turns from the starter can move."""
    assert scenario(**full_table(to_move=0)).to_move == 0
    assert scenario(**full_table(to_move=1, turns_taken=1)).to_move == 1
    assert scenario(**full_table(to_move=1, round=2, scores=[2, 2])).to_move == 1
    with pytest.raises(
        InvalidSetupError,
        match=r"to_move: after 0 turns of round 1, which seat 0 started, it is seat 0's turn",
    ):
        scenario(**full_table(to_move=1))
    with pytest.raises(InvalidSetupError, match="it is seat 1's turn, not seat 0's"):
        scenario(**full_table(to_move=0, rules=Rules(first_player=1)))


def test_scenario_bounds_of_scores() -> None:
    """Earlier rounds give each seat 0..36 points each, and together what 4 cards each can."""
    assert scenario(**full_table(round=2, scores=[36, 36], to_move=1)).scores == (36, 36)
    assert scenario(**full_table(round=2, scores=[0, 4], to_move=1)).scores == (0, 4)
    assert scenario(**full_table(round=3, scores=[0, 72])).scores == (0, 72)
    cases = [
        ([0, 1], 1, r"scores: seat 1's total must be an int in 0\.\.0 after 0 earlier round"),
        ([37, 0], 2, r"seat 0's total must be an int in 0\.\.36 .* not 37"),
        ([0, -1], 2, r"seat 1's total must be an int in 0\.\.36 .* not -1"),
        (
            [0, 3],
            2,
            r"scores: the totals add up to 3, but 1 earlier round\(s\) of 2 players give 4\.\.72",
        ),
        ([1, 2, 3], 2, "scores: one total per seat is needed, 3 given for 2 players"),
    ]
    for scores, round_, message in cases:
        with pytest.raises(InvalidSetupError, match=message):
            scenario(**full_table(round=round_, scores=scores, turns_taken=2))


def test_rules_bounds() -> None:
    """``first_player`` is a seat of the table and ``rounds`` None or 1..MAX_ROUNDS."""
    assert GAME.new(3, seed=1, rules=Rules(first_player=0)).to_move == 0
    assert GAME.new(3, seed=1, rules=Rules(first_player=2)).to_move == 2
    with pytest.raises(InvalidSetupError, match="first_player must be a seat number"):
        Rules(first_player=-1)
    with pytest.raises(InvalidSetupError, match="first_player 3 is not a seat of a 3-player"):
        GAME.new(3, seed=1, rules=Rules(first_player=3))
    assert Rules(rounds=1).round_count(6) == 1
    assert Rules(rounds=ca.MAX_ROUNDS).round_count(2) == ca.MAX_ROUNDS == 100
    for bad in (0, ca.MAX_ROUNDS + 1):
        with pytest.raises(InvalidSetupError, match=rf"rounds must be None .* 1\.\.100, not {bad}"):
            Rules(rounds=bad)


def test_action_and_card_bounds() -> None:
    """Slots are 0..3, ``Swap.other`` a seat number, and card faces 0..12."""
    for action in (TakeDiscard, Replace, Peek):
        assert [action(0).slot, action(3).slot] == [0, 3]
        for bad in (-1, 4):
            with pytest.raises(ValueError, match=rf"slot must be a slot number 0\.\.3, not {bad}"):
                action(bad)
    assert Swap(0, 0, 3) == Swap(slot=0, other=0, other_slot=3)
    with pytest.raises(ValueError, match=r"other must be a seat number \(an int >= 0\), not -1"):
        Swap(0, -1, 0)
    with pytest.raises(ValueError, match=r"other_slot must be a slot number 0\.\.3, not 4"):
        Swap(0, 1, 4)
    assert [Card(0).value, Card(12)] == [0, DRAW_TWO]
    for bad in (-1, 13):
        with pytest.raises(ValueError, match=rf"not {bad}"):
            Card(bad)


def test_swap_other_seat_bounds_in_play() -> None:
    """A Swap may name any other seat up to the last one, never the mover or a missing seat."""
    state = play(table(THREE, draws=[SWAP]), Draw())
    assert state.apply(Swap(0, 2, 3)).slots[2][3] == N[1]
    assert Swap(0, 1, 0) in state.legal_actions()
    for other in (0, 3):
        with pytest.raises(
            IllegalActionError, match=rf"another seat \(0\.\.2 but 0, not {other}\)"
        ):
            state.apply(Swap(0, other, 0))


def forged(action: Any, **fields: object) -> Any:  # noqa: ANN401 - any action type
    """``action`` with ``fields`` set past its validators, as a careless caller could."""
    for name, value in fields.items():
        object.__setattr__(action, name, value)
    return action


def test_actions_forged_past_their_validators_are_illegal_not_crashes() -> None:
    """Out-of-range or ill-typed fields give IllegalActionError, never another exception."""
    state = play(table(TWO, draws=[SWAP]), Draw())
    cases = [
        (forged(Swap(0, 1, 0), other=9), r"another seat \(0\.\.1 but 0, not 9\)"),
        (forged(Swap(0, 1, 0), other=-1), r"another seat \(0\.\.1 but 0, not -1\)"),
        (forged(Swap(0, 1, 0), other="1"), r"its field 'other' holds str '1', expected int"),
        (forged(Swap(0, 1, 0), slot=4), r"slot must be a slot number 0\.\.3, not 4"),
        (forged(Swap(0, 1, 0), other_slot=None), "its field 'other_slot' holds NoneType"),
        (forged(Replace(0), slot=-1), r"slot must be a slot number 0\.\.3, not -1"),
        (forged(Peek(0), slot="0"), r"its field 'slot' holds str '0', expected int"),
        (forged(TakeDiscard(0), slot=7), "slot must be a slot number"),
    ]
    for action, message in cases:
        with pytest.raises(IllegalActionError, match=message):
            state.apply(action)


def test_event_caches_are_bounded() -> None:
    """Each memo of shared events holds at most its finite set of keys after play."""
    for players in range(2, 7):
        for _ in testing.random_match(GAME, players, seed=players):
            pass
    most = {
        "_ROUND_DEALT": (ca.MAX_ROUNDS + 1) * 6 * 13,
        "_LOOKED": 6 * 13 * 13,
        "_TOOK_DISCARD": 6 * 4 * 13 * 13,
        "_SWAPPED": 6 * 4 * 6 * 4,
        "_SPECIAL_REPLACED": 6 * 4 * 13 * 13,
    }
    for name, bound in most.items():
        memo = getattr(ca_rules, name)
        assert 0 < len(memo) <= bound, name
        assert max(memo) < bound, name


def test_repeated_events_are_shared() -> None:
    """Two matches reporting the same draw and discard report the same shared records."""
    reported = []
    for _ in range(2):
        drawn = play(table(TWO, draws=[N[9]]), Draw())
        reported.append(new_events(drawn, play(drawn, Discard())) + drawn.events[-1:])
    assert all(a is b for a, b in zip(*reported, strict=True))


def test_round_end_events_built_field_by_field_match_their_classes() -> None:
    """Each `RoundScored` and `MatchEnded` of a match equals, hashes and saves as its class's."""
    seen: set[type[object]] = set()
    for players in (2, 3):
        *_, last = testing.random_match(GAME, players, seed=players)
        for event in last.events:
            if not isinstance(event, ca.RoundScored | ca.MatchEnded):
                continue
            fields = {f.name: getattr(event, f.name) for f in attrs.fields(type(event))}
            rebuilt = type(event)(**fields)
            assert type(event) is type(rebuilt)
            assert event == rebuilt
            assert hash(event) == hash(rebuilt)
            assert event.to_json() == rebuilt.to_json()
            assert str(event) == str(rebuilt)
            seen.add(type(event))
    assert seen == {ca.RoundScored, ca.MatchEnded}


@pytest.mark.parametrize(
    ("setup", "action", "message"),
    [
        ((), Discard(), "seat 0 holds no drawn card"),
        ((Draw(),), Draw(), "seat 0 has already chosen its action"),
        ((Draw(),), Peek(0), "the drawn card is the 9, not a Peek"),
        ((Draw(),), Knock(), "knocking is decided after a completed turn"),
    ],
)
def test_illegal_actions_say_why(setup: tuple[Any, ...], action: Any, message: str) -> None:  # noqa: ANN401
    """An illegal action is refused with the seat, the action and the rule; nothing changes."""
    state = play(table(TWO, draws=[N[9]]), *setup)
    before = state.to_json()
    with pytest.raises(IllegalActionError, match=message):
        state.apply(action)
    assert state.to_json() == before


def test_swap_with_oneself_or_a_missing_seat_is_refused() -> None:
    """A Swap must name another seat of the table."""
    state = play(table(TWO, draws=[SWAP]), Draw())
    with pytest.raises(IllegalActionError, match="another seat"):
        state.apply(Swap(0, 0, 0))
    with pytest.raises(IllegalActionError, match=r"another seat \(0\.\.1 but 0, not 4\)"):
        state.apply(Swap(0, 4, 0))
    with pytest.raises(ValueError, match=r"slot must be a slot number 0\.\.3, not 4"):
        Swap(4, 1, 0)


def test_another_games_action_is_refused_with_the_legal_kinds() -> None:
    """An action of another game is refused, naming the kinds that are legal now."""
    state = table(TWO)
    with pytest.raises(IllegalActionError, match=r"legal kinds now: \['draw', 'take-discard'\]"):
        state.apply(classic_mistigri.Draw(0))


def test_action_strings_and_json() -> None:
    """Actions read as short phrases and survive their JSON form."""
    actions = [TakeDiscard(2), Draw(), Discard(), Replace(1), Swap(1, 2, 3), Peek(0)]
    actions += [DrawTwo(), DrawAgain(), Knock(), NoKnock()]
    assert [str(a) for a in actions] == [
        "take the discard into slot 2",
        "draw from the stock",
        "discard the drawn card",
        "put the drawn card into slot 1",
        "swap slot 1 with seat 2's slot 3",
        "peek at slot 0",
        "play the Draw-two",
        "discard it and draw again",
        "knock",
        "do not knock",
    ]
    for action in actions:
        assert GAME.action_from_json(action.to_json()) == action
    assert GAME.action_kinds == tuple(sorted(a.kind for a in actions))


def test_view_fields() -> None:
    """A view shows the public table, the seat's drawn card and where the turn stands."""
    state = table(THREE, draws=[N[2]], round=2, turns_taken=2, scores=[3, 4, 5])
    state = play(state, Draw())
    view = state.view(0)
    assert (view.step, view.drawn, view.stock_size) == ("drawn", N[2], len(state.stock))
    assert view.starting_player == 1
    assert view.rounds == 3
    assert view.scores == (3, 4, 5)
    assert view.knocker is None
    assert view.outcome is None
    assert state.view(2).legal_actions == ()
    with pytest.raises(ValueError, match=r"seats are 0\.\.2"):
        state.view(3)


def test_golden_transcript() -> None:
    """A seeded 3-player match narrates exactly as recorded (guards the rng and the rules)."""
    state = GAME.new(3, seed=2026)
    step = 0
    while not state.is_over:
        legal = state.legal_actions()
        state = state.apply(legal[(step * 7) % len(legal)])
        step += 1
    transcript = "\n".join(str(e) for e in state.events) + "\n"
    golden = Path(__file__).parent.parent / "golden" / "crazy-animals-3p-2026.txt"
    assert transcript == golden.read_text(encoding="utf-8")


def _candidates(players: int) -> list[Any]:
    """Well-formed actions of every kind: each seat's legal ones of each step, and bad Swaps."""
    kinds: list[Any] = [a for tables in ca_rules._LEGAL[players] for t in tables for a in t]
    kinds += [Swap(k, players, j) for k in range(4) for j in range(4)]
    return list(dict.fromkeys(kinds))


@pytest.mark.parametrize("players", [2, 3, 6])
def test_legal_actions_are_exactly_those_that_pass_their_step_checks(players: int) -> None:
    """Legality is written once: `_why_not` passes an action exactly when `_legal` lists it.

    And every action it refuses is refused by `apply` with the same reason in the message.
    """
    steps: set[str] = set()
    candidates = _candidates(players)
    for seed in range(2):
        for any_state in testing.random_match(ca.GAME, players, seed):
            state = cast("ca.State", any_state)
            if state.is_over:
                break
            steps.add(_STEP_NAMES[state._pos.step])
            legal = set(state.legal_actions())
            for action in candidates:
                reason = ca_rules._why_not(state._pos, action)
                assert (reason is None) == (action in legal), (state._pos.step, action, reason)
            illegal = [a for a in candidates if a not in legal]
            for action in illegal[:: max(1, len(illegal) // 3)]:
                with pytest.raises(IllegalActionError) as caught:
                    state.apply(action)
                reason = ca_rules._why_not(state._pos, action)
                assert reason is not None
                assert f": {reason}. Legal:" in str(caught.value)
    assert steps >= {"turn", "drawn", "knock"}


def test_round_points_are_each_seats_four_slots_summed() -> None:
    """CA-7: the native sum of the table gives each seat the sum of its own four slots."""
    rng = Rng(7)
    for players in range(2, 7):
        slots = list(rng.shuffled(range(10 * players))[: 4 * players])
        expected = tuple(sum(slots[4 * seat : 4 * seat + 4]) for seat in range(players))
        assert ca_rules._round_points(slots, players) == expected


def test_an_untold_deal_is_the_same_table_without_its_events() -> None:
    """A playout's deal (no one reads its events) lays out the same table as the told one."""
    for players in range(2, 7):
        events: list[Event] = []
        told = ca_rules._deal_round(Rng(players), players, 2, 1, (3,) * players, events)
        untold = ca_rules._deal_round(Rng(players), players, 2, 1, (3,) * players, None)
        assert len(events) == players + 1  # the deal, then each seat's look
        for name in _POSITION_FIELDS:
            assert getattr(untold, name) == getattr(told, name), name
