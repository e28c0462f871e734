"""Hypothesis strategies shared by the test suite: games, player counts and random matches."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

import cardgames
from cardgames.engine import Game

SEEDS = st.integers(min_value=0, max_value=2**64 - 1)
"""Any valid match seed."""

LARGE_SEEDS = st.integers(min_value=10**9, max_value=2**64 - 1)
"""Seeds long enough that finding one in a view's JSON cannot be a coincidence."""


@st.composite
def game_and_players(draw: st.DrawFn) -> tuple[Game[Any], int]:
    """A registered game and a player count it allows."""
    game = draw(st.sampled_from(list(cardgames.GAMES.values())))
    players = draw(st.integers(min_value=game.min_players, max_value=game.max_players))
    return game, players


CHOICES = st.lists(st.integers(min_value=0, max_value=2**16), max_size=400)
"""Indices into successive ``legal_actions()`` tuples (taken modulo their length)."""


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)
"""Arbitrary JSON values, to put where a document expects something else."""
