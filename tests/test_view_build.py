"""How the built-in games build views: positionally, from the engine's typed head (issue 28).

The golden match files (tests/golden/matches) pin every field of the views themselves.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import cardgames
from cardgames import engine
from cardgames.crazy_animals import Card
from cardgames.seats import Direction


def _states(slug: str, players: int, count: int) -> list[Any]:
    """``count`` states of a seeded random match, its first state first."""
    game = cardgames.get_game(slug)
    chooser = random.Random(players)
    state = game.new(players, seed=11)
    states: list[Any] = [state]
    while not state.is_over and len(states) < count:
        state = state.apply(chooser.choice(state.legal_actions()))
        states.append(state)
    return states


def test_view_head_names_the_engine_view_fields_in_order() -> None:
    """`_VIEW_HEAD` lists the fields of the engine's `View`, in their order."""
    assert tuple(field.name for field in attrs.fields(engine.View)) == engine._VIEW_HEAD


@pytest.mark.parametrize("slug", sorted(cardgames.GAMES))
def test_every_game_view_lists_the_engine_fields_first(slug: str) -> None:
    """Each game's `View` starts with the engine's fields, so the head fills them positionally."""
    names = tuple(field.name for field in attrs.fields(cardgames.get_game(slug).view_type))
    assert names[: len(engine._VIEW_HEAD)] == engine._VIEW_HEAD


@pytest.mark.parametrize("slug", sorted(cardgames.GAMES))
def test_view_head_and_base_hold_the_view_s_own_values(slug: str) -> None:
    """`_view_head` and `_view_base` give, field by field, what every seat's view holds."""
    for state in _states(slug, 4, 40):
        for seat in range(state.players):
            view = state.view(seat)
            head = state._view_head(seat)
            expected = tuple(getattr(view, name) for name in engine._VIEW_HEAD)
            assert head == expected
            assert state._view_base(seat) == dict(zip(engine._VIEW_HEAD, expected, strict=True))


def test_crazy_mistigri_views_hold_a_direction() -> None:
    """Crazy Mistigri's views hold a `Direction` (read from a table), equal to the position's."""
    for state in _states("crazy-mistigri", 4, 120):
        direction = state.view(0).direction
        assert type(direction) is Direction
        assert direction.value == state._pos.direction


def test_crazy_animals_knowledge_rows_are_tuples_of_cards_or_none() -> None:
    """Crazy Animals' knowledge is a tuple of per-seat tuples of cards or ``None``, as before."""
    for state in _states("crazy-animals", 4, 60):
        knowledge = state.view(1).knowledge
        assert type(knowledge) is tuple
        assert len(knowledge) == state.players
        for row in knowledge:
            assert type(row) is tuple
            assert all(card is None or type(card) is Card for card in row)
        assert knowledge == state.knowledge(1)


def test_kitten_tricks_collections_are_converted_again_for_another_tuple() -> None:
    """The kept collections answer serves only the very same tuple; any other is converted."""
    from cardgames.kitten_tricks import rules  # noqa: PLC0415 - the game's private helper
    from cardgames.kitten_tricks.cards import _flat_cards  # noqa: PLC0415

    states = _states("kitten-tricks", 3, 200)
    seen = {id(state._pos.collections): state._pos.collections for state in states}
    assert len(seen) > 2, "the match should win several tricks"
    for state in states + states[::-1]:
        collections = state._pos.collections
        expected = tuple(_flat_cards(colours) for colours in collections)
        assert rules._collection_cards(collections) == expected
        assert state.view(0).collections == expected
