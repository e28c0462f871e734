"""Crazy Mistigri for learning toolkits: its action indices and its observation.

Registered as the game's ``"encoding"`` part and read by `cardgames.encoding` (`ActionSpace`,
`Observer`); the tables are on the game's docs page. Cards are numbered by their place among
the distinct cards of the match's deck (which depends on the player count and the colour
layout), in deck order. Seats are relative to the observer (0 is the observer, 1 the seat on
its left, ...).

Besides the public table, the observation holds what the seat remembers of this round: where
each card it cannot see may be, followed through every draw, gift and pile pick it saw (a
card it gave away or saw taken is in that hand until a third seat draws from it), as the world
sampler reads it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import ClassVar

import attrs

from cardgames.crazy_mistigri._position import _STEPS
from cardgames.crazy_mistigri.actions import (
    DiscardOnes,
    DiscardPair,
    Draw,
    DrawChosen,
    EndTurn,
    ForceCard,
    GiveCard,
    Pass,
    PilePick,
    Reverse,
    SwapLater,
    SwapWithPile,
)
from cardgames.crazy_mistigri.cards import Card, _id
from cardgames.crazy_mistigri.rules import GAME, Rules
from cardgames.crazy_mistigri.sampler import _observed
from cardgames.crazy_mistigri.view import View
from cardgames.engine import Action

__all__ = ["ENCODING", "Encoding"]


def _faces(players: int, rules: Rules) -> tuple[Card, ...]:
    """The distinct cards of the match's deck, in deck order."""
    return tuple(dict.fromkeys(GAME.deck(players, rules).cards))


def _pairs(faces: tuple[Card, ...], twins: set[Card]) -> tuple[DiscardPair, ...]:
    """Every two cards that pair (same value or same colour; a twin with itself), lower first."""
    cats = sorted((c for c in faces if not c.is_mistigri), key=_id)
    return tuple(
        DiscardPair(a, b)
        for i, a in enumerate(cats)
        for b in cats[i:]
        if (a != b or a in twins) and (a.value == b.value or a.colour == b.colour)
    )


