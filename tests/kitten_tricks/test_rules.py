"""Kitten tricks: one test per rule clause (``test_clause_N_*``) and ruling (``test_kt_N_*``).

The clauses are those of ``docs/games/kitten-tricks.md``; ``test_rule_coverage.py`` fails if
one of them has no test here. Cards are written by code (``"red-7"``) to keep scenarios short.
"""

from __future__ import annotations

import copy
import json
import pickle
from collections import Counter
from pathlib import Path
from typing import cast

import pytest

import cardgames
from cardgames import kitten_tricks as kt
from cardgames import testing
from cardgames.errors import IllegalActionError, InvalidSetupError, InvalidStateError
from cardgames.kitten_tricks import Card, PlayCard, Rules, scenario
from cardgames.kitten_tricks import rules as kt_rules
from cardgames.kitten_tricks.actions import _PLAYS
from cardgames.rng import Rng

YELLOW_TRUMP = Card(4, "yellow")


def c(code: str) -> Card:
    """The card with this code."""
    return Card.from_code(code)


def cs(codes: str) -> list[Card]:
    """The cards of a space-separated list of codes."""
    return [c(code) for code in codes.split()]


def play(state: kt.State, *codes: str) -> kt.State:
    """Play the given cards in turn."""
    for code in codes:
        state = state.apply(PlayCard(c(code)))
    return state


def new_events(before: kt.State, after: kt.State) -> list[cardgames.Event]:
    """The events ``after`` added to ``before``'s."""
    return list(after.events[len(before.events) :])


def of_kind(events: list[cardgames.Event], kind: type[cardgames.Event]) -> list[cardgames.Event]:
    """The events of one type."""
    return [e for e in events if isinstance(e, kind)]


# --- Clauses -------------------------------------------------------------------------------


def test_clause_1_deck_has_five_colours_of_seven_values() -> None:
    """The default deck: red, yellow, green, blue, purple, each 1..7, each 1 a Coup de patte."""
    deck = kt.deck()
    assert len(deck) == 35
    assert Counter(card.colour for card in deck) == dict.fromkeys(
        ("red", "yellow", "green", "blue", "purple"), 7
    )
    assert sorted({card.value for card in deck}) == list(range(1, 8))
    assert [card for card in deck if card.is_coup_de_patte] == cs(
        "red-1 yellow-1 green-1 blue-1 purple-1"
    )
    assert kt.GAME.new(3, seed=1).deck.cards == deck.cards


def test_clause_2_three_to_five_players() -> None:
    """Matches of 3, 4 and 5 players can be created; 2 and 6 cannot."""
    for players in (3, 4, 5):
        assert kt.GAME.new(players, seed=1).players == players
    for players in (2, 6):
        with pytest.raises(InvalidSetupError, match="3 to 5 players"):
            kt.GAME.new(players, seed=1)


@pytest.mark.parametrize(("players", "size"), [(3, 10), (4, 8), (5, 6)])
def test_clause_3_deal_gives_hands_and_a_face_up_trump_card(players: int, size: int) -> None:
    """Each hand gets 10/8/6 cards, the next card is the trump card, the rest stays unused."""
    state = kt.GAME.new(players, seed=5)
    assert [len(h) for h in state.hands] == [size] * players
    assert state.trump_colour == state.trump.colour
    assert len(state.stock) == 35 - players * size - 1
    started = state.events[0]
    assert isinstance(started, kt.RoundStarted)
    assert (started.round, started.trump) == (1, state.trump)
    dealt = of_kind(list(state.events), kt.Dealt)
    assert [(e.seat, e.count, e.hand) for e in dealt] == [  # type: ignore[attr-defined]
        (s, size, state.hands[s]) for s in range(players)
    ]
    assert state.collections == ((),) * players
    assert state.trick == ()


def test_clause_4_starting_player_leads_the_first_trick() -> None:
    """``first_player`` leads round 1 and may lead any card of their hand."""
    state = kt.GAME.new(4, seed=9, rules=Rules(first_player=2))
    assert state.to_move == state.leader == state.starter == 2
    assert state.legal_actions() == tuple(PlayCard(card) for card in state.hands[2])


def test_clause_5_any_card_may_be_played() -> None:
    """After a red lead, a seat holding red may still play another colour or discard low."""
    state = scenario(
        hands=[cs("red-5 green-2"), cs("red-6 blue-3 purple-2"), cs("red-2 green-3")],
        trump=YELLOW_TRUMP,
    )
    state = play(state, "red-5")
    assert state.to_move == 1
    assert set(state.legal_actions()) == {PlayCard(card) for card in cs("red-6 blue-3 purple-2")}
    state = play(state, "blue-3")
    assert state.to_move == 2
    assert state.trick == tuple(cs("red-5 blue-3"))


def test_clause_6_trump_beats_a_higher_led_colour_card() -> None:
    """A low trump wins over the highest card of the led colour."""
    state = scenario(
        hands=[cs("red-6 green-2"), cs("red-7 green-3"), cs("yellow-2 green-4")],
        trump=YELLOW_TRUMP,
    )
    after = play(state, "red-6", "red-7", "yellow-2")
    won = after.events[-1]
    assert won == kt.TrickWon(seat=2, card=c("yellow-2"), coup_de_patte=False)
    assert after.to_move == 2


def test_clause_6_highest_led_colour_wins_off_colours_never() -> None:
    """Without trumps, a high card of another colour loses to the led colour's best card."""
    state = scenario(
        hands=[cs("red-3 green-2"), cs("purple-7 green-3"), cs("red-4 green-4")],
        trump=YELLOW_TRUMP,
    )
    after = play(state, "red-3", "purple-7", "red-4")
    assert after.events[-1] == kt.TrickWon(seat=2, card=c("red-4"))


