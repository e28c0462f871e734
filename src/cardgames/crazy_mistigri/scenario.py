"""Scenario setups of Crazy Mistigri: an explicit position at the start of a turn, and its checks.

A setup comes from `scenario` or from the ``setup`` of a JSON document (`GAME.from_json`),
so it is untrusted: `_check_setup` refuses every setup that is malformed or inconsistent
(a field whose size differs from the player count, cards that are not exactly the deck of the
match, a seat out of range...) with an `InvalidSetupError` naming the field. Every check takes
time linear in the setup.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

import attrs

from cardgames.crazy_mistigri.cards import _CARD, Card, _deck_ids, _id, _Layout
from cardgames.crazy_mistigri.options import Rules
from cardgames.engine import Game
from cardgames.errors import InvalidSetupError
from cardgames.seats import Direction

if TYPE_CHECKING:
    from cardgames.crazy_mistigri.rules import State

__all__ = ["Setup", "scenario"]

_SHOWN = 12  # cards listed in a message about missing or extra cards


@attrs.frozen(slots=True)
class Setup:
    """An explicit position at the start of a turn (see `scenario`)."""

    hands: tuple[tuple[Card, ...], ...]
    pile: tuple[Card, ...]
    to_move: int
    direction: int  # 1 clockwise, -1 counterclockwise
    aids_face_down: tuple[bool, ...]
    round_number: int
    scores: tuple[int, ...]
    starting_player: int


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."  # noqa: PLR2004


def _listed(counter: Counter[Card | None]) -> str:
    """The cards of ``counter`` by code, as many times as counted; at most ``_SHOWN`` of them."""
    shown: list[str] = []
    for card in sorted(counter, key=str):
        shown += [str(card)] * min(counter[card], _SHOWN - len(shown))
        if len(shown) == _SHOWN:
            break
    more = counter.total() - len(shown)
    return f"{shown}" + (f" and {more} more" if more else "")


def _check_setup(setup: Setup, players: int, layout: _Layout, max_rounds: int) -> None:
    """Raise `InvalidSetupError` naming the field if ``setup`` is not a position of the game.

    ``layout`` and ``max_rounds`` are those of the match's (validated) rules.
    """
    _check_cards(setup, players, layout)
    _check_table(setup, players, max_rounds)


def _check_cards(setup: Setup, players: int, layout: _Layout) -> None:  # noqa: C901
    """One hand per seat, and exactly the cards of the match in the hands and the pile."""
    hands = cast("tuple[object, ...]", setup.hands)
    if not isinstance(hands, tuple) or len(hands) != players:
        count = len(hands) if isinstance(hands, tuple) else _short(hands)
        msg = f"hands: {count} hands for {players} players (one hand per seat)"
        raise InvalidSetupError(msg)
    for seat, hand in enumerate(hands):
        if not isinstance(hand, tuple):
            msg = f"hands: seat {seat}'s hand must be a sequence of cards, not {_short(hand)}"
            raise InvalidSetupError(msg)
        for card in cast("tuple[object, ...]", hand):  # scenarios come from users: check
            if not isinstance(card, Card):
                msg = f"seat {seat}'s hand holds {card!r}, which is not a Crazy Mistigri card"
                raise InvalidSetupError(msg)
    pile = cast("object", setup.pile)
    if not isinstance(pile, tuple):
        msg = f"pile: the discard pile must be a sequence of cards, not {_short(pile)}"
        raise InvalidSetupError(msg)
    for card in cast("tuple[object, ...]", pile):
        if not isinstance(card, Card):
            msg = f"the discard pile holds {card!r}, which is not a Crazy Mistigri card"
            raise InvalidSetupError(msg)
    deck = Counter(_deck_ids(players, layout))
    given = Counter(_id(c) for h in setup.hands for c in h)
    given.update(map(_id, setup.pile))
    if given != deck:
        missing = Counter({_CARD[i]: n for i, n in (deck - given).items()})
        extra = Counter({_CARD[i]: n for i, n in (given - deck).items()})
        msg = (
            f"the hands and the pile must hold each of the {deck.total()} cards of a "
            f"{players}-player game exactly once; missing: {_listed(missing)}, "
            f"extra: {_listed(extra)}"
        )
        raise InvalidSetupError(msg)
    if sum(1 for h in setup.hands if h) < 2:  # noqa: PLR2004
        msg = "at least two seats must hold cards, or the round would be over (CM-8)"
        raise InvalidSetupError(msg)


def _check_table(setup: Setup, players: int, max_rounds: int) -> None:
    """Whose turn, the arrow, the aids, the round, the scores and the starting player."""
    to_move = setup.to_move
    if not _is_int(to_move) or not 0 <= to_move < players or not setup.hands[to_move]:
        msg = f"to_move must be a seat holding cards, not {to_move!r}"
        raise InvalidSetupError(msg)
    if not _is_int(setup.direction) or setup.direction not in {1, -1}:
        msg = f"direction must be 1 (clockwise) or -1 (counterclockwise), not {setup.direction!r}"
        raise InvalidSetupError(msg)
    aids = cast("tuple[object, ...]", setup.aids_face_down)
    if not isinstance(aids, tuple) or len(aids) != players:
        msg = f"aids_face_down must hold one bool per seat ({players}), got {_short(aids)}"
        raise InvalidSetupError(msg)
    if not all(isinstance(a, bool) for a in aids):
        msg = f"aids_face_down must hold one bool per seat ({players}), got {_short(aids)}"
        raise InvalidSetupError(msg)
    if not _is_int(setup.round_number) or not 1 <= setup.round_number <= max_rounds:
        msg = f"round_number must be in 1..{max_rounds}, not {setup.round_number!r}"
        raise InvalidSetupError(msg)
    scores = cast("tuple[object, ...]", setup.scores)
    if (
        not isinstance(scores, tuple)
        or len(scores) != players
        or not all(_is_int(s) and s >= 0 for s in scores)  # type: ignore[operator]
    ):
        msg = (
            f"scores must hold one penalty total (an int >= 0) per seat ({players}), "
            f"got {_short(scores)}"
        )
        raise InvalidSetupError(msg)
    start = setup.starting_player
    if not _is_int(start) or not 0 <= start < players:
        msg = f"starting_player must be a seat of the {players}-player table, not {start!r}"
        raise InvalidSetupError(msg)


def scenario(
    hands: Sequence[Sequence[Card]],
    *,
    pile: Sequence[Card] = (),
    to_move: int = 0,
    direction: Direction | int = Direction.CLOCKWISE,
    aids_face_down: Sequence[bool] | None = None,
    round_number: int = 1,
    scores: Sequence[int] | None = None,
    starting_player: int | None = None,
    seed: int | None = None,
    rules: Rules | None = None,
) -> State:
    """Build a state at the start of ``to_move``'s turn, to test or teach a chosen situation.

    Args:
        hands: one hand per seat (so ``len(hands)`` is the player count), in fan order; an
            empty hand is a seat that has left the round.
        pile: the discard pile, bottom card first.
        to_move: the seat whose turn starts (with its draw); it must hold cards.
        direction: the arrow: ``Direction.CLOCKWISE`` (``1``) or ``COUNTERCLOCKWISE`` (``-1``).
        aids_face_down: for each seat, whether its player aid is face down (it passed).
        round_number: the round being played (1-based).
        scores: each seat's penalty total from the earlier rounds.
        starting_player: who started this round (it decides the next starter on ties, CM-11);
            default ``to_move``.
        seed: drives the blind draws and later deals.
        rules: the options (``first_player`` is not used by a scenario).

    Raises:
        InvalidSetupError: the hands and pile do not hold exactly the cards of this player
            count, fewer than two seats hold cards, or a part is malformed; the message says which.
    """
    held = tuple(
        _as_tuple(hand, f"hands[{seat}]") for seat, hand in enumerate(_as_tuple(hands, "hands"))
    )
    players = len(held)
    try:
        arrow = Direction(direction)
    except (ValueError, TypeError):
        msg = (
            f"direction must be Direction.CLOCKWISE (1) or COUNTERCLOCKWISE (-1), not {direction!r}"
        )
        raise InvalidSetupError(msg) from None
    setup = Setup(
        hands=held,  # type: ignore[arg-type]  # checked by _check_setup
        pile=_as_tuple(pile, "pile"),  # type: ignore[arg-type]
        to_move=to_move,
        direction=int(arrow),
        aids_face_down=(False,) * players
        if aids_face_down is None
        else _as_tuple(aids_face_down, "aids_face_down"),  # type: ignore[arg-type]
        round_number=round_number,
        scores=(0,) * players if scores is None else _as_tuple(scores, "scores"),  # type: ignore[arg-type]
        starting_player=to_move if starting_player is None else starting_player,
    )
    # Found by its setup type: the rules module imports this one (for Setup and its checks).
    game: Game[State] = Game.of_setup(Setup)

    return game.from_setup(players, setup, seed=seed, rules=rules)


def _as_tuple(items: object, field: str) -> tuple[object, ...]:
    """``items`` as a tuple, for a scenario's sequences (a user's input: check)."""
    if isinstance(items, str | bytes) or not isinstance(items, Sequence):
        msg = f"{field} must be a sequence, not {items!r}"
        raise InvalidSetupError(msg)
    return tuple(items)