@attrs.frozen
class Encoding:
    """The ``"encoding"`` part of Crazy Mistigri (see `cardgames.encoding.GameEncoding`)."""

    zones: ClassVar[tuple[tuple[str, str], ...]] = (
        ("hand/{seat}", "own"),
        ("discard-pile", "public"),
    )
    """Each seat sees its own hand and the discard pile."""

    def actions(self, players: int, rules: Rules) -> tuple[tuple[str, tuple[Action, ...]], ...]:
        """Every action a seat may take, grouped by kind; cards range over the match's deck."""
        deck = GAME.deck(players, rules)
        faces = _faces(players, rules)
        counts = deck.counts()
        twins = {c for c in faces if counts[c] > 1}
        seats = range(players)
        return (
            ("draw", tuple(Draw(i) for i in range(len(deck)))),
            ("draw-chosen", (DrawChosen(),)),
            ("discard-pair", _pairs(faces, twins)),
            ("pass", (Pass(),)),
            ("end-turn", (EndTurn(),)),
            ("reverse", (Reverse(),)),
            ("discard-ones", (DiscardOnes(),)),
            ("force-card", tuple(ForceCard(c) for c in faces)),
            ("swap-later", (SwapLater(),)),
            ("swap-with-pile", tuple(SwapWithPile(a, b) for a in faces for b in faces)),
            ("give-card", tuple(GiveCard(c, to) for to in seats for c in faces)),
            ("pile-pick", tuple(PilePick(c, to) for to in seats for c in faces)),
        )

    def fields(self, players: int, rules: Rules) -> tuple[tuple[str, int, float, float, str], ...]:
        """The observation's fields as ``(name, length, low, high, meaning)``."""
        faces = len(_faces(players, rules))
        copies = max(GAME.deck(players, rules).counts().values())
        size = len(GAME.deck(players, rules))
        seat_or_none = players + 1
        return (
            ("hand", faces, 0, copies, "copies of each card of the deck in the seat's hand"),
            ("discard_pile", faces, 0, copies, "copies of each card on the discard pile"),
            ("top_of_pile", faces, 0, 1, "the top card of the pile (all zeros when empty)"),
            ("hand_sizes", players, 0, size, "cards in each seat's hand, by relative seat"),
            (
                "known_in_hand",
                (players - 1) * faces,
                0,
                copies,
                "for each other seat (relative 1..n-1), copies of each card surely in its hand",
            ),
            (
                "may_be_in_hand",
                (players - 1) * faces,
                0,
                copies,
                "for each other seat, copies of each card that may be in its hand",
            ),
            ("clockwise", 1, 0, 1, "1 while play goes clockwise"),
            (
                "aids_face_down",
                players,
                0,
                1,
                "whether each seat's player aid is face down (it passed), by relative seat",
            ),
            ("starting_player", players, 0, 1, "who started the round (relative)"),
            ("to_move", seat_or_none, 0, 1, "the seat to move (relative), last entry: nobody"),
            ("turn_of", seat_or_none, 0, 1, "whose turn it is (relative), last entry: nobody"),
            (
                "step",
                len(_STEPS),
                0,
                1,
                "what the seat to move decides now, one entry per step name",
            ),
            ("draw_from", seat_or_none, 0, 1, "the seat drawn from (relative), last entry: nobody"),
            ("draws_due", 1, 0, 3, "draws left to the seat drawing"),
            ("card_is_chosen", 1, 0, 1, "1 when the next draw takes a card chosen with a 2+2"),
            ("chosen_card", faces, 0, 1, "that card, for the seat that chose it"),
            (
                "swap_due",
                seat_or_none,
                0,
                1,
                "the seat to swap with the pile after the draws (relative), last: nobody",
            ),
            (
                "pile_picks_for",
                players,
                0,
                1,
                "the seats still to get a pile card (5+5), by relative seat",
            ),
            (
                "next_pile_pick",
                seat_or_none,
                0,
                1,
                "the next of them (relative), last entry: nobody",
            ),
            ("round", 1, 1, rules.max_rounds, "the round number"),
            ("scores", players, 0, math.inf, "penalty points of each seat, by relative seat"),
        )

    def encode(self, view: View) -> Mapping[str, Sequence[float]]:
        """Every field of ``view``'s observation, by name."""
        seat, players, rules = view.seat, view.players, view.rules
        faces = _faces(players, rules)
        where = {card: i for i, card in enumerate(faces)}
        order = [(seat + k) % players for k in range(players)]
        known = [[0.0] * len(faces) for _ in range(players)]
        maybe = [[0.0] * len(faces) for _ in range(players)]
        by_id = {_id(card): where[card] for card in faces}
        for mask, card_id in _observed(view).hidden:
            holders = [s for s in range(players) if mask >> s & 1]
            for s in holders:
                maybe[s][by_id[card_id]] += 1
            if len(holders) == 1:
                known[holders[0]][by_id[card_id]] += 1
        picks = set(view.pile_picks_for)
        pile = view.discard_pile
        return {
            "hand": _counts(view.hand, where),
            "discard_pile": _counts(pile, where),
            "top_of_pile": _counts(pile[-1:], where),
            "hand_sizes": [float(view.hand_sizes[s]) for s in order],
            "known_in_hand": [v for s in order[1:] for v in known[s]],
            "may_be_in_hand": [v for s in order[1:] for v in maybe[s]],
            "clockwise": [float(int(view.direction) > 0)],
            "aids_face_down": [float(view.aids_face_down[s]) for s in order],
            "starting_player": _one_hot_seat(view.starting_player, seat, players)[:-1],
            "to_move": _one_hot_seat(view.to_move, seat, players),
            "turn_of": _one_hot_seat(view.turn_of, seat, players),
            "step": [float(step == view.step) for step in _STEPS],
            "draw_from": _one_hot_seat(view.draw_from, seat, players),
            "draws_due": [float(view.draws_due)],
            "card_is_chosen": [float(view.card_is_chosen)],
            "chosen_card": _counts(() if view.chosen_card is None else (view.chosen_card,), where),
            "swap_due": _one_hot_seat(view.swap_due, seat, players),
            "pile_picks_for": [float(s in picks) for s in order],
            "next_pile_pick": _one_hot_seat(
                view.pile_picks_for[0] if view.pile_picks_for else None, seat, players
            ),
            "round": [float(view.round)],
            "scores": [float(view.scores[s]) for s in order],
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
