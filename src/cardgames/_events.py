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

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from cardgames._records import Dealt, Event

if TYPE_CHECKING:
    from cardgames._chain import Chain
    from cardgames._records import Action

__all__ = ["dealt", "events_seen", "new_event", "set_field"]

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


def events_seen(log: Chain[tuple[Action | None, Sequence[Event]]], seat: int) -> tuple[Event, ...]:
    """The events of ``log`` as ``seat`` saw them: each one hidden from it, redacted.

    Views are asked for move after move, so the result is kept on the newest log node a view of
    ``seat`` was built for, and the next view redacts only the events since. The cache moves
    forward (the older node drops it), so a match keeps one such tuple per seat, not one per
    move; a view of an older state, or of another branch of a search, redacts from the nearest
    node that still has one (or from the start).

    The engine's `State.view` path calls it for every view (``State._events_seen_by``); here, it
    is compiled in the compiled build, where a search's rollouts ask for a view at every move.
    """
    pending: list[Sequence[Event]] = []  # the newest node's events first
    node = log
    seen: tuple[Event, ...] | None = None
    while True:
        cache = node._seen  # noqa: SLF001 - the log's reader cache, kept for this function
        if cache is not None:
            seen = cache.get(seat)
            if seen is not None:
                if node is not log:
                    del cache[seat]
                break
        prev = node._prev  # noqa: SLF001
        if prev is None:  # the chain's first node holds its items itself
            seen = ()
            items = node._items  # noqa: SLF001
            if items:
                pending.extend(events for _, events in reversed(items))
            break
        pending.append(node._last[1])  # type: ignore[index]  # noqa: SLF001 - a pushed node's item
        node = prev
    if pending:
        seen += _redacted(pending, seat)
    if log._seen is None:  # noqa: SLF001
        log._seen = {}  # noqa: SLF001
    log._seen[seat] = seen  # noqa: SLF001
    return seen


def _redacted(pending: list[Sequence[Event]], seat: int) -> tuple[Event, ...]:
    """The events of ``pending`` (newest node first) in match order, as ``seat`` saw them."""
    added: list[Event] = []
    for index in range(len(pending) - 1, -1, -1):
        for event in pending[index]:
            visible_to = event.visible_to
            if visible_to is None or seat in visible_to:
                added.append(event)
            else:
                added.append(event.redacted())
    return tuple(added)
