"""The scenario setup of kitten tricks: a round in play, set out explicitly.

An attrs record, so this module stays interpreted Python in the compiled build (see the
Performance page); `cardgames.kitten_tricks.rules` builds and checks it.
"""

from __future__ import annotations

import attrs

from cardgames.kitten_tricks.cards import Card

__all__ = ["Setup"]


@attrs.frozen(slots=True)
class Setup:
    """A round in play, set out explicitly; see [`scenario`][cardgames.kitten_tricks.scenario]."""

    hands: tuple[tuple[Card, ...], ...]
    trump: Card
    trick: tuple[Card, ...]
    to_move: int
    collections: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]
    stock: tuple[Card, ...]
    super_chats: tuple[int, ...]
    round: int
    starter: int
