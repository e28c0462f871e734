"""Kitten tricks for learning toolkits: its action indices and its observation.

Registered as the game's ``"encoding"`` part and read by `cardgames.encoding` (`ActionSpace`,
`Observer`); the tables are on the game's docs page. Cards are numbered by their place in the
deck of the rules (colour by colour, values ascending). Seats are relative to the observer (0 is
the observer, 1 the seat on its left, ...).

Everything a seat of kitten tricks may know is in its view's fields: its hand, the trump, the
trick, every collection (face up) and the sizes of the face-down piles.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import ClassVar

import attrs

from cardgames.engine import Action
from cardgames.kitten_tricks.cards import Card
from cardgames.kitten_tricks.rules import GAME, PlayCard, Rules
from cardgames.kitten_tricks.view import View

__all__ = ["ENCODING", "Encoding"]


def _faces(players: int, rules: Rules) -> tuple[Card, ...]:
    """The distinct cards of the deck, in deck order."""
    return tuple(dict.fromkeys(GAME.deck(players, rules).cards))


@attrs.frozen
class Encoding:
    """The ``"encoding"`` part of kitten tricks (see `cardgames.encoding.GameEncoding`)."""

    zones: ClassVar[tuple[tuple[str, str], ...]] = (
        ("hand/{seat}", "own"),
        ("collection/{seat}", "public"),
        ("trick", "public"),
        ("trump", "public"),
        ("stock", "hidden"),
        ("discard", "hidden"),
    )
    """Each seat sees its own hand, every collection, the trick and the trump card."""

    def actions(self, players: int, rules: Rules) -> tuple[tuple[str, tuple[Action, ...]], ...]:
        """One action per card of the deck: play it."""
        return (("play-card", tuple(PlayCard(c) for c in _faces(players, rules))),)

    def fields(self, players: int, rules: Rules) -> tuple[tuple[str, int, float, float, str], ...]:
        """The observation's fields as ``(name, length, low, high, meaning)``."""
        faces = len(_faces(players, rules))
        size = len(GAME.deck(players, rules))
        return (
            ("hand", faces, 0, 1, "each card of the deck in the seat's hand"),
            ("trump", faces, 0, 1, "the face-up trump card"),
            (
                "trick",
                players * faces,
                0,
                1,
                "for each relative seat, the card it played to the current trick",
            ),
            (
                "collections",
                players * faces,
                0,
                1,
                "for each relative seat, the cards of its collection",
            ),
            ("hand_sizes", players, 0, size, "cards in each seat's hand, by relative seat"),
            ("stock_size", 1, 0, size, "cards left in the face-down stock"),
            ("discard_size", 1, 0, size, "cards discarded face down this round"),
            ("leader", players, 0, 1, "the seat that led the current trick (relative)"),
            ("starter", players, 0, 1, "the seat that led the round's first trick (relative)"),
            ("to_move", players + 1, 0, 1, "the seat to move (relative), last entry: nobody"),
            (
                "super_chats",
                players,
                0,
                math.inf,
                "Super Chat cards of each seat, by relative seat",
            ),
            ("scores", players, 0, math.inf, "match score of each seat, by relative seat"),
            ("round", 1, 1, rules.max_rounds, "the round number"),
        )

    def encode(self, view: View) -> Mapping[str, Sequence[float]]:
        """Every field of ``view``'s observation, by name."""
        seat, players = view.seat, view.players
        faces = _faces(players, view.rules)
        where = {card: i for i, card in enumerate(faces)}
        order = [(seat + k) % players for k in range(players)]
        played = [[0.0] * len(faces) for _ in range(players)]
        for i, card in enumerate(view.trick):
            played[(view.leader + i) % players][where[card]] = 1.0
        return {
            "hand": _counts(view.hand, where),
            "trump": _counts((view.trump,), where),
            "trick": [v for s in order for v in played[s]],
            "collections": [v for s in order for v in _counts(view.collections[s], where)],
            "hand_sizes": [float(view.hand_sizes[s]) for s in order],
            "stock_size": [float(view.stock_size)],
            "discard_size": [float(view.discard_size)],
            "leader": _one_hot_seat(view.leader, seat, players)[:-1],
            "starter": _one_hot_seat(view.starter, seat, players)[:-1],
            "to_move": _one_hot_seat(view.to_move, seat, players),
            "super_chats": [float(view.super_chats[s]) for s in order],
            "scores": [float(view.scores[s]) for s in order],
            "round": [float(view.round)],
        }


def _counts(cards: Sequence[Card], where: Mapping[Card, int]) -> list[float]:
    row = [0.0] * len(where)
    for card in cards:
        row[where[card]] += 1
    return row


def _one_hot_seat(target: int | None, seat: int, players: int) -> list[float]:
    """One-hot of ``target`` relative to ``seat``; the last entry stands for nobody."""
    row = [0.0] * (players + 1)
    row[players if target is None else (target - seat) % players] = 1.0
    return row


ENCODING = Encoding()
"""The part registered as ``"encoding"``."""
