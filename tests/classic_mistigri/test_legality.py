"""Classic Mistigri's legality is written once: the legal draws and the illegal-draw reason."""

from __future__ import annotations

from typing import cast

import pytest

from cardgames import testing
from cardgames.classic_mistigri import GAME, Draw, State
from cardgames.classic_mistigri import rules as cl_rules
from cardgames.engine import NOT_THIS_STEP
from cardgames.errors import IllegalActionError


@pytest.mark.parametrize("players", [2, 3, 4])
def test_legal_draws_are_exactly_those_that_pass_the_draw_check(players: int) -> None:
    """`_why_not` passes a draw exactly when `_legal` lists it (CL-4), on random matches.

    And every draw it refuses is refused by `apply` with the same reason in the message.
    """
    candidates = [Draw(position) for position in range(18)]
    for seed in range(3):
        for any_state in testing.random_match(GAME, players, seed):
            state = cast("State", any_state)
            if state.is_over:
                assert cl_rules._why_not(state._pos, candidates[0]) == NOT_THIS_STEP
                break
            legal = set(state.legal_actions())
            for action in candidates:
                reason = cl_rules._why_not(state._pos, action)
                assert (reason is None) == (action in legal), (action, reason)
            refused = candidates[len(legal)]
            with pytest.raises(IllegalActionError) as caught:
                state.apply(refused)
            assert f": {cl_rules._why_not(state._pos, refused)}. Legal:" in str(caught.value)
