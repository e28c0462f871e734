"""The actions of Crazy Mistigri: the draw (CM-3), the pairs (CM-4), the effects' choices (CM-5).

Legal actions are interned: `legal_actions()` hands out the objects of the tables at the bottom
of this module, so `apply` finds the action played by identity.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from cardgames.crazy_mistigri.cards import Card, _id
from cardgames.engine import Action

__all__ = [
    "DiscardOnes",
    "DiscardPair",
    "Draw",
    "DrawChosen",
    "EndTurn",
    "ForceCard",
    "GiveCard",
    "Pass",
    "PilePick",
    "Reverse",
    "SwapLater",
    "SwapWithPile",
]


@attrs.frozen(slots=True, cache_hash=True)
class Draw(Action):
    """Draw blindly the card at ``position`` of the fan of the player you draw from (CM-3).

    The fan is reshuffled with the match's randomness before every draw, so every position is
    equally likely to hold any of the cards.
    """

    kind: ClassVar[str] = "draw"
    interchangeable: ClassVar[bool] = True
    position: int

    def __str__(self) -> str:
        """Return ``draw #3``."""
        return f"draw #{self.position}"


@attrs.frozen(slots=True)
class DrawChosen(Action):
    """Draw the card the player you draw from chose for you with a 2+2 (CM-5)."""

    kind: ClassVar[str] = "draw-chosen"

    def __str__(self) -> str:
        """Return ``draw the chosen card``."""
        return "draw the chosen card"


@attrs.frozen(slots=True, cache_hash=True)
class DiscardPair(Action):
    """Discard two cards of the same colour or the same value (CM-4); the order does not matter.

    The lower card (by value, then colour) is kept as ``first``, so ``DiscardPair(a, b)`` and
    ``DiscardPair(b, a)`` are the same action.
    """

    kind: ClassVar[str] = "discard-pair"
    first: Card
    second: Card

    def __attrs_post_init__(self) -> None:
        """Put the lower card first."""
        a, b = self.first, self.second
        if isinstance(a, Card) and isinstance(b, Card) and _id(a) > _id(b):
            object.__setattr__(self, "first", b)
            object.__setattr__(self, "second", a)

    def __str__(self) -> str:
        """Return ``discard 5c1 + 5c3``."""
        return f"discard {self.first} + {self.second}"


@attrs.frozen(slots=True)
class Pass(Action):
    """Discard nothing this turn: say "I pass" and turn your player aid face down (CM-9)."""

    kind: ClassVar[str] = "pass"

    def __str__(self) -> str:
        """Return ``pass``."""
        return "pass"


@attrs.frozen(slots=True)
class EndTurn(Action):
    """End your turn without using what is left of it.

    After a 6+6: discard no second pair. After a 2+2 that emptied your hand: take the
    card-choosing option, which then does nothing (CM-5).
    """

    kind: ClassVar[str] = "end-turn"

    def __str__(self) -> str:
        """Return ``end turn``."""
        return "end turn"


@attrs.frozen(slots=True)
class Reverse(Action):
    """Turn the arrow: play goes the other way (the other option of 1+1, 2+2 and 3+3)."""

    kind: ClassVar[str] = "reverse"

    def __str__(self) -> str:
        """Return ``reverse``."""
        return "reverse"


@attrs.frozen(slots=True)
class DiscardOnes(Action):
    """1+1: discard every other 1 of your hand (nothing happens if you hold none)."""

    kind: ClassVar[str] = "discard-ones"

    def __str__(self) -> str:
        """Return ``discard the other 1s``."""
        return "discard the other 1s"


@attrs.frozen(slots=True, cache_hash=True)
class ForceCard(Action):
    """2+2: the next player will draw ``card`` from your hand instead of a random card."""

    kind: ClassVar[str] = "force-card"
    card: Card

    def __str__(self) -> str:
        """Return ``force 3c2``."""
        return f"force {self.card}"


@attrs.frozen(slots=True)
class SwapLater(Action):
    """3+3: after the next player has drawn from you, swap a card with the discard pile."""

    kind: ClassVar[str] = "swap-later"

    def __str__(self) -> str:
        """Return ``swap after the next draw``."""
        return "swap after the next draw"


@attrs.frozen(slots=True, cache_hash=True)
class SwapWithPile(Action):
    """3+3, after the next player's draw: discard ``discard`` and take ``take`` from the pile."""

    kind: ClassVar[str] = "swap-with-pile"
    discard: Card
    take: Card

    def __str__(self) -> str:
        """Return ``swap 4c1 for 7c2``."""
        return f"swap {self.discard} for {self.take}"


@attrs.frozen(slots=True, cache_hash=True)
class GiveCard(Action):
    """4+4: give ``card`` from your hand to seat ``to``, who is still in the round."""

    kind: ClassVar[str] = "give-card"
    card: Card
    to: int

    def __str__(self) -> str:
        """Return ``give 3c2 to seat 1``."""
        return f"give {self.card} to seat {self.to}"


@attrs.frozen(slots=True, cache_hash=True)
class PilePick(Action):
    """5+5: seat ``to`` takes ``card`` from the discard pile into their hand."""

    kind: ClassVar[str] = "pile-pick"
    card: Card
    to: int

    def __str__(self) -> str:
        """Return ``pile 5c1 to seat 2``."""
        return f"pile {self.card} to seat {self.to}"


_ACTION_TYPES: tuple[type[Action], ...] = (
    Draw,
    DrawChosen,
    DiscardPair,
    Pass,
    EndTurn,
    Reverse,
    DiscardOnes,
    ForceCard,
    SwapLater,
    SwapWithPile,
    GiveCard,
    PilePick,
)
