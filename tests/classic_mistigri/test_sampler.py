"""Classic Mistigri's world sampler on views edited by hand: a ValueError, never a wrong world.

``Game.sample_world`` documents ``ValueError`` for a view that no match produced; the sampler
checks the seats, hand sizes and laid pairs against each other before dealing, so such a view
neither crashes with an IndexError nor yields a world whose hands do not match the view.
(Samples of real views are checked in ``tests/test_bots.py`` and the contract suite.)
"""

from __future__ import annotations

import random

import attrs
import pytest

from cardgames.classic_mistigri import GAME, View, sampler


def played_view(seat: int = 1) -> View:
    """Seat ``seat``'s view of a 3-player match after one draw."""
    state = GAME.new(3, seed=4)
    state = state.apply(state.legal_actions()[0])
    return state.view(seat)


@pytest.mark.parametrize(
    "edit",
    [
        {"hand_sizes": (10, 10)},
        {"seat": 5},
        {"seat": -1},
        {"players": 2},
        {"pairs": ((), ())},
        {"hand_sizes": (30, 30, 30)},
        {"events": ()},
    ],
    ids=[
        "sizes-of-two-seats",
        "seat-5",
        "seat-minus-1",
        "two-players",
        "pairs-of-two-seats",
        "sizes-too-large",
        "no-deal-seen",
    ],
)
def test_a_view_edited_by_hand_is_refused(edit: dict[str, object]) -> None:
    """Seats, sizes, pairs or events that disagree raise ValueError from sample_world."""
    view = attrs.evolve(played_view(), **edit)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no arrangement of the hidden cards agrees"):
        GAME.sample_world(view, random.Random(1))


def test_sample_hands_fills_every_hand_of_a_real_view() -> None:
    """On a real view every sampled hand has the size the view shows, the seat's own unchanged."""
    view = played_view(seat=2)
    hands = sampler.sample_hands(view, random.Random(2))
    assert tuple(map(len, hands)) == view.hand_sizes
    assert hands[2] == tuple(card.motif for card in view.hand)


def test_a_view_s_events_are_followed_once_for_many_samples() -> None:
    """Repeated samples of one view reuse its cards' whereabouts and equal those of a fresh copy."""
    state = GAME.new(4, seed=9)
    chooser = random.Random(9)
    for _ in range(12):
        state = state.apply(chooser.choice(state.legal_actions()))
    view = state.view(state.to_move)
    again = [sampler.sample_hands(view, random.Random(k)) for k in range(5)]
    assert sampler._whereabouts(view) is sampler._whereabouts(view)
    fresh = [sampler.sample_hands(attrs.evolve(view), random.Random(k)) for k in range(5)]
    assert again == fresh
