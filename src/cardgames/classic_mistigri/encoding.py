"""Classic Mistigri for learning toolkits: its action indices and its observation.

Registered as the game's ``"encoding"`` part and read by `cardgames.encoding` (`ActionSpace`,
`Observer`); the tables are on the game's docs page. Faces are numbered by motif: 0 is the
Mistigri, 1..16 the pair motifs. Seats are relative to the observer (0 is the observer, 1 the
seat on its left, ...).

Besides the hand sizes and the pairs laid, the observation holds what the seat remembers: where
the copies of each motif may be, followed through every draw it saw (a card drawn from it is in
the drawer's hand until that hand is drawn from blindly), as the world sampler reads it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

import attrs

from cardgames.classic_mistigri.cards import DECK, MOTIFS
from cardgames.classic_mistigri.rules import Draw, Rules
from cardgames.classic_mistigri.sampler import _card_whereabouts
from cardgames.classic_mistigri.view import View
from cardgames.engine import Action

__all__ = ["ENCODING", "Encoding"]

_FACES = MOTIFS + 1


@attrs.frozen
class Encoding:
    """The ``"encoding"`` part of classic Mistigri (see `cardgames.encoding.GameEncoding`)."""

    zones: ClassVar[tuple[tuple[str, str], ...]] = (
        ("hand/{seat}", "own"),
        ("pairs/{seat}", "public"),
    )
    """Each seat sees its own hand and every seat's laid pairs."""

    def actions(self, players: int, rules: Rules) -> tuple[tuple[str, tuple[Action, ...]], ...]:
        """One blind draw per fan position: a fan never holds more than the 33 cards."""
        del players, rules
        return (("draw", tuple(Draw(i) for i in range(len(DECK)))),)

    def fields(self, players: int, rules: Rules) -> tuple[tuple[str, int, float, float, str], ...]:
        """The observation's fields as ``(name, length, low, high, meaning)``."""
        del rules
        return (
            (
                "hand",
                _FACES,
                0,
                2,
                "copies of each face in the seat's hand (face 0 is the Mistigri, 1..16 the motifs)",
            ),
            ("hand_sizes", players, 0, len(DECK), "cards in each seat's hand, by relative seat"),
            ("pairs_laid", players, 0, MOTIFS, "pairs each seat has laid, by relative seat"),
            ("out_of_play", _FACES, 0, 2, "copies of each face laid in pairs"),
            (
                "known_in_hand",
                (players - 1) * _FACES,
                0,
                2,
                "for each other seat (relative 1..n-1), copies of each face surely in its hand",
            ),
            (
                "may_be_in_hand",
                (players - 1) * _FACES,
                0,
                2,
                "for each other seat, copies of each face that may be in its hand",
            ),
            ("to_move", players + 1, 0, 1, "the seat to move (relative), last entry: nobody"),
            ("draw_from", players + 1, 0, 1, "the seat drawn from (relative), last entry: nobody"),
        )

    def encode(self, view: View) -> Mapping[str, Sequence[float]]:
        """Every field of ``view``'s observation, by name."""
        seat, players = view.seat, view.players
        order = [(seat + k) % players for k in range(players)]
        hand = [0.0] * _FACES
        for card in view.hand:
            hand[card.motif] += 1
        out = [0.0] * _FACES
        for motifs in view.pairs:
            for m in motifs:
                out[m] += 2
        known = [[0.0] * _FACES for _ in range(players)]
        maybe = [[0.0] * _FACES for _ in range(players)]
        for motif, places in _card_whereabouts(view):
            for s in places:
                maybe[s][motif] += 1
            if len(places) == 1 and seat not in places:
                (holder,) = places
                known[holder][motif] += 1
        return {
            "hand": hand,
            "hand_sizes": [float(view.hand_sizes[s]) for s in order],
            "pairs_laid": [float(len(view.pairs[s])) for s in order],
            "out_of_play": out,
            "known_in_hand": [v for s in order[1:] for v in known[s]],
            "may_be_in_hand": [v for s in order[1:] for v in maybe[s]],
            "to_move": _one_hot_seat(view.to_move, seat, players),
            "draw_from": _one_hot_seat(view.draw_from, seat, players),
        }


def _one_hot_seat(target: int | None, seat: int, players: int) -> list[float]:
    """One-hot of ``target`` relative to ``seat``; the last entry stands for nobody."""
    row = [0.0] * (players + 1)
    row[players if target is None else (target - seat) % players] = 1.0
    return row


ENCODING = Encoding()
"""The part registered as ``"encoding"``."""
