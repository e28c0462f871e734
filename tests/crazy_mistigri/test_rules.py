"""Crazy Mistigri: one test per rule clause (``test_clause_N_*``) and ruling (``test_cm_N_*``).

The clauses are those of ``docs/games/crazy-mistigri.md``; ``test_rule_coverage.py`` fails if
one of them has no test here. The scenarios the issue asks for come after the rulings.

Cards are written by code: ``"5c3"`` is the 5 of colour 3. By default (CM-1) value ``v`` comes
in colours ``1 .. 10 - v``; three players use the values 3..8, four players 2..9.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

import pytest

import cardgames
from cardgames import crazy_mistigri as cm
from cardgames import testing
from cardgames.crazy_mistigri import (
    DEFAULT_LAYOUT,
    GAME,
    MISTIGRI,
    Card,
    DiscardOnes,
    DiscardPair,
    Draw,
    DrawChosen,
    EndTurn,
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
from cardgames.crazy_mistigri import cards as cm_cards
from cardgames.crazy_mistigri import rules as cm_rules
from cardgames.engine import NOT_THIS_STEP, Action, Event
from cardgames.errors import IllegalActionError, InvalidSetupError
from cardgames.rng import Rng
from cardgames.seats import Direction

# --- Helpers -----------------------------------------------------------------------------


def card(code: str) -> Card:
    """The card of ``code``."""
    return Card.from_code(code)


def pair(a: str, b: str) -> DiscardPair:
    """The action discarding the cards ``a`` and ``b``."""
    return DiscardPair(card(a), card(b))


def table(
    hands: Sequence[Sequence[str]],
    *,
    top: Sequence[str] = (),
    spread: Sequence[int] = (),
    rules: Rules | None = None,
    seed: int = 1,
    **kwargs: Any,  # noqa: ANN401 - passed on to scenario()
) -> State:
    """A scenario with these hands; every other card goes to the pile (``top`` last).

    With ``spread``, the other cards are dealt round-robin into those seats' hands instead, and
    the pile holds only ``top``.
    """
    held = [[card(c) for c in hand] for hand in hands]
    used = Counter(c for hand in held for c in hand) + Counter(card(c) for c in top)
    rest: list[Card] = []
    for c in GAME.deck(len(hands), rules):
        if used[c]:
            used[c] -= 1
        else:
            rest.append(c)
    pile = [card(c) for c in top]
    if spread:
        for i, c in enumerate(rest):
            held[spread[i % len(spread)]].append(c)
    else:
        pile = rest + pile
    return scenario(held, pile=pile, rules=rules, seed=seed, **kwargs)


def draw(state: State, code: str) -> State:
    """The state after the draw (of ``state.legal_actions()``) that brings the card ``code``."""
    target = card(code)
    for action in state.legal_actions():
        after = state.apply(action)
        drew = [e for e in new_events(state, after) if isinstance(e, cm.Drew)]
        if drew and drew[0].card == target:
            return after
    msg = f"no legal draw brings {code}"
    raise AssertionError(msg)


def play(state: State, *actions: Action) -> State:
    """Apply ``actions`` in order."""
    for action in actions:
        state = state.apply(action)
    return state


def new_events(before: State, after: State) -> tuple[Event, ...]:
    """The events ``after`` added to ``before``."""
    return after.events[len(before.events) :]


def codes(cards: Sequence[Card]) -> list[str]:
    """The codes of ``cards``, in order."""
    return [c.code for c in cards]


def round_end(state: State) -> cm.RoundEnded:
    """The last round-ended event of ``state``."""
    return [e for e in state.events if isinstance(e, cm.RoundEnded)][-1]


def finish(state: State, pick: int = 0) -> State:
    """Play on to the end of the match, always choosing the legal action at ``pick``."""
    while not state.is_over:
        legal = state.legal_actions()
        state = state.apply(legal[pick % len(legal)])
    return state


# --- Clauses -------------------------------------------------------------------------------


def test_clause_1_cards_values_and_the_mistigri() -> None:
    """The full deck has 10 - v cards of each value v and one Mistigri worth 10, alone in colour."""
    deck = GAME.deck(5)
    values = Counter(c.value for c in deck)
    assert len(deck) == 46
    assert values == {v: 10 - v for v in range(1, 10)} | {10: 1}
    assert MISTIGRI in deck
    assert MISTIGRI.is_mistigri
    assert [c for c in deck if c.colour == MISTIGRI.colour] == [MISTIGRI]
    colours = Counter(c.colour for c in deck if not c.is_mistigri)
    assert colours == {k: 10 - k for k in range(1, 10)}


def test_clause_2_three_to_five_players_and_their_decks() -> None:
    """Five players use 46 cards, four drop the 1s, three also drop the 2s and the 9."""
    assert len(GAME.deck(5)) == 46
    assert {c.value for c in GAME.deck(4)} == set(range(2, 11))
    assert len(GAME.deck(4)) == 37
    assert {c.value for c in GAME.deck(3)} == set(range(3, 9)) | {10}
    assert len(GAME.deck(3)) == 28
    for players in (2, 6):
        with pytest.raises(InvalidSetupError, match="3 to 5 players"):
            GAME.new(players, seed=1)


def test_clause_3_deal_nine_each_and_ten_on_the_right() -> None:
    """Everyone gets nine cards, the starter's right neighbour ten; arrow clockwise, aids up."""
    for players in (3, 4, 5):
        for first in range(players):
            state = GAME.new(players, seed=first + 10 * players, rules=Rules(first_player=first))
            sizes = [len(h) for h in state.hands]
            right = (first - 1) % players
            assert sizes == [10 if s == right else 9 for s in range(players)]
            assert state.direction is Direction.CLOCKWISE
            assert state.aids_face_down == (False,) * players
            assert state.discard_pile == ()


def test_clause_4_starter_draws_then_discards_or_passes() -> None:
    """The starting player moves first: a draw, then pairs or a pass, then the next player."""
    state = GAME.new(4, seed=5, rules=Rules(first_player=2))
    assert (state.to_move, state.step) == (2, "draw")
    assert all(isinstance(a, Draw) for a in state.legal_actions())
    state = state.apply(state.legal_actions()[0])
    assert (state.to_move, state.step) == (2, "discard-or-pass")
    assert state.legal_actions()[-1] == Pass()
    assert all(isinstance(a, DiscardPair) for a in state.legal_actions()[:-1])
    state = state.apply(Pass())
    assert (state.to_move, state.step, state.draw_from) == (3, "draw", 2)


def test_clause_5_draw_from_the_previous_player_holding_cards() -> None:
    """Counterclockwise, seat 1 draws from seat 2; seat 3 draws from seat 1 when 2 is out."""
    state = table(
        [["3c1"], ["4c2"], ["5c3"], ["6c4"]], to_move=1, direction=Direction.COUNTERCLOCKWISE
    )
    assert state.draw_from == 2
    after = state.apply(Draw(0))
    assert after.hands[1] == (card("4c2"), card("5c3"))
    assert after.hands[2] == ()
    state = table([["3c1"], ["4c2"], [], ["6c4", "7c1"]], to_move=3)
    assert state.draw_from == 1
    assert len(state.legal_actions()) == 1


