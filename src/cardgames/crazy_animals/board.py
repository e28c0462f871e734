"""Crazy Animals on a screen: four slots a player, the stock, the discard pile.

The game's part `"board"` for surfaces that draw a table (the web table's
[`Sketch`][cardgames.web.page.Sketch] is the one that calls it). A draw is a click on the
stock; a drawn card is placed by a click on a slot, or discarded by a click on the discard pile;
the discard pile's card is taken by a click on it, then on the slot; a Swap is a click on one's
slot and one on another player's slot, in either order; a Peek is a click on one's slot.

The view given is what a person may see (`cardgames.shown`): its slots are face down but for a
memory aid; once a round is scored, every slot is shown to all until the next deal.
"""

from __future__ import annotations

from typing import Any

from cardgames.crazy_animals.actions import Discard, Draw, Peek, Replace, Swap, TakeDiscard
from cardgames.crazy_animals.events import RoundDealt, RoundScored
from cardgames.crazy_animals.view import View
from cardgames.engine import Action

__all__ = ["BOARD", "Board"]


class Board:
    """Where the cards of a Crazy Animals table lie, and which clicks choose each move."""

    def lay_out(self, view: View, sketch: Any) -> None:  # noqa: ANN401 - a surface's sketch
        """Draw ``view``: each player's slots, the stock, the discard pile, cards in play."""
        known = view.knowledge
        last = next(
            (e for e in reversed(view.events) if isinstance(e, RoundScored | RoundDealt)), None
        )
        if isinstance(last, RoundScored):
            known = last.slots
        for seat in range(view.players):
            sketch.slots(seat, known[seat])
        sketch.stock(view.stock_size)
        sketch.discard(view.discard_pile[-1] if view.discard_pile else None)
        if view.in_play:
            sketch.pile("drawn", view.in_play)
        if view.drawn is not None:  # a memory aid keeps it in the view
            sketch.pile("drawn", (view.drawn,))

    def paths(self, view: View, action: Action) -> tuple[tuple[str, ...], ...]:
        """The clicks that choose ``action``, in each order a person may click them."""
        seat = view.seat
        if isinstance(action, Draw):
            return (("k",),)
        if isinstance(action, Discard):
            return (("d",),)
        if isinstance(action, TakeDiscard):
            return (("d", f"s:{seat}:{action.slot}"),)
        if isinstance(action, Replace | Peek):
            return ((f"s:{seat}:{action.slot}",),)
        if isinstance(action, Swap):
            mine, theirs = f"s:{seat}:{action.slot}", f"s:{action.other}:{action.other_slot}"
            return ((mine, theirs), (theirs, mine))
        return ()


BOARD = Board()
"""The part `"board"` of the game."""
