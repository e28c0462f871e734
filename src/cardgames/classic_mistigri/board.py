"""Classic Mistigri on a screen: each player's fan and pairs laid, and one's own hand.

The game's part `"board"` for surfaces that draw a table (the web table's
[`Sketch`][cardgames.web.page.Sketch] is the one that calls it). A draw is a click on a card of
the fanned hand one draws from.
"""

from __future__ import annotations

from typing import Any

from cardgames.classic_mistigri.actions import Draw
from cardgames.classic_mistigri.view import View
from cardgames.engine import Action

__all__ = ["BOARD", "Board"]


class Board:
    """Where the cards of a Classic Mistigri table lie, and which clicks choose each draw."""

    def lay_out(self, view: View, sketch: Any) -> None:  # noqa: ANN401 - a surface's sketch
        """Draw ``view``: every other player's fan, each player's pairs, the seat's hand."""
        for seat in range(view.players):
            if seat != view.seat:
                sketch.fan(seat, view.hand_sizes[seat])
            if view.pairs[seat]:
                sketch.note(seat, "pairs", count=len(view.pairs[seat]))
        sketch.hand(view.hand)

    def paths(self, view: View, action: Action) -> tuple[tuple[str, ...], ...]:
        """The clicks that choose ``action``: the drawn card's place in the fan."""
        if isinstance(action, Draw) and view.draw_from is not None:
            return ((f"f:{view.draw_from}:{action.position}",),)
        return ()


BOARD = Board()
"""The part `"board"` of the game."""