def test_clause_6_pairs_by_colour_or_by_value_never_the_mistigri() -> None:
    """The legal pairs are exactly the same-colour and same-value ones; colour pairs do nothing."""
    state = table([["5c1", "5c2", "8c1", "mistigri", "3c7"], ["4c6"], ["6c4", "7c3"]], to_move=0)
    state = draw(state, "7c3")
    pairs = {
        (a.first.code, a.second.code) for a in state.legal_actions() if isinstance(a, DiscardPair)
    }
    assert pairs == {("5c1", "5c2"), ("5c1", "8c1")}
    after = state.apply(pair("5c1", "8c1"))
    discarded = new_events(state, after)[0]
    assert discarded == cm.PairDiscarded(seat=0, pair=(card("5c1"), card("8c1")), effect=0)
    assert "same colour, no effect" in str(discarded)
    assert (after.to_move, after.step) == (1, "draw")
    assert after.discard_pile[-2:] == (card("5c1"), card("8c1"))


def test_clause_7_passing_turns_the_aid_down_and_a_pair_turns_it_up() -> None:
    """A pass turns the mover's aid face down; a later pair turns it face up again."""
    state = table([["3c1", "3c2"], ["4c3", "5c4"], ["6c1", "7c2"]], to_move=0)
    state = play(draw(state, "7c2"), Pass())
    assert state.aids_face_down == (True, False, False)
    assert isinstance(state.events[-1], cm.Passed)
    state = play(draw(state, "3c1"), Pass())  # seat 1 draws from seat 0, passes too
    assert state.aids_face_down == (True, True, False)
    state = play(draw(state, "5c4"), Pass())
    # Seat 2 passed as well: every aid is down and the round is over (clause 18).
    assert round_end(state).reason == "all-passed"
    state = table(
        [["3c1", "3c2"], ["4c3", "5c4"], ["6c1", "7c2"]], to_move=0, aids_face_down=[True] * 3
    )
    state = play(draw(state, "7c2"), pair("3c1", "3c2"))
    assert state.aids_face_down == (False, True, True)


def test_clause_8_one_one_discards_the_other_ones_or_reverses() -> None:
    """After a 1+1, discard-ones throws every other 1; reverse turns the arrow instead."""
    hands = [["1c1", "1c2", "1c5", "1c9", "3c3"], ["4c4"], ["5c5"], ["6c2"], ["7c3", "8c2"]]
    state = draw(table(hands, to_move=0), "8c2")
    state = state.apply(pair("1c1", "1c2"))
    assert state.step == "discard-ones-or-reverse"
    assert state.legal_actions() == (DiscardOnes(), Reverse())
    thrown = state.apply(DiscardOnes())
    assert thrown.hands[0] == (card("3c3"), card("8c2"))
    assert thrown.discard_pile[-2:] == (card("1c5"), card("1c9"))
    assert thrown.direction is Direction.CLOCKWISE
    assert (thrown.to_move, thrown.draw_from) == (1, 0)
    turned = state.apply(Reverse())
    assert turned.hands[0] == (card("1c5"), card("1c9"), card("3c3"), card("8c2"))
    assert turned.direction is Direction.COUNTERCLOCKWISE
    assert (turned.to_move, turned.draw_from) == (4, 0)


def test_clause_9_two_two_chooses_the_card_drawn_next_or_reverses() -> None:
    """After a 2+2 the mover picks the card the next player takes, or reverses."""
    state = draw(table([["2c1", "2c2", "5c3", "9c1"], ["3c4"], ["4c5"], ["6c4", "7c3"]]), "7c3")
    state = state.apply(pair("2c1", "2c2"))
    assert state.step == "force-card-or-reverse"
    assert state.legal_actions() == (
        ForceCard(card("5c3")),
        ForceCard(card("7c3")),
        ForceCard(card("9c1")),
        Reverse(),
    )
    forced = state.apply(ForceCard(card("9c1")))
    assert (forced.to_move, forced.draw_from) == (1, 0)
    assert forced.legal_actions() == (DrawChosen(),)
    taken = forced.apply(DrawChosen())
    assert taken.hands[1] == (card("3c4"), card("9c1"))
    assert taken.events[-1] == cm.Drew(
        seat=1, source=0, card=card("9c1"), chosen=True, visible_to=frozenset({0, 1})
    )
    reversed_ = state.apply(Reverse())
    assert (reversed_.to_move, reversed_.direction) == (3, Direction.COUNTERCLOCKWISE)
    assert all(isinstance(a, Draw) for a in reversed_.legal_actions())


def test_clause_10_three_three_swaps_with_the_pile_after_the_next_draw() -> None:
    """After a 3+3 and the next player's draw, the 3+3 player swaps a card with the pile."""
    state = draw(table([["3c1", "3c2", "5c1", "7c2"], ["6c4"], ["4c4", "8c2"]]), "4c4")
    state = state.apply(pair("3c1", "3c2"))
    assert state.legal_actions() == (SwapLater(), Reverse())
    waiting = state.apply(SwapLater())
    assert isinstance(waiting.events[-1], cm.SwapAwaited)
    assert (waiting.to_move, waiting.view(2).swap_due) == (1, 0)
    drawn = waiting.apply(Draw(0))
    assert (drawn.to_move, drawn.turn_of, drawn.step) == (0, 1, "swap-with-pile")
    pile_before = set(drawn.discard_pile)
    assert {(a.discard, a.take) for a in drawn.legal_actions()} == {  # type: ignore[attr-defined]
        (give, take) for give in drawn.hands[0] for take in pile_before
    }
    give = drawn.hands[0][0]
    swapped = drawn.apply(SwapWithPile(give, card("3c1")))
    assert card("3c1") in swapped.hands[0]
    assert give not in swapped.hands[0]
    assert swapped.discard_pile[-1] == give
    assert card("3c1") not in swapped.discard_pile
    assert (swapped.to_move, swapped.turn_of, swapped.step) == (1, 1, "discard-or-pass")
    assert swapped.events[-1] == cm.SwappedWithPile(seat=0, discarded=give, taken=card("3c1"))


def test_clause_11_four_four_gives_a_card_to_another_player() -> None:
    """After a 4+4 the mover gives one card to any other player still in the round."""
    state = draw(table([["4c1", "4c2", "5c5"], [], ["6c4"], ["7c3", "8c2"]]), "8c2")
    state = state.apply(pair("4c1", "4c2"))
    assert state.step == "give-card"
    assert state.legal_actions() == (
        GiveCard(card("5c5"), 2),
        GiveCard(card("5c5"), 3),
        GiveCard(card("8c2"), 2),
        GiveCard(card("8c2"), 3),
    )
    after = state.apply(GiveCard(card("8c2"), 2))
    assert after.hands[0] == (card("5c5"),)
    assert after.hands[2] == (card("6c4"), card("8c2"))
    assert after.to_move == 2


def test_clause_12_five_five_gives_each_opponent_a_pile_card_in_turn_order() -> None:
    """After a 5+5, each opponent in turn order from the next player takes a chosen pile card."""
    state = table(
        [["5c1", "5c2", "9c1"], ["3c1"], ["4c1"], ["6c1", "7c1"]],
        to_move=0,
        direction=Direction.COUNTERCLOCKWISE,
    )
    state = draw(state, "3c1")  # counterclockwise: seat 0 draws from seat 1, who leaves
    state = state.apply(pair("5c1", "5c2"))
    assert (state.step, state.view(0).pile_picks_for) == ("pile-pick", (3, 2))
    assert {a.to for a in state.legal_actions()} == {3}  # type: ignore[attr-defined]
    assert len(state.legal_actions()) == len(state.discard_pile)
    state = state.apply(PilePick(card("5c1"), 3))
    assert state.view(1).pile_picks_for == (2,)
    state = state.apply(PilePick(card("8c2"), 2))
    assert card("5c1") in state.hands[3]
    assert card("8c2") in state.hands[2]
    assert (state.to_move, state.draw_from) == (3, 0)
    taken = [e for e in state.events if isinstance(e, cm.PileCardTaken)]
    assert [(e.seat, e.chooser, e.card.code) for e in taken] == [(3, 0, "5c1"), (2, 0, "8c2")]


