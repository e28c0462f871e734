"""Scenario setups of Crazy Mistigri: an explicit position at the start of a turn, and its checks.

A setup comes from `scenario` or from the ``setup`` of a JSON document (`GAME.from_json`),
so it is untrusted: `_check_setup` refuses every setup that is malformed or inconsistent
(a field whose size differs from the player count, cards that are not exactly the deck of the
match, a seat out of range...) with an `InvalidSetupError` naming the field. Every check takes
time linear in the setup.
"""

from __future__ import annotations

from collections import Counter
from typing import cast

import attrs

from cardgames.crazy_mistigri.cards import _CARD, Card, _deck_ids, _id, _Layout
from cardgames.errors import InvalidSetupError

__all__ = ["Setup"]

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
