"""The Crazy Animals actions: the choices of a turn (CA-3, CA-4) and the knock (CA-6).

Each is a frozen attrs value, equal by value; the engine accepts one when it equals a legal
action (`State.legal_actions`).
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from cardgames._codec import is_int
from cardgames.crazy_animals.cards import SLOTS
from cardgames.engine import Action

__all__ = [
    "Discard",
    "Draw",
    "DrawAgain",
    "DrawTwo",
    "Knock",
    "NoKnock",
    "Peek",
    "Replace",
    "Swap",
    "TakeDiscard",
]


def _check_slot(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    if not is_int(value) or not 0 <= value < SLOTS:
        msg = f"{attribute.name} must be a slot number 0..3, not {value!r}"
        raise ValueError(msg)


def _check_seat_number(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    if not is_int(value) or value < 0:
        msg = f"{attribute.name} must be a seat number (an int >= 0), not {value!r}"
        raise ValueError(msg)


@attrs.frozen(slots=True, cache_hash=True)
class TakeDiscard(Action):
    """Action A: take the number on top of the discard pile into your ``slot``, unseen.

    The card that was in the slot goes face up onto the discard pile (CA-3).
    """

    kind: ClassVar[str] = "take-discard"
    slot: int = attrs.field(validator=_check_slot)

    def __str__(self) -> str:
        """Return ``take the discard into slot 2``."""
        return f"take the discard into slot {self.slot}"


@attrs.frozen(slots=True, cache_hash=True)
class Draw(Action):
    """Action B: draw the top card of the stock and look at it (CA-3)."""

    kind: ClassVar[str] = "draw"

    def __str__(self) -> str:
        """Return ``draw from the stock``."""
        return "draw from the stock"


@attrs.frozen(slots=True, cache_hash=True)
class Discard(Action):
    """Put the drawn card face up on the discard pile, a special unused (CA-3)."""

    kind: ClassVar[str] = "discard"

    def __str__(self) -> str:
        """Return ``discard the drawn card``."""
        return "discard the drawn card"


@attrs.frozen(slots=True, cache_hash=True)
class Replace(Action):
    """Put the drawn number into your ``slot``; the slot's card goes face up (CA-3)."""

    kind: ClassVar[str] = "replace"
    slot: int = attrs.field(validator=_check_slot)

    def __str__(self) -> str:
        """Return ``put the drawn card into slot 1``."""
        return f"put the drawn card into slot {self.slot}"


@attrs.frozen(slots=True, cache_hash=True)
class Swap(Action):
    """Use a drawn Swap: exchange your ``slot`` with slot ``other_slot`` of seat ``other``.

    Nobody looks at the two cards (CA-4).
    """

    kind: ClassVar[str] = "swap"
    slot: int = attrs.field(validator=_check_slot)
    other: int = attrs.field(validator=_check_seat_number)
    other_slot: int = attrs.field(validator=_check_slot)

    def __str__(self) -> str:
        """Return ``swap slot 1 with seat 2's slot 3``."""
        return f"swap slot {self.slot} with seat {self.other}'s slot {self.other_slot}"


@attrs.frozen(slots=True, cache_hash=True)
class Peek(Action):
    """Use a drawn Peek: look at your own ``slot`` (CA-4)."""

    kind: ClassVar[str] = "peek"
    slot: int = attrs.field(validator=_check_slot)

    def __str__(self) -> str:
        """Return ``peek at slot 0``."""
        return f"peek at slot {self.slot}"


@attrs.frozen(slots=True, cache_hash=True)
class DrawTwo(Action):
    """Use a drawn Draw-two: discard it and draw a card that may be traded once (CA-4)."""

    kind: ClassVar[str] = "draw-two"

    def __str__(self) -> str:
        """Return ``play the Draw-two``."""
        return "play the Draw-two"


@attrs.frozen(slots=True, cache_hash=True)
class DrawAgain(Action):
    """During a Draw-two: discard the first card drawn and draw the one you must use (CA-4)."""

    kind: ClassVar[str] = "draw-again"

    def __str__(self) -> str:
        """Return ``discard it and draw again``."""
        return "discard it and draw again"


@attrs.frozen(slots=True, cache_hash=True)
class Knock(Action):
    """After your turn: knock, so that every other player has one last turn (CA-6)."""

    kind: ClassVar[str] = "knock"

    def __str__(self) -> str:
        """Return ``knock``."""
        return "knock"


@attrs.frozen(slots=True, cache_hash=True)
class NoKnock(Action):
    """After your turn: do not knock; play passes to the left (CA-6)."""

    kind: ClassVar[str] = "no-knock"

    def __str__(self) -> str:
        """Return ``do not knock``."""
        return "do not knock"


# The action values the legal-action tables hand out, each built once.
_TAKES = tuple(TakeDiscard(k) for k in range(SLOTS))
_REPLACES = tuple(Replace(k) for k in range(SLOTS))
_PEEKS = tuple(Peek(k) for k in range(SLOTS))
_DRAW, _DISCARD, _DRAW_TWO_USE, _DRAW_AGAIN = Draw(), Discard(), DrawTwo(), DrawAgain()
_KNOCK_CHOICE = (Knock(), NoKnock())
