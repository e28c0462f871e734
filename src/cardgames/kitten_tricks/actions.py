"""The action of kitten tricks: playing a card (KT-2), one interned action per card.

An attrs record, so this module stays interpreted Python in the compiled build (see the
Performance page); `cardgames.kitten_tricks.rules` re-exports it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

import attrs

from cardgames.engine import Action
from cardgames.kitten_tricks.cards import _CARD, Card

__all__ = ["PlayCard"]


@attrs.frozen(slots=True, init=False, eq=False)
class PlayCard(Action):
    """Play ``card`` from your hand to the trick; any card of the hand may be played (KT-2).

    There is exactly one ``PlayCard`` per card: ``PlayCard(card)`` returns it, so actions equal
    by value are the same object and compare and hash at the speed of identity.
    """

    kind: ClassVar[str] = "play-card"
    card: Card

    def __new__(cls, card: Card) -> PlayCard:  # noqa: PYI034 - interned: always this class
        """Return the action that plays ``card``."""
        try:
            return _PLAYS_BY_CARD[card]
        except (KeyError, TypeError):
            msg = f"a PlayCard plays a kitten tricks card, not {card!r}"
            raise TypeError(msg) from None

    def __reduce__(self) -> tuple[type[PlayCard], tuple[Card]]:
        """Copies and pickles come back as the one action of their card."""
        return PlayCard, (self.card,)

    def __str__(self) -> str:
        """Return ``play red 7``."""
        return f"play {self.card}"


def _make_play(card: Card) -> PlayCard:
    action = object.__new__(PlayCard)
    object.__setattr__(action, "card", card)
    return action


_PLAYS: list[PlayCard | None] = [None if c is None else _make_play(c) for c in _CARD]
_PLAYS_BY_CARD: dict[Card, PlayCard] = {a.card: a for a in _PLAYS if a is not None}
_PLAY_INT: dict[PlayCard, int] = {a: i for i, a in enumerate(_PLAYS) if a is not None}


def _plays(ints: Iterable[int]) -> tuple[PlayCard, ...]:
    """The actions playing the cards ``ints``: a hand as the position holds it."""
    return tuple(map(_PLAYS.__getitem__, ints))  # type: ignore[arg-type]


def _hand_ints(hand: Iterable[PlayCard]) -> tuple[int, ...]:
    """The cards of ``hand`` (a hand as the position holds it) as ints."""
    return tuple(map(_PLAY_INT.__getitem__, hand))


def _hand_cards(hand: Iterable[PlayCard]) -> tuple[Card, ...]:
    """The cards of ``hand`` (a hand as the position holds it)."""
    return tuple(action.card for action in hand)
