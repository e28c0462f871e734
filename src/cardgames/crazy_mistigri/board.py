"""Crazy Mistigri on a screen: the fans, the discard pile, the players, one's own hand.

The game's part `"board"` for surfaces that draw a table (the web table's
[`Sketch`][cardgames.web.page.Sketch] is the one that calls it). A pair is two clicks on the
hand, in either order; a card given is a click on it, then on the player; a card taken from the
discard pile is a click on it there.
"""

from __future__ import annotations

from typing import Any

from cardgames.crazy_mistigri.actions import (
    DiscardPair,
    Draw,
    ForceCard,
    GiveCard,
    PilePick,
    SwapWithPile,
)
from cardgames.crazy_mistigri.cards import Card
from cardgames.crazy_mistigri.view import View
from cardgames.engine import Action

__all__ = ["BOARD", "Board"]


class Board:
    """Where the cards of a Crazy Mistigri table lie, and which clicks choose each move."""

    def lay_out(self, view: View, sketch: Any) -> None:  # noqa: ANN401 - a surface's sketch
        """Draw ``view``: every other player's fan, the discard pile, the seat's hand."""
        for seat in range(view.players):
            if seat != view.seat:
                sketch.fan(seat, view.hand_sizes[seat])
        sketch.pile("discard", view.discard_pile)
        sketch.hand(view.hand)

    def paths(self, view: View, action: Action) -> tuple[tuple[str, ...], ...]:
        """The clicks that choose ``action``, in each order a person may click them."""
        hand = set(view.hand)

        def place(card: Card) -> str:
            return f"h:{card.code}" if card in hand else f"p:{card.code}"

        if isinstance(action, Draw):
            return ((f"f:{view.draw_from}:{action.position}",),)
        if isinstance(action, DiscardPair):
            first, second = place(action.first), place(action.second)
            return ((first, second), (second, first))
        if isinstance(action, GiveCard | PilePick):
            return ((place(action.card), f"seat:{action.to}"),)
        if isinstance(action, SwapWithPile):
            mine, theirs = place(action.discard), place(action.take)
            return ((mine, theirs), (theirs, mine))
        if isinstance(action, ForceCard):
            return ((place(action.card),),)
        return ()


BOARD = Board()
"""The part `"board"` of the game."""
