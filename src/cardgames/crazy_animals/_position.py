"""The position of a Crazy Animals match: the record every transition builds.

Private to the package: `State` wraps a position and turns its ints back into cards, a `View`
is built from one (see ``view.py``) and the sampler builds one from a view.
"""

from __future__ import annotations

import functools
from typing import Final, NamedTuple

# Steps of a turn; Final, so that the compiled build inlines them.
_TURN: Final = 0
_DRAWN: Final = 1
_CHANCE: Final = 2
_KNOCKING: Final = 3
_OVER: Final = 4
_STEP_NAMES = ("turn", "drawn", "draw-two", "knock", "over")


class _Position(NamedTuple):
    # Cards are small ints (0..9 numbers, 10 Swap, 11 Peek, 12 Draw-two); the public
    # properties turn them back into cards.
    slots: tuple[int, ...]  # seat * 4 + slot
    stock: tuple[int, ...]  # face down; the last card is the top
    discard: tuple[int, ...]  # face up; the last card is the top
    # What each seat is sure of, grown from its own observations: row seat * 4 + slot holds,
    # for each viewer, the card that viewer is sure lies in that slot, or -1. A change to one
    # slot is then one row for every viewer.
    knowledge: tuple[tuple[int, ...], ...]
    to_move: int | None
    step: int
    drawn: int  # the card to_move holds after drawing, -1 if none
    # The Draw-twos to_move played this turn, in order, face up but not yet on the discard
    # pile: each goes there once its action is complete (CA-10).
    in_play: tuple[int, ...]
    turns: int  # turns completed this round, counted up to the number of players
    knocker: int  # -1 until someone knocks
    final_left: int  # turns still to play after the knock
    round: int
    totals: tuple[int, ...]


# Every transition builds a position: tuple.__new__ skips the Python-level __new__ that
# NamedTuple generates, about 0.17 us of the 5 us a random-play step costs.
_new_position = functools.partial(tuple.__new__, _Position)