def test_clause_7_coup_de_patte_with_its_seven_beats_it() -> None:
    """A led colour's 1 beats that colour's 7 (and 6) when the 7 is in the trick."""
    state = scenario(
        hands=[cs("red-1 green-2"), cs("red-6 green-3"), cs("red-7 green-4")],
        trump=YELLOW_TRUMP,
    )
    after = play(state, "red-1", "red-6", "red-7")
    assert after.events[-1] == kt.TrickWon(seat=0, card=c("red-1"), coup_de_patte=True)
    assert str(after.events[-1]) == "seat 0 wins the trick with red 1 (Coup de patte)"


def test_clause_7_coup_de_patte_without_its_seven_is_a_plain_one() -> None:
    """Without the 7 of its colour in the trick, a 1 is the lowest card of its colour."""
    state = scenario(
        hands=[cs("red-1 green-2"), cs("red-6 green-3"), cs("red-5 green-4")],
        trump=YELLOW_TRUMP,
    )
    after = play(state, "red-1", "red-6", "red-5")
    assert after.events[-1] == kt.TrickWon(seat=1, card=c("red-6"))


def test_clause_7_coup_de_patte_as_a_trump() -> None:
    """The trump 1 beats the trump 7 played with it; without the 7 it is the lowest trump."""
    hands = [cs("red-7 green-2"), cs("yellow-1 green-3"), cs("yellow-7 green-4")]
    state = scenario(hands=hands, trump=YELLOW_TRUMP)
    after = play(state, "red-7", "yellow-1", "yellow-7")
    assert after.events[-1] == kt.TrickWon(seat=1, card=c("yellow-1"), coup_de_patte=True)
    hands = [cs("red-7 green-2"), cs("yellow-1 green-3"), cs("yellow-6 green-4")]
    after = play(scenario(hands=hands, trump=Card(7, "yellow")), "red-7", "yellow-1", "yellow-6")
    assert after.events[-1] == kt.TrickWon(seat=2, card=c("yellow-6"))


def test_clause_7_coup_de_patte_of_an_off_colour_never_wins() -> None:
    """A 1 and its 7 of a colour neither led nor trump leave the led colour's card the winner."""
    state = scenario(
        hands=[cs("red-2 blue-2"), cs("green-1 blue-3"), cs("green-7 blue-4")],
        trump=YELLOW_TRUMP,
    )
    after = play(state, "red-2", "green-1", "green-7")
    assert after.events[-1] == kt.TrickWon(seat=0, card=c("red-2"))


def test_clause_8_winner_collects_the_trick_face_up_and_leads() -> None:
    """The trick joins the winner's public collection and the winner leads the next trick."""
    state = scenario(
        hands=[cs("red-3 green-2"), cs("red-5 green-3"), cs("blue-6 green-4")],
        trump=YELLOW_TRUMP,
        collections=[[], cs("purple-2"), []],
    )
    after = play(state, "red-3", "red-5", "blue-6")
    assert after.collections == ((), tuple(cs("red-3 red-5 blue-6 purple-2")), ())
    assert after.view(0).collections == after.collections
    assert after.trick == ()
    assert after.to_move == after.leader == 1
    assert after.hands == (tuple(cs("green-2")), tuple(cs("green-3")), tuple(cs("green-4")))


def test_clause_9_colour_reaching_four_is_dealt_out() -> None:
    """A fourth red makes the winner lose all reds: one to each other seat, the rest discarded."""
    state = scenario(
        hands=[cs("red-7 green-2"), cs("blue-4 green-3"), cs("red-4 green-4")],
        trump=YELLOW_TRUMP,
        collections=[cs("red-2 red-3"), [], []],
        seed=3,
    )
    after = play(state, "red-7", "blue-4", "red-4")
    events = new_events(state, after)
    lost = of_kind(events, kt.ColourLost)
    assert lost == [
        kt.ColourLost(seat=0, colour="red", lost=tuple(cs("red-2 red-3 red-7 red-4")), discarded=2)
    ]
    received = of_kind(events, kt.CardReceived)
    assert [(e.seat, e.source) for e in received] == [(1, 0), (2, 0)]  # type: ignore[attr-defined]
    got = [e.card for e in received]  # type: ignore[attr-defined]
    assert after.hands[1] == (c("green-3"), got[0])
    assert after.hands[2] == (c("green-4"), got[1])
    assert Counter([*got, *after.discard]) == Counter(cs("red-2 red-3 red-7 red-4"))
    assert after.collections[0] == (c("blue-4"),)
    assert after.to_move == 0
    assert not after.is_over


def test_clause_9_two_colours_reach_four_at_once() -> None:
    """Red and blue both reach four in one trick: reds are dealt out first, then blues."""
    state = scenario(
        hands=[cs("red-7 purple-2"), cs("blue-4 purple-3"), cs("green-1 purple-4")],
        trump=YELLOW_TRUMP,
        collections=[cs("red-2 red-3 red-5 blue-2 blue-3 blue-5"), [], []],
        seed=8,
    )
    after = play(state, "red-7", "blue-4", "green-1")
    events = new_events(state, after)
    kinds = [(type(e).__name__, getattr(e, "colour", None)) for e in events[-7:]]
    assert kinds == [
        ("TrickWon", None),
        ("ColourLost", "red"),
        ("CardReceived", None),
        ("CardReceived", None),
        ("ColourLost", "blue"),
        ("CardReceived", None),
        ("CardReceived", None),
    ]
    for seat in (1, 2):
        hand = after.hands[seat]
        assert len(hand) == 3
        assert (hand[1].colour, hand[2].colour) == ("red", "blue")
    assert len(after.discard) == 4
    assert after.collections[0] == (c("green-1"),)