def test_clause_13_six_six_allows_a_second_pair_with_its_effect() -> None:
    """After a 6+6 the mover may discard a second pair (its effect applies) or end the turn."""
    state = draw(table([["6c1", "6c2", "4c3", "4c4"], ["3c5"], ["5c5", "8c2"]]), "8c2")
    state = state.apply(pair("6c1", "6c2"))
    assert state.step == "second-pair-or-end-turn"
    assert state.legal_actions() == (pair("4c3", "4c4"), EndTurn())
    ended = state.apply(EndTurn())
    assert ended.to_move == 1
    assert ended.aids_face_down == (False, False, False)
    chained = state.apply(pair("4c3", "4c4"))
    assert chained.step == "give-card"
    alone = draw(table([["6c1", "6c2", "3c3"], ["3c5"], ["5c5", "8c2"]]), "8c2")
    after = alone.apply(pair("6c1", "6c2"))
    assert after.to_move == 1  # no second pair to discard: the turn ends


def test_clause_14_seven_seven_and_eight_eight_make_the_next_player_draw_more() -> None:
    """After a 7+7 the next player draws two cards from the mover, after an 8+8 three."""
    hands = [["7c1", "7c2", "3c1", "4c2", "5c3"], ["6c4"], ["3c6", "8c1"]]
    state = draw(table(hands), "8c1")
    state = state.apply(pair("7c1", "7c2"))
    assert (state.to_move, state.step, state.view(2).draws_due) == (1, "draw", 2)
    state = state.apply(Draw(0))
    assert (state.to_move, state.step, state.view(1).draws_due) == (1, "draw", 1)
    state = state.apply(Draw(0))
    assert (state.to_move, state.step) == (1, "discard-or-pass")
    assert len(state.hands[0]) == 2
    assert len(state.hands[1]) == 3
    hands = [["8c1", "8c2", "3c1", "4c2", "5c3", "6c1"], ["6c4"], ["3c6", "7c1"]]
    state = draw(table(hands), "7c1")
    state = state.apply(pair("8c1", "8c2"))
    assert state.view(1).draws_due == 3
    state = play(state, Draw(0), Draw(0), Draw(0))
    assert (len(state.hands[0]), len(state.hands[1])) == (2, 4)


def test_clause_15_next_player_follows_the_arrow_skipping_players_out() -> None:
    """After a reverse the turn goes the other way, skipping seats without cards."""
    hands = [["1c1", "1c2", "3c3"], ["4c4"], ["5c5"], [], ["6c2", "7c3"]]
    state = draw(table(hands), "7c3")
    state = play(state, pair("1c1", "1c2"), Reverse())
    assert (state.to_move, state.draw_from) == (4, 0)
    state = play(state, Draw(0), Pass())
    assert (state.to_move, state.draw_from) == (2, 4)  # seat 3 is out of the round


def test_clause_16_an_empty_hand_leaves_the_round_without_penalty() -> None:
    """A player whose last card is drawn leaves the round and is never drawn from again."""
    state = table([["3c1", "4c2"], ["5c3"], ["6c4", "7c1"]], to_move=2)
    state = state.apply(Draw(0))  # seat 2 draws from seat 1 (its only card)
    assert state.events[-1] == cm.LeftRound(seat=1)
    assert "MIAOUUUUU" in str(state.events[-1])
    state = play(state, Pass())
    assert (state.to_move, state.draw_from) == (0, 2)
    state = play(state, Draw(0), Pass())  # seats 0 and 2, the players in play, have passed
    assert round_end(state).penalties[1] == 0
    assert round_end(state).penalties[0] > 0


def test_clause_17_last_player_finishes_their_turn() -> None:
    """The last player holding cards finishes their turn, may discard a pair, then is scored."""
    state = table(
        [["6c1", "6c2", "8c1", "3c1", "7c3"], [], ["5c5"]],
        to_move=0,
        rules=Rules(rounds=1, max_rounds=1),
    )
    state = state.apply(Draw(0))  # seat 2 is emptied and leaves
    assert cm.LeftRound(seat=2) in state.events
    assert (state.to_move, state.step) == (0, "discard-or-pass")
    state = state.apply(pair("6c1", "6c2"))
    assert state.legal_actions() == (pair("3c1", "8c1"), EndTurn())
    state = state.apply(pair("3c1", "8c1"))
    assert state.is_over
    ended = round_end(state)
    assert (ended.reason, ended.penalties) == ("last-player", (12, 0, 0))


def test_clause_18_round_ends_when_every_player_in_play_passed() -> None:
    """The round ends when the last aid of the players still in play turns face down."""
    state = table([["3c1"], ["4c2", "5c3"], ["6c4", "7c1"]], to_move=0)
    state = play(state, Draw(0), Pass(), Draw(0), Pass())
    assert not any(isinstance(e, cm.RoundEnded) for e in state.events)
    assert state.aids_face_down == (True, True, False)
    state = play(state, Draw(0), Pass())
    assert round_end(state).reason == "all-passed"
    assert state.round == 2


def test_clause_19_penalty_is_the_sum_of_the_values_left() -> None:
    """Each player still holding cards adds their values (the Mistigri is 10); others add 0."""
    state = table(
        [["3c1", "mistigri"], [], ["4c2", "8c2"], ["9c1"]],
        to_move=0,
        aids_face_down=[False, False, True, True],
    )
    state = play(draw(state, "9c1"), Pass())  # seat 3 leaves; seats 0 and 2 passed
    assert round_end(state).penalties == (22, 0, 12, 0)
    assert state.scores == (22, 0, 12, 0)


def test_clause_20_two_rounds_and_the_lowest_total_wins() -> None:
    """A match is two rounds; the lowest total wins (lower is better)."""
    state = table(
        [["3c1"], ["4c2"], ["6c4", "5c3"]],
        to_move=0,
        round_number=2,
        scores=[5, 0, 8],
        aids_face_down=[False, True, True],
    )
    state = play(draw(state, "5c3"), Pass())  # penalties 8, 4 and 6
    assert state.is_over
    assert state.outcome == cardgames.Outcome(winners=(1,), scores=(13, 4, 14))
    assert state.events[-1] == cm.MatchEnded(winners=(1,), scores=(13, 4, 14))
    first_round = table([["3c1"], ["4c2"], ["6c4", "5c3"]], aids_face_down=[False, True, True])
    first_round = play(draw(first_round, "5c3"), Pass())
    assert not first_round.is_over
    assert first_round.round == 2


def test_clause_21_the_highest_total_starts_the_next_round() -> None:
    """Round 2 is started (and dealt) by the player with the most penalty points."""
    state = table(
        [["3c1"], ["4c2"], ["6c4", "5c3"]],
        aids_face_down=[False, True, True],
        scores=[0, 0, 30],
    )
    state = play(draw(state, "5c3"), Pass())
    assert (state.round, state.starting_player, state.to_move, state.draw_from) == (2, 2, 2, 1)
    assert [len(h) for h in state.hands] == [9, 10, 9]
    assert state.events[-4] == cm.RoundStarted(round=2, starting_player=2)


