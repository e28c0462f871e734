"""The Crazy Animals cards (CA-1) and the four slots of each player's row (CA-2).

Inside the engine a card is a small int, its ``face``: 0..9 for the numbers, 10 for a Swap,
11 for a Peek and 12 for a Draw-two; the public API hands out `Card` values.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from cardgames import cards
from cardgames._codec import is_int

__all__ = ["DECK", "DRAW_TWO", "PEEK", "SLOTS", "SWAP", "Card"]

SLOTS: Final = 4
"""Each player's face-down cards lie in slots ``0 .. 3`` (CA-2)."""

# Final: the compiled build inlines them.
_SWAP: Final = 10
_PEEK: Final = 11
_DRAW_TWO: Final = 12
_NAMES = {_SWAP: "Swap", _PEEK: "Peek", _DRAW_TWO: "Draw-two"}
_CODES = {_SWAP: "swap", _PEEK: "peek", _DRAW_TWO: "draw-two"}


@attrs.frozen(slots=True, cache_hash=True)
class Card(cards.Card):
    """A Crazy Animals card: a number ``0 .. 9`` or a special (``face`` 10, 11, 12).

    The specials are `SWAP` (face 10), `PEEK` (11) and `DRAW_TWO` (12).
    """

    face: int = attrs.field()

    @face.validator
    def _check_face(self, _: object, face: int) -> None:
        if not is_int(face) or not 0 <= face <= _DRAW_TWO:
            msg = (
                "a Crazy Animals card's face is a number 0..9, or 10 (Swap), 11 (Peek) or "
                f"12 (Draw-two), not {face!r}"
            )
            raise ValueError(msg)

    @property
    def is_special(self) -> bool:
        """Whether this is a Swap, Peek or Draw-two card."""
        return self.face >= _SWAP

    @property
    def value(self) -> int | None:
        """The points of a number card; ``None`` for a special, which has no fixed value."""
        return None if self.face >= _SWAP else self.face

    @property
    def code(self) -> str:
        """``"0"`` .. ``"9"``, ``"swap"``, ``"peek"`` or ``"draw-two"``."""
        return _CODES.get(self.face, str(self.face))

    @classmethod
    def from_code(cls, code: str) -> Card:
        """Return the card whose `code` is ``code`` (``KeyError`` if there is none)."""
        return DECK.card(code)

    def __str__(self) -> str:
        """Return ``7``, ``Swap``, ``Peek`` or ``Draw-two``."""
        return _NAMES.get(self.face, str(self.face))


SWAP = Card(_SWAP)
"""Swap: exchange one of your slots with a slot of another player, unseen (CA-4)."""
PEEK = Card(_PEEK)
"""Peek: look at one of your own slots (CA-4)."""
DRAW_TWO = Card(_DRAW_TWO)
"""Draw-two: draw a card, with one chance to discard it for another (CA-4)."""

DECK: cards.Deck[Card] = cards.Deck(
    [Card(v) for v in range(9) for _ in range(4)]
    + [Card(9)] * 9
    + [SWAP] * 9
    + [PEEK] * 7
    + [DRAW_TWO] * 5
)
"""The 66 cards (CA-1): four each of 0..8, nine 9s, 9 Swap, 7 Peek and 5 Draw-two."""

# The engine's side: every card by its face, the deck's faces, and "no card".
_CARDS = tuple(Card(face) for face in range(_DRAW_TWO + 1))
_DECK_FACES = tuple(card.face for card in DECK)
_UNKNOWN: Final = -1


def _as_cards(faces: Sequence[int]) -> tuple[Card, ...]:
    return tuple(map(_CARDS.__getitem__, faces))
