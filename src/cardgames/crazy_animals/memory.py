"""What a person may see of Crazy Animals: the game's part ``"memory"`` (the memory game, CA-9).

A seat's view remembers every card that seat ever saw (``View.knowledge``): bots play from it.
A person plays from their own memory: [`Memory`][cardgames.crazy_animals.memory.Memory] gives
the view without the remembered cards and without the drawn card, the events without the
identity of any card that went face down into a slot, and the cards the person is looking at
right now (a *glimpse*), which `cardgames.shown` turns into a screen's worth.

The glimpse of a seat, from the events since that seat's last move (and, but for a drawn
card, since it said it had memorised what it saw):

- ``"first-look"``: the first look at slots 0 and 3 of the round (CA-2);
- ``"drawn"``: the card drawn from the stock and not yet placed;
- ``"peek"``: the card a Peek showed in one's own slot (CA-4);
- ``"taken"``: the card taken from the discard pile into a slot (CA-3).

A glimpsed card is shown only while the seat's knowledge still puts it in that slot: once a
Swap has moved it away, or the round has ended, the moment is over.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from cardgames.crazy_animals.events import (
    Drew,
    Looked,
    Peeked,
    RoundDealt,
    RoundScored,
    TookDiscard,
)
from cardgames.crazy_animals.view import View
from cardgames.engine import Event
from cardgames.engine import View as AnyView

__all__ = ["Memory"]

_Seen = tuple[tuple[int | None, object], ...]


class Memory:
    """Crazy Animals' part ``"memory"``: the honest screen of a person's seat."""

    @staticmethod
    def forget(view: AnyView) -> AnyView:
        """Return ``view`` without its remembered cards and without the drawn card."""
        assert isinstance(view, View)  # noqa: S101 - the part of this game only
        return attrs.evolve(view.without_knowledge(), drawn=None)

    @staticmethod
    def redact(event: Event) -> Event:
        """Return ``event`` (as its seat saw it) without a card that went face down."""
        if isinstance(event, Looked) and event.seen:
            return attrs.evolve(event, seen=())
        if isinstance(event, Drew | Peeked | TookDiscard) and event.card is not None:
            return attrs.evolve(event, card=None)
        return event

    @staticmethod
    def glimpse(view: AnyView, moved: int, memorised: int) -> tuple[str, int, _Seen] | None:
        """Return what the view's seat is looking at now: ``(reason, owner, ((slot, card), ...))``.

        Args:
            view: the seat's whole view (its events included, as it saw them).
            moved: the cursor before the seat's last move: only later events count.
            memorised: the cursor at which the seat last said it had memorised what it saw;
                a drawn card stays in sight until it is placed all the same.

        Returns:
            ``None`` when the seat is looking at nothing. The slot of a drawn card is
            ``None`` (it is in the hand); the owner is always the view's seat.
        """
        assert isinstance(view, View)  # noqa: S101 - the part of this game only
        seat = view.seat
        events: Sequence[Event] = view.events
        start = max(moved, 0)
        for index in range(len(events) - 1, start - 1, -1):
            event = events[index]
            if isinstance(event, RoundDealt | RoundScored):
                return None
            if getattr(event, "seat", None) != seat:
                continue
            found = _seen(event, view)
            if found is None:
                continue
            reason, seen = found
            if reason != "drawn" and index < memorised:
                return None
            return (reason, seat, seen) if seen else None
        return None


def _seen(event: Event, view: View) -> tuple[str, _Seen] | None:
    """The reason and the cards still in sight of one of the seat's own events, or ``None``."""
    row = view.knowledge[view.seat]
    if isinstance(event, Looked) and event.seen:
        first, last = event.seen
        pairs = ((0, first), (len(row) - 1, last))
        return "first-look", tuple((slot, card) for slot, card in pairs if row[slot] == card)
    if isinstance(event, Peeked) and event.card is not None:
        still = row[event.slot] == event.card
        return "peek", ((event.slot, event.card),) if still else ()
    if isinstance(event, TookDiscard) and event.card is not None:
        still = row[event.slot] == event.card
        return "taken", ((event.slot, event.card),) if still else ()
    if isinstance(event, Drew) and event.card is not None:
        held = view.drawn == event.card
        return "drawn", ((None, event.card),) if held else ()
    return None
