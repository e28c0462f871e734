"""Kitten tricks card ints (KT-1): the one place that knows their layout.

Inside the engine a card is the small int ``colour << 5 | value`` (an int hashes and compares
faster than a `Card`). `cards` turns these ints into `Card` values and back; the rules read a
card's colour and value through `colour_of` and `value_of`. The module is compiled with the
rules in the compiled build, so that a call from a compiled transition is a direct C call
rather than a call into Python (the trick's winner reads each card's colour this way).
"""

from __future__ import annotations

from typing import Final

__all__ = ["card_int", "colour_of", "value_of"]

_SHIFT: Final = 5
_MASK: Final = 31


def card_int(colour: int, value: int) -> int:
    """The int of the card of colour index ``colour`` (0..7) and ``value`` (1..20)."""
    return colour << _SHIFT | value


def colour_of(card: int) -> int:
    """The colour index (into `COLOUR_NAMES`) of the card int ``card``."""
    return card >> _SHIFT


def value_of(card: int) -> int:
    """The value of the card int ``card``."""
    return card & _MASK
