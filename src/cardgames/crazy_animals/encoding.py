"""Crazy Animals for learning toolkits: its action indices and its observation.

Registered as the game's ``"encoding"`` part and read by `cardgames.encoding` (`ActionSpace`,
`Observer`); the tables are on the game's docs page. Cards are numbered by face: 0..9, then
Swap (10), Peek (11) and Draw-two (12). Seats are relative to the observer (0 is the observer,
1 the seat on its left, ...).

The seat's perfect memory is in its view: for every slot of the table, the card it is sure lies
there (it looked, it was told, it placed it, it followed it through a swap), and the card it
drew and holds; the observation encodes both.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import ClassVar

import attrs

from cardgames.crazy_animals._position import _STEP_NAMES
from cardgames.crazy_animals.actions import (
    Discard,
    Draw,
    DrawAgain,
    DrawTwo,
    Knock,
    NoKnock,
    Peek,
    Replace,
    Swap,
    TakeDiscard,
)
from cardgames.crazy_animals.cards import DECK, SLOTS, Card
from cardgames.crazy_animals.rules import Rules
from cardgames.crazy_animals.view import View
from cardgames.engine import Action

__all__ = ["ENCODING", "Encoding"]

_FACES = tuple(dict.fromkeys(DECK.cards))
_WHERE = {card: i for i, card in enumerate(_FACES)}
_COPIES = max(DECK.counts().values())


@attrs.frozen
class Encoding:
    """The ``"encoding"`` part of Crazy Animals (see `cardgames.encoding.GameEncoding`)."""

    zones: ClassVar[tuple[tuple[str, str], ...]] = (
        ("slots/{seat}", "end"),
        ("hand/{seat}", "own"),
        ("stock", "hidden"),
        ("discard", "public"),
        ("in_play", "public"),
    )
    """Each seat sees the discard pile, the Draw-twos in play and the card it drew; the slots
    are face down until the match is over (a seat knows some of them by heart: its view's
    ``knowledge``)."""

    def actions(self, players: int, rules: Rules) -> tuple[tuple[str, tuple[Action, ...]], ...]:
        """Every action a seat may take, grouped by kind; a swap names an absolute seat."""
        del rules
        slots = range(SLOTS)
        return (
            ("take-discard", tuple(TakeDiscard(k) for k in slots)),
            ("draw", (Draw(),)),
            ("discard", (Discard(),)),
            ("replace", tuple(Replace(k) for k in slots)),
            (
                "swap",
                tuple(Swap(k, other, j) for k in slots for other in range(players) for j in slots),
            ),
            ("peek", tuple(Peek(k) for k in slots)),
            ("draw-two", (DrawTwo(),)),
            ("draw-again", (DrawAgain(),)),
            ("knock", (Knock(),)),
            ("no-knock", (NoKnock(),)),
        )

    def fields(self, players: int, rules: Rules) -> tuple[tuple[str, int, float, float, str], ...]:
        """The observation's fields as ``(name, length, low, high, meaning)``."""
        faces = len(_FACES)
        return (
            (
                "knowledge",
                players * SLOTS * (faces + 1),
                0,
                1,
                "for each relative seat's 4 slots, the face surely there (last entry: unknown)",
            ),
            ("drawn", faces + 1, 0, 1, "the card the seat drew and holds (last entry: none)"),
            ("discard_pile", faces, 0, _COPIES, "copies of each face on the discard pile"),
            (
                "top_of_discard",
                faces + 1,
                0,
                1,
                "the top card of the discard pile (last entry: none)",
            ),
            (
                "in_play",
                faces,
                0,
                _COPIES,
                "copies of each face among the Draw-twos in play this turn",
            ),
            ("stock_size", 1, 0, len(DECK), "cards left in the stock"),
            (
                "step",
                len(_STEP_NAMES),
                0,
                1,
                "where the seat to move is in its turn, one entry per step name",
            ),
            ("to_move", players + 1, 0, 1, "the seat to move (relative), last entry: nobody"),
            ("knocker", players + 1, 0, 1, "the seat that knocked (relative), last entry: nobody"),
            ("final_turns", 1, 0, players, "players still to have their last turn after a knock"),
            ("everyone_has_played", 1, 0, 1, "1 once every seat has had a turn this round"),
            ("starting_player", players, 0, 1, "the seat that played first this round (relative)"),
            ("round", 1, 1, rules.round_count(players), "the round number"),
            ("rounds", 1, 1, rules.round_count(players), "the rounds the match lasts"),
            ("scores", players, 0, math.inf, "match score of each seat, by relative seat"),
        )

    def encode(self, view: View) -> Mapping[str, Sequence[float]]:
        """Every field of ``view``'s observation, by name."""
        seat, players = view.seat, view.players
        order = [(seat + k) % players for k in range(players)]
        pile = view.discard_pile
        return {
            "knowledge": [v for s in order for card in view.knowledge[s] for v in _face(card)],
            "drawn": _face(view.drawn),
            "discard_pile": _counts(pile),
            "top_of_discard": _face(pile[-1] if pile else None),
            "in_play": _counts(view.in_play),
            "stock_size": [float(view.stock_size)],
            "step": [float(step == view.step) for step in _STEP_NAMES],
            "to_move": _one_hot_seat(view.to_move, seat, players),
            "knocker": _one_hot_seat(view.knocker, seat, players),
            "final_turns": [float(view.final_turns)],
            "everyone_has_played": [float(view.everyone_has_played)],
            "starting_player": _one_hot_seat(view.starting_player, seat, players)[:-1],
            "round": [float(view.round)],
            "rounds": [float(view.rounds)],
            "scores": [float(view.scores[s]) for s in order],
        }


def _face(card: Card | None) -> list[float]:
    """One-hot of a card's face; the last entry stands for no card (or an unknown one)."""
    row = [0.0] * (len(_FACES) + 1)
    row[len(_FACES) if card is None else _WHERE[card]] = 1.0
    return row


def _counts(cards: Sequence[Card]) -> list[float]:
    row = [0.0] * len(_FACES)
    for card in cards:
        row[_WHERE[card]] += 1
    return row


def _one_hot_seat(target: int | None, seat: int, players: int) -> list[float]:
    """One-hot of ``target`` relative to ``seat``; the last entry stands for nobody."""
    row = [0.0] * (players + 1)
    row[players if target is None else (target - seat) % players] = 1.0
    return row


ENCODING = Encoding()
"""The part registered as ``"encoding"``."""