def test_clause_9_dealt_out_cards_refill_empty_hands_and_play_goes_on() -> None:
    """Seats emptied by the trick each receive a lost card, so no hand is empty and play goes on."""
    state = scenario(
        hands=[cs("red-7 green-5"), cs("blue-4"), cs("green-1")],
        trump=YELLOW_TRUMP,
        collections=[cs("red-2 red-3 red-5"), [], []],
        seed=4,
    )
    after = play(state, "red-7", "blue-4", "green-1")
    assert [len(h) for h in after.hands] == [1, 1, 1]
    assert after.hands[1][0].colour == after.hands[2][0].colour == "red"
    assert not of_kind(new_events(state, after), kt.RoundEnded)
    assert after.round == 1
    assert after.to_move == 0
    assert after.legal_actions() == (PlayCard(c("green-5")),)


def test_clause_10_round_ends_when_a_collection_holds_every_colour() -> None:
    """Winning the fifth colour ends the round at once, although hands still hold cards."""
    state = scenario(
        hands=[cs("purple-7 blue-6"), cs("red-3 blue-5"), cs("green-3 blue-4")],
        trump=YELLOW_TRUMP,
        collections=[cs("red-2 yellow-2 green-2 blue-2"), [], []],
        seed=10,
    )
    after = play(state, "purple-7", "red-3", "green-3")
    ended = of_kind(new_events(state, after), kt.RoundEnded)
    assert ended == [
        kt.RoundEnded(
            round=1,
            reason="all-colours",
            seat=0,
            colours=(5, 0, 0),
            gainers=(0,),
            super_chats=(1, 0, 0),
        )
    ]
    assert "seat 0 has collected every colour" in str(ended[0])
    assert after.round == 2
    assert after.super_chats == (1, 0, 0)


def test_clause_10_round_ends_on_an_empty_hand() -> None:
    """The last trick empties every hand and ends the round, even with cards dealt out."""
    state = scenario(
        hands=[cs("red-7"), cs("blue-4"), cs("green-1")],
        trump=YELLOW_TRUMP,
        collections=[cs("red-2 red-3 red-5"), cs("blue-2"), []],
        seed=4,
    )
    after = play(state, "red-7", "blue-4", "green-1")
    events = new_events(state, after)
    # Seats 1 and 2 receive reds, but the winner's own hand is empty.
    assert len(of_kind(events, kt.CardReceived)) == 2
    (ended,) = of_kind(events, kt.RoundEnded)
    assert (ended.reason, ended.seat) == ("empty-hand", 0)  # type: ignore[attr-defined]
    assert ended.colours == (2, 1, 0)  # type: ignore[attr-defined]
    assert ended.gainers == (0,)  # type: ignore[attr-defined]
    assert str(ended).startswith("round 1 ends: seat 0 has no card left")


def test_clause_11_super_chat_to_the_most_colours() -> None:
    """The single seat with the most distinct colours gains the Super Chat card."""
    state = scenario(
        hands=[cs("red-7"), cs("blue-4"), cs("green-1")],
        trump=YELLOW_TRUMP,
        collections=[[], cs("purple-2 purple-3 yellow-2"), cs("red-2")],
        super_chats=[1, 0, 2],
        seed=2,
    )
    after = play(state, "red-7", "blue-4", "green-1")
    (ended,) = of_kind(new_events(state, after), kt.RoundEnded)
    assert ended.colours == (3, 2, 1)  # type: ignore[attr-defined]
    assert ended.gainers == (0,)  # type: ignore[attr-defined]
    assert after.super_chats == after.scores == (2, 0, 2)


def test_clause_11_super_chat_tie_gives_one_to_each() -> None:
    """Two seats tied for the most colours each gain a Super Chat card."""
    state = scenario(
        hands=[cs("red-7"), cs("blue-4"), cs("green-1")],
        trump=YELLOW_TRUMP,
        collections=[cs("purple-2"), cs("purple-3 yellow-2 blue-2"), cs("red-2")],
        seed=2,
    )
    after = play(state, "red-7", "blue-4", "green-1")
    (ended,) = of_kind(new_events(state, after), kt.RoundEnded)
    assert ended.colours == (4, 3, 1)  # type: ignore[attr-defined]
    tied = scenario(
        hands=[cs("red-7"), cs("blue-4"), cs("green-1")],
        trump=YELLOW_TRUMP,
        collections=[[], cs("purple-3 yellow-2 blue-2"), cs("red-2")],
        seed=2,
    )
    after = play(tied, "red-7", "blue-4", "green-1")
    (ended,) = of_kind(new_events(tied, after), kt.RoundEnded)
    assert ended.colours == (3, 3, 1)  # type: ignore[attr-defined]
    assert ended.gainers == (0, 1)  # type: ignore[attr-defined]
    assert after.super_chats == (1, 1, 0)
    assert "a Super Chat card to seat 0, seat 1 (3 colours)" in str(ended)