def test_clause_22_each_seat_sees_its_hand_and_the_public_table() -> None:
    """A view shows the own hand, hand sizes, pile, arrow, aids, and no other hand."""
    state = GAME.new(4, seed=21)
    view = state.view(1)
    assert view.hand == state.hands[1]
    assert view.hand_sizes == (9, 9, 9, 10)
    assert view.discard_pile == ()
    assert view.direction is Direction.CLOCKWISE
    assert view.aids_face_down == (False,) * 4
    assert (view.turn_of, view.draw_from, view.step) == (0, 3, "draw")
    assert view.legal_actions == ()
    assert state.view(0).legal_actions == state.legal_actions()
    shown: set[cardgames.cards.Card] = {c for part in (view.hand, view.discard_pile) for c in part}
    for event in view.events:
        shown.update(event.cards())
    assert shown == set(state.hands[1])
    doc = json.loads(view.to_json())
    assert doc["game"] == "crazy-mistigri"
    assert doc["hand"] == codes(state.hands[1])


# --- Rulings -------------------------------------------------------------------------------


def test_cm_1_default_colour_layout_and_card_codes() -> None:
    """Colour k holds values 1..10-k by default; cards have stable codes; bad cards are refused."""
    assert DEFAULT_LAYOUT[0] == tuple(range(1, 10))
    assert DEFAULT_LAYOUT[8] == (1,)
    assert {c.colour for c in GAME.deck(5) if c.value == 4} == set(range(1, 7))
    assert [c.code for c in (card("5c3"), MISTIGRI)] == ["5c3", "mistigri"]
    assert str(card("5c3")) == "5c3"
    assert str(MISTIGRI) == "Mistigri"
    assert Card.from_code("9c1") == Card(9, 1)
    with pytest.raises(ValueError, match="value=10, colour=3"):
        Card(10, 3)
    with pytest.raises(KeyError, match="'0c1'"):
        Card.from_code("0c1")


def test_cm_1_colour_layout_option() -> None:
    """A custom layout changes the colours of the deck; malformed layouts are refused."""
    layout = (*DEFAULT_LAYOUT[:4], (5, 6, 7, 8, 9), *DEFAULT_LAYOUT[5:])
    deck = GAME.deck(5, Rules(colour_layout=layout))
    assert {c.colour for c in deck if c.value == 5} == {5, 6, 7, 8, 9}
    with pytest.raises(InvalidSetupError, match="9 tuples"):
        Rules(colour_layout=DEFAULT_LAYOUT[:8])
    with pytest.raises(InvalidSetupError, match=r"the 5 colours of the 5s"):
        Rules(colour_layout=(*DEFAULT_LAYOUT[:4], (1, 2), *DEFAULT_LAYOUT[5:]))
    with pytest.raises(InvalidSetupError, match=r"must be 1\.\.9, got 10"):
        Rules(colour_layout=(*DEFAULT_LAYOUT[:8], (10,)))


def test_cm_2_dealer_right_gets_ten_and_every_round_starts_clockwise() -> None:
    """The last card goes to the previous seat; a round after a reversal starts clockwise again."""
    state = GAME.new(5, seed=8, rules=Rules(first_player=0))
    assert [e.count for e in state.events if isinstance(e, cm.Dealt)] == [9, 9, 9, 9, 10]
    state = table(
        [["3c1"], ["4c2", "5c3"], ["6c4"]],
        direction=Direction.COUNTERCLOCKWISE,
        to_move=0,
        aids_face_down=[False, True, True],
    )
    assert state.draw_from == 1
    state = play(state, Draw(0), Pass())
    assert state.round == 2
    assert state.direction is Direction.CLOCKWISE


def test_cm_3_extra_draws_stop_when_the_hand_is_empty() -> None:
    """An 8+8 asks three draws, but a hand of two gives two and its holder leaves."""
    hands = [["8c1", "8c2", "3c1"], ["6c4"], ["3c6", "7c1", "5c5"]]
    state = draw(table(hands), "7c1")
    state = state.apply(pair("8c1", "8c2"))
    assert state.view(1).draws_due == 3
    state = play(state, Draw(0), Draw(0))
    assert cm.LeftRound(seat=0) in state.events
    assert (state.to_move, state.step) == (1, "discard-or-pass")
    assert (state.draw_from, state.view(1).draws_due) == (None, 0)


def test_cm_3_every_card_is_equally_likely_whatever_the_position() -> None:
    """Over many seeds, a fixed position draws each card of the fan about equally often."""
    drawn: Counter[str] = Counter()
    for seed in range(1200):
        state = table([["3c1"], ["4c2"], ["5c3", "6c4", "7c1"]], to_move=0, seed=seed)
        after = state.apply(Draw(0))
        drew = next(e for e in new_events(state, after) if isinstance(e, cm.Drew))
        assert drew.card is not None
        drawn[drew.card.code] += 1
    assert set(drawn) == {"5c3", "6c4", "7c1"}
    assert all(330 <= n <= 470 for n in drawn.values()), drawn


def test_cm_4_same_colour_and_value_is_a_value_pair() -> None:
    """With twin cards (a custom layout), two identical cats are a value pair with its effect."""
    layout = (*DEFAULT_LAYOUT[:4], (1, 1, 3, 4, 5), *DEFAULT_LAYOUT[5:])
    rules = Rules(colour_layout=layout)
    state = table([["5c1", "5c1", "9c1"], ["3c1"], ["4c1"], ["6c2"], ["7c3", "8c2"]], rules=rules)
    state = draw(state, "8c2")
    twins = [a for a in state.legal_actions() if a == pair("5c1", "5c1")]
    assert len(twins) == 1
    state = state.apply(twins[0])
    assert state.events[-1] == cm.PairDiscarded(seat=0, pair=(card("5c1"), card("5c1")), effect=5)
    assert state.step == "pile-pick"


def test_cm_4_one_pair_per_turn() -> None:
    """After one pair (not a 6+6) the turn is over, even if the hand holds more pairs."""
    state = draw(table([["3c1", "3c2", "4c1", "4c2"], ["5c3"], ["6c4", "7c3"]]), "7c3")
    state = state.apply(pair("3c1", "4c1"))  # a colour pair
    assert (state.to_move, state.step) == (1, "draw")
    assert len(state.hands[0]) == 3


def test_cm_5_effects_of_an_empty_handed_player() -> None:
    """A player who empties their hand still reverses or hands out 5+5 cards; a 2+2 card lapses."""
    state = draw(table([["2c1"], ["3c1"], ["4c1"], ["6c1", "2c2"]]), "2c2")
    state = state.apply(pair("2c1", "2c2"))
    assert cm.LeftRound(seat=0) in state.events
    assert state.legal_actions() == (Reverse(), EndTurn())
    lapsed = state.apply(EndTurn())
    assert lapsed.events[-1] == cm.EffectLapsed(seat=0, value=2, reason="no card left to choose")
    assert (lapsed.to_move, lapsed.draw_from) == (1, 3)
    turned = state.apply(Reverse())
    assert (turned.to_move, turned.draw_from) == (3, 1)
    state = draw(table([["5c1"], ["3c1"], ["4c1"], ["6c1", "5c2"]]), "5c2")
    state = state.apply(pair("5c1", "5c2"))
    assert state.view(2).pile_picks_for == (1, 2, 3)
    state = draw(table([["7c1"], ["3c1"], ["4c1"], ["6c1", "7c2"]]), "7c2")
    state = state.apply(pair("7c1", "7c2"))
    assert state.events[-1] == cm.EffectLapsed(seat=0, value=7, reason="no cards left")
    assert (state.to_move, state.draw_from, state.view(1).draws_due) == (1, 3, 1)


