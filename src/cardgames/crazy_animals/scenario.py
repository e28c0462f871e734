"""Crazy Animals scenarios: the explicit table a `scenario` starts from, and its validation.

A scenario is the table at the start of someone's turn. It is accepted only if a match could
reach it, so that a document loaded with `Game.from_json` never holds a position the rules
cannot produce.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

import attrs

from cardgames.crazy_animals.cards import DECK, SLOTS, Card
from cardgames.crazy_animals.options import Rules
from cardgames.engine import Game
from cardgames.errors import InvalidSetupError

if TYPE_CHECKING:
    from cardgames.crazy_animals.rules import State

__all__ = ["Setup", "scenario"]


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


def scenario(
    slots: Sequence[Sequence[Card]],
    *,
    stock: Sequence[Card],
    discard_pile: Sequence[Card],
    to_move: int = 0,
    turns_taken: int = 0,
    round: int = 1,  # noqa: A002 - the game's own word, as in State.round
    scores: Sequence[int] | None = None,
    seed: int | None = None,
    rules: Rules | None = None,
) -> State:
    """Build a state from an explicit table, to test or teach a chosen situation.

    The position is at the start of ``to_move``'s turn; every seat has just looked at its own
    slots 0 and 3 (CA-2), and knows nothing else yet.

    Args:
        slots: four cards per seat, slots 0..3 (so ``len(slots)`` is the player count).
        stock: the face-down stock, bottom first: the LAST card is drawn first.
        discard_pile: the face-up discard pile, bottom first: the last card is its top.
        to_move: the seat whose turn starts. Until every seat has played, turns go once round
            the table from the round's starting player, so with ``turns_taken < players`` it
            must be the seat ``turns_taken`` places clockwise from that player.
        turns_taken: the turns already completed this round, at most 1,000,000 (knocking is
            allowed once every seat has had a turn, CA-6: ``turns_taken >= players`` allows it
            after this turn).
        round: the round being played (1-based); it fixes the starting player of this round and
            of later rounds.
        scores: each seat's total from earlier rounds; ``None`` means zeros. Each round gives a
            seat 0..36 points, and all seats together what 4 number cards each can add up to.
        seed: drives the reshuffles and later deals from here on.
        rules: the options.

    Raises:
        InvalidSetupError: no match could reach this table: the cards are not exactly the 66
            of the deck, a seat has not 4 cards, the discard pile is empty, a number is out of
            range, ``to_move`` breaks the turn order or ``scores`` are beyond what the earlier
            rounds can give. The message starts with the field at fault.
    """
    players = len(slots)
    setup = Setup(
        slots=tuple(tuple(row) for row in slots),
        stock=tuple(stock),
        discard_pile=tuple(discard_pile),
        to_move=to_move,
        turns_taken=turns_taken,
        round=round,
        scores=tuple(scores) if scores is not None else (0,) * players,
    )
    # Found by its setup type: the rules module imports this one (for Setup and its checks).
    game: Game[State] = Game.of_setup(Setup)

    return game.from_setup(players, setup, seed=seed, rules=rules)