def test_clause_12_next_round_is_a_new_deal_started_one_seat_further() -> None:
    """After a round started by seat 2, round 2 is freshly dealt and seat 0 leads it."""
    state = scenario(
        hands=[cs("red-7"), cs("blue-4"), cs("green-1")],
        trump=YELLOW_TRUMP,
        collections=[[], cs("purple-3"), cs("red-2")],
        starter=2,
        to_move=0,
        seed=12,
    )
    after = play(state, "red-7", "blue-4", "green-1")
    assert after.round == 2
    assert after.starter == after.to_move == after.leader == 0
    assert [len(h) for h in after.hands] == [10, 10, 10]
    assert after.collections == ((), (), ())
    assert after.discard == ()
    started = of_kind(new_events(state, after), kt.RoundStarted)
    assert started == [kt.RoundStarted(round=2, starter=0, trump=after.trump)]
    testing.check_conservation(after)


def test_clause_13_first_to_three_super_chats_wins() -> None:
    """Reaching a third Super Chat card ends the match with that seat as the winner."""
    state = scenario(
        hands=[cs("red-7"), cs("blue-4"), cs("green-1")],
        trump=YELLOW_TRUMP,
        collections=[cs("purple-2"), [], []],
        super_chats=[2, 2, 1],
        round=5,
        starter=0,
        seed=1,
    )
    after = play(state, "red-7", "blue-4", "green-1")
    assert after.is_over
    assert after.to_move is None
    assert after.legal_actions() == ()
    assert after.outcome == cardgames.Outcome(winners=(0,), scores=(3, 2, 1))
    assert after.events[-1] == kt.MatchEnded(winners=(0,), super_chats=(3, 2, 1))
    assert str(after.events[-1]) == "seat 0 wins the match (reach three Super Chats)"


def test_clause_13_match_won_by_two_players_at_once() -> None:
    """Two seats reaching three Super Chats at the same round end share the win."""
    state = scenario(
        hands=[cs("red-7"), cs("blue-4"), cs("green-1")],
        trump=YELLOW_TRUMP,
        collections=[[], cs("purple-3 yellow-2 blue-2"), cs("red-2")],
        super_chats=[2, 2, 2],
        seed=2,
    )
    after = play(state, "red-7", "blue-4", "green-1")
    assert after.outcome == cardgames.Outcome(winners=(0, 1), scores=(3, 3, 2))
    assert str(after.events[-1]) == "seat 0, seat 1 win the match (reach three Super Chats)"


# --- Rulings -------------------------------------------------------------------------------


def test_kt_1_deck_options_and_their_validation() -> None:
    """``colours`` and ``values`` shape the deck, which must hold the hands and the trump card."""
    rules = Rules(colours=8, values=4)
    state = kt.GAME.new(3, seed=3, rules=rules)
    assert len(state.deck) == 32
    assert {card.colour for card in state.deck} == set(kt.COLOUR_NAMES)
    assert {card.value for card in state.deck} == {1, 2, 3, 4}
    assert len(state.stock) == 32 - 3 * 10 - 1
    testing.check_conservation(state)
    with pytest.raises(InvalidSetupError, match=r"has 32 cards; 4 players need 33 \(8 each"):
        kt.GAME.new(4, seed=3, rules=rules)
    with pytest.raises(InvalidSetupError, match=r"colours must be an int in 2\.\.8, not 9"):
        Rules(colours=9)
    with pytest.raises(InvalidSetupError, match=r"values must be an int in 2\.\.20, not 1"):
        Rules(values=1)
    with pytest.raises(InvalidSetupError, match=r"values must be an int in 2\.\.20, not True"):
        Rules(values=True)


def test_kt_1_unused_stock_is_seen_by_nobody() -> None:
    """The cards left after the trump card are in no view: only their number is shown."""
    state = kt.GAME.new(3, seed=21)
    assert len(state.stock) == 4
    for seat in range(3):
        view = state.view(seat)
        assert view.stock_size == 4
        text = view.to_json()
        assert not any(f'"{card.code}"' in text for card in state.stock)
        assert view.trump == state.trump


def test_kt_2_play_goes_clockwise_from_the_leader() -> None:
    """A trick led by seat 3 of 4 is played by seats 3, 0, 1, 2 in that order."""
    state = scenario(
        hands=[cs("red-2 blue-1"), cs("red-3 blue-2"), cs("red-4 blue-3"), cs("red-5 blue-4")],
        trump=YELLOW_TRUMP,
        to_move=3,
        starter=3,
    )
    seen = []
    for code in ("red-5", "blue-1", "red-3", "blue-3"):
        seen.append(state.to_move)
        state = play(state, code)
    assert seen == [3, 0, 1, 2]
    assert state.events[-1] == kt.TrickWon(seat=3, card=c("red-5"))


def test_kt_2_leader_of_a_trick_in_progress_follows_from_to_move() -> None:
    """A scenario with two cards already played has its leader two seats before ``to_move``."""
    state = scenario(
        hands=[cs("red-2"), cs("blue-2 red-6"), cs("green-2")],
        trump=YELLOW_TRUMP,
        trick=cs("red-3 red-4"),
        to_move=1,
    )
    assert state.leader == 2
    after = play(state, "red-6")
    assert after.events[-1] == kt.TrickWon(seat=1, card=c("red-6"))