def test_cm_5_three_three_swap_takes_from_the_pile_before_the_discard() -> None:
    """The 3+3 swap cannot take back the card it gives: the pile is the one before the swap."""
    state = draw(table([["3c1", "3c2", "5c1"], ["6c4"], ["4c4", "8c2"]]), "4c4")
    state = play(state, pair("3c1", "3c2"), SwapLater(), Draw(0))
    assert state.step == "swap-with-pile"
    for action in state.legal_actions():
        assert isinstance(action, SwapWithPile)
        assert action.take not in state.hands[0]
        assert action.discard in state.hands[0]


def test_cm_5_four_four_lapses_without_a_card() -> None:
    """A 4+4 that empties the mover's hand gives nothing and the turn ends."""
    state = draw(table([["4c1"], ["3c1"], ["5c1"], ["6c1", "4c2"]]), "4c2")
    state = state.apply(pair("4c1", "4c2"))
    assert state.events[-1] == cm.EffectLapsed(seat=0, value=4, reason="no card left to give")
    assert (state.to_move, state.draw_from) == (1, 3)


def test_cm_6_leaving_by_discard_and_by_gift() -> None:
    """A hand emptied by a discard or by a 4+4 gift leaves the round at once."""
    state = draw(table([["3c1"], ["5c3"], ["6c4"], ["7c1", "8c2"]]), "7c1")
    state = state.apply(pair("3c1", "7c1"))
    assert state.events[-1] == cm.LeftRound(seat=0)
    assert (state.to_move, state.draw_from) == (1, 3)
    state = draw(table([["4c1", "4c2"], ["5c3"], ["6c4"], ["3c2", "7c1"]]), "7c1")
    state = play(state, pair("4c1", "4c2"), GiveCard(card("7c1"), 2))
    assert state.events[-1] == cm.LeftRound(seat=0)
    assert state.hands[0] == ()


def test_cm_7_private_draws_gifts_and_chosen_cards() -> None:
    """Draws and 4+4 gifts show the card to the two seats involved; a 2+2 choice to its chooser."""
    state = draw(table([["4c1", "4c2", "5c5"], ["6c4"], ["7c3", "8c2"]]), "8c2")
    drew = state.events[-1]
    assert drew.visible_to == frozenset({0, 2})
    hidden = cm.Drew(seat=0, source=2, card=None, visible_to=drew.visible_to)
    assert state.view(1).events[-1] == hidden
    assert str(state.view(1).events[-1]) == "seat 0 draws a card from seat 2"
    state = play(state, pair("4c1", "4c2"), GiveCard(card("5c5"), 1))
    gift = state.events[-1]
    assert isinstance(gift, cm.CardGiven)
    assert gift.visible_to == frozenset({0, 1})
    assert state.view(2).events[-1] == gift.redacted()
    assert state.view(1).events[-1] == gift
    chosen = draw(table([["2c1", "2c2", "5c3"], ["6c4"], ["3c3"], ["7c3", "8c2"]]), "8c2")
    chosen = play(chosen, pair("2c1", "2c2"), ForceCard(card("5c3")))
    assert chosen.view(0).chosen_card == card("5c3")
    assert chosen.view(1).chosen_card is None
    assert chosen.view(1).card_is_chosen
    assert chosen.view(1).events[-1] == cm.CardChosen(seat=0, card=None, visible_to=frozenset({0}))
    testing.check_views(chosen, Rng(5, 1))


def test_cm_7_pile_gifts_and_swaps_are_public() -> None:
    """5+5 pile cards and 3+3 swaps are seen by every seat."""
    state = draw(table([["5c1", "5c2", "7c3"], ["6c4"], ["4c4", "8c2"]]), "8c2")
    state = play(state, pair("5c1", "5c2"), PilePick(card("5c1"), 1))
    for seat in range(3):
        assert state.view(seat).events[-1] == cm.PileCardTaken(seat=1, chooser=0, card=card("5c1"))
    state = draw(table([["3c1", "3c2", "5c1"], ["6c4"], ["4c4", "8c2"]]), "4c4")
    state = play(state, pair("3c1", "3c2"), SwapLater(), Draw(0))
    give = state.hands[0][0]
    state = state.apply(SwapWithPile(give, card("3c2")))
    assert all(state.view(seat).events[-1] == state.events[-1] for seat in range(3))


def test_cm_8_round_ends_at_once_when_the_last_holder_is_not_moving() -> None:
    """When a discard empties the mover and leaves one holder, the round ends then and there."""
    state = table([["7c1"], ["7c2", "8c2"], []], to_move=0)
    state = draw(state, "7c2")
    state = state.apply(pair("7c1", "7c2"))
    ended = round_end(state)
    assert (ended.reason, ended.penalties) == ("last-player", (0, 8, 0))
    assert not any(isinstance(e, cm.EffectLapsed) for e in state.events)
    assert state.round == 2


def test_cm_8_effects_needing_others_lapse_for_the_last_player() -> None:
    """The last player's 2+2 lapses (no next player) and the round ends with their turn."""
    state = table([["2c1", "2c2", "3c1"], [], [], ["5c5"]], to_move=0)
    state = state.apply(Draw(0))
    state = state.apply(pair("2c1", "2c2"))
    lapsed = [e for e in state.events if isinstance(e, cm.EffectLapsed)]
    assert lapsed == [cm.EffectLapsed(seat=0, value=2, reason="no other player in the round")]
    assert round_end(state).penalties == (8, 0, 0, 0)


def test_cm_9_a_discard_turns_the_aid_face_up() -> None:
    """Only every aid in play face down ends the round; a discard turns the mover's aid up."""
    state = table(
        [["3c1", "3c2"], ["4c3"], ["6c4", "7c2"]], to_move=0, aids_face_down=[True, True, True]
    )
    state = play(draw(state, "7c2"), pair("3c1", "3c2"))
    assert state.aids_face_down == (False, True, True)
    assert not any(isinstance(e, cm.RoundEnded) for e in state.events)


def test_cm_10_max_rounds_ends_with_a_shared_win() -> None:
    """A lowest total still tied at max_rounds is a shared win."""
    state = table(
        [["3c1"], ["4c2"], ["6c4", "5c3"]],
        aids_face_down=[False, True, True],
        round_number=2,
        scores=[0, 0, 0],
        rules=Rules(max_rounds=2),
    )
    state = draw(state, "5c3")
    state = state.apply(Pass())  # totals 8, 4, 6
    assert state.outcome is not None
    assert state.outcome.winners == (1,)
    tied = table(
        [["3c1"], ["4c2"], ["6c4", "5c3"]],
        aids_face_down=[False, True, True],
        round_number=2,
        scores=[0, 4, 9],
        rules=Rules(max_rounds=2),
    )
    tied = play(draw(tied, "5c3"), Pass())  # totals 8, 8, 15
    assert tied.outcome == cardgames.Outcome(winners=(0, 1), scores=(8, 8, 15))
    with pytest.raises(InvalidSetupError, match="max_rounds"):
        Rules(rounds=3, max_rounds=2)


