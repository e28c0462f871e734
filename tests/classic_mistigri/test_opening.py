"""Classic Mistigri: a hand emptied by the opening pairs is told (issue 26)."""

from __future__ import annotations

import cardgames
from cardgames.classic_mistigri import LeftPlay, PairsLaid
from cardgames.text import Narrator

GAME = cardgames.get_game("classic-mistigri")


def test_a_hand_emptied_by_the_opening_pairs_leaves_play_with_an_event() -> None:
    """Seed 17732 at 4 players: seat 1's opening pairs empty its hand; a public event says so."""
    state = GAME.new(4, seed=17732)
    assert state.view(0).hand_sizes == (3, 0, 6, 2)
    events = state.events
    left = [event for event in events if isinstance(event, LeftPlay)]
    assert left == [LeftPlay(seat=1)]
    index = events.index(left[0])
    assert isinstance(events[index - 1], PairsLaid)
    assert events[index - 1].seat == 1
    assert left[0].visible_to is None
    assert state.to_move != 1
    names = ["Ana", "Ben", "Chloé", "Dan"]
    assert Narrator(GAME, names=names, seat=0).event(left[0]) == "Ben has no cards left and is safe"
    french = Narrator(GAME, names=names, lang="fr", seat=0).event(left[0])
    assert french == "Ben n’a plus de cartes et ne risque plus rien"