def test_kt_3_coup_de_patte_follows_the_top_value_option() -> None:
    """With 9 values, the 1 is promoted by the 9 (to 10), not by the 7."""
    rules = Rules(values=9)
    hands = [cs("red-1 green-2"), cs("red-7 green-3"), cs("red-8 green-4")]
    after = play(scenario(hands=hands, trump=YELLOW_TRUMP, rules=rules), "red-1", "red-7", "red-8")
    assert after.events[-1] == kt.TrickWon(seat=2, card=c("red-8"))
    hands = [cs("red-1 green-2"), cs("red-9 green-3"), cs("red-8 green-4")]
    after = play(scenario(hands=hands, trump=YELLOW_TRUMP, rules=rules), "red-1", "red-9", "red-8")
    assert after.events[-1] == kt.TrickWon(seat=0, card=c("red-1"), coup_de_patte=True)


def test_kt_3_led_coup_de_patte_still_loses_to_any_trump() -> None:
    """A promoted 1 of the led colour loses to the lowest trump."""
    state = scenario(
        hands=[cs("red-1 green-2"), cs("red-7 green-3"), cs("yellow-2 green-4")],
        trump=YELLOW_TRUMP,
    )
    after = play(state, "red-1", "red-7", "yellow-2")
    assert after.events[-1] == kt.TrickWon(seat=2, card=c("yellow-2"))


def test_kt_4_received_card_is_seen_by_its_receiver_only() -> None:
    """Each receiver sees its own card; the others, the winner included, see "a card"."""
    state = scenario(
        hands=[cs("red-7 green-2"), cs("blue-4 green-3"), cs("red-4 green-4")],
        trump=YELLOW_TRUMP,
        collections=[cs("red-2 red-3"), [], []],
        seed=3,
    )
    after = play(state, "red-7", "blue-4", "red-4")
    received = of_kind(new_events(state, after), kt.CardReceived)
    first = received[0]
    assert first.visible_to == frozenset({1})
    index = list(after.events).index(first)
    assert after.view(1).events[index] == first
    for seat in (0, 2):
        hidden = after.view(seat).events[index]
        assert isinstance(hidden, kt.CardReceived)
        assert hidden.card is None
        assert str(hidden) == "seat 1 takes a card from seat 0's lost colour into hand"
    assert after.view(1).hand[-1] == first.card  # type: ignore[attr-defined]
    assert after.view(0).discard_size == 2
    assert "discard" not in after.visible_zones(0)


def test_kt_4_cards_are_dealt_from_the_winners_left() -> None:
    """When seat 1 of 4 loses a colour, seats 2, 3 and 0 receive a card in that order."""
    state = scenario(
        hands=[
            cs("red-2 green-2"),
            cs("blue-7 green-3"),
            cs("blue-4 green-4"),
            cs("red-3 green-5"),
        ],
        trump=YELLOW_TRUMP,
        collections=[[], cs("blue-1 blue-2"), [], []],
        to_move=1,
        starter=1,
        seed=6,
    )
    after = play(state, "blue-7", "blue-4", "red-3", "red-2")
    received = of_kind(new_events(state, after), kt.CardReceived)
    assert [e.seat for e in received] == [2, 3, 0]  # type: ignore[attr-defined]
    got = [e.card for e in received]  # type: ignore[attr-defined]
    assert [after.hands[seat][-1] for seat in (2, 3, 0)] == got
    assert Counter([*got, *after.discard]) == Counter(cs("blue-1 blue-2 blue-7 blue-4"))
    (lost,) = of_kind(new_events(state, after), kt.ColourLost)
    assert lost.discarded == 1  # type: ignore[attr-defined]
    assert str(lost) == (
        "seat 1's collection reaches 4 blue cards: they go one to each other player, "
        "1 discarded face down"
    )


def test_kt_4_every_card_of_the_lost_colour_can_go_anywhere() -> None:
    """Over many seeds, each lost card reaches each receiver and the discard."""
    places: Counter[tuple[str, str]] = Counter()
    for seed in range(400):
        state = scenario(
            hands=[cs("red-7 green-2"), cs("blue-4 green-3"), cs("red-4 green-4")],
            trump=YELLOW_TRUMP,
            collections=[cs("red-2 red-3"), [], []],
            seed=seed,
        )
        after = play(state, "red-7", "blue-4", "red-4")
        for seat in (1, 2):
            places[str(after.hands[seat][-1]), f"seat {seat}"] += 1
        for card in after.discard:
            places[str(card), "discard"] += 1
    assert len(places) == 4 * 3
    # Each card reaches each receiver 1 time in 4, the discard 2 times in 4.
    for (_, place), n in places.items():
        expected = 200 if place == "discard" else 100
        assert 0.7 * expected <= n <= 1.3 * expected, places


def test_kt_5_round_end_is_checked_after_the_colour_is_lost() -> None:
    """A trick that brings a fifth colour but a fourth red leaves four colours: play goes on."""
    state = scenario(
        hands=[cs("red-7 green-5"), cs("purple-4 green-6"), cs("red-4 green-7")],
        trump=YELLOW_TRUMP,
        collections=[cs("red-2 red-3 yellow-2 green-2 blue-2"), [], []],
        seed=5,
    )
    after = play(state, "red-7", "purple-4", "red-4")
    assert of_kind(new_events(state, after), kt.ColourLost)
    assert not of_kind(new_events(state, after), kt.RoundEnded)
    assert {card.colour for card in after.collections[0]} == {"yellow", "green", "blue", "purple"}
    assert after.round == 1
    assert after.to_move == 0


