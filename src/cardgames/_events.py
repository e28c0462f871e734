"""Events built field by field, for the games' compiled transitions (compiled in that build).

An attrs event's ``__init__`` is interpreted Python, and a call that passes ``visible_to`` (a
keyword-only field) from compiled code first builds a dict of keyword arguments: about 7,000
machine instructions for one `Dealt`. The builders here make the very same frozen slotted
instance the way attrs' ``__init__`` does (a fresh object, then ``object.__setattr__`` per
field, ``visible_to`` first), but from compiled code: no Python frame, no dict. Every deal of
the games that deal hands builds one `Dealt` per seat. ``tests/test_core.py`` compares what
they build with what the classes build, and fails when a class gains a field.

A game builds its own such events (a round's scores, say) with the same two steps,
`new_event` and `set_field`, in a function beside the code that emits them, and its tests
compare those events with the ones their classes build.
"""

from __future__ import annotations

from typing import Any, Final

from cardgames._records import Dealt

__all__ = ["dealt", "new_event", "set_field"]

new_event: Final = object.__new__
"""``new_event(cls)``: an instance of the frozen slotted event class ``cls``, no field set."""
set_field: Final = object.__setattr__
"""``set_field(event, name, value)``: set one field of an event that `new_event` made."""
_DEALT: Final = Dealt


def dealt(seat: int, hand: tuple[Any, ...], visible_to: frozenset[int]) -> Dealt[Any]:
    """``Dealt(seat, len(hand), hand, visible_to=visible_to)``, built field by field.

    Examples:
        >>> from cardgames.engine import Dealt
        >>> seen_by = frozenset({1})
        >>> dealt(1, ("a", "b"), seen_by) == Dealt(1, 2, ("a", "b"), visible_to=seen_by)
        True
    """
    event: Dealt[Any] = new_event(_DEALT)
    set_field(event, "visible_to", visible_to)
    set_field(event, "seat", seat)
    set_field(event, "count", len(hand))
    set_field(event, "hand", hand)
    return event