def test_cm_11_tied_highest_totals_go_clockwise_from_the_last_starter() -> None:
    """Among tied highest totals, the first clockwise from the previous starter starts."""
    hands = [["3c1"], ["4c2"], ["5c3"], ["6c4", "7c1"]]
    # The round's penalties are 10, 4, 5 and 6.
    for previous, scores, expected in [
        (0, [0, 12, 0, 10], 1),  # totals 10, 16, 5, 16
        (2, [0, 12, 0, 10], 3),
        (1, [0, 12, 0, 10], 1),
        (3, [6, 12, 11, 10], 3),  # totals all 16
    ]:
        state = table(
            hands,
            to_move=0,
            starting_player=previous,
            scores=scores,
            aids_face_down=[False, True, True, True],
        )
        state = draw(state, "7c1")  # seat 0 holds 3c1 and 7c1: 10 points
        state = state.apply(Pass())
        assert state.round == 2
        assert state.starting_player == expected, (previous, state.scores)


# --- The scenarios ------------------------------------------------------------------


def test_six_six_chains_into_two_two_in_one_turn() -> None:
    """6+6 then 2+2 in one turn: the next player must take the card chosen by the mover."""
    hands = [["6c1", "6c2", "2c1", "2c2", "9c1"], ["3c3"], ["4c4"], ["8c1", "8c2"]]
    state = draw(table(hands), "8c1")
    state = play(state, pair("6c1", "6c2"), pair("2c1", "2c2"), ForceCard(card("9c1")))
    assert [e.kind for e in state.events[-3:]] == [
        "pair-discarded",
        "pair-discarded",
        "card-chosen",
    ]
    assert (state.to_move, state.legal_actions()) == (1, (DrawChosen(),))
    state = state.apply(DrawChosen())
    assert state.hands[1] == (card("3c3"), card("9c1"))
    assert state.hands[0] == (card("8c1"),)


def test_six_six_chains_into_seven_seven_in_one_turn() -> None:
    """6+6 then 7+7 in one turn: the next player draws two cards from the mover."""
    hands = [["6c1", "6c2", "7c1", "7c2", "9c1", "3c5"], ["3c3"], ["4c4"], ["8c1", "8c2"]]
    state = draw(table(hands), "8c2")
    state = play(state, pair("6c1", "6c2"), pair("7c1", "7c2"))
    assert (state.to_move, state.draw_from, state.view(1).draws_due) == (1, 0, 2)
    state = play(state, Draw(0), Draw(0))
    assert len(state.hands[0]) == 1
    assert len(state.hands[1]) == 3
    assert state.step == "discard-or-pass"


def test_three_three_when_the_next_draw_empties_the_three_player() -> None:
    """If the next player's draw takes the 3+3 player's last card, the swap lapses."""
    state = draw(table([["3c1", "3c2"], ["5c5", "6c4", "7c3"], ["4c4", "8c2"]]), "4c4")
    state = play(state, pair("3c1", "3c2"), SwapLater())
    state = state.apply(Draw(0))
    assert state.events[-2:] == (
        cm.LeftRound(seat=0),
        cm.EffectLapsed(seat=0, value=3, reason="no cards left to swap"),
    )
    assert (state.to_move, state.turn_of, state.step) == (1, 1, "discard-or-pass")
    assert state.hands[1][-1] == card("4c4")


def test_five_five_with_fewer_pile_cards_than_opponents() -> None:
    """A 5+5 on an empty pile gives the two 5s to the next two opponents; the others get none."""
    state = table([["5c1", "5c2"], [], [], [], []], spread=[1, 2, 3, 4])
    assert state.discard_pile == ()
    state = state.apply(Draw(0))
    state = state.apply(pair("5c1", "5c2"))
    assert state.view(0).pile_picks_for == (1, 2, 3, 4)
    assert state.legal_actions() == (PilePick(card("5c1"), 1), PilePick(card("5c2"), 1))
    sizes = [len(h) for h in state.hands]
    state = play(state, PilePick(card("5c2"), 1), PilePick(card("5c1"), 2))
    assert state.discard_pile == ()
    assert [len(h) for h in state.hands] == [
        sizes[0],
        sizes[1] + 1,
        sizes[2] + 1,
        sizes[3],
        sizes[4],
    ]
    assert (state.to_move, state.step) == (1, "draw")


def test_four_four_giving_away_the_last_card() -> None:
    """Giving away one's last card with a 4+4 leaves the round; play goes on without them."""
    state = draw(table([["4c1", "4c2"], ["5c5", "6c4"], ["7c3", "8c2"]]), "7c3")
    state = state.apply(pair("4c1", "4c2"))
    assert state.legal_actions() == (GiveCard(card("7c3"), 1), GiveCard(card("7c3"), 2))
    state = state.apply(GiveCard(card("7c3"), 1))
    assert state.events[-2:] == (
        cm.CardGiven(seat=0, to=1, card=card("7c3"), visible_to=frozenset({0, 1})),
        cm.LeftRound(seat=0),
    )
    assert (state.to_move, state.draw_from) == (1, 2)
    alone = draw(table([["4c1", "4c2"], ["5c5", "6c4"], []]), "5c5")
    alone = play(alone, pair("4c1", "4c2"), GiveCard(card("5c5"), 1))
    assert round_end(alone).penalties == (0, 11, 0)  # the receiver is the last holder


def test_last_player_finishes_their_turn_with_an_effect() -> None:
    """The last holder's turn goes on after the draw that empties the others, 1+1 included."""
    rules = Rules(rounds=1, max_rounds=1)
    state = table([["1c1", "1c2", "1c3", "8c1"], [], [], [], ["5c5"]], rules=rules)
    state = state.apply(Draw(0))
    assert (state.to_move, state.step) == (0, "discard-or-pass")
    state = play(state, pair("1c1", "1c2"), DiscardOnes())
    assert state.is_over
    assert round_end(state).penalties == (13, 0, 0, 0, 0)


def test_all_pass_end_scores_everyone_still_in_play() -> None:
    """When all players in play pass in a row, each pays the cards in hand."""
    state = table([["3c1"], ["4c2", "6c4"], ["5c3", "7c1"]], to_move=0)
    for _ in range(3):
        state = play(state, Draw(0), Pass())
    ended = round_end(state)
    assert ended.reason == "all-passed"
    assert sum(ended.penalties) == 3 + 4 + 6 + 5 + 7


def test_tied_match_goes_to_round_three() -> None:
    """A lowest total tied after round 2 starts round 3, dealt by the tie-break starter."""
    state = table(
        [["6c1"], ["7c2"], ["5c2", "4c3"]],
        to_move=0,
        aids_face_down=[False, True, True],
        round_number=2,
        scores=[0, 4, 7],
        starting_player=1,
    )
    state = play(draw(state, "5c2"), Pass())  # penalties 11, 7, 4: totals 11, 11, 11
    assert round_end(state).scores == (11, 11, 11)
    assert not state.is_over
    assert (state.round, state.starting_player, state.to_move) == (3, 1, 1)
    assert state.events[-4] == cm.RoundStarted(round=3, starting_player=1)
    state = finish(state)
    assert state.round >= 3
    assert state.outcome is not None
    assert state.outcome.winners == tuple(
        s for s, total in enumerate(state.scores) if total == min(state.scores)
    )


def test_rulebook_example_penalties() -> None:
    """Three players all pass holding 6+5, 7 and 4: they take 11, 7 and 4 points."""
    state = table(
        [["6c1"], ["7c2"], ["5c2", "4c3"]],
        to_move=0,
        aids_face_down=[False, True, True],
        rules=Rules(rounds=1),
    )
    state = play(draw(state, "5c2"), Pass())
    assert state.hands == ((card("6c1"), card("5c2")), (card("7c2"),), (card("4c3"),))
    ended = round_end(state)
    assert (ended.reason, ended.penalties) == ("all-passed", (11, 7, 4))
    assert state.outcome == cardgames.Outcome(winners=(2,), scores=(11, 7, 4))


