"""What one seat of kitten tricks may know: its `View` of a position.

Examples:
    >>> from cardgames import kitten_tricks
    >>> view = kitten_tricks.GAME.new(4, seed=3).view(1)
    >>> view.hand_sizes, view.stock_size, view.trick
    ((8, 8, 8, 8), 2, ())
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from cardgames.engine import Outcome
from cardgames.engine import View as _BaseView
from cardgames.kitten_tricks.cards import Card

__all__ = ["View"]


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
