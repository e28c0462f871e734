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


# The most completed turns a scenario's round may count (any bound will do: the engine counts
# turns only up to the number of players).
_MAX_TURNS_TAKEN = 10**6

# The numbers of the deck, lowest first: at scoring every slot holds one (CA-7), so a round
# gives a seat 0..36 points and all seats together at least the lowest 4n numbers' sum and at
# most the highest 4n numbers' sum.
_NUMBERS = sorted(card.face for card in DECK if not card.is_special)
_MOST_A_SEAT = max(_NUMBERS) * SLOTS
_SHOWN = 12  # cards listed in an error message before "... (N in all)"


def _listed(cards: list[str]) -> str:
    shown = sorted(cards)
    if len(shown) <= _SHOWN:
        return str(shown)
    return f"{str(shown[:_SHOWN])[:-1]}, ... ({len(shown)} in all)]"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_scenario(setup: Setup, players: int, rounds: int, first_player: int) -> None:
    """Raise `InvalidSetupError`, naming the field, unless a match could reach ``setup``.

    Each check costs time linear in the setup. ``rounds`` is the match's length and
    ``first_player`` the seat that started round 1.
    """
    _check_cards(setup, players)
    numbers = {
        "to_move": (setup.to_move, 0, players - 1),
        "turns_taken": (setup.turns_taken, 0, _MAX_TURNS_TAKEN),
        "round": (setup.round, 1, rounds),
    }
    for name, (value, low, high) in numbers.items():
        if not _is_int(value) or not low <= value <= high:
            msg = f"{name} must be an int in {low}..{high}, not {value!r}"
            raise InvalidSetupError(msg)
    starter = (first_player + setup.round - 1) % players
    if setup.turns_taken < players and setup.to_move != (starter + setup.turns_taken) % players:
        # Until every seat has played, turns go once round the table from the starting seat.
        expected = (starter + setup.turns_taken) % players
        msg = (
            f"to_move: after {setup.turns_taken} turns of round {setup.round}, which seat "
            f"{starter} started, it is seat {expected}'s turn, not seat {setup.to_move}'s"
        )
        raise InvalidSetupError(msg)
    _check_scores(setup.scores, players, setup.round - 1)


def _check_cards(setup: Setup, players: int) -> None:
    """The slots, stock and discard pile hold the 66 cards, four in each seat's slots."""
    if len(setup.slots) != players:
        msg = f"slots: {len(setup.slots)} rows of slots for {players} players"
        raise InvalidSetupError(msg)
    for seat, row in enumerate(setup.slots):
        if len(row) != SLOTS:
            msg = f"slots: seat {seat} must have exactly 4 cards in its slots, not {len(row)}"
            raise InvalidSetupError(msg)
    named = (
        *(("slots", f"seat {s}'s slots", row) for s, row in enumerate(setup.slots)),
        ("stock", "the stock", setup.stock),
        ("discard_pile", "the discard pile", setup.discard_pile),
    )
    for field, where, pile in named:
        for card in cast("tuple[object, ...]", pile):  # scenarios come from users: check
            if not isinstance(card, Card):
                msg = f"{field}: {where} holds {card!r}, which is not a Crazy Animals card"
                raise InvalidSetupError(msg)
    if not setup.discard_pile:
        msg = "discard_pile: the discard pile must hold at least one face-up card"
        raise InvalidSetupError(msg)
    everything = [c for row in setup.slots for c in row] + [*setup.stock, *setup.discard_pile]
    missing, extra = DECK.missing_and_extra(everything)
    if missing or extra:
        msg = (
            "slots, stock, discard_pile: together they must hold each of the 66 cards exactly "
            f"once; missing: {_listed(list(map(str, missing.elements())))}, "
            f"extra: {_listed(list(map(str, extra.elements())))}"
        )
        raise InvalidSetupError(msg)


def _check_scores(scores: tuple[int, ...], players: int, earlier: int) -> None:
    """Each seat's total of ``earlier`` rounds is one that those rounds could give."""
    if len(scores) != players:
        msg = f"scores: one total per seat is needed, {len(scores)} given for {players} players"
        raise InvalidSetupError(msg)
    most = _MOST_A_SEAT * earlier
    for seat, total in enumerate(scores):
        if not _is_int(total) or not 0 <= total <= most:
            msg = (
                f"scores: seat {seat}'s total must be an int in 0..{most} after {earlier} "
                f"earlier round(s) of at most {_MOST_A_SEAT} points, not {total!r}"
            )
            raise InvalidSetupError(msg)
    dealt = SLOTS * players
    low, high = sum(_NUMBERS[:dealt]) * earlier, sum(_NUMBERS[-dealt:]) * earlier
    if not low <= sum(scores) <= high:
        msg = (
            f"scores: the totals add up to {sum(scores)}, but {earlier} earlier round(s) of "
            f"{players} players give {low}..{high} points in all"
        )
        raise InvalidSetupError(msg)
