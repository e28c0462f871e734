"""A moment of a kitten tricks round: the position the engine stores, and a seat's view of it.

The engine keeps a position as two plain records of small ints (`_Position`, and `_Round` for
what changes at most once per trick): the transitions of
[`State`][cardgames.kitten_tricks.rules.State] build them, the world sampler deals them, and a
seat reads them through its [`View`][cardgames.kitten_tricks.position.View].

Examples:
    >>> from cardgames import kitten_tricks
    >>> view = kitten_tricks.GAME.new(4, seed=3).view(1)
    >>> view.hand_sizes, view.stock_size, view.trick
    ((8, 8, 8, 8), 2, ())
"""

from __future__ import annotations

from typing import ClassVar, NamedTuple

import attrs

from cardgames.engine import Outcome
from cardgames.engine import View as _BaseView
from cardgames.kitten_tricks.cards import Card

__all__ = ["View"]


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
    hands: tuple[tuple[int, ...], ...]
    trick: tuple[int, ...]
    leader: int  # the seat that led the current trick
    to_move: int | None
    collections: tuple[tuple[tuple[int, ...], ...], ...]  # seat -> colour -> cards
    table: _Round


@attrs.frozen(slots=True)
class View(_BaseView):
    """What one seat of kitten tricks may know."""

    game: ClassVar[str] = "kitten-tricks"
    hand: tuple[Card, ...]
    """This seat's own cards."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    trump: Card
    """The face-up trump card of the round."""
    trump_colour: str
    """The trump colour of the round (the trump card's colour)."""
    trick: tuple[Card, ...]
    """The cards played to the current trick, in play order."""
    leader: int
    """The seat that led the current trick."""
    collections: tuple[tuple[Card, ...], ...]
    """Each seat's collection, face up."""
    super_chats: tuple[int, ...]
    """Each seat's Super Chat cards."""
    starter: int
    """The seat that led the first trick of this round."""
    stock_size: int
    """The unused cards of the round, face down."""
    discard_size: int
    """The cards discarded face down this round."""
    outcome: Outcome | None
    """How the match ended, once it is over."""


# Building a position from a ready tuple skips the NamedTuple constructor's Python frame.
_new = tuple.__new__
