"""Kitten tricks on a screen: the trump, the trick, the collections and one's own hand.

The game's part `"board"` for surfaces that draw a table (the web table's
[`Sketch`][cardgames.web.page.Sketch] is the one that calls it). A card is played by a click on
it; a trick that is won stays on the table, with its winner, until the next card is played.
"""

from __future__ import annotations

from typing import Any

from cardgames.engine import Action
from cardgames.kitten_tricks.actions import PlayCard
from cardgames.kitten_tricks.cards import Card
from cardgames.kitten_tricks.events import Played, TrickWon
from cardgames.kitten_tricks.view import View

__all__ = ["BOARD", "Board"]


class Board:
    """Where the cards of a Kitten tricks table lie, and which click plays each card."""

    def lay_out(self, view: View, sketch: Any) -> None:  # noqa: ANN401 - a surface's sketch
        """Draw ``view``: hand sizes, collections, Super Chats, the trump, the trick, the hand."""
        for seat in range(view.players):
            if seat != view.seat:
                sketch.count(seat, view.hand_sizes[seat])
            sketch.collection(seat, view.collections[seat])
            sketch.badge(seat, "superchat", "super-chats", count=view.super_chats[seat])
        sketch.pile("trump", (view.trump,))
        played, winner = trick_shown(view)
        if played:
            cards = tuple(card for _, card in played)
            players = tuple(seat for seat, _ in played)
            if winner is None:
                sketch.pile("trick", cards, by=players)
            else:
                sketch.pile("last-trick", cards, by=players, winner=winner)
        sketch.hand(view.hand)

    def paths(self, view: View, action: Action) -> tuple[tuple[str, ...], ...]:
        """The click that plays ``action``: its card in the hand."""
        del view
        if isinstance(action, PlayCard):
            return ((f"h:{action.card.code}",),)
        return ()


def trick_shown(view: View) -> tuple[list[tuple[int, Card]], int | None]:
    """The trick on the table, each card with its player, and its winner once won.

    The current trick, or the last one won until the next card is played; none after a deal.
    """
    played: list[tuple[int, Card]] = []
    winner: int | None = None
    for event in view.events:
        if isinstance(event, Played):
            if winner is not None:
                played, winner = [], None
            played.append((event.seat, event.card))
        elif isinstance(event, TrickWon):
            winner = event.seat
        elif event.kind in ("round-started", "round-ended"):
            played, winner = [], None
    return played, winner


BOARD = Board()
"""The part `"board"` of the game."""