def test_kt_5_no_colour_anywhere_is_a_tie_of_everybody() -> None:
    """When every collection is empty at the end of a round, every seat ties and gains one."""
    state = scenario(
        hands=[cs("red-1"), cs("red-6"), cs("red-7")],
        trump=YELLOW_TRUMP,
        collections=[cs("red-5"), [], []],
        seed=7,
    )
    after = play(state, "red-1", "red-6", "red-7")
    events = new_events(state, after)
    assert events[3] == kt.TrickWon(seat=0, card=c("red-1"), coup_de_patte=True)
    (ended,) = of_kind(events, kt.RoundEnded)
    assert ended.colours == (0, 0, 0)  # type: ignore[attr-defined]
    assert ended.gainers == (0, 1, 2)  # type: ignore[attr-defined]
    assert after.super_chats == (1, 1, 1)


def test_kt_6_max_rounds_ends_with_the_leaders_sharing() -> None:
    """At the round limit nobody has three Super Chats: the leaders share the win."""
    state = scenario(
        hands=[cs("red-7"), cs("blue-4"), cs("green-1")],
        trump=YELLOW_TRUMP,
        collections=[[], cs("purple-3 yellow-2 blue-2"), cs("red-2")],
        super_chats=[0, 1, 1],
        round=4,
        starter=0,
        rules=Rules(max_rounds=4),
        seed=2,
    )
    after = play(state, "red-7", "blue-4", "green-1")
    assert after.super_chats == (1, 2, 1)
    assert after.outcome == cardgames.Outcome(winners=(1,), scores=(1, 2, 1))
    assert after.events[-1] == kt.MatchEnded(winners=(1,), super_chats=(1, 2, 1), max_rounds=True)
    assert str(after.events[-1]) == "seat 1 wins the match (lead after the last round)"


def test_kt_6_later_rounds_start_one_seat_further_each() -> None:
    """Through whole random matches, round r is led first by ``first_player + r - 1``."""
    for players in (3, 4, 5):
        *_, last = testing.random_match(kt.GAME, players, 77)
        started = [e for e in last.events if isinstance(e, kt.RoundStarted)]
        assert len(started) == last.round >= 3
        assert [(e.round, e.starter) for e in started] == [
            (r, (r - 1) % players) for r in range(1, last.round + 1)
        ]
        first_plays = [
            last.events[i + 1 + players] for i, e in enumerate(last.events) if e in started
        ]
        assert [e.seat for e in first_plays] == [e.starter for e in started]  # type: ignore[attr-defined]
    shifted = kt.GAME.new(5, seed=4, rules=Rules(first_player=3))
    assert shifted.starter == shifted.to_move == 3


def test_kt_6_shared_win_among_several_at_three() -> None:
    """Three seats tied at two Super Chats and at three colours all win together."""
    state = scenario(
        hands=[cs("red-7"), cs("blue-4"), cs("green-1")],
        trump=YELLOW_TRUMP,
        collections=[[], cs("purple-2 yellow-2 blue-2"), cs("purple-3 yellow-3 green-2")],
        super_chats=[2, 2, 2],
        seed=3,
    )
    after = play(state, "red-7", "blue-4", "green-1")
    assert after.outcome == cardgames.Outcome(winners=(0, 1, 2), scores=(3, 3, 3))
    assert isinstance(after.events[-1], kt.MatchEnded)
    assert not after.events[-1].max_rounds


# --- The contract, setups, errors, views, serialization ---------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_contract_checks_pass(players: int) -> None:
    """The one-call contract check passes at every player count."""
    testing.check_game(kt.GAME, players=[players], seeds=(11, 2_718_281_828))


@pytest.mark.parametrize(
    ("players", "rules"),
    [
        (3, Rules(colours=8, values=4)),
        (4, Rules(colours=3, values=12)),
        (5, Rules(colours=2, values=20)),
    ],
    ids=["8x4", "3x12", "2x20"],
)
def test_contract_checks_pass_with_other_decks(players: int, rules: Rules) -> None:
    """Random matches on other deck shapes keep every promise of the contract, state by state."""
    state = kt.GAME.new(players, seed=99, rules=rules)
    rng = Rng(99, 1)
    while True:
        testing.check_state(state, rng)
        if state.is_over:
            break
        legal = state.legal_actions()
        state = state.apply(legal[rng.below(len(legal))])
    testing.check_tampered_json(state)
    assert state.outcome is not None


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hands": [cs("red-1"), cs("red-2")]}, "3 to 5 players"),
        (
            {"hands": [cs("red-1"), cs("red-2"), cs("red-1")]},
            r"exactly once; missing: \[\], extra: \['red 1'\]",
        ),
        ({"hands": [["red-1"], cs("red-2"), cs("red-3")]}, "seat 0's hand holds 'red-1'"),
        (
            {"hands": [cs("red-1"), cs("red-2"), cs("red-3")], "stock": []},
            r"missing: \['blue 1'",
        ),
        (
            {"hands": [cs("red-1"), cs("red-2"), []]},
            r"seat 2 has still to play to the trick but holds no card",
        ),
        (
            {"hands": [cs("red-1"), cs("red-2"), cs("red-3")], "to_move": 3},
            r"to_move must be a seat of the 3-player match, not 3",
        ),
        (
            {"hands": [cs("red-1"), cs("red-2"), cs("red-3")], "starter": -1},
            r"starter must be a seat of the 3-player match, not -1",
        ),
        (
            {"hands": [cs("red-1"), cs("red-2"), cs("red-3")], "trick": cs("blue-1 blue-2 blue-3")},
            r"a trick holds at most 2 cards before its last play, got 3",
        ),
        (
            {
                "hands": [cs("red-1"), cs("red-2"), cs("red-3")],
                "collections": [cs("blue-1 blue-2 blue-3 blue-4"), [], []],
            },
            r"seat 0's collection holds 4 or more blue cards \(KT-4\)",
        ),
        (
            {
                "hands": [cs("red-1"), cs("red-2"), cs("red-3")],
                "collections": [[], cs("red-4 yellow-1 green-1 blue-1 purple-1"), []],
            },
            r"seat 1's collection holds every colour, so the round is over \(KT-5\)",
        ),
        (
            {"hands": [cs("red-1"), cs("red-2"), cs("red-3")], "collections": [[], []]},
            r"one entry for each of the 3 seats, got 3, 2 and 3",
        ),
        (
            {"hands": [cs("red-1"), cs("red-2"), cs("red-3")], "super_chats": [0, 3, 0]},
            r"seat 1's super_chats must be 0\.\.2 in a match in play, not 3",
        ),
        (
            {"hands": [cs("red-1"), cs("red-2"), cs("red-3")], "round": 31},
            r"round must be 1\.\.30 \(max_rounds\), not 31",
        ),
        (
            {
                "hands": [cs("red-1"), cs("red-2"), cs("purple-7")],
                "rules": Rules(colours=6, values=6),
            },
            r"missing: \[\], extra: \['purple 7'\]",
        ),
    ],
)
def test_scenario_validation(kwargs: dict[str, object], message: str) -> None:
    """Impossible scenarios are refused with a message saying what is wrong."""
    kwargs.setdefault("trump", YELLOW_TRUMP)
    with pytest.raises(InvalidSetupError, match=message):
        scenario(**kwargs)  # type: ignore[arg-type]