# --- Contract, setups, errors, serialization ------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_contract_checks_pass(players: int) -> None:
    """The engine contract holds on seeded random matches at every player count."""
    testing.check_game(GAME, players=[players], seeds=(11, 2_718_281_828))


def test_contract_checks_on_a_scenario_with_every_effect() -> None:
    """A scenario played through effects keeps the contract in every state."""
    state = draw(table([["2c1", "2c2", "5c3"], ["6c4"], ["3c3"], ["7c3", "8c2"]]), "8c2")
    for action in (pair("2c1", "2c2"), ForceCard(card("5c3")), DrawChosen()):
        state = state.apply(action)
        testing.check_state(state, Rng(3, 1))


@pytest.mark.parametrize(
    ("hands", "kwargs", "message"),
    [
        ([["3c1"], ["4c2"]], {}, "3 to 5 players"),
        ([["3c1"], ["4c2"], ["5c3", "3c1"]], {}, r"extra: \['3c1'\]"),
        ([["3c1"], ["4c2"], ["1c1"]], {}, r"extra: \['1c1'\]"),
        ([["3c1"], [], []], {}, "at least two seats"),
        ([["3c1"], ["4c2"], []], {"to_move": 2}, "to_move must be a seat holding cards"),
        ([["3c1"], ["4c2"], []], {"direction": 2}, "direction must be"),
        ([["3c1"], ["4c2"], []], {"aids_face_down": [True]}, "one bool per seat"),
        ([["3c1"], ["4c2"], []], {"round_number": 11}, r"round_number must be in 1\.\.10"),
        ([["3c1"], ["4c2"], []], {"scores": [0, -1, 0]}, "one penalty total"),
        ([["3c1"], ["4c2"], []], {"starting_player": 3}, "starting_player must be a seat"),
    ],
)
def test_scenario_validation(hands: list[list[str]], kwargs: dict[str, Any], message: str) -> None:
    """Impossible scenarios are refused with a message saying what is wrong."""
    with pytest.raises(InvalidSetupError, match=message):
        table(hands, **kwargs)


def test_scenario_refuses_missing_cards_and_non_cards() -> None:
    """Hands and pile must hold the whole deck, as Crazy Mistigri cards."""
    with pytest.raises(InvalidSetupError, match=r"missing: \['3c1'"):
        scenario([[card("3c2")], [card("4c2")], []])
    with pytest.raises(InvalidSetupError, match="not a Crazy Mistigri card"):
        scenario([["3c1"], [card("4c2")], []])  # type: ignore[list-item]
    with pytest.raises(InvalidSetupError, match="discard pile holds 'x'"):
        scenario([[card("3c1")], [card("4c2")], []], pile=["x"])  # type: ignore[list-item]


def test_rules_validation() -> None:
    """Rules options are checked with messages naming the bad value."""
    with pytest.raises(InvalidSetupError, match="first_player 4 is not a seat of a 4-player"):
        GAME.new(4, seed=1, rules=Rules(first_player=4))
    with pytest.raises(InvalidSetupError, match="first_player must be a seat number"):
        Rules(first_player=-1)
    with pytest.raises(InvalidSetupError, match=r"rounds must be an int in 1\.\.1000"):
        Rules(rounds=0)


def test_illegal_actions_say_why() -> None:
    """Refused actions name the seat, the action and the rule; the state is untouched."""
    start = table([["5c1", "6c2", "mistigri"], ["4c2"], ["3c1", "7c1"]], to_move=0)
    before = start.to_json()
    with pytest.raises(IllegalActionError, match=r"seat 0 cannot play draw #5.*0\.\.1"):
        start.apply(Draw(5))
    with pytest.raises(IllegalActionError, match="'pass' action is not legal now"):
        start.apply(Pass())
    assert start.to_json() == before
    state = draw(start, "7c1")
    with pytest.raises(IllegalActionError, match="neither the same colour nor the same value"):
        state.apply(pair("5c1", "6c2"))
    with pytest.raises(IllegalActionError, match="never pairs"):
        state.apply(DiscardPair(MISTIGRI, card("5c1")))
    with pytest.raises(IllegalActionError, match="does not hold 4c2"):
        state.apply(pair("4c2", "5c1"))
    gift = draw(table([["4c1", "4c2", "5c5"], ["6c4"], ["7c3", "8c2"]]), "8c2")
    gift = gift.apply(pair("4c1", "4c2"))
    with pytest.raises(IllegalActionError, match="seat 0 is not another seat"):
        gift.apply(GiveCard(card("5c5"), 0))
    with pytest.raises(IllegalActionError, match="does not hold 3c1"):
        gift.apply(GiveCard(card("3c1"), 1))
    picks = draw(table([["5c1", "5c2", "7c3"], ["6c4"], ["4c4", "8c2"]]), "8c2")
    picks = picks.apply(pair("5c1", "5c2"))
    with pytest.raises(IllegalActionError, match="goes to seat 1, not seat 2"):
        picks.apply(PilePick(card("5c1"), 2))
    with pytest.raises(IllegalActionError, match="6c4 is not in the discard pile"):
        picks.apply(PilePick(card("6c4"), 1))


def test_kinds_not_legal_now_are_refused_by_kind() -> None:
    """An action of any kind that is not legal now is refused, naming the legal kinds."""
    start = table([["5c1", "6c2", "mistigri"], ["4c2"], ["3c1", "7c1"]], to_move=0)
    before = start.to_json()
    others: list[Action] = [
        pair("5c1", "6c2"),
        Pass(),
        EndTurn(),
        Reverse(),
        DiscardOnes(),
        DrawChosen(),
        ForceCard(card("5c1")),
        SwapLater(),
        SwapWithPile(card("5c1"), card("3c1")),
        GiveCard(card("5c1"), 1),
        PilePick(card("5c1"), 1),
    ]
    for action in others:
        with pytest.raises(
            IllegalActionError, match=r"action is not legal now; legal kinds now: \['draw'\]"
        ):
            start.apply(action)
    assert start.to_json() == before


def test_discard_pair_is_the_same_in_either_order() -> None:
    """DiscardPair(a, b) equals DiscardPair(b, a) and survives its JSON form."""
    assert pair("5c3", "5c1") == pair("5c1", "5c3")
    assert pair("5c3", "5c1").first == card("5c1")
    assert GAME.action_from_json(pair("5c3", "5c1").to_json()) == pair("5c1", "5c3")
    assert str(pair("5c3", "5c1")) == "discard 5c1 + 5c3"


def test_json_round_trip_of_a_scenario_mid_effect() -> None:
    """A scenario state in the middle of a 3+3 swap reloads equal from its JSON form."""
    state = draw(table([["3c1", "3c2", "5c1"], ["6c4"], ["4c4", "8c2"]]), "4c4")
    state = play(state, pair("3c1", "3c2"), SwapLater(), Draw(0))
    loaded = GAME.from_json(state.to_json())
    assert loaded == state
    assert loaded.hands == state.hands
    assert loaded.step == "swap-with-pile"


def test_state_is_immutable() -> None:
    """Public attributes of a state cannot be assigned."""
    state = GAME.new(3, seed=1)
    with pytest.raises(AttributeError):
        state.players = 4  # type: ignore[misc]


