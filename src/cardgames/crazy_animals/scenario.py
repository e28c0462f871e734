"""Crazy Animals scenarios: the explicit table a `scenario` starts from, and its validation.

A scenario is the table at the start of someone's turn. It is accepted only if a match could
reach it, so that a document loaded with `Game.from_json` never holds a position the rules
cannot produce.
"""

from __future__ import annotations

from typing import cast

import attrs

from cardgames.crazy_animals.cards import DECK, SLOTS, Card
from cardgames.errors import InvalidSetupError

__all__ = ["Setup"]


@attrs.frozen(slots=True)
class Setup:
    """An explicit position at the start of someone's turn (see `scenario`)."""

    slots: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    to_move: int
    turns_taken: int
    round: int
    scores: tuple[int, ...]


def _check_scenario(setup: Setup, players: int, rounds: int) -> None:  # noqa: C901 - one check per field
    for seat, row in enumerate(setup.slots):
        if len(row) != SLOTS:
            msg = f"seat {seat} must have exactly 4 cards in its slots, not {len(row)}"
            raise InvalidSetupError(msg)
    named = (
        *((f"seat {s}'s slots", row) for s, row in enumerate(setup.slots)),
        ("the stock", setup.stock),
        ("the discard pile", setup.discard_pile),
    )
    for where, pile in named:
        for card in cast("tuple[object, ...]", pile):  # scenarios come from users: check
            if not isinstance(card, Card):
                msg = f"{where} holds {card!r}, which is not a Crazy Animals card"
                raise InvalidSetupError(msg)
    if not setup.discard_pile:
        msg = "the discard pile must hold at least one face-up card"
        raise InvalidSetupError(msg)
    everything = [c for row in setup.slots for c in row] + [*setup.stock, *setup.discard_pile]
    missing, extra = DECK.missing_and_extra(everything)
    if missing or extra:
        msg = (
            "the slots, stock and discard pile must hold each of the 66 cards exactly once; "
            f"missing: {sorted(map(str, missing.elements()))}, "
            f"extra: {sorted(map(str, extra.elements()))}"
        )
        raise InvalidSetupError(msg)
    numbers = {
        "to_move": (setup.to_move, 0, players - 1),
        "turns_taken": (setup.turns_taken, 0, 10**6),
        "round": (setup.round, 1, rounds),
    }
    for name, (value, low, high) in numbers.items():
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            msg = f"{name} must be an int in {low}..{high}, not {value!r}"
            raise InvalidSetupError(msg)
    if len(setup.scores) != players or not all(
        isinstance(s, int) and not isinstance(s, bool) and s >= 0 for s in setup.scores
    ):
        msg = (
            f"scores must give a non-negative total for each of the {players} seats, "
            f"not {setup.scores!r}"
        )
        raise InvalidSetupError(msg)