def test_rules_validation() -> None:
    """Bad options are refused with the option, the allowed range and the bad value."""
    with pytest.raises(InvalidSetupError, match="first_player 3 is not a seat of a 3-player"):
        kt.GAME.new(3, seed=1, rules=Rules(first_player=3))
    with pytest.raises(InvalidSetupError, match=r"first_player must be an int >= 0, not -1"):
        Rules(first_player=-1)
    with pytest.raises(InvalidSetupError, match=r"max_rounds must be an int >= 1, not 0"):
        Rules(max_rounds=0)
    with pytest.raises(InvalidSetupError, match=r"colours must be an int in 2\.\.8, not '5'"):
        Rules(colours="5")  # type: ignore[arg-type]


def test_illegal_play_names_the_card_the_seat_and_the_rule() -> None:
    """Playing a card the seat does not hold is refused with KT-2 and the legal plays."""
    state = scenario(
        hands=[cs("red-5 green-2"), cs("red-6 blue-3"), cs("red-2 green-3")],
        trump=YELLOW_TRUMP,
    )
    before = state.to_json()
    with pytest.raises(
        IllegalActionError,
        match=r"seat 0 cannot play play red 6 .*does not hold the red 6.*KT-2.*Legal: play red 5",
    ):
        state.apply(PlayCard(c("red-6")))
    assert state.to_json() == before
    over = play(
        scenario(
            hands=[cs("red-7"), cs("blue-4"), cs("green-1")],
            trump=YELLOW_TRUMP,
            super_chats=[2, 0, 0],
            collections=[cs("purple-1"), [], []],
        ),
        "red-7",
        "blue-4",
        "green-1",
    )
    with pytest.raises(IllegalActionError, match="the match is over"):
        over.apply(PlayCard(c("red-7")))


def test_cards_and_actions() -> None:
    """Cards have stable codes; each card has exactly one PlayCard, which survives copies."""
    assert c("purple-7") == Card(7, "purple")
    assert str(c("red-1")) == "red 1"
    assert c("red-1").is_coup_de_patte
    with pytest.raises(KeyError, match="'red-0'"):
        Card.from_code("red-0")
    with pytest.raises(ValueError, match="not 'black'"):
        Card(3, "black")
    with pytest.raises(ValueError, match=r"1\.\.20, not 21"):
        Card(21, "red")
    action = PlayCard(Card(3, "blue"))
    assert action is PlayCard(card=c("blue-3"))
    assert action == PlayCard(Card(3, "blue"))
    assert action != PlayCard(Card(4, "blue"))
    assert copy.deepcopy(action) is action
    assert pickle.loads(pickle.dumps(action)) is action  # noqa: S301 - our own object
    assert kt.GAME.action_from_json(action.to_json()) is action
    assert str(action) == "play blue 3"
    assert action.kind == "play-card"
    with pytest.raises(TypeError, match="not 'blue-3'"):
        PlayCard("blue-3")  # type: ignore[arg-type]


def test_view_shows_own_hand_and_public_table_only() -> None:
    """A view holds its hand, the table and hand sizes, and no card of another hand."""
    state = kt.GAME.new(4, seed=33)
    state = state.apply(state.legal_actions()[0])
    view = state.view(2)
    assert view.hand == state.hands[2]
    assert view.hand_sizes == (7, 8, 8, 8)
    assert view.trick == state.trick
    assert view.leader == 0
    assert view.trump == state.trump
    assert view.trump_colour == state.trump_colour
    assert view.super_chats == (0, 0, 0, 0)
    assert view.legal_actions == ()
    assert state.view(1).legal_actions == state.legal_actions()
    doc = json.loads(view.to_json())
    assert doc["game"] == "kitten-tricks"
    assert doc["hand"] == [card.code for card in state.hands[2]]
    dealt = {e["seat"]: e for e in doc["events"] if e["kind"] == "dealt"}
    assert dealt[2]["hand"] == [card.code for card in state.hands[2]]
    assert dealt[0]["hand"] == dealt[1]["hand"] == dealt[3]["hand"] == []
    text = view.to_json()
    for seat in (0, 1, 3):
        for card in state.hands[seat]:
            assert f'"{card.code}"' not in text