def test_event_texts() -> None:
    """Events read as plain sentences."""
    state = draw(table([["2c1", "2c2", "5c3"], ["6c4"], ["3c3"], ["7c3", "8c2"]]), "8c2")
    state = play(state, pair("2c1", "2c2"), Reverse())
    texts = [str(e) for e in state.events[-2:]]
    assert texts == [
        "seat 0 discards 2c1 and 2c2: 2+2, choose the card drawn next or reverse",
        "seat 0 reverses the direction: now counterclockwise",
    ]


def _candidates(state: State) -> list[Action]:
    """Actions of every kind for ``state``: its legal ones, and near misses of each kind.

    The cards are those of the hands that act now, the pile and a few others of the deck; the
    seats run one past the last.
    """
    pos = state._pos
    rng = random.Random(len(state.history))
    near = [c for hand in pos.hands for c in hand if c not in pos.hands[pos.mover]]
    ids = sorted({*pos.hands[pos.mover], *pos.pile, *rng.sample(near, min(3, len(near)))})
    if pos.swapper >= 0:
        ids = sorted({*ids, *pos.hands[pos.swapper]})
    cards_ = [cm_cards._CARD[i] for i in ids]
    seats = range(state.players + 1)
    kinds: list[Action] = [DrawChosen(), Pass(), EndTurn(), Reverse(), DiscardOnes(), SwapLater()]
    kinds += [Draw(i) for i in range(12)]
    kinds += [DiscardPair(a, b) for a in cards_ for b in cards_]  # type: ignore[arg-type]
    kinds += [SwapWithPile(a, b) for a in cards_ for b in cards_]  # type: ignore[arg-type]
    kinds += [ForceCard(c) for c in cards_]  # type: ignore[arg-type]
    kinds += [GiveCard(c, to) for c in cards_ for to in seats]  # type: ignore[arg-type]
    kinds += [PilePick(c, to) for c in cards_ for to in seats]  # type: ignore[arg-type]
    return [*state.legal_actions(), *kinds]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_legal_actions_are_exactly_those_that_pass_their_phase_checks(players: int) -> None:
    """Legality is written once: `_why_not` passes an action exactly when `_legal` lists it.

    And every action it refuses is refused by `apply` with the same reason in the message.
    """
    phases: set[str] = set()
    for seed in range(2):
        for any_state in testing.random_match(GAME, players, seed):
            state = cast("State", any_state)
            if state.is_over:
                break
            phases.add(state.step)
            legal = set(state.legal_actions())
            for action in _candidates(state):
                reason = cm_rules._why_not(state._pos, action)
                assert (reason is None) == (action in legal), (state.step, action, reason)
            illegal = [a for a in _candidates(state) if a not in legal]
            for action in illegal[:: max(1, len(illegal) // 4)]:
                with pytest.raises(IllegalActionError) as caught:
                    state.apply(action)
                reason = cm_rules._why_not(state._pos, action)
                if reason == NOT_THIS_STEP:
                    assert "is not legal now; legal kinds now" in str(caught.value)
                else:
                    assert f": {reason}. Legal:" in str(caught.value)
    assert phases >= {"draw", "discard-or-pass"}


def test_positions_unchanged_check_catches_a_transition_changing_its_start() -> None:
    """`testing.check_positions_unchanged` fails when an apply changes the position it left."""

    class Changing:
        """A state whose apply changes the position it started from (the fault to catch)."""

        def __init__(self, state: State) -> None:
            self._state = state
            self._pos = state._pos
            self.players = state.players

        def view(self, seat: int) -> object:
            return self._state.view(seat)

        def legal_actions(self) -> tuple[Action, ...]:
            return self._state.legal_actions()

        def apply(self, action: Action) -> State:
            after = self._state.apply(action)
            self._pos.pile = after._pos.pile + self._pos.pile
            return after

    start = table([["5c1", "5c2"], ["7c3"], ["6c4", "3c1"]])
    testing.check_positions_unchanged(start)
    with pytest.raises(testing.ContractViolation, match="changed the position"):
        testing.check_positions_unchanged(Changing(start))  # type: ignore[arg-type]


def test_golden_transcript() -> None:
    """A seeded 4-player match narrates exactly as recorded (guards the rng and the rules)."""
    state = GAME.new(4, seed=2026)
    while not state.is_over:
        state = state.apply(state.legal_actions()[len(state.legal_actions()) // 2])
    transcript = "\n".join(str(e) for e in state.events) + "\n"
    golden = Path(__file__).parent.parent / "golden" / "crazy-mistigri-4p-2026.txt"
    assert transcript == golden.read_text(encoding="utf-8")


# --- The rules' helpers, held to the plain forms they replace -------------------------------


def test_pairs_of_a_hand_come_in_the_order_of_its_sorted_combinations() -> None:
    """`_pairs_of` lists every two cards that pair (CM-4), as ``combinations(sorted(hand), 2)``."""
    rng = random.Random(28)
    deck = cm_cards._deck_of(3, cm_cards.DEFAULT_LAYOUT)
    card_of = {cm_cards._id(card): card for card in deck}
    for size in range(12):
        for _ in range(40):
            hand = sorted(rng.sample(sorted(card_of), size))
            expected = [
                cm_rules._PAIRS[a, b]
                for a, b in itertools.combinations(hand, 2)
                if card_of[a].value == card_of[b].value or card_of[a].colour == card_of[b].colour
            ]
            assert cm_rules._pairs_of(hand) == expected, hand


def test_next_starter_is_the_first_highest_total_clockwise_from_the_previous_one() -> None:
    """`_next_starter` picks what ``max`` over the seats from the previous starter picks (CM-11)."""
    rng = random.Random(11)
    for players in (3, 4, 5):
        for _ in range(200):
            scores = tuple(rng.randrange(6) for _ in range(players))
            previous = rng.randrange(players)
            order = [(previous + k) % players for k in range(players)]
            expected = max(order, key=scores.__getitem__)
            assert cm_rules._next_starter(scores, previous) == expected, (scores, previous)


def test_remove_takes_only_the_first_copy_of_a_card_out_of_the_list_itself() -> None:
    """`_remove` takes one copy of a card held out of the list in place, twins included."""
    hand = [0x53, 0x21, 0x53, 0x44]
    cm_rules._remove(hand, 0x53)
    assert hand == [0x21, 0x53, 0x44]
    cm_rules._remove(hand, 0x44)
    assert hand == [0x21, 0x53]
    single = [0x21]
    cm_rules._remove(single, 0x21)
    assert single == []
    rng = random.Random(6)
    for _ in range(200):
        cards_ = [rng.choice((0x21, 0x23, 0x53, 0x55)) for _ in range(rng.randrange(1, 9))]
        card = rng.choice(cards_)
        expected = cards_.copy()
        expected.remove(card)  # the first copy, the fan order kept
        cm_rules._remove(cards_, card)
        assert cards_ == expected


def test_card_id_readers_are_the_compiled_ones_of_the_positions() -> None:
    """`cards` names the same card-id readers as `_position`, where the rules import them from."""
    from cardgames.crazy_mistigri import _position  # noqa: PLC0415 - the records' module

    for name in ("_card_id", "_value_of", "_colour_of", "_pair"):
        assert getattr(cm_cards, name) is getattr(_position, name)
    assert vars(cm_rules)["_pair"] is _position._pair
    assert vars(cm_rules)["_value_of"] is _position._value_of
    assert cm_cards._value_of(cm_cards._card_id(7, 3)) == 7
    assert cm_cards._colour_of(cm_cards._card_id(7, 3)) == 3
    assert not cm_cards._pair(cm_cards._id(cm_cards.MISTIGRI), cm_cards._card_id(9, 1))
