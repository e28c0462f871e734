"""The position of a kitten tricks round as the engine stores it: plain records of small ints.

The transitions of `State` build them, the world sampler deals them, and a seat's `View` is
read from them. `_Round` holds what changes at most once per trick.
"""

from __future__ import annotations

from typing import NamedTuple

from cardgames.kitten_tricks.actions import PlayCard


class _Round(NamedTuple):
    # The parts of a position that change at most once per trick.
    trump: int
    stock: tuple[int, ...]
    discard: tuple[int, ...]
    super_chats: tuple[int, ...]
    number: int
    starter: int  # the seat that led the round's first trick
    winners: tuple[int, ...] | None  # set once the match is over


class _Position(NamedTuple):
    # Cards are small ints (see cards._SHIFT); the public properties turn them back into cards.
    # A hand holds each of its cards as the interned action that plays it (any card of the hand
    # may be played, KT-2), so that the legal actions are the hand itself, built for nothing.
    hands: tuple[tuple[PlayCard, ...], ...]
    trick: tuple[int, ...]
    leader: int  # the seat that led the current trick
    to_move: int | None
    collections: tuple[tuple[tuple[int, ...], ...], ...]  # seat -> colour -> cards
    table: _Round


# Building a position from a ready tuple skips the NamedTuple constructor's Python frame.
_new = tuple.__new__
