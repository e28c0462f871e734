"""The house rules of Crazy Animals: options whose default keeps the rulebook's game."""

from __future__ import annotations

import pytest

from cardgames.crazy_animals import GAME, Knock, NoKnock, Rules, State
from cardgames.errors import InvalidSetupError


def _turn(state: State) -> State:
    """Play the mover's turn with its first legal actions, up to the knock decision if any."""
    mover = state.to_move
    while state.to_move == mover and state.legal_actions() != (Knock(), NoKnock()):
        state = state.apply(state.legal_actions()[0])
    return state


def test_ca_6_knock_after_lets_a_knock_come_one_turn_earlier() -> None:
    """With `knock_after=2` at three seats, the second turn's mover may already knock."""
    early = _turn(_turn(GAME.new(3, seed=4, rules=Rules(knock_after=2))))
    assert early.to_move == 1
    assert early.legal_actions() == (Knock(), NoKnock())
    rulebook = _turn(_turn(GAME.new(3, seed=4)))
    assert rulebook.to_move == 2
    assert Knock() not in rulebook.legal_actions()
    assert _turn(rulebook).legal_actions() == (Knock(), NoKnock())


def test_ca_6_knock_after_default_is_the_rulebook() -> None:
    """`knock_after=None` waits for one turn per player, and a larger count is capped there."""
    assert Rules().knock_turns(4) == 4
    assert Rules(knock_after=6).knock_turns(3) == 3
    assert Rules(knock_after=1).knock_turns(3) == 1


@pytest.mark.parametrize("value", [0, 7, "2", True])
def test_ca_6_knock_after_refuses_a_bad_count(value: object) -> None:
    """A count outside 1..6, or not an int, is refused with the option's name."""
    with pytest.raises(InvalidSetupError, match="knock_after"):
        Rules(knock_after=value)  # type: ignore[arg-type]


def test_ca_6_knock_after_is_saved_only_when_set() -> None:
    """A rulebook save names no house rule (saves stay byte-identical); a set one round-trips."""
    assert "knock_after" not in GAME.new(3, seed=1).to_json()
    state = GAME.new(3, seed=1, rules=Rules(knock_after=2))
    assert '"knock_after":2' in state.to_json().replace(" ", "")
    assert GAME.from_json(state.to_json()) == state