def test_view_of_unknown_seat_is_refused() -> None:
    """Asking for the view of a seat that does not exist names the valid seats."""
    with pytest.raises(ValueError, match=r"seats are 0\.\.2"):
        kt.GAME.new(3, seed=1).view(3)


def test_json_round_trip_of_a_scenario() -> None:
    """A scenario state, played through a lost colour, reloads equal from its JSON form."""
    state = scenario(
        hands=[cs("red-7 green-2"), cs("blue-4 green-3"), cs("red-4 green-4")],
        trump=YELLOW_TRUMP,
        collections=[cs("red-2 red-3"), [], []],
        super_chats=[1, 0, 2],
        round=3,
        starter=0,
        seed=3,
    )
    state = play(state, "red-7", "blue-4", "red-4")
    loaded = kt.GAME.from_json(state.to_json())
    assert loaded == state
    assert loaded.hands == state.hands
    assert loaded.discard == state.discard
    testing.check_state(loaded)


def test_saved_scenario_for_another_table_is_refused() -> None:
    """A saved 3-seat scenario relabelled as a 4-player match fails to load, saying why."""
    state = scenario(hands=[cs("red-1"), cs("red-2"), cs("red-3")], trump=YELLOW_TRUMP)
    doc = json.loads(state.to_json())
    doc["players"] = 4
    with pytest.raises(InvalidStateError, match=r"each of the 4 seats, got 3, 3 and 3"):
        kt.GAME.from_json(json.dumps(doc))


def test_golden_transcript() -> None:
    """A seeded 4-player match narrates exactly as recorded (guards the rng and the rules)."""
    state = kt.GAME.new(4, seed=2026)
    while not state.is_over:
        state = state.apply(state.legal_actions()[len(state.legal_actions()) // 2])
    transcript = "\n".join(str(e) for e in state.events) + "\n"
    golden = Path(__file__).parent.parent / "golden" / "kitten-tricks-4p-2026.txt"
    assert transcript == golden.read_text(encoding="utf-8")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_legal_plays_are_exactly_those_that_pass_the_play_check(players: int) -> None:
    """Legality is written once: `_why_not` passes a play exactly when `_legal` lists it (KT-2).

    And every play it refuses is refused by `apply` with the same reason in the message.
    """
    candidates = [play for play in _PLAYS if play is not None]
    for seed in range(2):
        for any_state in testing.random_match(kt.GAME, players, seed):
            state = cast("kt.State", any_state)
            if state.is_over:
                break
            legal = set(state.legal_actions())
            for action in candidates:
                reason = kt_rules._why_not(state._pos, action)
                assert (reason is None) == (action in legal), (action, reason)
            refused = next(a for a in candidates if a not in legal)
            with pytest.raises(IllegalActionError) as caught:
                state.apply(refused)
            assert f": {kt_rules._why_not(state._pos, refused)}. Legal:" in str(caught.value)


def test_card_ints_name_their_colour_and_value_in_one_place() -> None:
    """KT-1: every card's int reads back its colour and value through `_card_ints`."""
    from cardgames.kitten_tricks import cards as kt_cards  # noqa: PLC0415 - private helpers
    from cardgames.kitten_tricks._card_ints import card_int, colour_of, value_of  # noqa: PLC0415

    for colours, values in ((2, 2), (8, 20)):
        deck, ints = kt_cards._deck(colours, values)
        for card, c in zip(deck.cards, ints, strict=True):
            colour, value = colour_of(c), value_of(c)
            assert (kt.COLOUR_NAMES[colour], value) == (card.colour, card.value)
            assert card_int(colour, value) == c
    # The rules' tables of the same, for the cards of a trick, say what the functions say.
    assert tuple(colour_of(c) for c in range(256)) == kt_rules._COLOUR_OF
    assert tuple(value_of(c) for c in range(256)) == kt_rules._VALUE_OF


def test_shared_event_keys_never_collide() -> None:
    """Every seat, card, other seat or round number and flag has a key of its own."""
    keys = {
        kt_rules._shared_key(seat, card, other=other, flag=flag)
        for seat in range(5)
        for card in range(256)
        for other in range(kt_rules._SHARED_ROUNDS)
        for flag in (False, True)
    }
    assert len(keys) == 5 * 256 * kt_rules._SHARED_ROUNDS * 2


def test_the_rounds_end_is_read_by_its_two_named_loops() -> None:
    """KT-5: every colour collected, and the first empty hand from the trick's winner on."""
    assert kt_rules._every_colour([(33,), (65, 66), (97,)])
    assert not kt_rules._every_colour([(33,), (), (97,)])
    held = [PlayCard(Card(1, "red"))]
    # The search starts at the winner and goes clockwise; -1 when every hand holds a card.
    assert kt_rules._first_empty_hand([held, [], held, []], 2) == 3
    assert kt_rules._first_empty_hand([held, [], held, []], 0) == 1
    assert kt_rules._first_empty_hand([held, held, held], 1) == -1


def test_a_play_returns_its_shared_one_event_tuple() -> None:
    """A play that does not end the trick returns the one `Played` event of its seat and card."""
    state = kt.GAME.new(4, seed=3)
    action = state.legal_actions()[0]
    assert isinstance(action, PlayCard)
    assert state.to_move is not None
    _, events = state._advance(action)
    assert events == (kt.Played(seat=state.to_move, card=action.card),)
    assert events is state._advance(action)[1]
